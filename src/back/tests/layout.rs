//! Bounds, wrapping, empty models, comments and the fixed-MPS layout.

use std::io;

use super::*;
use crate::back::*;
use crate::model::{Domain, Model, RowFamily, Sense};

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
        "wide",
        RowFamily::Sum,
        "a very wide row",
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
    assert_eq!(names.canonical(&m, "x_9_9_9"), Some("x_9_9_9"));
    assert_eq!(names.canonical(&m, "C0000001"), Some("x_10_10_1"));
    assert_eq!(names.canonical(&m, "x_10_10_1"), None);
}

#[test]
fn fixed_mps_refuses_names_of_another_model_and_wide_numbers() {
    let names = fixed_names(&Model::new("other"));
    let err = write_fixed_mps(&small_model(), &names, &mut Vec::new()).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);

    let mut m = Model::new("wide");
    let v = m.add_var(format_args!("v"), Domain::Binary);
    m.add_row(
        "r",
        RowFamily::Sum,
        "",
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
        "r",
        RowFamily::PrimeExponents,
        "note\rwith\tcontrols",
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
fn fixed_mps_comments_are_folded_to_80_columns() {
    let mut m = Model::new("c");
    let v = m.add_var(format_args!("v"), Domain::Binary);
    let long = "word ".repeat(30);
    m.header = vec![long.clone()];
    m.section(format!("cage 1: 9+ on {}", "(1,1) ".repeat(20)));
    m.add_row(
        "r",
        RowFamily::PrimeExponents,
        long.clone(),
        [(v, 1)],
        Sense::Le,
        1,
    )
    .unwrap();
    let fixed = render_with(|w| write_fixed_mps(&m, &fixed_names(&m), w));
    assert!(fixed.lines().all(|l| l.len() <= 80), "{fixed}");
    assert!(fixed.contains("\n*     word word"), "{fixed}");
    let stream = render_with(|w| write_fixed_comments(&format!("# {long}\nshort"), w));
    assert!(stream.lines().all(|l| l.len() <= 80), "{stream}");
    assert!(stream.ends_with("\n* short\n"), "{stream}");
    // Free MPS and LP have no card width: their comments stay whole.
    let row_note = format!(" (6.1.5) {long}\n");
    assert!(render_with(|w| write_mps(&m, w)).contains(&format!("\n*{row_note}")));
    assert!(render_with(|w| write_lp(&m, w)).contains(&format!("\n\\{row_note}")));
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
