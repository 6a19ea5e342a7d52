//! Solving (native, every solver family the command line runs, HiGHS in
//! process through highspy) and generating, with Ctrl-C. Every grid returned
//! has been checked by cagec's verifier, in the same drivers the command
//! line runs.

use cagec::generate::{self as generator, GenerateError};
use cagec::native;
use cagec::puzzle::ir::Grid;
use cagec::solve::request::check_time_limit;
use cagec::solve::{
    self as drivers, ConfigError, Engine, InProcess, Mode, Outcome, Request, SolveError,
    SolverChoice, Uniqueness, Via,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;
use std::time::Instant;

use crate::errors;
use crate::interrupt::{interruptible, watched};
use crate::linked::Highspy;
use crate::options::{model_options, requested_model};
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
/// outcome as a dict the Python `Solution` is made from.
#[pyfunction]
#[pyo3(signature = (puzzle, solver, mode, limit, time_limit=None, threads=None, via_name=None, progress=None, highspy=None, **options))]
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
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
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
    let (model, formulation_named) = requested_model(options)?;
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
        formulation_named,
        start: false,
        keep: false,
        linked,
    };
    // Python has never warned about threads or options a solver ignores.
    let engine = request
        .resolve()
        .map_err(|r| config_error(py, solver, r.error))?
        .engine;
    let core = puzzle;
    let puzzle = &core.puzzle;
    let started = Instant::now();
    let (outcome, program, via_used, formulation) = match engine {
        Engine::Native {
            mode,
            time_limit,
            threads,
        } => {
            // Every core unless told: one puzzle, both engines racing.
            let threads = threads.map_or_else(
                || std::thread::available_parallelism().map_or(1, usize::from),
                |t| t as usize,
            );
            // Where the search publishes its effort while it runs.
            let live = Arc::new(native::Progress::new());
            let report = |py: Python<'_>| -> PyResult<()> {
                match &progress {
                    Some(f) => report_progress(py, f, &live, started),
                    None => Ok(()),
                }
            };
            let shared = Arc::clone(&live);
            let out = watched(
                py,
                |stop| {
                    drivers::solve_native(
                        puzzle,
                        mode,
                        time_limit,
                        threads,
                        Some(stop),
                        Some(shared),
                    )
                },
                report,
            )?;
            let out = out.map_err(|e| solve_error(py, solver, e))?;
            // Once more with the final figures, which equal the solution's stats.
            report(py)?;
            (out, SolverChoice::Native.name(), None, None)
        }
        Engine::External(cfg) => {
            let program = cfg.runner().name();
            let stem = core.name.clone();
            let out = interruptible(py, |stop| {
                let ws = drivers::session::Workspace::temporary()?;
                drivers::solve_puzzle(puzzle, &stem, &cfg, &ws, &stop)
            })?;
            (
                out.map_err(|e| solve_error(py, solver, e))?,
                program,
                Some(cfg.via().name()),
                Some(cfg.formulation().label()),
            )
        }
    };
    let d = outcome_dict(py, &outcome, solver, via_used, formulation)?;
    d.set_item("program", program)?;
    Ok(d)
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

/// The outcome as plain Python values.
pub(crate) fn outcome_dict<'py>(
    py: Python<'py>,
    out: &Outcome,
    solver: &str,
    via: Option<&str>,
    formulation: Option<String>,
) -> PyResult<Bound<'py, PyDict>> {
    if let Some((message, _)) = &out.cut_error {
        return Err(errors::solver_error(py, solver, message));
    }
    let d = PyDict::new(py);
    d.set_item("solver", solver)?;
    d.set_item("via", via)?;
    d.set_item("formulation", formulation)?;
    d.set_item("status", out.stop.word())?;
    d.set_item("status_text", out.stop.to_string())?;
    d.set_item("existence", out.existence.word())?;
    d.set_item(
        "solutions",
        out.solutions.iter().map(rows).collect::<Vec<_>>(),
    )?;
    let (unique, why) = match &out.uniqueness {
        Uniqueness::NotAsked => (None, None),
        Uniqueness::Unique => (Some(true), None),
        Uniqueness::NotUnique => (Some(false), None),
        Uniqueness::NotProven(stop) => (None, Some(stop.to_string())),
    };
    d.set_item("unique", unique)?;
    d.set_item("uniqueness_not_proven", why)?;
    d.set_item("complete", out.complete)?;
    d.set_item("runs", out.runs)?;
    d.set_item("seconds", out.seconds)?;
    let stats = PyDict::new(py);
    if let Some(s) = &out.native {
        stats.set_item("root_fixed", s.root_fixed)?;
        stats.set_item("nodes", s.nodes)?;
        stats.set_item("failures", s.failures)?;
        stats.set_item("probed_fixed", s.probed_fixed)?;
        stats.set_item("conflicts", s.conflicts)?;
        stats.set_item("stage", s.stage)?;
        stats.set_item("engine", s.engine)?;
        if let Some(c) = s.cubes {
            crate::cubes::set_cube_stats(&stats, c)?;
        }
    }
    d.set_item("stats", stats)?;
    Ok(d)
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

/// The grid in a solver's column values (`names[i]` has `values[i]`) for the
/// model of `puzzle` under `options`, checked by the verifier: the way back
/// from a model handed to highspy, PuLP or any other solver.
#[pyfunction]
#[pyo3(signature = (puzzle, names, values, **options))]
pub fn decode(
    py: Python<'_>,
    puzzle: &CorePuzzle,
    names: Vec<String>,
    values: Vec<f64>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<Vec<u32>>> {
    if names.len() != values.len() {
        return Err(PyValueError::new_err(format!(
            "{} column names but {} values",
            names.len(),
            values.len()
        )));
    }
    let opts = model_options(options)?;
    let model = cagec::formulate::formulate_with(&puzzle.puzzle, &opts)
        .map_err(|e| errors::model_error(py, e))?;
    let named = cagec::back::decode::Values::Named(names.into_iter().zip(values).collect());
    let grid = cagec::back::decode::grid(&model, &puzzle.puzzle, &named).map_err(|e| {
        errors::solver_error(
            py,
            "external",
            format!("the values do not read as a grid: {e}"),
        )
    })?;
    let violations = cagec::puzzle::verify::check(&puzzle.puzzle, &grid);
    if !violations.is_empty() {
        let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
        return Err(errors::solver_error(
            py,
            "external",
            format!("the values are not a solution: {}", list.join("; ")),
        ));
    }
    Ok(grid.values)
}
