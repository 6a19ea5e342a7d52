//! Drivers for the external solver binaries: HiGHS, CBC and glpsol on the
//! integer programs, and one solver or two of every other family on its own
//! format: CaDiCaL, Kissat and clasp on DIMACS CNF, clasp, MiniSat+ and SCIP
//! on OPB, Gecode on MiniZinc and FlatZinc (SCIP on FlatZinc too).
//!
//! A [`Puzzle`](crate::puzzle::ir::Puzzle) goes in; the driver writes the model file
//! for the chosen route ([`Via`]), runs the binary in a private directory with
//! a wall-clock kill ([`process`]), reads the solution *file* back (never the
//! exit code: CBC always exits 0), decodes the grid by variable name
//! ([`decode`]) and has [`verify`](crate::puzzle::verify) check it before anyone sees
//! it. [`session`] adds the no-good cuts that prove uniqueness or enumerate
//! every solution.
//!
//! What cagec knows about each solver (its routes, programs, capabilities
//! and which module builds its command line) is one table, [`solvers`].
//! A face asks through a [`Request`], which resolves to the [`Engine`] that
//! runs (the native solver or an external solver's session); every engine
//! answers an [`Outcome`], and [`report::Record`] is the answer every face
//! gives of it.
//!
//! Two answers are kept apart throughout: why the solver stopped ([`Stop`])
//! and whether a solution exists ([`Existence`]).

pub mod attempt;
pub mod cbc;
pub mod competition;
pub mod emit;
pub mod engine;
pub mod error;
pub mod gecode;
pub mod glpk;
pub mod highs;
pub mod in_process;
pub mod locate;
pub mod named;
pub mod native_run;
pub mod outcome;
pub mod process;
pub mod report;
pub mod request;
pub mod root;
pub mod scip;
pub mod session;
pub mod solvers;

// Decoding is the back-ends' (the web page decodes HiGHS's answer too); the
// drivers use it under its one public name.
use crate::back::decode::{self, Values};

pub use engine::Engine;
pub use error::SolveError;
pub use in_process::{InProcess, Runner};
pub use locate::locate;
pub use named::{Family, Solver, Via};
pub use native_run::solve_native;
pub use outcome::{Mode, Outcome, Uniqueness};
pub use request::{ConfigError, Request, SolverChoice, Warning, choices};
pub use session::{Config, solve_puzzle};
pub use solvers::SolverSpec;

/// Why a solver run ended, as the solver reported it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Proved optimal (for cagec's feasibility models: a solution was found).
    Optimal,
    /// Proved that no solution exists.
    Infeasible,
    /// Reached the time limit.
    TimeLimit,
    /// Reported unbounded (impossible for cagec models: every variable is bounded).
    Unbounded,
    /// Any other status, verbatim from the solver.
    Other(String),
}

impl Stop {
    /// The short word used in JSON and tables.
    pub fn word(&self) -> &str {
        match self {
            Stop::Optimal => "optimal",
            Stop::Infeasible => "infeasible",
            Stop::TimeLimit => "time-limit",
            Stop::Unbounded => "unbounded",
            Stop::Other(_) => "other",
        }
    }
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Optimal => f.write_str("optimal"),
            Stop::Infeasible => f.write_str("infeasible"),
            Stop::TimeLimit => f.write_str("time limit reached"),
            Stop::Unbounded => f.write_str("unbounded"),
            Stop::Other(s) => write!(f, "stopped: {s}"),
        }
    }
}

/// Whether a solution exists, as far as one run can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existence {
    /// A verified grid.
    Found,
    /// Proven: no grid satisfies the puzzle.
    None,
    /// Neither found nor disproved (time limit without an incumbent, …).
    NotProven,
}

impl Existence {
    pub fn word(self) -> &'static str {
        match self {
            Existence::Found => "found",
            Existence::None => "none",
            Existence::NotProven => "not-proven",
        }
    }
}

/// A solution file as read: the stop reason and, when the file holds a usable
/// point, its values. Values the solver marks as junk (infeasible, LP
/// relaxation at a time limit) are dropped by the parsers.
#[derive(Clone, Debug, PartialEq)]
pub struct RawSolution {
    pub stop: Stop,
    pub values: Option<Values>,
}

/// A solution file that does not read as its solver's format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct ParseError {
    /// 1-based line of the file (0 = the file as a whole).
    pub line: usize,
    pub reason: String,
}

impl ParseError {
    pub fn new(line: usize, reason: impl Into<String>) -> ParseError {
        ParseError {
            line,
            reason: reason.into(),
        }
    }
}

/// Parses a finite number the way solvers print them (`1`, `-0`, `1e-07`).
pub(crate) fn number(text: &str, line: usize) -> Result<f64, ParseError> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(ParseError::new(
            line,
            format!("expected a number, found {text:?}"),
        )),
    }
}
