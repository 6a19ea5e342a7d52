//! Tests of validation: every rule, with the message a user would read.

use super::*;
use crate::front::{InputFormat, parse};

/// The validation messages for a cage-line puzzle that parses.
fn check_cages(src: &str) -> Vec<String> {
    let (p, _) = parse(InputFormat::Cages, src).unwrap_or_else(|d| panic!("{d:?}"));
    check(&p).0.iter().map(|d| d.to_string()).collect()
}

/// As [`check_cages`] for an `n`×`n` puzzle whose cage lines repeat cells:
/// the cage-line reader refuses those itself, so the IR is built here, with
/// the spans it would have, to test the rules every other format relies on.
fn check_repeating(n: usize, src: &str) -> Vec<String> {
    let cages = (src.lines().enumerate())
        .map(|(i, line)| {
            let (clue, cells) = line.split_once(',').expect("a cage line");
            let op = match clue.chars().last() {
                Some('+') => Op::Add,
                Some('-') => Op::Sub,
                Some('*') => Op::Mul,
                Some('%') => Op::Div,
                _ => Op::Given,
            };
            let target = clue.trim_end_matches(['+', '-', '*', '%']);
            Cage {
                target: target.parse().expect("a target"),
                op,
                cells: (cells.split_whitespace())
                    .map(|c| Cell::from_index(c.parse().expect("a cell"), n))
                    .collect(),
                span: Span::new(i as u32 + 1, 1),
            }
        })
        .collect();
    let p = Puzzle {
        size: n,
        cages,
        rules: crate::puzzle::ir::Rules::KenKen,
    };
    check(&p).0.iter().map(|d| d.to_string()).collect()
}

#[test]
fn a_good_puzzle_has_no_complaints() {
    assert!(
        check_cages("1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n")
            .is_empty()
    );
}

#[test]
fn coverage_overlap_and_duplicates() {
    // 2×2: cell 1 twice in cage 2, cell 0 in cages 1 and 3, cell 3 uncovered.
    assert_eq!(
        check_repeating(2, "1,0\n3+,1 1\n2,0\n"),
        [
            "2:1: cell (1,2) #1 is listed twice in this cage",
            "3:1: cell (1,1) #0 is already in cage 1 (line 1); a cell belongs to exactly one cage",
            "0:0: 2 cells are in no cage: cell (2,1) #2 and cell (2,2) #3",
        ]
    );
}

#[test]
fn connectivity_and_arity() {
    assert_eq!(
        check_cages("3+,0 3\n2-,1 2\n"),
        [
            "1:1: the cage is not connected: its cells fall into 2 pieces that share no edge: (1,1) and (2,2)",
            "2:1: the cage is not connected: its cells fall into 2 pieces that share no edge: (1,2) and (2,1)",
            "2:1: a difference of 2 is impossible: values 1..2 differ by at most 1",
        ]
    );
    assert_eq!(
        check_cages("3,0 1\n3-,2\n1%,3\n"),
        [
            "1:1: a given (a cage without an operation) has exactly 1 cell; if its operation is hidden, write it like 12? (expected 1 cell, found 2 cells)",
            "2:1: a difference cage needs at least 2 cells (expected at least 2 cells, found 1 cell)",
            "3:1: a ratio cage needs at least 2 cells (expected at least 2 cells, found 1 cell)",
        ]
    );
}

#[test]
fn unsatisfiable_cages_say_why() {
    let cases = [
        (
            "0+,0 1\n3+,2 3\n",
            "target 0 is not allowed: targets are positive (expected a target of 1 or more, found 0)",
        ),
        ("3,0\n4+,1 2 3\n", "given 3 is outside the values 1..2"),
        (
            "2-,0 1\n3+,2 3\n",
            "a difference of 2 is impossible: values 1..2 differ by at most 1",
        ),
        (
            "1%,0 1\n3+,2 3\n",
            "a ratio of 1 is impossible: the two cells share a row or column, so they hold different values",
        ),
        (
            "3%,0 1\n3+,2 3\n",
            "a ratio of 3 needs a value of at least 3, but values run only 1..2",
        ),
        (
            "5+,0 1\n3+,2 3\n",
            "a sum of 5 is out of reach: 2 cells of values 1..2, different within each row and column, add up to exactly 3 (expected a sum of 3, found 5)",
        ),
        (
            "6*,0 1\n3+,2 3\n",
            "a product of 6 needs the prime factor 3, but values run only 1..2",
        ),
        (
            "4*,0 1\n3+,2 3\n",
            "no values 1..2 meet '4*' in these 2 cells when cells sharing a row or column differ",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(check_cages(src), [format!("1:1: {want}")], "{src}");
    }
    // 5×5: 2^5 in two cells (4·4 at most 2^4); 3·3·3·3 > 5²; 7 > n.
    let row = "\n1,2\n1,3\n1,4\n".to_string() + &"1,5\n".repeat(20);
    let with = |first: &str| format!("{first}{row}");
    let first = |src: String| (check_repeating(5, &src).into_iter().next()).expect("an error");
    assert_eq!(
        first(with("32*,0 1")),
        "1:1: a product of 32 contains 2^5, but 2 cells of values 1..5 hold at most 2^4 (4 per cell)"
    );
    assert_eq!(
        first(with("81*,0 1")),
        "1:1: a product of 81 contains 3^4, but 2 cells of values 1..5 hold at most 3^2 (3 per cell)"
    );
    assert_eq!(
        first(with("7*,0 1")),
        "1:1: a product of 7 needs the prime factor 7, but values run only 1..5"
    );
    assert_eq!(
        first(with("60*,0 1")),
        "1:1: a product of 60 is too large for 2 cells: values 1..5 multiply to at most 5^2 = 25"
    );
    assert_eq!(
        first(with("2+,0 1")),
        "1:1: a sum of 2 is out of reach: 2 cells of values 1..5, different within each row and column, add up to between 3 and 9 (expected a sum from 3 to 9, found 2)"
    );
}

#[test]
fn sizes_and_cells_outside_the_grid() {
    let cage = |cells: Vec<Cell>| Cage {
        target: 1,
        op: Op::Given,
        cells,
        span: Span::new(1, 1),
    };
    let p = Puzzle {
        size: 0,
        cages: vec![],
        rules: crate::puzzle::ir::Rules::KenKen,
    };
    assert_eq!(
        check(&p).0[0].to_string(),
        "0:0: a 0×0 grid is outside the supported sizes (expected a size from 1 to 255, found 0)"
    );
    let p = Puzzle {
        size: 256,
        cages: vec![],
        rules: crate::puzzle::ir::Rules::KenKen,
    };
    assert_eq!(check(&p).0.len(), 1);
    let p = Puzzle {
        size: 1,
        cages: vec![
            cage(vec![Cell::new(0, 0)]),
            cage(vec![Cell::new(3, 0)]),
            cage(vec![]),
        ],
        rules: crate::puzzle::ir::Rules::KenKen,
    };
    let got: Vec<String> = check(&p).0.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        got,
        [
            "1:1: cell (4,1) is outside the 1×1 grid",
            "1:1: the cage has no cells",
            "1:1: a given (a cage without an operation) has exactly 1 cell (expected 1 cell, found 0 cells)",
        ]
    );
}

#[test]
fn big_grids_are_checked_fast() {
    // One 255×255 cage holding every cell: coverage and connectivity stay linear.
    let n = MAX_SIZE;
    let cells: Vec<Cell> = (0..n * n).map(|k| Cell::from_index(k, n)).collect();
    let total = (n * (n + 1) / 2 * n) as u64;
    let p = Puzzle {
        size: n,
        cages: vec![Cage {
            target: total,
            op: Op::Add,
            cells,
            span: Span::new(1, 1),
        }],
        rules: crate::puzzle::ir::Rules::KenKen,
    };
    assert!(check(&p).0.is_empty());
    // A checkerboard cage falls apart into n²/2 pieces: one message, shortened.
    let cells: Vec<Cell> = (0..n * n)
        .map(|k| Cell::from_index(k, n))
        .filter(|c| (c.row + c.col) % 2 == 0)
        .collect();
    let p = Puzzle {
        size: n,
        cages: vec![Cage {
            target: 1,
            op: Op::Add,
            cells,
            span: Span::new(1, 1),
        }],
        rules: crate::puzzle::ir::Rules::KenKen,
    };
    let d = check(&p);
    assert!(
        d.0.iter()
            .any(|d| d.message.contains("fall into 32513 pieces")),
        "{d:?}"
    );
    assert!(d.0.iter().all(|d| d.message.len() < 600));
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            Just(Op::Given),
            Just(Op::Add),
            Just(Op::Sub),
            Just(Op::Mul),
            Just(Op::Div)
        ]
    }

    fn cage() -> impl Strategy<Value = Cage> {
        let target = prop_oneof![0u64..40, any::<u64>()];
        let cells = prop::collection::vec((0usize..12, 0usize..12), 0..10);
        (target, op(), cells).prop_map(|(target, op, cells)| Cage {
            target,
            op,
            cells: cells.into_iter().map(|(r, c)| Cell::new(r, c)).collect(),
            span: Span::new(1, 1),
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Any IR at all, not only what the parsers build.
        #[test]
        fn on_arbitrary_puzzles(size in 0usize..10, cages in prop::collection::vec(cage(), 0..12)) {
            let d = check(&Puzzle { size, cages, rules: crate::puzzle::ir::Rules::KenKen });
            prop_assert!(d.0.iter().filter(|d| d.is_error()).count() <= crate::puzzle::diag::MAX_ERRORS + 1);
        }
    }
}
