//! `cargo bench --bench routes`: which model should `cagec solve` hand each
//! solver by default? Every route (formulation × presolve) through every
//! installed solver, with `--unique`, on the Keen 9×9 fixtures
//! (`fixtures/keen9`: three puzzles each of sgt-keen's normal, hard, extreme
//! and unreasonable levels). Times are cagec's own: both solver runs (the
//! solution and the no-good cut's proof), model writing included, one
//! puzzle at a time, one solver thread.
//!
//! Environment: `CAGEC_ROUTES_LIMIT` (seconds per solver run, default 20),
//! `CAGEC_ROUTES_SOLVERS` (default `highs,cbc,glpk`). Under `cargo test` it
//! does a smoke run: HiGHS, the default route, one puzzle.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use serde_json::Value;

#[path = "../tests/need_solver/mod.rs"]
mod need_solver;
mod support;

use support::{env_or, stats};

/// n³ for the 9×9 puzzles of `fixtures/keen9`.
const CUBE: u64 = 9 * 9 * 9;

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
    match bench() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("routes: error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn bench() -> Result<(), String> {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut puzzles: Vec<PathBuf> = std::fs::read_dir(root.join("fixtures/keen9"))
        .map_err(|e| format!("fixtures/keen9: {e}"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "keen"))
        .collect();
    puzzles.sort();
    let limit: u64 = env_or("CAGEC_ROUTES_LIMIT", 20);
    let solvers: Vec<String> = if smoke {
        puzzles.truncate(1);
        vec!["highs".into()]
    } else {
        std::env::var("CAGEC_ROUTES_SOLVERS")
            .unwrap_or_else(|_| "highs,cbc,glpk".into())
            .split(',')
            .map(|s| s.trim().to_string())
            .collect()
    };
    let routes = if smoke { &ROUTES[..1] } else { ROUTES };
    println!(
        "{} Keen 9x9 puzzles; `cagec solve --unique --jobs 1 --threads 1`, {limit} s limit per solver run\n",
        puzzles.len()
    );
    println!("| solver | route | proved unique | median (s) | max (s) |");
    println!("|---|---|---|---|---|");
    let mut default_times: Vec<(String, Vec<Solved>)> = Vec::new();
    for solver in &solvers {
        let program = if solver == "glpk" { "glpsol" } else { solver };
        if !need_solver::on_path(program) {
            let message = need_solver::missing(program);
            if !smoke || std::env::var_os("CI").is_some() {
                return Err(message);
            }
            println!("note: {message}; smoke run skipped");
            return Ok(());
        }
        for (i, (route, args)) in routes.iter().enumerate() {
            let solved = solve(solver, args, &puzzles, limit)?;
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
    let out = Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args([
            "solve", "--json", "--unique", "--jobs", "1", "--solver", solver,
        ])
        .args(if solver == "glpk" {
            &[][..]
        } else {
            &["--threads", "1"][..]
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
        "\nDefault route, seconds per puzzle (both runs); x kept: the x columns presolve leaves of n³:\n"
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
        Some(removed) => format!("{}/{}", CUBE - removed, CUBE),
        None => "?".to_string(),
    }
}
