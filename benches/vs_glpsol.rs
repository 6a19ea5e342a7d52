//! `cargo bench --bench vs_glpsol`: cagec against `glpsol --check --wlp` on
//! the same synthetic puzzles, as whole processes, side by side.
//!
//! For each n, cagec writes the AMPL pair of the puzzle; glpsol translates
//! that pair to CPLEX-LP (`glpsol --check -m P.mod -d P.dat --wlp glpk.lp`),
//! and cagec writes LP, MPS and fixed MPS itself, plus the LP with each
//! formulation option. Each row is the median wall time of k runs of the
//! release binary, the bytes written, and the peak RSS of that one child
//! (from `wait4` in a small helper process, see `child.rs`). Prints a
//! markdown table and the targets as PASS/FAIL. It fails if glpsol's
//! LP and cagec's LP have different columns; an option cagec refuses at
//! some n (exit 2, e.g. presolve above 64×64) is a row marked "refused".
//!
//! Sizes: `CAGEC_VS_SIZES=9,25` or numbers after `--` (default 9, 25, 50,
//! 100); runs per row: `CAGEC_VS_REPS`. Without `--bench` (`cargo test
//! --all-targets`) it is a smoke run at n = 9 with 1 run, and a missing
//! glpsol is only a note, except in CI (`CI` set), where it is an error.

use std::ffi::OsString;
use std::fs;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::Duration;

use cagec::front::write;
use cagec::generate::{self, Options};
use cagec::puzzle::ir::Op;

#[path = "vs_glpsol/agree.rs"]
mod agree;
#[path = "vs_glpsol/child.rs"]
mod child;
#[path = "../tests/integration/support/need_solver.rs"]
mod need_solver;
#[path = "vs_glpsol/report.rs"]
mod report;

const CAGEC: &str = env!("CARGO_BIN_EXE_cagec");

/// A command to time: its label in the table, its arguments (split at
/// spaces; run in the puzzle's directory), and the files it writes, all
/// counted in "MB written".
struct Case {
    label: &'static str,
    glpsol: bool,
    args: &'static str,
    files: &'static [&'static str],
}

const GLPSOL: Case = Case {
    label: "glpsol --check --wlp",
    glpsol: true,
    args: "--check -m puzzle.mod -d puzzle.dat --wlp glpk.lp",
    files: &["glpk.lp"],
};

/// Process start and exit alone: the floor under every cagec time.
const START: Case = cagec("cagec --version (start-up floor)", "--version", &[]);

const AMPL: Case = cagec(
    "cagec ampl (the pair)",
    "compile puzzle.cage --to ampl -o cagec.mod",
    &["cagec.mod", "cagec.dat"],
);

const CASES: &[Case] = &[
    AMPL,
    cagec(
        "cagec lp",
        "compile puzzle.cage --to lp -o cagec.lp",
        &["cagec.lp"],
    ),
    cagec(
        "cagec mps",
        "compile puzzle.cage --to mps -o cagec.mps",
        &["cagec.mps"],
    ),
    cagec(
        "cagec fixed-mps",
        "compile puzzle.cage --to fixed-mps -o fixed.mps",
        &["fixed.mps", "fixed.map"],
    ),
    cagec(
        "cagec lp --presolve",
        "compile puzzle.cage --to lp --presolve -o presolve.lp",
        &["presolve.lp"],
    ),
    cagec(
        "cagec lp --formulation tuples",
        "compile puzzle.cage --to lp --formulation tuples -o tuples.lp",
        &["tuples.lp"],
    ),
    cagec(
        "cagec lp --product auto",
        "compile puzzle.cage --to lp --product auto -o auto.lp",
        &["auto.lp"],
    ),
];

const fn cagec(label: &'static str, args: &'static str, files: &'static [&'static str]) -> Case {
    Case {
        label,
        glpsol: false,
        args,
        files,
    }
}

/// One measured row of the table.
struct Row {
    n: usize,
    tool: &'static str,
    bytes: u64,
    time: Duration,
    rss_kb: u64,
    /// Why cagec refused these options at this n (its exit 2 message).
    refused: Option<String>,
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if let Some(rest) = args.strip_prefix(&[OsString::from(child::FLAG)]) {
        return child::helper(rest);
    }
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("vs_glpsol: error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let sizes = sizes(smoke)?;
    let glpsol = glpsol_available();
    if !glpsol {
        let missing = need_solver::missing("glpsol");
        if !smoke || std::env::var_os("CI").is_some() {
            return Err(missing);
        }
        println!("note: {missing}; smoke run of cagec only");
    }
    if cfg!(debug_assertions) {
        println!("note: debug build (smoke run); the targets are for release builds");
    }
    let tmp = tempfile::tempdir().map_err(|e| format!("temp dir: {e}"))?;
    let mut rows = Vec::new();
    for &n in &sizes {
        let dir = tmp.path().join(format!("n{n}"));
        fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        rows.extend(bench_size(n, &dir, smoke, glpsol)?);
        // The LP files of n = 100 are ~100 MB each: free the disk as we go.
        fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    println!();
    report::print_table(&rows);
    println!();
    if cfg!(debug_assertions) {
        // Release targets judged on a debug build would only print FAILs.
        println!("Targets not judged: this is a debug build.");
    } else {
        report::print_targets(&rows, &sizes);
    }
    Ok(())
}

/// Sizes from numeric arguments or `CAGEC_VS_SIZES`; n = 9 in smoke mode.
fn sizes(smoke: bool) -> Result<Vec<usize>, String> {
    if smoke {
        return Ok(vec![9]);
    }
    let from_args: Vec<usize> = std::env::args().filter_map(|a| a.parse().ok()).collect();
    if !from_args.is_empty() {
        return Ok(from_args);
    }
    let Ok(list) = std::env::var("CAGEC_VS_SIZES") else {
        return Ok(vec![9, 25, 50, 100]);
    };
    let parse = |s: &str| {
        s.trim()
            .parse()
            .map_err(|_| format!("CAGEC_VS_SIZES: bad size `{s}`"))
    };
    list.split(',').map(parse).collect()
}

fn glpsol_available() -> bool {
    Command::new("glpsol")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs per row: 11 up to n = 25, 3 up to 50, then 1 for glpsol (~15 s at
/// n = 100) and 3 for cagec.
fn reps(n: usize, smoke: bool, glpsol: bool) -> usize {
    if smoke {
        return 1;
    }
    let env = std::env::var("CAGEC_VS_REPS").ok();
    if let Some(k) = env.and_then(|v| v.parse().ok()) {
        return k;
    }
    match n {
        0..=25 => 11,
        26..=50 => 3,
        _ if glpsol => 1,
        _ => 3,
    }
}

/// Writes the puzzle and the AMPL pair glpsol reads, times every case in
/// rounds (so drift in the machine's load hits them alike), then compares
/// glpsol's LP with cagec's.
fn bench_size(n: usize, dir: &Path, smoke: bool, glpsol: bool) -> Result<Vec<Row>, String> {
    let opts = Options {
        size: n,
        seed: 2016,
        max_cage: 4,
        ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
        ..Default::default()
    };
    let (puzzle, _) = generate::puzzle(&opts);
    let cage = dir.join("puzzle.cage");
    fs::write(&cage, write::jwiki(&puzzle)).map_err(|e| format!("{}: {e}", cage.display()))?;
    let pair = cagec(
        "",
        "compile puzzle.cage --to ampl -o puzzle.mod",
        &["puzzle.mod", "puzzle.dat"],
    );
    run_case(&pair, dir)?;

    let glpsol = glpsol.then_some(&GLPSOL);
    let cases: Vec<&Case> = glpsol.into_iter().chain([&START]).chain(CASES).collect();
    let ks: Vec<usize> = cases
        .iter()
        .map(|c| reps(n, smoke, c.glpsol).max(1))
        .collect();
    let rounds = ks.iter().copied().max().unwrap_or(1);
    eprintln!("n = {n}: {} commands, {rounds} rounds", cases.len());
    let samples = time_rounds(&cases, &ks, dir)?;
    let mut rows = Vec::new();
    for (case, sample) in cases.iter().zip(samples) {
        rows.push(sample.row(n, case, dir)?);
    }
    if glpsol.is_some() {
        agree::compare(
            n,
            &dir.join("glpsol.log"),
            &dir.join("glpk.lp"),
            &dir.join("cagec.lp"),
        )?;
    }
    Ok(rows)
}

/// What a case's runs gave: the times, the largest peak RSS (KiB), or
/// cagec's refusal of the options (exit 2, e.g. presolve beyond 64×64).
#[derive(Clone, Default)]
struct Sample {
    times: Vec<Duration>,
    rss_kb: u64,
    refused: Option<String>,
}

impl Sample {
    fn row(mut self, n: usize, case: &Case, dir: &Path) -> Result<Row, String> {
        self.times.sort();
        let time = self.times.get(self.times.len() / 2).copied();
        let bytes = match self.refused {
            None => file_bytes(dir, case.files)?,
            Some(_) => 0,
        };
        Ok(Row {
            n,
            tool: case.label,
            bytes,
            time: time.unwrap_or_default(),
            rss_kb: self.rss_kb,
            refused: self.refused,
        })
    }
}

/// Runs case i `ks[i]` times, one run of each case per round.
fn time_rounds(cases: &[&Case], ks: &[usize], dir: &Path) -> Result<Vec<Sample>, String> {
    let mut samples = vec![Sample::default(); cases.len()];
    let rounds = ks.iter().copied().max().unwrap_or(1);
    for round in 0..rounds {
        for (i, case) in cases.iter().enumerate().filter(|&(i, _)| round < ks[i]) {
            let sample = &mut samples[i];
            if sample.refused.is_some() {
                continue;
            }
            match run_case(case, dir)? {
                Run::Done(time, rss_kb) => {
                    sample.times.push(time);
                    sample.rss_kb = sample.rss_kb.max(rss_kb);
                }
                Run::Refused(why) => sample.refused = Some(why),
            }
        }
    }
    Ok(samples)
}

enum Run {
    Done(Duration, u64),
    Refused(String),
}

fn file_bytes(dir: &Path, files: &[&str]) -> Result<u64, String> {
    files.iter().try_fold(0, |sum, f| {
        let path = dir.join(f);
        let meta = fs::metadata(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(sum + meta.len())
    })
}

/// Runs one case once in `dir`: its wall time and peak RSS (KiB). Its
/// outputs are deleted first, so a run that exits 0 without writing them is
/// caught; stdout and stderr go to `glpsol.log` or `cagec.log`.
fn run_case(case: &Case, dir: &Path) -> Result<Run, String> {
    for f in case.files {
        let _ = fs::remove_file(dir.join(f));
    }
    let log = dir.join(if case.glpsol {
        "glpsol.log"
    } else {
        "cagec.log"
    });
    let program = if case.glpsol { "glpsol" } else { CAGEC };
    let args: Vec<&str> = case.args.split(' ').collect();
    let cmd = format!("{program} {}", case.args);
    let child::Measured { time, code, rss_kb } = child::measure(program, &args, dir, &log)?;
    let text = || fs::read_to_string(&log).unwrap_or_default();
    if code == Some(2) && !case.glpsol {
        let text = text();
        let why = text.lines().next().unwrap_or("exit 2");
        return Ok(Run::Refused(why.trim_start_matches("cagec: ").to_string()));
    }
    if code != Some(0) {
        let text = text();
        return Err(format!(
            "`{cmd}` in {} failed ({code:?}):\n{text}",
            dir.display()
        ));
    }
    if let Some(f) = case.files.iter().find(|f| !dir.join(f).exists()) {
        return Err(format!("`{cmd}` exited 0 but did not write {f}"));
    }
    Ok(Run::Done(time, rss_kb))
}
