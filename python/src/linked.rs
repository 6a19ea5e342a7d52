//! HiGHS inside the Python process, through `highspy`: the core's session
//! writes the model file and decodes, verifies and cuts the answer as it does
//! for the binary; this only hands the file to a highspy job made by
//! `cagec._highspy.start` and reads its status and column values back.

use std::sync::atomic::{AtomicBool, Ordering};

use cagec::back::decode::Values;
use cagec::solve::in_process::{InProcess, Run};
use cagec::solve::{RawSolution, SolveError, Solver, highs};
use pyo3::prelude::*;

/// The name results and messages give the in-process route.
pub const HIGHSPY: &str = "highspy";

/// HiGHS linked in: `start` is `cagec._highspy.start`.
pub struct Highspy {
    pub start: Py<PyAny>,
}

/// What a highspy job answers: HiGHS's model status, in HiGHS's words
/// (`Optimal`, `Infeasible`, `Time limit reached`, …), and the column names
/// and values when it has a feasible point.
type Answer = (String, Option<(Vec<String>, Vec<f64>)>);

impl Highspy {
    fn failed(message: impl ToString) -> SolveError {
        SolveError::Reported {
            program: HIGHSPY.to_string(),
            message: message.to_string(),
            output: String::new(),
        }
    }

    /// Starts the job, then waits in 50 ms steps (the GIL free between
    /// them). When `cancel` is raised it asks HiGHS to stop and returns None
    /// at once: HiGHS's thread cannot be killed, and it checks for a stop
    /// only between phases (its presolve probing runs for seconds without a
    /// check), so it ends in the background.
    fn run(&self, py: Python<'_>, run: &Run<'_>, cancel: &AtomicBool) -> PyResult<Option<Answer>> {
        let settings: Vec<(&str, &str)> = run.settings.to_vec();
        let model = run.model.to_string_lossy().into_owned();
        let job = self
            .start
            .call1(py, (model, settings, run.time_limit, run.threads))?;
        while !job.call_method1(py, "wait", (0.05,))?.extract::<bool>(py)? {
            if cancel.load(Ordering::SeqCst) {
                job.call_method0(py, "cancel")?;
                return Ok(None);
            }
        }
        job.call_method0(py, "result")?.extract(py).map(Some)
    }
}

impl InProcess for Highspy {
    fn solver(&self) -> Solver {
        Solver::Highs
    }

    fn name(&self) -> &'static str {
        HIGHSPY
    }

    fn solve(&self, run: &Run<'_>, cancel: &AtomicBool) -> Result<RawSolution, SolveError> {
        let answer = Python::attach(|py| self.run(py, run, cancel)).map_err(Highspy::failed)?;
        let Some((status, point)) = answer.filter(|_| !cancel.load(Ordering::SeqCst)) else {
            return Err(SolveError::Interrupted);
        };
        let stop =
            highs::stop_of(&status).map_err(|s| Highspy::failed(format!("HiGHS reports {s:?}")))?;
        let values = match point {
            Some((names, values)) if names.len() == values.len() => {
                Some(Values::Named(names.into_iter().zip(values).collect()))
            }
            Some((names, values)) => {
                return Err(Highspy::failed(format!(
                    "{} column names but {} values",
                    names.len(),
                    values.len()
                )));
            }
            None => None,
        };
        Ok(RawSolution { stop, values })
    }
}
