//! Solver answers replayed by `tests/fake-solvers/fake-solver` from files
//! captured from the real binaries (`fixtures/captured/`): infeasible, time
//! limit with and without an incumbent, a warning exit with a good file, the
//! AMPL route's printed cells; plus the exact command line each solver gets
//! and the usage errors.

use std::path::PathBuf;

use serde_json::Value;

use crate::support::solve::fake::*;
use crate::support::solve::*;

#[test]
fn infeasible_files_mean_no_solution() {
    let dir = tempfile::tempdir().unwrap();
    for (solver, file) in [
        ("highs", "highs-infeasible.sol"),
        ("cbc", "cbc-infeasible.sol"),
        ("glpk", "glpsol-infeasible.w"),
    ] {
        let (code, rec) = json_run(
            dir.path(),
            solver,
            &[("FAKE_SOLUTION", captured(file))],
            &[],
        );
        assert_eq!(code, 1, "{solver}: {rec}");
        assert_eq!(
            (rec["status"].as_str(), rec["stop"].as_str()),
            (Some("none"), Some("infeasible"))
        );
        assert_eq!(rec["grid"], Value::Null);
    }
}

#[test]
fn time_limit_without_incumbent_is_not_proven() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("highs", "highs-timelimit-none.sol", None),
        ("cbc", "cbc-stopped-continuous.sol", None),
        (
            "glpk",
            "glpsol-timelimit-none.w",
            Some("glpsol-timelimit-none.log"),
        ),
    ];
    for (solver, file, log) in cases {
        let log = log.map(captured);
        let mut fake = vec![("FAKE_SOLUTION", captured(file))];
        fake.extend(log.map(|l| ("FAKE_LOG", l)));
        let (code, rec) = json_run(dir.path(), solver, &fake, &["--time-limit", "2"]);
        assert_eq!(code, 1, "{solver}: {rec}");
        assert_eq!(
            (rec["status"].as_str(), rec["stop"].as_str()),
            (Some("not-proven"), Some("time-limit")),
            "{solver}"
        );
        assert_eq!(
            rec["grid"],
            Value::Null,
            "{solver}: the LP relaxation or junk became a grid"
        );
    }
}

#[test]
fn time_limit_with_incumbent_is_a_verified_solution() {
    let dir = tempfile::tempdir().unwrap();
    let highs = edited(
        dir.path(),
        "h.sol",
        "kk0.highs.sol",
        &[("Optimal", "Time limit reached")],
    );
    let cbc = edited(
        dir.path(),
        "c.sol",
        "kk0.cbc.sol",
        &[("Optimal - ", "Stopped on time - ")],
    );
    let glpk = edited(
        dir.path(),
        "g.w",
        "kk0.glpsol.w",
        &[("s mip 75 82 o", "s mip 75 82 f")],
    );
    let log = captured("glpsol-timelimit-feasible.log");
    let cases: [(&str, Vec<(&str, PathBuf)>); 3] = [
        ("highs", vec![("FAKE_SOLUTION", highs.clone())]),
        ("cbc", vec![("FAKE_SOLUTION", cbc.clone())]),
        (
            "glpk",
            vec![("FAKE_SOLUTION", glpk.clone()), ("FAKE_LOG", log.clone())],
        ),
    ];
    for (solver, fake) in cases {
        let (code, rec) = json_run(dir.path(), solver, &fake, &["--time-limit", "2"]);
        assert_eq!(code, 0, "{solver}: {rec}");
        assert_eq!(
            (rec["status"].as_str(), rec["stop"].as_str()),
            (Some("found"), Some("time-limit")),
            "{solver}"
        );
        assert_eq!(rec["grid"], grid_json(&KK0_GRID));
    }
}

#[test]
fn a_nonzero_exit_with_a_good_file_is_accepted() {
    // HiGHS exits 1 for warnings and still writes its answer.
    let dir = tempfile::tempdir().unwrap();
    let one = PathBuf::from("1");
    let fake = [
        ("FAKE_SOLUTION", captured("kk0.highs.sol")),
        ("FAKE_EXIT", one),
    ];
    let (code, rec) = json_run(dir.path(), "highs", &fake, &[]);
    assert_eq!((code, rec["grid"].clone()), (0, grid_json(&KK0_GRID)));
}

#[test]
fn ampl_route_needs_the_printed_cells() {
    let dir = tempfile::tempdir().unwrap();
    let w = captured("kk0.ampl.w");
    let empty = dir.path().join("empty.out");
    std::fs::write(&empty, "").unwrap();
    let fake = [
        ("FAKE_SOLUTION", w.clone()),
        ("FAKE_PRINTED", empty.clone()),
    ];
    let out = run(faked(dir.path(), "glpk", &fake, &["--via", "ampl"]));
    assert_failure(&out, &["kk0.dat.glpsol.out", "printed 0 of 16 cells"]);
    let printed = captured("kk0.ampl.out");
    let fake = [
        ("FAKE_SOLUTION", w.clone()),
        ("FAKE_PRINTED", printed.clone()),
    ];
    let (code, rec) = json_run(dir.path(), "glpk", &fake, &["--via", "ampl"]);
    assert_eq!((code, rec["grid"].clone()), (0, grid_json(&KK0_GRID)));
}

#[test]
fn limits_and_threads_reach_each_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let args = dir.path().join("args");
    for (solver, sol, want) in [
        (
            "highs",
            "kk0.highs.sol",
            "--model_file kk0.lp --solution_file kk0.lp.highs.sol --time_limit 2.5 --threads 2",
        ),
        (
            "cbc",
            "kk0.cbc.sol",
            "kk0.lp -sec 2.5 -timeMode elapsed -threads 2 -solve -printingOptions all -solu kk0.lp.cbc.sol",
        ),
        (
            "glpk",
            "kk0.glpsol.w",
            "--lp kk0.lp -w kk0.lp.glpsol.w --tmlim 3",
        ),
    ] {
        let _ = std::fs::remove_file(&args);
        let fake = [
            ("FAKE_SOLUTION", captured(sol)),
            ("FAKE_ARGS", args.clone()),
        ];
        let out = run(faked(
            dir.path(),
            solver,
            &fake,
            &["--time-limit", "2.5", "--threads", "2"],
        ));
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
    assert!(
        stderr(&out).contains("use --solver glpk"),
        "{}",
        stderr(&out)
    );
    let out = run(cagec(&["solve", "--time-limit", "-1", &p]));
    assert_eq!(code(&out), 2);
    let bad = puzzle(dir.path(), "bad.txt", "11+,1 2 x\n");
    let mut cmd = cagec(&["solve", "--json", bad.to_str().unwrap()]);
    cmd.env("CAGEC_HIGHS", fake_solver());
    let out = run(cmd);
    assert_eq!(code(&out), 2);
    assert_eq!(record(&out)["status"], "invalid");
}
