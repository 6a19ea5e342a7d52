//! Certificates from Python: `Puzzle.solve(..., unique=True, certify=DIR)`
//! writes the certificate of the answer and has the independent checker
//! accept it, as `cagec solve --certify` does (`Solution.certified`);
//! `cagec.check_certificate(DIR)` re-checks one, as `cagec certify check`.

use std::path::PathBuf;

use cagec::certify::{self, CertifyError, Claim, Request, Tools};
use cagec::puzzle::ir::Puzzle;
use cagec::solve::{Engine, Outcome};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors;
use crate::interrupt::interruptible;

/// A certificate error as a Python exception: a missing tool as
/// `SolverNotFoundError`, an interrupt as KeyboardInterrupt, every other
/// as `CertificateError` ("not certified: …", naming the file).
fn error(py: Python<'_>, e: CertifyError) -> PyErr {
    match e {
        CertifyError::NotFound { program, .. } => errors::solver_not_found(py, program, e),
        CertifyError::Interrupted => pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"),
        e => errors::certificate_error(py, format!("not certified: {e}")),
    }
}

/// A certificate asked for, its tools found before the solve.
pub struct Pending {
    dir: PathBuf,
    tools: Tools,
    solver: certify::manifest::Tool,
}

/// Before solving, with `certify=DIR`: it needs `unique=True`, CaDiCaL and
/// the checker (found now, so that a missing one costs no solve).
pub fn prepare(
    py: Python<'_>,
    dir: Option<PathBuf>,
    unique: bool,
    engine: &Engine,
) -> PyResult<Option<Pending>> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    if !unique {
        return Err(PyValueError::new_err("certify needs unique=True"));
    }
    let tools = Tools::locate().map_err(|e| error(py, e))?;
    let solver = certify::write::solver_tool(engine);
    Ok(Some(Pending { dir, tools, solver }))
}

/// After solving: the certificate of `out`, and the record's `certified`
/// field (only with `certify=`).
pub fn finish(
    py: Python<'_>,
    pending: Option<Pending>,
    puzzle: &Puzzle,
    out: &Outcome,
    time_limit: Option<f64>,
) -> PyResult<Option<bool>> {
    let Some(p) = pending else {
        return Ok(None);
    };
    certify_outcome(py, &p, puzzle, out, time_limit).map(Some)
}

/// The certificate of `out` in `p.dir`. True once checked; False when the
/// answer has nothing to certify (a second solution, or uniqueness not
/// proven); an exception when it cannot be written or is not accepted.
fn certify_outcome(
    py: Python<'_>,
    p: &Pending,
    puzzle: &Puzzle,
    out: &Outcome,
    time_limit: Option<f64>,
) -> PyResult<bool> {
    let claim = match Claim::of(out) {
        Ok(claim) => claim,
        Err(CertifyError::Nothing(_)) => return Ok(false),
        Err(e) => return Err(error(py, e)),
    };
    let written = interruptible(py, |stop| {
        let request = Request {
            puzzle,
            claim,
            solver: p.solver.clone(),
            solve_seconds: out.seconds,
            time_limit,
            cancel: &stop,
        };
        certify::certify(&request, &p.tools, &p.dir)
    })?;
    written.map(|_| true).map_err(|e| error(py, e))
}

/// Checks the certificate folder `dir` as `cagec certify check` does.
/// Returns what it certifies (`claim`, `grid`, the checker and its
/// seconds); raises `CertificateError` naming the file and the step that
/// failed.
#[pyfunction]
#[pyo3(signature = (dir, time_limit=None))]
pub fn check_certificate<'py>(
    py: Python<'py>,
    dir: PathBuf,
    time_limit: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let checker = certify::proof::checker().map_err(|e| error(py, e))?;
    let checked = interruptible(py, |stop| {
        certify::check_folder(&dir, &checker, time_limit, &stop)
    })?
    .map_err(|e| error(py, e))?;
    let d = PyDict::new(py);
    d.set_item("claim", checked.claim.word())?;
    d.set_item("grid", checked.claim.grid().map(|g| g.values.clone()))?;
    d.set_item("checker", &checked.manifest.checker.program)?;
    d.set_item("checker_seconds", checked.checker.as_secs_f64())?;
    Ok(d)
}
