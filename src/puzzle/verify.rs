//! The independent verifier: checks a filled grid against the puzzle rules
//! directly (Latin square, then each cage's arithmetic), without looking at any
//! model row. Every grid a solver returns passes through here before it is
//! shown.

use std::fmt;

use crate::puzzle::ir::{Cage, Grid, Op, Puzzle};

/// One broken rule, named in puzzle terms (1-based rows, columns and cages).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The grid is not n×n.
    Shape { expected: usize },
    /// A value outside 1..=n.
    OutOfRange { row: usize, col: usize, value: u32 },
    /// `value` appears more than once in row `row`.
    RowRepeat { row: usize, value: u32 },
    /// `value` appears more than once in column `col`.
    ColumnRepeat { col: usize, value: u32 },
    /// `value` appears more than once in box `index` (Killer Sudoku; 1-based, row-major).
    BoxRepeat { index: usize, value: u32 },
    /// `value` appears more than once in cage `cage` (Killer Sudoku).
    CageRepeat { cage: usize, value: u32 },
    /// Cage `cage` (1-based, input order) does not reach its target.
    Cage {
        cage: usize,
        clue: String,
        values: Vec<u32>,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Shape { expected } => write!(f, "the grid is not {expected}×{expected}"),
            Violation::OutOfRange { row, col, value } => {
                write!(f, "cell ({row},{col}) holds {value}, outside 1..n")
            }
            Violation::RowRepeat { row, value } => write!(f, "row {row} repeats {value}"),
            Violation::ColumnRepeat { col, value } => write!(f, "column {col} repeats {value}"),
            Violation::BoxRepeat { index, value } => write!(f, "box {index} repeats {value}"),
            Violation::CageRepeat { cage, value } => write!(f, "cage {cage} repeats {value}"),
            Violation::Cage { cage, clue, values } => {
                let v: Vec<String> = values.iter().map(u32::to_string).collect();
                write!(f, "cage {cage} ({clue}) is not met by {}", v.join(" "))
            }
        }
    }
}

/// Every violation of the puzzle rules by `grid`; empty means it is a solution.
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Vec<Violation> {
    let n = puzzle.size;
    if grid.values.len() != n || grid.values.iter().any(|r| r.len() != n) {
        return vec![Violation::Shape { expected: n }];
    }
    let mut out = Vec::new();
    for (r, row) in grid.values.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            if v == 0 || v as usize > n {
                out.push(Violation::OutOfRange {
                    row: r + 1,
                    col: c + 1,
                    value: v,
                });
            }
        }
    }
    if !out.is_empty() {
        return out;
    }
    for r in 0..n {
        for v in repeats((0..n).map(|c| grid.values[r][c]), n) {
            out.push(Violation::RowRepeat {
                row: r + 1,
                value: v,
            });
        }
    }
    for c in 0..n {
        for v in repeats((0..n).map(|r| grid.values[r][c]), n) {
            out.push(Violation::ColumnRepeat {
                col: c + 1,
                value: v,
            });
        }
    }
    for (b, cells) in puzzle.boxes().iter().enumerate() {
        for v in repeats(cells.iter().map(|&c| grid.get(c)), n) {
            out.push(Violation::BoxRepeat {
                index: b + 1,
                value: v,
            });
        }
    }
    for (i, cage) in puzzle.cages.iter().enumerate() {
        let values: Vec<u32> = cage.cells.iter().map(|&cell| grid.get(cell)).collect();
        if is_killer(puzzle) {
            for v in repeats(values.iter().copied(), n) {
                out.push(Violation::CageRepeat {
                    cage: i + 1,
                    value: v,
                });
            }
        }
        if !cage_holds(cage, &values) {
            out.push(Violation::Cage {
                cage: i + 1,
                clue: format!("{}{}", cage.target, cage.op.symbol()),
                values,
            });
        }
    }
    out
}

/// The rule for one cage on its own, as [`check`] applies it: the clue
/// holds for these values (given in the cage's cell order, each in 1..=n),
/// and under Killer rules no value repeats in the cage. The certificates'
/// reference CNF lists each cage's value tuples by this rule.
pub fn cage_allows(puzzle: &Puzzle, cage: &Cage, values: &[u32]) -> bool {
    let n = puzzle.size;
    if values.len() != cage.cells.len() || values.iter().any(|&v| v == 0 || v as usize > n) {
        return false;
    }
    let repeats_ok = !is_killer(puzzle) || repeats(values.iter().copied(), n).is_empty();
    repeats_ok && cage_holds(cage, values)
}

fn is_killer(puzzle: &Puzzle) -> bool {
    matches!(puzzle.rules, crate::puzzle::ir::Rules::Killer { .. })
}

/// Values that occur more than once, each reported once, in increasing order.
fn repeats(values: impl Iterator<Item = u32>, n: usize) -> Vec<u32> {
    let mut count = vec![0u32; n + 1];
    for v in values {
        count[v as usize] += 1;
    }
    (1..=n as u32).filter(|&v| count[v as usize] > 1).collect()
}

/// Does the clue of `cage` hold for these values (in any order)?
///
/// A difference or ratio over more than two cells is read as some KenKen
/// books print it: the largest value minus (divided by) all the others. With
/// two cells that is the usual |a − b| and larger / smaller.
pub fn cage_holds(cage: &Cage, values: &[u32]) -> bool {
    op_holds(cage.op, cage.target as u128, values)
}

/// Does `op` with target `t` hold for these values (in any order)?
pub fn op_holds(op: Op, t: u128, values: &[u32]) -> bool {
    let largest = values.iter().copied().max().unwrap_or(0) as u128;
    // The others: every value but one occurrence of the largest.
    let others = || {
        let mut skipped = false;
        values.iter().filter_map(move |&v| {
            if !skipped && v as u128 == largest {
                skipped = true;
                None
            } else {
                Some(v as u128)
            }
        })
    };
    match op {
        Op::Given => values.len() == 1 && values[0] as u128 == t,
        Op::Add => values.iter().map(|&v| v as u128).sum::<u128>() == t,
        Op::Mul => values
            .iter()
            .try_fold(1u128, |acc, &v| acc.checked_mul(v as u128))
            .is_some_and(|p| p == t),
        Op::Sub => values.len() >= 2 && others().sum::<u128>() + t == largest,
        Op::Div => {
            values.len() >= 2
                && others()
                    .try_fold(1u128, |acc, v| acc.checked_mul(v))
                    .and_then(|p| p.checked_mul(t))
                    .is_some_and(|p| p == largest)
        }
        Op::Hidden => {
            let ops: &[Op] = if values.len() == 1 {
                &[Op::Given]
            } else {
                &[Op::Add, Op::Sub, Op::Mul, Op::Div]
            };
            ops.iter().any(|&o| op_holds(o, t, values))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::diag::Span;
    use crate::puzzle::ir::Cell;

    fn cage(target: u64, op: Op, cells: &[(usize, usize)]) -> Cage {
        Cage {
            target,
            op,
            cells: cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(),
            span: Span::default(),
        }
    }

    fn puzzle_2x2() -> Puzzle {
        Puzzle {
            size: 2,
            cages: vec![
                cage(1, Op::Given, &[(0, 0)]),
                cage(2, Op::Div, &[(0, 1), (1, 1)]),
                cage(2, Op::Add, &[(1, 0)]),
            ],
            rules: crate::puzzle::ir::Rules::KenKen,
        }
    }

    #[test]
    fn accepts_a_solution_and_names_every_broken_rule() {
        let p = puzzle_2x2();
        let good = Grid {
            values: vec![vec![1, 2], vec![2, 1]],
        };
        assert_eq!(check(&p, &good), vec![]);
        let bad = Grid {
            values: vec![vec![2, 2], vec![1, 1]],
        };
        let v = check(&p, &bad);
        assert!(v.contains(&Violation::RowRepeat { row: 1, value: 2 }));
        assert!(v.contains(&Violation::RowRepeat { row: 2, value: 1 }));
        assert!(
            v.iter()
                .any(|x| matches!(x, Violation::Cage { cage: 1, .. }))
        );
        assert!(
            v.iter()
                .any(|x| matches!(x, Violation::Cage { cage: 3, .. }))
        );
        assert_eq!(
            check(
                &p,
                &Grid {
                    values: vec![vec![1, 3], vec![2, 1]]
                }
            ),
            vec![Violation::OutOfRange {
                row: 1,
                col: 2,
                value: 3
            }]
        );
        assert_eq!(
            check(
                &p,
                &Grid {
                    values: vec![vec![1]]
                }
            ),
            vec![Violation::Shape { expected: 2 }]
        );
    }

    #[test]
    fn cage_rules_are_order_free() {
        let sub = cage(2, Op::Sub, &[(0, 0), (0, 1)]);
        assert!(cage_holds(&sub, &[1, 3]) && cage_holds(&sub, &[3, 1]));
        assert!(!cage_holds(&sub, &[2, 3]));
        let div = cage(3, Op::Div, &[(0, 0), (0, 1)]);
        assert!(cage_holds(&div, &[6, 2]) && cage_holds(&div, &[2, 6]));
        assert!(!cage_holds(&div, &[2, 5]));
        let mul = cage(24, Op::Mul, &[(0, 0), (0, 1), (1, 0)]);
        assert!(cage_holds(&mul, &[2, 3, 4]) && !cage_holds(&mul, &[2, 3, 5]));
        // Long differences and ratios: the largest against all the others.
        let sub3 = cage(1, Op::Sub, &[(0, 0), (0, 1), (0, 2)]);
        assert!(cage_holds(&sub3, &[2, 6, 3]) && !cage_holds(&sub3, &[2, 6, 2]));
        let div3 = cage(2, Op::Div, &[(0, 0), (0, 1), (1, 1)]);
        assert!(cage_holds(&div3, &[3, 12, 2]) && !cage_holds(&div3, &[3, 12, 3]));
        // A hidden operation: any of the four.
        let hidden = cage(6, Op::Hidden, &[(0, 0), (0, 1)]);
        for ok in [[1, 6], [2, 3], [7, 1], [3, 2]] {
            assert!(cage_holds(&hidden, &ok), "{ok:?}");
        }
        assert!(!cage_holds(&hidden, &[4, 5]));
    }
}
