//! `cargo bench --bench cubes`: cube-and-conquer's work inflation, in
//! counts that do not depend on the machine's load. Each hard held-out peer
//! puzzle (`fixtures/scale/peer`: the CP-SAT peer's `peer*` and the SAT
//! peer's `sat*`; 25×25 and 30×30 by default) is solved with uniqueness
//! proved (two solutions asked for):
//!
//! - on one thread, as `--threads 1` solves it: its conflicts are the
//!   baseline;
//! - split into K cubes for each K of `CAGEC_CUBES_COUNTS`, solved one after
//!   another by one CaDiCaL worker that keeps its learnt clauses from cube to
//!   cube (what each of the `--threads` workers does): the conflicts of all
//!   cubes, and their ratio to the baseline (the *inflation*);
//! - the same cubes each solved apart by a fresh solver, as the Dask tasks
//!   of `Puzzle.solve(client=...)` are (`native::solve_cube`): the conflicts
//!   summed and the largest cube's, and the speed-up predicted on P workers
//!   for each P of `CAGEC_CUBES_CORES` (the baseline's conflicts over the
//!   makespan of the cubes' conflicts, scheduled in queue order, each cube
//!   to the first idle worker);
//! - with `CAGEC_CUBES_WALL=1`, the wall time on one thread and on two
//!   (`threads: 2`: two whole-space workers sharing clauses), and their
//!   ratio: run it on a quiet machine.
//!
//! Environment: `CAGEC_CUBES_SIZES` (default `25,30`),
//! `CAGEC_CUBES_PUZZLES` (per size and generator, default 6),
//! `CAGEC_CUBES_COUNTS` (default `2,8,32,128`), `CAGEC_CUBES_CORES`
//! (default `2,8,16`), `CAGEC_CUBES_APART` (`0`: no cubes apart, the slow
//! part, and no prediction), `CAGEC_CUBES_ONLY` (a puzzle's file stem, e.g.
//! `peer25-s1002`: that puzzle alone, for `valgrind --tool=callgrind`),
//! `CAGEC_CUBES_LIMIT` (seconds per solve, default 300).
//! Under `cargo test` it does a smoke run on one 16×16.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use cagec::native::{self, Options, Strategy};
use cagec::puzzle::ir::{Grid, Puzzle};
use cagec::puzzle::verify;

mod support;

use support::{env_or, peer_corpus, sizes};

fn main() -> ExitCode {
    support::exit("cubes", bench())
}

fn bench() -> Result<(), String> {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let (sizes, count, counts, cores) = if smoke {
        (vec![16], 1, vec![2, 8], vec![2, 8])
    } else {
        (
            sizes("CAGEC_CUBES_SIZES", "25,30")?,
            env_or("CAGEC_CUBES_PUZZLES", 6),
            support::numbers("CAGEC_CUBES_COUNTS", "2,8,32,128", "a count")?,
            support::numbers("CAGEC_CUBES_CORES", "2,8,16", "a count")?,
        )
    };
    let only = std::env::var("CAGEC_CUBES_ONLY").ok();
    let limit = Duration::from_secs(env_or("CAGEC_CUBES_LIMIT", 300));
    let wall = std::env::var("CAGEC_CUBES_WALL").is_ok_and(|v| v == "1");
    let apart = !std::env::var("CAGEC_CUBES_APART").is_ok_and(|v| v == "0");
    let mut puzzles: Vec<(PathBuf, Puzzle)> = Vec::new();
    for &n in &sizes {
        let per = if smoke { 6 } else { count };
        // Both held-out generators: CP-SAT's (`peer*`) and the SAT peer's
        // (`sat*`, the only 30×30s).
        let mut corpus = peer_corpus("peer", n, per)?;
        corpus.extend(peer_corpus("sat", n, per)?);
        if smoke {
            // The hard one of the 16×16s, which reaches the conflict-driven stage.
            corpus.retain(|(path, _)| path.ends_with("peer16-s1003.cage"));
        }
        puzzles.extend(corpus);
    }
    if let Some(stem) = &only {
        puzzles.retain(|(path, _)| path.file_stem().is_some_and(|s| s == stem.as_str()));
    }
    if puzzles.is_empty() {
        return Err("no puzzle to run (CAGEC_CUBES_SIZES, CAGEC_CUBES_ONLY)".into());
    }
    let strategy = if smoke {
        Strategy::Cdcl
    } else {
        Strategy::Auto
    };
    println!(
        "Uniqueness proved (2 solutions asked for); conflicts of the conflict-driven stage. \
         `one`: one thread, no cubes. `seq`: K cubes solved in turn by one CaDiCaL that keeps \
         its learnt clauses (a `--threads` worker). `apart`: each cube by a fresh solver (a Dask \
         task). Inflation: conflicts over `one`'s. Predicted speed-up on P workers: `one`'s \
         conflicts over the makespan of the `apart` cubes' conflicts in queue order.\n"
    );
    let mut header = String::from(
        "| puzzle | one: stage, conflicts | K | cubes (refuted by the split) | seq conflicts | seq inflation | apart conflicts | apart inflation | largest cube |",
    );
    let mut rule = String::from("|---|---|---|---|---|---|---|---|---|");
    for p in &cores {
        header += &format!(" predicted ×{p} |");
        rule += "---|";
    }
    println!("{header}\n{rule}");
    let mut walls = Vec::new();
    for (path, p) in &puzzles {
        let name = path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let deadline = || Some(Instant::now() + limit);
        let base = Options {
            max_solutions: 2,
            strategy,
            ..Options::default()
        };
        let one = solve(
            p,
            &Options {
                deadline: deadline(),
                ..base.clone()
            },
        )?;
        for &k in &counts {
            let seq = solve(
                p,
                &Options {
                    deadline: deadline(),
                    cubes: Some(k),
                    ..base.clone()
                },
            )?;
            if seq.out.solutions != one.out.solutions {
                return Err(format!(
                    "{name}: {k} cubes found other solutions than one thread"
                ));
            }
            if !apart {
                // The row without its `apart` columns.
                println!(
                    "| {name} | {}, {} | {k} | {} | {} | {:.2} | - | - | - |{}",
                    one.out.stats.stage,
                    one.out.stats.conflicts,
                    // The split's refutations come from the apart run.
                    seq.out
                        .stats
                        .cubes
                        .map_or("-".into(), |c| format!("{} (-)", c.count)),
                    seq.out.stats.conflicts,
                    seq.out.stats.conflicts as f64 / one.out.stats.conflicts.max(1) as f64,
                    " - |".repeat(cores.len()),
                );
                continue;
            }
            let split = native::split(
                p,
                &Options {
                    cubes: Some(k),
                    ..base.clone()
                },
            )
            .map_err(|e| e.to_string())?;
            let mut costs = Vec::new();
            let mut results = Vec::new();
            for (i, cube) in split.cubes.iter().enumerate() {
                let out = native::solve_cube(
                    p,
                    &split.root,
                    cube,
                    &Options {
                        max_solutions: (2 - split.outcome.solutions.len().min(2)).max(1),
                        known: split.outcome.solutions.clone(),
                        deadline: deadline(),
                        ..Options::default()
                    },
                )
                .map_err(|e| e.to_string())?;
                costs.push(out.stats.conflicts);
                results.push((i, out));
            }
            let merged = native::merge(&split, &results, &base);
            check(p, &merged.solutions, &name)?;
            if merged.solutions != one.out.solutions || merged.complete != one.out.complete {
                return Err(format!(
                    "{name}: {k} cubes apart gave another answer than one thread"
                ));
            }
            let cubes = split.outcome.stats.cubes.unwrap_or_default();
            let base_conflicts = one.out.stats.conflicts.max(1) as f64;
            let apart: u64 = costs.iter().sum();
            let mut row = format!(
                "| {name} | {}, {} | {k} | {} ({}) | {} | {:.2} | {apart} | {:.2} | {} |",
                one.out.stats.stage,
                one.out.stats.conflicts,
                cubes.count,
                cubes.refuted,
                seq.out.stats.conflicts,
                seq.out.stats.conflicts as f64 / base_conflicts,
                apart as f64 / base_conflicts,
                costs.iter().max().copied().unwrap_or(0),
            );
            for &workers in &cores {
                let span = makespan(&costs, workers).max(1) as f64;
                row += &format!(" {:.1} |", base_conflicts / span);
            }
            println!("{row}");
        }
        if wall {
            let two = solve(
                p,
                &Options {
                    deadline: deadline(),
                    threads: 2,
                    ..base.clone()
                },
            )?;
            if two.out.solutions != one.out.solutions {
                return Err(format!(
                    "{name}: two threads found other solutions than one"
                ));
            }
            walls.push((name, one.seconds, two.seconds, two.out.stats.cubes));
        }
    }
    if wall {
        println!("\nWall time, one thread against two; quiet machine only.\n");
        println!(
            "| puzzle | 1 thread (s) | 2 threads (s) | ratio | cubes: count, refuted, satisfied | busiest worker's conflicts |"
        );
        println!("|---|---|---|---|---|---|");
        let (mut total1, mut total2) = (0.0, 0.0);
        for (name, t1, t2, cubes) in &walls {
            total1 += t1;
            total2 += t2;
            let (c, busiest) = cubes.map_or(("-".into(), "-".into()), |c| {
                (
                    format!("{}, {}, {}", c.count, c.refuted, c.satisfied),
                    c.busiest.to_string(),
                )
            });
            println!(
                "| {name} | {t1:.3} | {t2:.3} | {:.2} | {c} | {busiest} |",
                t2 / t1.max(1e-9)
            );
        }
        println!(
            "| all | {total1:.3} | {total2:.3} | {:.2} | | |",
            total2 / total1.max(1e-9)
        );
    }
    Ok(())
}

struct Solved {
    out: native::Outcome,
    seconds: f64,
}

fn solve(p: &Puzzle, opts: &Options) -> Result<Solved, String> {
    let start = Instant::now();
    let out = native::solve(p, opts).map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    check(p, &out.solutions, "native")?;
    if !out.complete && out.solutions.len() < 2 {
        return Err(format!(
            "a solve did not finish (CAGEC_CUBES_LIMIT): {:?}",
            out.stats
        ));
    }
    Ok(Solved { out, seconds })
}

fn check(p: &Puzzle, grids: &[Grid], who: &str) -> Result<(), String> {
    for g in grids {
        let v = verify::check(p, g);
        if !v.is_empty() {
            return Err(format!(
                "{who} returned a grid that is not a solution: {v:?}"
            ));
        }
    }
    Ok(())
}

/// The makespan of `costs` in queue order on `workers`: each next cost goes
/// to the worker that is free first.
fn makespan(costs: &[u64], workers: usize) -> u64 {
    let mut free = vec![0u64; workers.max(1)];
    for &c in costs {
        let first = free.iter_mut().min().expect("at least one worker");
        *first += c;
    }
    free.into_iter().max().unwrap_or(0)
}
