//! Driving cagec with `tests/fake-solvers/fake-solver` in place of a solver.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::*;

/// The environment variable that points cagec at `solver`.
pub fn env_var(solver: &str) -> &'static str {
    match solver {
        "highs" => "CAGEC_HIGHS",
        "cbc" => "CAGEC_CBC",
        _ => "CAGEC_GLPSOL",
    }
}

/// A solve of kk0 by the fake posing as `solver`, with `FAKE_*` settings.
pub fn faked(dir: &Path, solver: &str, fake: &[(&str, PathBuf)], extra: &[&str]) -> Command {
    let p = puzzle(dir, "kk0.txt", KK0);
    // The captured files answer the paper's model of kk0, not solve's
    // default route, so the fake is asked for the paper's model.
    let mut args = vec!["solve", "--solver", solver, "--formulation", "melkonian"];
    args.extend_from_slice(extra);
    let p = p.display().to_string();
    args.push(&p);
    let mut cmd = cagec(&args);
    cmd.env(env_var(solver), fake_solver());
    for (k, v) in fake {
        cmd.env(k, v);
    }
    cmd
}

pub fn mode(m: &str) -> PathBuf {
    PathBuf::from(m)
}

/// Asserts a solver failure: exit 3, no grid anywhere, the message on stderr.
pub fn assert_failure(out: &Output, needles: &[&str]) {
    let err = stderr(out);
    assert_eq!(code(out), 3, "stdout: {}\nstderr: {err}", stdout(out));
    for n in needles {
        assert!(err.contains(n), "stderr lacks {n:?}:\n{err}");
    }
    let text = stdout(out);
    assert!(
        !text.contains('┃') && !text.contains("solution: found"),
        "a grid was printed:\n{text}"
    );
}

/// A copy of a captured file with replacements applied.
pub fn edited(dir: &Path, name: &str, from: &str, edits: &[(&str, &str)]) -> PathBuf {
    let mut text = std::fs::read_to_string(captured(from)).unwrap();
    for (a, b) in edits {
        assert!(text.contains(a), "{from} has no {a:?}");
        text = text.replace(a, b);
    }
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A HiGHS style-0 file for kk0's model holding `grid` (x, y consistent).
pub fn highs_file(dir: &Path, name: &str, grid: [[u32; 4]; 4], x_value: f64) -> PathBuf {
    let captured = std::fs::read_to_string(captured("kk0.highs.sol")).unwrap();
    let mut lines = captured.lines().skip_while(|l| !l.starts_with("# Columns"));
    let count: usize = lines.next().unwrap()["# Columns ".len()..].parse().unwrap();
    let mut out =
        String::from("Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 0\n");
    out.push_str(&format!("# Columns {count}\n"));
    let columns = crate::support::cells::cell_columns(4);
    for line in lines.take(count) {
        let name = line.rsplit_once(' ').unwrap().0;
        let value = match columns.get(name) {
            Some(&cagec::model::Column::X { row, col, k })
                if grid[row as usize][col as usize] == k =>
            {
                x_value
            }
            Some(&cagec::model::Column::Y { row, col }) => grid[row as usize][col as usize] as f64,
            _ => 0.0,
        };
        out.push_str(&format!("{name} {value}\n"));
    }
    let path = dir.join(name);
    std::fs::write(&path, out).unwrap();
    path
}

/// How long cagec may take to kill a hung solver, once it should, and to
/// exit. It takes a fraction of a second (`scripts/bench-interrupts`
/// measures it); the bound, far below the fake's hang (`exec sleep 600`),
/// tells "killed" from "waited the hang out" on a machine loaded on every
/// core.
pub const STOPS_WITHIN: Duration = Duration::from_secs(20);

/// How long cagec may take to start the fake (the model written, the
/// process spawned): only a hung test waits it out.
pub const STARTS_WITHIN: Duration = Duration::from_secs(300);

/// The process whose pid is in `file` stops running (ends, or is a zombie
/// waiting for its parent) within [`STOPS_WITHIN`].
pub fn assert_gone(file: &Path) {
    let pid = std::fs::read_to_string(file).unwrap();
    let stat = || std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
    let gone = |stat: &str| stat.is_empty() || stat.contains(") Z");
    let deadline = Instant::now() + STOPS_WITHIN;
    while !gone(&stat()) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let stat = stat();
    assert!(gone(&stat), "the solver survived: {stat}");
}

pub fn json_run(
    dir: &Path,
    solver: &str,
    fake: &[(&str, PathBuf)],
    extra: &[&str],
) -> (i32, Value) {
    let mut args = vec!["--json"];
    args.extend_from_slice(extra);
    let out = run(faked(dir, solver, fake, &args));
    (code(&out), record(&out))
}
