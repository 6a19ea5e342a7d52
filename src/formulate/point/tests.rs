use std::path::{Path, PathBuf};

use super::*;
use crate::formulate::{Formulation, KillerForm, Options, ProductMethod, formulate_with, names};
use crate::model::point::Violation;
use crate::puzzle::ir::{Op, Rules};

/// Every option set: KenKen ones by product method, formulation and presolve;
/// Killer ones by model form, formulation and presolve.
fn option_sets(rules: Rules) -> Vec<Options> {
    let mut out = Vec::new();
    for presolve in [false, true] {
        for formulation in [Formulation::Melkonian, Formulation::Tuples] {
            match rules {
                Rules::KenKen => {
                    for product in [
                        ProductMethod::Primes,
                        ProductMethod::Sets,
                        ProductMethod::Auto,
                    ] {
                        out.push(Options {
                            presolve,
                            product,
                            formulation,
                            ..Options::default()
                        });
                    }
                }
                Rules::Killer { .. } => {
                    for killer_form in [KillerForm::Separate, KillerForm::Combined] {
                        out.push(Options {
                            presolve,
                            formulation,
                            killer_form,
                            ..Options::default()
                        });
                    }
                }
            }
        }
    }
    // A low tuple limit mixes tabulated cages with the paper's rows.
    out.push(Options {
        formulation: Formulation::Tuples,
        tuple_limit: 5,
        ..Options::default()
    });
    out
}

/// The model, or None where a clue the paper has no rows for has more
/// tuples than the option set's limit (an input error, not a point's).
fn model_for(puzzle: &Puzzle, opts: &Options) -> Option<Model> {
    match formulate_with(puzzle, opts) {
        Ok(m) => Some(m),
        Err(crate::formulate::FormulateError::TooManyTuples { .. }) => None,
        Err(e) => panic!("{opts:?}: {e}"),
    }
}

/// Every puzzle fixture with its solution: the grid file beside it, or the
/// native solver's first solution where the fixture has none.
fn fixtures() -> Vec<(PathBuf, Puzzle, Grid)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join("puzzles"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let puzzle = crate::io::input::load(&path, None)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
                .puzzle;
            let stem = path.file_stem().unwrap().to_str().unwrap();
            let grid_file = root.join("solutions").join(format!("{stem}.grid"));
            let grid = match std::fs::read_to_string(&grid_file) {
                Ok(text) => crate::front::solution::parse_grid(&text, puzzle.size).unwrap(),
                Err(_) => crate::native::solve(&puzzle, &Default::default())
                    .unwrap()
                    .solutions
                    .remove(0),
            };
            (path, puzzle, grid)
        })
        .collect()
}

#[test]
fn every_fixture_and_option_set_has_a_checked_point() {
    let mut checked = 0;
    for (path, puzzle, grid) in fixtures() {
        for opts in option_sets(puzzle.rules) {
            let Some(model) = model_for(&puzzle, &opts) else {
                continue;
            };
            let point = feasible_point(&model, &puzzle, &grid)
                .unwrap_or_else(|e| panic!("{} {opts:?}: {e}", path.display()));
            assert_eq!(point.len(), model.num_vars());
            // Spot-check against the grid directly: the x and y of (1,1).
            let v = grid.values[0][0] as usize;
            if let Some(x) = model.find_var(&names::x(0, 0, v)) {
                assert_eq!(point[x.index()], 1);
            }
            if let Some(y) = model.find_var(&names::y(0, 0)) {
                assert_eq!(point[y.index()], v as i64);
            }
            // Every cage's z and w: exactly one 1 each, where it has them.
            for prefix in ["z", "w"] {
                for c in 1..=puzzle.cages.len() {
                    let head = format!("{prefix}_{c}_");
                    let ones: Vec<i64> = model
                        .vars()
                        .filter(|&v| model.var_name(v).starts_with(&head))
                        .map(|v| point[v.index()])
                        .collect();
                    if !ones.is_empty() {
                        assert_eq!(ones.iter().sum::<i64>(), 1, "{head} in {}", path.display());
                    }
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 18 * 7, "only {checked} models checked");
}

/// The check is not vacuous: on every small fixture, changing any one
/// column of the point (a binary flipped, any other moved by one) is caught.
#[test]
fn every_single_change_to_the_point_is_caught() {
    for (path, puzzle, grid) in fixtures().into_iter().filter(|f| f.1.size <= 6) {
        for opts in option_sets(puzzle.rules) {
            let Some(model) = model_for(&puzzle, &opts) else {
                continue;
            };
            let point = feasible_point(&model, &puzzle, &grid).unwrap();
            for var in model.vars() {
                let mut moved = point.clone();
                let v = &mut moved[var.index()];
                *v = if *v == 0 { 1 } else { *v - 1 };
                assert!(
                    model.check_point(&moved).is_err(),
                    "{} {opts:?}: {} changed and nothing noticed",
                    path.display(),
                    model.var_name(var)
                );
            }
        }
    }
}

#[test]
fn a_grid_that_is_not_a_solution_gets_no_point() {
    let (_, puzzle, mut grid) = fixtures().remove(0);
    let model = formulate_with(&puzzle, &Options::default()).unwrap();
    let (a, b) = (grid.values[0][0], grid.values[0][1]);
    grid.values[0][0] = b;
    grid.values[0][1] = a;
    assert!(matches!(
        feasible_point(&model, &puzzle, &grid),
        Err(FeasiblePointError::NotASolution(_))
    ));
}

#[test]
fn columns_the_formulation_does_not_write_are_refused() {
    let (_, puzzle, grid) = fixtures().remove(0);
    let mut model = formulate_with(&puzzle, &Options::default()).unwrap();
    model.add_var(format_args!("extra_1"), crate::model::Domain::Binary);
    assert_eq!(
        feasible_point(&model, &puzzle, &grid),
        Err(FeasiblePointError::UnknownColumn("extra_1".into()))
    );
    let mut model = formulate_with(&puzzle, &Options::default()).unwrap();
    let u = crate::model::Column::U { cage: 998 };
    model.add_column(u, crate::model::Domain::Binary);
    assert_eq!(
        feasible_point(&model, &puzzle, &grid),
        Err(FeasiblePointError::Mismatch("u_999".into()))
    );
}

/// A point that breaks a row is never returned: a cage row tightened by
/// hand makes the (otherwise right) point fail the check.
#[test]
fn a_point_that_breaks_a_row_is_refused() {
    let (_, puzzle, grid) = fixtures().remove(0);
    let mut model = formulate_with(&puzzle, &Options::default()).unwrap();
    let x = model
        .find_var(&names::x(0, 0, grid.values[0][0] as usize))
        .unwrap();
    model
        .add_row(
            "extra",
            crate::model::RowFamily::NoGood,
            String::new(),
            [(x, 1)],
            crate::model::Sense::Eq,
            0,
        )
        .unwrap();
    match feasible_point(&model, &puzzle, &grid) {
        Err(FeasiblePointError::Breaks(e)) => {
            assert!(matches!(e.first, Violation::Row { ref row, .. } if row == "extra"));
        }
        other => panic!("{other:?}"),
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// The grid a puzzle was generated from gives a checked point under
        /// every option set, hidden operations included.
        #[test]
        fn generated_puzzles_get_a_checked_point(
            size in 1usize..=7,
            seed in any::<u64>(),
            hide in proptest::collection::vec(any::<bool>(), 64),
            opt in 0usize..13,
        ) {
            let (mut puzzle, grid) = crate::generate::puzzle(&crate::generate::Options {
                size,
                seed,
                max_cage: 4,
                ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
                ..Default::default()
            });
            for (cage, &h) in puzzle.cages.iter_mut().zip(&hide) {
                if h && cage.cells.len() > 1 {
                    cage.op = Op::Hidden;
                }
            }
            let opts = option_sets(Rules::KenKen)[opt].clone();
            let model = model_for(&puzzle, &opts);
            prop_assume!(model.is_some());
            let model = model.unwrap();
            let point = feasible_point(&model, &puzzle, &grid);
            prop_assert!(point.is_ok(), "{:?} n={}: {:?}", opts, size, point);
        }
    }
}
