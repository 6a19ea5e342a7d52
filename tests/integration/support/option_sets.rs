//! The model option sets that the file-reading tests compile every fixture
//! under (those of `snapshots.rs` and `killer.rs`), shared by
//! `glpsol_reads.rs`, `bundles.rs` and `web_browser.rs`.
#![allow(dead_code)]

use cagec::ir::Rules;

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
pub fn formulate_options(set: &[&str]) -> cagec::formulate::Options {
    let mut opts = cagec::formulate::Options {
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
    opts
}

/// The value after `name` in `set`, by its command-line spelling.
fn flag<T: serde::de::DeserializeOwned>(set: &[&str], name: &str) -> Option<T> {
    let i = set.iter().position(|a| *a == name)?;
    let v = serde_json::Value::from(set[i + 1]);
    Some(serde_json::from_value(v).unwrap_or_else(|e| panic!("{name} {}: {e}", set[i + 1])))
}
