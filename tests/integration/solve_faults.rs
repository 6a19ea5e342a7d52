//! Fault injection: `tests/fake-solvers/fake-solver` stands in for a solver
//! (through CAGEC_HIGHS / CAGEC_CBC / CAGEC_GLPSOL) and misbehaves on
//! purpose: missing, crashing, hanging, writing garbage, leaving a stale
//! file, renaming columns, ignoring a cut, returning a wrong grid. Every case
//! must be a clear error (exit 3) and never a grid.

use serde_json::Value;
use wait_timeout::ChildExt;

use crate::support::solve::fake::*;
use crate::support::solve::*;

#[test]
fn missing_binaries_say_how_to_install() {
    let dir = tempfile::tempdir().unwrap();
    let p = puzzle(dir.path(), "kk0.txt", KK0).display().to_string();
    let mut cmd = cagec(&["solve", "--solver", "highs", &p]);
    cmd.env("CAGEC_HIGHS", "/nonexistent/highs");
    let out = run(cmd);
    assert_failure(
        &out,
        &[
            "CAGEC_HIGHS=/nonexistent/highs",
            "pip install highsbox",
            "LD_LIBRARY_PATH",
        ],
    );
    for (solver, hint) in [
        ("cbc", "pip install cbcbox"),
        ("glpk", "apt-get install glpk-utils"),
    ] {
        let mut cmd = cagec(&["solve", "--solver", solver, &p]);
        cmd.env("PATH", "");
        assert_failure(&run(cmd), &["not on PATH", hint]);
    }
    // With no binary at all, asking for a file route is an error that lists
    // every install; without --via, the native solver answers instead
    // (solve_native.rs).
    let mut cmd = cagec(&["solve", "--via", "lp", &p]);
    cmd.env("PATH", "");
    assert_failure(
        &run(cmd),
        &["no solver found", "highsbox", "cbcbox", "glpk-utils"],
    );
}

#[test]
fn crashes_and_signals_are_solver_failures() {
    let dir = tempfile::tempdir().unwrap();
    for solver in ["highs", "cbc", "glpk"] {
        let out = run(faked(
            dir.path(),
            solver,
            &[("FAKE_MODE", mode("fail"))],
            &[],
        ));
        assert_failure(
            &out,
            &["exit status 7", "fake-solver: cannot read the model"],
        );
        let out = run(faked(
            dir.path(),
            solver,
            &[("FAKE_MODE", mode("segv"))],
            &[],
        ));
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
    let took = start.elapsed();
    assert_failure(&out, &["still running after 5.2 s", "killed"]);
    // Not before the wall limit (0.2 s + 5 s + 10 % of 0.2 s), and long
    // before the hang ends by itself.
    let limit = std::time::Duration::from_millis(5200);
    assert!(
        took >= limit && took < limit + STOPS_WITHIN,
        "killed after {took:?}"
    );
    assert_gone(&pid);
}

#[test]
fn garbage_and_mismatched_files_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(faked(
        dir.path(),
        "highs",
        &[("FAKE_MODE", mode("garbage"))],
        &[],
    ));
    assert_failure(&out, &["kk0.lp.highs.sol", "not a HiGHS solution file"]);
    let out = run(faked(
        dir.path(),
        "cbc",
        &[("FAKE_MODE", mode("garbage"))],
        &[],
    ));
    assert_failure(&out, &["kk0.lp.cbc.sol:1", "objective value"]);
    let out = run(faked(
        dir.path(),
        "glpk",
        &[("FAKE_MODE", mode("garbage"))],
        &[],
    ));
    assert_failure(&out, &["kk0.lp.glpsol.w:1", "unknown line type"]);
    // A glpsol file of another model: the column count gives it away.
    let other = captured("glpsol-optimal.w");
    let out = run(faked(
        dir.path(),
        "glpk",
        &[("FAKE_SOLUTION", other.clone())],
        &[],
    ));
    assert_failure(&out, &["12 columns but the model has 82"]);
    // Fractional binaries are not rounded into a grid.
    let half = highs_file(dir.path(), "half.sol", KK0_GRID, 0.5);
    let out = run(faked(
        dir.path(),
        "highs",
        &[("FAKE_SOLUTION", half.clone())],
        &[],
    ));
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
    let out = run(faked(
        dir.path(),
        "highs",
        &[("FAKE_MODE", mode("nothing"))],
        &["--keep", &keep_arg],
    ));
    assert_failure(&out, &["wrote no solution file kk0.lp.highs.sol"]);
    assert!(!stale.exists(), "the stale file is still there");
}

#[test]
fn renamed_columns_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let renamed = edited(
        dir.path(),
        "renamed.sol",
        "kk0.cbc.sol",
        &[(" x_1_1_1 ", " x0      ")],
    );
    let out = run(faked(
        dir.path(),
        "cbc",
        &[("FAKE_SOLUTION", renamed.clone())],
        &[],
    ));
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
    assert_failure(
        &out,
        &["cbc reports an error: ERROR: CoinLpIO::read_monom_row"],
    );
}

#[test]
fn a_wrong_grid_is_caught_by_the_verifier() {
    let dir = tempfile::tempdir().unwrap();
    // A Latin square, so only the cages can tell.
    let latin = [[1, 2, 3, 4], [2, 3, 4, 1], [3, 4, 1, 2], [4, 1, 2, 3]];
    let wrong = highs_file(dir.path(), "wrong.sol", latin, 1.0);
    let out = run(faked(
        dir.path(),
        "highs",
        &[("FAKE_SOLUTION", wrong.clone())],
        &[],
    ));
    assert_failure(
        &out,
        &[
            "highs returned a grid that is not a solution",
            "cage 2 (11+)",
        ],
    );
    let (status, rec) = json_run(
        dir.path(),
        "highs",
        &[("FAKE_SOLUTION", wrong.clone())],
        &[],
    );
    assert_eq!(status, 3);
    assert_eq!(
        (rec["status"].as_str(), rec["grid"].clone()),
        (Some("error"), Value::Null)
    );
    assert!(rec["error"].as_str().unwrap().contains("not a solution"));
    // The same grid through check: exit 1 with every violation.
    let grid = dir.path().join("wrong.grid");
    std::fs::write(&grid, "1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 3\n").unwrap();
    let p = dir.path().join("kk0.txt");
    let out = run(cagec(&[
        "check",
        p.to_str().unwrap(),
        grid.to_str().unwrap(),
    ]));
    assert_eq!(code(&out), 1);
    assert!(
        stdout(&out).contains("cage 2 (11+) is not met"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_solver_that_ignores_the_cut_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let fake = [("FAKE_SOLUTION", captured("kk0.highs.sol"))];
    let out = run(faked(dir.path(), "highs", &fake, &["--unique"]));
    assert_eq!(code(&out), 3);
    let err = stderr(&out);
    assert!(
        err.contains("returned solution 1 again although no-good cut 1 forbids it"),
        "{err}"
    );
    // The first solution was verified and stands; uniqueness is not claimed.
    let text = stdout(&out);
    assert!(
        text.contains("unique: not proven") && !text.contains("unique: yes"),
        "{text}"
    );
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
    let mut child = cmd
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The fake writes its pid as it starts; cagec installed its handlers
    // before it started the fake.
    let deadline = std::time::Instant::now() + STARTS_WITHIN;
    while std::fs::read_to_string(&pid).map_or(true, |p| !p.ends_with('\n')) {
        assert!(
            child.try_wait().unwrap().is_none(),
            "cagec ended before the fake solver started"
        );
        assert!(
            std::time::Instant::now() < deadline,
            "the fake solver did not start within {STARTS_WITHIN:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let cagec_pid = nix::unistd::Pid::from_raw(child.id() as i32);
    nix::sys::signal::kill(cagec_pid, nix::sys::signal::Signal::SIGINT).unwrap();
    // Stopped at once, not when the hang ends by itself.
    let status = child.wait_timeout(STOPS_WITHIN).unwrap();
    if status.is_none() {
        let _ = child.kill();
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        status.is_some(),
        "cagec still ran {STOPS_WITHIN:?} after Ctrl-C"
    );
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_gone(&pid);
    let left: Vec<_> = std::fs::read_dir(&tmp)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(left.is_empty(), "temporary files left behind: {left:?}");
}

#[test]
fn a_failed_cut_run_keeps_the_verified_first_solution() {
    let dir = tempfile::tempdir().unwrap();
    let fake = [
        ("FAKE_SOLUTION", captured("kk0.highs.sol")),
        ("FAKE_CUT_MODE", mode("segv")),
    ];
    let out = run(faked(dir.path(), "highs", &fake, &["--unique"]));
    assert_eq!(code(&out), 3, "{}", stderr(&out));
    assert!(stdout(&out).contains("solution: found and verified"));
    assert!(stdout(&out).contains("unique: not proven"));
    assert!(stderr(&out).contains("a no-good cut run failed: highs failed (killed by signal 11)"));
    let (status, rec) = json_run(dir.path(), "highs", &fake, &["--unique"]);
    assert_eq!(status, 3);
    assert_eq!(rec["grid"], grid_json(&KK0_GRID));
    assert_eq!(
        (rec["status"].as_str(), rec["uniqueness"].as_str()),
        (Some("found"), Some("not-proven"))
    );
    assert!(rec["error"].as_str().unwrap().contains("signal 11"));
}
