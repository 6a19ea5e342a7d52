//! Tests of the cage-map reader: the Killer Sudoku seed's own table, labels,
//! and every error with its position.

use super::*;
use crate::puzzle::ir::Grid;

fn messages(d: &Diagnostics) -> Vec<String> {
    d.0.iter().map(|d| d.to_string()).collect()
}

fn errors(src: &str) -> Vec<String> {
    match parse(src) {
        Ok((_, w)) => panic!("accepted {src:?}, warnings {:?}", messages(&w)),
        Err(d) => messages(&d),
    }
}

fn read(src: &str) -> Puzzle {
    let (p, w) = parse(src).unwrap_or_else(|d| panic!("{src:?}: {:?}", messages(&d)));
    assert!(w.0.is_empty(), "{:?}", messages(&w));
    p
}

/// The `cageno` table and `cagesum` list of the Killer Sudoku seed
/// (Kalvelagen 2019, `docs/sources.md`), clues without operations.
const SEED: &str = "# cagec: killer
# Killer Sudoku from the 'Presolving Killer Sudokus' post: cage numbers per cell
 1  1  2  2  2  3  4  5  6
 7  7  8  8  3  3  4  5  6
 7  7  9  9  3 10 11 11  6
12 13 13  9 14 10 11 15  6
12 16 16 17 14 10 15 15 18
19 16 20 17 14 21 22 22 18
19 20 20 17 23 21 21 24 24
19 25 26 23 23 27 27 24 24
19 25 26 23 28 28 28 29 29
1 3
2 15
3 22
4 4
5 16
6 15
7 25
8 17
9 9
10 8
11 20
12 6
13 14
14 17
15 17
16 13
17 20
18 12
19 27
20 6
21 20
22 6
23 10
24 14
25 8
26 16
27 15
28 13
29 17
";

/// The seed's solution.
const SEED_SOLUTION: &str =
    "215647398 368952174 794381652 586274931 142593867 973816425 821739546 659428713 437165289";

#[test]
fn reads_the_killer_sudoku_seeds_table() {
    let p = read(SEED);
    assert_eq!((p.size, p.cages.len()), (9, 29));
    // No operation: a given, which the input layer reads as a sum under Killer rules.
    assert!(p.cages.iter().all(|c| c.op == Op::Given));
    assert_eq!(p.cages[0].cells, [Cell::new(0, 0), Cell::new(0, 1)]);
    assert_eq!(p.cages[0].span, Span::new(12, 1));
    assert_eq!(p.cages[2].target, 22);
    assert_eq!(p.cages[2].cells.len(), 4);
    // The seed's solution meets every cage as a sum, and the Killer rules.
    let killer = Puzzle {
        rules: Rules::Killer { box_size: 3 },
        cages: p
            .cages
            .iter()
            .map(|c| Cage {
                op: Op::Add,
                ..c.clone()
            })
            .collect(),
        ..p
    };
    let values = SEED_SOLUTION
        .split(' ')
        .map(|r| r.chars().map(|c| c.to_digit(10).expect("digit")).collect())
        .collect();
    assert_eq!(
        crate::puzzle::verify::check(&killer, &Grid { values }),
        vec![]
    );
}

#[test]
fn labels_are_case_sensitive_tokens_and_clues_come_in_any_order() {
    let src = "\u{feff}# a 3×3 map\r\n  a  A  A\r\n a b1 b1 # row 2\nc01 c1 b1\n\nb1 6*\nA 3 +\n  a 2-\nc1 2\nc01 1 # a given\n";
    let p = read(src);
    let summary: Vec<(Op, u64, usize)> = p
        .cages
        .iter()
        .map(|c| (c.op, c.target, c.cells.len()))
        .collect();
    // Cage C is the C-th clue line; cells are row-major.
    assert_eq!(
        summary,
        [
            (Op::Mul, 6, 3),
            (Op::Add, 3, 2),
            (Op::Sub, 2, 2),
            (Op::Given, 2, 1),
            (Op::Given, 1, 1),
        ]
    );
    assert_eq!(
        p.cages[0].cells,
        [Cell::new(1, 1), Cell::new(1, 2), Cell::new(2, 2)]
    );
    assert_eq!(p.cages[2].span, Span::new(8, 3));
    // Aliases as in cage lines.
    let ops = read("a b\nc c\na 1x\nb 2\nc 3/\n");
    let ops: Vec<Op> = ops.cages.iter().map(|c| c.op).collect();
    assert_eq!(ops, [Op::Mul, Op::Given, Op::Div]);
}

#[test]
fn map_errors_point_at_the_row() {
    assert_eq!(
        errors("a a b\na c\nd d d\na 1+\n"),
        [
            "2:4: row 2 of the cage map has 2 labels, the first row 3 (expected 3 labels, found end of line)"
        ]
    );
    assert_eq!(
        errors("a a\nb b c\na 2+\n"),
        ["2:5: row 2 of the cage map has 3 labels, the first row 2 (expected 2 labels, found 'c')"]
    );
    assert_eq!(
        errors("a a b\na c c\na 6+\nb 3\nc 4+\n"),
        [
            "3:5: row 3 of the cage map has 2 labels, the first row 3; this looks like a clue line: is the map missing a row? (expected 3 labels, found end of line)",
        ]
    );
    assert_eq!(
        errors("a a b\na c c\n"),
        ["0:0: the cage map has 2 rows, but its first row has 3 labels (expected 3 rows, found 2)"]
    );
    assert_eq!(
        errors("a a-1\nb b\na 2\n"),
        [
            "1:3: a cage label is letters and digits only (expected a label such as 1, 12, a or A7, found 'a-1')"
        ]
    );
    assert_eq!(
        errors("# nothing\n\n"),
        [
            "0:0: no cage map in the file (expected n lines of n cage labels, then a clue line per label, found none)"
        ]
    );
}

#[test]
fn clue_errors_point_at_the_token() {
    let map = "a a\nb c\n";
    let cases: &[(&str, &str)] = &[
        (
            "a +\nb 1\nc 2\n",
            "3:3: expected a target number, found '+'",
        ),
        (
            "a 3^\nb 1\nc 2\n",
            "3:4: expected an operation (+ - * %) or end of line, found '^'",
        ),
        ("a 3+ 4\nb 1\nc 2\n", "3:6: expected end of line, found '4'"),
        (
            "a+ 3\nb 1\nc 2\n",
            "3:2: a cage label is letters and digits only (expected white space after 'a', found '+')",
        ),
        (
            "+ 3\na 3+\nb 1\nc 2\n",
            "3:1: expected a cage label, found '+'",
        ),
        (
            "a 3+\nb 1\nc 2\nA 4\n",
            "6:1: no cell of the cage map has label 'A' (labels are case-sensitive: the map has 'a')",
        ),
        (
            "a 3+\nb 1\nc 2\nb 2\n",
            "6:1: a second clue for label 'b' (first on line 4)",
        ),
        (
            "a 3+\nb 1\n",
            "2:3: label 'c' has no clue line (expected a line 'c TARGET[OP]' after the map, found none)",
        ),
        (
            "",
            "0:0: no clue lines after the cage map (expected a line 'LABEL TARGET[OP]' for each of its 3 labels, found none)",
        ),
        (
            "a 99999999999999999999+\nb 1\nc 2\n",
            "3:3: target 99999999999999999999 is too large (the largest accepted is 18446744073709551615)",
        ),
    ];
    for (clues, want) in cases {
        let src = format!("{map}{clues}");
        assert_eq!(errors(&src), [*want], "{src:?}");
    }
}

#[test]
fn every_problem_of_a_file_is_reported() {
    let e = errors("a a b\na c\n1 2 3\nq 1\na 3+\na 4\n");
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(e[0].starts_with("2:4: row 2"), "{e:?}");
    assert!(e[1].starts_with("6:1: a second clue"), "{e:?}");
}

#[test]
fn a_label_used_in_two_places_is_a_disconnected_cage() {
    let p = read("a b\nb a\na 3+\nb 3+\n");
    let d = crate::puzzle::valid::check(&p);
    let m = messages(&d);
    assert_eq!(
        m[0],
        "3:1: the cage is not connected: its cells fall into 2 pieces that share no edge: (1,1) and (2,2)"
    );
}

#[test]
fn sizes_beyond_nine_and_one() {
    let one = read("x\nx 1\n");
    assert_eq!((one.size, one.cages[0].op), (1, Op::Given));
    let n = 12;
    let map: String = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| format!("r{r}c{c}"))
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let clues: String = (0..n * n)
        .map(|k| format!("r{}c{} {}\n", k / n, k % n, 1 + (k % n + k / n) % n))
        .collect();
    let p = read(&(map + &clues));
    assert_eq!((p.size, p.cages.len()), (12, 144));
}
