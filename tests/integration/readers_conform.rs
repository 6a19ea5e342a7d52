//! The conformance tier (issues 11 and 14): every LP, free MPS and fixed MPS
//! file `cagec compile` writes for the fixtures, under the option sets below,
//! is read by each major solver's own file reader and solved: SCIP
//! (pyscipopt), Gurobi, CPLEX and Xpress (their pip editions), HiGHS through
//! highspy, and OR-Tools (MPS only: its LP reader is not CPLEX-LP), all in the
//! project's venv (`scripts/install-solvers --readers`), driven by
//! `tests/conformance/read.py`, one process per reader. The HiGHS and CBC
//! binaries only read here (they solve in `solve_real.rs`).
//!
//! For each file and reader (`support/conformance/judge.rs`): the status is
//! optimal or feasible; the grid decoded from the `x` columns (through the
//! `.map` for fixed MPS) passes the verifier and equals the fixture's
//! solution; rows, columns and non-zeros as the reader counted them equal
//! `cagec stats` (every reader keeps the objective apart from the rows, so
//! they are compared as they are); and every line the reader printed while
//! reading is its report of a read or on its short allow-list
//! (`support/conformance/readers.rs`).
//! A probe file each reader must warn about (or, for OR-Tools, refuse) shows
//! that its messages are captured. A licence's size limit is a skip, listed
//! at the end, and only for models over that licence's documented limit. A
//! missing reader fails under `CI`, and is a loud skip otherwise.
//!
//! `CAGEC_CONFORM_MATRIX=FILE` writes the reader × format × family table of
//! docs/solvers.md from the run.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cagec::puzzle::ir::Rules;
use serde_json::Value;
use wait_timeout::ChildExt;

use crate::support::conformance::fixtures::{
    FAMILIES, cagec, family, puzzle_paths, read_grid, venv_python,
};
use crate::support::conformance::judge::{self, Case, File};
use crate::support::conformance::readers::{READERS, Reader};
use crate::support::need_solver;

const KENKEN_OPTIONS: &[&[&str]] = &[
    &[],
    &["--formulation", "tuples"],
    &["--presolve"],
    &["--product", "sets"],
];
const KILLER_OPTIONS: &[&[&str]] = &[
    &[],
    &["--killer-form", "combined"],
    &["--formulation", "tuples"],
    &["--presolve"],
];
/// `--to` value and file suffix.
const FORMATS: &[(&str, &str)] = &[("lp", "lp"), ("mps", "mps"), ("fixed-mps", "fixed.mps")];
/// One reader's whole run; each solve also has a 60 s limit of its own.
const READER_LIMIT: Duration = Duration::from_secs(900);

/// Every fixture under each option set of its rules, sized by `cagec stats`.
fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for path in puzzle_paths() {
        let loaded = cagec::io::input::load(&path, None).unwrap();
        let stem = path.file_stem().unwrap().to_str().unwrap();
        let solution = read_grid(&Path::new("fixtures/solutions").join(format!("{stem}.grid")));
        let options = match loaded.puzzle.rules {
            Rules::KenKen => KENKEN_OPTIONS,
            Rules::Killer { .. } => KILLER_OPTIONS,
        };
        for opts in options {
            let mut args = vec!["stats", path.to_str().unwrap(), "--json"];
            args.extend_from_slice(opts);
            let stats: Value = serde_json::from_slice(&cagec(&args)).unwrap();
            cases.push(Case {
                name: format!("{} {opts:?}", path.display()),
                family: family(&path, &loaded.puzzle),
                opts,
                puzzle: loaded.puzzle.clone(),
                solution: solution.clone(),
                size: ["rows", "variables", "nonzeros"].map(|k| stats[k].as_u64().unwrap()),
            });
        }
    }
    assert!(cases.len() >= 72, "cases: {}", cases.len());
    cases
}

/// Compiles every case to every format in `dir`.
fn compile_all(cases: &[Case], dir: &Path) -> Vec<File> {
    let mut files = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let puzzle = case.name.split(' ').next().unwrap();
        let stem = Path::new(puzzle).file_stem().unwrap().to_str().unwrap();
        for &(format, suffix) in FORMATS {
            let path = dir.join(format!("{stem}.{i}.{suffix}"));
            let mut args = vec![
                "compile",
                puzzle,
                "--to",
                format,
                "-o",
                path.to_str().unwrap(),
            ];
            args.extend_from_slice(case.opts);
            cagec(&args);
            // No map is written when no name was renamed.
            let map = path.with_extension("map");
            let names = if format == "fixed-mps" && map.exists() {
                rename_map(&map)
            } else {
                HashMap::new()
            };
            files.push(File {
                case: i,
                format,
                path,
                names,
            });
        }
    }
    files
}

/// The `SHORT CANONICAL` lines of a fixed-MPS rename map.
fn rename_map(path: &Path) -> HashMap<String, String> {
    let text = std::fs::read_to_string(path).unwrap();
    let pairs = text.lines().filter(|l| !l.starts_with('#'));
    pairs
        .map(|l| {
            let (short, long) = l.split_once(' ').expect("SHORT CANONICAL");
            (short.to_string(), long.to_string())
        })
        .collect()
}

fn conformance_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/conformance")
        .join(name)
}

/// The file each reader must warn about (OR-Tools: refuse).
fn probe(reader: &Reader) -> PathBuf {
    conformance_file(if reader.lp { "probe.lp" } else { "probe.mps" })
}

/// Runs `read.py READER FILE…`: its JSON lines, or why it failed.
fn run_reader(reader: &Reader, files: &[&Path], dir: &Path) -> Result<Vec<Value>, String> {
    let out_path = dir.join(format!("{}.jsonl", reader.name));
    let err_path = dir.join(format!("{}.err", reader.name));
    let mut child = Command::new(venv_python())
        .arg(conformance_file("read.py"))
        .arg(reader.name)
        .args(files)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", venv_python().display()))?;
    let Some(status) = child.wait_timeout(READER_LIMIT).unwrap() else {
        child.kill().unwrap();
        child.wait().unwrap();
        return Err(format!("still running after {READER_LIMIT:?}; killed"));
    };
    if !status.success() {
        let stderr = std::fs::read_to_string(&err_path).unwrap();
        return Err(format!("read.py exited with {status}:\n{stderr}"));
    }
    let jsonl = std::fs::read_to_string(&out_path).unwrap();
    jsonl
        .lines()
        .map(|l| serde_json::from_str(l).map_err(|e| format!("{e}: {l}")))
        .collect()
}

/// Can this reader run here? A missing package or binary fails under `CI`
/// and is a loud skip otherwise.
fn available(reader: &Reader, first: Option<&Value>) -> bool {
    let missing = match (reader.package, first) {
        (None, _) => return need_solver::require(reader.name.trim_end_matches("-bin")),
        (Some(_), Some(a)) if a["status"] != "missing" => return true,
        (Some(package), Some(a)) => format!(
            "the Python package {package} ({})",
            a["reason"].as_str().unwrap_or_default()
        ),
        (Some(_), None) => format!("{} (the project's venv)", venv_python().display()),
    };
    let what = format!(
        "{missing} is not installed for the conformance tier: run scripts/install-solvers --readers"
    );
    assert!(
        std::env::var_os("CI").is_none(),
        "{what}. CI is set: every reader must run"
    );
    eprintln!(
        "!!!!!! SKIPPED: {what}; reader {} did not run !!!!!!",
        reader.name
    );
    false
}

type Answers = Vec<(usize, Result<Vec<Value>, String>, Duration)>;

/// Runs every reader there is, two at a time (each process is one thread):
/// per reader, its files and then its probe.
fn run_all(files: &[File], dir: &Path) -> Answers {
    let has_python = venv_python().is_file();
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::SeqCst);
            let Some(reader) = READERS.get(i) else { break };
            let here = match reader.package {
                Some(_) => has_python,
                None => need_solver::on_path(reader.name.trim_end_matches("-bin")),
            };
            if !here {
                continue;
            }
            let probe = probe(reader);
            let mut paths: Vec<&Path> = files
                .iter()
                .filter(|f| reader.lp || f.format != "lp")
                .map(|f| f.path.as_path())
                .collect();
            paths.push(&probe);
            let started = Instant::now();
            done.push((i, run_reader(reader, &paths, dir), started.elapsed()));
        }
        done
    };
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..2).map(|_| s.spawn(worker)).collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    })
}

/// Per reader × format (index in `FORMATS`) × family: files that passed,
/// size-limit skips.
type Matrix = BTreeMap<(usize, usize, &'static str), [u32; 2]>;

#[test]
fn every_reader_reads_every_file_and_solves_it() {
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let cases = cases();
    let files = compile_all(&cases, dir.path());
    let compiled = started.elapsed();
    let answers = run_all(&files, dir.path());
    let mut failures = Vec::new();
    let mut summary = Vec::new();
    let mut matrix = Matrix::new();
    for (i, reader) in READERS.iter().enumerate() {
        let Some((_, answer, took)) = answers.iter().find(|a| a.0 == i) else {
            available(reader, None);
            continue;
        };
        let lines = match answer {
            Ok(lines) => lines,
            Err(e) => {
                failures.push(format!("{}: {e}", reader.name));
                continue;
            }
        };
        if !available(reader, lines.first()) {
            continue;
        }
        let by_path: HashMap<&str, &Value> = lines
            .iter()
            .map(|l| (l["file"].as_str().unwrap_or_default(), l))
            .collect();
        let mut skips = Vec::new();
        let mut read = 0;
        for file in files.iter().filter(|f| reader.lp || f.format != "lp") {
            let case = &cases[file.case];
            let Some(r) = by_path.get(file.path.to_str().unwrap()) else {
                failures.push(format!(
                    "{}: no answer for {}",
                    reader.name,
                    file.path.display()
                ));
                continue;
            };
            let before = skips.len();
            for b in judge::judge(reader, case, file, r, &mut skips) {
                failures.push(format!(
                    "{} on {} ({}): {b}",
                    reader.name, case.name, file.format
                ));
            }
            let format = FORMATS.iter().position(|f| f.0 == file.format).unwrap();
            let cell = matrix.entry((i, format, case.family)).or_default();
            cell[usize::from(skips.len() > before)] += 1;
            read += 1;
        }
        let probe = probe(reader);
        match by_path.get(probe.to_str().unwrap()) {
            Some(r) if !judge::warnings(reader, r).is_empty() || r["status"] == "error" => {}
            r => failures.push(format!(
                "{} neither warned about nor refused {}; are its messages captured? {r:?}",
                reader.name,
                probe.display()
            )),
        }
        let version = lines[0]["version"].as_str().unwrap_or("?");
        summary.push(format!(
            "{:<10} {read:>4} files in {:>6.1} s, {} size-limit skips  ({version})",
            reader.name,
            took.as_secs_f64(),
            skips.len()
        ));
        summary.extend(skips.iter().map(|s| format!("    size-limit skip: {s}")));
    }
    eprintln!(
        "conformance tier: {} files compiled in {:.1} s, {:.1} s in all\n{}",
        files.len(),
        compiled.as_secs_f64(),
        started.elapsed().as_secs_f64(),
        summary.join("\n")
    );
    if let Some(out) = std::env::var_os("CAGEC_CONFORM_MATRIX") {
        std::fs::write(out, markdown(&matrix, &answers)).unwrap();
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The table of docs/solvers.md: a row per reader and format, a column per
/// fixture family.
fn markdown(matrix: &Matrix, answers: &Answers) -> String {
    let mut rows: BTreeMap<(usize, usize), Vec<String>> = BTreeMap::new();
    for (&(i, format, family), &[ok, skip]) in matrix {
        let cell = match (ok, skip) {
            (_, 0) => format!("✔ {ok}"),
            (0, _) => format!("size-limit skip {skip}"),
            _ => format!("✔ {ok}, size-limit skip {skip}"),
        };
        let row = rows
            .entry((i, format))
            .or_insert_with(|| vec![String::new(); FAMILIES.len()]);
        row[FAMILIES.iter().position(|f| *f == family).unwrap()] = cell;
    }
    let mut out = format!(
        "| reader | format | {} |\n|---|---|{}\n",
        FAMILIES.join(" | "),
        "---|".repeat(FAMILIES.len())
    );
    for ((i, format), cells) in rows {
        let reader = READERS[i].name;
        let only = if READERS[i].package.is_none() {
            " (read only)"
        } else {
            ""
        };
        let format = FORMATS[format].0;
        out.push_str(&format!(
            "| {reader}{only} | {format} | {} |\n",
            cells.join(" | ")
        ));
    }
    out.push_str("\nVersions:\n");
    let mut answers: Vec<_> = answers.iter().collect();
    answers.sort_by_key(|a| a.0);
    for (i, answer, _) in answers {
        if let Some(first) = answer.as_ref().ok().and_then(|l| l.first()) {
            out.push_str(&format!(
                "- {}: {}\n",
                READERS[*i].name,
                first["version"].as_str().unwrap_or("?")
            ));
        }
    }
    out
}
