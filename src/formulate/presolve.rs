//! Domain presolve: the native solver's root propagation tells which values
//! each cell can still take; every other x is left out of the model.

use super::FormulateError;
use crate::model::{Model, PresolveReport};
use crate::native;
use crate::puzzle::ir::Puzzle;

/// Cell domains after propagation (bit k−1 = value k).
pub(super) fn domains(puzzle: &Puzzle) -> Result<Vec<u64>, FormulateError> {
    match native::root_domains(puzzle, crate::puzzle::tuples::DEFAULT_LIMIT) {
        Ok(Some(d)) => Ok(d),
        Ok(None) => Err(FormulateError::NoSolution),
        Err(native::NativeError::TooLarge(_)) => Err(FormulateError::PresolveTooLarge {
            max: native::MAX_SIZE,
        }),
    }
}

/// Records how many x columns presolve removed, in the model and its header.
pub(super) fn note_removed(model: &mut Model, n: usize, domains: &[u64]) {
    let kept: usize = domains.iter().map(|d| d.count_ones() as usize).sum();
    let columns = n * n * n - kept;
    let report = model.presolve.get_or_insert(PresolveReport::default());
    report.columns_removed = columns;
    let rows = report.rows_removed;
    model.header.push(format!(
        "presolve removed {columns} of {} x columns and {rows} rows",
        n * n * n
    ));
}
