//! Solving (native, every solver family the command line runs, HiGHS in
//! process through highspy) and generating, with Ctrl-C. Every grid returned
//! has been checked by cagec's verifier, in the same drivers the command
//! line runs.

use cagec::generate::{self as generator, GenerateError};
use cagec::native;
use cagec::puzzle::ir::Grid;
use cagec::solve::report::{Names, Record};
use cagec::solve::request::check_time_limit;
use cagec::solve::{ConfigError, InProcess, Mode, Outcome, Request, SolveError, SolverChoice, Via};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;
use std::time::Instant;

use crate::certifying;
use crate::errors;
use crate::interrupt::{interruptible, watched};
use crate::linked::Highspy;
use crate::options::requested_model;
use crate::puzzle::CorePuzzle;
use crate::words::{self, Keywords};
use cagec::words::Message;

fn rows(grid: &Grid) -> Vec<Vec<u32>> {
    grid.values.clone()
}

/// A `solver=` name: `native`, or any solver the command line runs, by its
/// name or alias (`glpsol`).
fn solver_choice(name: &str) -> PyResult<SolverChoice> {
    name.parse::<SolverChoice>()
        .map_err(|e| errors::bad_choice("solver", name, &e.names))
}

/// A `via=` name: any route; whether the solver reads it is the request's
/// to say.
fn via(name: &str) -> PyResult<Via> {
    name.parse::<Via>()
        .map_err(|e| errors::bad_choice("via", name, &e.names))
}

/// A request that cannot run, as a Python exception in Python's words.
fn config_error(py: Python<'_>, solver: &str, e: ConfigError) -> PyErr {
    match e {
        ConfigError::Locate(e) => solve_error(py, solver, e),
        e => PyValueError::new_err(words::config_message(&e)),
    }
}

/// `SolveError` as a Python exception (an interrupt as KeyboardInterrupt).
pub fn solve_error(py: Python<'_>, solver: &str, e: SolveError) -> PyErr {
    match e {
        SolveError::NotFound { .. } | SolveError::NoSolver => {
            errors::solver_not_found(py, solver, e)
        }
        SolveError::Model(m) => errors::model_error(py, m.message(&Keywords)),
        SolveError::Native(m) => errors::model_error(py, m),
        SolveError::Interrupted => pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"),
        e => errors::solver_error(py, solver, e),
    }
}

/// Solves `puzzle` with `solver` (`native` or any external solver); `mode`
/// is `first`, `unique` or `all` (at most `limit` solutions); `via_name`
/// None is the solver's own route. `highspy`, when given, is
/// `cagec._highspy.start`: HiGHS then runs in this process. Returns the
/// core's record of the solve as JSON ([`Record::to_full_json`]), which the
/// Python `Solution` is made from.
#[pyfunction]
#[pyo3(signature = (puzzle, solver, mode, limit, time_limit=None, threads=None, via_name=None, progress=None, highspy=None, certify=None, **options))]
#[allow(clippy::too_many_arguments)]
pub fn solve<'py>(
    py: Python<'py>,
    puzzle: &CorePuzzle,
    solver: &str,
    mode: &str,
    limit: usize,
    time_limit: Option<f64>,
    threads: Option<u32>,
    via_name: Option<&str>,
    progress: Option<Bound<'py, PyAny>>,
    highspy: Option<Py<PyAny>>,
    certify: Option<std::path::PathBuf>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<String> {
    let mode = match mode {
        "first" => Mode::First,
        "unique" => Mode::Unique,
        "all" if limit >= 1 => Mode::All { limit },
        "all" => return Err(PyValueError::new_err("limit must be at least 1")),
        other => {
            return Err(errors::bad_choice(
                "mode",
                other,
                &["first", "unique", "all"],
            ));
        }
    };
    check_time_limit(time_limit).map_err(|e| config_error(py, solver, e))?;
    let choice = solver_choice(solver)?;
    if progress.is_some() && choice != SolverChoice::Native {
        return Err(PyValueError::new_err(
            "progress reports the native solver's search; an external solver has none to report",
        ));
    }
    let model = requested_model(options)?;
    // The native solver has always ignored `via` (it once had a default,
    // so a via given could not be told from none).
    let via = match choice {
        SolverChoice::Native => None,
        SolverChoice::External(_) => via_name.map(via).transpose()?,
    };
    let linked = highspy.map(|start| Arc::new(Highspy { start }) as Arc<dyn InProcess>);
    let request = Request {
        solver: Some(choice),
        via,
        time_limit,
        threads,
        mode,
        model,
        start: false,
        keep: false,
        linked,
    };
    // Python has never warned about threads or options a solver ignores.
    let engine = request
        .resolve()
        .map_err(|r| config_error(py, solver, r.error))?
        .engine;
    let certifying = certifying::prepare(py, certify, mode == Mode::Unique, &engine)?;
    let started = Instant::now();
    // Where the native search publishes its effort while it runs.
    let live = Arc::new(native::Progress::new());
    let report = |py: Python<'_>| -> PyResult<()> {
        match &progress {
            Some(f) => report_progress(py, f, &live, started),
            None => Ok(()),
        }
    };
    let shared = Arc::clone(&live);
    // One puzzle: the native solver takes every core unless told.
    let out = watched(
        py,
        |stop| engine.run(&puzzle.puzzle, &puzzle.name, None, stop, Some(shared), 1),
        report,
    )?;
    let out = out.map_err(|e| solve_error(py, solver, e))?;
    // Once more with the final figures, which equal the solution's stats.
    report(py)?;
    // The solver by the name it was asked for (`glpsol` stays `glpsol`).
    let names = Names {
        solver: solver.to_string(),
        ..Names::of(&engine)
    };
    let all = matches!(mode, Mode::All { .. });
    let mut record = Record::from_outcome(&puzzle.display_name, &names, &out, all);
    record.certified = certifying::finish(py, certifying, &puzzle.puzzle, &out, time_limit)?;
    if let Some(message) = &record.error {
        return Err(errors::solver_error(py, solver, message));
    }
    Ok(record.to_full_json())
}

/// The record of a grid read back from the values of a solver cagec did
/// not run (`Model.solution_from`): checked by the verifier, found in one
/// run by `solver` through `via`, as JSON like [`solve`]'s.
#[pyfunction]
pub fn read_back(
    py: Python<'_>,
    puzzle: &CorePuzzle,
    grid: Vec<Vec<u32>>,
    solver: &str,
    via: &str,
) -> PyResult<String> {
    let grid = Grid { values: grid };
    let violations = cagec::puzzle::verify::check(&puzzle.puzzle, &grid);
    if !violations.is_empty() {
        let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
        return Err(errors::solver_error(
            py,
            solver,
            format!("the values are not a solution: {}", list.join("; ")),
        ));
    }
    let names = Names {
        solver: solver.to_string(),
        via: via.to_string(),
        formulation: None,
        program: None,
    };
    let out = Outcome::read_back(grid);
    Ok(Record::from_outcome(&puzzle.display_name, &names, &out, false).to_full_json())
}

/// Calls `f` with the native solver's effort so far, as a dict (the Python
/// side makes a `cagec.Progress` of it).
fn report_progress(
    py: Python<'_>,
    f: &Bound<'_, PyAny>,
    live: &native::Progress,
    started: Instant,
) -> PyResult<()> {
    let d = PyDict::new(py);
    d.set_item("stage", live.stage())?;
    d.set_item("nodes", live.nodes())?;
    d.set_item("conflicts", live.conflicts())?;
    d.set_item("seconds", started.elapsed().as_secs_f64())?;
    f.call1((d,))?;
    Ok(())
}

/// A random puzzle (`cagec generate`), with its solution and a note on how
/// it was made. `unique` reshapes cages until the native solver proves the
/// solution unique.
#[pyfunction]
#[pyo3(signature = (size, seed=1, unique=true, ops="+-*%", max_cage=4, cage_sizes=None, effort=None))]
#[allow(clippy::too_many_arguments)]
pub fn generate<'py>(
    py: Python<'py>,
    size: usize,
    seed: u64,
    unique: bool,
    ops: &str,
    max_cage: usize,
    cage_sizes: Option<&str>,
    effort: Option<u64>,
) -> PyResult<(CorePuzzle, Vec<Vec<u32>>, Bound<'py, PyDict>)> {
    let limit = if unique {
        cagec::native::MAX_SIZE
    } else {
        cagec::puzzle::ir::MAX_SIZE
    };
    if !(1..=limit).contains(&size) {
        return Err(PyValueError::new_err(format!(
            "size must be in 1..={limit}{}",
            if unique {
                " with unique=True (the native solver's limit)"
            } else {
                ""
            }
        )));
    }
    if !(1..=64).contains(&max_cage) {
        return Err(PyValueError::new_err("max_cage must be in 1..=64"));
    }
    let (op_list, op_weights) =
        generator::parse_ops(ops).map_err(|e| PyValueError::new_err(format!("ops: {e}")))?;
    let cage_weights = cage_sizes
        .map(generator::parse_cage_sizes)
        .transpose()
        .map_err(|e| PyValueError::new_err(format!("cage_sizes: {e}")))?
        .unwrap_or_default();
    let made = interruptible(py, |stop| {
        let opts = generator::Options {
            size,
            seed,
            max_cage,
            ops: op_list,
            op_weights,
            cage_weights,
            check_effort: effort.unwrap_or(generator::CHECK_EFFORT),
            stop: Some(stop),
        };
        match unique {
            true => generator::unique_puzzle(&opts)
                .map(|u| (u.puzzle, u.solution, Some((u.reshapes, u.proof)))),
            false => {
                let (p, g) = generator::puzzle(&opts);
                Ok((p, g, None))
            }
        }
    })?;
    let (puzzle, grid, proof) = match made {
        Ok(made) => made,
        Err(GenerateError::Interrupted) => {
            return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err(
                "interrupted",
            ));
        }
        Err(e) => return Err(errors::model_error(py, e)),
    };
    let info = PyDict::new(py);
    info.set_item("unique", proof.is_some())?;
    if let Some((reshapes, stats)) = proof {
        info.set_item("reshapes", reshapes)?;
        info.set_item("root_fixed", stats.root_fixed)?;
        info.set_item("nodes", stats.nodes)?;
        info.set_item("stage", stats.stage)?;
    }
    // Through the cage-line text, so the puzzle pickles and compiles as
    // `cagec generate` writes it.
    let text = cagec::front::write::jwiki(&puzzle);
    let name = generator::name(size, seed);
    let core = crate::puzzle::parse(py, &text, Some("cages"), &name, "<generated>", false)?;
    Ok((core, rows(&grid), info))
}
