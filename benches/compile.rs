//! `cargo bench --bench compile`: formulate + emit synthetic puzzles of
//! n = 9, 16, 32, 64, 100 to every format, and print time and MB/s.
//! Output goes to a byte-counting sink, so this measures cagec, not the disk.
//!
//! Then whole processes, as a user runs them: `cagec compile P.cage --to F
//! -o OUT` against `cp OUT COPY`, a plain copy of the same bytes, in
//! alternating rounds (median of each), for every format at the largest n;
//! the ratio is the measure of emission against the copy limit.

use std::io;
use std::time::Duration;

use cagec::back;
use cagec::formulate::formulate;
use cagec::generate::{self, Options};
use cagec::puzzle::ir::Op;

mod support;

use support::{Counter, time};

type Writer<'a> = dyn Fn(&mut Counter) -> io::Result<()> + 'a;

fn main() {
    // `cargo bench` passes --bench; anything else is a filter on n. Without
    // --bench (`cargo test --all-targets`) it is a smoke run at n = 9.
    let smoke = !std::env::args().any(|a| a == "--bench");
    let only: Option<usize> = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .or(smoke.then_some(9));
    println!(
        "{:>4} {:<10} {:>12} {:>10} {:>10} {:>9}",
        "n", "format", "bytes", "rows", "ms", "MB/s"
    );
    for n in [9usize, 16, 32, 64, 100] {
        if only.is_some_and(|o| o != n) {
            continue;
        }
        let opts = Options {
            size: n,
            seed: 2016,
            max_cage: 4,
            ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
            ..Default::default()
        };
        let (puzzle, _) = generate::puzzle(&opts);
        let reps = match (smoke, n <= 16) {
            (true, _) => 1,
            (false, true) => 21,
            (false, false) => 5,
        };
        let (t, _) = time(reps, |_| {
            formulate(&puzzle).unwrap();
        });
        let mut model = formulate(&puzzle).unwrap();
        model.name = format!("synthetic{n}");
        let rows = model.num_rows();
        println!(
            "{n:>4} {:<10} {:>12} {rows:>10} {:>10.3} {:>9}",
            "formulate",
            "-",
            ms(t),
            "-"
        );
        let names = back::fixed_names(&model);
        let formats: [(&str, &Writer); 4] = [
            ("lp", &|w| back::write_lp(&model, w)),
            ("mps", &|w| back::write_mps(&model, w)),
            ("fixed-mps", &|w| back::write_fixed_mps(&model, &names, w)),
            ("ampl", &|w| {
                back::ampl::write_model(w)?;
                back::ampl::write_data(&puzzle, &[], w)
            }),
        ];
        for (name, write) in formats {
            let (t, bytes) = time(reps, |w| write(w).unwrap());
            let mbps = bytes as f64 / 1e6 / t.as_secs_f64();
            println!(
                "{n:>4} {name:<10} {bytes:>12} {rows:>10} {:>10.3} {mbps:>9.1}",
                ms(t)
            );
        }
        if only.is_some_and(|o| o == n) || n == 100 {
            against_copy(n, &puzzle, if smoke { 1 } else { 9 });
        }
    }
}

/// `cagec compile` against `cp` of its output, whole processes.
fn against_copy(n: usize, puzzle: &cagec::puzzle::ir::Puzzle, rounds: usize) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let cage = dir.path().join(format!("synthetic{n}.cage"));
    std::fs::write(&cage, cagec::front::write::jwiki(puzzle)).expect("the puzzle file");
    println!("\nWhole processes at n = {n}, median of {rounds} alternating rounds:\n");
    println!("| format | MB | cagec compile (s) | cp (s) | ratio |");
    println!("|---|---|---|---|---|");
    for (format, ext) in [
        ("lp", "lp"),
        ("mps", "mps"),
        ("fixed-mps", "mps"),
        ("opb", "opb"),
        ("cnf", "cnf"),
        ("fzn", "fzn"),
    ] {
        let out = dir.path().join(format!("model.{ext}"));
        let copy = dir.path().join(format!("copy.{ext}"));
        let (mut compile, mut cp) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            // Each run starts with no dirty pages left by the one before,
            // whose writeback would otherwise land in whichever runs next.
            settle();
            compile.push(seconds(
                std::process::Command::new(env!("CARGO_BIN_EXE_cagec"))
                    .arg("compile")
                    .arg(&cage)
                    .args(["--to", format, "-o"])
                    .arg(&out),
            ));
            settle();
            cp.push(seconds(
                std::process::Command::new("cp").arg(&out).arg(&copy),
            ));
        }
        let bytes = std::fs::metadata(&out).map_or(0, |m| m.len());
        let (c, k) = (median(&mut compile), median(&mut cp));
        println!(
            "| {format} | {:.1} | {c:.3} | {k:.3} | {:.1} |",
            bytes as f64 / 1e6,
            c / k
        );
        let _ = std::fs::remove_file(&copy);
        let _ = std::fs::remove_file(&out);
    }
}

/// Writes every dirty page back (`sync`), so no run pays for another's.
fn settle() {
    let _ = std::process::Command::new("sync").status();
}

/// Wall seconds of one run of `cmd`, which must succeed.
fn seconds(cmd: &mut std::process::Command) -> f64 {
    let start = std::time::Instant::now();
    let status = cmd
        .stdout(std::process::Stdio::null())
        .status()
        .expect("the command runs");
    assert!(status.success(), "{cmd:?} failed");
    start.elapsed().as_secs_f64()
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn ms(t: Duration) -> f64 {
    support::ms(t)
}
