//! The settings a message can point a user to, and how each face names them.
//!
//! A core error that says what to change ("raise the non-zero limit") holds
//! the [`Setting`] as data; a face renders it in its own words through
//! [`Words`]: the command line names its flags (`--max-nonzeros`), Python
//! its keywords (`max_nonzeros`), the web page its controls, and the Rust
//! API its fields. `Display` on a core error uses [`Rust`]'s words, those of
//! the library itself; a face calls [`Message::message`] with its own.

use std::borrow::Cow;

/// A setting that a message can ask the user to change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    /// The input format of a puzzle file.
    From,
    /// The output format.
    To,
    Formulation,
    Product,
    Presolve,
    TupleLimit,
    KillerForm,
    MaxNonzeros,
    /// `explain`: one cage only.
    Cage,
    /// `explain`: the page rather than text.
    Html,
    Solver,
    Via,
    Threads,
    TimeLimit,
    /// A MIP start.
    Start,
    /// Keeping the run files.
    Keep,
}

impl Setting {
    /// The setting's name in kebab case, as the command line spells it
    /// without its dashes (`max-nonzeros`).
    pub fn name(self) -> &'static str {
        match self {
            Setting::From => "from",
            Setting::To => "to",
            Setting::Formulation => "formulation",
            Setting::Product => "product",
            Setting::Presolve => "presolve",
            Setting::TupleLimit => "tuple-limit",
            Setting::KillerForm => "killer-form",
            Setting::MaxNonzeros => "max-nonzeros",
            Setting::Cage => "cage",
            Setting::Html => "html",
            Setting::Solver => "solver",
            Setting::Via => "via",
            Setting::Threads => "threads",
            Setting::TimeLimit => "time-limit",
            Setting::Start => "start",
            Setting::Keep => "keep",
        }
    }

    /// The name in snake case (`max_nonzeros`): Python's keyword, the Rust
    /// field.
    pub fn snake_name(self) -> String {
        self.name().replace('-', "_")
    }
}

/// How a face names settings in its messages.
pub trait Words {
    /// The setting alone: `--max-nonzeros`, `max_nonzeros`.
    fn setting(&self, setting: Setting) -> Cow<'static, str>;
    /// The setting with a value: `--formulation cover`, `formulation="cover"`.
    fn choice(&self, setting: Setting, value: &str) -> String;
}

/// The Rust API's words: `Options::max_nonzeros`, `formulation = cover`.
/// What `Display` on a core error says.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rust;

impl Words for Rust {
    fn setting(&self, setting: Setting) -> Cow<'static, str> {
        Cow::Owned(format!("`{}`", setting.snake_name()))
    }

    fn choice(&self, setting: Setting, value: &str) -> String {
        format!("`{} = {value}`", setting.snake_name())
    }
}

/// A message that names settings, rendered in a face's words.
pub trait Message: std::fmt::Display {
    /// The message in `words`; `Display` is the same in [`Rust`]'s.
    fn message(&self, words: &dyn Words) -> String;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rust_api_names_its_fields() {
        assert_eq!(Rust.setting(Setting::MaxNonzeros), "`max_nonzeros`");
        assert_eq!(
            Rust.choice(Setting::Formulation, "cover"),
            "`formulation = cover`"
        );
    }
}
