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
    /// Killer Sudoku rules.
    Killer,
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
            Setting::Killer => "killer",
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

/// Every variant of an enum as an array, from strum's `VariantArray`
/// (`[T; COUNT]`, for the enums whose `ALL` is an array): derived, so a
/// variant added to the enum is in `ALL` without a line of its own.
pub const fn every<T: Copy, const N: usize>(variants: &[T]) -> [T; N] {
    assert!(variants.len() == N, "COUNT and VARIANTS disagree");
    let mut all = [variants[0]; N];
    let mut i = 1;
    while i < N {
        all[i] = variants[i];
        i += 1;
    }
    all
}

/// A choice a user names: an input or output format, a formulation, an
/// operation. Every face reads and lists the choices by these names, so a
/// name is spelled once, here in the core.
pub trait Named: Copy + PartialEq + 'static {
    /// Every choice, in the order faces list them.
    const ALL: &'static [Self];

    /// What the choices are, for a message (`output format`, `solver`).
    const WHAT: &'static str;

    /// The name every face reads and writes (`fixed-mps`, `tuples`).
    fn name(self) -> &'static str;

    /// Other names read as this choice (`jwiki` for `cages`).
    fn aliases(self) -> &'static [&'static str] {
        &[]
    }

    /// One line on what the choice is: the command line's help for the
    /// value (a test holds the two equal), the page's description.
    fn help(self) -> &'static str;

    /// The choice named `text` (a name or an alias).
    fn from_name(text: &str) -> Option<Self> {
        (Self::ALL.iter().copied()).find(|c| c.name() == text || c.aliases().contains(&text))
    }

    /// Every name, in order, for a message that lists them.
    fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|c| c.name()).collect()
    }
}

/// One setting's choices, as a face lists them (the page fills its
/// selects with them): each choice's name, aliases and help, and which is
/// taken when none is named.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Choices {
    /// The setting, as [`Setting::name`] spells it (`killer-form`).
    pub setting: &'static str,
    /// What the choices are (`Killer form`), as [`Named::WHAT`].
    pub what: &'static str,
    /// The choice taken when none is named; null when that depends, and
    /// `unnamed` says what is taken.
    pub default: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unnamed: Option<String>,
    pub choices: Vec<Choice>,
}

/// One choice of a [`Choices`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Choice {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub help: &'static str,
}

impl Choices {
    /// Every choice of `T` for `setting`, in [`Named::ALL`]'s order, with
    /// `default` taken when none is named.
    pub fn of<T: Named>(setting: Setting, default: Option<T>) -> Choices {
        Choices {
            setting: setting.name(),
            what: T::WHAT,
            default: default.map(T::name),
            unnamed: None,
            choices: (T::ALL.iter())
                .map(|&c| Choice {
                    name: c.name(),
                    aliases: c.aliases(),
                    help: c.help(),
                })
                .collect(),
        }
    }

    /// With no default: what is taken when none is named.
    pub fn unnamed(self, taken: impl Into<String>) -> Choices {
        Choices {
            default: None,
            unnamed: Some(taken.into()),
            ..self
        }
    }
}

/// A name that is none of the choices: what kind of choice, what was
/// found and what is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    pub what: &'static str,
    pub found: String,
    pub names: Vec<&'static str>,
}

impl UnknownName {
    /// `found`, none of `T`'s names.
    pub fn of<T: Named>(found: &str) -> UnknownName {
        UnknownName {
            what: T::WHAT,
            found: found.to_string(),
            names: T::names(),
        }
    }
}

impl std::fmt::Display for UnknownName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown {} {:?}: expected one of {}",
            self.what,
            self.found,
            self.names.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// `FromStr` for a [`Named`] choice, by its names and aliases, and
/// `TryFrom<String>`, through which serde reads it (`#[serde(try_from =
/// "String")]`), so a page's JSON takes exactly the same names.
macro_rules! from_name {
    ($($t:ty),* $(,)?) => {$(
        impl std::str::FromStr for $t {
            type Err = $crate::words::UnknownName;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                <$t as $crate::words::Named>::from_name(s)
                    .ok_or_else(|| $crate::words::UnknownName::of::<$t>(s))
            }
        }

        impl TryFrom<String> for $t {
            type Error = $crate::words::UnknownName;
            fn try_from(s: String) -> Result<Self, Self::Error> {
                s.parse()
            }
        }
    )*};
}
pub(crate) use from_name;

/// `a`, `a and b`, `a, b and c`: a list in a sentence.
pub fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
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
    fn sentences_list_with_and() {
        assert_eq!(and_list(&["lp"]), "lp");
        assert_eq!(and_list(&["HiGHS", "CBC"]), "HiGHS and CBC");
        assert_eq!(
            and_list(&["lp", "mps", "fixed-mps"]),
            "lp, mps and fixed-mps"
        );
    }

    #[test]
    fn the_rust_api_names_its_fields() {
        assert_eq!(Rust.setting(Setting::MaxNonzeros), "`max_nonzeros`");
        assert_eq!(
            Rust.choice(Setting::Formulation, "cover"),
            "`formulation = cover`"
        );
    }
}
