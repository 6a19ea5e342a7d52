//! The back-ends' files, solved by the real HiGHS, CBC and glpsol: LP (all
//! three), free MPS (all three, glpsol `--freemps`), fixed MPS (all three) and
//! the AMPL pair (`glpsol -m -d`) must give the same status and optimum, and
//! for KenKen the known grid. A missing solver fails the test when `CI` is
//! set and is reported as a loud skip otherwise.

use std::io;
use std::path::Path;

use cagec::back::{self, FixedNames};
use cagec::model::{Domain, Model, RowFamily, Sense, Term, VarId};
use cagec::puzzle::ir::{Grid, Puzzle};

use crate::support::puzzles::{KK0, KK0_SOLUTION, KK1, KK1_SOLUTION, cyclic, grid, jwiki};
use crate::support::solvers::{self, Outcome, Status, available};

fn write(path: &Path, fill: impl FnOnce(&mut dyn io::Write) -> io::Result<()>) {
    let mut file = std::fs::File::create(path).expect("create");
    fill(&mut file).expect("write");
}

/// Writes LP, free MPS and fixed MPS of `model` into `dir` and solves each
/// with every solver there is. Values are keyed by canonical names.
fn solve_everywhere(model: &Model, dir: &Path) -> Vec<Outcome> {
    solve_files(model, dir, true)
}

/// As [`solve_everywhere`]; glpsol reads the files only if `glpsol_too`.
fn solve_files(model: &Model, dir: &Path, glpsol_too: bool) -> Vec<Outcome> {
    let (lp, mps, fixed) = (dir.join("m.lp"), dir.join("m.mps"), dir.join("m_fixed.mps"));
    write(&lp, |w| back::write_lp(model, w));
    write(&mps, |w| back::write_mps(model, w));
    let names = back::fixed_names(model);
    write(&fixed, |w| back::write_fixed_mps(model, &names, w));
    // Column order is declaration order in every file, plus the dummies.
    let mut columns: Vec<String> = model
        .vars()
        .map(|v| model.var_name(v).to_string())
        .collect();
    let mut lp_columns = columns.clone();
    if model.num_rows() == 0 {
        lp_columns.push("dummy_var".into());
    }
    if columns.is_empty() {
        columns.push("dummy".into());
    }
    let mut out = Vec::new();
    if available("highs") {
        out.push(solvers::highs(&lp));
        out.push(solvers::highs(&mps));
        out.push(canonical(solvers::highs(&fixed), model, &names));
    }
    if available("cbc") {
        out.push(solvers::cbc(&lp));
        out.push(solvers::cbc(&mps));
        out.push(canonical(solvers::cbc(&fixed), model, &names));
    }
    if glpsol_too && available("glpsol") {
        out.push(solvers::glpsol("--lp", &lp, &lp_columns));
        out.push(solvers::glpsol("--freemps", &mps, &columns));
        out.push(solvers::glpsol("--mps", &fixed, &columns));
    }
    let runs: Vec<&str> = out.iter().map(|o| o.run.as_str()).collect();
    eprintln!("{} solver runs: {runs:#?}", out.len());
    out
}

/// Renames a fixed-MPS answer's short names back to canonical ones.
fn canonical(mut o: Outcome, model: &Model, names: &FixedNames) -> Outcome {
    o.values = o
        .values
        .into_iter()
        .map(|(k, v)| {
            (
                names.canonical(model, &k).map_or(k.clone(), str::to_string),
                v,
            )
        })
        .collect();
    o
}

/// The integral value of `name` in `o`.
fn value(o: &Outcome, name: &str) -> i64 {
    let v = *o
        .values
        .get(name)
        .unwrap_or_else(|| panic!("{}: no value for {name}", o.run));
    assert!(
        (v - v.round()).abs() < 1e-6,
        "{}: {name} = {v} is not integral",
        o.run
    );
    v.round() as i64
}

fn assert_status(outcomes: &[Outcome], status: &Status, objective: Option<f64>) {
    for o in outcomes {
        assert_eq!(&o.status, status, "{}", o.run);
        if let Some(want) = objective {
            let got = o
                .objective
                .unwrap_or_else(|| panic!("{}: no objective", o.run));
            assert!(
                (got - want).abs() < 1e-6,
                "{}: objective {got}, want {want}",
                o.run
            );
        }
    }
}

/// Checks every row of `model` at the solver's point.
fn assert_feasible(model: &Model, o: &Outcome) {
    let violated = model.violated_rows(|v| value(o, model.var_name(v)));
    assert!(violated.is_empty(), "{}: rows {violated:?} violated", o.run);
}

fn var(m: &mut Model, name: &str, domain: Domain) -> VarId {
    m.add_var(format_args!("{name}"), domain)
}

fn row(m: &mut Model, name: &str, terms: &[(VarId, i64)], sense: Sense, rhs: i64) {
    m.add_row(
        name,
        RowFamily::Sum,
        format_args!("test row {name}"),
        terms.iter().copied(),
        sense,
        rhs,
    )
    .expect("row");
}

#[test]
fn every_bound_kind_gives_one_optimum() {
    let mut m = Model::new("bounds");
    let b1 = var(&mut m, "b1", Domain::Binary);
    let b2 = var(&mut m, "b2", Domain::Binary);
    let g = var(&mut m, "g", Domain::Integer { lo: -3, hi: 7 });
    let h = var(&mut m, "h", Domain::Integer { lo: 2, hi: 2 });
    let c1 = var(&mut m, "c1", Domain::Continuous { lo: 1, hi: 5 });
    let c2 = var(&mut m, "c2", Domain::Continuous { lo: -4, hi: 10 });
    let c3 = var(
        &mut m,
        "c3",
        Domain::Continuous {
            lo: 0,
            hi: i64::MAX,
        },
    );
    let free = Domain::Integer {
        lo: i64::MIN,
        hi: i64::MAX,
    };
    let f = var(&mut m, "f", free);
    let z = var(&mut m, "z", Domain::Continuous { lo: 0, hi: 3 });
    var(&mut m, "w", Domain::Continuous { lo: 0, hi: 3 });
    row(&mut m, "r1", &[(b1, 1), (b2, 1)], Sense::Le, 1);
    row(&mut m, "r2", &[(g, 1), (b2, 2)], Sense::Ge, -1);
    row(&mut m, "r3", &[(c2, 1), (c3, -1)], Sense::Ge, -6);
    row(&mut m, "r4", &[(f, 1), (g, -1)], Sense::Eq, 2);
    row(&mut m, "r5", &[(f, 1), (c1, 1)], Sense::Ge, 0);
    row(&mut m, "r6", &[(c1, 3), (h, -2)], Sense::Le, 11);
    let costs = [
        (b1, -2),
        (b2, -3),
        (g, 1),
        (h, -1),
        (c1, 1),
        (c2, 2),
        (c3, 1),
        (z, -1),
    ];
    m.objective = costs
        .iter()
        .map(|&(var, coef)| Term { var, coef })
        .collect();

    let dir = tempfile::tempdir().unwrap();
    let outcomes = solve_everywhere(&m, dir.path());
    assert_status(&outcomes, &Status::Optimal, Some(-18.0));
    let want = [
        ("b1", 0),
        ("b2", 1),
        ("g", -3),
        ("h", 2),
        ("c1", 1),
        ("c2", -4),
    ];
    for o in &outcomes {
        assert_feasible(&m, o);
        for (name, v) in want.iter().chain(&[("c3", 0), ("f", -1), ("z", 3)]) {
            assert_eq!(value(o, name), *v, "{}: {name}", o.run);
        }
    }
}

#[test]
fn long_rows_wrap_and_long_names_are_renamed() {
    let mut m = Model::new("a_long_model_name");
    let xs: Vec<VarId> = (1..=60)
        .map(|i| {
            m.add_var(
                format_args!("a_rather_long_variable_name_number_{i:02}"),
                Domain::Binary,
            )
        })
        .collect();
    let terms: Vec<(VarId, i64)> = xs.iter().map(|&x| (x, 1)).collect();
    row(
        &mut m,
        "choose_exactly_thirty_of_the_sixty",
        &terms,
        Sense::Eq,
        30,
    );
    m.objective = xs
        .iter()
        .zip(1..)
        .map(|(&var, coef)| Term { var, coef })
        .collect();

    let dir = tempfile::tempdir().unwrap();
    let outcomes = solve_everywhere(&m, dir.path());
    assert_status(&outcomes, &Status::Optimal, Some(465.0));
    for o in &outcomes {
        for (i, x) in xs.iter().enumerate() {
            assert_eq!(value(o, m.var_name(*x)), i64::from(i < 30), "{}", o.run);
        }
    }
    let lp = std::fs::read_to_string(dir.path().join("m.lp")).unwrap();
    assert!(lp.lines().all(|l| l.len() <= 255), "an LP line is too long");
    assert!(
        lp.lines()
            .filter(|l| l.starts_with(" + 1 a_rather"))
            .count()
            >= 2,
        "{lp}"
    );
    let names = back::fixed_names(&m);
    assert_eq!(names.renamed_count(), 61);
    let fixed = std::fs::read_to_string(dir.path().join("m_fixed.mps")).unwrap();
    assert!(fixed.contains("    C0000060  R0000001  1\n"), "{fixed}");
}

#[test]
fn integer_infeasibility_is_seen_by_all() {
    let mut m = Model::new("infeasible");
    let a = var(&mut m, "a", Domain::Binary);
    let b = var(&mut m, "b", Domain::Integer { lo: 0, hi: 3 });
    let c = var(&mut m, "c", Domain::Continuous { lo: 0, hi: 1 });
    row(&mut m, "odd", &[(a, 2), (b, 2)], Sense::Eq, 3);
    row(&mut m, "other", &[(c, 1), (a, 1)], Sense::Le, 1);
    let dir = tempfile::tempdir().unwrap();
    let outcomes = solve_everywhere(&m, dir.path());
    assert_status(&outcomes, &Status::Infeasible, None);
}

#[test]
fn models_without_rows_or_columns_still_solve() {
    let mut m = Model::new("norows");
    let x = var(&mut m, "x", Domain::Continuous { lo: 1, hi: 4 });
    let b = var(&mut m, "b", Domain::Binary);
    m.objective = vec![Term { var: x, coef: 2 }, Term { var: b, coef: -1 }];
    let dir = tempfile::tempdir().unwrap();
    let outcomes = solve_everywhere(&m, dir.path());
    assert_status(&outcomes, &Status::Optimal, Some(1.0));
    for o in &outcomes {
        assert_eq!((value(o, "x"), value(o, "b")), (1, 1), "{}", o.run);
    }

    let empty = Model::new("empty");
    let outcomes = solve_everywhere(&empty, dir.path());
    assert_status(&outcomes, &Status::Optimal, Some(0.0));
}

/// The grid in the y values of a solver's answer.
fn y_grid(o: &Outcome, n: usize) -> Grid {
    let values = (1..=n)
        .map(|i| {
            (1..=n)
                .map(|j| value(o, &format!("y_{i}_{j}")) as u32)
                .collect()
        })
        .collect();
    Grid { values }
}

/// Writes the AMPL pair (with `cuts`) and runs glpsol on it.
fn solve_ampl(puzzle: &Puzzle, cuts: &[Grid], dir: &Path) -> Option<(Status, Grid)> {
    let (model, data) = (dir.join("kenken.mod"), dir.join("kenken.dat"));
    write(&model, back::ampl::write_model);
    write(&data, |w| back::ampl::write_data(puzzle, cuts, w));
    if !available("glpsol") {
        return None;
    }
    let (status, ys) = solvers::glpsol_ampl(&model, &data);
    let n = puzzle.size;
    let mut values = vec![vec![0u32; n]; n];
    for (i, j, v) in ys {
        values[i - 1][j - 1] = v;
    }
    Some((status, Grid { values }))
}

/// Every format and solver finds `solution`, the only solution of `puzzle`
/// (the AMPL model with it as a no-good cut is infeasible).
fn assert_solves_to(puzzle: &Puzzle, solution: &Grid) {
    assert_solves_with(puzzle, solution, true);
}

/// As [`assert_solves_to`]. Unless `thorough`, glpsol skips the LP and MPS
/// files and the uniqueness proof (it still solves the AMPL pair).
fn assert_solves_with(puzzle: &Puzzle, solution: &Grid, thorough: bool) {
    assert!(
        cagec::puzzle::verify::check(puzzle, solution).is_empty(),
        "bad test data"
    );
    let model = cagec::formulate::formulate(puzzle).expect("formulate");
    let dir = tempfile::tempdir().unwrap();
    let outcomes = solve_files(&model, dir.path(), thorough);
    assert_status(&outcomes, &Status::Optimal, Some(0.0));
    for o in &outcomes {
        assert_feasible(&model, o);
        assert_eq!(&y_grid(o, puzzle.size), solution, "{}", o.run);
    }
    if let Some((status, grid)) = solve_ampl(puzzle, &[], dir.path()) {
        assert_eq!(status, Status::Optimal, "AMPL pair");
        assert_eq!(&grid, solution, "AMPL pair");
    }
    if !thorough {
        return;
    }
    let cut = std::slice::from_ref(solution);
    if let Some((status, grid)) = solve_ampl(puzzle, cut, dir.path()) {
        assert_eq!(
            status,
            Status::Infeasible,
            "AMPL pair with the solution cut off"
        );
        assert!(
            grid.values.iter().flatten().all(|&v| v == 0),
            "no y lines expected"
        );
    }
}

#[test]
fn kenken_kk0_everywhere() {
    assert_solves_to(&jwiki(4, KK0), &grid(KK0_SOLUTION));
}

#[test]
fn kenken_kk1_everywhere() {
    assert_solves_to(&jwiki(6, KK1), &grid(KK1_SOLUTION));
}

#[test]
fn large_grids_with_primes_and_powers_above_nine() {
    for n in [11, 16] {
        let (puzzle, square) = cyclic(n);
        assert_solves_to(&puzzle, &square);
    }
}

/// The fixture puzzles, read by the real front-end, against their known
/// solutions. On the 8×8 ones glpsol needs 20–30 s per LP or MPS file and
/// 45 s for the uniqueness proof (2 s to solve the AMPL pair), so there it
/// only solves the AMPL pair; HiGHS and CBC read every file.
#[test]
fn fixture_puzzles_everywhere() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    for name in [
        "kk0.cage",
        "kk1.cage",
        "kk2.cage",
        "kk3.cage",
        "melkonian5.dat",
    ] {
        let path = fixtures.join("puzzles").join(name);
        let loaded = cagec::io::input::load(&path, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        let stem = name.split('.').next().unwrap_or(name);
        let solution =
            std::fs::read_to_string(fixtures.join("solutions").join(format!("{stem}.grid")))
                .unwrap_or_else(|e| panic!("{stem}.grid: {e}"));
        let solution = grid(&solution.trim().replace('\n', "/"));
        let puzzle = loaded.puzzle;
        assert_solves_with(&puzzle, &solution, puzzle.size <= 6);
    }
}

/// The other formulations (presolved x, product by value sets, one binary per
/// cage tuple) go through the same writers and solve to the same grid.
#[test]
fn other_formulations_everywhere() {
    use cagec::formulate::{Formulation, Options, ProductMethod, formulate_with};
    let (puzzle, solution) = (jwiki(6, KK1), grid(KK1_SOLUTION));
    let variants = [
        (true, ProductMethod::Sets, Formulation::Melkonian),
        (false, ProductMethod::Auto, Formulation::Tuples),
        (true, ProductMethod::Primes, Formulation::Tuples),
    ];
    for (presolve, product, formulation) in variants {
        let opts = Options {
            presolve,
            product,
            formulation,
            ..Options::default()
        };
        let model = formulate_with(&puzzle, &opts).expect("formulate");
        let dir = tempfile::tempdir().unwrap();
        let outcomes = solve_everywhere(&model, dir.path());
        assert_status(&outcomes, &Status::Optimal, Some(0.0));
        for o in &outcomes {
            assert_feasible(&model, o);
            assert_eq!(y_grid(o, 6), solution, "{} with {opts:?}", o.run);
        }
    }
}
