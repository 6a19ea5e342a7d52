//! `cargo bench --bench refutation`: where a hard unique puzzle's effort
//! goes. Each held-out puzzle (`fixtures/scale/peer`) is solved twice by the
//! native solver, through each conflict-driven engine:
//! - as `cagec solve --unique` does: find a solution, then prove there is no
//!   second;
//! - with the generator's grid given as known (`Options::known`), so that
//!   only the proof is left: refute every other grid.
//!
//! When the second costs as many conflicts as the first, finding the grid
//! was never the hard part, and no branching heuristic that finds it sooner
//! can make the puzzle fast; only stronger reasoning or cheaper conflicts
//! can (docs/lab/2026-11-26-native-solver.md, "Refuting, not finding").
//!
//! Environment: `CAGEC_REFUTE_SIZES` (default `20,25`), `CAGEC_REFUTE_LIMIT`
//! (seconds per solve, default 60). Under `cargo test` it does a smoke run
//! on one 10×10, with the conflict-driven stage forced so that each engine
//! proves it, and checks both answers.

use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use cagec::native::{self, Learner, Options, Strategy};
use cagec::puzzle::ir::{Grid, Puzzle};
use cagec::puzzle::verify;

mod support;

use support::{env_or, peer_corpus, sizes};

fn main() -> ExitCode {
    support::exit("refutation", bench())
}

/// One solve's answer and effort.
struct Run {
    seconds: f64,
    conflicts: u64,
    stage: &'static str,
    solutions: Vec<Grid>,
    complete: bool,
}

fn bench() -> Result<(), String> {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let sizes: Vec<usize> = if smoke {
        vec![10]
    } else {
        sizes("CAGEC_REFUTE_SIZES", "20,25")?
    };
    let limit = Duration::from_secs(env_or("CAGEC_REFUTE_LIMIT", 60));
    let strategy = if smoke {
        Strategy::Cdcl
    } else {
        Strategy::Auto
    };
    let engines: &[(&str, Learner)] = if cfg!(feature = "cdcl") {
        &[
            ("CaDiCaL", Learner::Auto),
            ("lazy clause generation", Learner::Lcg),
        ]
    } else {
        &[("lazy clause generation", Learner::Lcg)]
    };

    println!(
        "| puzzle | engine | solve --unique: stage, conflicts, s | grid given, proof only: stage, conflicts, s | proof ÷ whole (conflicts) |"
    );
    println!("|---|---|---|---|---|");
    for n in sizes {
        let puzzles = peer_corpus("peer", n, if smoke { 1 } else { usize::MAX })?;
        if puzzles.is_empty() {
            return Err(format!(
                "no held-out puzzle of size {n} in fixtures/scale/peer"
            ));
        }
        for (path, puzzle) in puzzles {
            let grid = read_grid(&path.with_extension("grid"))?;
            let name = path.file_stem().unwrap_or_default().to_string_lossy();
            for &(engine, learner) in engines {
                let run = |known: Vec<Grid>, max_solutions| {
                    let opts = Options {
                        max_solutions,
                        known,
                        learner,
                        strategy,
                        ..Default::default()
                    };
                    solve(&puzzle, opts, limit)
                };
                let whole = run(Vec::new(), 2)?;
                let proof = run(vec![grid.clone()], 1)?;
                check(&name, &grid, &whole, &proof)?;
                let ratio = if whole.conflicts == 0 {
                    "-".to_string()
                } else {
                    format!("{:.2}", proof.conflicts as f64 / whole.conflicts as f64)
                };
                println!(
                    "| {name} | {engine} | {}, {}, {:.2} | {}, {}, {:.2} | {ratio} |",
                    whole.stage,
                    whole.conflicts,
                    whole.seconds,
                    proof.stage,
                    proof.conflicts,
                    proof.seconds,
                );
            }
        }
    }
    Ok(())
}

fn solve(p: &Puzzle, opts: Options, limit: Duration) -> Result<Run, String> {
    let start = Instant::now();
    let opts = Options {
        deadline: Some(start + limit),
        ..opts
    };
    let out = native::solve(p, &opts).map_err(|e| e.to_string())?;
    for g in &out.solutions {
        let broken = verify::check(p, g);
        if !broken.is_empty() {
            return Err(format!(
                "the native solver returned a non-solution: {broken:?}"
            ));
        }
    }
    Ok(Run {
        seconds: start.elapsed().as_secs_f64(),
        conflicts: out.stats.conflicts,
        stage: out.stats.stage,
        solutions: out.solutions,
        complete: out.complete,
    })
}

/// Both runs must agree with the generator: its grid, and no other.
fn check(name: &str, grid: &Grid, whole: &Run, proof: &Run) -> Result<(), String> {
    if !whole.complete || !proof.complete {
        return Err(format!("{name}: not finished within the limit"));
    }
    if whole.solutions != [grid.clone()] {
        return Err(format!(
            "{name}: solve --unique did not give exactly the generator's grid"
        ));
    }
    if !proof.solutions.is_empty() {
        return Err(format!("{name}: a second solution, with the grid given"));
    }
    Ok(())
}

fn read_grid(path: &Path) -> Result<Grid, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let values = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            l.split_whitespace()
                .map(|v| v.parse().map_err(|_| format!("{}: {v:?}", path.display())))
                .collect()
        })
        .collect::<Result<_, String>>()?;
    Ok(Grid { values })
}
