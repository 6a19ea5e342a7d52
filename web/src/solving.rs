//! Solving in the page: the native solver (in a Web Worker, by the page's
//! script), and the columns HiGHS returns read back, by the columns of the
//! model the page compiled, into a grid that the verifier checks, or into
//! each cell's x values for the LP relaxation.

use cagec::back::decode::{self, FileColumns, Values};
use cagec::native::{self, Instant};
use cagec::puzzle::ir::Puzzle;
use cagec::puzzle::verify;
use serde::Serialize;
use std::time::Duration;

/// What the native solver found: grids the verifier accepted, and whether
/// the puzzle is unique (`yes`, `no`, or `unknown` when the time ran out).
#[derive(Debug, Serialize)]
pub struct Native {
    pub solutions: Vec<Vec<Vec<u32>>>,
    pub unique: &'static str,
    pub complete: bool,
    pub timed_out: bool,
    pub stats: native::Stats,
    /// Whether this build has CaDiCaL (the page's has not: its
    /// conflict-driven stage is cagec's own lazy clause generation).
    pub cdcl: bool,
}

pub fn native(puzzle: &Puzzle, ms: f64) -> Result<Native, String> {
    let opts = native::Options {
        max_solutions: 2,
        deadline: (ms > 0.0).then(|| Instant::now() + Duration::from_secs_f64(ms / 1000.0)),
        ..native::Options::default()
    };
    let out = native::solve(puzzle, &opts).map_err(|e| e.to_string())?;
    for grid in &out.solutions {
        if let Some(v) = verify::check(puzzle, grid).first() {
            return Err(format!("the native solver's grid failed verification: {v}"));
        }
    }
    let unique = match (out.solutions.len(), out.complete) {
        (2.., _) => "no",
        (_, true) => "yes",
        _ => "unknown",
    };
    Ok(Native {
        unique,
        complete: out.complete,
        timed_out: out.timed_out,
        solutions: out.solutions.into_iter().map(|g| g.values).collect(),
        stats: out.stats,
        cdcl: native::HAS_CDCL,
    })
}

/// A solver's point read back: the verified grid, or for a relaxation each
/// cell's `(k, x)` pairs (row-major) and how many cells are fractional.
#[derive(Debug, Default, Serialize)]
pub struct ReadBack {
    pub grid: Option<Vec<Vec<u32>>>,
    pub cells: Option<Vec<Vec<(usize, f64)>>>,
    pub fractional: usize,
}

/// Decodes HiGHS's columns by the `columns` of the model file it read, as
/// the page compiled it (a fixed-MPS file's short names included); see
/// [`ReadBack`].
pub fn read_columns(
    puzzle: &Puzzle,
    columns: &FileColumns,
    names: Vec<String>,
    values: Vec<f64>,
    relaxed: bool,
) -> Result<ReadBack, String> {
    if names.len() != values.len() {
        return Err(format!("{} names for {} values", names.len(), values.len()));
    }
    let named: Vec<(String, f64)> = names.into_iter().zip(values).collect();
    if relaxed {
        let cells = decode::read_cells(columns, puzzle, &named)?;
        let fractional = (cells.iter())
            .filter(|c| c.iter().any(|&(_, x)| (x - 1.0).abs() > decode::X_TOL))
            .count();
        return Ok(ReadBack {
            cells: Some(cells),
            fractional,
            ..ReadBack::default()
        });
    }
    let grid =
        decode::read_grid(columns, puzzle, &Values::Named(named)).map_err(|e| e.to_string())?;
    Ok(ReadBack {
        grid: Some(grid.values),
        ..ReadBack::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cagec::back::{self, OutputFormat};
    use cagec::formulate::formulate_with;
    use cagec::io::input::load_str;

    use crate::options::ModelOptions;

    fn kk0() -> Puzzle {
        let text = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";
        load_str(
            text,
            cagec::front::InputFormat::Cages,
            "kk0".into(),
            "kk0".into(),
        )
        .unwrap()
        .puzzle
    }

    #[test]
    fn the_native_solver_proves_kk0_unique() {
        let out = native(&kk0(), 0.0).unwrap();
        assert_eq!(out.unique, "yes");
        assert_eq!(out.solutions[0][0], [1, 2, 4, 3]);
    }

    fn big10() -> Puzzle {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fixtures/puzzles/big10.cage"
        );
        cagec::io::input::load(std::path::Path::new(path), None)
            .unwrap()
            .puzzle
    }

    /// The columns the page keeps of the model it shows, through the JSON
    /// they cross to the page's script in.
    fn file_columns(puzzle: &Puzzle, opts: &ModelOptions) -> FileColumns {
        let loaded = cagec::io::input::Loaded {
            puzzle: puzzle.clone(),
            warnings: String::new(),
            display_name: "test".into(),
            stem: "test".into(),
            format: cagec::front::InputFormat::Cages,
            source: String::new(),
        };
        let view = crate::reading::model(&loaded, opts).unwrap();
        let json = serde_json::to_string(&view.columns).unwrap();
        serde_json::from_str::<Option<FileColumns>>(&json)
            .unwrap()
            .unwrap()
    }

    /// A grid as a solver's column values, by the names of the file HiGHS
    /// would read (a fixed-MPS file's short names from its rename map).
    fn columns(puzzle: &Puzzle, opts: &ModelOptions, grid: &[Vec<u32>]) -> (Vec<String>, Vec<f64>) {
        let model = formulate_with(puzzle, &opts.formulate()).unwrap();
        let grid = cagec::puzzle::ir::Grid {
            values: grid.to_vec(),
        };
        let point = cagec::formulate::point::feasible_point(&model, puzzle, &grid).unwrap();
        let mut map = Vec::new();
        back::write_rename_map(&model, &back::fixed_names(&model), &mut map).unwrap();
        let map = String::from_utf8(map).unwrap();
        let short: std::collections::HashMap<&str, &str> = (map.lines())
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once(' ').map(|(s, long)| (long, s)))
            .collect();
        model
            .vars()
            .map(|v| {
                let long = model.var_name(v);
                let name = match opts.to {
                    OutputFormat::FixedMps => short.get(long).copied().unwrap_or(long),
                    _ => long,
                };
                (name.to_string(), point[v.index()] as f64)
            })
            .unzip()
    }

    #[test]
    fn columns_read_back_into_the_verified_grid_or_the_cells_x() {
        for (puzzle, to) in [(kk0(), "lp"), (big10(), "fixed-mps")] {
            let grid = native(&puzzle, 0.0).unwrap().solutions.remove(0);
            let opts = ModelOptions::parse(&format!(r#"{{"to":"{to}"}}"#)).unwrap();
            let (names, values) = columns(&puzzle, &opts, &grid);
            if to == "fixed-mps" {
                assert!(
                    names.iter().any(|n| n.starts_with("C000")),
                    "big10 has renamed columns"
                );
            }
            let file = file_columns(&puzzle, &opts);
            let back = read_columns(&puzzle, &file, names.clone(), values.clone(), false).unwrap();
            assert_eq!(back.grid.unwrap(), grid);
            let relaxed = read_columns(&puzzle, &file, names, values, true).unwrap();
            assert_eq!(relaxed.fractional, 0);
            assert_eq!(relaxed.cells.unwrap()[0], [(grid[0][0] as usize, 1.0)]);
        }
        let puzzle = kk0();
        let grid = native(&puzzle, 0.0).unwrap().solutions.remove(0);
        let opts = ModelOptions::default();
        let (names, mut values) = columns(&puzzle, &opts, &grid);
        let x111 = names.iter().position(|n| n == "x_1_1_1").unwrap();
        let x112 = names.iter().position(|n| n == "x_1_1_2").unwrap();
        (values[x111], values[x112]) = (0.5, 0.5);
        let file = file_columns(&puzzle, &opts);
        let relaxed = read_columns(&puzzle, &file, names.clone(), values.clone(), true).unwrap();
        assert_eq!(relaxed.fractional, 1);
        assert_eq!(relaxed.cells.unwrap()[0], [(1, 0.5), (2, 0.5)]);
        let e = read_columns(&puzzle, &file, names, values, false).unwrap_err();
        assert!(e.contains("is not 0 or 1"), "{e}");
    }
}
