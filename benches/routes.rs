//! `cargo bench --bench routes`: which engine should `cagec solve` run with
//! no `--solver`, and which model should it hand each external solver? The
//! native solver (`cagec solve` with no `--solver`: its default), then every
//! route (formulation × presolve) through every installed solver, with
//! `--unique`, on two corpora: the Keen 9×9 fixtures (`fixtures/keen9`:
//! three puzzles each of sgt-keen's normal, hard, extreme and unreasonable
//! levels) and the 16×16s of the held-out corpus (`fixtures/scale/peer`).
//! Times are cagec's own, as a user sees them: for an external solver both
//! runs (the solution and the no-good cut's proof), model writing included;
//! one puzzle at a time, one solver thread.
//!
//! Environment: `CAGEC_ROUTES_LIMIT` (seconds per solver run, default 20),
//! `CAGEC_ROUTES_SOLVERS` (default `native,highs,cbc,glpk`),
//! `CAGEC_ROUTES_CORPORA` (default `keen9,peer16`). Under `cargo test` it
//! does a smoke run: the default engine and HiGHS's default route, one
//! puzzle.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use serde_json::Value;

#[path = "../tests/integration/support/need_solver.rs"]
mod need_solver;
mod support;

use support::{env_or, stats};

/// The routes compared, as `solve` options; the first is solve's default.
const ROUTES: &[(&str, &[&str])] = &[
    ("default (tuples+presolve)", &[]),
    ("melkonian (the paper)", &["--formulation", "melkonian"]),
    (
        "melkonian+presolve",
        &["--formulation", "melkonian", "--presolve"],
    ),
    ("tuples", &["--formulation", "tuples"]),
    ("tuples+presolve+product=auto", &["--product", "auto"]),
];

/// One puzzle's result on one route.
struct Solved {
    puzzle: String,
    path: PathBuf,
    seconds: f64,
    /// Solved and proved unique within the limit.
    proved: bool,
}

fn main() -> ExitCode {
    support::exit("routes", bench())
}

fn bench() -> Result<(), String> {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let limit: u64 = env_or("CAGEC_ROUTES_LIMIT", 20);
    let list = |key: &str, default: &str| -> Vec<String> {
        std::env::var(key)
            .unwrap_or_else(|_| default.into())
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    };
    let (solvers, corpora) = if smoke {
        (vec!["native".into(), "highs".into()], vec!["keen9".into()])
    } else {
        (
            list("CAGEC_ROUTES_SOLVERS", "native,highs,cbc,glpk"),
            list("CAGEC_ROUTES_CORPORA", "keen9,peer16"),
        )
    };
    for corpus in &corpora {
        let mut puzzles = corpus_files(corpus)?;
        if smoke {
            puzzles.truncate(1);
        }
        run_corpus(corpus, &puzzles, &solvers, limit, smoke)?;
    }
    Ok(())
}

/// The puzzles of a corpus, sorted.
fn corpus_files(corpus: &str) -> Result<Vec<PathBuf>, String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let (dir, keep): (&str, fn(&Path) -> bool) = match corpus {
        "keen9" => ("fixtures/keen9", |p| {
            p.extension().is_some_and(|x| x == "keen")
        }),
        "peer16" => ("fixtures/scale/peer", |p| {
            p.extension().is_some_and(|x| x == "cage")
                && p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("peer16-"))
        }),
        other => return Err(format!("unknown corpus {other:?} (keen9, peer16)")),
    };
    let mut puzzles: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
        .map_err(|e| format!("{dir}: {e}"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| keep(p))
        .collect();
    puzzles.sort();
    Ok(puzzles)
}

fn run_corpus(
    corpus: &str,
    puzzles: &[PathBuf],
    solvers: &[String],
    limit: u64,
    smoke: bool,
) -> Result<(), String> {
    println!(
        "\n{} puzzles of {corpus}; `cagec solve --unique --jobs 1 --threads 1`, {limit} s limit per solver run\n",
        puzzles.len()
    );
    println!("| engine | route | proved unique | median (s) | max (s) |");
    println!("|---|---|---|---|---|");
    let mut default_times: Vec<(String, Vec<Solved>)> = Vec::new();
    for solver in solvers {
        let native = solver == "native";
        let program = if solver == "glpk" { "glpsol" } else { solver };
        if !native && !need_solver::on_path(program) {
            let message = need_solver::missing(program);
            if !smoke || std::env::var_os("CI").is_some() {
                return Err(message);
            }
            println!("note: {message}; smoke run skipped");
            continue;
        }
        let routes: &[(&str, &[&str])] = match (native, smoke) {
            (true, _) => &[("default (no --solver)", &[])],
            (false, true) => &ROUTES[..1],
            (false, false) => ROUTES,
        };
        for (i, (route, args)) in routes.iter().enumerate() {
            let solved = solve(solver, args, puzzles, limit)?;
            let mut seconds: Vec<f64> = solved.iter().map(|s| s.seconds).collect();
            let (median, max) = stats(&mut seconds);
            let proved = solved.iter().filter(|s| s.proved).count();
            let over = |t: f64| {
                if proved < solved.len() && t >= limit as f64 {
                    format!(">{limit}")
                } else {
                    format!("{t:.3}")
                }
            };
            println!(
                "| {solver} | {route} | {proved}/{} | {} | {} |",
                solved.len(),
                over(median),
                over(max)
            );
            if i == 0 {
                default_times.push((solver.clone(), solved));
            }
        }
    }
    print_default_table(&default_times);
    Ok(())
}

/// `cagec solve` on every puzzle in one call, one at a time.
fn solve(
    solver: &str,
    route: &[&str],
    puzzles: &[PathBuf],
    limit: u64,
) -> Result<Vec<Solved>, String> {
    // The native solver is what `cagec solve` runs with no --solver.
    let named: &[&str] = match solver {
        "native" => &[],
        _ => &["--solver", solver],
    };
    let out = Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args(["solve", "--json", "--unique", "--jobs", "1"])
        .args(named)
        .args(match solver {
            "glpk" | "native" => &[][..],
            _ => &["--threads", "1"][..],
        })
        .args(["--time-limit", &limit.to_string()])
        .args(route)
        .args(puzzles)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run cagec: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let records: Vec<Value> = text
        .lines()
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("cagec's JSON: {e}"))?;
    if records.len() != puzzles.len() {
        return Err(format!(
            "{} records for {} puzzles",
            records.len(),
            puzzles.len()
        ));
    }
    records
        .iter()
        .map(|r| {
            let proved = r["unique"] == Value::Bool(true);
            if r["unique"] == Value::Bool(false) {
                return Err(format!(
                    "{solver} {route:?}: {} is not unique: {r}",
                    r["puzzle"]
                ));
            }
            if r["solver"] != Value::String(solver.to_string()) {
                return Err(format!("{solver}: the record names {}", r["solver"]));
            }
            let path = PathBuf::from(r["puzzle"].as_str().unwrap_or("?"));
            Ok(Solved {
                puzzle: name_of(r["puzzle"].as_str().unwrap_or("?")),
                path,
                seconds: r["seconds"].as_f64().unwrap_or(f64::NAN),
                proved,
            })
        })
        .collect()
}

fn name_of(path: &str) -> String {
    Path::new(path)
        .file_stem()
        .map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned())
}

/// The default route's time per puzzle and solver (docs/solvers.md).
fn print_default_table(times: &[(String, Vec<Solved>)]) {
    let Some((_, first)) = times.first() else {
        return;
    };
    let header: Vec<&str> = times.iter().map(|(s, _)| s.as_str()).collect();
    println!(
        "\nEach engine's default, seconds per puzzle (an external solver's both runs); x kept: the x columns presolve leaves of n³:\n"
    );
    println!("| puzzle | x kept | {} |", header.join(" | "));
    println!("|---|---|{}", "---|".repeat(header.len()));
    for (i, p) in first.iter().enumerate() {
        let cells: Vec<String> = times
            .iter()
            .map(|(_, solved)| {
                let s = &solved[i];
                if s.proved {
                    format!("{:.3}", s.seconds)
                } else {
                    format!("not proved ({:.1})", s.seconds)
                }
            })
            .collect();
        println!(
            "| {} | {} | {} |",
            p.puzzle,
            x_kept(&p.path),
            cells.join(" | ")
        );
    }
}

/// `kept/n³`: the x columns of the default route's model after presolve.
fn x_kept(puzzle: &Path) -> String {
    let Ok(loaded) = cagec::io::input::load_with(puzzle, None, false) else {
        return "?".to_string();
    };
    let cube = loaded.puzzle.size.pow(3) as u64;
    let out = Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args(["stats", "--json", "--formulation", "tuples", "--presolve"])
        .arg(puzzle)
        .stdin(Stdio::null())
        .output();
    let stats: Option<Value> = out
        .ok()
        .and_then(|o| serde_json::from_slice(&o.stdout).ok());
    let removed = stats
        .as_ref()
        .and_then(|s| s["presolve"]["columns_removed"].as_u64());
    match removed {
        Some(removed) => format!("{}/{cube}", cube - removed),
        None => "?".to_string(),
    }
}
