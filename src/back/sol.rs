//! A feasible point as a MIPLIB-style solution file: `=obj= VALUE`, then one
//! `NAME VALUE` line per column, in column order, values as integers. The
//! names are those of the model file the point goes with (the short names of
//! a fixed-MPS file). The format has no comment lines: HiGHS
//! (`--read_solution_file`) would read a comment as a column name.

use std::io::{self, BufWriter, Write};

use super::FixedNames;
use crate::model::{Model, VarId};

/// Writes `point` (one value per column of `model`) with the model file's
/// column names: the canonical ones, or `fixed`'s short ones.
pub fn write_solution(
    model: &Model,
    fixed: Option<&FixedNames>,
    point: &[i64],
    out: &mut dyn Write,
) -> io::Result<()> {
    if point.len() != model.num_vars() {
        return Err(io::Error::other(format!(
            "a point of {} values for a model of {} columns",
            point.len(),
            model.num_vars()
        )));
    }
    if fixed.is_some_and(|names| !names.fits(model)) {
        return Err(io::Error::other("fixed-MPS names made for another model"));
    }
    let mut w = BufWriter::with_capacity(1 << 16, out);
    writeln!(w, "=obj= {}", model.objective_value(point))?;
    for (i, value) in point.iter().enumerate() {
        let var = VarId(i as u32);
        match fixed {
            Some(names) => writeln!(w, "{} {value}", names.col(model, var).as_str())?,
            None => writeln!(w, "{} {value}", model.var_name(var))?,
        }
    }
    w.flush()
}

/// A solution as the SAT and PB competitions print one: `s SATISFIABLE`,
/// then the literals (`x1 -x2` in OPB, `1 -2 … 0` in DIMACS) on `v` lines of
/// at most 80 characters.
pub(super) fn write_competition(
    words: impl Iterator<Item = String>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut w = BufWriter::with_capacity(1 << 16, out);
    w.write_all(b"s SATISFIABLE\nv")?;
    let mut col = 1;
    for word in words {
        if col + 1 + word.len() > 80 {
            w.write_all(b"\nv")?;
            col = 1;
        }
        write!(w, " {word}")?;
        col += 1 + word.len();
    }
    w.write_all(b"\n")?;
    w.flush()
}
