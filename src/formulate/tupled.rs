//! The tuple formulation ("Beyond the paper" in FORMULATION.md): a binary
//! z per cage tuple, exactly one chosen, and each x of the cage equal to the
//! sum of the z that give it its value. Per cage, this is the convex hull of
//! the feasible assignments.

use super::Layout;
use super::names;
use super::rows::add_row_or_drop;
use crate::model::{Column, Domain, Model, ModelError, RowFamily, Sense, VarId};
use crate::puzzle::tuples::Tuples;

/// (T.1) `Σ_τ z[C,τ] = 1`; (T.2) `x[i,j,k] − Σ_{τ(i,j)=k} z[C,τ] = 0`.
/// Returns the `(tuple index, z)` it declared.
pub(super) fn rows(
    model: &mut Model,
    l: &Layout,
    c: usize,
    t: &Tuples,
) -> Result<Vec<(usize, VarId)>, ModelError> {
    let z = declare(model, c, t, |pos, v| {
        let cell = t.cells[pos];
        l.x(cell.row as usize, cell.col as usize, v as usize)
            .is_some()
    });
    choice_row(model, c, &z)?;
    let cn = c + 1;
    for (pos, cell) in t.cells.iter().enumerate() {
        let (i, j) = (cell.row as usize, cell.col as usize);
        // The z of each value at this cell, in tuple order: one pass over the
        // tuples, not one per value.
        let mut by_value = vec![Vec::new(); l.n + 1];
        for &(ti, var) in &z {
            by_value[t.get(ti)[pos] as usize].push(var);
        }
        for (k, x) in l.xs(i, j) {
            // Streamed into the model, not collected: there are n of these
            // rows per cell of every tupled cage.
            let terms = std::iter::once((x, 1)).chain(by_value[k].iter().map(|&var| (var, -1)));
            add_row_or_drop(
                model,
                names::cage_part(c, format_args!("{}_{}_{k}", i + 1, j + 1)),
                RowFamily::TupleLink,
                format_args!(
                    "cage {cn}: cell ({},{}) holds {k} exactly when its tuple says so",
                    i + 1,
                    j + 1
                ),
                terms,
                Sense::Eq,
                0,
            )?;
        }
    }
    Ok(z)
}

/// Declares `z_C_T` for the tuples of cage `c` whose every value is
/// `allowed` (position in the tuple, value): presolve removes the others.
/// Names keep the tuple's index, so they do not move when presolve is
/// switched on. Returns `(tuple index, z)` in tuple order.
pub(super) fn declare(
    model: &mut Model,
    c: usize,
    t: &Tuples,
    allowed: impl Fn(usize, u8) -> bool,
) -> Vec<(usize, VarId)> {
    let kept: Vec<usize> = (t.iter().enumerate())
        .filter(|(_, tuple)| tuple.iter().enumerate().all(|(pos, &v)| allowed(pos, v)))
        .map(|(i, _)| i)
        .collect();
    let mut z = Vec::with_capacity(kept.len());
    // Consecutive tuples in one run: `z_C_` is written once for them all
    // (a cage can have hundreds of thousands) and the table grows by one.
    for run in kept.chunk_by(|&a, &b| b == a + 1) {
        let first = Column::Z {
            cage: c as u32,
            tuple: run[0] as u32,
        };
        let var = model.add_columns(first, run.len(), Domain::Binary);
        z.extend(run.iter().zip(var.0..).map(|(&i, v)| (i, VarId(v))));
    }
    z
}

/// (T.1) `cage_C`: exactly one of the cage's tuples.
pub(super) fn choice_row(
    model: &mut Model,
    c: usize,
    z: &[(usize, VarId)],
) -> Result<(), ModelError> {
    model.add_row(
        names::cage(c),
        RowFamily::TupleChoice,
        format!("cage {}: exactly one of its {} tuples", c + 1, z.len()),
        z.iter().map(|&(_, var)| (var, 1)),
        Sense::Eq,
        1,
    )
}
