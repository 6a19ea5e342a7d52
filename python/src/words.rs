//! The words Python's messages name settings in: the command line's, for
//! the messages Python repeats word for word.

use std::borrow::Cow;

use cagec::words::{Setting, Words};

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
