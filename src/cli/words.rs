//! The command line's words for the settings core messages point to: its
//! flags.

use std::borrow::Cow;

use cagec::words::{Setting, Words};

/// `--max-nonzeros`, `--formulation cover`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flags;

impl Words for Flags {
    fn setting(&self, setting: Setting) -> Cow<'static, str> {
        Cow::Owned(format!("--{}", setting.name()))
    }

    fn choice(&self, setting: Setting, value: &str) -> String {
        format!("--{} {value}", setting.name())
    }
}
