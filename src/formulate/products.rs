//! Product cages by value sets, the paper's method 2 (§6.2, Appendix A).
//! Exact only for straight cages, whose values are distinct: the cage holds
//! the product exactly when its set of values is one of the sets S ⊆ 1..n
//! with |S| = |C| and ∏S = t.

use super::rows::add_row_or_drop;
use super::{Layout, ProductMethod, names};
use crate::model::{Column, Domain, Model, ModelError, RowFamily, Sense};
use crate::puzzle::ir::{Cage, Cell};
use crate::puzzle::tuples::Tuples;

/// The distinct value sets of a straight cage's tuples, each sorted.
pub fn value_sets(t: &Tuples) -> Vec<Vec<u8>> {
    let mut sets: Vec<Vec<u8>> = t
        .iter()
        .map(|tuple| {
            let mut s = tuple.to_vec();
            s.sort_unstable();
            s
        })
        .collect();
    sets.sort();
    sets.dedup();
    sets
}

/// Whether to write `sets` rather than the prime-exponent rows, in an
/// `n`×`n` grid where `present(cell, k)` says whether x[cell, k] is in the
/// model.
pub(super) fn prefer_sets(
    method: ProductMethod,
    n: usize,
    cells: &[Cell],
    primes: &[usize],
    sets: &[Vec<u8>],
    present: impl Fn(Cell, usize) -> bool,
) -> bool {
    match method {
        ProductMethod::Primes => false,
        ProductMethod::Sets => !sets.is_empty(),
        ProductMethod::Auto => {
            let by_primes: usize = primes
                .iter()
                .map(|&p| {
                    cells
                        .iter()
                        .map(|&cell| (p..=n).step_by(p).filter(|&k| present(cell, k)).count())
                        .sum::<usize>()
                })
                .sum();
            // The x of a set row that presolve kept, as `set_rows` writes them.
            let xs = |s: &Vec<u8>| -> usize {
                cells
                    .iter()
                    .map(|&c| s.iter().filter(|&&v| present(c, v as usize)).count())
                    .sum()
            };
            let by_sets: usize = match sets.len() {
                1 => xs(&sets[0]),
                m => sets.iter().map(|s| xs(s) + 1).sum::<usize>() + m,
            };
            !sets.is_empty() && by_sets < by_primes
        }
    }
}

/// (6.2.4)/(A.9) for one set; (A.11)–(A.12) with binaries w for several.
pub(super) fn set_rows(
    model: &mut Model,
    l: &Layout,
    c: usize,
    cage: &Cage,
    cells: &[Cell],
    sets: &[Vec<u8>],
) -> Result<(), ModelError> {
    let t = cage.target;
    let size = cells.len() as i64;
    let terms_of = |set: &[u8]| -> Vec<_> {
        cells
            .iter()
            .flat_map(|cell| {
                set.iter().filter_map(move |&v| {
                    l.x(cell.row as usize, cell.col as usize, v as usize)
                        .map(|x| (x, 1))
                })
            })
            .collect()
    };
    let show = |set: &[u8]| set.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    let cn = c + 1;
    if let [set] = sets {
        let eq = if cells.len() == 2 {
            RowFamily::PairValueSet
        } else {
            RowFamily::ValueSet
        };
        return add_row_or_drop(
            model,
            names::cage(c),
            eq,
            format!(
                "cage {cn} ({t}*): a straight cage whose values must be {{{}}}",
                show(set)
            ),
            terms_of(set),
            Sense::Eq,
            size,
        );
    }
    let mut choice = Vec::with_capacity(sets.len());
    for (s, set) in sets.iter().enumerate() {
        let w_set = Column::W {
            cage: c as u32,
            set: s as u32,
        };
        let w = model.add_column(w_set, Domain::Binary);
        choice.push((w, 1));
        let mut terms = terms_of(set);
        terms.push((w, -size));
        add_row_or_drop(
            model,
            names::cage_part(c, format_args!("s{}", s + 1)),
            RowFamily::ValueSetMembers,
            format!(
                "cage {cn} ({t}*): w_{cn}_{} = 1 forces the values {{{}}}",
                s + 1,
                show(set)
            ),
            terms,
            Sense::Ge,
            0,
        )?;
    }
    model.add_row(
        names::cage(c),
        RowFamily::ValueSetChoice,
        format!(
            "cage {cn} ({t}*): exactly one of its {} value sets",
            sets.len()
        ),
        choice,
        Sense::Eq,
        1,
    )
}
