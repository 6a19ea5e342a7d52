//! Back-ends: a [`Model`] in, solver input files out.
//!
//! - [`write_lp`]: CPLEX-LP, read identically by HiGHS, CBC and glpsol;
//! - [`write_mps`]: free MPS; [`write_fixed_mps`]: fixed-column MPS with short
//!   names from [`fixed_names`] and a map back ([`write_rename_map`]);
//! - [`ampl`]: the paper's AMPL model and data pair, run by `glpsol -m -d`;
//! - [`write_solution`]: a feasible point as a MIPLIB-style `.sol` file;
//! - [`decode`]: the way back, a solver's values by the names written here
//!   to a grid;
//! - for the other solver families: [`write_opb`] (pseudo-Boolean),
//!   [`write_cnf`] (SAT), [`write_fzn`] (FlatZinc) from a model, and
//!   [`mzn`], the generic MiniZinc model and a data file per puzzle.
//!
//! Each renders an askama template from `templates/` straight into an
//! `io::Write` (buffered here), so memory does not grow with the output and
//! cost is linear in it. Per-row text is formatted by `Display` adapters in
//! Rust (`back/text.rs`); templates hold only the file's skeleton. Output is a pure
//! function of the model: the same model gives the same bytes.
//!
//! Every row is preceded by a comment with its paper equation and note, and
//! every section of the model by a banner, so a student can read a file next
//! to the paper. The solver traps each writer avoids are listed in
//! `docs/outputs.md` (and, behind them, `docs/solver-formats.md`).
//!
//! Bounds: the model's bounds are integers; `i64::MIN` and `i64::MAX` are read
//! as −∞ and +∞, so `Continuous { lo: 0, hi: i64::MAX }` is the default
//! `[0, +∞)` and writes no bound at all.

pub mod ampl;
mod cnf;
pub mod decode;
mod fixed;
mod fzn;
mod lp;
mod mathprog;
mod mps;
pub mod mzn;
mod opb;
mod sol;
pub(crate) mod text;

use std::io::{self, BufWriter, Write};

pub use cnf::{Amo, PAIRWISE_MAX, cnf_point, write_cnf, write_cnf_solution};
pub use fixed::{FixedNames, fixed_names, write_rename_map};
pub use fzn::write_fzn;
pub use lp::{lp_banner, lp_row, write_lp};
pub use mathprog::{write_mathprog, write_mathprog_data};
pub use mps::{write_fixed_comments, write_fixed_mps, write_mps};
pub use opb::{write_opb, write_opb_solution};
pub use sol::write_solution;

use crate::model::{Domain, Model};
use crate::words::Named;

/// The output formats of `cagec compile --to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(try_from = "String")]
#[derive(strum::VariantArray)]
pub enum OutputFormat {
    /// CPLEX-LP, read identically by HiGHS, CBC and glpsol.
    Lp,
    /// Free MPS.
    Mps,
    /// Fixed-column MPS (names longer than 8 characters renamed, with a map).
    FixedMps,
    /// AMPL model + data pair (runs in glpsol).
    Ampl,
    /// OPB, the pseudo-Boolean competition format (PB16): the 0/1 model.
    Opb,
    /// DIMACS CNF: the 0/1 model's rows as clauses.
    Cnf,
    /// MiniZinc: the generic cage-puzzle model + data pair.
    Mzn,
    /// FlatZinc: 0/1 variables as var bool, rows as bool_lin_eq / int_lin_eq.
    Fzn,
}

impl Named for OutputFormat {
    const ALL: &'static [OutputFormat] = <OutputFormat as strum::VariantArray>::VARIANTS;

    const WHAT: &'static str = "output format";

    /// The name `--to` takes.
    fn name(self) -> &'static str {
        match self {
            OutputFormat::Lp => "lp",
            OutputFormat::Mps => "mps",
            OutputFormat::FixedMps => "fixed-mps",
            OutputFormat::Ampl => "ampl",
            OutputFormat::Opb => "opb",
            OutputFormat::Cnf => "cnf",
            OutputFormat::Mzn => "mzn",
            OutputFormat::Fzn => "fzn",
        }
    }

    fn help(self) -> &'static str {
        match self {
            OutputFormat::Lp => "CPLEX-LP, read identically by HiGHS, CBC and glpsol",
            OutputFormat::Mps => "Free MPS",
            OutputFormat::FixedMps => {
                "Fixed-column MPS (names longer than 8 characters renamed, with a map)"
            }
            OutputFormat::Ampl => "AMPL model + data pair (runs in glpsol)",
            OutputFormat::Opb => "OPB, the pseudo-Boolean competition format (PB16): the 0/1 model",
            OutputFormat::Cnf => "DIMACS CNF: the 0/1 model's rows as clauses",
            OutputFormat::Mzn => "MiniZinc: the generic cage-puzzle model + data pair",
            OutputFormat::Fzn => {
                "FlatZinc: 0/1 variables as var bool, rows as bool_lin_eq / int_lin_eq"
            }
        }
    }
}

crate::words::from_name!(OutputFormat);

impl OutputFormat {
    /// The name `--to` takes ([`Named::name`], without the trait in scope).
    pub fn name(self) -> &'static str {
        Named::name(self)
    }

    /// A format of the other solver families (pseudo-Boolean, SAT,
    /// constraint programming), whose model is the tuples one by default.
    pub fn is_family(self) -> bool {
        matches!(
            self,
            OutputFormat::Opb | OutputFormat::Cnf | OutputFormat::Mzn | OutputFormat::Fzn
        )
    }
}

impl OutputFormat {
    /// The extension of its model file (`compile --out-dir` names files so).
    pub fn extension(self) -> &'static str {
        match self {
            OutputFormat::Lp => "lp",
            OutputFormat::Mps | OutputFormat::FixedMps => "mps",
            OutputFormat::Ampl => "mod",
            OutputFormat::Opb => "opb",
            OutputFormat::Cnf => "cnf",
            OutputFormat::Mzn => "mzn",
            OutputFormat::Fzn => "fzn",
        }
    }
}

/// Renders `template` into `out` through a buffer (askama writes in small
/// pieces) and flushes it.
fn render(template: &impl askama::Template, out: &mut dyn Write) -> io::Result<()> {
    let mut buf = BufWriter::with_capacity(1 << 16, out);
    askama::Template::write_into(template, &mut buf)?;
    buf.flush()
}

/// A variable's `(lower, upper)` bounds; `None` is an infinite one.
fn finite_bounds(domain: Domain) -> (Option<i64>, Option<i64>) {
    let (lo, hi) = domain.bounds();
    (
        (lo != i64::MIN).then_some(lo),
        (hi != i64::MAX).then_some(hi),
    )
}

/// The objective as one dense cost per variable (repeated terms merged);
/// empty when the objective is.
fn costs(model: &Model) -> Vec<i64> {
    if model.objective.is_empty() {
        return Vec::new();
    }
    let mut costs = vec![0i64; model.num_vars()];
    for t in &model.objective {
        if let Some(c) = costs.get_mut(t.var.index()) {
            *c += i64::from(t.coef);
        }
    }
    costs
}

#[cfg(test)]
mod tests;
