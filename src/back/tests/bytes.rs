//! Exact bytes of every format for small models (inline snapshots).

use super::*;
use crate::back::*;

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
    let map = render_with(|w| write_rename_map(&m, &names, w));
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
