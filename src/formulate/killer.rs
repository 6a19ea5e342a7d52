//! Killer Sudoku (Kalvelagen 2019, `docs/sources.md`; `docs/formulation.md`'s
//! Killer section): the Latin rows plus boxes, and per cage "each value at
//! most once" and the sum written with k·x (no y). Model 1 keeps rows,
//! columns and boxes as `= 1`; model 2 writes every such family as `<= 1`,
//! which is enough because (2.1) already puts n² ones in the grid.

use super::cages::{add_row_or_drop, describe_cells};
use super::cover::Cover;
use super::encoding::{CageEncoding, Trace};
use super::{Formulation, KillerForm, Layout, Options, names, tupled};
use crate::model::{Model, ModelError, RowFamily, Sense};
use crate::puzzle::ir::{Cell, Puzzle};
use crate::puzzle::tuples;

pub(super) fn line_sense(form: KillerForm) -> Sense {
    match form {
        KillerForm::Separate => Sense::Eq,
        KillerForm::Combined => Sense::Le,
    }
}

/// Box rows (K.1), then each cage's rows in input order.
pub(super) fn rows(
    model: &mut Model,
    l: &Layout,
    puzzle: &Puzzle,
    box_size: usize,
    opts: &Options,
    trace: &mut Trace,
) -> Result<(), ModelError> {
    box_rows(model, l, puzzle, box_size, opts)?;
    cage_rows(model, l, puzzle, opts, None, trace)
}

fn box_rows(
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

/// How a Killer Sudoku cage is written: through the cover formulation's z
/// where it tabulates the cage, as its tuples in the tuple formulation
/// (within the tuple limit), else the seed's rows.
fn encoding(puzzle: &Puzzle, opts: &Options, c: usize, cover: Option<&Cover>) -> CageEncoding {
    if let Some(count) = cover.and_then(|cover| cover.count(c)) {
        return CageEncoding::Cover { count };
    }
    let tabulating = opts.formulation == Formulation::Tuples;
    let cage = &puzzle.cages[c];
    match tabulating
        .then(|| tuples::enumerate_under(puzzle.rules, cage, puzzle.size, opts.tuple_limit))
    {
        Some(Ok(tuples)) => CageEncoding::Tuples {
            tuples,
            beyond_the_paper: false,
        },
        _ => CageEncoding::Paper {
            past_tuple_limit: opts.formulation != Formulation::Melkonian,
        },
    }
}

/// Each cage's rows in input order, as its encoding says.
pub(super) fn cage_rows(
    model: &mut Model,
    l: &Layout,
    puzzle: &Puzzle,
    opts: &Options,
    cover: Option<&Cover>,
    trace: &mut Trace,
) -> Result<(), ModelError> {
    for (c, cage) in puzzle.cages.iter().enumerate() {
        let cells = cage.sorted_cells();
        let title = format!(
            "cage {}: {} on {}",
            c + 1,
            cage.target,
            describe_cells(&cells)
        );
        let encoding = encoding(puzzle, opts, c, cover);
        let (section, first) = (model.sections.len(), model.num_rows());
        let z = match &encoding {
            CageEncoding::Cover { .. } => {
                let cover = cover.expect("cover encodings come with the cover");
                let z = cover.z(c).expect("the cover tabulates this cage");
                model.section(cover.section_title(c, &title));
                tupled::choice_row(model, c, z)?;
                z.to_vec()
            }
            CageEncoding::Tuples { tuples: t, .. } => {
                model.section(format!("{title}; {} tuples (T.1, T.2)", t.count()));
                tupled::rows(model, l, c, t)?
            }
            CageEncoding::Paper { .. } | CageEncoding::ValueSets(_) => {
                model.section(title);
                sum_rows(model, l, c, &cells, cage.target as i64)?;
                Vec::new()
            }
        };
        trace.push(&encoding, section, first..model.num_rows(), None, &z);
    }
    Ok(())
}

/// The seed's rows of cage `c`: (K.2) each value at most once, unless the
/// cage is one cell, and (K.3) its sum `t` written with k·x.
fn sum_rows(
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
