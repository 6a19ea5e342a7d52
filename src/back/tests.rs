//! Unit tests of the back-ends on small hand-built models: exact bytes
//! (inline snapshots), bound kinds, wrapping, empty models, fixed-MPS layout,
//! the AMPL data, and error paths. `tests/backends_solvers.rs` runs the real
//! solvers on the files.

use std::io;

use super::*;
use crate::ir::Grid;
use crate::model::{Domain, Model, Sense};

/// Renders with one of the writers into a string.
fn render_with(write: impl FnOnce(&mut dyn io::Write) -> io::Result<()>) -> String {
    let mut out = Vec::new();
    write(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// A small model for exact-byte snapshots: a section, three rows, three
/// variable kinds, two names longer than 8 characters.
fn small_model() -> Model {
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
        "link".into(),
        "3.2",
        "y is 3x".into(),
        [(y, 1), (x, -3)],
        Sense::Eq,
        0,
    )
    .unwrap();
    m.add_row(
        "cap_of_k_and_y".into(),
        "5.4",
        "k + y at most 6".into(),
        [(k, 1), (y, 1)],
        Sense::Le,
        6,
    )
    .unwrap();
    m.add_row(
        "given_1".into(),
        "given",
        "k is at least -2".into(),
        [(k, 1)],
        Sense::Ge,
        -2,
    )
    .unwrap();
    m
}

/// A puzzle from J-wiki cage lines separated by `/` (`11+,1 2 5 6`).
fn jwiki(n: usize, text: &str) -> crate::ir::Puzzle {
    use crate::ir::{Cage, Cell, Op};
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
    crate::ir::Puzzle {
        size: n,
        cages: text.split('/').map(cage).collect(),
    }
}

const KK0: &str = "1,0 / 11+,1 2 5 6 / 4+,3 7 / 8*,4 8 9 / 1-,10 11 / 7+,12 13 / 2%,14 15";

fn kk0_solution() -> Grid {
    Grid {
        values: vec![
            vec![1, 2, 4, 3],
            vec![4, 3, 2, 1],
            vec![2, 1, 3, 4],
            vec![3, 4, 1, 2],
        ],
    }
}

#[test]
fn lp_bytes() {
    let text = render_with(|w| write_lp(&small_model(), w));
    assert!(text.ends_with("\nEnd\n"));
    insta::assert_snapshot!(text, @r#"
\ a small model
\ 3 rows, 3 columns, 5 nonzeros
Minimize
 obj: + 0 x_1 + 0 y_value_long + 0 k
Subject To
\
\ === the only section ===
\ (3.2) y is 3x
link: + 1 y_value_long - 3 x_1 = 0
\ (5.4) k + y at most 6
cap_of_k_and_y: + 1 k + 1 y_value_long <= 6
\ given k is at least -2
given_1: + 1 k >= -2
Bounds
 1 <= y_value_long <= 4
 0 <= k <= 9
Generals
 k
Binaries
 x_1
End
"#);
}

#[test]
fn free_mps_bytes() {
    let text = render_with(|w| write_mps(&small_model(), w));
    assert!(text.ends_with("\nENDATA\n"));
    insta::assert_snapshot!(text, @r#"
NAME small FREE
* a small model
* 3 rows, 3 columns, 5 nonzeros
ROWS
 N  obj
*
* === the only section ===
* (3.2) y is 3x
 E  link
* (5.4) k + y at most 6
 L  cap_of_k_and_y
* given k is at least -2
 G  given_1
COLUMNS
    MARKER    'MARKER'                 'INTORG'
    x_1       link      -3
    MARKER    'MARKER'                 'INTEND'
    y_value_long link   1
    y_value_long cap_of_k_and_y 1
    MARKER    'MARKER'                 'INTORG'
    k         cap_of_k_and_y 1
    k         given_1   1
    MARKER    'MARKER'                 'INTEND'
RHS
    RHS       cap_of_k_and_y 6
    RHS       given_1   -2
BOUNDS
 BV BND       x_1
 LO BND       y_value_long 1
 UP BND       y_value_long 4
 LO BND       k         0
 UP BND       k         9
ENDATA
"#);
}

#[test]
fn fixed_mps_and_rename_map_bytes() {
    let m = small_model();
    let names = fixed_names(&m);
    let text = render_with(|w| write_fixed_mps(&m, &names, w));
    insta::assert_snapshot!(text, @r#"
NAME          small
* a small model
* 3 rows, 3 columns, 5 nonzeros
ROWS
 N  obj
*
* === the only section ===
* (3.2) y is 3x
 E  link
* (5.4) k + y at most 6
 L  R0000001
* given k is at least -2
 G  given_1
COLUMNS
    MARKER    'MARKER'                 'INTORG'
    x_1       link      -3
    MARKER    'MARKER'                 'INTEND'
    C0000001  link      1
    C0000001  R0000001  1
    MARKER    'MARKER'                 'INTORG'
    k         R0000001  1
    k         given_1   1
    MARKER    'MARKER'                 'INTEND'
RHS
    RHS       R0000001  6
    RHS       given_1   -2
BOUNDS
 BV BND       x_1
 LO BND       C0000001  1
 UP BND       C0000001  4
 LO BND       k         0
 UP BND       k         9
ENDATA
"#);
    let map = render_with(|w| write_rename_map(&names, w));
    assert!(map.ends_with("C0000001 y_value_long\n"));
    insta::assert_snapshot!(map, @r#"
# cagec rename map for the fixed-MPS file of model "small".
# Fixed MPS allows names of at most 8 characters, so every longer row name
# became R0000001, R0000002, ... and every longer column name C0000001, ...,
# numbered in file order. Names not listed here are unchanged.
# Each line below reads: SHORT CANONICAL
R0000001 cap_of_k_and_y
C0000001 y_value_long
"#);
}

#[test]
fn ampl_data_bytes() {
    let text = render_with(|w| ampl::write_data(&jwiki(4, KK0), &[kk0_solution()], w));
    assert!(text.ends_with("\nend;\n"));
    insta::assert_snapshot!(text, @r#"
# KenKen 4x4 with 7 cages: data for the cagec AMPL model, in the layout
# of Melkonian (2016) section 7.2. Cells are (row, column), 1-based; a cage
# with the operation "given" is a single cell holding its target.
# Run: glpsol -m NAME.mod -d NAME.dat

param n := 4;
param t := 7;
set cage[1] := (1,1);
set cage[2] := (1,2) (1,3) (2,2) (2,3);
set cage[3] := (1,4) (2,4);
set cage[4] := (2,1) (3,1) (3,2);
set cage[5] := (3,3) (3,4);
set cage[6] := (4,1) (4,2);
set cage[7] := (4,3) (4,4);

param: target_number operation :=
   1      1 "given"
   2     11 "sum"
   3      4 "sum"
   4      8 "product"
   5      1 "difference"
   6      7 "sum"
   7      2 "ratio"
;
set prime_numbers := 2 3;

# No-good cuts: each grid below is excluded (to prove a solution unique).
param ncuts := 1;
param cutval :=
[1,*,*]: 1 2 3 4 :=
       1 1 2 4 3
       2 4 3 2 1
       3 2 1 3 4
       4 3 4 1 2
;
end;
"#);
}

/// Every bound kind: binary, integer ranges, fixed, free, half-infinite,
/// continuous default and negative.
fn bounds_model() -> Model {
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
        "all".into(),
        "t",
        "n".into(),
        vars.iter().map(|&v| (v, 1)),
        Sense::Le,
        100,
    )
    .unwrap();
    m
}

fn section<'a>(text: &'a str, from: &str, to: &str) -> Vec<&'a str> {
    let start = text.find(&format!("\n{from}\n")).unwrap() + from.len() + 2;
    let end = start + text[start..].find(&format!("\n{to}")).unwrap();
    text[start..end].lines().collect()
}

#[test]
fn lp_bounds_are_written_only_when_needed_and_never_for_binaries() {
    let text = render_with(|w| write_lp(&bounds_model(), w));
    let bounds = section(&text, "Bounds", "Generals");
    let want = [
        " -3 <= g <= 7",
        " h = 2",
        " f free",
        " p >= 1",
        " -inf <= q <= 5",
        " 1 <= c <= 5",
        " 0 <= e <= -1",
        " r free",
        " s >= -4",
    ];
    assert_eq!(bounds, want);
    assert_eq!(section(&text, "Generals", "Binaries"), [" g h f p q"]);
    assert_eq!(section(&text, "Binaries", "End"), [" b"]);
}

#[test]
fn mps_bounds_are_explicit_for_every_integer() {
    let text = render_with(|w| write_mps(&bounds_model(), w));
    let bounds: Vec<String> = section(&text, "BOUNDS", "ENDATA")
        .iter()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let want = [
        "BV BND b",
        "LO BND g -3",
        "UP BND g 7",
        "FX BND h 2",
        "FR BND f",
        "LO BND p 1",
        "PL BND p",
        "MI BND q",
        "UP BND q 5",
        "LO BND c 1",
        "UP BND c 5",
        "LO BND e 0",
        "UP BND e -1",
        "FR BND r",
        "LO BND s -4",
    ];
    assert_eq!(bounds, want);
    // One run of integer columns, one of continuous ones.
    assert_eq!(text.matches("'INTORG'").count(), 1);
    assert_eq!(text.matches("'INTEND'").count(), 1);
    assert!(text.find("'INTEND'").unwrap() < text.find("    c ").unwrap());
}

#[test]
fn long_rows_wrap_between_terms() {
    let mut m = Model::new("long");
    let vars: Vec<_> = (0..200)
        .map(|i| m.add_var(format_args!("a_long_variable_name_{i}"), Domain::Binary))
        .collect();
    let terms = vars
        .iter()
        .enumerate()
        .map(|(i, &v)| (v, if i % 2 == 0 { 12 } else { -7 }));
    m.add_row(
        "wide".into(),
        "3.1",
        "a very wide row".into(),
        terms,
        Sense::Ge,
        -123,
    )
    .unwrap();
    let text = render_with(|w| write_lp(&m, w));
    assert!(text.lines().all(|l| l.len() <= 255));
    let body = section(&text, "Subject To", "Binaries");
    assert!(body[0].starts_with("\\ (3.1) a very wide row"));
    assert!(body[1].starts_with("wide: + 12 a_long_variable_name_0 - 7 "));
    assert!(body.len() > 10, "the row must take several lines");
    for line in &body[2..] {
        assert!(line.starts_with(" + ") || line.starts_with(" - ") || line.starts_with(" >= "));
    }
    // Joined again, the row is the same row.
    let joined: String = body[1..].concat();
    let terms = joined.split(" + ").count() + joined.split(" - ").count() - 2;
    assert_eq!(terms, 200);
    assert!(joined.ends_with(" >= -123"));
}

#[test]
fn an_empty_model_gets_a_dummy_row_and_column() {
    let mut m = Model::new("");
    m.add_var(format_args!("v"), Domain::Binary);
    let lp = render_with(|w| write_lp(&m, w));
    assert!(lp.contains("\n obj: + 0 v + 0 dummy_var\n"), "{lp}");
    assert!(lp.contains("\ndummy_row: + 1 dummy_var = 0\n"), "{lp}");
    let mps = render_with(|w| write_mps(&m, w));
    assert!(mps.starts_with("NAME cagec FREE\n"));
    assert!(mps.contains("\n    v         obj       0\n"), "{mps}");

    let none = Model::new("none");
    let lp = render_with(|w| write_lp(&none, w));
    assert!(lp.contains("\n obj: + 0 dummy_var\n"), "{lp}");
    let mps = render_with(|w| write_mps(&none, w));
    assert!(mps.contains("COLUMNS\n* no columns"), "{mps}");
    assert!(
        mps.contains("\nRHS\nENDATA\n"),
        "the RHS header is always there: {mps}"
    );
}

#[test]
fn fixed_mps_fields_start_at_their_columns() {
    let m = small_model();
    let names = fixed_names(&m);
    let text = render_with(|w| write_fixed_mps(&m, &names, w));
    fn field(line: &str, from: usize, to: usize) -> Option<&str> {
        line.get(from - 1..to.min(line.len())).map(str::trim_end)
    }
    let columns = section(&text, "COLUMNS", "RHS");
    for line in columns.iter().filter(|l| !l.contains("MARKER")) {
        assert_eq!(field(line, 1, 4), Some(""), "{line}");
        assert!(
            field(line, 5, 12).is_some_and(|s| !s.is_empty() && !s.contains(' ')),
            "{line}"
        );
        assert_eq!(field(line, 13, 14), Some(""), "{line}");
        assert!(
            field(line, 15, 22).is_some_and(|s| !s.is_empty() && !s.contains(' ')),
            "{line}"
        );
        assert!(
            field(line, 25, 36).is_some_and(|s| s.parse::<i64>().is_ok()),
            "{line}"
        );
    }
    let marker = columns.iter().find(|l| l.contains("INTORG")).unwrap();
    assert_eq!(field(marker, 15, 22), Some("'MARKER'"));
    assert_eq!(field(marker, 40, 47), Some("'INTORG'"));
    for line in section(&text, "BOUNDS", "ENDATA") {
        assert_eq!(field(line, 2, 3).map(str::len), Some(2), "{line}");
        assert_eq!(field(line, 5, 12), Some("BND"), "{line}");
    }
    // Every name in the file is at most 8 characters.
    assert!(text.lines().filter(|l| !l.starts_with('*')).all(|l| {
        l.split_whitespace()
            .all(|w| w.len() <= 8 || w == "'MARKER'" || w == "'INTORG'" || w == "'INTEND'")
    }));
}

#[test]
fn canonical_kenken_names_survive_fixed_mps_up_to_n_9() {
    let mut m = Model::new("kk");
    m.add_var(format_args!("x_9_9_9"), Domain::Binary);
    m.add_var(format_args!("y_9_9"), Domain::Continuous { lo: 1, hi: 9 });
    m.add_var(format_args!("x_10_10_1"), Domain::Binary);
    let names = fixed_names(&m);
    assert_eq!(names.renamed_count(), 1);
    assert_eq!(names.canonical("x_9_9_9"), Some("x_9_9_9"));
    assert_eq!(names.canonical("C0000001"), Some("x_10_10_1"));
    assert_eq!(names.canonical("x_10_10_1"), None);
}

#[test]
fn fixed_mps_refuses_names_of_another_model_and_wide_numbers() {
    let names = fixed_names(&Model::new("other"));
    let err = write_fixed_mps(&small_model(), &names, &mut Vec::new()).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);

    let mut m = Model::new("wide");
    let v = m.add_var(format_args!("v"), Domain::Binary);
    m.add_row(
        "r".into(),
        "",
        "".into(),
        [(v, 1)],
        Sense::Le,
        1_000_000_000_000,
    )
    .unwrap();
    let mut out = Vec::new();
    let err = write_fixed_mps(&m, &fixed_names(&m), &mut out).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    assert!(out.is_empty(), "nothing written");
    assert!(render_with(|w| write_mps(&m, w)).contains(" 1000000000000\n"));
}

#[test]
fn sections_and_comments_are_safe_and_all_shown() {
    let mut m = Model::new("c");
    let v = m.add_var(format_args!("v"), Domain::Binary);
    m.header = vec!["line one\nline two é".into()];
    m.section("empty section");
    m.section("second section");
    m.add_row(
        "r".into(),
        "6.1.5",
        "note\rwith\tcontrols".into(),
        [(v, 1)],
        Sense::Le,
        1,
    )
    .unwrap();
    let lp = render_with(|w| write_lp(&m, w));
    assert!(lp.starts_with("\\ line one?line two ?\n"), "{lp}");
    assert!(
        lp.contains("\\ === empty section ===\n\\\n\\ === second section ===\n"),
        "{lp}"
    );
    assert!(
        lp.contains("\\ (6.1.5) note?with controls\nr: + 1 v <= 1\n"),
        "{lp}"
    );
    assert!(lp.is_ascii());
    let mps = render_with(|w| write_mps(&m, w));
    assert!(
        mps.contains("* === second section ===\n* (6.1.5) note?with controls\n L  r\n"),
        "{mps}"
    );
}

#[test]
fn same_model_same_bytes() {
    let m = bounds_model();
    assert_eq!(
        render_with(|w| write_lp(&m, w)),
        render_with(|w| write_lp(&m, w))
    );
    assert_eq!(
        render_with(|w| write_mps(&m, w)),
        render_with(|w| write_mps(&m, w))
    );
}

/// Accepts `room` bytes, then fails.
struct Full {
    room: usize,
}

impl io::Write for Full {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.room == 0 {
            return Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"));
        }
        let n = buf.len().min(self.room);
        self.room -= n;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn write_errors_reach_the_caller() {
    let m = bounds_model();
    let names = fixed_names(&m);
    let p = jwiki(4, KK0);
    type Writer<'a> = Box<dyn Fn(&mut dyn io::Write) -> io::Result<()> + 'a>;
    let writers: [(&str, Writer<'_>); 5] = [
        ("lp", Box::new(|w| write_lp(&m, w))),
        ("mps", Box::new(|w| write_mps(&m, w))),
        ("fixed", Box::new(|w| write_fixed_mps(&m, &names, w))),
        ("mod", Box::new(|w| ampl::write_model(w))),
        ("dat", Box::new(|w| ampl::write_data(&p, &[], w))),
    ];
    for (what, write) in &writers {
        let size = render_with(|w| write(w)).len();
        for room in [0, 10, size / 2, size - 1] {
            let err = write(&mut Full { room }).expect_err(what);
            assert_eq!(err.kind(), io::ErrorKind::StorageFull, "{what}");
        }
        assert!(write(&mut Full { room: size }).is_ok(), "{what}");
    }
}

#[test]
fn ampl_cuts_must_be_grids_of_the_puzzle() {
    let p = jwiki(4, KK0);
    let mut bad = kk0_solution();
    bad.values[2][1] = 5;
    let mut out = Vec::new();
    let err = ampl::write_data(&p, &[kk0_solution(), bad], &mut out).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    assert!(err.to_string().contains("cut 2"), "{err}");
    assert!(out.is_empty());
    let short = Grid {
        values: vec![vec![1, 2, 3, 4]],
    };
    assert!(ampl::write_data(&p, &[short], &mut out).is_err());
}

#[test]
fn the_ampl_model_can_be_followed_by_data() {
    let text = render_with(ampl::write_model);
    assert!(
        !text.contains("\nend;"),
        "a data section may follow the model"
    );
    assert!(!text.contains("\ndata;"));
    assert!(text.contains("\nsolve;\n"));
    assert!(
        text.contains("printf{i in rows, j in columns}: \"y %d %d %d\\n\", i, j, round(y[i,j]);")
    );
    let data = render_with(|w| ampl::write_data(&jwiki(4, KK0), &[], w));
    assert!(data.contains("\nparam ncuts := 0;\nend;\n"), "{data}");
    assert!(!data.contains("cutval"));
}
