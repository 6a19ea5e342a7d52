//! Unit tests of the back-ends on small hand-built models.

use super::*;
use crate::model::{Domain, Model, Sense};

/// Renders with one of the writers into a string.
fn render_with(write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>) -> String {
    let mut out = Vec::new();
    write(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// Every bound kind the writers know, two rows, an objective.
fn bounds_model() -> Model {
    let mut m = Model::new("bounds");
    m.header = vec!["a model with every bound kind".into()];
    let b = m.add_var(format_args!("b"), Domain::Binary);
    let g = m.add_var(format_args!("g"), Domain::Integer { lo: -3, hi: 7 });
    let h = m.add_var(format_args!("h"), Domain::Integer { lo: 2, hi: 2 });
    let c = m.add_var(format_args!("c"), Domain::Continuous { lo: 1, hi: 5 });
    let d = m.add_var(
        format_args!("d"),
        Domain::Continuous {
            lo: 0,
            hi: i64::MAX,
        },
    );
    let f = m.add_var(
        format_args!("f"),
        Domain::Integer {
            lo: i64::MIN,
            hi: i64::MAX,
        },
    );
    let z = m.add_var(format_args!("z"), Domain::Continuous { lo: 0, hi: 3 });
    let _ = z;
    m.section("first rows");
    m.add_row(
        "r1".into(),
        "2.1",
        "first row".into(),
        [(b, 1), (g, -2)],
        Sense::Le,
        -6,
    )
    .unwrap();
    m.add_row(
        "r2".into(),
        "given",
        "second".into(),
        [(c, 3), (d, 1), (f, 1), (h, 1)],
        Sense::Ge,
        4,
    )
    .unwrap();
    m.objective = vec![
        crate::model::Term { var: g, coef: 1 },
        crate::model::Term { var: c, coef: -2 },
        crate::model::Term { var: g, coef: 2 },
    ];
    m
}

#[test]
fn show() {
    let m = bounds_model();
    println!("{}", render_with(|w| write_lp(&m, w)));
    println!("{}", render_with(|w| write_mps(&m, w)));
    let names = fixed_names(&m);
    println!("{}", render_with(|w| write_fixed_mps(&m, &names, w)));
}

#[test]
fn dump() {
    let m = bounds_model();
    let dir = std::path::Path::new("/tmp/bk");
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("b.lp"), render_with(|w| write_lp(&m, w))).unwrap();
    std::fs::write(dir.join("b.mps"), render_with(|w| write_mps(&m, w))).unwrap();
    let names = fixed_names(&m);
    std::fs::write(
        dir.join("bf.mps"),
        render_with(|w| write_fixed_mps(&m, &names, w)),
    )
    .unwrap();
}

/// A puzzle from J-wiki cage lines (`11+,1 2 5 6`); test input only.
pub(super) fn jwiki(n: usize, text: &str) -> crate::ir::Puzzle {
    use crate::ir::{Cage, Cell, Op};
    let cages = text
        .split('/')
        .map(|line| {
            let (clue, cells) = line.trim().split_once(',').unwrap();
            let (digits, op) = match clue.chars().last().unwrap() {
                '+' => (&clue[..clue.len() - 1], Op::Add),
                '-' => (&clue[..clue.len() - 1], Op::Sub),
                '*' => (&clue[..clue.len() - 1], Op::Mul),
                '%' => (&clue[..clue.len() - 1], Op::Div),
                _ => (clue, Op::Given),
            };
            Cage {
                target: digits.parse().unwrap(),
                op,
                cells: cells
                    .split_whitespace()
                    .map(|c| Cell::from_index(c.parse().unwrap(), n))
                    .collect(),
                span: Default::default(),
            }
        })
        .collect();
    crate::ir::Puzzle { size: n, cages }
}

pub(super) const KK0: &str =
    "1,0 / 11+,1 2 5 6 / 4+,3 7 / 8*,4 8 9 / 1-,10 11 / 7+,12 13 / 2%,14 15";

#[test]
fn dump_kk0() {
    let p = jwiki(4, KK0);
    let mut m = crate::formulate::formulate(&p).unwrap();
    m.name = "kk0".into();
    let dir = std::path::Path::new("/tmp/bk");
    std::fs::write(dir.join("kk0.lp"), render_with(|w| write_lp(&m, w))).unwrap();
    std::fs::write(dir.join("kk0.mps"), render_with(|w| write_mps(&m, w))).unwrap();
    let names = fixed_names(&m);
    std::fs::write(
        dir.join("kk0f.mps"),
        render_with(|w| write_fixed_mps(&m, &names, w)),
    )
    .unwrap();
    std::fs::write(dir.join("kk0.mod"), render_with(|w| ampl::write_model(w))).unwrap();
    std::fs::write(
        dir.join("kk0.dat"),
        render_with(|w| ampl::write_data(&p, &[], w)),
    )
    .unwrap();
}
