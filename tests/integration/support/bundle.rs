//! Helpers of `bundles.rs` and `family_files.rs`: running cagec, the
//! fixtures and their known grids, reading `.sol` files and rename maps, and
//! asking HiGHS what it thinks of a point.

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub fn cagec(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("run cagec")
}

/// Runs cagec in `dir` and fails the test unless it succeeds; returns stdout.
pub fn ok(args: &[&str], dir: &Path) -> Vec<u8> {
    let out = cagec(args, dir);
    assert!(
        out.status.success(),
        "cagec {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

pub fn fixture(name: &str) -> String {
    format!("{}/fixtures/puzzles/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Every puzzle fixture, sorted.
pub fn fixtures() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(fixture(""))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths
}

/// The fixture's known solution, row by row, if it has one.
pub fn known_grid(puzzle: &Path) -> Option<Vec<Vec<u32>>> {
    let stem = puzzle.file_stem()?.to_str()?;
    let path = format!(
        "{}/fixtures/solutions/{stem}.grid",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).ok()?;
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
            .collect(),
    )
}

/// The grid the x columns of a point spell out (`x_I_J_K` at 1).
pub fn grid_of(values: &HashMap<String, f64>, n: usize) -> Vec<Vec<u32>> {
    let columns = super::cells::cell_columns(n);
    let mut grid = vec![vec![0; n]; n];
    for (name, &v) in values {
        if let Some(&cagec::model::Column::X { row, col, k }) = columns.get(name)
            && v > 0.5
        {
            grid[row as usize][col as usize] = k;
        }
    }
    grid
}

pub fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .expect("a gzip stream");
    out
}

pub fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A `.sol` file as (name, value) lines, checking its `=obj=` line.
pub fn sol_lines(path: &Path) -> Vec<(String, f64)> {
    let text = String::from_utf8(read(path)).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("=obj= 0"), "{}", path.display());
    lines
        .map(|l| {
            let (name, v) = l.split_once(' ').expect("NAME VALUE");
            assert!(!v.contains('.'), "integer values: {l}");
            (name.to_string(), v.parse().unwrap())
        })
        .collect()
}

/// `SHORT CANONICAL` lines of a fixed-MPS rename map.
pub fn rename_map(path: &Path) -> HashMap<String, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once(' '))
            .map(|(s, c)| (s.to_string(), c.to_string()))
            .collect(),
        Err(_) => HashMap::new(),
    }
}

/// `compile` with the args given, in `d`, prefixed by `compile`.
pub fn compile_args<'a>(args: &[&'a str]) -> Vec<&'a str> {
    std::iter::once("compile")
        .chain(args.iter().copied())
        .collect()
}

pub fn ok_compile(args: &[&str], d: &Path) -> Vec<u8> {
    ok(&compile_args(args), d)
}

/// What HiGHS says of a point it was given with `--read_solution_file`: the
/// (count, max) of column, integer and row infeasibilities, its log, and the
/// column names of its own solution file, in its column order.
pub struct HighsCheck {
    pub infeasibilities: [(usize, f64); 3],
    pub log: String,
    pub columns: Vec<String>,
}

pub fn highs_check(model: &Path, sol: &Path) -> HighsCheck {
    let written = model.with_extension("check.sol");
    let out = Command::new("highs")
        .arg("--model_file")
        .arg(model)
        .arg("--read_solution_file")
        .arg(sol)
        .arg("--solution_file")
        .arg(&written)
        .args(["--time_limit", "60"])
        .current_dir(model.parent().unwrap())
        .stdin(Stdio::null())
        .output()
        .expect("run highs");
    let log = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut infeasibilities = [(usize::MAX, f64::NAN); 3];
    for (slot, head) in [
        "Col     infeasibilities",
        "Integer infeasibilities",
        "Row     infeasibilities",
    ]
    .iter()
    .enumerate()
    {
        if let Some(line) = log.lines().find(|l| l.starts_with(head)) {
            let f: Vec<&str> = line[head.len()..].split_whitespace().collect();
            infeasibilities[slot] = (f[0].parse().unwrap(), f[1].parse().unwrap());
        }
    }
    let text = std::fs::read_to_string(&written).unwrap_or_default();
    let mut lines = text.lines();
    let mut columns = Vec::new();
    while let Some(line) = lines.next() {
        if let Some(count) = line.strip_prefix("# Columns ") {
            for _ in 0..count.trim().parse().unwrap() {
                let l = lines.next().unwrap();
                columns.push(l.rsplit_once(' ').unwrap().0.to_string());
            }
            break;
        }
    }
    HighsCheck {
        infeasibilities,
        log,
        columns,
    }
}

/// HiGHS reads the `.sol` without a word and finds nothing infeasible; the
/// file lists every column of the model, in HiGHS's own column order.
pub fn assert_highs_accepts(model: &Path, sol: &Path, what: &str) {
    let check = highs_check(model, sol);
    assert_eq!(
        check.infeasibilities,
        [(0, 0.0); 3],
        "{what}: HiGHS finds the point infeasible:\n{}",
        check.log
    );
    assert!(
        !check.log.contains("WARNING") && !check.log.contains("ERROR"),
        "{what}:\n{}",
        check.log
    );
    let names: Vec<String> = sol_lines(sol).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, check.columns, "{what}: every column, in order");
}

/// `cagec stats --json` of one puzzle with some options.
pub fn stats(puzzle: &str, opts: &[&str]) -> serde_json::Value {
    let mut args = vec!["stats", puzzle, "--json"];
    args.extend_from_slice(opts);
    serde_json::from_slice(&ok(&args, Path::new("."))).unwrap()
}

/// Each `(args, says)` is a usage error (exit 2) whose message says `says`,
/// and writes nothing into `dir`.
pub fn assert_usage_errors(cases: &[(&[&str], &str)], dir: &Path) {
    for (args, says) in cases {
        let out = cagec(&compile_args(args), dir);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(
            std::fs::read_dir(dir).unwrap().count(),
            0,
            "{args:?} wrote something"
        );
    }
}
