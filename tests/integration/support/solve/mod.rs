//! Shared helpers of the `cagec solve` / `cagec check` tests: run the built
//! binary as a user would, read its JSON lines, find the real solvers.

pub mod fake;

use super::need_solver;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

/// The essay's kk0 and its solution.
pub const KK0: &str = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";
pub const KK0_GRID: [[u32; 4]; 4] = [[1, 2, 4, 3], [4, 3, 2, 1], [2, 1, 3, 4], [3, 4, 1, 2]];
/// 2×2 with one 6+ cage over the whole grid: exactly two solutions.
pub const AMB2: &str = "6+,0 1 3 2\n";
/// 3×3 with one 6+ cage per row: every Latin square of order 3, 12 of them.
pub const LATIN3: &str = "6+,0 1 2\n6+,3 4 5\n6+,6 7 8\n";
/// 3×3 whose cages each have solutions but not together: the top two rows
/// hold {1,2} in columns 1-2, so both need 3 in column 3.
pub const NONE3: &str = "3+,0 3\n3+,1 4\n1-,2 5\n6+,6 7 8\n";

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn fake_solver() -> PathBuf {
    root().join("tests/fake-solvers/fake-solver")
}

pub fn captured(name: &str) -> PathBuf {
    root().join("fixtures/captured").join(name)
}

/// A cagec command with the solver variables of the caller's environment removed.
pub fn cagec(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cagec"));
    cmd.args(args).stdin(Stdio::null());
    for var in [
        "CAGEC_HIGHS",
        "CAGEC_CBC",
        "CAGEC_GLPSOL",
        "CAGEC_CADICAL",
        "CAGEC_KISSAT",
        "CAGEC_CLASP",
        "CAGEC_MINISATP",
        "CAGEC_MINIZINC",
        "CAGEC_FZN_GECODE",
        "CAGEC_SCIP",
        "CAGEC_RATE",
        "FAKE_MODE",
        "NO_COLOR",
    ] {
        cmd.env_remove(var);
    }
    cmd
}

pub fn run(mut cmd: Command) -> Output {
    cmd.output().expect("cagec runs")
}

pub fn code(out: &Output) -> i32 {
    out.status.code().unwrap_or(-1)
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Every stdout line as JSON.
pub fn records(out: &Output) -> Vec<Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// The one record of a single-puzzle `--json` run.
pub fn record(out: &Output) -> Value {
    let mut r = records(out);
    assert_eq!(
        r.len(),
        1,
        "stdout: {}\nstderr: {}",
        stdout(out),
        stderr(out)
    );
    r.remove(0)
}

pub fn grid_json(g: &[[u32; 4]; 4]) -> Value {
    serde_json::to_value(g).expect("grid")
}

/// Writes a puzzle file into `dir`.
pub fn puzzle(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write puzzle");
    path
}

/// Is `program` on PATH? If not: a failure when `CI` is set, else a loud
/// skip; either way the message says how to install it.
pub fn require(program: &str) -> bool {
    need_solver::require(program)
}

/// The slow tier (glpsol on 8×8 puzzles, minutes): on in CI or with
/// CAGEC_SLOW_TESTS=1, otherwise skipped loudly.
pub fn slow_tests(what: &str) -> bool {
    let on = std::env::var_os("CI").is_some() || std::env::var_os("CAGEC_SLOW_TESTS").is_some();
    if !on {
        eprintln!("!!!!!! SKIPPED (slow tier): {what}; set CAGEC_SLOW_TESTS=1 to run it !!!!!!");
    }
    on
}

/// `(puzzle path, solution rows)` for every fixture that has a solution file.
pub fn fixtures() -> Vec<(PathBuf, Vec<Vec<u32>>)> {
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(root().join("fixtures/puzzles"))
        .expect("fixtures/puzzles")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let grid = root()
            .join("fixtures/solutions")
            .join(format!("{stem}.grid"));
        let Ok(text) = std::fs::read_to_string(&grid) else {
            continue;
        };
        let rows = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                l.split_whitespace()
                    .map(|v| v.parse().expect("grid value"))
                    .collect()
            })
            .collect();
        out.push((path, rows));
    }
    assert!(!out.is_empty(), "no fixtures with solutions");
    out
}

/// The paper's model, as `solve --formulation melkonian` runs it.
pub const PAPER: &[&str] = &["--formulation", "melkonian"];

/// The model label `solve` reports for these options (see `Options::label`).
pub fn label_of(extra: &[&str]) -> &'static str {
    match extra {
        [] => "tuples+presolve",
        ["--formulation", "melkonian"] => "melkonian",
        ["--presolve"] => "tuples+presolve",
        ["--formulation", "melkonian", "--presolve"] => "melkonian+presolve",
        ["--formulation", "tuples"] => "tuples",
        ["--formulation", "cover"] => "cover",
        ["--formulation", "cover", "--presolve"] => "cover+presolve",
        ["--formulation", "melkonian", "--product", "sets"] => "melkonian+product=sets",
        other => panic!("no label known for {other:?}"),
    }
}

/// Solves `paths` in one call and checks every record against the fixture's
/// known grid (all fixtures are unique puzzles).
pub fn check_fixtures(
    solver: &str,
    via: &str,
    unique: bool,
    fixtures: &[(PathBuf, Vec<Vec<u32>>)],
    extra: &[&str],
) {
    if fixtures.is_empty() {
        return;
    }
    let mut args = vec!["solve", "--json", "--solver", solver, "--via", via];
    if unique {
        args.push("--unique");
    }
    args.extend_from_slice(extra);
    let paths: Vec<String> = fixtures
        .iter()
        .map(|(p, _)| p.display().to_string())
        .collect();
    args.extend(paths.iter().map(String::as_str));
    let out = run(cagec(&args));
    let what = format!("{solver} via {via} unique={unique} {extra:?}");
    assert_eq!(
        code(&out),
        0,
        "{what}\nstdout: {}\nstderr: {}",
        stdout(&out),
        stderr(&out)
    );
    let recs = records(&out);
    assert_eq!(recs.len(), fixtures.len(), "{what}");
    for (rec, (path, grid)) in recs.iter().zip(fixtures) {
        let name = path.display().to_string();
        assert_eq!(rec["puzzle"], json!(name), "{what}");
        assert_eq!(rec["status"], "found", "{what} {name}: {rec}");
        assert_eq!(rec["stop"], "optimal", "{what} {name}");
        assert_eq!(rec["grid"], json!(grid), "{what} {name}: wrong grid");
        assert_eq!(rec["solver"], json!(solver));
        assert_eq!(rec["via"], json!(via));
        assert_eq!(rec["formulation"], json!(label_of(extra)), "{what} {name}");
        assert_eq!(rec["solutions"], 1);
        if unique {
            assert_eq!(rec["unique"], true, "{what} {name}: {rec}");
            assert_eq!(rec["uniqueness"], "unique");
            assert_eq!(rec["runs"], 2);
        } else {
            assert_eq!(rec["unique"], Value::Null);
            assert_eq!(rec["uniqueness"], "not-asked");
            assert_eq!(rec["runs"], 1);
        }
    }
}
