//! The options of the formulation pass: which formulation of the cages,
//! how products are written, which of the Killer Sudoku models, presolve,
//! and the limits. The default is the paper's model.

use crate::words::Named;

/// How product cages are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(try_from = "String")]
#[derive(strum::VariantArray)]
pub enum ProductMethod {
    /// Method 1: one row per prime p ≤ n over the exponents of p (6.1.5).
    #[default]
    Primes,
    /// Method 2 on straight cages: value sets (6.2.4, A.9, A.11–A.12);
    /// bent cages still use primes.
    Sets,
    /// Per cage, the smaller exact encoding (fewer non-zeros).
    Auto,
}

/// Which formulation of the cages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(try_from = "String")]
#[derive(strum::VariantArray)]
pub enum Formulation {
    /// The paper's rows.
    #[default]
    Melkonian,
    /// One binary per cage tuple, x tied to the chosen tuple: the convex hull
    /// of each cage. Cages with too many tuples fall back to the paper's rows.
    Tuples,
    /// The tuples with x projected out: each row and column rule written
    /// over the tuples that place the value there (an exact cover: a third of
    /// the rows, and the same LP bound as the tuples). Cages with too many
    /// tuples keep the paper's rows on x and y.
    Cover,
}

/// The two Killer Sudoku models of the seed (Kalvelagen 2019).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(try_from = "String")]
#[derive(strum::VariantArray)]
pub enum KillerForm {
    /// Model 1: rows, columns and boxes `= 1`, cage values `<= 1`.
    #[default]
    Separate,
    /// Model 2: one family of `<= 1` rows over rows, columns, boxes and cages.
    Combined,
}

impl Named for ProductMethod {
    const ALL: &'static [ProductMethod] = <ProductMethod as strum::VariantArray>::VARIANTS;

    const WHAT: &'static str = "product method";

    fn name(self) -> &'static str {
        match self {
            ProductMethod::Primes => "primes",
            ProductMethod::Sets => "sets",
            ProductMethod::Auto => "auto",
        }
    }

    fn help(self) -> &'static str {
        match self {
            ProductMethod::Primes => {
                "Method 1: one row per prime p ≤ n over the exponents of p (6.1.5)"
            }
            ProductMethod::Sets => {
                "Method 2 on straight cages: value sets (6.2.4, A.9, A.11–A.12); bent cages \
                 still use primes"
            }
            ProductMethod::Auto => "Per cage, the smaller exact encoding (fewer non-zeros)",
        }
    }
}

impl Named for Formulation {
    const ALL: &'static [Formulation] = <Formulation as strum::VariantArray>::VARIANTS;

    const WHAT: &'static str = "formulation";

    fn name(self) -> &'static str {
        match self {
            Formulation::Melkonian => "melkonian",
            Formulation::Tuples => "tuples",
            Formulation::Cover => "cover",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Formulation::Melkonian => "The paper's rows",
            Formulation::Tuples => {
                "One binary per cage tuple, x tied to the chosen tuple: the convex hull of \
                 each cage. Cages with too many tuples fall back to the paper's rows"
            }
            Formulation::Cover => {
                "The tuples with x projected out: each row and column rule written over the \
                 tuples that place the value there (an exact cover: a third of the rows, and \
                 the same LP bound as the tuples). Cages with too many tuples keep the \
                 paper's rows on x and y"
            }
        }
    }
}

impl Named for KillerForm {
    const ALL: &'static [KillerForm] = <KillerForm as strum::VariantArray>::VARIANTS;

    const WHAT: &'static str = "Killer form";

    fn name(self) -> &'static str {
        match self {
            KillerForm::Separate => "separate",
            KillerForm::Combined => "combined",
        }
    }

    fn help(self) -> &'static str {
        match self {
            KillerForm::Separate => "Model 1: rows, columns and boxes `= 1`, cage values `<= 1`",
            KillerForm::Combined => {
                "Model 2: one family of `<= 1` rows over rows, columns, boxes and cages"
            }
        }
    }
}

crate::words::from_name!(ProductMethod, Formulation, KillerForm);

/// Options of the formulation pass; the default is the paper's model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Leave out x[i,j,k] wherever no cage tuple allows k in (i,j) after
    /// propagation.
    pub presolve: bool,
    pub product: ProductMethod,
    pub formulation: Formulation,
    /// Cages with more tuples than this keep the paper's rows.
    pub tuple_limit: usize,
    /// Killer Sudoku only: which of the seed's two models.
    pub killer_form: KillerForm,
    /// Models with more non-zeros are refused while they are built, so an
    /// absurd puzzle fails fast instead of taking the machine's memory.
    pub max_nonzeros: usize,
}

impl Options {
    /// Whether these are the paper's formulation (the resource limit aside).
    pub fn is_paper(&self) -> bool {
        let limit_aside = Options {
            max_nonzeros: Options::default().max_nonzeros,
            ..self.clone()
        };
        limit_aside == Options::default()
    }

    /// The fastest route for solving, measured in docs/solvers.md: each cage
    /// as its tuples (paper rows above the tuple limit), after presolve.
    pub fn fastest() -> Options {
        Options {
            presolve: true,
            formulation: Formulation::Tuples,
            ..Options::default()
        }
    }

    /// [`Options::fastest`] with these options' product method, tuple limit,
    /// Killer form and size limit: what `solve` runs when no formulation is
    /// named.
    pub fn fastest_like(&self) -> Options {
        Options {
            product: self.product,
            tuple_limit: self.tuple_limit,
            killer_form: self.killer_form,
            max_nonzeros: self.max_nonzeros,
            ..Options::fastest()
        }
    }

    /// A short label naming the model, as `solve` reports it:
    /// `melkonian`, `tuples+presolve`, `melkonian+product=sets`, …
    /// Options at their default are left out.
    pub fn label(&self) -> String {
        let default = Options::default();
        let mut label = self.formulation.name().to_string();
        if self.presolve {
            label.push_str("+presolve");
        }
        if self.product != default.product {
            label.push_str(&format!("+product={}", self.product.name()));
        }
        if self.formulation != Formulation::Melkonian && self.tuple_limit != default.tuple_limit {
            label.push_str(&format!("+tuple-limit={}", self.tuple_limit));
        }
        if self.killer_form != default.killer_form {
            label.push_str(&format!("+killer-form={}", self.killer_form.name()));
        }
        label
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            presolve: false,
            product: ProductMethod::Primes,
            formulation: Formulation::Melkonian,
            tuple_limit: 5_000,
            killer_form: KillerForm::Separate,
            max_nonzeros: 100_000_000,
        }
    }
}
