//! Python's words for the settings core messages point to: its keyword
//! arguments (`max_nonzeros`, `via="ampl"`) and its methods.

use std::borrow::Cow;

use cagec::present::explain::ExplainError;
use cagec::solve::{ConfigError, Solver, Via};
use cagec::words::{Message, Setting, Words};

/// The keyword arguments of `Puzzle.from_file`, `compile`, `explain` and
/// `solve`: `time_limit`, `solver="glpk"`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Keywords;

impl Words for Keywords {
    fn setting(&self, setting: Setting) -> Cow<'static, str> {
        match setting {
            // `Puzzle.from_file(path, format=...)`.
            Setting::From => Cow::Borrowed("format"),
            Setting::Html => Cow::Borrowed("explain_html()"),
            other => Cow::Owned(other.snake_name()),
        }
    }

    fn choice(&self, setting: Setting, value: &str) -> String {
        format!("{}={value:?}", self.setting(setting))
    }
}

/// Why a solve request cannot run, in Python's words: the AMPL route's
/// sentence is Python's own, the others the core's with Python's keywords.
pub fn config_message(e: &ConfigError) -> String {
    match e {
        ConfigError::AmplThroughGlpsol { .. } => format!(
            "{} runs glpsol's MathProg translator: use {}",
            Keywords.choice(Setting::Via, Via::Ampl.name()),
            Keywords.choice(Setting::Solver, Solver::Glpk.name())
        ),
        e => e.message(&Keywords),
    }
}

/// An explanation refused, in Python's words.
pub fn explain_error(e: &ExplainError) -> String {
    match e {
        ExplainError::TooLargeForPage { nonzeros, limit } => format!(
            "the model has {nonzeros} non-zeros, more than the {limit} a page can show \
             legibly; explain it as text with explain(), or one cage with explain(cage=C)"
        ),
        e => e.message(&Keywords),
    }
}
