//! The model option sets that the file-reading tests compile every fixture
//! under (those of `snapshots.rs` and `killer.rs`), shared by
//! `glpsol_reads.rs`, `bundles.rs` and `web_browser.rs`, and the options
//! `compile` builds from such a set (also for `snapshots.rs`).

use cagec::back::OutputFormat;
use cagec::compile;
use cagec::formulate::Options;
use cagec::puzzle::ir::Rules;

pub const KENKEN_OPTIONS: &[&[&str]] = &[
    &[],
    &["--presolve"],
    &["--product", "sets"],
    &["--product", "auto"],
    &["--formulation", "tuples"],
    &["--formulation", "tuples", "--presolve"],
    &["--formulation", "cover", "--presolve"],
];

pub const KILLER_OPTIONS: &[&[&str]] = &[
    &[],
    &["--killer-form", "combined"],
    &["--formulation", "tuples"],
    &["--presolve"],
    &["--formulation", "cover"],
];

/// The option sets for a puzzle with these rules.
pub fn for_rules(rules: Rules) -> &'static [&'static [&'static str]] {
    match rules {
        Rules::KenKen => KENKEN_OPTIONS,
        Rules::Killer { .. } => KILLER_OPTIONS,
    }
}

/// The formulation options `compile` builds from one of these option sets.
pub fn formulate_options(set: &[&str]) -> Options {
    let mut opts = Options {
        presolve: set.contains(&"--presolve"),
        ..Default::default()
    };
    if let Some(v) = flag(set, "--product") {
        opts.product = v;
    }
    if let Some(v) = flag(set, "--formulation") {
        opts.formulation = v;
    }
    if let Some(v) = flag(set, "--killer-form") {
        opts.killer_form = v;
    }
    if let Some(i) = set.iter().position(|a| *a == "--tuple-limit") {
        let v = set[i + 1];
        opts.tuple_limit = v
            .parse()
            .unwrap_or_else(|e| panic!("--tuple-limit {v}: {e}"));
    }
    opts
}

/// The options `compile --to FORMAT` formulates with for one of these
/// option sets, resolved as the command resolves its flags (a
/// [`compile::Request`]: the other solver families write the tuples model
/// unless `--formulation` names another).
pub fn compile_options(set: &[&str], format: OutputFormat) -> Options {
    let opts = formulate_options(set);
    let model = compile::ModelRequest {
        presolve: opts.presolve,
        product: opts.product,
        formulation: flag(set, "--formulation"),
        tuple_limit: opts.tuple_limit,
        killer_form: opts.killer_form,
        max_nonzeros: opts.max_nonzeros,
    };
    let request = compile::Request {
        model,
        to: Some(format),
        ..compile::Request::default()
    };
    request.options()
}

/// The value after `name` in `set`, by its command-line spelling.
fn flag<T: serde::de::DeserializeOwned>(set: &[&str], name: &str) -> Option<T> {
    let i = set.iter().position(|a| *a == name)?;
    let v = serde_json::Value::from(set[i + 1]);
    Some(serde_json::from_value(v).unwrap_or_else(|e| panic!("{name} {}: {e}", set[i + 1])))
}
