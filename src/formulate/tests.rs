use super::*;
use crate::diag::Span;
use crate::ir::{Cage, Cell, Grid, Op};
use crate::model::VarId;

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

/// The point of the model that encodes `grid`, including the u orientations.
fn point(model: &Model, puzzle: &Puzzle, grid: &Grid) -> impl Fn(VarId) -> i64 {
    let n = puzzle.size;
    let mut values = vec![0i64; model.num_vars()];
    let l = Layout { n };
    for i in 0..n {
        for j in 0..n {
            let v = grid.values[i][j] as usize;
            values[l.x(i, j, v).index()] = 1;
            values[l.y(i, j).index()] = v as i64;
        }
    }
    for (c, cage) in puzzle.cages.iter().enumerate() {
        let cells = cage.sorted_cells();
        let (a, b) = match cells[..] {
            [a, b] => (grid.get(a) as u64, grid.get(b) as u64),
            _ => continue,
        };
        let flipped = match cage.op {
            Op::Sub => a > b,
            Op::Div => a > b,
            _ => continue,
        };
        let u = model.find_var(&names::u(c)).unwrap();
        values[u.index()] = flipped as i64;
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
    let names: Vec<&str> = model.rows().map(|r| r.info.name.as_str()).collect();
    assert_eq!(&names[..2], ["cell_1_1", "cell_1_2"]);
    assert!(names.contains(&"cage_7_r4") && names.contains(&"cage_4_p3"));
    assert_eq!(model.var_name(VarId(0)), "x_1_1_1");
    assert_eq!(model.var_name(Layout { n }.y(3, 2)), "y_4_3");
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
    let model = formulate(&Puzzle { size: n, cages }).unwrap();
    let p2 = model.rows().find(|r| r.info.name == "cage_1_p2").unwrap();
    assert_eq!(p2.info.rhs, 4);
    let coef = |k: usize| {
        let v = Layout { n }.x(0, 0, k);
        p2.terms.iter().find(|t| t.var == v).map(|t| t.coef)
    };
    assert_eq!(
        (coef(2), coef(4), coef(8), coef(16), coef(3)),
        (Some(1), Some(2), Some(3), Some(4), None)
    );
    let p13 = model.rows().find(|r| r.info.name == "cage_1_p13").unwrap();
    assert_eq!(p13.info.rhs, 0);
}
