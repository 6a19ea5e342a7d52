//! Everything that can go wrong between cagec and a solver binary. An
//! infeasible puzzle is not here: that is an answer ([`super::Stop`]).

use std::path::PathBuf;
use std::time::Duration;

use super::named::Solver;
use super::process::Exit;
use crate::puzzle::verify::Violation;
use crate::words::{Message, Words};

/// Lines of solver output quoted in an error.
const TAIL_LINES: usize = 15;

#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// `CAGEC_CBC=/nope` or `cbc` not on PATH.
    #[error("{program} not found: {detail}; {}", solver.spec().install_hint)]
    NotFound {
        solver: Solver,
        program: &'static str,
        detail: String,
    },
    /// No `--solver` given and none of the three installed.
    #[error(
        "no solver found: install HiGHS (`pip install highsbox`), CBC (`pip install cbcbox`) \
         or glpsol (`apt-get install glpk-utils`), or point CAGEC_HIGHS, CAGEC_CBC or \
         CAGEC_GLPSOL at a binary"
    )]
    NoSolver,
    /// The binary exists but `exec` failed (not a valid executable, …).
    #[error("cannot run {program}: {source}")]
    Spawn {
        program: PathBuf,
        source: std::io::Error,
    },
    /// The solver died: a non-zero exit without a solution file, or a signal.
    #[error("{program} failed ({exit}){}", frame(output))]
    Crashed {
        program: String,
        exit: Exit,
        output: String,
    },
    /// Still running well past its own time limit; killed.
    #[error(
        "{program} was still running after {:.1} s of wall-clock time (its own time limit: \
         {limit} s) and was killed{}",
        after.as_secs_f64(), frame(output)
    )]
    Hung {
        program: String,
        after: Duration,
        limit: f64,
        output: String,
    },
    /// The run ended normally but left no solution file.
    #[error("{program} wrote no solution file {file} ({exit}){}", frame(output))]
    NoSolutionFile {
        program: String,
        file: String,
        exit: Exit,
        output: String,
    },
    /// The solver says it failed (CBC's `ERROR` lines, HiGHS `Load error`).
    #[error("{program} reports an error: {message}{}", frame(output))]
    Reported {
        program: String,
        message: String,
        output: String,
    },
    /// The solution file is not in the solver's format.
    #[error("{file}{}: {reason}", if *line > 0 { format!(":{line}") } else { String::new() })]
    BadSolution {
        file: String,
        line: usize,
        reason: String,
    },
    /// The file reads but its values are not a grid of this model (renamed
    /// columns, a fractional x, a cell without a value).
    #[error("{file}: {reason}")]
    Decode { file: String, reason: String },
    /// The decoded grid breaks the puzzle rules: the solver (or the model) is wrong.
    #[error(
        "{solver} returned a grid that is not a solution: {}",
        list(violations)
    )]
    WrongGrid {
        solver: String,
        violations: Vec<Violation>,
    },
    /// A no-good cut was ignored: the solver found an excluded grid again.
    #[error("{solver} returned solution {index} again although no-good cut {index} forbids it")]
    CutIgnored { solver: String, index: usize },
    /// Writing a model file or the run directory failed.
    #[error("{what}: {source}")]
    Io {
        what: String,
        source: std::io::Error,
    },
    /// The formulation refused the puzzle (an internal error: input was validated).
    #[error("building the model: {0}")]
    Model(#[from] crate::formulate::FormulateError),
    #[error("interrupted")]
    Interrupted,
    /// The built-in solver cannot take this puzzle (too large).
    #[error("native solver: {0}")]
    Native(String),
}

/// A model the formulation refused names the setting to change in the
/// face's words; every other error says what the solver did.
impl Message for SolveError {
    fn message(&self, words: &dyn Words) -> String {
        match self {
            SolveError::Model(e) => format!("building the model: {}", e.message(words)),
            other => other.to_string(),
        }
    }
}

impl SolveError {
    /// The process exit code for this error (see `cagec --help`).
    pub fn exit_code(&self) -> u8 {
        match self {
            SolveError::Interrupted => 130,
            SolveError::Io { .. } => 4,
            _ => 3,
        }
    }
}

impl From<super::process::RunError> for SolveError {
    fn from(e: super::process::RunError) -> SolveError {
        use super::process::RunError;
        match e {
            RunError::Spawn { program, source } => SolveError::Spawn { program, source },
            RunError::Io { what, source } => SolveError::Io { what, source },
            RunError::Interrupted => SolveError::Interrupted,
        }
    }
}

fn list(violations: &[Violation]) -> String {
    let v: Vec<String> = violations.iter().map(ToString::to_string).collect();
    v.join("; ")
}

/// The solver's output framed below the message, or nothing when it is empty.
fn frame(output: &str) -> String {
    if output.trim().is_empty() {
        return String::new();
    }
    format!("\n--- solver output ---\n{}\n---", output.trim_end())
}

/// The last lines of a solver's stdout and stderr, for an error message.
pub fn tail(stdout: &str, stderr: &str) -> String {
    let mut out = String::new();
    for text in [stdout, stderr] {
        let lines: Vec<&str> = text.lines().collect();
        let start = lines.len().saturating_sub(TAIL_LINES);
        for line in &lines[start..] {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}
