//! Helpers shared by the benches that run HiGHS and CBC on emitted models:
//! running a solver and reading its node count, the root LP relaxation's
//! integrality, and small statistics.

#![allow(dead_code)] // each bench uses its own subset

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cagec::back;
use cagec::model::Model;
use cagec::puzzle::ir::Puzzle;
use cagec::solve::root::RootLp;

pub fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Grid sizes from `key`, a comma-separated list (`default` when unset).
pub fn sizes(key: &str, default: &str) -> Result<Vec<usize>, String> {
    numbers(key, default, "a grid size")
}

/// Numbers from `key`, a comma-separated list (`default` when unset); an
/// entry that is not one is an error saying it is not `what`.
pub fn numbers(key: &str, default: &str, what: &str) -> Result<Vec<usize>, String> {
    std::env::var(key)
        .unwrap_or_else(|_| default.into())
        .split(',')
        .map(|s| {
            s.trim()
                .parse()
                .map_err(|_| format!("{key}: {s:?} is not {what}"))
        })
        .collect()
}

/// The held-out puzzles of one peer generator at size `n`, in name order,
/// at most `count`: `peer{n}-*.cage` (kenken_cpsat.py) or `sat{n}-*.cage`
/// (kenken_sat.py), in `fixtures/scale/peer`.
pub fn peer_corpus(prefix: &str, n: usize, count: usize) -> Result<Vec<(PathBuf, Puzzle)>, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/scale/peer");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_or_else(
            |_| Vec::new(),
            |d| d.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        )
        .into_iter()
        .filter(|p| {
            p.extension().is_some_and(|e| e == "cage")
                && p.file_name()
                    .is_some_and(|f| f.to_string_lossy().starts_with(&format!("{prefix}{n}-")))
        })
        .collect();
    paths.sort();
    paths.truncate(count);
    paths
        .into_iter()
        .map(|path| {
            let loaded = cagec::io::input::load(&path, None).map_err(|e| e.to_string())?;
            Ok((path, loaded.puzzle))
        })
        .collect()
}

pub struct Run {
    pub seconds: f64,
    pub nodes: u64,
    pub ok: bool,
}

pub fn run(cmd: &mut Command, nodes_key: &str) -> Result<Run, String> {
    let start = Instant::now();
    // Solvers drop logs (Highs.log) in their working directory: use a temp one.
    let out = cmd
        .current_dir(std::env::temp_dir())
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", cmd.get_program().display()))?;
    let seconds = start.elapsed().as_secs_f64();
    let log = String::from_utf8_lossy(&out.stdout);
    let nodes = log
        .lines()
        .rev()
        .filter_map(|l| l.split(nodes_key).nth(1))
        .filter_map(|rest| {
            rest.trim()
                .split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse()
                .ok()
        })
        .next()
        .unwrap_or(0);
    let ok = log.contains("Optimal") || log.contains("optimal");
    Ok(Run { seconds, nodes, ok })
}

pub fn highs(lp: &Path, limit: u64, sol: &Path) -> Result<Run, String> {
    run(
        Command::new("highs")
            .arg("--model_file")
            .arg(lp)
            .args([
                "--threads",
                "1",
                "--time_limit",
                &limit.to_string(),
                "--solution_file",
            ])
            .arg(sol),
        "Nodes ",
    )
}

pub fn cbc(lp: &Path, limit: u64) -> Result<Run, String> {
    run(
        Command::new("cbc").arg(lp).args([
            "-threads",
            "1",
            "-timeMode",
            "elapsed",
            "-sec",
            &limit.to_string(),
            "-solve",
        ]),
        "Nodes:",
    )
}

/// The LP relaxation solved by HiGHS, as `cagec stats --root` reports it.
pub fn root_lp(model: &Model, puzzle: &Puzzle, limit: u64) -> Result<RootLp, String> {
    cagec::solve::root::by_installed_highs(model, puzzle, Some(limit as f64))
        .map_err(|e| e.to_string())
}

/// A bench's exit: its error, if any, on standard error under its name.
pub fn exit(name: &str, result: Result<(), String>) -> std::process::ExitCode {
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

pub fn write(path: &Path, model: &Model) {
    let mut f = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    back::write_lp(model, &mut f).unwrap();
}

pub fn stats(values: &mut [f64]) -> (f64, f64) {
    values.sort_by(f64::total_cmp);
    (values[values.len() / 2], values[values.len() - 1])
}

/// A sink that counts bytes: emission is measured without the disk.
pub struct Counter(pub u64);

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Median wall time of `reps` runs of `f`, and the bytes the last one wrote.
pub fn time(reps: usize, mut f: impl FnMut(&mut Counter)) -> (Duration, u64) {
    let mut times = Vec::with_capacity(reps);
    let mut bytes = 0;
    for _ in 0..reps {
        let mut sink = Counter(0);
        let start = Instant::now();
        f(&mut sink);
        times.push(start.elapsed());
        bytes = sink.0;
    }
    times.sort();
    (times[reps / 2], bytes)
}

pub fn ms(t: Duration) -> f64 {
    t.as_secs_f64() * 1e3
}

/// The interpreter that can import ortools, or why there is none.
pub fn peer_python() -> Result<PathBuf, String> {
    let venv = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/target/solvers/venv/bin/python3"
    );
    let candidates: Vec<PathBuf> = match std::env::var_os("CAGEC_SCALE_PYTHON") {
        Some(p) => vec![p.into()],
        None => vec![venv.into(), "python3".into()],
    };
    for py in candidates {
        let ok = Command::new(&py)
            .args(["-c", "import ortools.sat.python.cp_model"])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return Ok(py);
        }
    }
    Err("no Python here imports ortools (install it with `pip install ortools`, e.g. into target/solvers/venv)".into())
}
