//! Unit tests of the back-ends on small hand-built models: exact bytes
//! (`bytes`, inline snapshots), bound kinds, wrapping, empty models and the
//! fixed-MPS layout (`layout`), error paths and the AMPL pair (`errors`).
//! `tests/integration/backends_solvers.rs` runs the real solvers on the files.

mod bytes;
mod errors;
mod layout;

use std::io;

use crate::model::{Domain, Model, RowFamily, Sense};
use crate::puzzle::ir::Grid;

/// Renders with one of the writers into a string.
pub(super) fn render_with(write: impl FnOnce(&mut dyn io::Write) -> io::Result<()>) -> String {
    let mut out = Vec::new();
    write(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// A small model for exact-byte snapshots: a section, three rows, three
/// variable kinds, two names longer than 8 characters.
pub(super) fn small_model() -> Model {
    let mut m = Model::new("small");
    m.header = vec!["a small model".into()];
    let x = m.add_var(format_args!("x_1"), Domain::Binary);
    let y = m.add_var(
        format_args!("y_value_long"),
        Domain::Continuous { lo: 1, hi: 4 },
    );
    let k = m.add_var(format_args!("k"), Domain::Integer { lo: 0, hi: 9 });
    m.section("the only section");
    m.add_row(
        "link",
        RowFamily::ValueLink,
        "y is 3x",
        [(y, 1), (x, -3)],
        Sense::Eq,
        0,
    )
    .unwrap();
    m.add_row(
        "cap_of_k_and_y",
        RowFamily::RatioAAtMost,
        "k + y at most 6",
        [(k, 1), (y, 1)],
        Sense::Le,
        6,
    )
    .unwrap();
    m.add_row(
        "given_1",
        RowFamily::Given,
        "k is at least -2",
        [(k, 1)],
        Sense::Ge,
        -2,
    )
    .unwrap();
    m
}

/// A puzzle from J-wiki cage lines separated by `/` (`11+,1 2 5 6`).
pub(super) fn jwiki(n: usize, text: &str) -> crate::puzzle::ir::Puzzle {
    use crate::puzzle::ir::{Cage, Cell, Op};
    let cage = |line: &str| {
        let (clue, cells) = line.trim().split_once(',').unwrap();
        let op = match clue.chars().last() {
            Some('+') => Op::Add,
            Some('-') => Op::Sub,
            Some('*') => Op::Mul,
            Some('%') => Op::Div,
            _ => Op::Given,
        };
        Cage {
            target: clue.trim_end_matches(['+', '-', '*', '%']).parse().unwrap(),
            op,
            cells: cells
                .split_whitespace()
                .map(|c| Cell::from_index(c.parse().unwrap(), n))
                .collect(),
            span: Default::default(),
        }
    };
    crate::puzzle::ir::Puzzle {
        size: n,
        cages: text.split('/').map(cage).collect(),
        rules: crate::puzzle::ir::Rules::KenKen,
    }
}

pub(super) const KK0: &str =
    "1,0 / 11+,1 2 5 6 / 4+,3 7 / 8*,4 8 9 / 1-,10 11 / 7+,12 13 / 2%,14 15";

pub(super) fn kk0_solution() -> Grid {
    Grid {
        values: vec![
            vec![1, 2, 4, 3],
            vec![4, 3, 2, 1],
            vec![2, 1, 3, 4],
            vec![3, 4, 1, 2],
        ],
    }
}

/// Every bound kind: binary, integer ranges, fixed, free, half-infinite,
/// continuous default and negative.
pub(super) fn bounds_model() -> Model {
    let mut m = Model::new("bounds");
    let domains = [
        ("b", Domain::Binary),
        ("g", Domain::Integer { lo: -3, hi: 7 }),
        ("h", Domain::Integer { lo: 2, hi: 2 }),
        (
            "f",
            Domain::Integer {
                lo: i64::MIN,
                hi: i64::MAX,
            },
        ),
        (
            "p",
            Domain::Integer {
                lo: 1,
                hi: i64::MAX,
            },
        ),
        (
            "q",
            Domain::Integer {
                lo: i64::MIN,
                hi: 5,
            },
        ),
        ("c", Domain::Continuous { lo: 1, hi: 5 }),
        (
            "d",
            Domain::Continuous {
                lo: 0,
                hi: i64::MAX,
            },
        ),
        ("e", Domain::Continuous { lo: 0, hi: -1 }),
        (
            "r",
            Domain::Continuous {
                lo: i64::MIN,
                hi: i64::MAX,
            },
        ),
        (
            "s",
            Domain::Continuous {
                lo: -4,
                hi: i64::MAX,
            },
        ),
    ];
    let vars: Vec<_> = domains
        .iter()
        .map(|(n, d)| m.add_var(format_args!("{n}"), *d))
        .collect();
    m.add_row(
        "all",
        RowFamily::Sum,
        "n",
        vars.iter().map(|&v| (v, 1)),
        Sense::Le,
        100,
    )
    .unwrap();
    m
}

pub(super) fn section<'a>(text: &'a str, from: &str, to: &str) -> Vec<&'a str> {
    let start = text.find(&format!("\n{from}\n")).unwrap() + from.len() + 2;
    let end = start + text[start..].find(&format!("\n{to}")).unwrap();
    text[start..end].lines().collect()
}
