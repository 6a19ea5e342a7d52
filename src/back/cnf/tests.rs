use super::*;
use crate::model::Domain;

/// Collects the clauses, numbering auxiliaries after the model's variables.
struct Collect {
    vars: i32,
    clauses: Vec<Vec<Lit>>,
}

impl Sink for Collect {
    fn value(&self, _: Lit) -> bool {
        false
    }

    fn aux(&mut self, _: bool) -> Lit {
        self.vars += 1;
        self.vars
    }

    fn clause(&mut self, lits: &[Lit]) {
        self.clauses.push(lits.to_vec());
    }
}

fn clauses(model: &Model, amo: Amo) -> Collect {
    let mut c = Collect {
        vars: model.num_vars() as i32,
        clauses: Vec::new(),
    };
    encode(model, amo, &mut c);
    c
}

/// Whether some values of the auxiliaries satisfy every clause, the model's
/// variables being `fixed`.
fn satisfiable(c: &Collect, fixed: &[bool]) -> bool {
    let aux = c.vars as usize - fixed.len();
    assert!(aux <= 20, "{aux} auxiliaries are too many to try");
    (0..1u32 << aux).any(|bits| {
        let value = |l: Lit| {
            let v = l.unsigned_abs() as usize - 1;
            let b = match fixed.get(v) {
                Some(&b) => b,
                None => bits >> (v - fixed.len()) & 1 == 1,
            };
            b == (l > 0)
        };
        c.clauses.iter().all(|cl| cl.iter().any(|&l| value(l)))
    })
}

/// Two cells with values 1..3 (x_1_1_K, x_1_2_K), one binary u, and their
/// cell rows; then `row` over them.
fn two_cells(terms: &[(usize, i64)], sense: Sense, rhs: i64) -> Model {
    let mut m = Model::new("t");
    for j in 1..=2 {
        for k in 1..=3 {
            m.add_var(format_args!("x_1_{j}_{k}"), Domain::Binary);
        }
    }
    m.add_var(format_args!("u_1"), Domain::Binary);
    for j in 0..2u32 {
        let xs = (0..3).map(|k| (VarId(j * 3 + k), 1));
        m.add_row(
            format!("cell_{j}"),
            RowFamily::CellValue,
            "",
            xs,
            Sense::Eq,
            1,
        )
        .unwrap();
    }
    let terms = terms.iter().map(|&(v, c)| (VarId(v as u32), c));
    m.add_row("r", RowFamily::Sum, "", terms, sense, rhs)
        .unwrap();
    m
}

#[test]
fn sums_hold_exactly_where_the_row_does() {
    // 1..3 in cell a, 1..3 in cell b (only values 1 and 3 named), u.
    let terms = [(0, 1), (1, 2), (2, 3), (3, 1), (5, 3), (6, -2)];
    for sense in [Sense::Eq, Sense::Le, Sense::Ge] {
        for rhs in -3..=8 {
            let m = two_cells(&terms, sense, rhs);
            let c = clauses(&m, Amo::Pairwise);
            for (a, b, u) in itertools::iproduct!(1..=3usize, 1..=3usize, 0..=1i64) {
                let mut point = vec![0i64; 7];
                point[a - 1] = 1;
                point[3 + b - 1] = 1;
                point[6] = u;
                let wb = [1, 0, 3][b - 1];
                let lhs = a as i64 + wb - 2 * u;
                let holds = sense.holds(lhs, rhs);
                let fixed: Vec<bool> = point.iter().map(|&v| v == 1).collect();
                assert_eq!(
                    satisfiable(&c, &fixed),
                    holds,
                    "{sense:?} {rhs}: a={a} b={b} u={u}"
                );
                // The auxiliaries' values at a point that meets the row
                // satisfy every clause.
                assert_eq!(cnf_point(&m, Amo::Pairwise, &point).is_ok(), holds);
            }
        }
    }
}

#[test]
fn at_most_one_either_way() {
    for amo in [Amo::Pairwise, Amo::Sequential] {
        for k in 1..=5u32 {
            let mut m = Model::new("t");
            for i in 0..k {
                m.add_var(format_args!("v_{i}"), Domain::Binary);
            }
            let terms = (0..k).map(|i| (VarId(i), 1));
            m.add_row("r", RowFamily::CageValuesDistinct, "", terms, Sense::Le, 1)
                .unwrap();
            let c = clauses(&m, amo);
            for bits in 0..1u32 << k {
                let fixed: Vec<bool> = (0..k).map(|i| bits >> i & 1 == 1).collect();
                assert_eq!(satisfiable(&c, &fixed), bits.count_ones() <= 1, "{amo:?}");
            }
            let (clauses, aux) = (c.clauses.len() as u32, c.vars as u32 - k);
            match (amo, k) {
                (Amo::Pairwise, _) => assert_eq!((clauses, aux), (k * (k - 1) / 2, 0)),
                (_, 1) => assert_eq!((clauses, aux), (0, 0)),
                _ => assert_eq!((clauses, aux), (3 * k - 4, k - 1)),
            }
        }
    }
}

#[test]
fn the_tuple_choice_has_no_at_most_one_and_the_counts_are_exact() {
    let path = format!("{}/fixtures/puzzles/kk0.cage", env!("CARGO_MANIFEST_DIR"));
    let p = crate::io::input::load(path.as_ref(), None).unwrap().puzzle;
    let opts = crate::formulate::Options {
        formulation: crate::formulate::Formulation::Tuples,
        ..Default::default()
    };
    let m = crate::formulate::formulate_zero_one(&p, &opts).unwrap();
    let mut text = Vec::new();
    write_cnf(&m, Amo::Auto, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let p_line = text.lines().find(|l| l.starts_with("p cnf ")).unwrap();
    let clauses = text
        .lines()
        .filter(|l| !l.starts_with('c') && !l.starts_with('p'))
        .count();
    let c = super::tests::clauses(&m, Amo::Auto);
    assert_eq!(p_line, format!("p cnf {} {}", c.vars, c.clauses.len()));
    assert_eq!(clauses, c.clauses.len());
    // T.1 of the 11+ cage (12 tuples): one clause of 12 z, no pairs of z.
    let z = |l: Lit| m.var_name(VarId(l.unsigned_abs() - 1)).starts_with("z_2_");
    assert_eq!(
        c.clauses
            .iter()
            .filter(|cl| cl.iter().all(|&l| z(l)))
            .count(),
        1
    );
}
