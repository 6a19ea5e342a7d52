//! Validation of a parsed puzzle: coverage, connectivity, arity, and cages that
//! no assignment can satisfy. Errors carry the cage's span.
//!
//! Every rule is checked for every cage, so one run lists everything wrong.
//! Cells are named `cell (i,j) #k`: 1-based row and column, and the cell's
//! number in the J-wiki cage-line format.

mod arith;

use std::collections::{BTreeMap, HashSet};

use crate::puzzle::diag::{Diagnostic, Diagnostics, Span};
use crate::puzzle::ir::{Cage, Cell, MAX_SIZE, Op, Puzzle};

/// Every problem with `puzzle`; empty when it can be formulated.
pub fn check(puzzle: &Puzzle) -> Diagnostics {
    let n = puzzle.size;
    let mut d = Diagnostics::default();
    if n == 0 || n > MAX_SIZE {
        d.push(
            Diagnostic::error(
                Span::default(),
                format!("a {n}×{n} grid is outside the supported sizes"),
            )
            .expected(format!("a size from 1 to {MAX_SIZE}"), n.to_string()),
        );
        return d;
    }
    // The first cage (index) holding each cell.
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    for (i, cage) in puzzle.cages.iter().enumerate() {
        let cells = distinct_cells(cage, n, &mut d);
        claim(i, cage, &cells, &mut owner, puzzle, &mut d);
        let complete = cells.len() == cage.cells.len();
        if !cells.is_empty() {
            connected(cage, &cells, &mut d);
        }
        if arity(cage, &mut d)
            && complete
            && target_positive(cage, &mut d)
            && let Some(e) = arith::unsatisfiable(cage, &cells, n, puzzle.rules)
        {
            d.push(e);
        }
    }
    uncovered(&owner, n, &mut d);
    crate::puzzle::diag::cap(d)
}

/// `cell (2,3) #6`.
fn name(cell: Cell, n: usize) -> String {
    format!(
        "cell ({},{}) #{}",
        cell.row + 1,
        cell.col + 1,
        cell.index(n)
    )
}

/// The names of at most 12 cells, then `N more`.
fn names(cells: &[Cell], n: usize) -> Vec<String> {
    let mut out: Vec<String> = cells.iter().take(12).map(|&c| name(c, n)).collect();
    if cells.len() > 12 {
        out.push(format!("{} more", cells.len() - 12));
    }
    out
}

/// `(2,3)`.
fn coords(cell: Cell) -> String {
    format!("({},{})", cell.row + 1, cell.col + 1)
}

/// The cage's cells inside the grid, each once; reports the others.
fn distinct_cells(cage: &Cage, n: usize, d: &mut Diagnostics) -> Vec<Cell> {
    if cage.cells.is_empty() {
        d.push(Diagnostic::error(cage.span, "the cage has no cells"));
    }
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(cage.cells.len());
    for &cell in &cage.cells {
        if cell.row as usize >= n || cell.col as usize >= n {
            d.push(Diagnostic::error(
                cage.span,
                format!("cell {} is outside the {n}×{n} grid", coords(cell)),
            ));
        } else if !seen.insert(cell) {
            d.push(Diagnostic::error(
                cage.span,
                format!("{} is listed twice in this cage", name(cell, n)),
            ));
        } else {
            out.push(cell);
        }
    }
    out
}

/// Marks the cells of cage `i` as taken; cells already in an earlier cage are
/// reported once per earlier cage.
fn claim(
    i: usize,
    cage: &Cage,
    cells: &[Cell],
    owner: &mut [Option<usize>],
    puzzle: &Puzzle,
    d: &mut Diagnostics,
) {
    let n = puzzle.size;
    let mut shared: BTreeMap<usize, Vec<Cell>> = BTreeMap::new();
    for &cell in cells {
        let slot = &mut owner[cell.index(n)];
        match *slot {
            Some(j) => shared.entry(j).or_default().push(cell),
            None => *slot = Some(i),
        }
    }
    for (j, cells) in shared {
        let names = names(&cells, n);
        let verb = if cells.len() == 1 { "is" } else { "are" };
        let first = puzzle.cages[j].span;
        let place = if first.line > 0 {
            format!(" (line {})", first.line)
        } else {
            String::new()
        };
        d.push(Diagnostic::error(
            cage.span,
            format!(
                "{} {verb} already in cage {}{place}; a cell belongs to exactly one cage",
                list(&names),
                j + 1
            ),
        ));
    }
}

/// Reports a cage whose cells do not form one edge-connected piece.
fn connected(cage: &Cage, cells: &[Cell], d: &mut Diagnostics) {
    let mut left: HashSet<Cell> = cells.iter().copied().collect();
    let mut pieces: Vec<Vec<Cell>> = Vec::new();
    for &start in cells {
        if !left.remove(&start) {
            continue;
        }
        let mut piece = vec![start];
        let mut k = 0;
        while let Some(&here) = piece.get(k) {
            let (r, c) = (here.row, here.col);
            let around = [
                r.checked_sub(1).map(|r| Cell { row: r, col: c }),
                r.checked_add(1).map(|r| Cell { row: r, col: c }),
                c.checked_sub(1).map(|c| Cell { row: r, col: c }),
                c.checked_add(1).map(|c| Cell { row: r, col: c }),
            ];
            for next in around.into_iter().flatten() {
                if left.remove(&next) {
                    piece.push(next);
                }
            }
            k += 1;
        }
        piece.sort_unstable();
        pieces.push(piece);
    }
    if pieces.len() > 1 {
        let mut shown: Vec<String> = pieces
            .iter()
            .take(6)
            .map(|p| {
                let mut s: Vec<String> = p.iter().take(6).map(|&c| coords(c)).collect();
                if p.len() > 6 {
                    s.push("…".to_string());
                }
                s.join(" ")
            })
            .collect();
        if pieces.len() > 6 {
            shown.push(format!("{} more", pieces.len() - 6));
        }
        d.push(Diagnostic::error(
            cage.span,
            format!(
                "the cage is not connected: its cells fall into {} pieces that share no edge: {}",
                pieces.len(),
                list(&shown)
            ),
        ));
    }
}

/// Checks the number of cells the operation needs; false when wrong.
fn arity(cage: &Cage, d: &mut Diagnostics) -> bool {
    let (want, what) = match cage.op {
        Op::Given => (1, "a given (a cage without an operation)"),
        // Over more than two cells: the largest against the rest.
        Op::Sub => (2, "a difference cage"),
        Op::Div => (2, "a ratio cage"),
        Op::Add | Op::Mul | Op::Hidden => return !cage.cells.is_empty(),
    };
    let have = cage.cells.len();
    if have == want || (matches!(cage.op, Op::Sub | Op::Div) && have > want) {
        return true;
    }
    let plural = |k: usize| if k == 1 { "cell" } else { "cells" };
    d.push(
        Diagnostic::error(
            cage.span,
            format!(
                "{what} {} {want} {}{}",
                if cage.op == Op::Given {
                    "has exactly"
                } else {
                    "needs at least"
                },
                plural(want),
                if cage.op == Op::Given && have > 1 {
                    "; if its operation is hidden, write it like 12?"
                } else {
                    ""
                }
            ),
        )
        .expected(
            if cage.op == Op::Given {
                format!("{want} {}", plural(want))
            } else {
                format!("at least {want} {}", plural(want))
            },
            format!("{have} {}", plural(have)),
        ),
    );
    false
}

fn target_positive(cage: &Cage, d: &mut Diagnostics) -> bool {
    if cage.target > 0 {
        return true;
    }
    d.push(
        Diagnostic::error(cage.span, "target 0 is not allowed: targets are positive")
            .expected("a target of 1 or more", "0"),
    );
    false
}

/// The error naming the cells of `puzzle` that no cage holds, if any. The
/// cage-line reader adds it to its errors about repeated cells, which stop it
/// before [`check`].
pub fn uncovered_cells(puzzle: &Puzzle) -> Diagnostics {
    let n = puzzle.size;
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    for (i, cage) in puzzle.cages.iter().enumerate() {
        for cell in &cage.cells {
            if (cell.row as usize) < n && (cell.col as usize) < n {
                owner[cell.index(n)].get_or_insert(i);
            }
        }
    }
    let mut d = Diagnostics::default();
    uncovered(&owner, n, &mut d);
    d
}

/// One error listing the cells that no cage covers.
fn uncovered(owner: &[Option<usize>], n: usize, d: &mut Diagnostics) {
    let missing: Vec<Cell> = (0..n * n)
        .filter(|&k| owner[k].is_none())
        .map(|k| Cell::from_index(k, n))
        .collect();
    let message = match missing.as_slice() {
        [] => return,
        [one] => format!("{} is in no cage", name(*one, n)),
        many => format!(
            "{} cells are in no cage: {}",
            many.len(),
            list(&names(many, n))
        ),
    };
    d.push(Diagnostic::error(Span::default(), message));
}

/// `a`, `a and b`, `a, b and c`.
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
#[cfg(test)]
mod tests;
