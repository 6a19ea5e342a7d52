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

/// Runs every input of `fuzz/<kind>/<target>/`, naming the file that panics.
fn replay(kind: &str) -> usize {
    let mut count = 0;
    for target in TARGETS {
        for path in files(&fuzz_dir().join(kind).join(target)) {
            let data = std::fs::read(&path).expect("input");
            let result = std::panic::catch_unwind(|| run(target, &data));
            assert!(result.is_ok(), "{} fails its target's checks", path.display());
            count += 1;
        }
    }
    count
}

#[test]
fn every_corpus_input_passes_its_targets_checks() {
    let count = replay("corpus");
    assert!(count >= 100, "only {count} corpus inputs under fuzz/corpus");
}
