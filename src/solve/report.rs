//! One record per puzzle: what `--json` prints (one object per line) and what
//! the summary table shows.

use super::session::{Outcome, Uniqueness};
use super::{Existence, SolveError};
use crate::words::{Message, Words};

/// Exit codes of `cagec solve` (see `cagec --help`).
pub mod exit {
    pub const SOLVED: u8 = 0;
    pub const NOT_SOLVED: u8 = 1;
    pub const INVALID: u8 = 2;
}

/// The result for one puzzle, flat and serialisable.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Record {
    pub puzzle: String,
    /// Whether a solution exists: `found`, `none`, `not-proven`, or `error` /
    /// `invalid` when the solver or the input failed.
    pub status: String,
    /// Why the first solver run stopped: `optimal`, `infeasible`, `time-limit`,
    /// `unbounded`, `other` (see `stop_detail`) or `error`.
    pub stop: String,
    /// The solver's own words for an `other` stop.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop_detail: Option<String>,
    pub grid: Option<Vec<Vec<u32>>>,
    /// `true`/`false` when `--unique` or `--all` proved it, else `null`.
    pub unique: Option<bool>,
    /// `not-asked`, `unique`, `not-unique` or `not-proven`.
    pub uniqueness: &'static str,
    /// Verified solutions found.
    pub solutions: usize,
    /// Every solution found, with `--all` or when there is more than one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grids: Option<Vec<Vec<Vec<u32>>>>,
    /// With `--all`: whether the enumeration is proven complete.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    pub solver: String,
    pub via: String,
    /// The model solved: `tuples+presolve`, `melkonian`, … (`none`: the
    /// native solver reads the puzzle itself).
    pub formulation: String,
    pub seconds: f64,
    /// Solver runs made (1 + one per cut model).
    pub runs: usize,
    /// With `--certify`: whether the certificate was written and an
    /// independent checker accepted it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certified: Option<bool>,
    /// The native solver's effort (as the Python `Solution.stats`): cells
    /// fixed at the root and after probing, search nodes, failures,
    /// conflicts, and the stage that finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<crate::native::Stats>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// This puzzle's exit code.
    #[serde(skip)]
    pub exit: u8,
}

impl Record {
    pub fn from_outcome(puzzle: &str, solver: &str, via: &str, out: &Outcome, all: bool) -> Record {
        let grids: Vec<Vec<Vec<u32>>> = out.solutions.iter().map(|g| g.values.clone()).collect();
        let (unique, uniqueness) = match out.uniqueness {
            Uniqueness::NotAsked => (None, "not-asked"),
            Uniqueness::Unique => (Some(true), "unique"),
            Uniqueness::NotUnique => (Some(false), "not-unique"),
            Uniqueness::NotProven(_) => (None, "not-proven"),
        };
        Record {
            puzzle: puzzle.to_string(),
            status: out.existence.word().to_string(),
            stop: out.stop.word().to_string(),
            stop_detail: match &out.stop {
                super::Stop::Other(s) => Some(s.clone()),
                _ => None,
            },
            grid: grids.first().cloned(),
            unique,
            uniqueness,
            solutions: grids.len(),
            grids: (all || grids.len() > 1).then_some(grids),
            complete: out.complete,
            solver: solver.to_string(),
            via: via.to_string(),
            formulation: String::new(),
            seconds: round_ms(out.seconds),
            runs: out.runs,
            certified: None,
            stats: out.native.clone(),
            error: out.cut_error.as_ref().map(|(m, _)| m.clone()),
            exit: match (out.existence, &out.cut_error) {
                (_, Some((_, code))) => *code,
                (Existence::Found, None) => exit::SOLVED,
                (Existence::None | Existence::NotProven, None) => exit::NOT_SOLVED,
            },
        }
    }

    pub fn from_error(
        puzzle: &str,
        solver: &str,
        via: &str,
        err: &SolveError,
        words: &dyn Words,
        seconds: f64,
    ) -> Record {
        Record {
            status: "error".into(),
            error: Some(err.message(words)),
            exit: err.exit_code(),
            seconds: round_ms(seconds),
            ..Record::blank(puzzle, solver, via)
        }
    }

    /// A puzzle file that did not load (exit 2).
    pub fn invalid(puzzle: &str, solver: &str, via: &str, message: &str) -> Record {
        Record {
            status: "invalid".into(),
            error: Some(message.trim_end().to_string()),
            exit: exit::INVALID,
            ..Record::blank(puzzle, solver, via)
        }
    }

    fn blank(puzzle: &str, solver: &str, via: &str) -> Record {
        Record {
            puzzle: puzzle.to_string(),
            status: String::new(),
            stop: "error".into(),
            stop_detail: None,
            grid: None,
            unique: None,
            uniqueness: "not-asked",
            solutions: 0,
            grids: None,
            complete: None,
            solver: solver.to_string(),
            via: via.to_string(),
            formulation: String::new(),
            seconds: 0.0,
            runs: 0,
            certified: None,
            stats: None,
            error: None,
            exit: 0,
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }
}

fn round_ms(s: f64) -> f64 {
    (s * 1000.0).round() / 1000.0
}

/// The exit code of a whole run: interrupted wins, then the worst puzzle.
pub fn overall_exit(records: &[Record]) -> u8 {
    if records.iter().any(|r| r.exit == 130) {
        return 130;
    }
    records.iter().map(|r| r.exit).max().unwrap_or(0)
}

/// A fixed-width summary table of several puzzles.
pub fn summary_table(records: &[Record]) -> String {
    let width = records
        .iter()
        .map(|r| r.puzzle.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let mut out = format!(
        "{:<width$}  {:<10}  {:<10}  {:<10}  {:>9}  {:>8}\n",
        "puzzle", "status", "stop", "unique", "solutions", "seconds"
    );
    for r in records {
        out.push_str(&format!(
            "{:<width$}  {:<10}  {:<10}  {:<10}  {:>9}  {:>8.3}\n",
            r.puzzle, r.status, r.stop, r.uniqueness, r.solutions, r.seconds
        ));
    }
    let solved = records.iter().filter(|r| r.status == "found").count();
    out.push_str(&format!("{solved} of {} solved\n", records.len()));
    out
}
