//! Everything that keeps a certificate from being written or accepted. Each
//! error names the file, and a check that fails names its step.

use std::path::PathBuf;

use super::reference::TooManyTuples;
use crate::puzzle::ir::Grid;

/// The steps of a check, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Manifest,
    Hashes,
    Puzzle,
    Reference,
    Grid,
    NoGood,
    Proof,
}

impl Step {
    pub fn describe(self) -> &'static str {
        match self {
            Step::Manifest => "reading the manifest",
            Step::Hashes => "comparing the SHA-256 hashes",
            Step::Puzzle => "reading the puzzle",
            Step::Reference => "comparing the reference CNF with the puzzle's",
            Step::Grid => "checking the grid",
            Step::NoGood => "comparing the no-good with the grid's",
            Step::Proof => "checking the proof",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CertifyError {
    /// A check failed: the certificate does not show what it claims.
    #[error("{}: {} failed: {reason}", file.display(), step.describe())]
    Rejected {
        file: PathBuf,
        step: Step,
        reason: String,
    },
    /// The folder to write already holds something.
    #[error(
        "{}: already exists and is not an empty folder; a certificate is written into a new or \
         empty folder only",
        .0.display()
    )]
    Exists(PathBuf),
    /// The answer has no refutation to certify (a second solution, or no answer).
    #[error("nothing to certify: {0}")]
    Nothing(String),
    #[error("the reference CNF cannot be written: {0}")]
    Encode(#[from] TooManyTuples),
    /// The prover or the checker is not installed.
    #[error("{program} not found: {detail}; {hint}")]
    NotFound {
        program: &'static str,
        detail: String,
        hint: &'static str,
    },
    /// The prover or the checker did not run to an answer.
    #[error("{program} failed on {} ({reason}){}", file.display(), frame(output))]
    Tool {
        program: String,
        file: PathBuf,
        reason: String,
        output: String,
    },
    /// The prover found a model of the CNF it was asked to refute.
    #[error(
        "cadical found a solution of {} that the claim excludes:\n{grid}{}",
        file.display(),
        if *verified {
            "the verifier accepts it: the claim is wrong (a bug of the solver that made it)"
        } else {
            "the verifier rejects it: the reference CNF is wrong (a bug of cagec's encoder)"
        }
    )]
    Satisfiable {
        file: PathBuf,
        grid: Grid,
        verified: bool,
    },
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("interrupted")]
    Interrupted,
}

impl CertifyError {
    /// The process exit code (see `cagec --help`): 1 for a certificate that
    /// does not hold or an answer with nothing to certify, 2 for a folder or
    /// puzzle that cannot take one, 3 for a tool that is missing or failed
    /// or disagrees, 4 for I/O, 130 for an interrupt.
    pub fn exit_code(&self) -> u8 {
        match self {
            CertifyError::Rejected { .. } | CertifyError::Nothing(_) => 1,
            CertifyError::Exists(_) | CertifyError::Encode(_) => 2,
            CertifyError::NotFound { .. }
            | CertifyError::Tool { .. }
            | CertifyError::Satisfiable { .. } => 3,
            CertifyError::Io { .. } => 4,
            CertifyError::Interrupted => 130,
        }
    }

    /// The error with its file named under `to` instead of `from` (the
    /// temporary folder's path, the folder's as the user named it).
    pub fn moved(self, from: &std::path::Path, to: &std::path::Path) -> CertifyError {
        // `to.join("")` would end the path with a slash.
        let rename = |file: PathBuf| match file.strip_prefix(from) {
            Ok(rest) if rest.as_os_str().is_empty() => to.to_path_buf(),
            Ok(rest) => to.join(rest),
            Err(_) => file,
        };
        match self {
            CertifyError::Rejected { file, step, reason } => CertifyError::Rejected {
                file: rename(file),
                step,
                reason,
            },
            CertifyError::Tool {
                program,
                file,
                reason,
                output,
            } => CertifyError::Tool {
                program,
                file: rename(file),
                reason,
                output,
            },
            CertifyError::Io { path, source } => CertifyError::Io {
                path: rename(path),
                source,
            },
            other => other,
        }
    }

    pub(super) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> CertifyError {
        CertifyError::Io {
            path: path.into(),
            source,
        }
    }
}

/// A tool's last lines of output below the message, or nothing.
fn frame(output: &str) -> String {
    if output.trim().is_empty() {
        return String::new();
    }
    format!("\n--- output ---\n{}\n---", output.trim_end())
}
