//! One record per puzzle: the answer every face gets. The command line
//! prints it with `--json` (one object per line) and in its summary table;
//! Python's `Solution` is made from [`Record::to_full_json`]. `status` says
//! whether a solution exists, `stop` why the solver stopped, in every face.

use super::engine::Engine;
use super::outcome::{Outcome, Uniqueness};
use super::{Existence, SolveError, Stop};
use crate::words::{Message, Words};

/// Exit codes of `cagec solve` (see `cagec --help`).
pub mod exit {
    pub const SOLVED: u8 = 0;
    pub const NOT_SOLVED: u8 = 1;
    pub const INVALID: u8 = 2;
}

/// The result for one puzzle, flat and serialisable: its JSON is the line
/// `cagec solve --json` prints.
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
    /// native solver reads the puzzle itself; null: not known, for a grid
    /// read back from a solver cagec did not run).
    pub formulation: Option<String>,
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
    /// What the command line says in words beside its JSON line.
    #[serde(skip)]
    pub detail: Detail,
    /// This puzzle's exit code.
    #[serde(skip)]
    pub exit: u8,
}

/// What a record says that the `--json` line leaves out (the command line
/// prints it in words): [`Record::to_full_json`] adds it as `detail`.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Detail {
    /// What answered: `native`, the program run (`glpsol`, `fzn-gecode`),
    /// or a solver linked into the face (`highspy`); null when cagec ran
    /// none.
    pub program: Option<String>,
    /// Why the first run stopped, in words (`time limit reached`).
    pub stop_text: String,
    /// Why uniqueness is not proven, in words: how the cut run ended.
    pub uniqueness_stop: Option<String>,
    /// `seconds`, not rounded.
    pub seconds: f64,
}

/// Who answered, as a record names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    /// The solver (`native`, `highs`, …).
    pub solver: String,
    /// The route (`lp`, …; `none` for the native solver).
    pub via: String,
    /// The model's label (`none` for the native solver; None: not known).
    pub formulation: Option<String>,
    /// What ran (see [`Detail::program`]).
    pub program: Option<String>,
}

impl Names {
    /// The names of what `engine` runs.
    pub fn of(engine: &Engine) -> Names {
        let (solver, via) = engine.names();
        Names {
            solver: solver.to_string(),
            via: via.to_string(),
            formulation: Some(engine.formulation()),
            program: Some(engine.program().to_string()),
        }
    }
}

impl Record {
    pub fn from_outcome(puzzle: &str, names: &Names, out: &Outcome, all: bool) -> Record {
        let grids: Vec<Vec<Vec<u32>>> = out.solutions.iter().map(|g| g.values.clone()).collect();
        let (unique, uniqueness, uniqueness_stop) = match &out.uniqueness {
            Uniqueness::NotAsked => (None, "not-asked", None),
            Uniqueness::Unique => (Some(true), "unique", None),
            Uniqueness::NotUnique => (Some(false), "not-unique", None),
            Uniqueness::NotProven(stop) => (None, "not-proven", Some(stop.to_string())),
        };
        Record {
            puzzle: puzzle.to_string(),
            status: out.existence.word().to_string(),
            stop: out.stop.word().to_string(),
            stop_detail: match &out.stop {
                Stop::Other(s) => Some(s.clone()),
                _ => None,
            },
            grid: grids.first().cloned(),
            unique,
            uniqueness,
            solutions: grids.len(),
            grids: (all || grids.len() > 1).then_some(grids),
            complete: out.complete,
            solver: names.solver.clone(),
            via: names.via.clone(),
            formulation: names.formulation.clone(),
            seconds: round_ms(out.seconds),
            runs: out.runs,
            certified: None,
            stats: out.native.clone(),
            error: out.cut_error.as_ref().map(|(m, _)| m.clone()),
            detail: Detail {
                program: names.program.clone(),
                stop_text: out.stop.to_string(),
                uniqueness_stop,
                seconds: out.seconds,
            },
            exit: match (out.existence, &out.cut_error) {
                (_, Some((_, code))) => *code,
                (Existence::Found, None) => exit::SOLVED,
                (Existence::None | Existence::NotProven, None) => exit::NOT_SOLVED,
            },
        }
    }

    pub fn from_error(
        puzzle: &str,
        names: &Names,
        err: &SolveError,
        words: &dyn Words,
        seconds: f64,
    ) -> Record {
        let blank = Record::blank(puzzle, names);
        Record {
            status: "error".into(),
            error: Some(err.message(words)),
            exit: err.exit_code(),
            seconds: round_ms(seconds),
            detail: Detail {
                seconds,
                ..blank.detail.clone()
            },
            ..blank
        }
    }

    /// A puzzle file that did not load (exit 2).
    pub fn invalid(puzzle: &str, names: &Names, message: &str) -> Record {
        Record {
            status: "invalid".into(),
            error: Some(message.trim_end().to_string()),
            exit: exit::INVALID,
            ..Record::blank(puzzle, names)
        }
    }

    fn blank(puzzle: &str, names: &Names) -> Record {
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
            solver: names.solver.clone(),
            via: names.via.clone(),
            formulation: names.formulation.clone(),
            seconds: 0.0,
            runs: 0,
            certified: None,
            stats: None,
            error: None,
            detail: Detail {
                program: names.program.clone(),
                stop_text: "error".into(),
                uniqueness_stop: None,
                seconds: 0.0,
            },
            exit: 0,
        }
    }

    /// The `--json` line.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }

    /// The record and its [`Detail`] (under `detail`), as one JSON object:
    /// what a face that shows more than the `--json` line is given.
    pub fn to_full_json(&self) -> String {
        /// The fields in the record's order, then `detail`.
        #[derive(serde::Serialize)]
        struct Full<'a> {
            #[serde(flatten)]
            record: &'a Record,
            detail: &'a Detail,
        }
        let full = Full {
            record: self,
            detail: &self.detail,
        };
        serde_json::to_string(&full).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::ir::Grid;

    fn names() -> Names {
        Names {
            solver: "highs".into(),
            via: "lp".into(),
            formulation: Some("tuples+presolve".into()),
            program: Some("highs".into()),
        }
    }

    #[test]
    fn status_is_whether_a_solution_exists_and_stop_why_the_solver_stopped() {
        let grid = Grid {
            values: vec![vec![1, 2], vec![2, 1]],
        };
        let out = Outcome {
            seconds: 0.012_345,
            ..Outcome::read_back(grid)
        };
        let r = Record::from_outcome("kk.cage", &names(), &out, false);
        assert_eq!((r.status.as_str(), r.stop.as_str()), ("found", "optimal"));
        // The `--json` line: its fields in order, the detail left out.
        assert_eq!(
            r.to_json(),
            r#"{"puzzle":"kk.cage","status":"found","stop":"optimal","grid":[[1,2],[2,1]],"unique":null,"uniqueness":"not-asked","solutions":1,"solver":"highs","via":"lp","formulation":"tuples+presolve","seconds":0.012,"runs":1}"#
        );
        let full: serde_json::Value = serde_json::from_str(&r.to_full_json()).unwrap();
        let line: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
        let mut without = full.clone();
        without.as_object_mut().unwrap().remove("detail");
        assert_eq!(without, line);
        assert_eq!(
            full["detail"],
            serde_json::json!({
                "program": "highs",
                "stop_text": "optimal",
                "uniqueness_stop": null,
                "seconds": 0.012_345,
            })
        );
    }

    #[test]
    fn a_run_without_an_answer_says_why_in_words() {
        let out = Outcome {
            stop: Stop::TimeLimit,
            existence: Existence::NotProven,
            solutions: Vec::new(),
            uniqueness: Uniqueness::NotAsked,
            complete: None,
            last_stop: Stop::TimeLimit,
            runs: 1,
            seconds: 5.0,
            cut_error: None,
            native: None,
        };
        let r = Record::from_outcome("hard.cage", &names(), &out, false);
        assert_eq!(
            (r.status.as_str(), r.stop.as_str()),
            ("not-proven", "time-limit")
        );
        assert_eq!(r.detail.stop_text, "time limit reached");
        assert_eq!(r.exit, exit::NOT_SOLVED);
    }
}
