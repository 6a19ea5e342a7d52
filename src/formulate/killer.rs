//! Killer Sudoku (Kalvelagen 2019, `docs/sources.md`; `docs/formulation.md`'s
//! Killer section): the Latin rows plus boxes, and per cage written with
//! the seed's rows ([`CageEncoding::Paper`] in Killer Sudoku) "each value at
//! most once" and the sum written with k·x (no y). Model 1 keeps rows,
//! columns and boxes as `= 1`; model 2 writes every such family as `<= 1`,
//! which is enough because (2.1) already puts n² ones in the grid.
//!
//! [`CageEncoding::Paper`]: super::CageEncoding::Paper

use super::rows::add_row_or_drop;
use super::{KillerForm, Layout, Options, names};
use crate::model::{Model, ModelError, RowFamily, Sense};
use crate::puzzle::ir::{Cell, Puzzle};

pub(super) fn line_sense(form: KillerForm) -> Sense {
    match form {
        KillerForm::Separate => Sense::Eq,
        KillerForm::Combined => Sense::Le,
    }
}

/// The box rows (K.1).
pub(super) fn box_rows(
    model: &mut Model,
    l: &Layout,
    puzzle: &Puzzle,
    box_size: usize,
    opts: &Options,
) -> Result<(), ModelError> {
    let n = l.n;
    let sense = line_sense(opts.killer_form);
    model.section(box_title(box_size));
    for (b, cells) in puzzle.boxes().iter().enumerate() {
        for k in 1..=n {
            let terms = cells
                .iter()
                .filter_map(|c| l.x(c.row as usize, c.col as usize, k))
                .map(|x| (x, 1));
            add_row_or_drop(
                model,
                format!("box_{}_{k}", b + 1),
                RowFamily::BoxValueOnce,
                format!("value {k} appears once in box {} (row-major)", b + 1),
                terms,
                sense,
                1,
            )?;
        }
    }
    Ok(())
}

/// The section title of the (K.1) rows.
pub(super) fn box_title(box_size: usize) -> String {
    format!("(K.1) every value appears once in each {box_size}x{box_size} box")
}

/// The seed's rows of cage `c`: (K.2) each value at most once, unless the
/// cage is one cell, and (K.3) its sum `t` written with k·x.
pub(super) fn sum_rows(
    model: &mut Model,
    l: &Layout,
    c: usize,
    cells: &[Cell],
    t: i64,
) -> Result<(), ModelError> {
    let n = l.n;
    let cn = c + 1;
    if cells.len() > 1 {
        for k in 1..=n {
            let terms = cells
                .iter()
                .filter_map(|cell| l.x(cell.row as usize, cell.col as usize, k))
                .map(|x| (x, 1));
            add_row_or_drop(
                model,
                names::cage_part(c, format_args!("v{k}")),
                RowFamily::CageValuesDistinct,
                format!("cage {cn}: value {k} at most once"),
                terms,
                Sense::Le,
                1,
            )?;
        }
    }
    let terms = cells
        .iter()
        .flat_map(|cell| l.xs(cell.row as usize, cell.col as usize))
        .map(|(k, x)| (x, k as i64));
    add_row_or_drop(
        model,
        names::cage(c),
        RowFamily::KillerCageSum,
        format!("cage {cn} ({t}): sum over its cells of k x = {t}"),
        terms,
        Sense::Eq,
        t,
    )
}
