//! `cargo bench --bench families`: every solver family on the same unique
//! puzzles, the at-most-one encoding of the CNF, and the emission speed of
//! the family formats.
//!
//! 1. Solve and prove unique (`cagec solve --unique --jobs 1`, cagec's own
//!    times, files included) the 9×9 Keen puzzles of `fixtures/keen9`, the
//!    hard 9×9 Keen puzzles of `fixtures/keen9-hard`, the 16×16 peer puzzles
//!    of `fixtures/scale/peer` and three 25×25 from `cagec generate --unique
//!    --size 25 --seed 1 --count 3`: cadical and kissat on CNF, clasp on
//!    OPB, Gecode on MiniZinc and on FlatZinc, SCIP on FlatZinc, HiGHS on LP,
//!    cagec native; Sat4j on the OPB files clasp's run kept (both of them,
//!    timed here); OR-Tools CP-SAT on its own model
//!    (`scripts/peer/kenken_cpsat.py solve --unique`). Each external route on
//!    solve's default model (tuples after presolve) and on the tuples alone,
//!    where the solver does the work.
//! 2. The CNF's at-most-ones written pairwise or as sequential counters on
//!    the tuples model of the same puzzles: variables, clauses, and cadical's
//!    and kissat's time to a solution.
//! 3. Emission at n = 100 (a generated puzzle) of each family format against
//!    LP, into a byte-counting sink.
//!
//! Environment: `CAGEC_FAMILIES_LIMIT` (seconds per solver run, default 30),
//! `CAGEC_FAMILIES_SETS` (the puzzle sets, comma-separated, of `keen9`,
//! `keen9-hard`, `peer16`, `gen25`; default all four), `CAGEC_SCALE_PYTHON`
//! (a Python with ortools, as for `benches/scale.rs`).
//! Under `cargo test --benches`: one 9×9 puzzle, the solvers there are, and
//! emission at n = 9.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use cagec::back::{self, Amo, OutputFormat};
use cagec::compile::{self, Compiled};
use cagec::formulate::{Formulation, Options};
use cagec::generate;
use cagec::puzzle::ir::{Grid, Op, Puzzle};
use serde_json::Value;

#[path = "../tests/integration/support/need_solver.rs"]
mod need_solver;
mod support;

use support::{env_or, peer_python, stats, time};

/// (label, `cagec solve` solver, its route, the program it needs).
const SOLVERS: &[(&str, &str, &str, &str)] = &[
    ("kissat (cnf)", "kissat", "cnf", "kissat"),
    ("cadical (cnf)", "cadical", "cnf", "cadical"),
    ("clasp (opb)", "clasp", "opb", "clasp"),
    ("gecode (mzn)", "gecode", "mzn", "minizinc"),
    ("gecode (fzn)", "gecode", "fzn", "fzn-gecode"),
    ("scip (fzn)", "scip", "fzn", "scip"),
    ("highs (lp)", "highs", "lp", "highs"),
];

/// The puzzle sets, in the order of the table's columns.
const SETS: &[&str] = &["keen9", "keen9-hard", "peer16", "gen25"];

/// Solve's default model, and the tuples alone.
const MODELS: &[(&str, &[&str])] = &[("default", &[]), ("tuples", &["--formulation", "tuples"])];

fn main() -> ExitCode {
    support::exit("families", bench())
}

fn bench() -> Result<(), String> {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let limit: u64 = env_or("CAGEC_FAMILIES_LIMIT", 30);
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let sets = puzzle_sets(dir.path(), smoke)?;
    println!("## Solve and prove unique, {limit} s per solver run\n");
    println!("Median (max) seconds per puzzle, and puzzles proved unique; `--jobs 1`.\n");
    println!("| solver | model | {} |", header(&sets));
    println!("|---|---|{}", "---|".repeat(sets.len()));
    for &(label, solver, via, program) in SOLVERS {
        if !here(program, smoke)? {
            continue;
        }
        for (model, args) in MODELS {
            let cells: Vec<String> = sets
                .iter()
                .map(|(_, puzzles)| solve_set((solver, via), args, puzzles, limit, dir.path()))
                .collect::<Result<_, _>>()?;
            println!("| {label} | {model} | {} |", cells.join(" | "));
            if solver == "clasp" && here("sat4j-pb", smoke)? {
                let cells: Vec<String> = sets
                    .iter()
                    .map(|(_, puzzles)| sat4j_set(args, puzzles, limit, dir.path()))
                    .collect::<Result<_, _>>()?;
                println!("| sat4j (opb) | {model} | {} |", cells.join(" | "));
            }
        }
    }
    let cells: Vec<String> = sets
        .iter()
        .map(|(_, puzzles)| solve_set(("native", ""), &[], puzzles, limit, dir.path()))
        .collect::<Result<_, _>>()?;
    println!("| cagec native | its own | {} |", cells.join(" | "));
    match peer_python() {
        Ok(py) => {
            let cells: Vec<String> = sets
                .iter()
                .map(|(_, puzzles)| cpsat_set(&py, puzzles, limit, dir.path()))
                .collect::<Result<_, _>>()?;
            println!("| OR-Tools CP-SAT | its own | {} |", cells.join(" | "));
        }
        Err(e) if smoke => println!("note: CP-SAT skipped: {e}"),
        Err(e) => return Err(e),
    }
    if here("cadical", smoke)? && here("kissat", smoke)? {
        amo_table(&sets, limit, dir.path())?;
    }
    emission(if smoke { 9 } else { 100 }, if smoke { 1 } else { 5 });
    Ok(())
}

type Set = (String, Vec<(PathBuf, Puzzle)>);

/// The sets `CAGEC_FAMILIES_SETS` names (one 9×9 in a smoke run).
fn puzzle_sets(dir: &Path, smoke: bool) -> Result<Vec<Set>, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let load = |paths: Vec<PathBuf>| -> Result<Vec<(PathBuf, Puzzle)>, String> {
        paths
            .into_iter()
            .map(|p| {
                let puzzle = cagec::io::input::load(&p, None)
                    .map_err(|e| e.to_string())?
                    .puzzle;
                Ok((p, puzzle))
            })
            .collect()
    };
    if smoke {
        let mut keen9 = listed(&root.join("fixtures/keen9"), "", "keen")?;
        keen9.truncate(1);
        return Ok(vec![("9x9 Keen".into(), load(keen9)?)]);
    }
    let named = std::env::var("CAGEC_FAMILIES_SETS").unwrap_or_else(|_| SETS.join(","));
    let mut sets = Vec::new();
    for name in named.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let (label, paths) = match name {
            "keen9" => (
                "9x9 Keen",
                listed(&root.join("fixtures/keen9"), "", "keen")?,
            ),
            "keen9-hard" => (
                "9x9 Keen hard",
                listed(&root.join("fixtures/keen9-hard"), "", "keen")?,
            ),
            "peer16" => (
                "16x16 peer",
                listed(&root.join("fixtures/scale/peer"), "peer16-", "cage")?,
            ),
            "gen25" => ("25x25 generated", generated25(dir)?),
            other => return Err(format!("unknown set {other:?} (one of {SETS:?})")),
        };
        sets.push((format!("{label} ({})", paths.len()), load(paths)?));
    }
    Ok(sets)
}

/// The files of `dir` named `PREFIX….EXT`, sorted.
fn listed(dir: &Path, prefix: &str, ext: &str) -> Result<Vec<PathBuf>, String> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|e| e == ext)
                && p.file_name()
                    .is_some_and(|f| f.to_string_lossy().starts_with(prefix))
        })
        .collect();
    paths.sort();
    Ok(paths)
}

/// `cagec generate --unique --size 25 --seed 1 --count 3` into `dir`.
fn generated25(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args([
            "generate", "--unique", "--size", "25", "--seed", "1", "--count", "3", "-o",
        ])
        .arg(dir)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "generate: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    listed(dir, "kenken25-", "cage")
}

fn header(sets: &[Set]) -> String {
    sets.iter()
        .map(|(n, _)| n.as_str())
        .collect::<Vec<_>>()
        .join(" | ")
}

/// Is `program` installed? Missing outside a smoke run (or in CI) is an error.
fn here(program: &str, smoke: bool) -> Result<bool, String> {
    if need_solver::on_path(program) {
        return Ok(true);
    }
    let message = need_solver::missing(program);
    if !smoke || std::env::var_os("CI").is_some() {
        return Err(message);
    }
    println!("note: {message}; skipped");
    Ok(false)
}

/// `median (max), proved/count` of one solver over a set.
fn cell(mut seconds: Vec<f64>, proved: usize, limit: u64) -> String {
    let count = seconds.len();
    let (median, max) = stats(&mut seconds);
    let show = |t: f64| match proved < count && t >= limit as f64 {
        true => format!(">{limit}"),
        false => format!("{t:.3}"),
    };
    format!("{} ({}), {proved}/{count}", show(median), show(max))
}

/// `cagec solve --unique` on every puzzle of a set, one at a time, through
/// `(solver, route)` (the native solver has none).
fn solve_set(
    (solver, via): (&str, &str),
    args: &[&str],
    puzzles: &[(PathBuf, Puzzle)],
    limit: u64,
    dir: &Path,
) -> Result<String, String> {
    let (mut seconds, mut proved) = (Vec::new(), 0);
    for (path, _) in puzzles {
        let keep = dir.join(format!("keep-{solver}-{via}-{}", args.len()));
        let out = Command::new(env!("CARGO_BIN_EXE_cagec"))
            .args([
                "solve", "--unique", "--json", "--jobs", "1", "--solver", solver,
            ])
            .args(["--time-limit", &limit.to_string()])
            .args(
                (!via.is_empty())
                    .then_some(["--via", via])
                    .into_iter()
                    .flatten(),
            )
            .args(args)
            .args(
                (solver != "native")
                    .then_some(["--keep", keep.to_str().unwrap_or(".")])
                    .into_iter()
                    .flatten(),
            )
            .arg(path)
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .map_err(|e| e.to_string())?;
        let rec: Value = serde_json::from_slice(&out.stdout)
            .map_err(|e| format!("{solver} on {}: {e}", path.display()))?;
        if rec["status"] == "error" {
            return Err(format!("{solver} on {}: {}", path.display(), rec["error"]));
        }
        seconds.push(rec["seconds"].as_f64().unwrap_or(f64::NAN));
        proved += usize::from(rec["uniqueness"] == "unique");
    }
    Ok(cell(seconds, proved, limit))
}

/// Sat4j on both OPB files clasp's run kept: the model, then the model with
/// the no-good row. The grid is read through the name map and verified.
fn sat4j_set(
    args: &[&str],
    puzzles: &[(PathBuf, Puzzle)],
    limit: u64,
    dir: &Path,
) -> Result<String, String> {
    let (mut seconds, mut proved) = (Vec::new(), 0);
    for (path, puzzle) in puzzles {
        let keep = dir.join(format!("sat4j-{}", args.len()));
        let _ = std::fs::remove_dir_all(&keep);
        let status = Command::new(env!("CARGO_BIN_EXE_cagec"))
            .args(["solve", "--unique", "--solver", "clasp", "--keep"])
            .arg(&keep)
            .args(args)
            .arg(path)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| e.to_string())?;
        let stem = cagec::io::input::stem_of(path);
        let (first, cut) = (
            keep.join(format!("{stem}.opb")),
            keep.join(format!("{stem}.cut1.opb")),
        );
        if !status.success() || !cut.is_file() {
            return Err(format!("clasp kept no cut model for {}", path.display()));
        }
        let start = Instant::now();
        let found = run_limited("sat4j-pb", &first, limit)?;
        let grid = competition_grid(&found, &first, puzzle.size);
        let none = run_limited("sat4j-pb", &cut, limit)?;
        seconds.push(start.elapsed().as_secs_f64());
        if let Some(g) = grid {
            check(puzzle, &g, "sat4j")?;
            proved += usize::from(none.lines().any(|l| l == "s UNSATISFIABLE"));
        }
    }
    Ok(cell(seconds, proved, limit))
}

/// Runs `program FILE` (Sat4j, cadical, kissat) for at most `limit` seconds;
/// its standard output.
fn run_limited(program: &str, file: &Path, limit: u64) -> Result<String, String> {
    let out = Command::new("timeout")
        .arg(limit.to_string())
        .arg(program)
        .arg(file)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("{program}: {e}"))?;
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The grid in a competition answer (`v` lines), through the file's
/// `* xK = NAME` or `c var K NAME` map.
fn competition_grid(answer: &str, file: &Path, n: usize) -> Option<Grid> {
    if !answer
        .lines()
        .any(|l| l == "s SATISFIABLE" || l == "s OPTIMUM FOUND")
    {
        return None;
    }
    let text = std::fs::read_to_string(file).ok()?;
    let names: std::collections::HashMap<&str, &str> = text
        .lines()
        .filter_map(
            |l| match (l.strip_prefix("* x"), l.strip_prefix("c var ")) {
                (Some(rest), _) => rest.split_once(" = "),
                (_, Some(rest)) => rest.split_once(' '),
                _ => None,
            },
        )
        .collect();
    // Every x of the grid by its name, as the model's namer renders it.
    let xs: std::collections::HashMap<String, (usize, usize, usize)> = (0..n * n * n)
        .map(|at| (at / (n * n), at / n % n, at % n + 1))
        .map(|(i, j, k)| (cagec::model::Column::x(i, j, k).to_string(), (i, j, k)))
        .collect();
    let mut grid = vec![vec![0u32; n]; n];
    let words = answer.lines().filter_map(|l| l.strip_prefix("v "));
    for word in words
        .flat_map(str::split_whitespace)
        .filter(|w| !w.starts_with('-') && *w != "0")
    {
        // CNF auxiliaries have no name.
        let Some(name) = names.get(word.trim_start_matches('x')) else {
            continue;
        };
        if let Some(&(i, j, k)) = xs.get(*name) {
            grid[i][j] = k as u32;
        }
    }
    Some(Grid { values: grid })
}

fn check(puzzle: &Puzzle, grid: &Grid, who: &str) -> Result<(), String> {
    match cagec::puzzle::verify::check(puzzle, grid).first() {
        None => Ok(()),
        Some(v) => Err(format!("{who} returned a wrong grid: {v}")),
    }
}

/// CP-SAT on its own model of each puzzle (J-wiki cage lines).
fn cpsat_set(
    python: &Path,
    puzzles: &[(PathBuf, Puzzle)],
    limit: u64,
    dir: &Path,
) -> Result<String, String> {
    let mut files = Vec::new();
    for (i, (path, _)) in puzzles.iter().enumerate() {
        let out = dir.join(format!("cpsat{i}.cage"));
        let status = Command::new(env!("CARGO_BIN_EXE_cagec"))
            .args(["convert", "--to", "jwiki", "-o"])
            .arg(&out)
            .arg(path)
            .stdin(Stdio::null())
            .status()
            .map_err(|e| e.to_string())?;
        if !status.success() {
            return Err(format!("convert {}", path.display()));
        }
        files.push(out);
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/peer/kenken_cpsat.py");
    let out = Command::new(python)
        .args([
            script,
            "solve",
            "--unique",
            "--workers",
            "1",
            "--time-limit",
            &limit.to_string(),
        ])
        .args(&files)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{}: {e}", python.display()))?;
    let (mut seconds, mut proved) = (Vec::new(), 0);
    for (line, (_, puzzle)) in String::from_utf8_lossy(&out.stdout).lines().zip(puzzles) {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("CP-SAT: {e}"))?;
        if let Some(g) = v.get("grid").filter(|g| !g.is_null()) {
            let grid = Grid {
                values: serde_json::from_value(g.clone()).map_err(|e| e.to_string())?,
            };
            check(puzzle, &grid, "CP-SAT")?;
        }
        seconds.push(v["seconds"].as_f64().unwrap_or(f64::NAN));
        proved += usize::from(v["status"] == "unique");
    }
    if seconds.len() != puzzles.len() {
        return Err(format!(
            "CP-SAT answered {} of {} puzzles",
            seconds.len(),
            puzzles.len()
        ));
    }
    Ok(cell(seconds, proved, limit))
}

/// Pairwise against sequential at-most-ones on the tuples model: sizes, and
/// cadical's and kissat's time to the solution (one run, no cut).
fn amo_table(sets: &[Set], limit: u64, dir: &Path) -> Result<(), String> {
    println!("\n## At-most-one encodings of the CNF (tuples model, no presolve)\n");
    println!("Median over each set: variables, clauses, seconds to a solution.\n");
    println!("| puzzles | at-most-one | variables | clauses | cadical (s) | kissat (s) |");
    println!("|---|---|---|---|---|---|");
    let opts = Options {
        formulation: Formulation::Tuples,
        ..Options::default()
    };
    for (name, puzzles) in sets {
        for amo in [Amo::Pairwise, Amo::Sequential] {
            let (mut vars, mut clauses) = (Vec::new(), Vec::new());
            let (mut cadical, mut kissat) = (Vec::new(), Vec::new());
            for (i, (_, puzzle)) in puzzles.iter().enumerate() {
                let model = compile::model_for(puzzle, &opts, OutputFormat::Cnf)
                    .map_err(|e| e.to_string())?;
                let file = dir.join(format!("amo{i}.cnf"));
                let mut text = Vec::new();
                back::write_cnf(&model, amo, &mut text).map_err(|e| e.to_string())?;
                let p = String::from_utf8_lossy(&text)
                    .lines()
                    .find(|l| l.starts_with("p cnf "))
                    .map(str::to_string)
                    .unwrap_or_default();
                let counts: Vec<f64> = p
                    .split_whitespace()
                    .skip(2)
                    .filter_map(|w| w.parse().ok())
                    .collect();
                vars.push(counts[0]);
                clauses.push(counts[1]);
                std::fs::write(&file, &text).map_err(|e| e.to_string())?;
                for (program, times) in [("cadical", &mut cadical), ("kissat", &mut kissat)] {
                    let start = Instant::now();
                    let answer = run_limited(program, &file, limit)?;
                    times.push(start.elapsed().as_secs_f64());
                    let grid = competition_grid(&answer, &file, puzzle.size)
                        .ok_or_else(|| format!("{program} found no solution in {limit} s"))?;
                    check(puzzle, &grid, program)?;
                }
            }
            let med = |v: &mut Vec<f64>| stats(v).0;
            println!(
                "| {name} | {amo:?} | {:.0} | {:.0} | {:.3} | {:.3} |",
                med(&mut vars),
                med(&mut clauses),
                med(&mut cadical),
                med(&mut kissat)
            );
        }
    }
    Ok(())
}

/// Formulate and write each format of an n×n generated puzzle, the model of
/// each family's default (tuples), against LP of the paper's and the tuples
/// model.
fn emission(n: usize, reps: usize) {
    let spec = generate::Options {
        size: n,
        seed: 2016,
        max_cage: 4,
        ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
        ..Default::default()
    };
    let (puzzle, _) = generate::puzzle(&spec);
    let tuples = Options {
        formulation: Formulation::Tuples,
        ..Options::default()
    };
    println!("\n## Emission at n = {n} (generated, cages of up to 4 cells), median of {reps}\n");
    println!("| format | model | MB | formulate + write (ms) | write alone (ms) | write MB/s |");
    println!("|---|---|---|---|---|---|");
    let formats = [
        (OutputFormat::Lp, "paper", Options::default()),
        (OutputFormat::Lp, "tuples", tuples.clone()),
        (OutputFormat::Opb, "tuples, 0/1", tuples.clone()),
        (OutputFormat::Cnf, "tuples, 0/1", tuples.clone()),
        (OutputFormat::Fzn, "tuples, integer cells", tuples.clone()),
        (OutputFormat::Mzn, "data of the generic model", tuples),
    ];
    for (format, model, opts) in formats {
        let (whole, _) = time(reps, |w| {
            let c = Compiled::new(&puzzle, &opts, format, "bench").unwrap();
            (c.stream())(w).unwrap();
        });
        let c = Compiled::new(&puzzle, &opts, format, "bench").unwrap();
        let (write, bytes) = time(reps, |w| (c.stream())(w).unwrap());
        println!(
            "| {} | {model} | {:.1} | {:.0} | {:.0} | {:.0} |",
            format.name(),
            bytes as f64 / 1e6,
            support::ms(whole),
            support::ms(write),
            bytes as f64 / 1e6 / write.as_secs_f64()
        );
    }
}
