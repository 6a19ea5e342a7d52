//! What a face asked of `compile` (and of `stats`, `explain` and a solve's
//! model), resolved once into the options the model is written with: the
//! other solver families write the tuples model unless a formulation is
//! named, and the generic MiniZinc model refuses what it cannot write. The
//! command line, Python and the page each build a [`Request`] from their own
//! input and call it; no face applies a default of its own. A request can
//! also say itself as the command line that writes the same bytes
//! ([`Request::command`]), which the page shows.

use std::fmt::Write as _;

use super::{MznRefusal, refused_by_minizinc};
use crate::back::OutputFormat;
use crate::formulate::{Formulation, KillerForm, Options, ProductMethod};
use crate::front::InputFormat;
use crate::words::{Choices, Named, Setting, and_list};

/// The model options as a face was given them, before any default: the
/// formulation only if one was named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelRequest {
    pub presolve: bool,
    pub product: ProductMethod,
    /// None: the format's default ([`ModelRequest::options_for`]).
    pub formulation: Option<Formulation>,
    pub tuple_limit: usize,
    pub killer_form: KillerForm,
    pub max_nonzeros: usize,
}

impl Default for ModelRequest {
    /// Nothing named: the command line's defaults.
    fn default() -> ModelRequest {
        let paper = Options::default();
        ModelRequest {
            presolve: paper.presolve,
            product: paper.product,
            formulation: None,
            tuple_limit: paper.tuple_limit,
            killer_form: paper.killer_form,
            max_nonzeros: paper.max_nonzeros,
        }
    }
}

impl ModelRequest {
    /// The options with `formulation`.
    fn with(&self, formulation: Formulation) -> Options {
        Options {
            presolve: self.presolve,
            product: self.product,
            formulation,
            tuple_limit: self.tuple_limit,
            killer_form: self.killer_form,
            max_nonzeros: self.max_nonzeros,
        }
    }

    /// The model of the options themselves (`stats`, `explain`, a solve's
    /// request): the formulation named, else the paper's.
    pub fn options(&self) -> Options {
        self.with(self.formulation.unwrap_or_default())
    }

    /// The options `format` writes: the formulation named, else the
    /// format's default ([`default_formulation`]).
    pub fn options_for(&self, format: OutputFormat) -> Options {
        self.with(self.formulation.unwrap_or(default_formulation(format)))
    }
}

/// The formulation `format` writes when none is named: the paper's for the
/// MIP formats; the tuples for the other solver families (OPB, CNF,
/// MiniZinc, FlatZinc), whose 0/1 and integer forms start from it.
pub fn default_formulation(format: OutputFormat) -> Formulation {
    match format.is_family() {
        true => Formulation::Tuples,
        false => Formulation::default(),
    }
}

/// What a face asked of `compile`: the input as read, the model options as
/// named, and the output format (None for `stats` and `explain`, which
/// describe the model of the options themselves).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// The input format named (None: told by the text or the file's name).
    pub from: Option<InputFormat>,
    /// Killer Sudoku rules asked for.
    pub killer: bool,
    pub model: ModelRequest,
    pub to: Option<OutputFormat>,
}

impl Request {
    /// The options the model is written with ([`ModelRequest::options_for`]
    /// the format, or [`ModelRequest::options`] without one), or why the
    /// format refuses them: the generic MiniZinc model takes neither the
    /// paper's formulation named, nor another product method or Killer form.
    pub fn resolve(&self) -> Result<Options, MznRefusal> {
        if self.to == Some(OutputFormat::Mzn)
            && let Some(option) = refused_by_minizinc(&self.model.options(), self.model.formulation)
        {
            return Err(MznRefusal(option));
        }
        Ok(self.options())
    }

    /// The options the model is written with, refused or not (a page
    /// explains the model of options its format refuses).
    pub fn options(&self) -> Options {
        match self.to {
            Some(format) => self.model.options_for(format),
            None => self.model.options(),
        }
    }

    /// The command line that writes the same bytes from the puzzle in
    /// `file`: `cagec compile FILE [--from F] [--killer] [each option that
    /// differs from its default] --to FORMAT`.
    pub fn command(&self, file: &str) -> String {
        let mut words = vec!["cagec".to_string(), "compile".to_string(), shell_word(file)];
        let mut flag = |setting: Setting, value: Option<&str>| {
            let mut word = format!("--{}", setting.name());
            if let Some(value) = value {
                let _ = write!(word, " {value}");
            }
            words.push(word);
        };
        if let Some(from) = self.from {
            flag(Setting::From, Some(from.name()));
        }
        if self.killer {
            flag(Setting::Killer, None);
        }
        let (model, default) = (&self.model, ModelRequest::default());
        if model.presolve {
            flag(Setting::Presolve, None);
        }
        if model.product != default.product {
            flag(Setting::Product, Some(model.product.name()));
        }
        // A formulation named as the one the format writes anyway is none.
        let unnamed = self.to.map_or(Formulation::default(), default_formulation);
        if let Some(named) = model.formulation.filter(|&f| f != unnamed) {
            flag(Setting::Formulation, Some(named.name()));
        }
        if model.tuple_limit != default.tuple_limit {
            flag(Setting::TupleLimit, Some(&model.tuple_limit.to_string()));
        }
        if model.killer_form != default.killer_form {
            flag(Setting::KillerForm, Some(model.killer_form.name()));
        }
        if model.max_nonzeros != default.max_nonzeros {
            flag(Setting::MaxNonzeros, Some(&model.max_nonzeros.to_string()));
        }
        if let Some(to) = self.to {
            flag(Setting::To, Some(to.name()));
        }
        words.join(" ")
    }
}

/// The choices of a compile request, as faces list them (the page fills
/// its selects with them), in the order of the command line's flags: the
/// input format, the output format, the formulation, the product method
/// and the Killer form.
pub fn choices() -> Vec<Choices> {
    let families: Vec<&str> = (OutputFormat::ALL.iter())
        .filter(|f| default_formulation(**f) != Formulation::default())
        .map(|f| f.name())
        .collect();
    vec![
        Choices::of::<InputFormat>(Setting::From, None).unnamed(
            "a Keen ID when the text is one, else by the file's extension, else cage lines",
        ),
        Choices::of(Setting::To, Some(OutputFormat::Lp)),
        Choices::of::<Formulation>(Setting::Formulation, None).unnamed(format!(
            "{}, or {} for {}",
            Formulation::default().name(),
            Formulation::Tuples.name(),
            and_list(&families)
        )),
        Choices::of(Setting::Product, Some(ProductMethod::default())),
        Choices::of(Setting::KillerForm, Some(KillerForm::default())),
    ]
}

/// `word` as a POSIX shell reads it back: as it is when it holds nothing
/// the shell treats specially, else in single quotes.
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "._-/+,:=@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        return word.to_string();
    }
    format!("'{}'", word.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(to: OutputFormat, model: ModelRequest) -> Request {
        Request {
            to: Some(to),
            model,
            ..Request::default()
        }
    }

    #[test]
    fn the_other_families_write_the_tuples_unless_a_formulation_is_named() {
        let unnamed = ModelRequest::default();
        assert_eq!(unnamed.options(), Options::default());
        for &to in OutputFormat::ALL {
            let written = request(to, unnamed.clone()).options().formulation;
            let want = match to.is_family() {
                true => Formulation::Tuples,
                false => Formulation::Melkonian,
            };
            assert_eq!(written, want, "{to:?}");
            let cover = ModelRequest {
                formulation: Some(Formulation::Cover),
                ..unnamed.clone()
            };
            assert_eq!(request(to, cover).options().formulation, Formulation::Cover);
        }
    }

    #[test]
    fn minizinc_refuses_what_its_model_cannot_write() {
        let named = |f| ModelRequest {
            formulation: Some(f),
            ..ModelRequest::default()
        };
        let mzn = |model| request(OutputFormat::Mzn, model).resolve();
        assert!(mzn(ModelRequest::default()).is_ok());
        assert!(mzn(named(Formulation::Tuples)).is_ok());
        let melkonian = mzn(named(Formulation::Melkonian)).unwrap_err();
        assert_eq!(melkonian.0.setting, Setting::Formulation);
        let sets = ModelRequest {
            product: ProductMethod::Sets,
            ..ModelRequest::default()
        };
        assert_eq!(mzn(sets.clone()).unwrap_err().0.setting, Setting::Product);
        // Only MiniZinc refuses; the FlatZinc model takes them all.
        assert!(request(OutputFormat::Fzn, sets).resolve().is_ok());
    }

    #[test]
    fn the_choices_are_every_named_value_with_its_default() {
        let lists = choices();
        let settings: Vec<&str> = lists.iter().map(|c| c.setting).collect();
        assert_eq!(
            settings,
            ["from", "to", "formulation", "product", "killer-form"]
        );
        let formulation = &lists[2];
        let names: Vec<&str> = formulation.choices.iter().map(|c| c.name).collect();
        assert_eq!(names, Formulation::names());
        assert_eq!(formulation.default, None);
        assert_eq!(
            formulation.unnamed.as_deref(),
            Some("melkonian, or tuples for opb, cnf, mzn and fzn")
        );
        assert_eq!(lists[3].default, Some("primes"));
        let cages = &lists[0].choices[0];
        assert_eq!((cages.name, cages.aliases), ("cages", &["jwiki"][..]));
        assert!(
            lists
                .iter()
                .flat_map(|l| &l.choices)
                .all(|c| !c.help.is_empty())
        );
    }

    #[test]
    fn the_command_names_what_differs_from_the_defaults() {
        let lp = request(OutputFormat::Lp, ModelRequest::default());
        assert_eq!(lp.command("kk2.cage"), "cagec compile kk2.cage --to lp");
        let every = Request {
            from: Some(InputFormat::Grid),
            killer: true,
            model: ModelRequest {
                presolve: true,
                product: ProductMethod::Auto,
                formulation: Some(Formulation::Cover),
                tuple_limit: 7,
                killer_form: KillerForm::Combined,
                max_nonzeros: 50,
            },
            to: Some(OutputFormat::FixedMps),
        };
        assert_eq!(
            every.command("my puzzle's.cmap"),
            "cagec compile 'my puzzle'\\''s.cmap' --from grid --killer --presolve \
             --product auto --formulation cover --tuple-limit 7 --killer-form combined \
             --max-nonzeros 50 --to fixed-mps"
        );
        // A formulation named as the format's default is no flag; another is.
        let named = |f, to| {
            let model = ModelRequest {
                formulation: Some(f),
                ..ModelRequest::default()
            };
            request(to, model).command("kk2.cage")
        };
        assert_eq!(
            named(Formulation::Melkonian, OutputFormat::Lp),
            "cagec compile kk2.cage --to lp"
        );
        assert_eq!(
            named(Formulation::Tuples, OutputFormat::Opb),
            "cagec compile kk2.cage --to opb"
        );
        assert_eq!(
            named(Formulation::Melkonian, OutputFormat::Cnf),
            "cagec compile kk2.cage --formulation melkonian --to cnf"
        );
    }
}
