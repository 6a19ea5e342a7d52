//! The page's model options: the command line's MODEL OPTIONS and `--to`,
//! by the command line's names (`fixed-mps`, `sets`, `tuples`), which the
//! core's enums read through serde.

use cagec::back::OutputFormat;
use cagec::formulate::{Formulation, KillerForm, Options, ProductMethod};
use serde::Deserialize;

/// `{"to": "lp", "presolve": false, "product": "primes", "formulation":
/// "melkonian", "killer_form": "separate"}`; a missing field takes the
/// command line's default.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ModelOptions {
    pub to: OutputFormat,
    pub presolve: bool,
    pub product: ProductMethod,
    pub formulation: Formulation,
    pub killer_form: KillerForm,
}

impl Default for ModelOptions {
    fn default() -> ModelOptions {
        let paper = Options::default();
        ModelOptions {
            to: OutputFormat::Lp,
            presolve: paper.presolve,
            product: paper.product,
            formulation: paper.formulation,
            killer_form: paper.killer_form,
        }
    }
}

impl ModelOptions {
    pub fn parse(json: &str) -> Result<ModelOptions, String> {
        serde_json::from_str(json).map_err(|e| format!("model options {json}: {e}"))
    }

    /// The formulation options, as `cagec compile` builds them from its flags.
    pub fn formulate(&self) -> Options {
        Options {
            presolve: self.presolve,
            product: self.product,
            formulation: self.formulation,
            killer_form: self.killer_form,
            ..Options::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_command_lines_names() {
        let o = ModelOptions::parse(
            r#"{"to":"fixed-mps","presolve":true,"product":"auto","formulation":"tuples","killer_form":"combined"}"#,
        )
        .unwrap();
        assert_eq!(o.to, OutputFormat::FixedMps);
        let f = o.formulate();
        assert!(f.presolve);
        assert_eq!(f.product, ProductMethod::Auto);
        assert_eq!(f.formulation, Formulation::Tuples);
        assert_eq!(f.killer_form, KillerForm::Combined);
        assert_eq!(
            ModelOptions::parse("{}").unwrap().formulate(),
            Options::default()
        );
    }

    #[test]
    fn refuses_unknown_names_and_fields() {
        let e = ModelOptions::parse(r#"{"product":"cubes"}"#).unwrap_err();
        assert!(
            e.contains(r#"unknown product method "cubes": expected one of primes, sets, auto"#),
            "{e}"
        );
        assert!(ModelOptions::parse(r#"{"presolved":true}"#).is_err());
    }
}
