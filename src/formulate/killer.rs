//! Killer Sudoku (Kalvelagen 2019, `docs/sources.md`; `docs/formulation.md`'s
//! Killer section): the Latin rows plus boxes, and per cage "each value at
//! most once" and the sum written with k·x (no y). Model 1 keeps rows,
//! columns and boxes as `= 1`; model 2 writes every such family as `<= 1`,
//! which is enough because (2.1) already puts n² ones in the grid.

use super::cages::{add_row_or_drop, describe_cells};
use super::cover::Cover;
use super::{Formulation, KillerForm, Layout, Options, names, tupled};
use crate::ir::Puzzle;
use crate::model::{Model, ModelError, Sense};
use crate::tuples;

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
) -> Result<(), ModelError> {
    box_rows(model, l, puzzle, box_size, opts)?;
    cage_rows(model, l, puzzle, opts, None)
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
                "K.1",
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

/// Each cage's rows in input order; with `cover`, a (T.1) row over its z
/// for every cage it tabulates.
pub(super) fn cage_rows(
    model: &mut Model,
    l: &Layout,
    puzzle: &Puzzle,
    opts: &Options,
    cover: Option<&Cover>,
) -> Result<(), ModelError> {
    let n = l.n;
    for (c, cage) in puzzle.cages.iter().enumerate() {
        let cells = cage.sorted_cells();
        let title = format!(
            "cage {}: {} on {}",
            c + 1,
            cage.target,
            describe_cells(&cells)
        );
        if let Some(cover) = cover
            && let Some(z) = cover.z(c)
        {
            model.section(cover.section_title(c, &title));
            tupled::choice_row(model, c, z)?;
            continue;
        }
        if opts.formulation == Formulation::Tuples
            && let Ok(t) = tuples::enumerate_under(puzzle.rules, cage, n, opts.tuple_limit)
        {
            model.section(format!("{title}; {} tuples (T.1, T.2)", t.count()));
            tupled::rows(model, l, c, &t)?;
            continue;
        }
        model.section(title);
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
                    "K.2",
                    format!("cage {cn}: value {k} at most once"),
                    terms,
                    Sense::Le,
                    1,
                )?;
            }
        }
        let t = cage.target as i64;
        let terms = cells
            .iter()
            .flat_map(|cell| l.xs(cell.row as usize, cell.col as usize))
            .map(|(k, x)| (x, k as i64));
        add_row_or_drop(
            model,
            names::cage(c),
            "K.3",
            format!("cage {cn} ({t}): sum over its cells of k x = {t}"),
            terms,
            Sense::Eq,
            t,
        )?;
    }
    Ok(())
}
