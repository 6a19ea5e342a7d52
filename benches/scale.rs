//! `cargo bench --bench scale`: unique puzzles from 10×10 to 30×30, solved
//! and proved unique by the native solver, by HiGHS through cagec's
//! formulations, and, where the PyPI package `ortools` can be imported, by a
//! small OR-Tools CP-SAT model side by side (`scripts/peer/kenken_cpsat.py`).
//!
//! Three corpora: puzzles made by `cagec generate --unique` with seeds no
//! solver setting was tuned on, and the held-out puzzles of two other
//! generators in `fixtures/scale/peer`: `peer*` made and proved unique by
//! CP-SAT (`scripts/peer/kenken_cpsat.py`), `sat*` by CaDiCaL on the
//! generator's own CNF (`scripts/peer/kenken_sat.py`).
//! Every grid any solver returns is checked by `verify::check`, and the
//! solvers must agree on uniqueness: a disagreement fails the bench.
//!
//! Environment: `CAGEC_SCALE_SIZES` (default `10,12,14,16,20,25,30`),
//! `CAGEC_SCALE_PUZZLES` (per size, default 5), `CAGEC_SCALE_LIMIT` (seconds
//! per solve, default 20), `CAGEC_SCALE_CPSAT_LIMIT` (seconds per CP-SAT
//! solve, default the same: CP-SAT needs minutes at 25×25, and a table that
//! stops it at 20 s understates it), `CAGEC_SCALE_MIP` (HiGHS routes, default
//! `cover+presolve,tuples+presolve`: a formulation, `cover`, `tuples` or
//! `paper`, then flags, `+presolve` and `+start` for `--start native`; or
//! `none`), `CAGEC_SCALE_CORPUS` (`generated`, `peer` or both, the default),
//! `CAGEC_SCALE_PYTHON` (the interpreter with ortools; default the project
//! venv's, then `python3`), `CAGEC_SCALE_THREADS` (thread counts, default
//! `1`: `1,2` gives each size a row of the native solver on 1 thread and on
//! 2, where two CaDiCaL workers share the search, beside CP-SAT with as
//! many workers; a bigger machine can ask for `1,2,8`). Under `cargo test`
//! it does a smoke run at 6×6.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use cagec::formulate::{Formulation, Options, formulate_with};
use cagec::generate;
use cagec::native;
use cagec::puzzle::ir::{Grid, Puzzle};
use cagec::puzzle::verify;

#[path = "../tests/integration/support/need_solver.rs"]
mod need_solver;
mod support;

use support::{env_or, peer_corpus, peer_python, root_lp, sizes};

/// One solver's answer on one puzzle.
#[derive(Clone, Copy)]
struct Answer {
    seconds: f64,
    /// Proved unique (true), shown not unique (false), or neither.
    unique: Option<bool>,
    /// Search effort: nodes (native, HiGHS) or branches (CP-SAT).
    effort: u64,
}

fn main() -> ExitCode {
    support::exit("scale", bench())
}

fn bench() -> Result<(), String> {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let sizes: Vec<usize> = if smoke {
        vec![6]
    } else {
        sizes("CAGEC_SCALE_SIZES", "10,12,14,16,20,25,30")?
    };
    let count: u64 = if smoke {
        1
    } else {
        env_or("CAGEC_SCALE_PUZZLES", 5)
    };
    let limit: u64 = env_or("CAGEC_SCALE_LIMIT", 20);
    let threads: Vec<usize> = if smoke {
        vec![1, 2]
    } else {
        std::env::var("CAGEC_SCALE_THREADS")
            .unwrap_or_else(|_| "1".into())
            .split(',')
            .map(|t| match t.trim().parse() {
                Ok(t) if t >= 1 => Ok(t),
                _ => Err(format!("CAGEC_SCALE_THREADS: {t:?} is not a thread count")),
            })
            .collect::<Result<_, _>>()?
    };
    let cpsat_limit: u64 = env_or("CAGEC_SCALE_CPSAT_LIMIT", limit);
    let routes: Vec<String> = std::env::var("CAGEC_SCALE_MIP")
        .unwrap_or_else(|_| "cover+presolve,tuples+presolve".into())
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty() && s != "none")
        .collect();
    if !routes.is_empty() && !need_solver::on_path("highs") {
        let message = need_solver::missing("highs");
        if !smoke || std::env::var_os("CI").is_some() {
            return Err(message);
        }
        println!("note: {message}; HiGHS routes skipped in this smoke run");
    }
    let python = peer_python();
    match &python {
        Ok(py) => println!("CP-SAT: {} with ortools", py.display()),
        Err(why) => println!("CP-SAT column skipped: {why}"),
    }
    let dir = tempfile::tempdir().map_err(|e| format!("temp dir: {e}"))?;
    let highs_ok = need_solver::on_path("highs");
    println!(
        "\n{count} puzzles per size, {limit} s limit per solve ({cpsat_limit} s for CP-SAT); native in process, \
         HiGHS through `cagec solve --unique` (two runs, process start included), CP-SAT inside Python \
         (interpreter start excluded); `threads`: the native solver's threads and CP-SAT's workers.\n"
    );
    let mut mip_rows = Vec::new();
    println!(
        "| corpus | n | threads | puzzles | generate median (s) | native proved | native median (s) | native max (s) | native nodes (mean) | CP-SAT proved | CP-SAT median (s) | CP-SAT max (s) | CP-SAT median ÷ native median |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let corpus = std::env::var("CAGEC_SCALE_CORPUS").unwrap_or_default();
    let (with_generated, with_peer) = match corpus.as_str() {
        "generated" => (true, false),
        "peer" => (false, true),
        "" | "both" => (true, true),
        other => {
            return Err(format!(
                "CAGEC_SCALE_CORPUS={other}: generated, peer or both"
            ));
        }
    };
    for &n in &sizes {
        let mut gen_times = Vec::new();
        let mut generated = Vec::new();
        for i in (0..count).filter(|_| with_generated) {
            // Seeds that nothing was tuned on.
            let opts = generate::Options {
                size: n,
                seed: 7_000_000 + 100 * n as u64 + i,
                ..Default::default()
            };
            let start = Instant::now();
            let u = generate::unique_puzzle(&opts).map_err(|e| e.to_string())?;
            gen_times.push(start.elapsed().as_secs_f64());
            let path = dir.path().join(format!("gen{n}-{i}.cage"));
            std::fs::write(&path, cagec::front::write::jwiki(&u.puzzle))
                .map_err(|e| e.to_string())?;
            generated.push((path, u.puzzle));
        }
        let (peer, sat) = if smoke || !with_peer {
            (Vec::new(), Vec::new())
        } else {
            (
                peer_corpus("peer", n, count as usize)?,
                peer_corpus("sat", n, count as usize)?,
            )
        };
        for (corpus, puzzles, made) in [
            ("cagec generate", &generated, Some(&gen_times)),
            ("peer (CP-SAT)", &peer, None),
            ("peer (SAT)", &sat, None),
        ] {
            if puzzles.is_empty() {
                continue;
            }
            let mut native = Vec::new();
            for &t in &threads {
                native = puzzles
                    .iter()
                    .map(|(_, p)| solve_native(p, limit, t))
                    .collect::<Result<Vec<_>, _>>()?;
                let cpsat = match &python {
                    Ok(py) => Some(solve_cpsat(py, puzzles, cpsat_limit, t)?),
                    Err(_) => None,
                };
                if let Some(c) = &cpsat {
                    agree("native", &native, "CP-SAT", c, puzzles)?;
                }
                let (nm, nx) = median_max(&native);
                let cp = cpsat.as_ref().map(|c| (proved(c), median_max(c)));
                println!(
                    "| {corpus} | {n} | {t} | {} | {} | {}/{} | {nm:.3} | {nx:.3} | {:.0} | {} | {} | {} | {} |",
                    puzzles.len(),
                    made.map_or("-".into(), |g| format!("{:.2}", median(g))),
                    proved(&native),
                    puzzles.len(),
                    mean_effort(&native),
                    cp.map_or("-".into(), |(k, _)| format!("{k}/{}", puzzles.len())),
                    cp.map_or("-".into(), |(_, (m, _))| format!("{m:.3}")),
                    cp.map_or("-".into(), |(_, (_, x))| format!("{x:.3}")),
                    cp.map_or("-".into(), |(_, (m, _))| ratio(m / nm.max(1e-4))),
                );
            }
            if highs_ok {
                for route in &routes {
                    let answers: Vec<MipAnswer> = puzzles
                        .iter()
                        .map(|(path, p)| solve_highs(path, p, route, limit, dir.path()))
                        .collect::<Result<_, _>>()?;
                    let plain: Vec<Answer> = answers.iter().map(|a| a.whole).collect();
                    agree("native", &native, route, &plain, puzzles)?;
                    mip_rows.push(mip_row(corpus, n, route, &answers));
                }
            }
        }
    }
    if !mip_rows.is_empty() {
        println!(
            "\nHiGHS (1 thread) through `cagec solve --unique` on each route; first run and no-good run: HiGHS's own time and nodes for each (the median of the puzzles whose run finished, and how many did); root LP integral: every x of the LP relaxation at 0 or 1 (`stats --root`).\n"
        );
        println!(
            "| corpus | n | route | proved | median (s) | max (s) | first run: done, median (s), nodes (mean) | no-good run: done, median (s), nodes (mean) | root LP integral |"
        );
        println!("|---|---|---|---|---|---|---|---|---|");
        for row in mip_rows {
            println!("{row}");
        }
    }
    Ok(())
}

fn solve_native(p: &Puzzle, limit: u64, threads: usize) -> Result<Answer, String> {
    let start = Instant::now();
    let out = native::solve(
        p,
        &native::Options {
            max_solutions: 2,
            deadline: Some(start + Duration::from_secs(limit)),
            threads,
            ..Default::default()
        },
    )
    .map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    check_grids(p, &out.solutions, "native")?;
    let unique = match (out.solutions.len(), out.complete) {
        (1, true) => Some(true),
        (2.., _) => Some(false),
        _ => None,
    };
    Ok(Answer {
        seconds,
        unique,
        effort: out.stats.nodes + out.stats.conflicts,
    })
}

/// A HiGHS route of `CAGEC_SCALE_MIP`, as `cagec solve` flags.
fn route_flags(route: &str) -> Result<Vec<&'static str>, String> {
    let mut parts = route.split('+');
    let mut flags = vec!["--formulation"];
    flags.push(match parts.next() {
        Some("cover") => "cover",
        Some("tuples") => "tuples",
        Some("paper") => "melkonian",
        _ => return Err(format!("unknown route {route} in CAGEC_SCALE_MIP")),
    });
    for part in parts {
        match part {
            "presolve" => flags.push("--presolve"),
            "start" => flags.extend(["--start", "native"]),
            other => return Err(format!("unknown flag {other} in route {route}")),
        }
    }
    Ok(flags)
}

/// One HiGHS route on one puzzle.
struct MipAnswer {
    /// Both runs, process start included; effort: the first run's nodes.
    whole: Answer,
    /// HiGHS's own time and nodes, when the run finished.
    first: Option<(f64, u64)>,
    /// The no-good run's, when it ran and finished.
    no_good: Option<(f64, u64)>,
    integral: bool,
}

/// `cagec solve --solver highs --unique` on one route, with each run's time
/// and nodes from the logs it keeps, and the root LP's integrality from
/// `stats --root`'s own code.
fn solve_highs(
    path: &Path,
    p: &Puzzle,
    route: &str,
    limit: u64,
    dir: &Path,
) -> Result<MipAnswer, String> {
    let flags = route_flags(route)?;
    let keep = tempfile::tempdir_in(dir).map_err(|e| format!("temp dir: {e}"))?;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cagec"));
    cmd.args(["solve", "--solver", "highs", "--unique", "--json"])
        .args(["--threads", "1", "--time-limit", &limit.to_string()])
        .args(&flags)
        .arg("--keep")
        .arg(keep.path())
        .arg(path);
    let start = Instant::now();
    let out = cmd
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("cagec solve: {e}"))?;
    let seconds = start.elapsed().as_secs_f64();
    let record: serde_json::Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("cagec solve --json on {}: {e}", path.display()))?;
    if let Some(grid) = record.get("grid").filter(|g| !g.is_null()) {
        let grid: Grid = Grid {
            values: serde_json::from_value(grid.clone()).map_err(|e| e.to_string())?,
        };
        check_grids(p, &[grid], route)?;
    }
    let unique = match record.get("uniqueness").and_then(|u| u.as_str()) {
        Some("unique") => Some(true),
        Some("not-unique") => Some(false),
        _ => None,
    };
    let first = run_figures(keep.path(), |f| {
        f.ends_with(".lp.highs.log") && !f.contains(".cut")
    });
    let no_good = run_figures(keep.path(), |f| f.ends_with(".cut1.lp.highs.log"));
    let formulation = match flags[1] {
        "cover" => Formulation::Cover,
        "tuples" => Formulation::Tuples,
        _ => Formulation::Melkonian,
    };
    let opts = Options {
        formulation,
        presolve: flags.contains(&"--presolve"),
        ..Options::default()
    };
    let model = formulate_with(p, &opts).map_err(|e| e.to_string())?;
    let integral = root_lp(&model, p, limit)?.integral;
    Ok(MipAnswer {
        whole: Answer {
            seconds,
            unique,
            effort: first.map_or(0, |(_, nodes)| nodes),
        },
        first: first.filter(|&(t, _)| t < limit as f64),
        no_good: no_good.filter(|&(t, _)| t < limit as f64),
        integral,
    })
}

/// HiGHS's time and node count from the kept log whose name `pick`s.
fn run_figures(dir: &Path, pick: impl Fn(&str) -> bool) -> Option<(f64, u64)> {
    let file = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .find(|e| pick(&e.file_name().to_string_lossy()))?;
    let log = std::fs::read_to_string(file.path()).ok()?;
    // The first line that starts with `label` and a number: the search
    // table's header starts with "Nodes" too.
    let after = |label: &str| {
        log.lines().find_map(|l| {
            let rest = l.trim_start().strip_prefix(label)?;
            rest.split_whitespace().next()?.parse::<f64>().ok()
        })
    };
    Some((after("Timing")?, after("Nodes")? as u64))
}

/// One line of the MIP table.
fn mip_row(corpus: &str, n: usize, route: &str, answers: &[MipAnswer]) -> String {
    let plain: Vec<Answer> = answers.iter().map(|a| a.whole).collect();
    let (m, x) = median_max(&plain);
    let run = |pick: fn(&MipAnswer) -> Option<(f64, u64)>| {
        let done: Vec<(f64, u64)> = answers.iter().filter_map(pick).collect();
        let times: Vec<f64> = done.iter().map(|d| d.0).collect();
        let nodes = done.iter().map(|d| d.1 as f64).sum::<f64>() / done.len().max(1) as f64;
        match done.is_empty() {
            true => format!("0/{}", answers.len()),
            false => format!(
                "{}/{}, {:.3}, {nodes:.0}",
                done.len(),
                answers.len(),
                median(&times)
            ),
        }
    };
    let integral = answers.iter().filter(|a| a.integral).count();
    format!(
        "| {corpus} | {n} | HiGHS {route} | {}/{} | {m:.3} | {x:.3} | {} | {} | {integral}/{} |",
        proved(&plain),
        answers.len(),
        run(|a| a.first),
        run(|a| a.no_good),
        answers.len()
    )
}

fn solve_cpsat(
    python: &Path,
    puzzles: &[(PathBuf, Puzzle)],
    limit: u64,
    workers: usize,
) -> Result<Vec<Answer>, String> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/peer/kenken_cpsat.py");
    let out = Command::new(python)
        .args([
            script,
            "solve",
            "--unique",
            "--workers",
            &workers.to_string(),
            "--time-limit",
            &limit.to_string(),
        ])
        .args(puzzles.iter().map(|(path, _)| path))
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("{}: {e}", python.display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<Answer> = text
        .lines()
        .zip(puzzles)
        .map(|(line, (_, p))| {
            let v: serde_json::Value =
                serde_json::from_str(line).map_err(|e| format!("CP-SAT output: {e}"))?;
            if let Some(grid) = v.get("grid").filter(|g| !g.is_null()) {
                let grid = Grid {
                    values: serde_json::from_value(grid.clone()).map_err(|e| e.to_string())?,
                };
                check_grids(p, &[grid], "CP-SAT")?;
            }
            Ok(Answer {
                seconds: v["seconds"].as_f64().unwrap_or(f64::NAN),
                unique: match v["status"].as_str() {
                    Some("unique") => Some(true),
                    Some("not-unique") => Some(false),
                    _ => None,
                },
                effort: v["branches"].as_u64().unwrap_or(0),
            })
        })
        .collect::<Result<_, String>>()?;
    if answers.len() != puzzles.len() {
        return Err(format!(
            "CP-SAT answered {} of {} puzzles",
            answers.len(),
            puzzles.len()
        ));
    }
    Ok(answers)
}

fn check_grids(p: &Puzzle, grids: &[Grid], who: &str) -> Result<(), String> {
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

/// Two solvers that both answered must give the same uniqueness answer.
fn agree(
    a: &str,
    xs: &[Answer],
    b: &str,
    ys: &[Answer],
    puzzles: &[(PathBuf, Puzzle)],
) -> Result<(), String> {
    for ((x, y), (path, _)) in xs.iter().zip(ys).zip(puzzles) {
        if let (Some(u), Some(v)) = (x.unique, y.unique)
            && u != v
        {
            return Err(format!(
                "{}: {a} says unique = {u}, {b} says {v}",
                path.display()
            ));
        }
    }
    Ok(())
}

/// A ratio of medians: whole above 10, with a decimal below, where "10×
/// CP-SAT" is decided.
fn ratio(r: f64) -> String {
    if r >= 10.0 {
        format!("{r:.0}×")
    } else {
        format!("{r:.1}×")
    }
}

fn proved(answers: &[Answer]) -> usize {
    answers.iter().filter(|a| a.unique == Some(true)).count()
}

/// Median and max time; an unproved run counts as the limit it reached.
fn median_max(answers: &[Answer]) -> (f64, f64) {
    let mut t: Vec<f64> = answers.iter().map(|a| a.seconds).collect();
    t.sort_by(f64::total_cmp);
    (median(&t), t.last().copied().unwrap_or(0.0))
}

fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

fn mean_effort(answers: &[Answer]) -> f64 {
    answers.iter().map(|a| a.effort as f64).sum::<f64>() / answers.len().max(1) as f64
}
