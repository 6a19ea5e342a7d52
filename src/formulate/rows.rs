//! What every emitting module of the formulation shares: a row that
//! presolve may leave empty, and the cells of a cage in comments. A leaf:
//! it imports no sibling, so the emitting modules never import each other
//! for it.

use crate::model::{Model, ModelError, RowFamily, Sense, VarId};
use crate::puzzle::ir::Cell;

/// Adds a row, except one that presolve left without terms and that 0
/// satisfies: that row is dropped and counted.
pub(super) fn add_row_or_drop(
    model: &mut Model,
    name: impl std::fmt::Display,
    family: RowFamily,
    note: impl std::fmt::Display,
    terms: impl IntoIterator<Item = (VarId, i64)>,
    sense: Sense,
    rhs: i64,
) -> Result<(), ModelError> {
    // `add_row` refuses an empty row and leaves no trace of it.
    let added = model.add_row(name, family, note, terms, sense, rhs);
    if let (Err(ModelError::EmptyRow(_)), Some(report)) = (&added, model.presolve.as_mut())
        && sense.holds(0, rhs)
    {
        report.rows_removed += 1;
        return Ok(());
    }
    added
}

/// `(1,1) (1,2)` in 1-based coordinates; long cages are shortened so comment
/// lines stay readable.
pub(super) fn describe_cells(cells: &[Cell]) -> String {
    const SHOWN: usize = 8;
    let mut s = cells
        .iter()
        .take(SHOWN)
        .map(|c| format!("({},{})", c.row + 1, c.col + 1))
        .collect::<Vec<_>>()
        .join(" ");
    if cells.len() > SHOWN {
        s.push_str(&format!(" ... ({} cells)", cells.len()));
    }
    s
}
