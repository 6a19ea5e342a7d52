//! The CPLEX-LP, free-MPS and fixed-MPS files of one model describe the same
//! rows, columns and bounds. Each file is read back from its *text* by a
//! reader written for this test (`lp_mps_agree/`), not by the back-ends'
//! code; the model itself is used only to count rows, columns and nonzeros,
//! so a back-end that drops a row in every format still fails.

mod fixed;
mod lin;
mod lp;
mod mps;
mod strict;
mod synthetic;

use std::path::Path;

use cagec::back;
use cagec::formulate::{self, FormulateError, Formulation, KillerForm, Options, ProductMethod};
use cagec::generate::{self, Rng};
use cagec::model::Model;
use cagec::puzzle::diag::Span;
use cagec::puzzle::ir::{Cage, Grid, Op, Puzzle, Rules};
use lin::{Lin, assert_same};
use proptest::prelude::*;

/// The three files of `model` read back, checked equal and counted.
fn check_agreement(context: &str, model: &Model) {
    let text = |write: &dyn Fn(&mut Vec<u8>) -> std::io::Result<()>| {
        let mut out = Vec::new();
        write(&mut out).unwrap_or_else(|e| panic!("{context}: writing: {e}"));
        String::from_utf8(out).unwrap_or_else(|e| panic!("{context}: not UTF-8: {e}"))
    };
    let names = back::fixed_names(model);
    let lp_text = text(&|w| back::write_lp(model, w));
    let mps_text = text(&|w| back::write_mps(model, w));
    let fixed_text = text(&|w| back::write_fixed_mps(model, &names, w));
    let map_text = text(&|w| back::write_rename_map(model, &names, w));
    let read = |label: &str, result: Result<Lin, String>| {
        result.unwrap_or_else(|e| panic!("{context}: the {label} reader refused the file: {e}"))
    };
    let from_lp = read("LP", lp::read(&lp_text));
    let from_mps = read("free-MPS", mps::read_free(&mps_text));
    let from_fixed = read("fixed-MPS", fixed::read_fixed(&fixed_text, &map_text));
    assert_same(context, "LP", &from_lp, "free MPS", &from_mps);
    assert_same(context, "LP", &from_lp, "fixed MPS", &from_fixed);
    let counts = |l: &Lin| (l.rows.len(), l.vars.len(), l.nonzeros());
    let expected = (model.num_rows(), model.num_vars(), model.num_nonzeros());
    assert_eq!(
        counts(&from_lp),
        expected,
        "{context}: (rows, columns, nonzeros) read from the LP file vs the model"
    );
}

/// Every option that changes the model of a KenKen (`killer` false) or of a
/// Killer Sudoku; the small tuple limit makes cages fall back to the paper's
/// rows.
fn all_options(killer: bool) -> Vec<Options> {
    let mut out = Vec::new();
    let products: &[ProductMethod] = if killer {
        &[ProductMethod::Primes]
    } else {
        &[
            ProductMethod::Primes,
            ProductMethod::Sets,
            ProductMethod::Auto,
        ]
    };
    let forms: &[KillerForm] = if killer {
        &[KillerForm::Separate, KillerForm::Combined]
    } else {
        &[KillerForm::Separate]
    };
    for presolve in [false, true] {
        for &product in products {
            for formulation in [Formulation::Melkonian, Formulation::Tuples] {
                for tuple_limit in [Options::default().tuple_limit, 4] {
                    for &killer_form in forms {
                        out.push(Options {
                            presolve,
                            product,
                            formulation,
                            tuple_limit,
                            killer_form,
                            ..Options::default()
                        });
                    }
                }
            }
        }
    }
    out
}

#[test]
fn every_fixture_with_every_option() {
    let mut checked = 0;
    let mut paths: Vec<_> = std::fs::read_dir("fixtures/puzzles")
        .expect("fixtures/puzzles")
        .map(|e| e.expect("directory entry").path())
        .collect();
    paths.sort();
    for path in &paths {
        let loaded = cagec::io::input::load(path, None)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let killer = matches!(loaded.puzzle.rules, Rules::Killer { .. });
        let mut seen = Vec::new();
        for opts in all_options(killer) {
            let context = format!("{} {opts:?}", path.display());
            let model = match formulate::formulate_with(&loaded.puzzle, &opts) {
                Ok(m) => m,
                // A clue with no rows but its tuples, refused under a small limit.
                Err(FormulateError::TooManyTuples { .. })
                    if opts.tuple_limit < Options::default().tuple_limit =>
                {
                    continue;
                }
                Err(e) => panic!("{context}: {e}"),
            };
            // Options often give the same rows (no product cage, no cage
            // over the tuple limit): such a model differs only in its
            // comments and is read once.
            let mut rows_only = model.clone();
            (rows_only.header, rows_only.sections) = (Vec::new(), Vec::new());
            rows_only.presolve = None;
            if seen.contains(&rows_only) {
                continue;
            }
            seen.push(rows_only);
            check_agreement(&context, &model);
            checked += 1;
        }
    }
    assert!(paths.len() >= 18, "fixtures missing: {paths:?}");
    assert!(checked >= 18 * 4, "only {checked} distinct models checked");
    let killer9 = Path::new("fixtures/puzzles/killer9.cage");
    assert!(paths.iter().any(|p| p == killer9), "the Killer fixture");
}

/// A random b²×b² Killer Sudoku: a Sudoku (the usual pattern with bands,
/// rows in bands, stacks, columns in stacks and symbols shuffled), cut into
/// the generator's cages; a cage whose values repeat becomes one-cell cages.
fn killer_puzzle(b: usize, seed: u64, max_cage: usize) -> (Puzzle, Grid) {
    let n = b * b;
    let mut rng = Rng::new(seed);
    let mut lines = || {
        let mut bands: Vec<usize> = (0..b).collect();
        rng.shuffle(&mut bands);
        let mut out = Vec::new();
        for band in bands {
            let mut within: Vec<usize> = (0..b).collect();
            rng.shuffle(&mut within);
            out.extend(within.iter().map(|w| band * b + w));
        }
        out
    };
    let (rows, cols) = (lines(), lines());
    let mut symbols: Vec<u32> = (1..=n as u32).collect();
    rng.shuffle(&mut symbols);
    let value = |r: usize, c: usize| symbols[(b * (r % b) + r / b + c) % n];
    let values = (0..n)
        .map(|i| (0..n).map(|j| value(rows[i], cols[j])).collect())
        .collect();
    let grid = Grid { values };
    let shape = generate::puzzle(&generate::Options {
        size: n,
        seed,
        max_cage,
        ops: vec![Op::Add],
        ..Default::default()
    })
    .0;
    let sum_cage = |cells: Vec<_>| Cage {
        target: cells.iter().map(|&c| u64::from(grid.get(c))).sum(),
        op: Op::Add,
        cells,
        span: Span::default(),
    };
    let mut cages = Vec::new();
    for cage in shape.cages {
        let mut seen: Vec<u32> = cage.cells.iter().map(|&c| grid.get(c)).collect();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() == cage.cells.len() {
            cages.push(sum_cage(cage.cells));
        } else {
            cages.extend(cage.cells.iter().map(|&c| sum_cage(vec![c])));
        }
    }
    let rules = Rules::Killer { box_size: b };
    let puzzle = Puzzle {
        size: n,
        cages,
        rules,
    };
    (puzzle, grid)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A random puzzle (KenKen of size 1..=7, or a 1×1, 4×4 or 9×9 Killer Sudoku)
    /// under random options: its three files read back the same.
    #[test]
    fn lp_and_mps_describe_the_same_rows(
        killer in prop::bool::weighted(0.25),
        size in 1usize..=7,
        seed in any::<u64>(),
        max_cage in 1usize..=5,
        ops in 1usize..16,
        hide in prop::collection::vec(any::<bool>(), 49),
        opt in 0usize..48,
    ) {
        let options = all_options(killer);
        let opts = options[opt % options.len()].clone();
        let (puzzle, grid) = if killer {
            let box_size = match size {
                1..=2 => 1,
                3..=6 => 2,
                _ => 3,
            };
            killer_puzzle(box_size, seed, max_cage)
        } else {
            let all = [Op::Add, Op::Sub, Op::Mul, Op::Div];
            let ops = (0..4).filter(|i| ops >> i & 1 == 1).map(|i| all[i]).collect();
            let (mut p, g) = generate::puzzle(&generate::Options { size, seed, max_cage, ops, ..Default::default() });
            // Hidden clues need their tuples: at most 7⁴ of them, under the
            // default limit.
            if opts.tuple_limit == Options::default().tuple_limit {
                for (cage, &h) in p.cages.iter_mut().zip(&hide) {
                    if h && (2..=4).contains(&cage.cells.len()) {
                        cage.op = Op::Hidden;
                    }
                }
            }
            (p, g)
        };
        let context = format!(
            "{:?} n={} seed={seed} max_cage={max_cage} {opts:?}",
            puzzle.rules, puzzle.size
        );
        prop_assert!(!cagec::puzzle::valid::check(&puzzle).has_errors(), "{context}: invalid puzzle");
        prop_assert_eq!(cagec::puzzle::verify::check(&puzzle, &grid), vec![], "{}", &context);
        let model = formulate::formulate_with(&puzzle, &opts)
            .unwrap_or_else(|e| panic!("{context}: {e}"));
        check_agreement(&context, &model);
    }
}
