//! The solution a bundle carries: the native solver's first, with what it
//! learnt about uniqueness on the way, within a fixed effort.

use std::path::Path;

use cagec::native;
use cagec::puzzle::ir::{Grid, Puzzle};

/// Search failures and conflicts the native solver may spend per puzzle by
/// default: every fixture and printed puzzle needs far less (docs/outputs.md).
pub const DEFAULT_EFFORT: u64 = 200_000;

/// What the native solver found about one puzzle.
#[derive(Clone, Debug)]
pub struct Known {
    /// Its first solution (checked by the verifier), if it found one.
    pub grid: Option<Grid>,
    pub unique: Unique,
    /// Depth-first search nodes; `None` when the solver could not run.
    pub nodes: Option<u64>,
}

/// Whether the puzzle has exactly one solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unique {
    /// Exactly one solution: the search was exhausted after it.
    Yes,
    /// A second solution was found.
    No,
    /// No solution at all: the search was exhausted without one.
    None,
    /// Not settled: the effort ran out first, or the grid is larger than the
    /// native solver takes.
    Unknown,
}

impl Unique {
    pub fn as_str(self) -> &'static str {
        match self {
            Unique::Yes => "yes",
            Unique::No => "no",
            Unique::None => "none",
            Unique::Unknown => "unknown",
        }
    }
}

/// Runs the native solver for two solutions within `effort`. Deterministic:
/// the same puzzle gives the same grid and figures on every machine.
pub fn find(puzzle: &Puzzle, effort: u64) -> Result<Known, String> {
    if puzzle.size > native::MAX_SIZE {
        return Ok(Known {
            grid: None,
            unique: Unique::Unknown,
            nodes: None,
        });
    }
    let opts = native::Options {
        max_solutions: 2,
        effort: Some(effort),
        stop: Some(crate::cli::interrupt::shared_flag()),
        ..Default::default()
    };
    let out = native::solve(puzzle, &opts).map_err(|e| e.to_string())?;
    for grid in &out.solutions {
        if let Some(v) = cagec::puzzle::verify::check(puzzle, grid).first() {
            return Err(format!("the native solver returned a wrong grid ({v})"));
        }
    }
    let unique = match (out.solutions.len(), out.complete) {
        (0, true) => Unique::None,
        (1, true) => Unique::Yes,
        (2.., _) => Unique::No,
        _ => Unique::Unknown,
    };
    Ok(Known {
        grid: out.solutions.into_iter().next(),
        unique,
        nodes: Some(out.nodes),
    })
}

impl Known {
    /// Why there is no grid for `--with-solution`.
    pub fn why_no_grid(&self, effort: u64) -> String {
        match (self.unique, self.nodes) {
            (Unique::None, _) => {
                "the puzzle has no solution, so --with-solution has no point to write".into()
            }
            (_, None) => format!(
                "the native solver handles grids up to {0}x{0}, so --with-solution has no \
                 solution to write",
                native::MAX_SIZE
            ),
            _ => format!(
                "the native solver found no solution within --effort {effort}: raise it, or \
                 leave out --with-solution"
            ),
        }
    }

    /// Which solution the `.sol` at `sol` holds, when the puzzle has several
    /// or that was not settled; empty otherwise.
    pub fn note(&self, name: &str, sol: &Path, effort: u64) -> String {
        let sol = sol.display();
        match self.unique {
            Unique::No => format!(
                "cagec: {name}: the puzzle has several solutions; {sol} holds the first the \
                 native solver found\n"
            ),
            Unique::Unknown => format!(
                "cagec: {name}: uniqueness not settled within --effort {effort}; {sol} holds \
                 the native solver's solution\n"
            ),
            Unique::Yes | Unique::None => String::new(),
        }
    }
}
