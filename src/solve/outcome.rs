//! What a solve answers, whichever engine ran: how far it was asked to go
//! ([`Mode`]), and the [`Outcome`] for one puzzle, with its solutions in the
//! order found. A leaf of `solve`: the sessions of the external solvers and
//! the native solver's driver both return it.

use super::{Existence, Stop};
use crate::puzzle::ir::Grid;

/// How far to go after the first solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    First,
    /// Prove or disprove uniqueness (one cut).
    Unique,
    /// Enumerate, at most `limit` solutions.
    All {
        limit: usize,
    },
}

/// Whether the first solution is the only one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    NotAsked,
    Unique,
    NotUnique,
    /// The cut solve ended without an answer (time limit, …).
    NotProven(Stop),
}

/// The answer for one puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Why the first run stopped.
    pub stop: Stop,
    pub existence: Existence,
    /// Verified solutions in the order found (the first is the answer).
    pub solutions: Vec<Grid>,
    pub uniqueness: Uniqueness,
    /// With [`Mode::All`]: true when the last cut model was proven infeasible,
    /// so `solutions` is every solution.
    pub complete: Option<bool>,
    /// Why the last run stopped (differs from `stop` once cuts were added).
    pub last_stop: Stop,
    pub runs: usize,
    pub seconds: f64,
    /// A solver failure during the cut runs: the solutions before it stand,
    /// verified, but the run as a whole failed (message, exit code).
    pub cut_error: Option<(String, u8)>,
    /// The native solver's effort figures (None for external solvers).
    pub native: Option<crate::native::Stats>,
}

impl Outcome {
    /// One verified grid that a solver cagec did not run found, read back
    /// from its values (Python's `Model.solution_from`): found, in one run,
    /// nothing else asked.
    pub fn read_back(grid: Grid) -> Outcome {
        Outcome {
            stop: Stop::Optimal,
            existence: Existence::Found,
            solutions: vec![grid],
            uniqueness: Uniqueness::NotAsked,
            complete: None,
            last_stop: Stop::Optimal,
            runs: 1,
            seconds: 0.0,
            cut_error: None,
            native: None,
        }
    }
}
