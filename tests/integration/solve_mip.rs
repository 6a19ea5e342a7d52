//! The MIP route's tools against the real HiGHS, CBC and glpsol: the cover
//! formulation solved and proved unique on every fixture, a MIP start from
//! the native solver (`solve --start native`), and `stats --root` (HiGHS on
//! the LP relaxation). A missing solver fails when `CI` is set and is a loud
//! skip otherwise.

use serde_json::Value;

use crate::support::solve::*;

const COVER: &[&str] = &["--formulation", "cover", "--presolve"];

#[test]
fn cover_formulation_proves_every_fixture_through_each_mip_solver() {
    for (solver, program, via) in [
        ("highs", "highs", "lp"),
        ("cbc", "cbc", "mps"),
        ("glpk", "glpsol", "fixed-mps"),
    ] {
        if !require(program) {
            continue;
        }
        check_fixtures(solver, via, true, &fixtures(), COVER);
    }
    // Without presolve the solver does the work on the whole cover model.
    if require("highs") {
        let small: Vec<_> = (fixtures().into_iter())
            .filter(|(_, g)| g.len() <= 6)
            .collect();
        check_fixtures("highs", "lp", true, &small, &["--formulation", "cover"]);
    }
}

#[test]
fn a_native_start_is_handed_to_highs_and_cbc_and_the_proof_starts_cold() {
    for (solver, flag) in [("highs", "--read_solution_file"), ("cbc", "-mipStart")] {
        if !require(solver) {
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        let p = puzzle(dir.path(), "kk0.txt", KK0);
        let keep = dir.path().join("keep");
        let out = run(cagec(&[
            "solve",
            "--json",
            "--solver",
            solver,
            "--unique",
            "--start",
            "native",
            "--keep",
            keep.to_str().unwrap(),
            p.to_str().unwrap(),
        ]));
        let rec = record(&out);
        assert_eq!(rec["grid"], grid_json(&KK0_GRID), "{solver}: {rec}");
        assert_eq!(rec["uniqueness"], "unique", "{solver}: {rec}");
        let commands = std::fs::read_to_string(keep.join("commands.txt")).unwrap();
        let lines: Vec<&str> = commands.lines().filter(|l| l.contains(".lp")).collect();
        assert_eq!(lines.len(), 2, "{solver}: two runs in {commands}");
        assert!(
            lines[0].contains(flag),
            "{solver}: first run starts: {commands}"
        );
        assert!(
            !lines[1].contains(flag),
            "{solver}: the proof is cold: {commands}"
        );
        let start = std::fs::read_dir(&keep)
            .unwrap()
            .flatten()
            .find(|e| e.file_name().to_string_lossy().contains(".start"))
            .expect("the start file is kept");
        let text = std::fs::read_to_string(start.path()).unwrap();
        // kk0 has 1 at (1,1): its x is 1 in the start, whatever the format.
        assert!(
            text.lines().any(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                w.contains(&"x_1_1_1") && w.last() == Some(&"1")
            }),
            "{solver}: x_1_1_1 = 1 in the start:\n{text}"
        );
    }
}

#[test]
fn start_is_refused_where_no_mip_start_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let p = puzzle(dir.path(), "kk0.txt", KK0);
    let path = p.to_str().unwrap();
    let out = run(cagec(&["solve", "--start", "native", path]));
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("--solver highs|cbc"),
        "{}",
        stderr(&out)
    );
    if require("glpsol") {
        let out = run(cagec(&[
            "solve", "--solver", "glpk", "--start", "native", path,
        ]));
        assert_eq!(code(&out), 2, "{}", stderr(&out));
        assert!(
            stderr(&out).contains("does not read a MIP start"),
            "{}",
            stderr(&out)
        );
    }
}

/// `stats --root --json`'s root object for `puzzle` under `flags`.
fn root_lp(puzzle: &str, flags: &[&str]) -> Value {
    let path = root().join("fixtures/puzzles").join(puzzle);
    let mut args = vec!["stats", "--root", "--json", path.to_str().unwrap()];
    args.extend_from_slice(flags);
    let out = run(cagec(&args));
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let stats: Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
    stats["root"].clone()
}

#[test]
fn stats_root_tells_the_papers_relaxation_from_the_tuples() {
    if !require("highs") {
        return;
    }
    for puzzle in ["kk2.cage", "keen6h.keen"] {
        let paper = root_lp(puzzle, &[]);
        assert_eq!(paper["status"], "optimal", "{puzzle}: {paper}");
        let n = paper["x"].as_u64().unwrap();
        let fractional = paper["fractional_x"].as_u64().unwrap();
        assert!(fractional > 0 && fractional < n, "{puzzle}: {paper}");
        assert!(paper["fractional_cells"].as_u64().unwrap() > 0);
        assert_eq!(paper["integral"], false);
        assert!(paper["iterations"].as_u64().is_some(), "{paper}");
        for flags in [&["--formulation", "tuples"][..], COVER] {
            let r = root_lp(puzzle, flags);
            assert_eq!(r["status"], "optimal", "{puzzle} {flags:?}: {r}");
            assert_eq!(r["x"], paper["x"], "{puzzle} {flags:?}");
            assert_eq!(r["fractional_x"], 0, "{puzzle} {flags:?}: {r}");
            assert_eq!(r["integral"], true, "{puzzle} {flags:?}");
        }
    }
    let out = run(cagec(&[
        "stats",
        "--root",
        root().join("fixtures/puzzles/kk2.cage").to_str().unwrap(),
    ]));
    let text = stdout(&out);
    assert!(
        text.contains("root LP relaxation (HiGHS): optimal") && text.contains("fractional"),
        "{text}"
    );
}
