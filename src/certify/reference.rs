//! The reference CNF: the puzzle's rules as clauses, written plainly enough
//! to audit in one sitting. A certificate's proof refutes this CNF (with the
//! no-good), so it shares no code with the fast CNF writer, the formulation,
//! `puzzle::tuples` or the native solver. What a cage allows is decided by
//! the verifier's rule for one cage ([`verify::cage_allows`]).
//!
//! Variables: x(r,c,v) = r·n² + c·n + v ("cell (r,c) holds v"; r, c 0-based,
//! v in 1..=n) are the first n³; then each cage's own, cage by cage.
//! Clauses, in order: each cell holds exactly one value; each value exactly
//! once in each row, each column and (Killer Sudoku) each box; then each
//! cage, as the list of its value tuples (one variable per tuple), or, for
//! a sum or product with more than [`TUPLE_LIMIT`] tuples, in layers of
//! partial sums or products. docs/certificates.md shows every clause on a 4×4.

use crate::puzzle::ir::{Cage, Cell, Op, Puzzle, Rules};
use crate::puzzle::verify;

/// A cage with more tuples than this is written in layers (sums and
/// products) or refused (the other operations).
pub const TUPLE_LIMIT: usize = 10_000;

/// Multisets and permutations tried for one cage at most, before it counts
/// as having too many tuples.
const WORK_LIMIT: u128 = 1 << 22;

/// The reference CNF, and how each cage was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cnf {
    pub vars: u32,
    pub clauses: Vec<Vec<i32>>,
    pub cages: Vec<CageVars>,
}

/// A cage's own variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CageVars {
    /// Variable `first + j` stands for `tuples[j]` (values in cell order).
    Listed { first: i32, tuples: Vec<Vec<u32>> },
    /// `layers[k]`: (partial sum or product of the first k+1 cells, its variable).
    Layered { layers: Vec<Vec<(u128, i32)>> },
}

/// A cage the reference encoder cannot write.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "cage {cage} ({clue}) allows more than {limit} value tuples, too many to list, and only \
     + and * cages have a layered form in the reference CNF"
)]
pub struct TooManyTuples {
    pub cage: usize,
    pub clue: String,
    pub limit: usize,
}

/// The variable "cell (r,c) holds v".
pub fn x(n: usize, cell: Cell, v: u32) -> i32 {
    (cell.row as usize * n * n + cell.col as usize * n + v as usize) as i32
}

/// The reference CNF of `puzzle`.
pub fn encode(puzzle: &Puzzle) -> Result<Cnf, TooManyTuples> {
    encode_with(puzzle, TUPLE_LIMIT)
}

/// [`encode`], with sums and products of more than `layer_above` tuples
/// written in layers (tests layer them all with 0).
pub fn encode_with(puzzle: &Puzzle, layer_above: usize) -> Result<Cnf, TooManyTuples> {
    let n = puzzle.size;
    let mut cnf = Cnf {
        vars: (n * n * n) as u32,
        clauses: Vec::new(),
        cages: Vec::new(),
    };
    let values = 1..=n as u32;
    let cells = |r: usize| (0..n).map(move |c| Cell::new(r, c));
    for cell in (0..n).flat_map(cells) {
        let choices: Vec<i32> = values.clone().map(|v| x(n, cell, v)).collect();
        exactly_one(&mut cnf, &choices);
    }
    let mut groups: Vec<Vec<Cell>> = (0..n).map(|r| cells(r).collect()).collect();
    groups.extend((0..n).map(|c| (0..n).map(|r| Cell::new(r, c)).collect()));
    groups.extend(puzzle.boxes());
    for group in &groups {
        for v in values.clone() {
            let places: Vec<i32> = group.iter().map(|&cell| x(n, cell, v)).collect();
            exactly_one(&mut cnf, &places);
        }
    }
    for (i, cage) in puzzle.cages.iter().enumerate() {
        let layers = matches!(cage.op, Op::Add | Op::Mul);
        let limit = if layers { layer_above } else { TUPLE_LIMIT };
        let vars = match (tuples(puzzle, cage, limit), cage.op, cage.target as u128) {
            (Some(tuples), ..) => listed(&mut cnf, n, cage, tuples),
            (None, Op::Add, t) => layered(&mut cnf, puzzle, cage, 0, |s, v| {
                Some(s + v).filter(|&p| p <= t)
            }),
            (None, Op::Mul, t) => layered(&mut cnf, puzzle, cage, 1, |s, v| {
                Some(s * v).filter(|&p| p <= t && t % p == 0)
            }),
            (None, ..) => {
                let clue = format!("{}{}", cage.target, cage.op.symbol());
                return Err(TooManyTuples {
                    cage: i + 1,
                    clue,
                    limit,
                });
            }
        };
        cnf.cages.push(vars);
    }
    Ok(cnf)
}

/// At least one of `lits`, and no two.
fn exactly_one(cnf: &mut Cnf, lits: &[i32]) {
    cnf.clauses.push(lits.to_vec());
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            cnf.clauses.push(vec![-a, -b]);
        }
    }
}

fn new_var(cnf: &mut Cnf) -> i32 {
    cnf.vars += 1;
    cnf.vars as i32
}

/// The cage takes one of its tuples; a tuple puts its values in the cells;
/// a value in a cell needs a tuple that puts it there.
fn listed(cnf: &mut Cnf, n: usize, cage: &Cage, tuples: Vec<Vec<u32>>) -> CageVars {
    let first = cnf.vars as i32 + 1;
    let t: Vec<i32> = tuples.iter().map(|_| new_var(cnf)).collect();
    cnf.clauses.push(t.clone());
    for (j, tuple) in tuples.iter().enumerate() {
        for (&cell, &v) in cage.cells.iter().zip(tuple) {
            cnf.clauses.push(vec![-t[j], x(n, cell, v)]);
        }
    }
    for (i, &cell) in cage.cells.iter().enumerate() {
        for v in 1..=n as u32 {
            let mut clause = vec![-x(n, cell, v)];
            clause.extend(
                (0..tuples.len())
                    .filter(|&j| tuples[j][i] == v)
                    .map(|j| t[j]),
            );
            cnf.clauses.push(clause);
        }
    }
    CageVars::Listed { first, tuples }
}

/// Every tuple of values (in cell order) that the verifier's rule for the
/// cage accepts and that gives cells sharing a row, a column or a box
/// different values; None when there are more than `limit`. The rule is
/// order-free, so only the sorted multisets it accepts are permuted.
fn tuples(puzzle: &Puzzle, cage: &Cage, limit: usize) -> Option<Vec<Vec<u32>>> {
    let (n, k) = (puzzle.size as u32, cage.cells.len());
    // C(n+k-1, k) multisets: each partial product is C(n-1+i, i).
    (1..=k as u128).try_fold(1u128, |m, i| {
        Some(m.checked_mul(n as u128 + i - 1)? / i).filter(|&m| m <= WORK_LIMIT)
    })?;
    let mut work = 0u128;
    let boxes = puzzle.boxes();
    let same_box = |a: Cell, b: Cell| boxes.iter().any(|bx| bx.contains(&a) && bx.contains(&b));
    let clash = |a: Cell, b: Cell| a.row == b.row || a.col == b.col || same_box(a, b);
    let mut out = Vec::new();
    let mut multiset = vec![1u32; k];
    loop {
        if verify::cage_allows(puzzle, cage, &multiset) {
            let mut p = multiset.clone();
            loop {
                work += 1;
                if work > WORK_LIMIT {
                    return None;
                }
                let fits = (0..k)
                    .all(|i| (0..i).all(|j| p[i] != p[j] || !clash(cage.cells[i], cage.cells[j])));
                if fits && verify::cage_allows(puzzle, cage, &p) {
                    out.push(p.clone());
                    if out.len() > limit {
                        return None;
                    }
                }
                if !next_permutation(&mut p) {
                    break;
                }
            }
        }
        // The next non-decreasing sequence: raise the last value below n,
        // and set every value after it to the raised value.
        let Some(i) = (0..k).rev().find(|&i| multiset[i] < n) else {
            break;
        };
        multiset[i] += 1;
        let raised = multiset[i];
        multiset[i..].fill(raised);
    }
    out.sort();
    Some(out)
}

/// The next permutation in lexicographic order; false after the last.
fn next_permutation(p: &mut [u32]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

/// A sum (from 0) or product (from 1) cell by cell: a variable for each
/// partial result after each cell but the last that `step` keeps (a sum at
/// most the target, a product that divides it). The first cell's value implies its
/// partial result; a partial result and the next cell's value imply the
/// next, or are excluded when it overshoots; at the last cell, any
/// combination that misses the target is excluded. Under Killer rules no
/// two cells of the cage hold the same value.
fn layered(
    cnf: &mut Cnf,
    puzzle: &Puzzle,
    cage: &Cage,
    start: u128,
    step: impl Fn(u128, u128) -> Option<u128>,
) -> CageVars {
    let (n, target) = (puzzle.size, cage.target as u128);
    let mut layers: Vec<Vec<(u128, i32)>> = Vec::new();
    let mut before: Vec<(u128, Option<i32>)> = vec![(start, None)];
    for (k, &cell) in cage.cells.iter().enumerate() {
        let last = k + 1 == cage.cells.len();
        let mut after: Vec<(u128, i32)> = Vec::new();
        for &(s, s_var) in &before {
            for v in 1..=n as u32 {
                let mut clause: Vec<i32> = s_var.map(|s| -s).into_iter().collect();
                clause.push(-x(n, cell, v));
                match step(s, v as u128) {
                    Some(next) if last && next == target => continue,
                    Some(next) if !last => {
                        let var = match after.iter().find(|(a, _)| *a == next) {
                            Some(&(_, var)) => var,
                            None => {
                                let var = new_var(cnf);
                                after.push((next, var));
                                var
                            }
                        };
                        clause.push(var);
                    }
                    _ => {}
                }
                cnf.clauses.push(clause);
            }
        }
        if !last {
            before = after.iter().map(|&(s, var)| (s, Some(var))).collect();
            layers.push(after);
        }
    }
    if matches!(puzzle.rules, Rules::Killer { .. }) {
        for (i, &a) in cage.cells.iter().enumerate() {
            for &b in &cage.cells[i + 1..] {
                for v in 1..=n as u32 {
                    cnf.clauses.push(vec![-x(n, a, v), -x(n, b, v)]);
                }
            }
        }
    }
    CageVars::Layered { layers }
}
