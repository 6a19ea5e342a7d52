//! The page's words for what a core message asks the user to change: its
//! controls, and for what it has no control of, the command line's flag.

use std::borrow::Cow;

use cagec::present::explain::ExplainError;
use cagec::words::{Message, Setting, Words};

/// The page's controls, by their labels.
pub struct Controls;

impl Controls {
    /// The label of the page's control for `setting`, if it has one.
    fn label(setting: Setting) -> Option<&'static str> {
        match setting {
            Setting::From => Some("Format"),
            Setting::To => Some("Output"),
            Setting::Formulation => Some("Formulation"),
            Setting::Product => Some("Products"),
            Setting::Presolve => Some("Presolve"),
            Setting::KillerForm => Some("Killer form"),
            Setting::Killer => Some("Killer rules"),
            _ => None,
        }
    }
}

impl Words for Controls {
    fn setting(&self, setting: Setting) -> Cow<'static, str> {
        match Controls::label(setting) {
            Some(label) => Cow::Owned(format!("the {label} control")),
            None => Cow::Owned(format!(
                "cagec's --{} (the page keeps its default)",
                setting.name()
            )),
        }
    }

    fn choice(&self, setting: Setting, value: &str) -> String {
        match Controls::label(setting) {
            Some(label) => format!("{label}: {value}"),
            None => format!("cagec's --{} {value}", setting.name()),
        }
    }
}

/// Why the page shows no explanation, in the page's words: a model too
/// large for it is still written in full above, and the command line
/// explains it as text.
pub fn explain_error(e: &ExplainError) -> String {
    match e {
        ExplainError::TooLargeForPage { nonzeros, limit } => format!(
            "the model has {nonzeros} non-zeros, more than the {limit} a page can show legibly; \
             the model file above is complete, and `cagec explain` explains it as text \
             (one cage with --cage)"
        ),
        e => e.message(&Controls),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cagec::formulate::FormulateError;

    #[test]
    fn messages_name_the_pages_controls_not_flags() {
        let cover = FormulateError::CoverIsMip { format: "opb" }.message(&Controls);
        assert!(
            cover.starts_with("Formulation: cover writes MIP models"),
            "{cover}"
        );
        let large = explain_error(&ExplainError::TooLargeForPage {
            nonzeros: 30_000,
            limit: 25_000,
        });
        assert!(!large.contains("--html"), "{large}");
        let limit = FormulateError::TooLarge { limit: 9 }.message(&Controls);
        assert!(limit.ends_with("cagec's --max-nonzeros (the page keeps its default)"));
    }
}
