//! The model option sets that the file-reading tests compile every fixture
//! under (those of `tests/snapshots.rs` and `tests/killer.rs`), shared by
//! `tests/glpsol_reads.rs` and `tests/bundles.rs`.
#![allow(dead_code)]

use cagec::ir::Rules;

pub const KENKEN_OPTIONS: &[&[&str]] = &[
    &[],
    &["--presolve"],
    &["--product", "sets"],
    &["--product", "auto"],
    &["--formulation", "tuples"],
    &["--formulation", "tuples", "--presolve"],
];

pub const KILLER_OPTIONS: &[&[&str]] = &[
    &[],
    &["--killer-form", "combined"],
    &["--formulation", "tuples"],
    &["--presolve"],
];

/// The option sets for a puzzle with these rules.
pub fn for_rules(rules: Rules) -> &'static [&'static [&'static str]] {
    match rules {
        Rules::KenKen => KENKEN_OPTIONS,
        Rules::Killer { .. } => KILLER_OPTIONS,
    }
}
