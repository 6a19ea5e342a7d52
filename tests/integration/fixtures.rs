//! Every puzzle fixture has a known solution that the independent verifier
//! accepts, and the native solver finds it, proving it unique unless the
//! fixture is listed as ambiguous.

use std::path::Path;

use cagec::io::input;
use cagec::native;
use cagec::puzzle::ir::Grid;

/// Fixtures with more than one solution, and how many they have.
const AMBIGUOUS: &[(&str, usize)] = &[];

pub fn read_grid(path: &Path) -> Grid {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Grid {
        values: text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
            .collect(),
    }
}

#[test]
fn every_fixture_has_a_verified_solution_found_by_the_native_solver() {
    let mut seen = 0;
    for entry in std::fs::read_dir("fixtures/puzzles").unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let loaded = input::load(&path, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        let known = read_grid(&Path::new("fixtures/solutions").join(format!("{stem}.grid")));
        let bad = cagec::puzzle::verify::check(&loaded.puzzle, &known);
        assert!(bad.is_empty(), "{name}: known solution fails: {bad:?}");
        if loaded.puzzle.size > native::MAX_SIZE {
            continue;
        }
        let opts = native::Options {
            max_solutions: 10,
            ..Default::default()
        };
        let out = native::solve(&loaded.puzzle, &opts).unwrap();
        for g in &out.solutions {
            assert!(
                cagec::puzzle::verify::check(&loaded.puzzle, g).is_empty(),
                "{name}"
            );
        }
        match AMBIGUOUS.iter().find(|(n, _)| *n == name) {
            Some(&(_, count)) => {
                assert!(out.complete, "{name}: search finished");
                assert_eq!(out.solutions.len(), count, "{name}");
                assert!(out.solutions.contains(&known), "{name}");
            }
            None => {
                assert!(out.complete, "{name}: search finished");
                assert_eq!(out.solutions, vec![known], "{name}: unique solution");
            }
        }
        seen += 1;
    }
    assert!(seen >= 5, "fixtures found: {seen}");
}
