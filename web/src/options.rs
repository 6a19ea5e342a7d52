//! The page's model options: the command line's MODEL OPTIONS and `--to`,
//! by the command line's names (`fixed-mps`, `sets`, `tuples`), which the
//! core's enums read through serde. The core resolves them
//! ([`compile::Request`]): the page applies no default of its own.

use cagec::back::OutputFormat;
use cagec::compile::{self, ModelRequest};
use cagec::formulate::{Formulation, KillerForm, Options, ProductMethod};
use cagec::front::InputFormat;
use serde::Deserialize;

/// `{"to": "lp", "presolve": false, "product": "primes", "formulation":
/// "melkonian", "killer_form": "separate"}`; a missing field takes the
/// command line's default, and a missing or null `formulation` is none
/// named (the output format's default, as for `cagec compile`).
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ModelOptions {
    pub to: OutputFormat,
    pub presolve: bool,
    pub product: ProductMethod,
    pub formulation: Option<Formulation>,
    pub killer_form: KillerForm,
}

impl Default for ModelOptions {
    fn default() -> ModelOptions {
        let unnamed = ModelRequest::default();
        ModelOptions {
            to: OutputFormat::Lp,
            presolve: unnamed.presolve,
            product: unnamed.product,
            formulation: unnamed.formulation,
            killer_form: unnamed.killer_form,
        }
    }
}

impl ModelOptions {
    pub fn parse(json: &str) -> Result<ModelOptions, String> {
        serde_json::from_str(json).map_err(|e| format!("model options {json}: {e}"))
    }

    /// What the page asks of `compile`, for the core to resolve; `from` and
    /// `killer` as the puzzle's controls say.
    pub fn request(&self, from: Option<InputFormat>, killer: bool) -> compile::Request {
        compile::Request {
            from,
            killer,
            model: ModelRequest {
                presolve: self.presolve,
                product: self.product,
                formulation: self.formulation,
                killer_form: self.killer_form,
                ..ModelRequest::default()
            },
            to: Some(self.to),
        }
    }

    /// The formulation options the output format is written with, as
    /// `cagec compile` resolves its flags.
    pub fn formulate(&self) -> Options {
        self.request(None, false).options()
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
    fn without_a_formulation_each_format_writes_its_own_as_compile_does() {
        let opb = ModelOptions::parse(r#"{"to":"opb","formulation":null}"#).unwrap();
        assert_eq!(opb.formulate().formulation, Formulation::Tuples);
        let named = ModelOptions::parse(r#"{"to":"opb","formulation":"melkonian"}"#).unwrap();
        assert_eq!(named.formulate().formulation, Formulation::Melkonian);
        assert_eq!(
            named.request(None, false).command("kk2.cage"),
            "cagec compile kk2.cage --formulation melkonian --to opb"
        );
        // MiniZinc refuses the paper's rows named, as `compile --to mzn`.
        let mzn = ModelOptions::parse(r#"{"to":"mzn","formulation":"melkonian"}"#).unwrap();
        assert!(mzn.request(None, false).resolve().is_err());
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
