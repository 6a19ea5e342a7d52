//! `cagec solve` against the real HiGHS, CBC and glpsol: every fixture, every
//! route, with and without `--unique`; ambiguous and infeasible puzzles;
//! `--all` counts; kept directories that replay by hand. A missing solver
//! fails when `CI` is set and is a loud skip otherwise.

use std::path::PathBuf;

use serde_json::{Value, json};

use crate::support::solve::*;

fn every_route(solver: &str, program: &str) {
    if !require(program) {
        return;
    }
    // CBC takes minutes to prove the 16×16 pow16's cut model of the paper's
    // formulation infeasible: above 10×10 it gets the presolved paper model
    // (the same driver code; HiGHS takes the paper's model everywhere).
    // Every fixture also goes through solve's default route.
    let every = fixtures();
    let (all, big): (Vec<_>, Vec<_>) = every
        .iter()
        .cloned()
        .partition(|(_, g)| solver != "cbc" || g.len() <= 10);
    for via in ["lp", "mps", "fixed-mps"] {
        for unique in [false, true] {
            check_fixtures(solver, via, unique, &every, &[]);
            check_fixtures(solver, via, unique, &all, PAPER);
            check_fixtures(
                solver,
                via,
                unique,
                &big,
                &["--formulation", "melkonian", "--presolve"],
            );
        }
    }
}

#[test]
fn highs_every_fixture_every_route() {
    every_route("highs", "highs");
}

#[test]
fn cbc_every_fixture_every_route() {
    every_route("cbc", "cbc");
}

/// glpsol needs 30-100 s per 8×8 fixture on the paper's model: those run in
/// the slow tier; here every route runs on the smaller fixtures, and the 8×8
/// ones through every route with --presolve (the same driver code).
#[test]
fn glpsol_every_fixture_every_route() {
    if !require("glpsol") {
        return;
    }
    let every = fixtures();
    let (small, large): (Vec<_>, Vec<_>) = every.iter().cloned().partition(|(_, g)| g.len() <= 6);
    for via in ["lp", "mps", "fixed-mps", "ampl"] {
        for unique in [false, true] {
            check_fixtures("glpk", via, unique, &small, PAPER);
        }
        // solve's default route: every fixture, 16×16 included.
        check_fixtures("glpk", via, true, &every, &[]);
    }
    // With model options the AMPL route is the flat MathProg model.
    for via in ["lp", "mps", "fixed-mps", "ampl"] {
        check_fixtures(
            "glpk",
            via,
            true,
            &large,
            &["--formulation", "melkonian", "--presolve"],
        );
    }
    check_fixtures("glpk", "ampl", true, &small, &["--formulation", "tuples"]);
    // glpsol's branch and bound does not finish the paper's model of the
    // 16×16 pow16 within 100 s; up to 10×10 it takes 0.05-100 s a puzzle.
    let slow: Vec<_> = large
        .iter()
        .filter(|(_, g)| g.len() <= 10)
        .cloned()
        .collect();
    if slow_tests("glpsol on the 8x8-10x10 fixtures with the paper's model (lp and ampl)") {
        check_fixtures("glpk", "lp", false, &slow, PAPER);
        check_fixtures("glpk", "ampl", false, &slow, PAPER);
    }
}

/// With HiGHS installed, no --solver still runs the native solver (the
/// fastest route, issue 19); a file route without --solver takes the first
/// installed binary, and --via ampl takes glpsol.
#[test]
fn default_engine_is_native_even_with_highs_installed() {
    if !require("highs") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let p = puzzle(dir.path(), "kk0.txt", KK0);
    let rec = record(&run(cagec(&["solve", "--json", p.to_str().unwrap()])));
    assert_eq!(rec["solver"], "native");
    assert_eq!(rec["via"], "none");
    assert_eq!(rec["grid"], grid_json(&KK0_GRID));
    let rec = record(&run(cagec(&[
        "solve",
        "--json",
        "--via",
        "lp",
        p.to_str().unwrap(),
    ])));
    assert_eq!(rec["solver"], "highs");
    assert_eq!(rec["grid"], grid_json(&KK0_GRID));
    if require("glpsol") {
        let rec = record(&run(cagec(&[
            "solve",
            "--json",
            "--via",
            "ampl",
            p.to_str().unwrap(),
        ])));
        assert_eq!(rec["solver"], "glpk");
        assert_eq!(rec["grid"], grid_json(&KK0_GRID));
    }
}

/// (solver, route, program) triples that cover every solver and route.
const RUNS: [(&str, &str, &str); 4] = [
    ("highs", "lp", "highs"),
    ("cbc", "mps", "cbc"),
    ("glpk", "fixed-mps", "glpsol"),
    ("glpk", "ampl", "glpsol"),
];

/// A MIP solver or route added to the core's table must be added to `RUNS`.
#[test]
fn runs_cover_every_mip_solver_and_route_of_the_table() {
    use cagec::solve::{Family, Solver};
    for spec in Solver::ALL.iter().map(|s| s.spec()) {
        if spec.family != Family::Mip {
            continue;
        }
        assert!(
            RUNS.iter().any(|r| r.0 == spec.name),
            "{} is not in RUNS",
            spec.name
        );
        for route in spec.routes {
            let via = route.via.name();
            assert!(RUNS.iter().any(|r| r.1 == via), "no run reads {via}");
            assert!(
                RUNS.iter().any(|r| r.2 == route.program),
                "{} is not run",
                route.program
            );
        }
    }
}

#[test]
fn ambiguous_puzzle_is_not_unique_and_shows_both_solutions() {
    let dir = tempfile::tempdir().unwrap();
    let p = puzzle(dir.path(), "amb2.txt", AMB2);
    for (solver, via, program) in RUNS {
        if !require(program) {
            continue;
        }
        let out = run(cagec(&[
            "solve",
            "--json",
            "--unique",
            "--solver",
            solver,
            "--via",
            via,
            p.to_str().unwrap(),
        ]));
        assert_eq!(code(&out), 0, "{solver} {via}: {}", stderr(&out));
        let rec = record(&out);
        assert_eq!(rec["unique"], false, "{solver} {via}: {rec}");
        assert_eq!(rec["uniqueness"], "not-unique");
        assert_eq!(rec["solutions"], 2);
        let grids = rec["grids"].as_array().expect("grids");
        let mut got: Vec<String> = grids.iter().map(Value::to_string).collect();
        got.sort();
        assert_eq!(got, ["[[1,2],[2,1]]", "[[2,1],[1,2]]"], "{solver} {via}");
        // The picture shows the second solution too.
        let out = run(cagec(&[
            "solve",
            "--unique",
            "--ascii",
            "--solver",
            solver,
            "--via",
            via,
            p.to_str().unwrap(),
        ]));
        let text = stdout(&out);
        assert!(
            text.contains("unique: no") && text.contains("solution 2:"),
            "{text}"
        );
    }
}

#[test]
fn all_enumerates_every_latin_square_of_order_3() {
    let dir = tempfile::tempdir().unwrap();
    let p = puzzle(dir.path(), "latin3.txt", LATIN3);
    for (solver, via, program) in RUNS {
        if !require(program) {
            continue;
        }
        let out = run(cagec(&[
            "solve",
            "--json",
            "--all",
            "--solver",
            solver,
            "--via",
            via,
            p.to_str().unwrap(),
        ]));
        assert_eq!(code(&out), 0, "{solver} {via}: {}", stderr(&out));
        let rec = record(&out);
        assert_eq!(rec["solutions"], 12, "{solver} {via}: {rec}");
        assert_eq!(rec["complete"], true);
        assert_eq!(rec["unique"], false);
        assert_eq!(rec["runs"], 13);
        let grids: Vec<String> = rec["grids"]
            .as_array()
            .unwrap()
            .iter()
            .map(Value::to_string)
            .collect();
        let distinct: std::collections::HashSet<&String> = grids.iter().collect();
        assert_eq!(
            distinct.len(),
            12,
            "{solver} {via}: repeated grids {grids:?}"
        );
        // A limit stops early and says the list may be incomplete.
        let out = run(cagec(&[
            "solve",
            "--json",
            "--all",
            "--limit",
            "5",
            "--solver",
            solver,
            "--via",
            via,
            p.to_str().unwrap(),
        ]));
        let rec = record(&out);
        assert_eq!(
            (rec["solutions"].clone(), rec["complete"].clone()),
            (json!(5), json!(false))
        );
    }
}

#[test]
fn infeasible_puzzle_has_no_solution_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let p = puzzle(dir.path(), "none3.txt", NONE3);
    for (solver, via, program) in RUNS {
        if !require(program) {
            continue;
        }
        let solve = |extra: &[&str]| {
            let mut args = vec![
                "solve", "--json", "--unique", "--solver", solver, "--via", via,
            ];
            args.extend_from_slice(extra);
            args.push(p.to_str().unwrap());
            let out = run(cagec(&args));
            assert_eq!(code(&out), 1, "{solver} {via}: {}", stderr(&out));
            let rec = record(&out);
            assert_eq!(rec["status"], "none", "{solver} {via}: {rec}");
            assert_eq!(rec["grid"], Value::Null);
            assert_eq!(rec["solutions"], 0);
            rec
        };
        // The paper's model goes to the solver, which proves it infeasible.
        let rec = solve(PAPER);
        assert_eq!(rec["stop"], "infeasible", "{solver} {via}: {rec}");
        assert_eq!(rec["runs"], 1);
        // The default route's presolve proves it before any solver runs.
        let rec = solve(&[]);
        assert_eq!(
            rec["stop_detail"], "presolve found a contradiction",
            "{rec}"
        );
        assert_eq!(rec["runs"], 0);
    }
}

/// glpsol on the paper's 8×8 model takes far longer than a second: the limit
/// reaches the solver, and the answer is "time limit", found or not proven.
/// glpsol's own report of its limit says it reached it: without it, cagec
/// would have killed it (after 6.1 s) and reported a hung solver.
#[test]
fn a_real_time_limit_is_reported_as_such() {
    if !require("glpsol") {
        return;
    }
    let kk2 = root().join("fixtures/puzzles/kk2.cage");
    let out = run(cagec(&[
        "solve",
        "--json",
        "--solver",
        "glpk",
        "--time-limit",
        "1",
        "--formulation",
        "melkonian",
        kk2.to_str().unwrap(),
    ]));
    let rec = record(&out);
    assert_eq!(rec["stop"], "time-limit", "{rec}\n{}", stderr(&out));
    match rec["status"].as_str() {
        Some("not-proven") => assert_eq!(code(&out), 1),
        Some("found") => assert_eq!(code(&out), 0),
        other => panic!("unexpected status {other:?}"),
    }
}

#[test]
fn kept_directory_replays_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let p = puzzle(dir.path(), "kk0.txt", KK0);
    for (solver, via, program) in RUNS {
        if !require(program) {
            continue;
        }
        // The paper's AMPL pair puts its cuts in the data; the default
        // route's flat MathProg model writes them as rows.
        for (extra, paper) in [(PAPER, true), (&[][..], false)] {
            let keep = dir.path().join(format!("keep-{solver}-{via}-{paper}"));
            let mut args = vec!["solve", "--unique", "--solver", solver, "--via", via];
            args.extend_from_slice(extra);
            args.extend(["--keep", keep.to_str().unwrap(), p.to_str().unwrap()]);
            let out = run(cagec(&args));
            assert_eq!(code(&out), 0, "{}", stderr(&out));
            let commands = std::fs::read_to_string(keep.join("commands.txt")).unwrap();
            let lines: Vec<&str> = commands.lines().filter(|l| !l.starts_with('#')).collect();
            assert_eq!(lines.len(), 2, "{commands}");
            let (model, cut) = match via {
                "lp" => ("kk0.lp", "kk0.cut1.lp"),
                "mps" => ("kk0.mps", "kk0.cut1.mps"),
                "fixed-mps" => ("kk0.fixed.mps", "kk0.cut1.fixed.mps"),
                _ if paper => ("kk0.dat", "kk0.cut1.dat"),
                _ => ("kk0.mod", "kk0.cut1.mod"),
            };
            assert!(
                lines[0].contains(model) && lines[1].contains(cut),
                "{commands}"
            );
            let cut_text = std::fs::read_to_string(keep.join(cut)).unwrap();
            let marker = if via == "ampl" && paper {
                "param ncuts := 1"
            } else {
                "nogood_1"
            };
            assert!(cut_text.contains(marker), "{cut}: no cut in\n{cut_text}");
            replay_restores_the_solution_files(&keep);
        }
    }
}

/// Removes the solution files of a kept directory, runs `sh commands.txt`
/// there and checks that every one was written again.
fn replay_restores_the_solution_files(keep: &std::path::Path) {
    let solutions: Vec<PathBuf> = std::fs::read_dir(keep)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sol" || e == "w"))
        .collect();
    assert_eq!(solutions.len(), 2, "{solutions:?}");
    for s in &solutions {
        std::fs::remove_file(s).unwrap();
    }
    let status = std::process::Command::new("sh")
        .arg("commands.txt")
        .current_dir(keep)
        .status()
        .unwrap();
    assert!(status.success());
    for s in &solutions {
        assert!(
            s.is_file(),
            "replaying commands.txt did not write {}",
            s.display()
        );
    }
}

/// `solve` runs the fastest route unless told otherwise, says so, and
/// `--formulation melkonian` runs exactly the model `compile` writes by default.
#[test]
fn default_route_is_reported_and_the_paper_is_one_flag_away() {
    if !require("highs") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let p = puzzle(dir.path(), "kk0.txt", KK0);
    let p = p.to_str().unwrap();
    let compiled = |extra: &[&str]| {
        let mut args = vec!["compile", "--to", "lp", p];
        args.extend_from_slice(extra);
        let out = run(cagec(&args));
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        out.stdout
    };
    for (extra, label, same_as) in [
        (
            &[][..],
            "tuples+presolve",
            &["--formulation", "tuples", "--presolve"][..],
        ),
        (PAPER, "melkonian", &[][..]),
        (
            &["--product", "sets"][..],
            "tuples+presolve+product=sets",
            &["--formulation", "tuples", "--presolve", "--product", "sets"][..],
        ),
    ] {
        let keep = dir.path().join(format!("keep-{label}"));
        let mut args = vec![
            "solve",
            "--solver",
            "highs",
            "--keep",
            keep.to_str().unwrap(),
            p,
        ];
        args.extend_from_slice(extra);
        let text = run(cagec(&args));
        assert_eq!(code(&text), 0, "{}", stderr(&text));
        let first = stdout(&text).lines().next().unwrap_or("").to_string();
        assert!(
            first.contains(&format!("highs via lp, model {label},")),
            "{extra:?}: {first}"
        );
        let kept = std::fs::read(keep.join("kk0.lp")).unwrap();
        assert!(
            kept == compiled(same_as),
            "{extra:?}: the kept model is not compile {same_as:?}'s"
        );
        args.push("--json");
        args.retain(|a| *a != "--keep" && !a.ends_with(&format!("keep-{label}")));
        let rec = record(&run(cagec(&args)));
        assert_eq!(rec["formulation"], label, "{rec}");
        assert_eq!(rec["grid"], grid_json(&KK0_GRID));
    }
    // The native solver reads the puzzle itself: no model.
    let rec = record(&run(cagec(&["solve", "--json", "--solver", "native", p])));
    assert_eq!(rec["formulation"], "none", "{rec}");
}
