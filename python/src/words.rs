//! Python's words for what a core message asks the user to change: its
//! keyword arguments (`max_nonzeros`, `formulation="cover"`) and methods.

use std::borrow::Cow;

use cagec::explain::ExplainError;
use cagec::words::{Message, Setting, Words};

/// The keyword arguments of `Puzzle.compile`, `explain` and `solve`.
pub struct Keywords;

impl Words for Keywords {
    fn setting(&self, setting: Setting) -> Cow<'static, str> {
        match setting {
            // `Puzzle.from_file(path, format=...)`, `compile(to=...)`.
            Setting::From => Cow::Borrowed("format="),
            Setting::Html => Cow::Borrowed("explain_html()"),
            other => Cow::Owned(format!("{}=", other.snake_name())),
        }
    }

    fn choice(&self, setting: Setting, value: &str) -> String {
        match setting {
            Setting::From => format!("format={value:?}"),
            other => format!("{}={value:?}", other.snake_name()),
        }
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
