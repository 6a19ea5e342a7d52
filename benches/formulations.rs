//! `cargo bench --bench formulations`: the paper's formulation against the
//! options of issue 4 on a corpus of generated unique puzzles, solved by the
//! real HiGHS and CBC binaries (one thread each), plus the native solver.
//!
//! Prints a markdown table: model size, median/max wall time per solver
//! (process start included), branch-and-bound nodes, and the share of
//! puzzles whose root LP relaxation is already integral.
//!
//! Environment: `CAGEC_BENCH_PUZZLES` (puzzles per size, default 50),
//! `CAGEC_BENCH_SIZES` (default `6,9,12,16`), `CAGEC_BENCH_LIMIT` (seconds per
//! solve, default 60), `CAGEC_BENCH_NATIVE_ONLY` (skip the external solvers).
//! A missing `highs` or `cbc` is an error that says how to install it, except
//! in the smoke run outside CI, which then measures the native solver alone.

use std::process::ExitCode;
use std::time::Instant;

use cagec::formulate::{Formulation, Options, ProductMethod, formulate_with};
use cagec::generate;
use cagec::native;
use cagec::puzzle::ir::{Op, Puzzle};

#[path = "../tests/integration/support/need_solver.rs"]
mod need_solver;
mod support;

use support::{cbc, env_or, highs, root_lp, stats, write};

fn configs() -> Vec<(&'static str, Options)> {
    let base = Options::default();
    vec![
        ("paper (primes)", base.clone()),
        (
            "paper + presolve",
            Options {
                presolve: true,
                ..base.clone()
            },
        ),
        (
            "product auto",
            Options {
                product: ProductMethod::Auto,
                ..base.clone()
            },
        ),
        (
            "tuples",
            Options {
                formulation: Formulation::Tuples,
                ..base.clone()
            },
        ),
        (
            "tuples + presolve",
            Options {
                formulation: Formulation::Tuples,
                presolve: true,
                ..base.clone()
            },
        ),
    ]
}

fn corpus(n: usize, count: u64) -> Vec<Puzzle> {
    (1..=count)
        .map(|seed| {
            let opts = generate::Options {
                size: n,
                seed: 1000 * n as u64 + seed,
                max_cage: 4,
                ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
                ..Default::default()
            };
            generate::unique_puzzle(&opts).expect("n <= 64").puzzle
        })
        .collect()
}

fn main() -> ExitCode {
    support::exit("formulations", bench())
}

/// Whether the external solvers run: both must be on PATH, except in a smoke
/// run outside CI, where a missing one leaves the native solver alone.
fn external_solvers(smoke: bool) -> Result<bool, String> {
    if std::env::var_os("CAGEC_BENCH_NATIVE_ONLY").is_some() {
        return Ok(false);
    }
    let Some(missing) = ["highs", "cbc"]
        .into_iter()
        .find(|p| !need_solver::on_path(p))
    else {
        return Ok(true);
    };
    let message = need_solver::missing(missing);
    if !smoke || std::env::var_os("CI").is_some() {
        return Err(message);
    }
    println!("note: {message}; smoke run of the native solver only\n");
    Ok(false)
}

fn bench() -> Result<(), String> {
    // `cargo test --all-targets` runs this without `--bench`: a smoke run of
    // one small puzzle checks the harness without costing minutes.
    let smoke = !std::env::args().any(|a| a == "--bench");
    let external = external_solvers(smoke)?;
    let count: u64 = if smoke {
        1
    } else {
        env_or("CAGEC_BENCH_PUZZLES", 50)
    };
    let limit: u64 = env_or("CAGEC_BENCH_LIMIT", 60);
    let sizes: Vec<usize> = std::env::var("CAGEC_BENCH_SIZES")
        .ok()
        .filter(|_| !smoke)
        .unwrap_or_else(|| {
            if smoke {
                "4".into()
            } else {
                "6,9,12,16".into()
            }
        })
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    let dir = tempfile::tempdir().map_err(|e| format!("temp dir: {e}"))?;
    println!(
        "{count} unique generated puzzles per size; times are wall seconds per solve, process start included; one thread.\n"
    );
    println!(
        "| n | formulation | vars | rows | nonzeros | HiGHS median | HiGHS max | HiGHS nodes (mean) | CBC median | CBC max | CBC nodes (mean) | root LP integral | unsolved |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for &n in &sizes {
        let puzzles = corpus(n, count);
        // CAGEC_BENCH_NATIVE_ONLY=1 measures the native solver alone.
        let configs = if external { configs() } else { Vec::new() };
        for (label, opts) in configs {
            let (mut h, mut c) = (Vec::new(), Vec::new());
            let (mut hn, mut cn, mut integral, mut failed) = (0u64, 0u64, 0usize, 0usize);
            let (mut vars, mut rows, mut nnz) = (0usize, 0usize, 0usize);
            for p in &puzzles {
                let model = formulate_with(p, &opts).unwrap();
                vars += model.num_vars();
                rows += model.num_rows();
                nnz += model.num_nonzeros();
                let lp = dir.path().join("m.lp");
                write(&lp, &model);
                let r = highs(&lp, limit, &dir.path().join("m.sol"))?;
                failed += usize::from(!r.ok);
                h.push(r.seconds);
                hn += r.nodes;
                let r = cbc(&lp, limit)?;
                failed += usize::from(!r.ok);
                c.push(r.seconds);
                cn += r.nodes;
                integral += usize::from(root_lp(&model, p, limit)?.integral);
            }
            let k = puzzles.len();
            let ((hm, hx), (cm, cx)) = (stats(&mut h), stats(&mut c));
            println!(
                "| {n} | {label} | {} | {} | {} | {hm:.3} | {hx:.3} | {:.1} | {cm:.3} | {cx:.3} | {:.1} | {:.0}% | {failed} |",
                vars / k,
                rows / k,
                nnz / k,
                hn as f64 / k as f64,
                cn as f64 / k as f64,
                100.0 * integral as f64 / k as f64
            );
        }
        let mut times: Vec<f64> = puzzles
            .iter()
            .map(|p| {
                let start = Instant::now();
                let out = native::solve(p, &native::Options::default()).unwrap();
                let t = start.elapsed();
                assert_eq!(out.solutions.len(), 1);
                assert!(cagec::puzzle::verify::check(p, &out.solutions[0]).is_empty());
                t.as_secs_f64()
            })
            .collect();
        let (m, x) = stats(&mut times);
        println!(
            "| {n} | native solver | | | | {:.3} ms | {:.3} ms | | | | | | 0 |",
            m * 1e3,
            x * 1e3
        );
    }
    Ok(())
}
