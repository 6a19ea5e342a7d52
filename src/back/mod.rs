//! Back-ends: a [`Model`](crate::model::Model) in, solver input files out.
//! Each writes straight into an `io::Write`, so memory does not grow with the
//! output.

/// The output formats of `cagec compile --to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// CPLEX-LP, read identically by HiGHS, CBC and glpsol.
    Lp,
    /// Free MPS.
    Mps,
    /// Fixed-column MPS (names longer than 8 characters renamed, with a map).
    FixedMps,
    /// AMPL model + data pair (runs in glpsol).
    Ampl,
}

// Placeholders until the back-ends land; every one refuses to write.
use crate::ir::{Grid, Puzzle};
use crate::model::Model;
use std::io::{self, Write};

fn pending() -> io::Result<()> {
    Err(io::Error::other(
        "this output format is not implemented yet",
    ))
}

pub fn write_lp(_: &Model, _: &mut dyn Write) -> io::Result<()> {
    pending()
}

pub fn write_mps(_: &Model, _: &mut dyn Write) -> io::Result<()> {
    pending()
}

pub struct FixedNames;

impl FixedNames {
    pub fn renamed_count(&self) -> usize {
        0
    }
}

pub fn fixed_names(_: &Model) -> FixedNames {
    FixedNames
}

pub fn write_fixed_mps(_: &Model, _: &FixedNames, _: &mut dyn Write) -> io::Result<()> {
    pending()
}

pub fn write_rename_map(_: &FixedNames, _: &mut dyn Write) -> io::Result<()> {
    pending()
}

pub mod ampl {
    use super::*;
    pub fn write_model(_: &mut dyn Write) -> io::Result<()> {
        pending()
    }
    pub fn write_data(_: &Puzzle, _: &[Grid], _: &mut dyn Write) -> io::Result<()> {
        pending()
    }
}
