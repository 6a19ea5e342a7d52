//! Why no model was built.

use crate::model::ModelError;
use crate::words::{Message, Rust, Setting, Words};

impl From<ModelError> for FormulateError {
    fn from(e: ModelError) -> FormulateError {
        match e {
            ModelError::TooLarge { limit } => FormulateError::TooLarge { limit },
            other => FormulateError::Model(other),
        }
    }
}

/// Why no model was built. A message that names a setting to change says
/// it in each face's words ([`Message`]); `Display` in the Rust API's.
#[derive(Debug, PartialEq, Eq)]
pub enum FormulateError {
    /// More non-zeros than [`Options::max_nonzeros`](super::Options::max_nonzeros).
    TooLarge {
        limit: usize,
    },
    Model(ModelError),
    /// Presolve proved that no grid satisfies the puzzle.
    NoSolution,
    PresolveTooLarge {
        max: usize,
    },
    /// A clue the paper has no rows for needs its tuples, and there are too many.
    TooManyTuples {
        cage: usize,
        limit: usize,
    },
    /// The cover formulation found a line where no cage can place a value.
    ValueNowhere {
        value: usize,
        line: String,
    },
    /// The other solver families' formats take the tuple model.
    CoverIsMip {
        format: &'static str,
    },
}

impl Message for FormulateError {
    fn message(&self, words: &dyn Words) -> String {
        match self {
            FormulateError::TooLarge { limit } => format!(
                "the model would have more than {limit} non-zeros (a limit that keeps absurd \
                 puzzles from taking the machine's memory); raise it with {}",
                words.setting(Setting::MaxNonzeros)
            ),
            FormulateError::Model(e) => e.to_string(),
            FormulateError::NoSolution => {
                "the puzzle has no solution: presolve found a contradiction".to_string()
            }
            FormulateError::PresolveTooLarge { max } => {
                format!("presolve handles grids up to {max}x{max}")
            }
            FormulateError::TooManyTuples { cage, limit } => format!(
                "cage {cage} has more than {limit} tuples, and its clue can only be written \
                 with them; raise {}",
                words.setting(Setting::TupleLimit)
            ),
            FormulateError::ValueNowhere { value, line } => {
                format!("the puzzle has no solution: no cage can place {value} in {line}")
            }
            FormulateError::CoverIsMip { format } => format!(
                "{} writes MIP models (lp, mps, fixed-mps, ampl); {format} takes {} or melkonian",
                words.choice(Setting::Formulation, "cover"),
                words.choice(Setting::Formulation, "tuples"),
            ),
        }
    }
}

impl std::fmt::Display for FormulateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(&Rust))
    }
}

impl std::error::Error for FormulateError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FormulateError::Model(e) => e.source(),
            _ => None,
        }
    }
}
