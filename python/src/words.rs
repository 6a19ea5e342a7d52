//! Python's words for the settings core messages point to: its keyword
//! arguments (`via="ampl"`, `max_nonzeros`); and the command line's, for
//! the messages Python repeats word for word.

use std::borrow::Cow;

use cagec::solve::{ConfigError, Solver, Via};
use cagec::words::{Message, Setting, Words};

/// `time_limit`, `solver="glpk"`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Keywords;

impl Words for Keywords {
    fn setting(&self, setting: Setting) -> Cow<'static, str> {
        Cow::Owned(setting.snake_name())
    }

    fn choice(&self, setting: Setting, value: &str) -> String {
        format!("{}={value:?}", setting.snake_name())
    }
}

/// The command line's flags (`--to mzn`): `compile`'s errors are the
/// command line's, word for word (tests/test_compile.py compares them).
#[derive(Clone, Copy, Debug, Default)]
pub struct CommandLine;

impl Words for CommandLine {
    fn setting(&self, setting: Setting) -> Cow<'static, str> {
        Cow::Owned(format!("--{}", setting.name()))
    }

    fn choice(&self, setting: Setting, value: &str) -> String {
        format!("--{} {value}", setting.name())
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
