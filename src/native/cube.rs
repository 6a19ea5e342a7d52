//! Cubes: parts of the search space, each the solutions in which a few
//! cell-value literals hold. A split's cubes partition what the root left
//! (every solution lies in exactly one), so they can be searched apart, on
//! threads or on other machines, and their answers put together.

use serde::{Deserialize, Serialize};

use super::NativeError;

/// Cell `cell` (row-major) holds `value`, or (`holds: false`) does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Literal {
    pub cell: usize,
    pub value: u32,
    pub holds: bool,
}

impl Literal {
    /// The mask a cell's domain is narrowed with (bit v−1 = value v).
    pub(super) fn mask(self) -> u64 {
        let bit = 1u64 << (self.value - 1);
        if self.holds { bit } else { !bit }
    }
}

/// The solutions in which every literal holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cube {
    pub literals: Vec<Literal>,
}

/// What a search by cubes did ([`super::Stats::cubes`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CubeStats {
    /// Cubes the split made, those propagation refuted while splitting
    /// included.
    pub count: usize,
    /// Cubes searched to the end with no new solution in them.
    pub refuted: usize,
    /// Cubes with a solution.
    pub satisfied: usize,
    /// The most conflicts one worker made: the length of the run in
    /// conflicts, where the stage's conflicts are its work.
    pub busiest: u64,
}

/// Why a cube cannot be solved: arguments that do not fit the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CubeError {
    #[error(transparent)]
    Native(#[from] NativeError),
    /// A root that is not one domain per cell of the puzzle.
    #[error("a cube's root has {cells} cells where a {n}x{n} puzzle has {}", n * n)]
    RootSize { cells: usize, n: usize },
    /// A literal outside the grid.
    #[error("a cube names cell {cell} and value {value}, outside a {n}x{n} grid")]
    BadLiteral { cell: usize, value: u32, n: usize },
}
