//! Round trips: format → IR → format → IR is the identity on what each
//! format keeps, for random puzzles of sizes 1 to 16.

use super::*;
use crate::generate::{self, Rng};
use crate::puzzle::diag::Diagnostics;
use crate::puzzle::ir::{Cell, Op};
use proptest::prelude::*;

const ALL: [Format; 4] = [Format::Jwiki, Format::Dat, Format::Grid, Format::Keen];

fn read(format: Format, text: &str) -> Puzzle {
    match crate::front::parse(format.input(), text) {
        Ok((p, _)) => p,
        Err(d) => panic!(
            "{format:?} does not read its own output:\n{text}\n{}",
            show(&d)
        ),
    }
}

fn show(d: &Diagnostics) -> String {
    d.0.iter().map(|d| format!("{d}\n")).collect()
}

/// Without source positions: what the writers are asked to keep.
fn unspanned(p: &Puzzle) -> Puzzle {
    let mut p = p.clone();
    for c in &mut p.cages {
        c.span = Span::default();
    }
    p
}

/// A random valid puzzle with cages and cells shuffled, so that keeping the
/// order is tested too.
fn shuffled(size: usize, seed: u64, max_cage: usize, ops: Vec<Op>) -> Puzzle {
    shuffled_with(size, seed, max_cage, ops, false)
}

/// As [`shuffled`]; with `variants`, some cages get a hidden operation (`?`)
/// or a `-`/`%` over three or more cells, with targets the grid meets.
fn shuffled_with(size: usize, seed: u64, max_cage: usize, ops: Vec<Op>, variants: bool) -> Puzzle {
    let opts = generate::Options {
        size,
        seed,
        max_cage,
        ops,
        ..Default::default()
    };
    let (mut p, grid) = generate::puzzle(&opts);
    let mut rng = Rng::new(seed ^ 0x5EED);
    for c in p.cages.iter_mut().filter(|_| variants) {
        let mut values: Vec<u64> = c.cells.iter().map(|&x| grid.get(x) as u64).collect();
        values.sort_unstable();
        let (max, rest) = values.split_last().expect("cells");
        let sum: u64 = rest.iter().sum();
        let product: u64 = rest.iter().product();
        match rng.below(8) {
            0 if c.cells.len() > 1 => c.op = Op::Hidden,
            1 if rest.len() > 1 && *max > sum => (c.op, c.target) = (Op::Sub, max - sum),
            2 if rest.len() > 1 && max % product == 0 && *max > product => {
                (c.op, c.target) = (Op::Div, max / product)
            }
            _ => {}
        }
    }
    rng.shuffle(&mut p.cages);
    for c in &mut p.cages {
        rng.shuffle(&mut c.cells);
    }
    p
}

/// Checks one format on one puzzle: what comes back, and that writing what
/// came back gives the same text.
fn round_trip(format: Format, p: &Puzzle) {
    let text = match to_string(format, p) {
        Ok(t) => t,
        Err(e) => {
            assert_eq!(format, Format::Keen, "{e}");
            let inexpressible = |c: &crate::puzzle::ir::Cage| match c.op {
                Op::Given | Op::Hidden => true,
                Op::Sub | Op::Div => c.cells.len() != 2,
                Op::Add | Op::Mul => false,
            };
            assert!(p.cages.iter().any(inexpressible), "{e}");
            return;
        }
    };
    let q = read(format, &text);
    let problems = crate::puzzle::valid::check(&q);
    assert!(
        problems.0.is_empty(),
        "{format:?}: {text}\n{}",
        show(&problems)
    );
    match format {
        // Cage order and cell order kept.
        Format::Jwiki | Format::Dat => assert_eq!(unspanned(&q), unspanned(p), "{text}"),
        // Cage order kept, cells row-major.
        Format::Grid => {
            let sorted: Vec<Vec<Cell>> = p.cages.iter().map(|c| c.sorted_cells()).collect();
            let got: Vec<Vec<Cell>> = q.cages.iter().map(|c| c.cells.clone()).collect();
            assert_eq!(got, sorted, "{text}");
        }
        Format::Keen => {}
    }
    assert_eq!(canonical(&q), canonical(p), "{format:?}: {text}");
    assert_eq!(
        to_string(format, &q).as_deref(),
        Ok(text.as_str()),
        "{format:?}"
    );
}

fn ops() -> impl Strategy<Value = Vec<Op>> {
    prop::sample::subsequence(vec![Op::Add, Op::Sub, Op::Mul, Op::Div], 1..=4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_format_round_trips(size in 1usize..=16, seed: u64, max_cage in 1usize..=8, ops in ops(), variants: bool) {
        let p = shuffled_with(size, seed, max_cage, ops, variants);
        for format in ALL {
            round_trip(format, &p);
        }
    }

    /// Large cages make runs of 25+ joined edges: Keen's `y` and `z`.
    #[test]
    fn keen_round_trips_with_large_cages(size in 5usize..=12, seed: u64) {
        let p = shuffled(size, seed, 40, vec![Op::Add, Op::Mul]);
        round_trip(Format::Keen, &p);
    }
}

#[test]
fn variants_are_kept_by_every_text_format() {
    let (mut hidden, mut long) = (0, 0);
    for seed in 0..150 {
        let p = shuffled_with(6, seed, 5, vec![Op::Add, Op::Mul], true);
        hidden += p.cages.iter().filter(|c| c.op == Op::Hidden).count();
        long += p
            .cages
            .iter()
            .filter(|c| matches!(c.op, Op::Sub | Op::Div))
            .count();
        for format in ALL {
            round_trip(format, &p);
        }
    }
    assert!(
        hidden > 50 && long > 20,
        "hidden {hidden}, long - and % {long}"
    );
}

#[test]
fn givens_cannot_be_keen_but_are_kept_elsewhere() {
    // 2×2 with a given: a one-cell cage without an operation.
    let p = read(Format::Jwiki, "2,0\n1-,1 3\n2+,2\n");
    assert_eq!(
        to_string(Format::Keen, &p).map_err(|e| e.to_string()),
        Err(
            "cannot write a Keen ID: Keen has no given clues: cage 1 (cell (1,1)) is a given"
                .into()
        )
    );
    for format in [Format::Jwiki, Format::Dat, Format::Grid] {
        round_trip(format, &p);
    }
}

#[test]
fn each_writer_in_full() {
    let p = read(Format::Jwiki, "2,0\n3+,1 3\n2%,2\n");
    assert_eq!(to_string(Format::Jwiki, &p).unwrap(), "2,0\n3+,1 3\n2%,2\n");
    assert_eq!(
        to_string(Format::Dat, &p).unwrap(),
        "param n := 2;\nparam t := 3;\nset cage[1] := (1,1);\nset cage[2] := (1,2) (2,2);\nset cage[3] := (2,1);\n\
         param: target_number operation :=\n1 2 \"given\"\n2 3 \"sum\"\n3 2 \"ratio\"\n;\nset prime_numbers := 2;\n"
    );
    assert_eq!(
        to_string(Format::Grid, &p).unwrap(),
        "1 2\n3 2\n1 2\n2 3+\n3 2%\n"
    );
    let twelve = shuffled(12, 1, 2, vec![Op::Add]);
    let grid = to_string(Format::Grid, &twelve).unwrap();
    let first = grid.lines().next().unwrap();
    // Labels are right-aligned to the widest, so columns line up.
    let width = twelve.cages.len().to_string().len();
    assert_eq!(first.len(), 12 * width + 11, "{first:?}");
}

#[test]
fn killer_puzzles_get_the_directive_and_no_keen_id() {
    let p = Puzzle {
        rules: Rules::Killer { box_size: 1 },
        ..read(Format::Jwiki, "1+,0\n")
    };
    for format in [Format::Jwiki, Format::Dat, Format::Grid] {
        let text = to_string(format, &p).unwrap();
        assert!(text.starts_with("# cagec: killer\n"), "{format:?}: {text}");
        // Without the input layer's rule switch, the rest reads as the same cages.
        assert_eq!(read(format, &text).cages.len(), 1);
    }
    assert_eq!(
        to_string(Format::Keen, &p).map_err(|e| e.to_string()),
        Err("cannot write a Keen ID: Keen IDs describe KenKen only, not Killer Sudoku".into())
    );
}

#[test]
fn keen_warns_outside_the_games_sizes() {
    let p = shuffled(12, 2, 4, vec![Op::Add]);
    assert_eq!(
        warnings(Format::Keen, &p),
        ["sgt-keen only plays sizes 3 to 9: it will not load this 12×12 ID (cagec reads it)"]
    );
    assert!(warnings(Format::Keen, &shuffled(9, 2, 4, vec![Op::Add])).is_empty());
    assert!(warnings(Format::Grid, &p).is_empty());
}

#[test]
fn formats_from_names() {
    use std::path::Path;
    let f = |name: &str| Format::from_path(Path::new(name));
    assert_eq!(f("a.cage"), Some(Format::Jwiki));
    assert_eq!(f("a.DAT"), Some(Format::Dat));
    assert_eq!(f("a.cmap"), Some(Format::Grid));
    assert_eq!(f("a.keen"), Some(Format::Keen));
    assert_eq!(f("a.grid"), None, ".grid is a solution file");
    for format in ALL {
        assert_eq!(Format::from(format.input()), format);
        assert_eq!(f(&format!("x.{}", format.extension())), Some(format));
    }
}

#[test]
fn large_cages_exercise_keens_y_and_z() {
    let (mut y, mut z) = (0, 0);
    for seed in 0..300 {
        let p = shuffled(5 + (seed as usize % 6), seed, 40, vec![Op::Add, Op::Mul]);
        let Ok(text) = to_string(Format::Keen, &p) else {
            continue;
        };
        let blocks = text
            .split(':')
            .nth(1)
            .and_then(|d| d.split(',').next())
            .unwrap();
        y += usize::from(blocks.contains('y'));
        z += usize::from(blocks.contains('z'));
        round_trip(Format::Keen, &p);
    }
    assert!(
        y > 10 && z > 0,
        "runs of 25+ joined edges: y in {y} IDs, z in {z}"
    );
}
