//! One puzzle over many machines (`cagec.Puzzle.solve(client=...)`): the
//! native solver's search split into cubes here (`split`), each cube solved
//! wherever Dask sends it (`solve_cube`, a pure function of plain values),
//! and the answers merged and verified here (`merge_cubes`) by the driver
//! the command line's solves go through. The Python half is
//! `cagec/_cubes.py`.

use std::time::{Duration, Instant};

use cagec::native::{self, Cube, Literal};
use cagec::puzzle::ir::Grid;
use cagec::solve::report::{Names, Record};
use cagec::solve::{Engine, Mode, native_run};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::interrupt::interruptible;
use crate::puzzle::CorePuzzle;
use crate::solving::solve_error;

/// A literal as Python holds it: `(cell, value, holds)`.
type LiteralTuple = (usize, u32, bool);

/// A puzzle's search split into cubes (`cagec._core.Split`): the root the
/// cubes start from, the cubes, and what the search found before the split.
#[pyclass(frozen, module = "cagec._core", name = "Split")]
pub struct CoreSplit {
    split: native::Split,
    mode: Mode,
}

#[pymethods]
impl CoreSplit {
    /// The cell domains the cubes start from (bit v−1 = value v).
    #[getter]
    fn root(&self) -> Vec<u64> {
        self.split.root.clone()
    }

    /// The cubes, largest first: lists of `(cell, value, holds)`.
    #[getter]
    fn cubes(&self) -> Vec<Vec<LiteralTuple>> {
        self.split
            .cubes
            .iter()
            .map(|c| {
                c.literals
                    .iter()
                    .map(|l| (l.cell, l.value, l.holds))
                    .collect()
            })
            .collect()
    }

    /// Solutions found before the split: every cube must skip them.
    #[getter]
    fn found(&self) -> Vec<Vec<Vec<u32>>> {
        self.split
            .outcome
            .solutions
            .iter()
            .map(|g| g.values.clone())
            .collect()
    }

    /// The solutions wanted at most (2 to prove uniqueness).
    #[getter]
    fn wanted(&self) -> usize {
        native_run::max_solutions(self.mode)
    }
}

fn mode_of(mode: &str, limit: usize) -> PyResult<Mode> {
    match mode {
        "first" => Ok(Mode::First),
        "unique" => Ok(Mode::Unique),
        "all" if limit >= 1 => Ok(Mode::All { limit }),
        "all" => Err(PyValueError::new_err("limit must be at least 1")),
        other => Err(PyValueError::new_err(format!(
            "mode must be first, unique or all, not {other:?}"
        ))),
    }
}

fn deadline(time_limit: Option<f64>) -> PyResult<Option<Instant>> {
    match time_limit {
        None => Ok(None),
        Some(t) if t.is_finite() && t > 0.0 => {
            Ok(Some(Instant::now() + Duration::from_secs_f64(t)))
        }
        Some(t) => Err(PyValueError::new_err(format!(
            "time_limit must be a positive number of seconds, not {t}"
        ))),
    }
}

/// Runs the native solver's stages before learning on `puzzle` and splits
/// what they leave into about `cubes` cubes.
#[pyfunction]
#[pyo3(signature = (puzzle, mode, limit, cubes, time_limit=None))]
pub fn split(
    py: Python<'_>,
    puzzle: &CorePuzzle,
    mode: &str,
    limit: usize,
    cubes: usize,
    time_limit: Option<f64>,
) -> PyResult<CoreSplit> {
    let mode = mode_of(mode, limit)?;
    let deadline = deadline(time_limit)?;
    let p = &puzzle.puzzle;
    let split = interruptible(py, |stop| {
        let opts = native::Options {
            max_solutions: native_run::max_solutions(mode),
            deadline,
            stop: Some(stop),
            cubes: Some(cubes),
            ..Default::default()
        };
        native::split(p, &opts)
    })?
    .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(CoreSplit { split, mode })
}

/// Solves one cube of a split: up to `wanted` solutions in it that are not
/// in `known`. Returns plain values (it crosses the wire): `solutions`,
/// `complete` (the cube searched to the end), `timed_out`, `conflicts`,
/// `engine`. The grids are verified when the answers are merged.
#[pyfunction]
#[pyo3(signature = (puzzle, root, cube, known, wanted, time_limit=None))]
pub fn solve_cube<'py>(
    py: Python<'py>,
    puzzle: &CorePuzzle,
    root: Vec<u64>,
    cube: Vec<LiteralTuple>,
    known: Vec<Vec<Vec<u32>>>,
    wanted: usize,
    time_limit: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let deadline = deadline(time_limit)?;
    let cube = Cube {
        literals: cube
            .into_iter()
            .map(|(cell, value, holds)| Literal { cell, value, holds })
            .collect(),
    };
    let p = &puzzle.puzzle;
    let out = interruptible(py, |stop| {
        let opts = native::Options {
            max_solutions: wanted.max(1),
            deadline,
            stop: Some(stop),
            known: known.into_iter().map(|values| Grid { values }).collect(),
            ..Default::default()
        };
        native::solve_cube(p, &root, &cube, &opts)
    })?
    .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let d = PyDict::new(py);
    let grids: Vec<Vec<Vec<u32>>> = out.solutions.into_iter().map(|g| g.values).collect();
    d.set_item("solutions", grids)?;
    d.set_item("complete", out.complete)?;
    d.set_item("timed_out", out.timed_out)?;
    d.set_item("conflicts", out.stats.conflicts)?;
    d.set_item("engine", out.stats.engine)?;
    Ok(d)
}

/// The answer of a split from its cubes' answers (`(index, solve_cube's
/// dict)` for the cubes that were searched), every grid verified: the dict
/// `cagec._core.solve` returns.
#[pyfunction]
pub fn merge_cubes<'py>(
    py: Python<'py>,
    puzzle: &CorePuzzle,
    split: &CoreSplit,
    results: Vec<(usize, Bound<'py, PyDict>)>,
    seconds: f64,
) -> PyResult<String> {
    let mut outcomes = Vec::with_capacity(results.len());
    for (i, d) in results {
        let get = |key: &str| {
            d.get_item(key)?
                .ok_or_else(|| PyValueError::new_err(format!("a cube's answer lacks {key:?}")))
        };
        let solutions: Vec<Vec<Vec<u32>>> = get("solutions")?.extract()?;
        let complete: bool = get("complete")?.extract()?;
        let timed_out: bool = get("timed_out")?.extract()?;
        let conflicts: u64 = get("conflicts")?.extract()?;
        let engine = match get("engine")?.extract::<Option<String>>()?.as_deref() {
            Some("cadical") => Some("cadical"),
            Some("lcg") => Some("lcg"),
            _ => None,
        };
        outcomes.push((
            i,
            native::Outcome {
                solutions: solutions
                    .into_iter()
                    .map(|values| Grid { values })
                    .collect(),
                complete,
                nodes: 0,
                timed_out,
                stats: native::Stats {
                    conflicts,
                    engine,
                    stage: "cdcl",
                    ..native::Stats::default()
                },
            },
        ));
    }
    let out = native_run::merge_cubes(&puzzle.puzzle, split.mode, &split.split, &outcomes, seconds)
        .map_err(|e| solve_error(py, "native", e))?;
    // The record `cagec._core.solve` returns for the native solver.
    let names = Names::of(&Engine::Native {
        mode: split.mode,
        time_limit: None,
        threads: None,
    });
    let all = matches!(split.mode, Mode::All { .. });
    let record = Record::from_outcome(&puzzle.display_name, &names, &out, all);
    if let Some(message) = &record.error {
        return Err(crate::errors::solver_error(py, "native", message));
    }
    Ok(record.to_full_json())
}
