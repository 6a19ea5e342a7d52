//! What solves the puzzles, once a [`Request`](super::Request) is resolved,
//! and the one way every face runs it ([`Engine::run`]): the native solver
//! on the puzzle itself, or an external solver's session on a model file.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::SolveError;
use super::native_run::solve_native;
use super::outcome::{Mode, Outcome};
use super::session::{Config, Workspace, solve_puzzle};
use crate::native;
use crate::puzzle::ir::Puzzle;

/// What solves the puzzles.
pub enum Engine {
    /// `threads`: as the face was given it; None is the cores shared among
    /// the puzzles solved at once ([`Engine::native_threads`]).
    Native {
        mode: Mode,
        time_limit: Option<f64>,
        threads: Option<u32>,
    },
    External(Config),
}

impl Engine {
    /// The solver's and the route's names, as reports give them (`native`
    /// and `none` for the built-in solver).
    pub fn names(&self) -> (&'static str, &'static str) {
        match self {
            Engine::External(c) => (c.runner().solver().name(), c.via().name()),
            Engine::Native { .. } => ("native", "none"),
        }
    }

    /// What answers: the program run (`glpsol`, `fzn-gecode`), a solver
    /// linked into the face (`highspy`), or `native`.
    pub fn program(&self) -> &'static str {
        match self {
            Engine::External(c) => c.runner().name(),
            Engine::Native { .. } => "native",
        }
    }

    /// The model's label (`tuples+presolve`, `melkonian`, …), or `none` for
    /// the native solver, which reads the puzzle itself.
    pub fn formulation(&self) -> String {
        match self {
            Engine::External(c) => c.formulation().label(),
            Engine::Native { .. } => "none".to_string(),
        }
    }

    pub fn mode(&self) -> Mode {
        match self {
            Engine::External(c) => c.mode(),
            Engine::Native { mode, .. } => *mode,
        }
    }

    /// The native solver's threads for each puzzle when `at_once` puzzles
    /// are solved at once: the threads asked for, or the cores shared among
    /// those puzzles (all of them for one puzzle, one each for a batch of at
    /// least as many puzzles as cores).
    pub fn native_threads(asked: Option<u32>, at_once: usize) -> usize {
        match asked {
            Some(t) => t as usize,
            None => {
                let cores = std::thread::available_parallelism().map_or(1, usize::from);
                (cores / at_once.max(1)).max(1)
            }
        }
    }

    /// Solves `puzzle`, one of `at_once` puzzles solved at the same time.
    /// An external solver writes its files as `stem…` in `workspace` (None:
    /// a temporary directory, made only for an external solver); a raised
    /// `stop` ends the solve with [`SolveError::Interrupted`]; the native
    /// search publishes its effort to `progress` as it runs. Every grid in
    /// the outcome has been verified.
    pub fn run(
        &self,
        puzzle: &Puzzle,
        stem: &str,
        workspace: Option<&Workspace>,
        stop: Arc<AtomicBool>,
        progress: Option<Arc<native::Progress>>,
        at_once: usize,
    ) -> Result<Outcome, SolveError> {
        match self {
            Engine::External(config) => match workspace {
                Some(ws) => solve_puzzle(puzzle, stem, config, ws, &stop),
                None => solve_puzzle(puzzle, stem, config, &Workspace::temporary()?, &stop),
            },
            Engine::Native {
                mode,
                time_limit,
                threads,
            } => solve_native(
                puzzle,
                *mode,
                *time_limit,
                Engine::native_threads(*threads, at_once),
                Some(stop),
                progress,
            ),
        }
    }
}
