//! Killer Sudoku (issue 5): the seed's 9×9 through every driver and route,
//! both of the seed's models, proved unique; and the ways to ask for the rules.

use std::process::{Command, Output, Stdio};

use crate::support::need_solver;

const KILLER: &str = "fixtures/puzzles/killer9.cage";

fn cagec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run cagec")
}

fn known() -> serde_json::Value {
    let text = std::fs::read_to_string("fixtures/solutions/killer9.grid").unwrap();
    let rows: Vec<Vec<u32>> = text
        .lines()
        .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
        .collect();
    serde_json::to_value(rows).unwrap()
}

fn solved_unique(args: &[&str]) {
    let out = cagec(args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(r["grid"], known(), "{args:?}");
    assert_eq!(r["unique"], true, "{args:?}");
}

#[test]
fn every_driver_and_route_proves_the_seed_puzzle_unique() {
    for (solver, program) in [("highs", "highs"), ("cbc", "cbc"), ("glpk", "glpsol")] {
        if !need_solver::require(program) {
            continue;
        }
        for via in ["lp", "mps", "fixed-mps"] {
            for form in ["separate", "combined"] {
                solved_unique(&[
                    "solve",
                    KILLER,
                    "--solver",
                    solver,
                    "--via",
                    via,
                    "--killer-form",
                    form,
                    "--unique",
                    "--json",
                ]);
            }
        }
    }
    if need_solver::require("glpsol") {
        solved_unique(&[
            "solve", KILLER, "--solver", "glpk", "--via", "ampl", "--unique", "--json",
        ]);
    }
    solved_unique(&["solve", KILLER, "--solver", "native", "--unique", "--json"]);
}

#[test]
fn tuples_and_presolve_work_for_killer_too() {
    if !need_solver::require("highs") {
        return;
    }
    solved_unique(&[
        "solve",
        KILLER,
        "--solver",
        "highs",
        "--formulation",
        "tuples",
        "--presolve",
        "--unique",
        "--json",
    ]);
}

#[test]
fn the_rules_come_from_the_file_or_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(KILLER).unwrap();
    let bare = dir.path().join("bare.cage");
    // Without the directive and without +: clues are KenKen givens, which
    // cannot cover several cells, so the file is invalid as KenKen.
    let stripped: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{}\n", l.replacen('+', "", 1)))
        .collect();
    std::fs::write(&bare, &stripped).unwrap();
    let bare = bare.to_str().unwrap();
    assert_eq!(cagec(&["stats", bare]).status.code(), Some(2));
    let out = cagec(&["stats", bare, "--killer", "--json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["variables"], 729, "x only: no y in the Killer models");
    // A 6×6 has no square boxes.
    let six = dir.path().join("six.cage");
    let (p, _) = cagec::generate::puzzle(&cagec::generate::Options {
        size: 6,
        seed: 1,
        max_cage: 3,
        ops: vec![cagec::puzzle::ir::Op::Add],
        ..Default::default()
    });
    std::fs::write(
        &six,
        format!("# cagec: killer\n{}", cagec::front::write::jwiki(&p)),
    )
    .unwrap();
    let out = cagec(&["compile", six.to_str().unwrap(), "--to", "lp"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("n = 6"));
}

#[test]
fn the_verifier_knows_the_boxes() {
    let out = cagec(&["check", KILLER, "fixtures/solutions/killer9.grid"]);
    assert_eq!(out.status.code(), Some(0));
    // Swap two columns of the solution: rows, columns still Latin, boxes broken.
    let dir = tempfile::tempdir().unwrap();
    let swapped: String = std::fs::read_to_string("fixtures/solutions/killer9.grid")
        .unwrap()
        .lines()
        .map(|l| {
            let mut v: Vec<&str> = l.split_whitespace().collect();
            v.swap(2, 3);
            format!("{}\n", v.join(" "))
        })
        .collect();
    let g = dir.path().join("swapped.grid");
    std::fs::write(&g, swapped).unwrap();
    let out = cagec(&["check", KILLER, g.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("box"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
