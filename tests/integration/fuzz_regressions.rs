//! Replays the fuzzers' inputs through the same checks as the cargo-fuzz
//! targets (`cagec::fuzzing`, run by `fuzz/fuzz_targets/*`): every crash
//! the fuzzers found, stored under `fuzz/regressions/<target>/`, with the
//! outcome it must now have, and the minimised corpus of every target.

use std::path::{Path, PathBuf};

use cagec::front::InputFormat;
use cagec::fuzzing::{self, Verdict};

const TARGETS: [&str; 6] = ["cage_lines", "dat", "keen", "cmap", "grid", "pipeline"];

/// The harness of a target, as `fuzz/fuzz_targets/<target>.rs` calls it.
fn run(target: &str, data: &[u8]) -> Verdict {
    match target {
        "cage_lines" => fuzzing::front_end(InputFormat::Cages, data),
        "dat" => fuzzing::front_end(InputFormat::Dat, data),
        "keen" => fuzzing::front_end(InputFormat::Keen, data),
        "cmap" => fuzzing::front_end(InputFormat::Grid, data),
        "grid" => fuzzing::grid(data),
        "pipeline" => fuzzing::pipeline(data),
        other => panic!("no fuzz target {other}"),
    }
}

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

/// The files of `dir`, sorted; none when it does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries.map(|e| e.expect("entry").path()).collect();
    out.sort();
    out
}

/// Runs every input of `fuzz/corpus/<target>/` through the target's checks,
/// naming the file that fails them; returns how many there were.
fn replay_corpus(target: &str) -> usize {
    let inputs = files(&fuzz_dir().join("corpus").join(target));
    for path in &inputs {
        let data = std::fs::read(path).expect("input");
        let result = std::panic::catch_unwind(|| run(target, &data));
        assert!(
            result.is_ok(),
            "{} fails its target's checks",
            path.display()
        );
    }
    inputs.len()
}

/// Every input stored under `fuzz/regressions/<target>/<name>` (a crash a
/// fuzzer found, minimised) and what it must come to now.
const REGRESSIONS: &[(&str, &str, Verdict)] = &[
    // `1,1 18446744073709551615`: the not-a-square message computed m² for
    // the cell number u64::MAX + 1 and overflowed.
    (
        "cage_lines",
        "max-cell-number-not-square",
        Verdict::Rejected,
    ),
    // Size 7, text `#`: "the grid ends early" pointed at line 2 of a
    // one-line text (no final newline).
    ("grid", "ends-early-without-newline", Verdict::Rejected),
    // `1,0`: the flat MathProg model did not end with a newline.
    ("pipeline", "flat-mod-final-newline", Verdict::Compiled),
];

fn regression(target: &str, name: &str) -> Vec<u8> {
    let path = fuzz_dir().join("regressions").join(target).join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_stored_crash_now_has_its_expected_outcome() {
    for &(target, name, want) in REGRESSIONS {
        assert_eq!(
            run(target, &regression(target, name)),
            want,
            "{target}/{name}"
        );
    }
}

#[test]
fn every_stored_crash_is_listed_with_its_outcome() {
    for target in TARGETS {
        for path in files(&fuzz_dir().join("regressions").join(target)) {
            let name = path.file_name().and_then(|n| n.to_str()).expect("name");
            assert!(
                REGRESSIONS
                    .iter()
                    .any(|&(t, n, _)| (t, n) == (target, name)),
                "{} has no expected outcome in REGRESSIONS",
                path.display()
            );
        }
    }
}

#[test]
fn a_huge_cell_number_in_a_non_square_puzzle_is_reported() {
    let data = regression("cage_lines", "max-cell-number-not-square");
    let src = std::str::from_utf8(&data).expect("text");
    let errors = cagec::front::parse(InputFormat::Cages, src).expect_err("not square");
    let messages: Vec<&str> = errors.0.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(errors.0.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with("cannot infer the grid size: the cages list 2 cells"),
        "{messages:?}"
    );
    // No grid is suggested for a cell number beyond every supported size.
    assert!(!messages[0].contains("suggests"), "{messages:?}");
}

#[test]
fn a_short_grid_is_reported_at_the_end_of_its_text() {
    let data = regression("grid", "ends-early-without-newline");
    assert_eq!(data, b"\x96#", "size 1 + 0x96 % 16 = 7, text '#'");
    let errors = cagec::front::solution::parse_grid("#", 7).expect_err("no rows");
    assert_eq!(
        errors.render("g", "#"),
        "g:1:2: error: the grid ends early (expected 7 rows, found 0)\n  | #\n  |  ^\n"
    );
    let errors = cagec::front::solution::parse_grid("1 2", 2).expect_err("one row");
    assert!(
        errors
            .render("g", "")
            .starts_with("g:1:4: error: the grid ends early")
    );
}

// One test per target, so that the test harness runs them in parallel.
macro_rules! corpus_tests {
    ($($name:ident: $target:literal, $at_least:literal;)*) => {$(
        #[test]
        fn $name() {
            let count = replay_corpus($target);
            assert!(count >= $at_least, "only {count} inputs in fuzz/corpus/{}", $target);
        }
    )*};
}

corpus_tests! {
    corpus_of_cage_lines: "cage_lines", 100;
    corpus_of_dat: "dat", 100;
    corpus_of_keen: "keen", 100;
    corpus_of_cmap: "cmap", 100;
    corpus_of_grid: "grid", 100;
    corpus_of_pipeline: "pipeline", 100;
}
