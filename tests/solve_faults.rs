//! Fault injection: `tests/fake-solvers/fake-solver` stands in for a solver
//! (through CAGEC_HIGHS / CAGEC_CBC / CAGEC_GLPSOL) and misbehaves on
//! purpose, replaying files captured from the real binaries or corrupting
//! them. Every case must give the right status or a clear error, and never
//! a wrong grid.

mod solve_support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;
use solve_support::*;

/// The environment variable that points cagec at `solver`.
fn env_var(solver: &str) -> &'static str {
    match solver {
        "highs" => "CAGEC_HIGHS",
        "cbc" => "CAGEC_CBC",
        _ => "CAGEC_GLPSOL",
    }
}

/// A solve of kk0 by the fake posing as `solver`, with `FAKE_*` settings.
fn faked(dir: &Path, solver: &str, fake: &[(&str, PathBuf)], extra: &[&str]) -> Command {
    let p = puzzle(dir, "kk0.txt", KK0);
    let mut args = vec!["solve", "--solver", solver];
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

fn mode(m: &str) -> PathBuf {
    PathBuf::from(m)
}

/// Asserts a solver failure: exit 3, no grid anywhere, the message on stderr.
fn assert_failure(out: &Output, needles: &[&str]) {
    let err = stderr(out);
    assert_eq!(code(out), 3, "stdout: {}\nstderr: {err}", stdout(out));
    for n in needles {
        assert!(err.contains(n), "stderr lacks {n:?}:\n{err}");
    }
    let text = stdout(out);
    assert!(!text.contains('┃') && !text.contains("solution: found"), "a grid was printed:\n{text}");
}

/// A copy of a captured file with replacements applied.
fn edited(dir: &Path, name: &str, from: &str, edits: &[(&str, &str)]) -> PathBuf {
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
fn highs_file(dir: &Path, name: &str, grid: [[u32; 4]; 4], x_value: f64) -> PathBuf {
    let captured = std::fs::read_to_string(captured("kk0.highs.sol")).unwrap();
    let mut lines = captured.lines().skip_while(|l| !l.starts_with("# Columns"));
    let count: usize = lines.next().unwrap()["# Columns ".len()..].parse().unwrap();
    let mut out = String::from("Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 0\n");
    out.push_str(&format!("# Columns {count}\n"));
    for line in lines.take(count) {
        let name = line.rsplit_once(' ').unwrap().0;
        let parts: Vec<usize> = name[2..].split('_').filter_map(|p| p.parse().ok()).collect();
        let value = match (&name[..2], &parts[..]) {
            ("x_", &[i, j, k]) if grid[i - 1][j - 1] as usize == k => x_value,
            ("y_", &[i, j]) => grid[i - 1][j - 1] as f64,
            _ => 0.0,
        };
        out.push_str(&format!("{name} {value}\n"));
    }
    let path = dir.join(name);
    std::fs::write(&path, out).unwrap();
    path
}

#[test]
fn missing_binaries_say_how_to_install() {
    let dir = tempfile::tempdir().unwrap();
    let p = puzzle(dir.path(), "kk0.txt", KK0).display().to_string();
    let mut cmd = cagec(&["solve", "--solver", "highs", &p]);
    cmd.env("CAGEC_HIGHS", "/nonexistent/highs");
    let out = run(cmd);
    assert_failure(&out, &["CAGEC_HIGHS=/nonexistent/highs", "pip install highsbox", "LD_LIBRARY_PATH"]);
    for (solver, hint) in [("cbc", "pip install cbcbox"), ("glpk", "apt-get install glpk-utils")] {
        let mut cmd = cagec(&["solve", "--solver", solver, &p]);
        cmd.env("PATH", "");
        assert_failure(&run(cmd), &["not on PATH", hint]);
    }
    let mut cmd = cagec(&["solve", &p]);
    cmd.env("PATH", "");
    assert_failure(&run(cmd), &["no solver found", "highsbox", "cbcbox", "glpk-utils"]);
}

#[test]
fn crashes_and_signals_are_solver_failures() {
    let dir = tempfile::tempdir().unwrap();
    for solver in ["highs", "cbc", "glpk"] {
        let out = run(faked(dir.path(), solver, &[("FAKE_MODE", mode("fail"))], &[]));
        assert_failure(&out, &["exit status 7", "fake-solver: cannot read the model"]);
        let out = run(faked(dir.path(), solver, &[("FAKE_MODE", mode("segv"))], &[]));
        assert_failure(&out, &["killed by signal 11"]);
    }
}

#[test]
fn a_hang_past_the_limit_is_killed_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let pid = dir.path().join("fake.pid");
    let start = std::time::Instant::now();
    let fake = [("FAKE_MODE", mode("hang")), ("FAKE_PID", pid.clone())];
    let out = run(faked(dir.path(), "cbc", &fake, &["--time-limit", "0.2"]));
    let took = start.elapsed().as_secs_f64();
    assert_failure(&out, &["still running after 5.2 s", "killed"]);
    assert!((5.0..15.0).contains(&took), "killed after {took} s");
    assert_gone(&pid);
}

/// The process whose pid is in `file` no longer runs.
fn assert_gone(file: &Path) {
    let pid = std::fs::read_to_string(file).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(200));
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
    assert!(stat.is_empty() || stat.contains(") Z"), "the solver survived: {stat}");
}

#[test]
fn garbage_and_mismatched_files_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(faked(dir.path(), "highs", &[("FAKE_MODE", mode("garbage"))], &[]));
    assert_failure(&out, &["kk0.lp.highs.sol", "not a HiGHS solution file"]);
    let out = run(faked(dir.path(), "cbc", &[("FAKE_MODE", mode("garbage"))], &[]));
    assert_failure(&out, &["kk0.lp.cbc.sol:1", "objective value"]);
    let out = run(faked(dir.path(), "glpk", &[("FAKE_MODE", mode("garbage"))], &[]));
    assert_failure(&out, &["kk0.lp.glpsol.w:1", "unknown line type"]);
    // A glpsol file of another model: the column count gives it away.
    let other = captured("glpsol-optimal.w");
    let out = run(faked(dir.path(), "glpk", &[("FAKE_SOLUTION", other.clone())], &[]));
    assert_failure(&out, &["12 columns but the model has 82"]);
    // Fractional binaries are not rounded into a grid.
    let half = highs_file(dir.path(), "half.sol", KK0_GRID, 0.5);
    let out = run(faked(dir.path(), "highs", &[("FAKE_SOLUTION", half.clone())], &[]));
    assert_failure(&out, &["x_1_1_1 = 0.5 is not 0 or 1"]);
}

#[test]
fn a_stale_solution_file_is_deleted_and_never_read() {
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("keep");
    std::fs::create_dir(&keep).unwrap();
    let stale = keep.join("kk0.lp.highs.sol");
    std::fs::copy(captured("kk0.highs.sol"), &stale).unwrap();
    let keep_arg = keep.display().to_string();
    let out = run(faked(dir.path(), "highs", &[("FAKE_MODE", mode("nothing"))], &["--keep", &keep_arg]));
    assert_failure(&out, &["wrote no solution file kk0.lp.highs.sol"]);
    assert!(!stale.exists(), "the stale file is still there");
}

#[test]
fn renamed_columns_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let renamed = edited(dir.path(), "renamed.sol", "kk0.cbc.sol", &[(" x_1_1_1 ", " x0      ")]);
    let out = run(faked(dir.path(), "cbc", &[("FAKE_SOLUTION", renamed.clone())], &[]));
    assert_failure(&out, &["\"x0\" is not a variable of the model", "rename"]);
}

#[test]
fn cbc_errors_in_the_log_win_over_a_solution_file() {
    let dir = tempfile::tempdir().unwrap();
    let fake = [
        ("FAKE_SOLUTION", captured("kk0.cbc.sol")),
        ("FAKE_LOG", captured("cbc-parse-error.log")),
    ];
    let out = run(faked(dir.path(), "cbc", &fake, &[]));
    assert_failure(&out, &["cbc reports an error: ERROR: CoinLpIO::read_monom_row"]);
}

fn json_run(dir: &Path, solver: &str, fake: &[(&str, PathBuf)], extra: &[&str]) -> (i32, Value) {
    let mut args = vec!["--json"];
    args.extend_from_slice(extra);
    let out = run(faked(dir, solver, fake, &args));
    (code(&out), record(&out))
}

#[test]
fn infeasible_files_mean_no_solution() {
    let dir = tempfile::tempdir().unwrap();
    for (solver, file) in [("highs", "highs-infeasible.sol"), ("cbc", "cbc-infeasible.sol"), ("glpk", "glpsol-infeasible.w")] {
        let (code, rec) = json_run(dir.path(), solver, &[("FAKE_SOLUTION", captured(file))], &[]);
        assert_eq!(code, 1, "{solver}: {rec}");
        assert_eq!((rec["status"].as_str(), rec["stop"].as_str()), (Some("none"), Some("infeasible")));
        assert_eq!(rec["grid"], Value::Null);
    }
}

#[test]
fn time_limit_without_incumbent_is_not_proven() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("highs", "highs-timelimit-none.sol", None),
        ("cbc", "cbc-stopped-continuous.sol", None),
        ("glpk", "glpsol-timelimit-none.w", Some("glpsol-timelimit-none.log")),
    ];
    for (solver, file, log) in cases {
        let log = log.map(captured);
        let mut fake = vec![("FAKE_SOLUTION", captured(file))];
        fake.extend(log.map(|l| ("FAKE_LOG", l)));
        let (code, rec) = json_run(dir.path(), solver, &fake, &["--time-limit", "2"]);
        assert_eq!(code, 1, "{solver}: {rec}");
        assert_eq!((rec["status"].as_str(), rec["stop"].as_str()), (Some("not-proven"), Some("time-limit")), "{solver}");
        assert_eq!(rec["grid"], Value::Null, "{solver}: the LP relaxation or junk became a grid");
    }
}

#[test]
fn time_limit_with_incumbent_is_a_verified_solution() {
    let dir = tempfile::tempdir().unwrap();
    let highs = edited(dir.path(), "h.sol", "kk0.highs.sol", &[("Optimal", "Time limit reached")]);
    let cbc = edited(dir.path(), "c.sol", "kk0.cbc.sol", &[("Optimal - ", "Stopped on time - ")]);
    let glpk = edited(dir.path(), "g.w", "kk0.glpsol.w", &[("s mip 75 82 o", "s mip 75 82 f")]);
    let log = captured("glpsol-timelimit-feasible.log");
    let cases: [(&str, Vec<(&str, PathBuf)>); 3] = [
        ("highs", vec![("FAKE_SOLUTION", highs.clone())]),
        ("cbc", vec![("FAKE_SOLUTION", cbc.clone())]),
        ("glpk", vec![("FAKE_SOLUTION", glpk.clone()), ("FAKE_LOG", log.clone())]),
    ];
    for (solver, fake) in cases {
        let (code, rec) = json_run(dir.path(), solver, &fake, &["--time-limit", "2"]);
        assert_eq!(code, 0, "{solver}: {rec}");
        assert_eq!((rec["status"].as_str(), rec["stop"].as_str()), (Some("found"), Some("time-limit")), "{solver}");
        assert_eq!(rec["grid"], grid_json(&KK0_GRID));
    }
}

#[test]
fn a_wrong_grid_is_caught_by_the_verifier() {
    let dir = tempfile::tempdir().unwrap();
    // A Latin square, so only the cages can tell.
    let latin = [[1, 2, 3, 4], [2, 3, 4, 1], [3, 4, 1, 2], [4, 1, 2, 3]];
    let wrong = highs_file(dir.path(), "wrong.sol", latin, 1.0);
    let out = run(faked(dir.path(), "highs", &[("FAKE_SOLUTION", wrong.clone())], &[]));
    assert_failure(&out, &["highs returned a grid that is not a solution", "cage 2 (11+)"]);
    let (status, rec) = json_run(dir.path(), "highs", &[("FAKE_SOLUTION", wrong.clone())], &[]);
    assert_eq!(status, 3);
    assert_eq!((rec["status"].as_str(), rec["grid"].clone()), (Some("error"), Value::Null));
    assert!(rec["error"].as_str().unwrap().contains("not a solution"));
    // The same grid through check: exit 1 with every violation.
    let grid = dir.path().join("wrong.grid");
    std::fs::write(&grid, "1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 3\n").unwrap();
    let p = dir.path().join("kk0.txt");
    let out = run(cagec(&["check", p.to_str().unwrap(), grid.to_str().unwrap()]));
    assert_eq!(code(&out), 1);
    assert!(stdout(&out).contains("cage 2 (11+) is not met"), "{}", stdout(&out));
}

#[test]
fn a_solver_that_ignores_the_cut_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let fake = [("FAKE_SOLUTION", captured("kk0.highs.sol"))];
    let out = run(faked(dir.path(), "highs", &fake, &["--unique"]));
    assert_failure(&out, &["returned solution 1 again although no-good cut 1 forbids it"]);
}

#[test]
fn a_nonzero_exit_with_a_good_file_is_accepted() {
    // HiGHS exits 1 for warnings and still writes its answer.
    let dir = tempfile::tempdir().unwrap();
    let one = PathBuf::from("1");
    let fake = [("FAKE_SOLUTION", captured("kk0.highs.sol")), ("FAKE_EXIT", one)];
    let (code, rec) = json_run(dir.path(), "highs", &fake, &[]);
    assert_eq!((code, rec["grid"].clone()), (0, grid_json(&KK0_GRID)));
}

#[test]
fn ampl_route_needs_the_printed_cells() {
    let dir = tempfile::tempdir().unwrap();
    let w = captured("kk0.ampl.w");
    let empty = dir.path().join("empty.out");
    std::fs::write(&empty, "").unwrap();
    let fake = [("FAKE_SOLUTION", w.clone()), ("FAKE_PRINTED", empty.clone())];
    let out = run(faked(dir.path(), "glpk", &fake, &["--via", "ampl"]));
    assert_failure(&out, &["kk0.dat.glpsol.out", "printed 0 of 16 cells"]);
    let printed = captured("kk0.ampl.out");
    let fake = [("FAKE_SOLUTION", w.clone()), ("FAKE_PRINTED", printed.clone())];
    let (code, rec) = json_run(dir.path(), "glpk", &fake, &["--via", "ampl"]);
    assert_eq!((code, rec["grid"].clone()), (0, grid_json(&KK0_GRID)));
}

#[test]
fn limits_and_threads_reach_each_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let args = dir.path().join("args");
    for (solver, sol, want) in [
        ("highs", "kk0.highs.sol", "--model_file kk0.lp --solution_file kk0.lp.highs.sol --time_limit 2.5 --threads 2"),
        ("cbc", "kk0.cbc.sol", "kk0.lp -sec 2.5 -timeMode elapsed -threads 2 -solve -printingOptions all -solu kk0.lp.cbc.sol"),
        ("glpk", "kk0.glpsol.w", "--lp kk0.lp -w kk0.lp.glpsol.w --tmlim 3"),
    ] {
        let _ = std::fs::remove_file(&args);
        let fake = [("FAKE_SOLUTION", captured(sol)), ("FAKE_ARGS", args.clone())];
        let out = run(faked(dir.path(), solver, &fake, &["--time-limit", "2.5", "--threads", "2"]));
        assert_eq!(code(&out), 0, "{solver}: {}", stderr(&out));
        assert_eq!(std::fs::read_to_string(&args).unwrap().trim(), want);
        if solver == "glpk" {
            assert!(stderr(&out).contains("glpsol has no threads option"));
        }
    }
}

#[test]
fn usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let p = puzzle(dir.path(), "kk0.txt", KK0).display().to_string();
    let out = run(cagec(&["solve", "--via", "ampl", "--solver", "highs", &p]));
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("use --solver glpk"), "{}", stderr(&out));
    let out = run(cagec(&["solve", "--time-limit", "-1", &p]));
    assert_eq!(code(&out), 2);
    let bad = puzzle(dir.path(), "bad.txt", "11+,1 2 x\n");
    let mut cmd = cagec(&["solve", "--json", bad.to_str().unwrap()]);
    cmd.env("CAGEC_HIGHS", fake_solver());
    let out = run(cmd);
    assert_eq!(code(&out), 2);
    assert_eq!(record(&out)["status"], "invalid");
}

#[test]
fn ctrl_c_kills_the_solver_cleans_up_and_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let pid = dir.path().join("fake.pid");
    let fake = [("FAKE_MODE", mode("hang")), ("FAKE_PID", pid.clone())];
    let mut cmd = faked(dir.path(), "highs", &fake, &[]);
    cmd.env("TMPDIR", &tmp);
    let child = cmd.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::piped()).spawn().unwrap();
    for _ in 0..100 {
        if pid.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(pid.exists(), "the fake solver never started");
    let cagec_pid = nix::unistd::Pid::from_raw(child.id() as i32);
    nix::sys::signal::kill(cagec_pid, nix::sys::signal::Signal::SIGINT).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    assert_gone(&pid);
    let left: Vec<_> = std::fs::read_dir(&tmp).unwrap().flatten().map(|e| e.path()).collect();
    assert!(left.is_empty(), "temporary files left behind: {left:?}");
}
