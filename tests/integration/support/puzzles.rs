//! Test puzzles built by hand (independent of the front-ends): the J-wiki
//! essay's kk0 and kk1 with their solutions, and cyclic n×n puzzles.

use cagec::puzzle::diag::Span;
use cagec::puzzle::ir::{Cage, Cell, Grid, Op, Puzzle};

/// A puzzle from J-wiki cage lines separated by `/` (`11+,1 2 5 6`).
pub fn jwiki(n: usize, text: &str) -> Puzzle {
    let cage = |line: &str| {
        let (clue, cells) = line.trim().split_once(',').expect("clue,cells");
        let op = match clue.chars().last() {
            Some('+') => Op::Add,
            Some('-') => Op::Sub,
            Some('*') => Op::Mul,
            Some('%') => Op::Div,
            _ => Op::Given,
        };
        let digits = clue.trim_end_matches(['+', '-', '*', '%']);
        Cage {
            target: digits.parse().expect("target"),
            op,
            cells: cells
                .split_whitespace()
                .map(|c| Cell::from_index(c.parse().expect("cell"), n))
                .collect(),
            span: Span::default(),
        }
    };
    Puzzle {
        size: n,
        cages: text.split('/').map(cage).collect(),
        rules: cagec::puzzle::ir::Rules::KenKen,
    }
}

pub fn grid(text: &str) -> Grid {
    Grid {
        values: text
            .split('/')
            .map(|r| r.split_whitespace().map(|v| v.parse().unwrap()).collect())
            .collect(),
    }
}

/// kk0 and kk1 of the J-wiki essay, with their solutions.
pub const KK0: &str = "1,0 / 11+,1 2 5 6 / 4+,3 7 / 8*,4 8 9 / 1-,10 11 / 7+,12 13 / 2%,14 15";
pub const KK0_SOLUTION: &str = "1 2 4 3 / 4 3 2 1 / 2 1 3 4 / 3 4 1 2";
pub const KK1: &str = "3,0 / 3-,1 7 / 8+,2 3 8 / 1-,4 5 / 36*,6 12 13 / 2%,9 10 / 1-,11 17 / 5,14 / \
    5-,15 16 / 1-,18 24 / 3-,19 20 / 1-,21 22 / 9+,23 29 35 / 24*,25 30 31 / 6*,26 32 / \
    2-,27 28 / 1-,33 34";
pub const KK1_SOLUTION: &str =
    "3 2 6 1 4 5 / 6 5 1 4 2 3 / 2 3 5 6 1 4 / 5 1 4 2 3 6 / 4 6 2 3 5 1 / 1 4 3 5 6 2";

/// An n×n puzzle on the cyclic Latin square `(i + j) mod n + 1` (0-based):
/// row 1 is one product cage (target n!, so every prime and exponent up to n
/// matters), plus a sum, a difference and a ratio pair; every other cell is
/// given. Its only solution is the square.
pub fn cyclic(n: usize) -> (Puzzle, Grid) {
    let value = |i: usize, j: usize| ((i + j) % n + 1) as u32;
    let square = Grid {
        values: (0..n)
            .map(|i| (0..n).map(|j| value(i, j)).collect())
            .collect(),
    };
    let cage = |op, target, cells: Vec<Cell>| Cage {
        target,
        op,
        cells,
        span: Span::default(),
    };
    let row0: Vec<Cell> = (0..n).map(|j| Cell::new(0, j)).collect();
    let n_factorial = (1..=n as u64).product();
    // 0-based (n-2, 2) holds 1 and (n-1, 2) holds 2: a ratio pair.
    let pairs = [
        (Op::Add, 5, Cell::new(1, 0), Cell::new(1, 1)),
        (Op::Sub, 1, Cell::new(2, 0), Cell::new(2, 1)),
        (Op::Div, 2, Cell::new(n - 2, 2), Cell::new(n - 1, 2)),
    ];
    let mut cages = vec![cage(Op::Mul, n_factorial, row0)];
    let mut used: Vec<Cell> = Vec::new();
    for (op, target, a, b) in pairs {
        cages.push(cage(op, target, vec![a, b]));
        used.extend([a, b]);
    }
    for i in 1..n {
        for j in 0..n {
            let c = Cell::new(i, j);
            if !used.contains(&c) {
                cages.push(cage(Op::Given, u64::from(value(i, j)), vec![c]));
            }
        }
    }
    (
        Puzzle {
            size: n,
            cages,
            rules: cagec::puzzle::ir::Rules::KenKen,
        },
        square,
    )
}
