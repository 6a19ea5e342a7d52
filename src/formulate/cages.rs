//! Every cage's rows, KenKen or Killer Sudoku, in input order: each cage's
//! section, then its rows as its [`CageEncoding`] says, written by the
//! module of that encoding — [`paper`](super::paper) (the paper's rows) or
//! [`killer`](super::killer) (the seed's), [`products`](super::products)
//! (value sets), [`tupled`](super::tupled) (tuples), or
//! [`cover`](super::cover) — and what was written, for `explain`.

use super::cover::Cover;
use super::encoding::{CageEncoding, Encodings, Trace};
use super::paper::PaperRows;
use super::rows::describe_cells;
use super::{FormulateError, Layout, Options, killer, products, tupled};
use crate::model::{Model, VarId};
use crate::puzzle::ir::{Cage, Cell, Puzzle, Rules};

/// Every cage's rows, in input order, as its encoding says; `u` holds the
/// orientations of a KenKen model's difference and ratio cages (empty in
/// Killer Sudoku), `cover` the cover formulation's z.
#[allow(clippy::too_many_arguments)]
pub(super) fn cage_rows(
    model: &mut Model,
    l: &Layout,
    puzzle: &Puzzle,
    opts: &Options,
    encodings: Encodings,
    u: &[Option<VarId>],
    cover: Option<&Cover>,
    trace: &mut Trace,
) -> Result<(), FormulateError> {
    let paper = PaperRows::new(l.n);
    for ((c, cage), encoding) in puzzle.cages.iter().enumerate().zip(encodings) {
        let encoding = encoding?;
        let cells = cage.sorted_cells();
        let title = title(puzzle.rules, c, cage, &cells);
        let u = u.get(c).copied().flatten();
        let (section, first) = (model.sections.len(), model.num_rows());
        let mut z = Vec::new();
        match &encoding {
            CageEncoding::Cover { .. } => {
                let cover = cover.expect("cover encodings come with the cover");
                let zs = cover.z(c).expect("the cover tabulates this cage");
                model.section(cover.section_title(c, &title));
                tupled::choice_row(model, c, zs)?;
                z = zs.to_vec();
            }
            CageEncoding::Tuples {
                tuples: t,
                beyond_the_paper,
            } => {
                model.section(match beyond_the_paper {
                    true => format!(
                        "{title}; {} tuples (T.1, T.2): no linear rows in the paper for this clue",
                        t.count()
                    ),
                    false => format!("{title}; {} tuples (T.1, T.2)", t.count()),
                });
                z = tupled::rows(model, l, c, t)?;
            }
            CageEncoding::ValueSets(sets) => {
                model.section(title);
                products::set_rows(model, l, c, cage, &cells, sets)?;
            }
            CageEncoding::Paper { past_tuple_limit } => match puzzle.rules {
                Rules::KenKen => {
                    model.section(match past_tuple_limit {
                        true => format!(
                            "{title}; more than {} tuples: the paper's rows instead",
                            opts.tuple_limit
                        ),
                        false => title,
                    });
                    paper.rows(model, l, c, cage, &cells, u)?;
                }
                Rules::Killer { .. } => {
                    model.section(title);
                    killer::sum_rows(model, l, c, &cells, cage.target as i64)?;
                }
            },
        }
        trace.push(&encoding, section, first..model.num_rows(), u, &z);
    }
    Ok(())
}

/// `cage 3: 11+ on (1,1) (1,2)`; a Killer Sudoku cage's sum has no sign.
fn title(rules: Rules, c: usize, cage: &Cage, cells: &[Cell]) -> String {
    match rules {
        Rules::KenKen => format!(
            "cage {}: {}{} on {}",
            c + 1,
            cage.target,
            cage.op.symbol(),
            describe_cells(cells)
        ),
        Rules::Killer { .. } => format!(
            "cage {}: {} on {}",
            c + 1,
            cage.target,
            describe_cells(cells)
        ),
    }
}
