//! Trust in the reference CNF: on many small random puzzles its models are
//! exactly the grids a brute-force search with the verifier finds (with
//! every sum and product listed, and with every one in layers), and every
//! fixture's published grid satisfies it.
// The models are enumerated by CaDiCaL in process: without the `cdcl`
// feature only the fixtures' tests run, and the enumeration's helpers rest.
#![cfg_attr(not(feature = "cdcl"), allow(dead_code, unused_imports))]

use std::collections::BTreeSet;

use super::claim::{self, Claim};
use super::reference::{self, CageVars, Cnf, TooManyTuples};
use crate::generate::Rng;
use crate::puzzle::diag::Span;
use crate::puzzle::ir::{Cage, Cell, Grid, Op, Puzzle, Rules};
use crate::puzzle::verify;

type Rows = Vec<Vec<u32>>;

/// Every Latin square of order n (576 for n = 4, 161280 for n = 5).
fn latin_squares(n: usize) -> Vec<Rows> {
    fn fill(n: usize, i: usize, grid: &mut Rows, out: &mut Vec<Rows>) {
        if i == n * n {
            out.push(grid.clone());
            return;
        }
        let (r, c) = (i / n, i % n);
        for v in 1..=n as u32 {
            if (0..c).all(|k| grid[r][k] != v) && (0..r).all(|k| grid[k][c] != v) {
                grid[r][c] = v;
                fill(n, i + 1, grid, out);
            }
        }
        grid[r][c] = 0;
    }
    let mut out = Vec::new();
    fill(n, 0, &mut vec![vec![0; n]; n], &mut out);
    out
}

/// The grids the verifier accepts, among all Latin squares.
fn brute_force(puzzle: &Puzzle, squares: &[Rows]) -> BTreeSet<Rows> {
    squares
        .iter()
        .filter(|rows| {
            verify::check(
                puzzle,
                &Grid {
                    values: rows.to_vec(),
                },
            )
            .is_empty()
        })
        .cloned()
        .collect()
}

/// Every model of the CNF, projected on the cell variables, enumerated by
/// CaDiCaL with a blocking clause per model.
#[cfg(feature = "cdcl")]
fn models(n: usize, cnf: &Cnf) -> BTreeSet<Rows> {
    let mut solver: cadical::Solver = cadical::Solver::new();
    for clause in &cnf.clauses {
        solver.add_clause(clause.iter().copied());
    }
    let mut out = BTreeSet::new();
    while solver.solve() == Some(true) {
        let mut rows = vec![vec![0; n]; n];
        for i in 0..n * n {
            let cell = Cell::from_index(i, n);
            let held: Vec<u32> = (1..=n as u32)
                .filter(|&v| solver.value(reference::x(n, cell, v)) == Some(true))
                .collect();
            assert_eq!(held.len(), 1, "cell {cell:?} holds {held:?} in a model");
            rows[i / n][i % n] = held[0];
        }
        let grid = Grid { values: rows };
        solver.add_clause(claim::nogood(&grid));
        assert!(
            out.insert(grid.values),
            "a model came back after its blocking clause"
        );
        assert!(out.len() <= 20_000, "too many models to enumerate");
    }
    out
}

fn cage(target: u64, op: Op, cells: Vec<Cell>) -> Cage {
    Cage {
        target,
        op,
        cells,
        span: Span::default(),
    }
}

/// A random square: the cyclic one with rows, columns and values shuffled.
/// Under Killer rules (n = 4) a shuffled 4×4 Sudoku.
fn random_square(n: usize, killer: bool, rng: &mut Rng) -> Rows {
    let mut rows: Vec<usize> = (0..n).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    let mut vals: Vec<u32> = (1..=n as u32).collect();
    rng.shuffle(&mut vals);
    if killer {
        // Swapping rows inside a band (and columns inside a stack) keeps boxes.
        for band in [0, 2] {
            if rng.below(2) == 1 {
                rows.swap(band, band + 1);
                cols.swap(band, band + 1);
            }
        }
        let base = |r: usize, c: usize| (r * 2 + r / 2 + c) % 4;
        return (0..n)
            .map(|r| (0..n).map(|c| vals[base(rows[r], cols[c])]).collect())
            .collect();
    }
    rng.shuffle(&mut rows);
    rng.shuffle(&mut cols);
    (0..n)
        .map(|r| (0..n).map(|c| vals[(rows[r] + cols[c]) % n]).collect())
        .collect()
}

/// A random puzzle cut from a random square: cages of 1 to 4 cells (not
/// always connected), each with an operation drawn from `ops` and the
/// target the square gives it, sometimes moved by one (fewer or more
/// solutions, or none).
fn random_puzzle(n: usize, killer: bool, ops: &[Op], rng: &mut Rng) -> Puzzle {
    let square = random_square(n, killer, rng);
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut cages = Vec::new();
    let mut rest = order.as_slice();
    while !rest.is_empty() {
        let size = (1 + rng.below(4)).min(rest.len());
        let cells: Vec<Cell> = rest[..size]
            .iter()
            .map(|&i| Cell::from_index(i, n))
            .collect();
        rest = &rest[size..];
        let values: Vec<u64> = cells
            .iter()
            .map(|c| square[c.row as usize][c.col as usize] as u64)
            .collect();
        let largest = *values.iter().max().unwrap_or(&1);
        let others_sum: u64 = values.iter().sum::<u64>() - largest;
        let others_product: u64 = values.iter().product::<u64>() / largest;
        let op = match ops[rng.below(ops.len())] {
            Op::Given if size > 1 => Op::Add,
            op if size == 1 && op != Op::Hidden && op != Op::Mul => Op::Given,
            op => op,
        };
        let mut target = match op {
            Op::Given | Op::Add => values.iter().sum(),
            Op::Mul => values.iter().product(),
            Op::Sub => largest - others_sum.min(largest),
            Op::Div if largest.is_multiple_of(others_product) => largest / others_product,
            Op::Div => 0,
            Op::Hidden => values.iter().sum(),
        };
        let op = if matches!(op, Op::Sub | Op::Div) && target == 0 {
            Op::Add
        } else {
            op
        };
        if op == Op::Add && target == 0 {
            target = values.iter().sum();
        }
        if rng.below(20) == 0 {
            target = if rng.below(2) == 0 {
                target + 1
            } else {
                target.saturating_sub(1).max(1)
            };
        }
        cages.push(cage(target, op, cells));
    }
    Puzzle {
        size: n,
        cages,
        rules: if killer {
            Rules::Killer { box_size: 2 }
        } else {
            Rules::KenKen
        },
    }
}

/// The encoding's models are the verifier's solutions, on 200 random
/// puzzles of sizes 2 to 5 (ten 5×5s), KenKen with every operation and Killer
/// Sudoku; with sums and products listed as tuples and in layers.
#[cfg(feature = "cdcl")]
#[test]
fn models_are_the_verifiers_solutions() {
    let squares: Vec<Vec<Rows>> = (0..=5)
        .map(|n| if n < 2 { vec![] } else { latin_squares(n) })
        .collect();
    assert_eq!(squares[4].len(), 576);
    assert_eq!(squares[5].len(), 161_280);
    let every = [Op::Given, Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Hidden];
    let mut rng = Rng::new(44);
    let (mut layered, mut listed, mut solutions, mut empty) = (0, 0, 0, 0);
    for round in 0..200 {
        let (n, killer) = match round % 20 {
            0 | 10 => (2, false),
            1..=4 => (3, false),
            5..=8 | 11..=15 => (4, false),
            16..=18 => (4, true),
            _ => (5, false),
        };
        let ops: &[Op] = match (killer, round % 3) {
            (true, _) => &[Op::Add],
            (false, 0) => &[Op::Add, Op::Mul],
            _ => &every,
        };
        let puzzle = random_puzzle(n, killer, ops, &mut rng);
        let want = brute_force(&puzzle, &squares[n]);
        solutions += want.len();
        empty += usize::from(want.is_empty());
        for layer_above in [reference::TUPLE_LIMIT, 0] {
            let cnf = reference::encode_with(&puzzle, layer_above).expect("small cages list");
            for vars in &cnf.cages {
                match vars {
                    CageVars::Listed { .. } => listed += 1,
                    CageVars::Layered { .. } => layered += 1,
                }
            }
            assert_eq!(
                models(n, &cnf),
                want,
                "round {round}, layers above {layer_above}: {puzzle:?}"
            );
        }
    }
    // The rounds reach both encodings and puzzles with and without solutions.
    assert!(
        layered > 300 && listed > 1000,
        "{layered} layered, {listed} listed"
    );
    eprintln!("{layered} layered, {listed} listed, {solutions} solutions, {empty} without");
    assert!(
        solutions > 50 && empty > 20,
        "{solutions} solutions, {empty} puzzles without"
    );
}

/// The published grid of every fixture satisfies the reference CNF, with
/// the cage variables the grid gives them; a wrong grid falsifies it.
#[test]
fn every_fixture_grid_satisfies_the_reference_cnf() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for entry in std::fs::read_dir(root.join("fixtures/puzzles")).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let Ok(text) =
            std::fs::read_to_string(root.join(format!("fixtures/solutions/{stem}.grid")))
        else {
            continue;
        };
        let puzzle = crate::io::input::load(&path, None).unwrap().puzzle;
        let grid = crate::front::solution::parse_grid(&text, puzzle.size).unwrap();
        let cnf = reference::encode(&puzzle).unwrap();
        let value = claim::witness(&puzzle, &cnf, &grid);
        assert_eq!(claim::falsified(&cnf.clauses, &value), None, "{stem}");
        // The no-good excludes it; any other single change breaks a clause.
        assert_eq!(
            claim::falsified(&[claim::nogood(&grid)], &value),
            Some(0),
            "{stem}"
        );
        if puzzle.size > 1 {
            let mut wrong = grid.clone();
            wrong.values[0].swap(0, 1);
            let value = claim::witness(&puzzle, &cnf, &wrong);
            assert!(claim::falsified(&cnf.clauses, &value).is_some(), "{stem}");
        }
        checked += 1;
    }
    assert!(checked >= 18, "{checked} fixtures with grids");
}

/// long9's 24-cell sum has far too many tuples to list: it is layered; the
/// same cage with its operation hidden has no layered form and is refused.
#[test]
fn a_long_sum_is_layered_and_a_long_difference_refused() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let puzzle = crate::io::input::load(&root.join("fixtures/puzzles/long9.cage"), None)
        .unwrap()
        .puzzle;
    let cnf = reference::encode(&puzzle).unwrap();
    assert!(matches!(cnf.cages[0], CageVars::Layered { .. }));
    assert!(
        cnf.cages[1..]
            .iter()
            .all(|c| matches!(c, CageVars::Listed { .. }))
    );
    let mut hard = puzzle.clone();
    hard.cages[0].op = Op::Hidden;
    assert_eq!(
        reference::encode(&hard),
        Err(TooManyTuples {
            cage: 1,
            clue: "109?".into(),
            limit: reference::TUPLE_LIMIT
        })
    );
}

/// The numbering and the clauses of a 2×2, in full.
#[test]
fn a_2x2_clause_by_clause() {
    let puzzle = Puzzle::kenken(
        2,
        vec![
            cage(1, Op::Given, vec![Cell::new(0, 0)]),
            cage(3, Op::Add, vec![Cell::new(0, 1), Cell::new(1, 1)]),
            cage(2, Op::Given, vec![Cell::new(1, 0)]),
        ],
    );
    let cnf = reference::encode(&puzzle).unwrap();
    let mut text = Vec::new();
    claim::write_dimacs(2, &cnf, &[], &mut text).unwrap();
    let want = "\
c cagec reference CNF of a 2x2 puzzle (docs/certificates.md)
c x(r,c,v) = r*4 + c*2 + v: cell (r,c) holds v (r, c from 0, v from 1)
p cnf 12 41
1 2 0\n-1 -2 0\n3 4 0\n-3 -4 0\n5 6 0\n-5 -6 0\n7 8 0\n-7 -8 0
1 3 0\n-1 -3 0\n2 4 0\n-2 -4 0\n5 7 0\n-5 -7 0\n6 8 0\n-6 -8 0
1 5 0\n-1 -5 0\n2 6 0\n-2 -6 0\n3 7 0\n-3 -7 0\n4 8 0\n-4 -8 0
9 0\n-9 1 0\n-1 9 0\n-2 0
10 11 0\n-10 3 0\n-10 8 0\n-11 4 0\n-11 7 0\n-3 10 0\n-4 11 0\n-7 11 0\n-8 10 0
12 0\n-12 6 0\n-5 0\n-6 12 0
";
    assert_eq!(String::from_utf8(text).unwrap(), want);
}

#[test]
fn claims_no_goods_and_witnesses() {
    let grid = Grid {
        values: vec![vec![1, 2], vec![2, 1]],
    };
    assert_eq!(claim::nogood(&grid), vec![-1, -4, -6, -7]);
    assert_eq!(Claim::Unique(grid.clone()).word(), "unique");
    assert_eq!(Claim::NoSolution.grid(), None);
}

/// An error from the scratch folder names the file in the target folder:
/// the file itself when the path moved is the file (no trailing slash).
#[test]
fn a_moved_error_names_the_file_where_it_ends_up() {
    use super::{CertifyError, Step};
    use std::path::Path;
    let rejected = |file: &str| CertifyError::Rejected {
        file: file.into(),
        step: Step::Proof,
        reason: "no".into(),
    };
    let whole = rejected("/tmp/.w/proof.drat").moved(
        Path::new("/tmp/.w/proof.drat"),
        Path::new("cert/proof.drat"),
    );
    assert_eq!(
        whole.to_string(),
        "cert/proof.drat: checking the proof failed: no"
    );
    let inside = rejected("/tmp/.w/proof.drat").moved(Path::new("/tmp/.w"), Path::new("cert"));
    assert_eq!(
        inside.to_string(),
        "cert/proof.drat: checking the proof failed: no"
    );
    let elsewhere =
        rejected("/elsewhere/proof.drat").moved(Path::new("/tmp/.w"), Path::new("cert"));
    assert_eq!(
        elsewhere.to_string(),
        "/elsewhere/proof.drat: checking the proof failed: no"
    );
}
