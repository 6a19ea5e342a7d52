//! The formulation pass: a validated [`Puzzle`] in, Melkonian's integer
//! program as a [`Model`] out.

use crate::ir::Puzzle;
use crate::model::Model;

pub fn formulate(puzzle: &Puzzle) -> Model {
    let _ = puzzle;
    todo!()
}
