//! What a certificate claims, and the clauses around the reference CNF: the
//! no-good that excludes the grid found, the CNF the proof refutes
//! (reference + no-good), and the check that the grid itself satisfies the
//! reference CNF.

use std::io::{self, Write};

use super::reference::{CageVars, Cnf, x};
use crate::puzzle::ir::{Cell, Grid, Puzzle};
use crate::solve::{Existence, Outcome, Uniqueness};

/// What the proof shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// This grid is the puzzle's only solution: the reference CNF with the
    /// no-good of the grid is unsatisfiable.
    Unique(Grid),
    /// The puzzle has no solution: the reference CNF is unsatisfiable.
    NoSolution,
}

impl Claim {
    /// The word the manifest and the reports use.
    pub fn word(&self) -> &'static str {
        match self {
            Claim::Unique(_) => "unique",
            Claim::NoSolution => "no-solution",
        }
    }

    pub fn grid(&self) -> Option<&Grid> {
        match self {
            Claim::Unique(grid) => Some(grid),
            Claim::NoSolution => None,
        }
    }
}

impl Claim {
    /// What a solve's answer claims that a proof can certify: a unique
    /// grid, or no solution; or why there is nothing to certify.
    pub fn of(outcome: &Outcome) -> Result<Claim, super::CertifyError> {
        let nothing = |why: String| Err(super::CertifyError::Nothing(why));
        match (
            &outcome.uniqueness,
            outcome.existence,
            outcome.solutions.as_slice(),
        ) {
            (Uniqueness::Unique, _, [grid]) => Ok(Claim::Unique(grid.clone())),
            (_, Existence::None, []) => Ok(Claim::NoSolution),
            (Uniqueness::NotUnique, ..) => {
                nothing("the puzzle has more than one solution; the verified grids show it".into())
            }
            (Uniqueness::NotProven(stop), ..) => nothing(format!(
                "uniqueness was not proven (the last run ended: {stop})"
            )),
            (_, Existence::NotProven, _) => nothing(format!(
                "no solution was found or disproved ({})",
                outcome.stop
            )),
            _ => nothing("uniqueness was not asked (--unique)".into()),
        }
    }
}

/// The clause "not this grid": some cell holds another value.
pub fn nogood(grid: &Grid) -> Vec<i32> {
    let n = grid.size();
    (0..n * n)
        .map(|i| Cell::from_index(i, n))
        .map(|cell| -x(n, cell, grid.get(cell)))
        .collect()
}

/// DIMACS: comment lines saying how the variables are numbered, the
/// header, the CNF's clauses, then `extra` clauses (a no-good).
pub fn write_dimacs(
    n: usize,
    cnf: &Cnf,
    extra: &[Vec<i32>],
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(
        out,
        "c cagec reference CNF of a {n}x{n} puzzle (docs/certificates.md)"
    )?;
    writeln!(
        out,
        "c x(r,c,v) = r*{} + c*{n} + v: cell (r,c) holds v (r, c from 0, v from 1)",
        n * n
    )?;
    writeln!(
        out,
        "p cnf {} {}",
        cnf.vars,
        cnf.clauses.len() + extra.len()
    )?;
    let mut buf = itoa::Buffer::new();
    let mut line = Vec::new();
    for clause in cnf.clauses.iter().chain(extra) {
        line.clear();
        for &lit in clause {
            line.extend_from_slice(buf.format(lit).as_bytes());
            line.push(b' ');
        }
        line.extend_from_slice(b"0\n");
        out.write_all(&line)?;
    }
    Ok(())
}

/// The no-good on its own, as a one-clause DIMACS file over the reference
/// CNF's variables.
pub fn write_nogood(vars: u32, clause: &[i32], out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "c cagec no-good: not the grid of solution.grid")?;
    writeln!(out, "p cnf {vars} 1")?;
    for lit in clause {
        write!(out, "{lit} ")?;
    }
    writeln!(out, "0")
}

/// The assignment the grid gives every variable of `cnf` (index = variable):
/// its cells' x, each listed cage's tuple variable true for the grid's
/// tuple, each layered cage's partial results those of the grid's values.
pub fn witness(puzzle: &Puzzle, cnf: &Cnf, grid: &Grid) -> Vec<bool> {
    let n = puzzle.size;
    let mut value = vec![false; cnf.vars as usize + 1];
    for i in 0..n * n {
        let cell = Cell::from_index(i, n);
        value[x(n, cell, grid.get(cell)) as usize] = true;
    }
    for (cage, vars) in puzzle.cages.iter().zip(&cnf.cages) {
        let values: Vec<u32> = cage.cells.iter().map(|&c| grid.get(c)).collect();
        match vars {
            CageVars::Listed { first, tuples } => {
                if let Some(j) = tuples.iter().position(|t| *t == values) {
                    value[*first as usize + j] = true;
                }
            }
            CageVars::Layered { layers } => {
                let product = matches!(cage.op, crate::puzzle::ir::Op::Mul);
                let mut partial: u128 = if product { 1 } else { 0 };
                for (layer, &v) in layers.iter().zip(&values) {
                    partial = if product {
                        partial.saturating_mul(v as u128)
                    } else {
                        partial + v as u128
                    };
                    if let Some(&(_, var)) = layer.iter().find(|(s, _)| *s == partial) {
                        value[var as usize] = true;
                    }
                }
            }
        }
    }
    value
}

/// The first clause (0-based) of `clauses` that `value` falsifies, if any.
pub fn falsified(clauses: &[Vec<i32>], value: &[bool]) -> Option<usize> {
    let holds = |lit: i32| {
        let v = value
            .get(lit.unsigned_abs() as usize)
            .copied()
            .unwrap_or(false);
        v == (lit > 0)
    };
    clauses
        .iter()
        .position(|clause| !clause.iter().any(|&lit| holds(lit)))
}
