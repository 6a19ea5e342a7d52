//! The conformance tier, family section (issue 21): every OPB, DIMACS CNF,
//! MiniZinc and FlatZinc file `cagec compile` writes for the fixtures, under
//! the option sets below, is read and solved by the strict readers of its
//! family (`support/conformance/families.rs`): Sat4j, clasp, MiniSat+ and
//! SCIP on OPB; CaDiCaL, PicoSAT, CryptoMiniSat, Sat4j and Kissat
//! (python-sat) on CNF; MiniZinc with Gecode, on Gecode's library and on the
//! standard one, on MiniZinc; fzn-gecode, SCIP and Pumpkin on FlatZinc.
//!
//! For each file and reader: everything it printed while reading is its
//! report, anywhere else no line says "warn" or "error" (MiniZinc on Gecode's
//! library: except what its library prints for a model of just our include
//! lines, read first); it answers with a grid, read back through the file's
//! name map (`* xK = NAME`, `c var K NAME`) or its output, that passes the
//! verifier and equals `fixtures/solutions`; SCIP's sizes are the OPB
//! header's. Each reader also gets a probe it must warn about or refuse, its
//! message captured. A missing reader fails under `CI`, and is a loud skip
//! otherwise. `CAGEC_FAMILY_MATRIX=FILE` writes the table of docs/solvers.md.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use cagec::puzzle::ir::{Grid, Puzzle, Rules};
use serde_json::{Map, Value};

use crate::support::conformance::answers::{Answer, read_answer, run_binary, run_python, warnings};
use crate::support::conformance::families::{self, FAMILY_READERS, FamilyReader, Run};
use crate::support::conformance::fixtures::{
    FAMILIES, cagec, family, puzzle_paths, read_grid, venv_python,
};
use crate::support::conformance::judge;
use crate::support::need_solver;

/// The option sets of each format (Killer Sudoku adds `--killer-form
/// combined` where it applies). FlatZinc and MiniZinc leave out the paper's
/// model: Gecode takes minutes on its big-M rows, and MiniZinc has its own.
fn option_sets(format: &str, rules: Rules) -> Vec<&'static [&'static str]> {
    let mut sets: Vec<&'static [&'static str]> = vec![&[], &["--presolve"]];
    if format == "opb" || format == "cnf" {
        sets.push(&["--formulation", "melkonian"]);
    }
    if format != "mzn" && matches!(rules, Rules::Killer { .. }) {
        sets.push(&["--killer-form", "combined"]);
    }
    sets
}

const FORMATS: &[&str] = &["opb", "cnf", "mzn", "fzn"];

/// A fixture under one option set, written in one format.
struct File {
    name: String,
    family: &'static str,
    format: &'static str,
    path: PathBuf,
    puzzle: Puzzle,
    solution: Grid,
    /// The file's variable numbers → names (OPB and CNF).
    names: HashMap<String, String>,
}

/// `* xK = NAME` and `c var K NAME` lines.
fn name_map(path: &Path) -> HashMap<String, String> {
    let text = std::fs::read_to_string(path).unwrap();
    let entries = text.lines().filter_map(|l| {
        let (k, name) = match (l.strip_prefix("* x"), l.strip_prefix("c var ")) {
            (Some(rest), _) => rest.split_once(" = ")?,
            (_, Some(rest)) => rest.split_once(' ')?,
            _ => return None,
        };
        (k.parse::<usize>().is_ok() && !name.contains(' '))
            .then(|| (k.to_string(), name.to_string()))
    });
    entries.collect()
}

/// Every fixture in every format under its option sets.
fn compile_all(dir: &Path) -> Vec<File> {
    let mut files = Vec::new();
    for path in puzzle_paths() {
        let loaded = cagec::io::input::load(&path, None).unwrap();
        let stem = path.file_stem().unwrap().to_str().unwrap();
        let solution = read_grid(&Path::new("fixtures/solutions").join(format!("{stem}.grid")));
        for &format in FORMATS {
            for (i, opts) in option_sets(format, loaded.puzzle.rules).iter().enumerate() {
                let out = dir.join(format!("{stem}.{i}.{format}"));
                let args = [
                    &[
                        "compile",
                        path.to_str().unwrap(),
                        "-o",
                        out.to_str().unwrap(),
                    ][..],
                    opts,
                ]
                .concat();
                cagec(&args);
                files.push(File {
                    name: format!("{} {format} {opts:?}", path.display()),
                    family: family(&path, &loaded.puzzle),
                    format,
                    names: name_map(&out),
                    path: out,
                    puzzle: loaded.puzzle.clone(),
                    solution: solution.clone(),
                });
            }
        }
    }
    files
}

/// What is wrong with `answer` for `file`.
fn judge(reader: &FamilyReader, file: &File, answer: &Answer, allowed: &[String]) -> Vec<String> {
    let mut bad: Vec<String> = warnings(reader, answer, allowed)
        .into_iter()
        .map(|l| format!("said \"{l}\""))
        .collect();
    let grid = match (&answer.values, &answer.grid) {
        (Err(e), _) => return [bad, vec![format!("{e}: {:?}", answer.lines)]].concat(),
        (Ok(_), Some(g)) => Ok(Grid { values: g.clone() }),
        (Ok(values), None) => {
            // Numbered variables are named through the file's map.
            let named: Map<String, Value> = values
                .iter()
                .map(|(k, v)| {
                    (
                        file.names
                            .get(k.trim_start_matches('x'))
                            .unwrap_or(k)
                            .clone(),
                        v.clone(),
                    )
                })
                .collect();
            judge::decode(&named, &HashMap::new(), file.puzzle.size)
        }
    };
    match grid {
        Ok(g) if !cagec::puzzle::verify::check(&file.puzzle, &g).is_empty() => {
            bad.push(format!("a grid that breaks the rules: {:?}", g.values))
        }
        Ok(g) if g != file.solution => bad.push(format!("not the solution: {:?}", g.values)),
        Ok(_) => {}
        Err(e) => bad.push(format!("no grid: {e}")),
    }
    bad
}

/// Is the reader here? A failure under `CI`, else a loud skip.
fn available(reader: &FamilyReader, python: Result<(), &str>) -> bool {
    let program = match reader.run {
        Run::Binary { program, .. } => program,
        Run::Python(_) => {
            if let Err(why) = python {
                let what = format!(
                    "reader {} ({why}): run scripts/install-solvers --families",
                    reader.name
                );
                assert!(
                    std::env::var_os("CI").is_none(),
                    "{what}. CI is set: every reader must run"
                );
                eprintln!("!!!!!! SKIPPED: {what} !!!!!!");
                return false;
            }
            return true;
        }
    };
    need_solver::require(program)
}

/// What MiniZinc on Gecode's library prints for any model with our includes
/// (Debian's Gecode library overrides globals the 2.6 way is deprecated).
fn library_lines(reader: &FamilyReader, dir: &Path) -> Vec<String> {
    let Run::Binary { program, args } = reader.run else {
        return Vec::new();
    };
    if reader.format != "mzn" {
        return Vec::new();
    }
    let mut model = Vec::new();
    cagec::back::mzn::write_mzn_model(&mut model).unwrap();
    let includes: String = String::from_utf8(model)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("include "))
        .map(|l| format!("{l}\n"))
        .collect();
    let path = dir.join(format!("{}-baseline.mzn", reader.name));
    std::fs::write(&path, format!("{includes}var 1..2: x;\nsolve satisfy;\n")).unwrap();
    let (lines, _) = run_binary(program, args, &path);
    lines
        .into_iter()
        .filter(|l| !families::is_answer("mzn", l) && l != "x = 1;")
        .collect()
}

type Cell = [u32; 2];

#[test]
fn every_family_reader_reads_every_file_and_solves_it() {
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let files = compile_all(dir.path());
    let compiled = started.elapsed();
    let python = if venv_python().is_file() {
        Ok(())
    } else {
        Err("no project venv")
    };
    let next = AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    let matrix = std::sync::Mutex::new(BTreeMap::<(usize, &str), Cell>::new());
    let summary = std::sync::Mutex::new(Vec::new());
    let worker = || loop {
        let i = next.fetch_add(1, Ordering::SeqCst);
        let Some(reader) = FAMILY_READERS.get(i) else {
            break;
        };
        if !available(reader, python) {
            continue;
        }
        let took = Instant::now();
        let mine: Vec<&File> = files.iter().filter(|f| f.format == reader.format).collect();
        let probe = dir
            .path()
            .join(format!("{}-{}", reader.name, reader.probe.0));
        std::fs::write(&probe, reader.probe.1).unwrap();
        let allowed = library_lines(reader, dir.path());
        let mut answers: Vec<Answer> = Vec::new();
        let mut sizes: Vec<Option<Value>> = Vec::new();
        let mut probe_answer = None;
        match reader.run {
            Run::Binary { program, args } => {
                for f in &mine {
                    let (lines, answered) = run_binary(program, args, &f.path);
                    answers.push(read_answer(reader.format, lines, answered));
                    sizes.push(None);
                }
                let (lines, answered) = run_binary(program, args, &probe);
                probe_answer = Some(read_answer(reader.format, lines, answered));
            }
            Run::Python(name) => {
                let mut paths: Vec<&Path> = mine.iter().map(|f| f.path.as_path()).collect();
                paths.push(&probe);
                match run_python(name, &paths) {
                    // A package the venv lacks: the same as a missing binary.
                    Err(e) if e.starts_with("missing") => {
                        let what = format!(
                            "reader {} ({e}): run scripts/install-solvers --families",
                            reader.name
                        );
                        assert!(
                            std::env::var_os("CI").is_none(),
                            "{what}. CI is set: every reader must run"
                        );
                        eprintln!("!!!!!! SKIPPED: {what} !!!!!!");
                        continue;
                    }
                    Err(e) => failures
                        .lock()
                        .unwrap()
                        .push(format!("{}: {e}", reader.name)),
                    Ok(mut by_path) => {
                        for f in &mine {
                            let (a, r) =
                                by_path.remove(f.path.to_str().unwrap()).expect("an answer");
                            answers.push(a);
                            sizes.push(Some(r));
                        }
                        probe_answer = by_path.remove(probe.to_str().unwrap()).map(|(a, _)| a);
                    }
                }
            }
        }
        let mut bad = Vec::new();
        for ((f, a), size) in mine.iter().zip(&answers).zip(&sizes) {
            let mut wrong = judge(reader, f, a, &allowed);
            if let (Some(r), "opb") = (size, f.format) {
                let header = std::fs::read_to_string(&f.path).unwrap();
                let counts: Vec<u64> = header
                    .lines()
                    .next()
                    .unwrap()
                    .split_whitespace()
                    .filter_map(|w| w.parse().ok())
                    .collect();
                if [
                    r["cols"].as_u64().unwrap_or(0),
                    r["rows"].as_u64().unwrap_or(0),
                ] != counts[..]
                {
                    wrong.push(format!(
                        "read {} variables and {} rows; the header says {counts:?}",
                        r["cols"], r["rows"]
                    ));
                }
            }
            let mut m = matrix.lock().unwrap();
            m.entry((i, f.family)).or_default()[usize::from(!wrong.is_empty())] += 1;
            bad.extend(
                wrong
                    .into_iter()
                    .map(|w| format!("{} on {}: {w}", reader.name, f.name)),
            );
        }
        match probe_answer {
            Some(p)
                if (!warnings(reader, &p, &allowed).is_empty() || p.refused)
                    && !p.lines.is_empty() => {}
            p => bad.push(format!(
                "{} neither warned about nor refused its probe {}: {:?}",
                reader.name,
                reader.probe.0,
                p.map(|p| p.lines)
            )),
        }
        summary.lock().unwrap().push(format!(
            "{:<16} {:<4} {:>4} files in {:>6.1} s, {} failures",
            reader.name,
            reader.format,
            mine.len(),
            took.elapsed().as_secs_f64(),
            bad.len()
        ));
        failures.lock().unwrap().extend(bad);
    };
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(worker);
        }
    });
    let mut summary = summary.into_inner().unwrap();
    summary.sort();
    eprintln!(
        "family tier: {} files compiled in {:.1} s, {:.1} s in all\n{}",
        files.len(),
        compiled.as_secs_f64(),
        started.elapsed().as_secs_f64(),
        summary.join("\n")
    );
    if let Some(out) = std::env::var_os("CAGEC_FAMILY_MATRIX") {
        std::fs::write(out, markdown(&matrix.into_inner().unwrap())).unwrap();
    }
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The table of docs/solvers.md: a row per reader, a column per fixture family.
fn markdown(matrix: &BTreeMap<(usize, &str), Cell>) -> String {
    let mut out = format!(
        "| reader | format | {} |\n|---|---|{}\n",
        FAMILIES.join(" | "),
        "---|".repeat(FAMILIES.len())
    );
    for (i, reader) in FAMILY_READERS.iter().enumerate() {
        let cells: Vec<String> = FAMILIES
            .iter()
            .map(|f| match matrix.get(&(i, *f)) {
                None => "—".to_string(),
                Some([ok, 0]) => format!("✔ {ok}"),
                Some([ok, bad]) => format!("✔ {ok}, ✘ {bad}"),
            })
            .collect();
        if matrix.keys().any(|k| k.0 == i) {
            out.push_str(&format!(
                "| {} | {} | {} |\n",
                reader.name,
                reader.format,
                cells.join(" | ")
            ));
        }
    }
    out
}

#[test]
fn warnings_are_told_from_reports_and_answers() {
    let reader = |name, format| {
        FAMILY_READERS
            .iter()
            .find(|r| r.name == name && r.format == format)
            .unwrap()
    };
    let answer = |lines: &[&str]| Answer {
        lines: lines.iter().map(|l| l.to_string()).collect(),
        refused: false,
        values: Ok(Map::new()),
        grid: None,
    };
    let cadical = reader("cadical", "cnf");
    let read = [
        "c --- [ parsing input ] ------------------------------------------------------",
        "c",
        "c found 'p cnf 97 502' header",
        "c WARNING: 3 duplicated literals",
        "c after reading 15865 bytes 0.0 MB",
        "c seconds: 0.00",
        "s SATISFIABLE",
        "v 1 -2 0",
        "c warning: clause 7 is empty",
    ];
    assert_eq!(
        warnings(cadical, &answer(&read), &[]),
        [
            "c WARNING: 3 duplicated literals",
            "c warning: clause 7 is empty"
        ]
    );
    let clasp = reader("clasp", "opb");
    let read = [
        "c Reading from kk0.opb",
        "*** Warn : (clasp): ignoring",
        "c Solving...",
    ];
    assert_eq!(
        warnings(clasp, &answer(&read), &[]),
        ["*** Warn : (clasp): ignoring"]
    );
    // Where every line must be the answer, anything else is a warning,
    // unless it is what the reader's library prints for any model.
    let gecode = reader("minizinc-gecode", "mzn");
    let read = [
        "1 2",
        "2 1",
        "----------",
        "Warning: deprecated",
        "Warning: about the library",
    ];
    let allowed = ["Warning: about the library".to_string()];
    assert_eq!(
        warnings(gecode, &answer(&read), &allowed),
        ["Warning: deprecated"]
    );
}
