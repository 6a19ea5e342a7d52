//! `cargo bench --bench python`: what the Python module costs over the same
//! work in Rust, and what installing it costs. It needs the wheel installed
//! in the Python it runs (`CAGEC_PYTHON`, default the project's venv
//! `target/solvers/venv/bin/python`; `scripts/test-python` installs it
//! there) and the wheel itself in target/wheels (`scripts/build-wheel`).
//!
//! 1. Parse + compile (LP) of each Keen 9×9 fixture: Rust in process against
//!    `cagec.Puzzle.parse(text).compile("lp")` in Python, median per puzzle.
//! 2. The n = 100 LP (about 100 MB) written to a file: `cagec compile -o`
//!    against `Puzzle.from_file(...).write(...)` in Python, paired runs.
//! 3. The native solver in the wheel (CaDiCaL compiled by zig's clang for
//!    the manylinux2014 wheel) against the CLI's (gcc): `--unique` on the
//!    held-out 16×16 and 20×20 peer puzzles, seconds as each reports them.
//! 4. The wheel's size, and `pip install` of it into a fresh venv.
//!
//! Without `--bench` (`cargo test --benches`) it is a smoke run: one rep,
//! the 9×9 row only.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use cagec::back::OutputFormat;
use cagec::compile::Compiled;
use cagec::formulate::Options;
use cagec::front::{self, InputFormat};

fn python() -> PathBuf {
    std::env::var_os("CAGEC_PYTHON").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("target/solvers/venv/bin/python"),
        PathBuf::from,
    )
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Seconds per parse + compile of `texts`, in Rust, median of `reps` passes.
fn rust_per_puzzle(texts: &[String], reps: usize) -> f64 {
    let passes = (0..reps)
        .map(|_| {
            let start = Instant::now();
            for text in texts {
                let (puzzle, _) = front::parse(InputFormat::Keen, text).expect("fixture parses");
                let compiled = Compiled::new(&puzzle, &Options::default(), OutputFormat::Lp, "p")
                    .expect("fixture compiles");
                std::hint::black_box(compiled.to_bytes());
            }
            start.elapsed().as_secs_f64() / texts.len() as f64
        })
        .collect();
    median(passes)
}

/// The same in Python, measured by Python's clock inside one interpreter.
fn python_per_puzzle(files: &[PathBuf], reps: usize) -> Result<f64, String> {
    let script = r#"
import sys, time, cagec
texts = [open(f).read() for f in sys.argv[2:]]
reps = int(sys.argv[1])
passes = []
for _ in range(reps):
    start = time.perf_counter()
    for t in texts:
        cagec.Puzzle.parse(t, "keen", name="p").compile("lp")
    passes.append((time.perf_counter() - start) / len(texts))
passes.sort()
print(passes[len(passes) // 2])
"#;
    let out = Command::new(python())
        .arg("-c")
        .arg(script)
        .arg(reps.to_string())
        .args(files)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", python().display()))?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .map_err(|e| format!("{e}"))
}

fn seconds(cmd: &mut Command) -> Result<f64, String> {
    let start = Instant::now();
    let out = cmd.output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    Ok(start.elapsed().as_secs_f64())
}

fn main() {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("fixtures/keen9"))
        .expect("fixtures/keen9")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "keen"))
        .collect();
    files.sort();
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("fixture"))
        .collect();
    if !python().exists() {
        let why = format!(
            "no Python at {} (set CAGEC_PYTHON, or run scripts/test-python)",
            python().display()
        );
        assert!(std::env::var_os("CI").is_none(), "{why}");
        println!("python bench skipped: {why}");
        return;
    }

    let reps = if smoke { 1 } else { 201 };
    let rust = rust_per_puzzle(&texts, reps);
    let py = python_per_puzzle(&files, reps).unwrap_or_else(|e| panic!("python: {e}"));
    println!(
        "{:<44} {:>12} {:>12} {:>8}",
        "work", "Rust", "Python", "ratio"
    );
    println!(
        "{:<44} {:>9.1} µs {:>9.1} µs {:>7.2}×",
        "parse + compile LP, Keen 9×9 (12 puzzles)",
        rust * 1e6,
        py * 1e6,
        py / rust
    );
    println!(
        "  (glibc's malloc maps and unmaps each model buffer of this size unless its heap has \
         grown: MALLOC_MMAP_THRESHOLD_=268435456 takes that out of both sides)"
    );
    if smoke {
        return;
    }

    // n = 100: the CLI and Python write the same 100 MB file, in turns.
    let dir = tempfile::tempdir().expect("temp dir");
    let puzzle = dir.path().join("big100.cage");
    let (p, _) = cagec::generate::puzzle(&cagec::generate::Options {
        size: 100,
        seed: 2016,
        ..Default::default()
    });
    std::fs::write(&puzzle, front::write::jwiki(&p)).expect("write puzzle");
    let (cli_lp, py_lp) = (dir.path().join("cli.lp"), dir.path().join("py.lp"));
    let (mut cli, mut pyt) = (Vec::new(), Vec::new());
    // Paired and alternated: the disk's page cache is the noisiest part.
    for _ in 0..9 {
        cli.push(
            seconds(
                Command::new(env!("CARGO_BIN_EXE_cagec"))
                    .args(["compile", "--to", "lp", "-o"])
                    .arg(&cli_lp)
                    .arg(&puzzle),
            )
            .expect("cagec compile"),
        );
        pyt.push(
            seconds(
                Command::new(python())
                    .arg("-c")
                    .arg(
                        "import sys, cagec; cagec.Puzzle.from_file(sys.argv[1]).write(sys.argv[2])",
                    )
                    .arg(&puzzle)
                    .arg(&py_lp),
            )
            .expect("python write"),
        );
    }
    let bytes = std::fs::metadata(&cli_lp).expect("cli.lp").len();
    assert_eq!(
        std::fs::read(&cli_lp).ok(),
        std::fs::read(&py_lp).ok(),
        "the CLI and Python wrote different bytes"
    );
    let (c, q) = (median(cli), median(pyt));
    println!(
        "{:<44} {:>10.3} s {:>10.3} s {:>7.2}×",
        format!("n = 100 LP to a file ({} MB), process", bytes / 1_000_000),
        c,
        q,
        q / c
    );

    // The native solver: the wheel's build against the CLI's.
    let peers: Vec<PathBuf> = ["16", "20"]
        .iter()
        .flat_map(|n| {
            let dir = root.join("fixtures/scale/peer");
            let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
                .expect("fixtures/scale/peer")
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    p.extension().is_some_and(|e| e == "cage")
                        && p.file_name()
                            .is_some_and(|f| f.to_string_lossy().starts_with(&format!("peer{n}-")))
                })
                .collect();
            v.sort();
            v
        })
        .collect();
    let script = r#"
import sys, cagec
for f in sys.argv[1:]:
    s = cagec.Puzzle.from_file(f).solve(unique=True)
    assert s.unique and not cagec.Puzzle.from_file(f).check(s.grid)
    print(s.seconds)
"#;
    let out = Command::new(python())
        .arg("-c")
        .arg(script)
        .args(&peers)
        .output()
        .expect("python solve");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let wheel_secs: Vec<f64> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.parse().expect("seconds"))
        .collect();
    println!(
        "{:<24} {:>12} {:>12}",
        "native --unique", "CLI (gcc)", "wheel (zig)"
    );
    for (p, w) in peers.iter().zip(&wheel_secs) {
        let out = Command::new(env!("CARGO_BIN_EXE_cagec"))
            .args(["solve", "--solver", "native", "--unique", "--json"])
            .arg(p)
            .output()
            .expect("cagec solve");
        let json: serde_json::Value =
            serde_json::from_slice(&out.stdout).expect("cagec solve --json");
        println!(
            "{:<24} {:>10.3} s {:>10.3} s",
            p.file_stem().unwrap_or_default().to_string_lossy(),
            json["seconds"].as_f64().expect("seconds"),
            w
        );
    }

    // The wheel and its installation.
    let wheels: Vec<PathBuf> = std::fs::read_dir(root.join("target/wheels"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    let Some(wheel) = wheels
        .iter()
        .find(|p| p.extension().is_some_and(|e| e == "whl"))
    else {
        println!("no wheel in target/wheels: run scripts/build-wheel");
        return;
    };
    let venv = dir.path().join("venv");
    seconds(Command::new("python3").args(["-m", "venv"]).arg(&venv)).expect("python3 -m venv");
    let install = seconds(
        Command::new(venv.join("bin/pip"))
            .args([
                "install",
                "--quiet",
                "--no-index",
                "--disable-pip-version-check",
            ])
            .arg(wheel),
    )
    .expect("pip install");
    let import = seconds(Command::new(venv.join("bin/python")).args(["-c", "import cagec"]))
        .expect("import cagec");
    println!(
        "wheel {}: {} KB; pip install into a fresh venv {:.2} s; python -c 'import cagec' {:.3} s",
        wheel.file_name().unwrap_or_default().to_string_lossy(),
        std::fs::metadata(wheel).map_or(0, |m| m.len() / 1024),
        install,
        import
    );
}
