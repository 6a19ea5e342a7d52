//! A solver linked into the calling process instead of run as a binary:
//! HiGHS through `highspy` in the Python face. It reads the very model file
//! the binary would read; the session decodes, verifies and cuts its answer
//! exactly as it does a binary's ([`super::attempt`]).

use std::path::Path;
use std::sync::atomic::AtomicBool;

use super::locate::Located;
use super::named::{Solver, Via};
use super::{RawSolution, SolveError};

/// A solver the caller links in. The face that has one (Python, with
/// highspy installed) hands it to a [`Request`](super::Request); the core
/// knows it only through this trait.
pub trait InProcess: Send + Sync {
    /// The solver it is: the route, the options and the status words are
    /// that solver's ([`super::solvers`]).
    fn solver(&self) -> Solver;

    /// Its name in results, messages and `commands.txt` (`highspy`).
    fn name(&self) -> &'static str;

    /// Solves the model file once. `cancel` is raised on Ctrl-C: stop
    /// within a fraction of a second (the session then reports
    /// [`SolveError::Interrupted`]).
    fn solve(&self, run: &Run<'_>, cancel: &AtomicBool) -> Result<RawSolution, SolveError>;
}

/// One in-process run: what a binary would get on its command line.
#[derive(Clone, Copy, Debug)]
pub struct Run<'a> {
    /// The model file, written by the session.
    pub model: &'a Path,
    pub via: Via,
    /// The solver options a binary would read from its options file.
    pub settings: &'a [(&'static str, &'static str)],
    pub time_limit: Option<f64>,
    pub threads: Option<u32>,
}

impl std::fmt::Debug for dyn InProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "InProcess({})", self.name())
    }
}

/// What runs a session's solver: a binary found on the machine, or a
/// solver linked into this process.
#[derive(Clone, Debug)]
pub enum Runner {
    Binary(Located),
    InProcess(std::sync::Arc<dyn InProcess>),
}

impl Runner {
    pub fn solver(&self) -> Solver {
        match self {
            Runner::Binary(l) => l.solver,
            Runner::InProcess(p) => p.solver(),
        }
    }

    /// The program's name (`highs`, `fzn-gecode`, `highspy`): run files,
    /// messages and results are named after it.
    pub fn name(&self) -> &'static str {
        match self {
            Runner::Binary(l) => l.name,
            Runner::InProcess(p) => p.name(),
        }
    }

    pub fn in_process(&self) -> bool {
        matches!(self, Runner::InProcess(_))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::formulate::{Options, names};
    use crate::puzzle::ir::{Grid, Puzzle};
    use crate::solve::session::Workspace;
    use crate::solve::{
        ConfigError, Engine, Mode, Request, SolverChoice, Stop, Uniqueness, Values, solve_native,
        solve_puzzle,
    };

    /// Answers `answers` in turn (None: infeasible), as the x and y of a
    /// grid over every column of the model (others 0), and keeps the runs
    /// it was given.
    struct Scripted {
        columns: Vec<String>,
        answers: Vec<Option<Grid>>,
        calls: AtomicUsize,
        runs: Mutex<Vec<(String, String)>>,
    }

    impl InProcess for Scripted {
        fn solver(&self) -> Solver {
            Solver::Highs
        }

        fn name(&self) -> &'static str {
            "scripted"
        }

        fn solve(&self, run: &Run<'_>, _: &AtomicBool) -> Result<RawSolution, SolveError> {
            let text = std::fs::read_to_string(run.model).expect("the session wrote the model");
            let file = run
                .model
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            self.runs.lock().unwrap().push((file, text));
            let k = self.calls.fetch_add(1, Ordering::SeqCst);
            Ok(match &self.answers[k] {
                None => RawSolution {
                    stop: Stop::Infeasible,
                    values: None,
                },
                Some(grid) => {
                    let mut set = std::collections::HashMap::new();
                    for (i, row) in grid.values.iter().enumerate() {
                        for (j, &v) in row.iter().enumerate() {
                            set.insert(names::x(i, j, v as usize), 1.0);
                            set.insert(names::y(i, j), f64::from(v));
                        }
                    }
                    let value = |c: &String| set.get(c).copied().unwrap_or(0.0);
                    let named = self.columns.iter().map(|c| (c.clone(), value(c))).collect();
                    RawSolution {
                        stop: Stop::Optimal,
                        values: Some(Values::Named(named)),
                    }
                }
            })
        }
    }

    fn kk0() -> (Puzzle, Grid) {
        let text = include_str!("../../fixtures/puzzles/kk0.cage");
        let (puzzle, _) = crate::front::cage::parse(text).expect("kk0 parses");
        let out = solve_native(&puzzle, Mode::First, None, 1, None, None).unwrap();
        let grid = out.solutions[0].clone();
        (puzzle, grid)
    }

    fn request(linked: &Arc<Scripted>, solver: Solver, mode: Mode) -> Request {
        Request {
            solver: Some(SolverChoice::External(solver)),
            via: None,
            time_limit: None,
            threads: None,
            mode,
            model: crate::compile::ModelRequest {
                formulation: Some(Options::default().formulation),
                ..Default::default()
            },
            start: false,
            keep: false,
            linked: Some(Arc::clone(linked) as Arc<dyn InProcess>),
        }
    }

    fn scripted(puzzle: &Puzzle, answers: Vec<Option<Grid>>) -> Arc<Scripted> {
        let model = crate::formulate::formulate_with(puzzle, &Options::default()).unwrap();
        let columns = model
            .vars()
            .map(|v| model.var_name(v).to_string())
            .collect();
        Arc::new(Scripted {
            columns,
            answers,
            calls: AtomicUsize::new(0),
            runs: Mutex::new(Vec::new()),
        })
    }

    fn solve(linked: &Arc<Scripted>, puzzle: &Puzzle, mode: Mode) -> Result<Outcome, SolveError> {
        let no_path = |_: &str| None;
        let resolved = request(linked, Solver::Highs, mode).resolve_in(&no_path);
        let Ok(resolved) = resolved else {
            panic!("a linked HiGHS needs no binary");
        };
        let Engine::External(cfg) = resolved.engine else {
            panic!("HiGHS is external");
        };
        assert_eq!(cfg.runner().name(), "scripted");
        let ws = Workspace::temporary()?;
        solve_puzzle(puzzle, "kk0", &cfg, &ws, &AtomicBool::new(false))
    }

    use crate::solve::Outcome;

    #[test]
    fn a_linked_solver_gets_the_model_and_the_no_good_and_its_grid_is_verified() {
        let (puzzle, grid) = kk0();
        let linked = scripted(&puzzle, vec![Some(grid.clone()), None]);
        let out = solve(&linked, &puzzle, Mode::Unique).unwrap();
        assert_eq!(out.solutions, vec![grid]);
        assert_eq!(out.uniqueness, Uniqueness::Unique);
        assert_eq!(out.runs, 2);
        let runs = linked.runs.lock().unwrap();
        assert_eq!(runs[0].0, "kk0.lp");
        assert_eq!(runs[1].0, "kk0.cut1.lp");
        assert!(!runs[0].1.contains("nogood_1"));
        assert!(
            runs[1].1.contains("nogood_1:"),
            "the cut run has the no-good"
        );
    }

    #[test]
    fn a_wrong_grid_from_a_linked_solver_is_refused() {
        let (puzzle, mut grid) = kk0();
        grid.values[0].swap(0, 1);
        let linked = scripted(&puzzle, vec![Some(grid)]);
        match solve(&linked, &puzzle, Mode::First) {
            Err(SolveError::WrongGrid { solver, .. }) => assert_eq!(solver, "scripted"),
            other => panic!("expected a wrong grid, got {other:?}"),
        }
    }

    #[test]
    fn a_linked_solver_runs_only_for_its_own_solver_and_takes_no_start() {
        let linked = scripted(&kk0().0, Vec::new());
        let no_path = |_: &str| None;
        match request(&linked, Solver::Cbc, Mode::First).resolve_in(&no_path) {
            Err(r) => assert!(matches!(r.error, ConfigError::Locate(_)), "{:?}", r.error),
            Ok(_) => panic!("cbc is not the linked solver"),
        }
        let mut start = request(&linked, Solver::Highs, Mode::First);
        start.start = true;
        match start.resolve_in(&no_path) {
            Err(r) => assert!(matches!(
                r.error,
                ConfigError::NoMipStart {
                    program: "scripted",
                    ..
                }
            )),
            Ok(_) => panic!("a linked solver reads no MIP start"),
        }
    }
}
