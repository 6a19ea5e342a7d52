//! glpsol reads every file `cagec compile` writes without a word about the
//! file (issue 14). For every fixture and every option set the other tests
//! use, the files of every format (and the standard-output streams of fixed
//! MPS and AMPL) go through `glpsol --check`: its own messages are captured,
//! and any line that is not glpsol's progress report must be on the short
//! allow-list [`ALLOWED`] of messages about glpsol itself. Fixed MPS must also
//! fit 80 columns, which needs no solver. A missing glpsol fails the test when
//! `CI` is set and is reported as a loud skip otherwise.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::support::option_sets;

/// glpsol's messages that are about glpsol, not about the file it read.
const ALLOWED: &[(&str, Allowed)] = &[
    // The MPS readers drop the free objective row (an `N` row) and say so.
    ("One free row was removed", Allowed::Always),
    // The paper's own objective is `maximize something: 1;`, kept as the
    // paper wrote it; glpsol drops the constant (docs/outputs.md).
    (
        "glp_mpl_build_prob: row something; constant term 1 ignored",
        Allowed::PaperModel,
    ),
];

#[derive(Clone, Copy, PartialEq)]
enum Allowed {
    Always,
    /// Only where `compile` reproduces the paper's AMPL model.
    PaperModel,
}

fn cagec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run cagec")
}

/// Runs cagec and fails the test unless it succeeds; returns its stdout.
fn compile(args: &[&str]) -> Vec<u8> {
    let out = cagec(args);
    assert!(
        out.status.success(),
        "cagec {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Every puzzle fixture with the option sets that apply to it.
fn cases() -> Vec<(PathBuf, &'static [&'static [&'static str]])> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir("fixtures/puzzles")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let cases: Vec<_> = paths
        .into_iter()
        .map(|path| {
            let loaded = cagec::io::input::load(&path, None)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, option_sets::for_rules(loaded.puzzle.rules))
        })
        .collect();
    assert!(cases.len() >= 18, "fixtures found: {}", cases.len());
    cases
}

fn args<'a>(path: &'a Path, to: &'a str, opts: &[&'a str], out: Option<&'a str>) -> Vec<&'a str> {
    let mut a = vec!["compile", path.to_str().unwrap(), "--to", to];
    a.extend_from_slice(opts);
    if let Some(out) = out {
        a.extend(["-o", out]);
    }
    a
}

fn assert_cards(text: &str, what: &str) {
    for (i, line) in text.lines().enumerate() {
        assert!(
            line.len() <= 80,
            "{what}:{}: {} characters: {line}",
            i + 1,
            line.len()
        );
    }
}

#[test]
fn every_fixed_mps_record_fits_80_columns() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("m.mps");
    let file = file.to_str().unwrap();
    let mut checked = 0;
    for (path, options) in cases() {
        for opts in options {
            let what = format!("{} {opts:?}", path.display());
            compile(&args(&path, "fixed-mps", opts, Some(file)));
            assert_cards(&std::fs::read_to_string(file).unwrap(), &what);
            // Standard output carries the rename map as comments too.
            let stream = compile(&args(&path, "fixed-mps", opts, None));
            assert_cards(
                &String::from_utf8(stream).unwrap(),
                &format!("{what} stdout"),
            );
            checked += 1;
        }
    }
    assert!(checked >= 100, "cases: {checked}");
}

/// Is glpsol on PATH? When it is not: a failure if `CI` is set, else a loud
/// skip message and `false` (as in `support/solvers.rs`).
fn glpsol_available() -> bool {
    let found = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("glpsol").is_file()));
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "glpsol is not on PATH, and CI is set: the glpsol tests must run"
        );
        eprintln!("!!!!!! SKIPPED: glpsol is not on PATH; this test did not run !!!!!!");
    }
    found
}

/// Runs glpsol in `dir` (so it echoes short file names) and returns all it
/// printed; fails unless it exits 0.
fn glpsol(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("glpsol")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("run glpsol");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "glpsol {args:?} failed:\n{text}");
    text
}

/// The lines of glpsol's output that are not its progress report: the
/// banner, the command line, `Reading …`, the sizes and counts it read,
/// MathProg's `Checking`/`Generating` lines and the `--check` summary.
fn messages(log: &str) -> Vec<&str> {
    let mut reading = false;
    let mut out = Vec::new();
    for line in log.lines() {
        reading |= line.starts_with("Reading ");
        let report = if reading {
            progress(line)
        } else {
            line.starts_with("GLPSOL--GLPK LP/MIP Solver")
                || line == "Parameter(s) specified in the command line:"
                || line.starts_with(' ')
        };
        if !report {
            out.push(line);
        }
    }
    out
}

fn progress(line: &str) -> bool {
    let words: Vec<&str> = line.split(' ').collect();
    let number = |w: &str| w.parse::<u64>().is_ok();
    let counts = matches!(
        words.as_slice(),
        // glpsol writes the singular for one ("1 column,").
        [r, "row," | "rows,", c, "column," | "columns,", z, "non-zero" | "non-zeros"]
            if number(r) && number(c) && number(z)
    );
    let integers = matches!(
        words.as_slice(),
        ["One", "variable", "is", "integer" | "binary"]
    ) || matches!(
        words.as_slice(),
        [n, "integer", "variables,", _, "of", "which", "is" | "are", "binary"] if number(n)
    );
    let read = matches!(
        words.as_slice(),
        [n, "records" | "lines" | "line", "were" | "was", "read"] if number(n)
    );
    counts
        || integers
        || read
        || (line.starts_with("Reading ") && line.ends_with("..."))
        || line.starts_with("Problem: ")
        || line.starts_with("Objective: ")
        || (line.starts_with("Checking (line ") && line.ends_with(")..."))
        || (line.starts_with("Generating ") && line.ends_with("..."))
        || line == "Model has been successfully generated"
        || line == "--- Problem Characteristics ---"
        || line.starts_with("Number of ")
}

/// Fails on any message of `log` not allowed for this file.
fn assert_silent(log: &str, paper_model: bool, what: &str) {
    for message in messages(log) {
        let allowed = ALLOWED
            .iter()
            .any(|(text, when)| *text == message && (*when == Allowed::Always || paper_model));
        assert!(
            allowed,
            "{what}: glpsol said \"{message}\" about the file:\n{log}"
        );
    }
}

#[test]
fn glpsol_reads_every_file_without_a_warning() {
    if !glpsol_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let at = |name: &str| d.join(name).to_str().unwrap().to_string();
    let (lp, mps, fixed, model) = (at("m.lp"), at("m.mps"), at("f.mps"), at("a.mod"));
    let mut runs = 0;
    for (path, options) in cases() {
        for opts in options {
            let what = |file: &str| format!("{} {opts:?}, {file}", path.display());
            // The paper's model is written unless an option or the puzzle
            // needs more; its .dat says so by setting the paper's `n`.
            compile(&args(&path, "ampl", opts, Some(&model)));
            let paper = std::fs::read_to_string(d.join("a.dat"))
                .unwrap()
                .contains("\nparam n := ");
            let log = glpsol(d, &["-m", "a.mod", "-d", "a.dat", "--check"]);
            assert_silent(&log, paper, &what("AMPL pair"));
            std::fs::write(d.join("s.mod"), compile(&args(&path, "ampl", opts, None))).unwrap();
            let log = glpsol(d, &["-m", "s.mod", "--check"]);
            assert_silent(&log, paper, &what("AMPL stream"));

            compile(&args(&path, "fixed-mps", opts, Some(&fixed)));
            let log = glpsol(d, &["--mps", "f.mps", "--check"]);
            assert_silent(&log, false, &what("fixed MPS"));
            std::fs::write(
                d.join("s.mps"),
                compile(&args(&path, "fixed-mps", opts, None)),
            )
            .unwrap();
            let log = glpsol(d, &["--mps", "s.mps", "--check"]);
            assert_silent(&log, false, &what("fixed MPS stream"));

            compile(&args(&path, "mps", opts, Some(&mps)));
            let log = glpsol(d, &["--freemps", "m.mps", "--check"]);
            assert_silent(&log, false, &what("free MPS"));
            compile(&args(&path, "lp", opts, Some(&lp)));
            let log = glpsol(d, &["--lp", "m.lp", "--check"]);
            assert_silent(&log, false, &what("LP"));
            runs += 6;
        }
    }
    assert!(runs >= 600, "glpsol runs: {runs}");
}

/// The classifier itself: the warnings of issue 14, as glpsol printed them
/// before the fix, are caught; a progress report is not.
#[test]
fn the_warnings_of_issue_14_are_caught() {
    let before = "\
GLPSOL--GLPK LP/MIP Solver 5.0
Parameter(s) specified in the command line:
 -m s.mod -d s.dat --check
Reading model section from s.mod...
s.mod:127: warning: unexpected end of file; missing end statement inserted
127 lines were read
Reading data section from s.dat...
1 line were read
Checking (line 18)...
Generating something...
Model has been successfully generated
glp_mpl_build_prob: row something; constant term 1 ignored
--- Problem Characteristics ---
Number of rows               =       76
";
    assert_eq!(
        messages(before),
        [
            "s.mod:127: warning: unexpected end of file; missing end statement inserted",
            "glp_mpl_build_prob: row something; constant term 1 ignored"
        ]
    );
    let fixed = "\
Reading problem data from 'f.mps'...
Problem: kk0
f.mps:181: warning: in fixed MPS format record must not be longer than 80 characters
Objective: obj
76 rows, 82 columns, 305 non-zeros
66 integer variables, all of which are binary
One variable is binary
649 records were read
One free row was removed
";
    assert_eq!(
        messages(fixed),
        [
            "f.mps:181: warning: in fixed MPS format record must not be longer than 80 characters",
            "One free row was removed"
        ]
    );
}

/// Issue 14, item 3: a flat model written over a paper pair (and the other
/// way round) leaves a `.dat` that fits it, so the command `compile --help`
/// teaches, `glpsol -m NAME.mod -d NAME.dat`, solves the puzzle each time.
#[test]
fn the_dat_beside_the_mod_always_fits_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let model = d.join("s.mod");
    let model = model.to_str().unwrap();
    let kk0 = Path::new("fixtures/puzzles/kk0.cage");
    let solution = std::fs::read_to_string("fixtures/solutions/kk0.grid").unwrap();
    let grid: Vec<Vec<u32>> = solution
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
        .collect();
    let glpk = glpsol_available();
    for opts in [&[][..], &["--presolve"], &[], &["--formulation", "tuples"]] {
        compile(&args(kk0, "ampl", opts, Some(model)));
        if glpk {
            let check = glpsol(d, &["-m", "s.mod", "-d", "s.dat", "--check"]);
            assert_silent(&check, opts.is_empty(), &format!("{opts:?}"));
            let log = glpsol(d, &["-m", "s.mod", "-d", "s.dat"]);
            assert!(log.contains("INTEGER OPTIMAL SOLUTION FOUND"), "{log}");
            assert_eq!(printed_grid(&log), grid, "{opts:?}:\n{log}");
        }
        let dat = std::fs::read_to_string(d.join("s.dat")).unwrap();
        assert!(dat.ends_with("end;\n"), "{opts:?}: {dat}");
        assert_eq!(dat.contains("param n := 4;"), opts.is_empty(), "{opts:?}");
    }
}

/// The grid a model printed: `y I J V` lines (the paper's model) or the
/// `x_I_J_K 1` lines of the flat model.
fn printed_grid(log: &str) -> Vec<Vec<u32>> {
    let mut grid = vec![vec![0; 4]; 4];
    for line in log.lines() {
        let cell = match line.strip_prefix("y ") {
            Some(paper) => paper,
            None => match line.strip_prefix("x_").and_then(|x| x.strip_suffix(" 1")) {
                Some(flat) => flat,
                None => continue,
            },
        };
        let v: Vec<usize> = cell.split([' ', '_']).map(|n| n.parse().unwrap()).collect();
        grid[v[0] - 1][v[1] - 1] = v[2] as u32;
    }
    grid
}
