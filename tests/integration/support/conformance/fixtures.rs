//! What both conformance tiers need of the fixtures and the tools: running
//! `cagec`, a fixture's family and known solution, the project's venv.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use cagec::puzzle::ir::{Grid, Puzzle, Rules};

/// Runs the built `cagec` and fails the test unless it succeeds; its stdout.
pub fn cagec(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run cagec");
    assert!(
        out.status.success(),
        "cagec {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Killer Sudoku, Keen game IDs, J-wiki cage lines, and the rest (AMPL
/// data, cage maps).
pub fn family(path: &Path, puzzle: &Puzzle) -> &'static str {
    match (puzzle.rules, path.extension().and_then(|e| e.to_str())) {
        (Rules::Killer { .. }, _) => "Killer",
        (_, Some("keen")) => "Keen",
        (_, Some("cage")) => "J-wiki",
        _ => "other",
    }
}

/// The columns of a table, in the matrices of docs/solvers.md.
pub const FAMILIES: &[&str] = &["J-wiki", "Keen", "Killer", "other"];

pub fn read_grid(path: &Path) -> Grid {
    let text = std::fs::read_to_string(path).unwrap();
    let rows = text.lines().filter(|l| !l.trim().is_empty());
    Grid {
        values: rows
            .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
            .collect(),
    }
}

/// The fixture puzzles, sorted.
pub fn puzzle_paths() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir("fixtures/puzzles")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths
}

/// The Python of the readers: the project's venv, or `CAGEC_READERS_PYTHON`.
pub fn venv_python() -> PathBuf {
    std::env::var_os("CAGEC_READERS_PYTHON").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("target/solvers/venv/bin/python"),
        PathBuf::from,
    )
}
