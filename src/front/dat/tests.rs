//! Tests of the .dat reader: the paper's layout, its variants, and errors.

use super::*;
use crate::puzzle::ir::Cell;

fn messages(d: &Diagnostics) -> Vec<String> {
    d.0.iter().map(|d| d.to_string()).collect()
}

fn errors(src: &str) -> Vec<String> {
    match parse(src) {
        Ok((_, w)) => panic!("accepted, warnings {:?}", messages(&w)),
        Err(d) => {
            d.0.iter()
                .filter(|d| d.is_error())
                .map(|d| d.to_string())
                .collect()
        }
    }
}

const SMALL: &str = "param n := 2; param t := 3;
set cage[1] := (1,1) (2,1);
set cage[2] := (1,2);
set cage[3] := (2,2);
param: target_number operation :=
1 2 'ratio'
2 2 \"sum\"
3 1 given;
set prime_numbers := 2;
";

#[test]
fn reads_a_small_file() {
    let (p, w) = parse(SMALL).unwrap_or_else(|d| panic!("{:?}", messages(&d)));
    assert!(w.0.is_empty(), "{:?}", messages(&w));
    assert_eq!(p.size, 2);
    assert_eq!(p.cages[0].op, Op::Div);
    assert_eq!(p.cages[0].cells, [Cell::new(0, 0), Cell::new(1, 0)]);
    assert_eq!(p.cages[0].span, Span::new(2, 1));
    assert_eq!(p.cages[2].op, Op::Given);
}

#[test]
fn order_layout_and_separators_may_vary() {
    let src = "data;
# comments anywhere
set prime_numbers := 2;
param operation := 3 given, 1 ratio 2 sum;
set cage[3] := 2 2;
param: operation target_number := 1 'ratio' 2;
set cage[2] := 1, 2;
set cage[1] := (1, 1), (2,1);
param t := 3;
param n := 2;
param target_number := 2 2 3 1;
end;
";
    // `param operation :=` and the table both give cage 1's operation.
    assert_eq!(
        errors(src),
        ["6:35: operation of cage 1 is given twice (first on line 4)"]
    );
    let fixed = src.replace("param: operation target_number := 1 'ratio' 2;", "");
    let fixed = fixed.replace(
        "param target_number := 2 2 3 1",
        "param target_number := 1 2 2 2 3 1",
    );
    let (p, _) = parse(&fixed).unwrap_or_else(|d| panic!("{:?}", messages(&d)));
    assert_eq!(p, parse(SMALL).expect("small").0.clone().with_spans_of(&p));
}

/// Test helper: equality up to where things were written.
trait SameSpans {
    fn with_spans_of(self, other: &Puzzle) -> Puzzle;
}

impl SameSpans for Puzzle {
    fn with_spans_of(mut self, other: &Puzzle) -> Puzzle {
        for (a, b) in self.cages.iter_mut().zip(&other.cages) {
            a.span = b.span;
        }
        self
    }
}

#[test]
fn the_papers_typo_is_a_warning_naming_every_line() {
    let src = SMALL
        .replace("cage[1] :=", "cage[1]: =")
        .replace("cage[3] :=", "cage[3]: =");
    let (_, w) = parse(&src).expect("accepted");
    assert_eq!(
        messages(&w),
        [
            "2:12: ': =' is not AMPL syntax (AMPL rejects it; write ':='); read as ':=' here and on lines 4"
        ]
    );
}

#[test]
fn prime_numbers_is_checked_against_n() {
    let src = SMALL.replace("set prime_numbers := 2;", "set prime_numbers := 4 1 7 11;");
    let (_, w) = parse(&src).expect("warnings only");
    assert_eq!(
        messages(&w),
        [
            "9:1: prime_numbers lacks 2, prime and at most n = 2: the paper's model would get products with that factor wrong (cagec uses every prime ≤ n)",
            "9:24: prime_numbers lists 1, not prime: the paper's model would treat it as a prime",
            "9:22: prime_numbers lists 4, 7 and 11, above n = 2 (harmless: the model skips primes above n)",
        ]
    );
}

#[test]
fn structural_errors_have_locations() {
    let src = "param t := 4;
set cage[1] := (1,1) (1,2);
set cage[1] := (2,1);
set cage[5] := (2,2);
param: target_number operation := 1 3 \"sum\" 5 1 given 6 2 'sum';
param x := 3;
set cage[2] := (1,1) (3,1)
param n := 2;
";
    assert_eq!(
        errors(src),
        [
            "7:27: expected ';' to end the statement, found 'param'",
            "3:1: cage[1] is given twice (first on line 2)",
            "6:7: unknown parameter 'x' (expected n, t, target_number or operation)",
            "4:1: cage number 5 is outside 1..t (t = 4)",
            "1:12: t = 4, but the file defines 3 cages: no set cage[3], cage[4]",
            "7:1: cage[2] has no target_number and no operation",
            "5:55: target_number for cage 6, but there is no set cage[6]",
            "7:16: cell (1,1) is already in cage[1] (line 2); a cell belongs to exactly one cage; 2:16: note: cage[1] lists cell (1,1) here",
            "7:22: cell (3,1) is outside the 2×2 grid (expected rows and columns from 1 to 2, found (3,1))",
        ]
    );
}

#[test]
fn syntax_errors_say_what_was_expected() {
    // The broken `param n` is not reported a second time as missing.
    assert_eq!(errors("param n = 5;"), ["1:9: expected ':=', found '='"]);
    assert_eq!(
        errors("param t := 0;"),
        ["0:0: the grid size is missing (expected a statement 'param n := 5;', found none)"]
    );
    assert_eq!(
        errors(" # nothing\n"),
        ["0:0: no data in the file (expected statements such as 'param n := 5;', found none)"]
    );
    let e = errors("param n := 5.0; param t := 1; set cage[1] := (1,1;");
    assert_eq!(e[0], "1:12: expected n (a whole number), found '5.0'");
    assert_eq!(e[1], "1:50: expected ')', found ';'");
    let e = errors(
        "param n := 3; param t := 1; set cage[1] := (1,1); param: target_number operation := 1 3 'add';",
    );
    assert_eq!(
        e,
        [
            "1:89: expected an operation (\"sum\", \"difference\", \"product\", \"ratio\", \"given\" or \"hidden\"), found 'add'"
        ]
    );
    let e = errors("param n := 99999999999999999999;");
    assert_eq!(
        e[0],
        "1:12: n 99999999999999999999 is too large (the largest accepted is 18446744073709551615)"
    );
    assert_eq!(
        errors("param n := 0;")[0],
        "1:12: n = 0 is outside the supported sizes (expected a size from 1 to 255, found 0)"
    );
    let e =
        errors("param t := 1; param n := 1; set cage[1] := (1,1); param: operation := 1 \"sum;");
    assert!(
        e.contains(&"1:73: this string has no closing quote on its line".to_string()),
        "{e:?}"
    );
}

#[test]
fn the_expected_list_names_every_operation() {
    for op in Op::ALL {
        assert!(OPS.contains(&format!("\"{}\"", op.paper_name())), "{op:?}");
    }
}
