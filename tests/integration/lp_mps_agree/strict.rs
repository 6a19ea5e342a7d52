//! The readers themselves: a hand-written LP and its MPS twins read the
//! same, and the traps of `solver-formats.md` are refused, not skipped.

use super::fixed::read_fixed;
use super::lin::{Var, differences};
use super::lp;
use super::mps::read_free;

const LP: &str = "\\ a comment
Minimize
 obj: + 0 x_1 + 2 y_1
 + 0 z_1
Subject To
c_1: + 1 x_1 - 3 y_1
 + 1 z_1 <= -6
c_2: + 1 y_1 = 2
Bounds
 -inf <= y_1 <= 4
 z_1 free
Generals
 y_1
Binaries
 x_1
End
";

const MPS: &str = "NAME t FREE
* a comment
ROWS
 N  obj
 L  c_1
 E  c_2
COLUMNS
    MARKER    'MARKER'                 'INTORG'
    x_1       c_1       1
    MARKER    'MARKER'                 'INTEND'
    MARKER    'MARKER'                 'INTORG'
    y_1       obj       2
    y_1       c_1       -3   c_2  1
    MARKER    'MARKER'                 'INTEND'
    z_1       c_1       1
RHS
    RHS       c_1       -6
    RHS       c_2       2
BOUNDS
 BV BND       x_1
 MI BND       y_1
 UP BND       y_1       4
 FR BND       z_1
ENDATA
";

/// The MPS above as fixed MPS, `c_2` renamed.
const FIXED: &str = "NAME          t
ROWS
 N  obj
 L  c_1
 E  R0000001
COLUMNS
    MARKER    'MARKER'                 'INTORG'
    x_1       c_1       1
    MARKER    'MARKER'                 'INTEND'
    MARKER    'MARKER'                 'INTORG'
    y_1       obj       2
    y_1       c_1       -3             R0000001  1
    MARKER    'MARKER'                 'INTEND'
    z_1       c_1       1
RHS
    RHS       c_1       -6
    RHS       R0000001  2
BOUNDS
 BV BND       x_1
 MI BND       y_1
 UP BND       y_1       4
 FR BND       z_1
ENDATA
";

const MAP: &str = "# header\nR0000001 c_2\n";

#[test]
fn a_hand_written_model_reads_the_same_in_every_format() {
    let a = lp::read(LP).unwrap();
    let b = read_free(MPS).unwrap();
    let c = read_fixed(FIXED, MAP).unwrap();
    assert_eq!(differences("LP", &a, "MPS", &b), Vec::<String>::new());
    assert_eq!(differences("LP", &a, "fixed", &c), Vec::<String>::new());
    assert_eq!(a.rows["c_1"].to_string(), "+ 1 x_1 - 3 y_1 + 1 z_1 <= -6");
    assert_eq!(a.vars["x_1"], Var::BINARY);
    assert_eq!(
        a.vars["y_1"],
        Var {
            lo: None,
            hi: Some(4),
            integer: true
        }
    );
    assert_eq!(a.col_order, ["x_1", "y_1", "z_1"]);
    assert_eq!(a.objective.len(), 1);
}

#[test]
fn a_changed_row_is_named() {
    let a = lp::read(LP).unwrap();
    let b = read_free(&MPS.replace("RHS       c_2       2", "RHS       c_2       3")).unwrap();
    assert_eq!(
        differences("LP", &a, "MPS", &b),
        ["row c_2: LP `+ 1 y_1 = 2`, MPS `+ 1 y_1 = 3`"]
    );
}

fn lp_refuses(from: &str, to: &str, why: &str) {
    let text = LP.replacen(from, to, 1);
    assert_ne!(text, LP, "{from}");
    let err = lp::read(&text).expect_err(why);
    assert!(err.contains(why), "{from} -> {to}: {err}");
}

fn mps_refuses(from: &str, to: &str, why: &str) {
    let text = MPS.replacen(from, to, 1);
    assert_ne!(text, MPS, "{from}");
    let err = read_free(&text).expect_err(why);
    assert!(err.contains(why), "{from} -> {to}: {err}");
}

#[test]
fn lp_traps_are_refused() {
    lp_refuses("End\n", "", "End");
    lp_refuses(" z_1 free\n", " z_1 free\n 0 <= x_1 <= 1\n", "Bounds entry");
    lp_refuses("+ 1 z_1 <=", "+ 1 x_1 <=", "twice");
    lp_refuses(
        "+ 1 y_1 = 2",
        "+ 1 y_1 = 2 + 1 x_1",
        "after the right-hand side",
    );
    lp_refuses("+ 1 y_1 = 2", "+ 1 y_1 = - 2", "integer");
    lp_refuses("- 3 y_1", "- 1.5 y_1", "integer");
    lp_refuses("- 3 y_1", "+ -3 y_1", "after a sign");
    lp_refuses("c_2: + 1 y_1", "c_2: + 1 w_1", "not in the objective");
    lp_refuses("c_2:", "free:", "reserved");
    lp_refuses("\nBounds", "\n\nBounds", "blank line");
    lp_refuses(" -inf <= y_1 <= 4", " y_1 <= 4", "not a bound");
    lp_refuses("Bounds\n", "", "not a row");
    lp_refuses("Minimize\n", "Maximize\n", "not understood");
}

#[test]
fn mps_traps_are_refused() {
    mps_refuses(" UP BND       y_1       4\n", "", "no upper bound");
    mps_refuses(
        " FR BND       z_1\n",
        " UP BND       z_1       -1\n",
        "solver-dependent",
    );
    mps_refuses(
        "    RHS       c_2       2\n",
        "    RHS       obj       2\n",
        "objective",
    );
    mps_refuses(
        "    z_1       c_1       1\n",
        "    z_1       c_1       1\n    x_1       c_2       1\n",
        "not together",
    );
    mps_refuses(
        "    y_1       obj       2\n",
        "    y_1       obj       2\n    y_1       c_1       5\n",
        "twice",
    );
    mps_refuses("RHS\n", "RANGES\n", "not understood");
    mps_refuses("COLUMNS\n", "COLUMNS\n\n", "blank line");
    mps_refuses(
        "    x_1       c_1       1",
        "    x_1       c_9       1",
        "unknown row",
    );
    mps_refuses("ENDATA\n", "", "ENDATA");
    mps_refuses("NAME t FREE\n", "* first\nNAME t FREE\n", "NAME");
}

#[test]
fn fixed_layout_and_map_are_checked() {
    let moved = FIXED.replacen("    RHS       c_1       -6", "    RHS      c_1       -6", 1);
    assert!(read_fixed(&moved, MAP).unwrap_err().contains("fields"));
    assert!(
        read_fixed(FIXED, "# none\n")
            .unwrap_err()
            .contains("not in the rename map")
    );
    let extra = format!("{MAP}C0000001 unused\n");
    assert!(
        read_fixed(FIXED, &extra)
            .unwrap_err()
            .contains("not in the file")
    );
    let clash = read_fixed(FIXED, "R0000001 c_1\n").unwrap_err();
    assert!(clash.contains("row c_1 defined twice"), "{clash}");
}
