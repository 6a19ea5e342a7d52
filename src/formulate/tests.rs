use super::*;
use crate::model::VarId;
use crate::puzzle::diag::Span;
use crate::puzzle::ir::{Cage, Cell, Grid, Op};

/// The essay's 4×4 puzzle kk0 and its solution.
fn kk0() -> (Puzzle, Grid) {
    let cage = |target, op, cells: &[usize]| Cage {
        target,
        op,
        cells: cells.iter().map(|&c| Cell::from_index(c, 4)).collect(),
        span: Span::default(),
    };
    let puzzle = Puzzle {
        size: 4,
        cages: vec![
            cage(1, Op::Given, &[0]),
            cage(11, Op::Add, &[1, 2, 5, 6]),
            cage(4, Op::Add, &[3, 7]),
            cage(8, Op::Mul, &[4, 8, 9]),
            cage(1, Op::Sub, &[10, 11]),
            cage(7, Op::Add, &[12, 13]),
            cage(2, Op::Div, &[14, 15]),
        ],
        rules: crate::puzzle::ir::Rules::KenKen,
    };
    let grid = Grid {
        values: vec![
            vec![1, 2, 4, 3],
            vec![4, 3, 2, 1],
            vec![2, 1, 3, 4],
            vec![3, 4, 1, 2],
        ],
    };
    (puzzle, grid)
}

/// The point of the model that encodes `grid`: x, y, the u orientations,
/// and the z (tuple) and w (value set) that match it.
fn point(model: &Model, puzzle: &Puzzle, grid: &Grid) -> impl Fn(VarId) -> i64 + use<> {
    let n = puzzle.size;
    let mut values = vec![0i64; model.num_vars()];
    let mut set = |name: String, value: i64| {
        if let Some(v) = model.find_var(&name) {
            values[v.index()] = value;
        }
    };
    for i in 0..n {
        for j in 0..n {
            let v = grid.values[i][j] as usize;
            set(names::x(i, j, v), 1);
            set(names::y(i, j), v as i64);
        }
    }
    for (c, cage) in puzzle.cages.iter().enumerate() {
        let cells = cage.sorted_cells();
        let here: Vec<u8> = cells.iter().map(|&cell| grid.get(cell) as u8).collect();
        if let [a, b] = here[..] {
            set(names::u(c), (a > b) as i64);
        }
        if let Ok(t) = crate::puzzle::tuples::enumerate(cage, n, 100_000) {
            if let Some(ti) = t.iter().position(|tuple| tuple == &here[..]) {
                set(format!("z_{}_{}", c + 1, ti + 1), 1);
            }
            let mut sorted = here.clone();
            sorted.sort_unstable();
            if let Some(si) = super::products::value_sets(&t)
                .iter()
                .position(|s| *s == sorted)
            {
                set(format!("w_{}_{}", c + 1, si + 1), 1);
            }
        }
    }
    move |v: VarId| values[v.index()]
}

#[test]
fn the_known_solution_satisfies_every_row() {
    let (puzzle, grid) = kk0();
    let model = formulate(&puzzle).unwrap();
    assert_eq!(
        model.violated_rows(point(&model, &puzzle, &grid)),
        Vec::<&str>::new()
    );
}

#[test]
fn a_wrong_grid_breaks_the_cage_rows_it_should() {
    let (puzzle, _) = kk0();
    let model = formulate(&puzzle).unwrap();
    // A Latin square that ignores the cages.
    let wrong = Grid {
        values: vec![
            vec![1, 2, 3, 4],
            vec![2, 1, 4, 3],
            vec![3, 4, 1, 2],
            vec![4, 3, 2, 1],
        ],
    };
    let bad = model.violated_rows(point(&model, &puzzle, &wrong));
    assert!(bad.contains(&"cage_2"), "{bad:?}");
    assert!(bad.iter().all(|r| r.starts_with("cage_")), "{bad:?}");
}

#[test]
fn row_counts_follow_the_spec() {
    let (puzzle, _) = kk0();
    let model = formulate(&puzzle).unwrap();
    let n = 4;
    // x, y, and u for the one difference and one ratio cage.
    assert_eq!(model.num_vars(), n * n * n + n * n + 2);
    // 3n² Latin rows, n² links, then: given 1, sums 3, diff 1, ratio 4,
    // product: one per prime ≤ 4 (2 and 3).
    assert_eq!(model.num_rows(), 3 * n * n + n * n + 1 + 3 + 1 + 4 + 2);
    let names: Vec<&str> = model.rows().map(|r| r.name).collect();
    assert_eq!(&names[..2], ["cell_1_1", "cell_1_2"]);
    assert!(names.contains(&"cage_7_r4") && names.contains(&"cage_4_p3"));
    assert_eq!(model.var_name(VarId(0)), "x_1_1_1");
    assert_eq!(
        model.var_name(VarId((n * n * n + 3 * n + 2) as u32)),
        "y_4_3"
    );
}

#[test]
fn product_rows_use_every_exponent_at_n_16() {
    // A 16×16 grid whose cage (16*) needs v_2(16) = 4 on x_.._16.
    let n = 16;
    let mut cages: Vec<Cage> = (1..n * n)
        .map(|c| Cage {
            target: 1,
            op: Op::Given,
            cells: vec![Cell::from_index(c, n)],
            span: Span::default(),
        })
        .collect();
    cages.insert(
        0,
        Cage {
            target: 16,
            op: Op::Mul,
            cells: vec![Cell::new(0, 0)],
            span: Span::default(),
        },
    );
    let model = formulate(&Puzzle {
        size: n,
        cages,
        rules: crate::puzzle::ir::Rules::KenKen,
    })
    .unwrap();
    let p2 = model.rows().find(|r| r.name == "cage_1_p2").unwrap();
    assert_eq!(p2.info.rhs, 4);
    let coef = |k: usize| {
        let v = model.find_var(&names::x(0, 0, k)).unwrap();
        p2.terms.iter().find(|t| t.var == v).map(|t| t.coef)
    };
    assert_eq!(
        (coef(2), coef(4), coef(8), coef(16), coef(3)),
        (Some(1), Some(2), Some(3), Some(4), None)
    );
    let p13 = model.rows().find(|r| r.name == "cage_1_p13").unwrap();
    assert_eq!(p13.info.rhs, 0);
}

pub(super) fn all_options() -> Vec<Options> {
    let mut out = Vec::new();
    for presolve in [false, true] {
        for product in [
            ProductMethod::Primes,
            ProductMethod::Sets,
            ProductMethod::Auto,
        ] {
            for formulation in [
                Formulation::Melkonian,
                Formulation::Tuples,
                Formulation::Cover,
            ] {
                out.push(Options {
                    presolve,
                    product,
                    formulation,
                    ..Options::default()
                });
            }
        }
    }
    out
}

#[test]
fn every_option_keeps_the_known_solution_feasible() {
    let mut puzzles = vec![kk0()];
    for seed in 0..12 {
        puzzles.push(crate::generate::puzzle(&crate::generate::Options {
            size: 3 + seed as usize % 7,
            seed,
            max_cage: 4,
            ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
            ..Default::default()
        }));
    }
    for (puzzle, grid) in &puzzles {
        for opts in all_options() {
            let model = formulate_with(puzzle, &opts).unwrap();
            let bad = model.violated_rows(point(&model, puzzle, grid));
            assert!(bad.is_empty(), "{opts:?} n={}: {bad:?}", puzzle.size);
        }
    }
}

#[test]
fn presolve_removes_columns_and_reports_them() {
    let (puzzle, _) = kk0();
    let plain = formulate(&puzzle).unwrap();
    let opts = Options {
        presolve: true,
        ..Options::default()
    };
    let model = formulate_with(&puzzle, &opts).unwrap();
    let report = model.presolve.unwrap();
    assert_eq!(plain.num_vars() - model.num_vars(), report.columns_removed);
    // kk0 is solved by propagation alone: one x per cell survives.
    assert_eq!(report.columns_removed, 64 - 16);
    assert!(
        report.rows_removed > 0,
        "product rows with no term left are dropped"
    );
}

#[test]
fn products_by_value_sets_on_straight_cages_only() {
    let (puzzle, _) = kk0();
    let opts = Options {
        product: ProductMethod::Sets,
        ..Options::default()
    };
    let model = formulate_with(&puzzle, &opts).unwrap();
    // Cage 4 (8* on cells 4 8 9) is bent: it keeps method 1.
    assert!(model.rows().any(|r| r.name == "cage_4_p2"));
    // A straight 2-cell product: 12* in a row of a 4×4 has the one set {3,4}.
    let mut straight = puzzle.clone();
    straight.cages[5] = Cage {
        target: 12,
        op: Op::Mul,
        ..straight.cages[5].clone()
    };
    let model = formulate_with(&straight, &opts).unwrap();
    let row = model.rows().find(|r| r.name == "cage_6").unwrap();
    assert_eq!(
        (row.info.family, row.info.rhs, row.terms.len()),
        (RowFamily::PairValueSet, 2, 4)
    );
}

#[test]
fn tuple_formulation_falls_back_above_the_limit() {
    let (puzzle, _) = kk0();
    let opts = Options {
        formulation: Formulation::Tuples,
        tuple_limit: 5,
        ..Options::default()
    };
    let model = formulate_with(&puzzle, &opts).unwrap();
    // Cage 2 (11+, 12 tuples) and cage 4 (8*, 6 tuples) keep the paper's rows.
    assert!(
        model
            .rows()
            .any(|r| r.name == "cage_2" && r.info.family == RowFamily::Sum)
    );
    assert!(model.rows().any(|r| r.name == "cage_4_p2"));
    assert!(
        model
            .rows()
            .any(|r| r.name == "cage_3" && r.info.family == RowFamily::TupleChoice)
    );
    assert!(
        model
            .sections
            .iter()
            .any(|s| s.title.contains("more than 5 tuples"))
    );
    // Cage 7 (2%, 4 tuples) is tabulated and needs no u; cage 5 (1-, 6 tuples) is not.
    assert!(model.find_var("u_7").is_none());
    assert!(model.find_var("u_5").is_some());
}

// The property "the generating grid satisfies every row, hidden operations
// included" is `point::tests::properties`, on the point the product derives.

/// The cover formulation is the tuple formulation with x substituted by
/// (T.2): each of its line rows holds exactly the z that the tuple model's
/// (T.2) rows tie to that line's x, and its cages have no x and no y.
#[test]
fn cover_rows_are_the_tuple_rows_with_x_substituted() {
    let (puzzle, _) = kk0();
    for presolve in [false, true] {
        let tuples = formulate_with(
            &puzzle,
            &Options {
                formulation: Formulation::Tuples,
                presolve,
                ..Options::default()
            },
        )
        .unwrap();
        let cover = formulate_with(
            &puzzle,
            &Options {
                formulation: Formulation::Cover,
                presolve,
                ..Options::default()
            },
        )
        .unwrap();
        assert!(cover.vars().all(|v| cover.var_name(v).starts_with("z_")));
        let z_of_x = |x: VarId| -> Vec<String> {
            let Some(crate::model::Column::X { row, col, k }) = tuples.column(x) else {
                panic!("the Latin rows hold x alone");
            };
            let (i, j) = (row as usize, col as usize);
            let Some(row) = tuples.rows().find(|r| {
                r.info.family == RowFamily::TupleLink
                    && r.name.ends_with(&format!("_{}_{}_{k}", i + 1, j + 1))
            }) else {
                return Vec::new();
            };
            (row.terms.iter())
                .map(|t| tuples.var_name(t.var).to_string())
                .filter(|name| name.starts_with("z_"))
                .collect()
        };
        for row in tuples.rows().filter(|r| {
            [RowFamily::ValueOncePerRow, RowFamily::ValueOncePerColumn].contains(&r.info.family)
        }) {
            let mut want: Vec<String> = (row.terms.iter()).flat_map(|t| z_of_x(t.var)).collect();
            want.sort();
            let got = cover.rows().find(|r| r.name == row.name).unwrap();
            let mut got: Vec<String> = (got.terms.iter())
                .map(|t| cover.var_name(t.var).to_string())
                .collect();
            got.sort();
            assert_eq!(got, want, "{} (presolve {presolve})", row.name);
        }
        let choices = |m: &Model| {
            m.rows()
                .filter(|r| r.info.family == RowFamily::TupleChoice)
                .count()
        };
        assert_eq!(choices(&cover), choices(&tuples));
        assert_eq!(
            cover
                .rows()
                .filter(|r| r.info.family == RowFamily::CellValue)
                .count(),
            0
        );
    }
}

#[test]
fn rows_kept_as_runs_are_the_rows_written_out() {
    let (puzzle, _) = kk0();
    let model = formulate(&puzzle).unwrap();
    let n = puzzle.size;
    // The same layout, but with every x looked up in a table: the rows are
    // then stored term by term, as they are after presolve.
    let dense = declare_vars(&mut Model::new("dense"), n, None, true, &[]);
    let listed = Layout {
        x: (0..n * n * n).map(|at| at as u32).collect(),
        dense_from: None,
        ..dense.clone()
    };
    for layout in [&dense, &listed] {
        let mut m = Model::new("t");
        declare_vars(&mut m, n, None, true, &[]);
        latin_rows(&mut m, layout, Sense::Eq).unwrap();
        link_rows(&mut m, layout).unwrap();
        let stored = m.rows().filter(|r| r.terms.as_run().is_none()).count();
        assert_eq!(
            stored,
            if layout.dense_from.is_some() {
                0
            } else {
                4 * n * n
            }
        );
        assert_eq!(m.num_nonzeros(), 4 * n * n * n + n * n);
        for (got, want) in m.rows().zip(model.rows()) {
            assert_eq!(
                (got.name, got.note, got.info.family),
                (want.name, want.note, want.info.family)
            );
            assert_eq!(got.terms.to_vec(), want.terms.to_vec(), "{}", got.name);
            assert_eq!(got.terms.all_ones(), want.terms.all_ones(), "{}", got.name);
        }
    }
}
