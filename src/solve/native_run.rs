//! The native solver as a driver: same [`Outcome`] as the external ones, no
//! files, no process. Every grid still goes through the verifier, and
//! uniqueness is proved by exhausting the search instead of a cut.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::outcome::{Mode, Outcome, Uniqueness};
use super::{Existence, SolveError, Stop};
use crate::native;
use crate::puzzle::ir::Puzzle;

/// Solves `puzzle` with the built-in solver on up to `threads` threads
/// ([`native::Options::threads`]); a raised `stop` flag (the command line's
/// signal handler) ends it with [`SolveError::Interrupted`]. The search's
/// effort is published to `progress` as it runs.
pub fn solve_native(
    puzzle: &Puzzle,
    mode: Mode,
    time_limit: Option<f64>,
    threads: usize,
    stop: Option<Arc<AtomicBool>>,
    progress: Option<Arc<native::Progress>>,
) -> Result<Outcome, SolveError> {
    let start = Instant::now();
    let opts = native::Options {
        max_solutions: max_solutions(mode),
        deadline: time_limit.map(|s| start + Duration::from_secs_f64(s)),
        stop: stop.clone(),
        progress,
        threads,
        ..Default::default()
    };
    let out = native::solve(puzzle, &opts).map_err(|e| SolveError::Native(e.to_string()))?;
    if stop.as_ref().is_some_and(|f| f.load(Ordering::SeqCst)) {
        return Err(SolveError::Interrupted);
    }
    finish(puzzle, mode, out, start.elapsed().as_secs_f64())
}

/// The answer of a puzzle solved by cubes elsewhere (Python's Dask
/// `client=`): `native::merge` of the split and the cubes' answers, every
/// grid verified, as [`solve_native`] gives it; `seconds` is the solve's
/// time so far.
pub fn merge_cubes(
    puzzle: &Puzzle,
    mode: Mode,
    split: &native::Split,
    results: &[(usize, native::Outcome)],
    seconds: f64,
) -> Result<Outcome, SolveError> {
    let opts = native::Options {
        max_solutions: max_solutions(mode),
        ..Default::default()
    };
    finish(puzzle, mode, native::merge(split, results, &opts), seconds)
}

/// The solutions a mode asks for at most.
pub fn max_solutions(mode: Mode) -> usize {
    match mode {
        Mode::First => 1,
        Mode::Unique => 2,
        Mode::All { limit } => limit,
    }
}

/// The native solver's outcome as a driver's, every grid verified.
fn finish(
    puzzle: &Puzzle,
    mode: Mode,
    out: native::Outcome,
    seconds: f64,
) -> Result<Outcome, SolveError> {
    for grid in &out.solutions {
        let violations = crate::puzzle::verify::check(puzzle, grid);
        if !violations.is_empty() {
            return Err(SolveError::WrongGrid {
                solver: "native".to_string(),
                violations,
            });
        }
    }
    let stop = match (out.solutions.is_empty(), out.timed_out) {
        (_, true) if out.solutions.is_empty() => Stop::TimeLimit,
        (false, _) => Stop::Optimal,
        (true, _) => Stop::Infeasible,
    };
    let existence = match (&stop, out.solutions.is_empty()) {
        (_, false) => Existence::Found,
        (Stop::Infeasible, true) => Existence::None,
        _ => Existence::NotProven,
    };
    let last_stop = if out.timed_out {
        Stop::TimeLimit
    } else {
        stop.clone()
    };
    let uniqueness = match (mode, out.solutions.len()) {
        (Mode::First, _) | (_, 0) => Uniqueness::NotAsked,
        (_, 1) if out.complete => Uniqueness::Unique,
        (_, 1) => Uniqueness::NotProven(last_stop.clone()),
        _ => Uniqueness::NotUnique,
    };
    Ok(Outcome {
        stop,
        existence,
        uniqueness,
        complete: matches!(mode, Mode::All { .. }).then_some(out.complete),
        solutions: out.solutions,
        last_stop,
        runs: 1,
        seconds,
        cut_error: None,
        native: Some(out.stats),
    })
}
