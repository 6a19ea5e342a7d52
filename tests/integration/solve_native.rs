//! `cagec solve --solver native` and the fallback to it on a machine with no
//! solver binary.

use std::process::{Command, Output, Stdio};

use crate::support::need_solver;

fn cagec(args: &[&str], path: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cagec"));
    cmd.args(args).stdin(Stdio::null());
    for var in ["CAGEC_HIGHS", "CAGEC_CBC", "CAGEC_GLPSOL"] {
        cmd.env_remove(var);
    }
    if let Some(p) = path {
        cmd.env("PATH", p);
    }
    cmd.output().expect("run cagec")
}

fn json(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

fn known(stem: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(format!("fixtures/solutions/{stem}.grid")).unwrap();
    let rows: Vec<Vec<u32>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
        .collect();
    serde_json::to_value(rows).unwrap()
}

#[test]
fn native_proves_every_fixture_unique_with_its_known_solution() {
    let out = cagec(
        &[
            "solve",
            "fixtures/puzzles",
            "--solver",
            "native",
            "--unique",
            "--json",
        ],
        None,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records = json(&out);
    assert!(records.len() >= 5);
    for r in records {
        let name = r["puzzle"].as_str().unwrap().to_string();
        let stem = std::path::Path::new(&name)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .to_string();
        assert_eq!(r["solver"], "native", "{name}");
        assert_eq!(r["unique"], true, "{name}");
        assert_eq!(r["grid"], known(&stem), "{name}");
    }
}

/// The default engine is the native solver, with no binary on PATH too:
/// `cagec solve` works on a fresh machine.
#[test]
fn without_any_binary_the_default_engine_is_native() {
    let empty = tempfile::tempdir().unwrap();
    let path = empty.path().to_str().unwrap();
    let out = cagec(
        &["solve", "fixtures/puzzles/kk1.cage", "--json"],
        Some(path),
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json(&out)[0]["solver"], "native");
    assert_eq!(json(&out)[0]["grid"], known("kk1"));
    // Asking for a file route needs a binary: a clear error, not a fallback.
    let out = cagec(
        &["solve", "fixtures/puzzles/kk1.cage", "--via", "mps"],
        Some(path),
    );
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("pip install highsbox"));
    // --keep belongs to the external solvers: the error says how to name one.
    let keep = empty.path().join("kept");
    let out = cagec(
        &[
            "solve",
            "fixtures/puzzles/kk1.cage",
            "--keep",
            keep.to_str().unwrap(),
        ],
        Some(path),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--solver highs"));
}

#[test]
fn native_enumerates_an_ambiguous_puzzle_and_refuses_file_flags() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("two.cage");
    std::fs::write(&p, "3+,0 1\n3+,2 3\n").unwrap();
    let p = p.to_str().unwrap();
    let out = cagec(&["solve", p, "--solver", "native", "--all", "--json"], None);
    assert_eq!(out.status.code(), Some(0));
    let r = &json(&out)[0];
    assert_eq!(r["solutions"], 2);
    assert_eq!(r["unique"], false);
    assert_eq!(r["complete"], true);
    let out = cagec(&["solve", p, "--solver", "native", "--via", "lp"], None);
    assert_eq!(out.status.code(), Some(2));
}

/// A directory solved over two threads reports every puzzle in input order,
/// with the same answers as one thread (only the times may differ).
#[test]
fn a_batch_over_two_jobs_reports_in_input_order() {
    let run = |jobs: &str| {
        let args = [
            "solve",
            "fixtures/puzzles",
            "--solver",
            "native",
            "--unique",
            "--json",
            "--jobs",
            jobs,
        ];
        let out = cagec(&args, None);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut records = json(&out);
        for r in &mut records {
            // The timing differs from run to run; everything else may not.
            r.as_object_mut()
                .expect("one object per puzzle")
                .remove("seconds");
        }
        records
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(one.len(), 18, "every fixture puzzle: {one:?}");
    let names: Vec<&str> = one.iter().map(|r| r["puzzle"].as_str().unwrap()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "input (sorted directory) order");
    assert_eq!(one, two);
}

/// The grids of a `--json` record, each checked by `cagec check`.
fn verified_grids(record: &serde_json::Value, puzzle: &str) -> Vec<Vec<Vec<u32>>> {
    let grids: Vec<Vec<Vec<u32>>> = serde_json::from_value(record["grids"].clone()).expect("grids");
    let dir = tempfile::tempdir().unwrap();
    for (i, g) in grids.iter().enumerate() {
        let path = dir.path().join(format!("{i}.grid"));
        let text: String = g
            .iter()
            .map(|row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        std::fs::write(&path, text).unwrap();
        let out = cagec(&["check", puzzle, path.to_str().unwrap()], None);
        assert_eq!(
            out.status.code(),
            Some(0),
            "grid {i} of {puzzle} is no solution"
        );
    }
    grids
}

#[test]
fn large_ambiguous_puzzles_are_not_unique_both_ways() {
    // Many solutions (16×16 dominoes of sums) and exactly two (a 32×32 with
    // one 2×2 block open): --unique shows a second grid; --all counts them.
    for (puzzle, all) in [
        ("fixtures/scale/ambiguous16.cage", None),
        ("fixtures/scale/two-solutions32.cage", Some(2)),
    ] {
        let out = cagec(
            &["solve", puzzle, "--solver", "native", "--unique", "--json"],
            None,
        );
        let r = &json(&out)[0];
        assert_eq!(r["uniqueness"], "not-unique", "{puzzle}");
        let grids = verified_grids(r, puzzle);
        assert_eq!(grids.len(), 2);
        assert_ne!(grids[0], grids[1]);
        let out = cagec(
            &[
                "solve", puzzle, "--solver", "native", "--all", "--limit", "5", "--json",
            ],
            None,
        );
        let r = &json(&out)[0];
        let mut grids = verified_grids(r, puzzle);
        let found = grids.len();
        grids.sort();
        grids.dedup();
        assert_eq!(grids.len(), found, "{puzzle}: a solution twice");
        assert_eq!(found, all.unwrap_or(5), "{puzzle}");
        assert_eq!(r["complete"], all.is_some(), "{puzzle}");
    }
}

#[test]
fn large_unique_puzzles_are_proved_unique() {
    // Held-out puzzles of another generator (proved unique by CP-SAT), the
    // hardest of each size for the native solver's search.
    for puzzle in [
        "fixtures/scale/peer/peer16-s1003.cage",
        "fixtures/scale/peer/peer20-s1001.cage",
    ] {
        let out = cagec(
            &["solve", puzzle, "--solver", "native", "--unique", "--json"],
            None,
        );
        let r = &json(&out)[0];
        assert_eq!(r["uniqueness"], "unique", "{puzzle}");
        let grid = std::fs::read_to_string(puzzle.replace(".cage", ".grid")).unwrap();
        let expected: Vec<Vec<u32>> = grid
            .lines()
            .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
            .collect();
        assert_eq!(
            r["grid"],
            serde_json::to_value(expected).unwrap(),
            "{puzzle}"
        );
    }
}

/// `--json` reports the native solver's effort, as Python's `Solution.stats`
/// does: a solver developer compares puzzles and builds by it.
#[test]
fn json_reports_the_native_search_effort() {
    // The hard peer 16×16: propagation leaves it open, probing and the
    // depth-first search after it finish the proof.
    let out = cagec(
        &[
            "solve",
            "fixtures/scale/peer/peer16-s1003.cage",
            "--unique",
            "--json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let record = &json(&out)[0];
    let stats = &record["stats"];
    assert_eq!(stats["stage"], "probing", "{record}");
    let number = |key: &str| {
        stats[key]
            .as_u64()
            .unwrap_or_else(|| panic!("{key}: {stats}"))
    };
    assert!(number("root_fixed") < number("probed_fixed"), "{stats}");
    assert!(number("probed_fixed") < 256, "{stats}");
    assert!(
        number("failures") > 0 && number("nodes") > number("failures"),
        "{stats}"
    );
    assert_eq!(number("conflicts"), 0);
    // An external solver's record has none.
    if need_solver::require("highs") {
        let out = cagec(
            &[
                "solve",
                "fixtures/puzzles/kk1.cage",
                "--solver",
                "highs",
                "--json",
            ],
            None,
        );
        assert_eq!(out.status.code(), Some(0));
        let record = &json(&out)[0];
        assert_eq!(record["solver"], "highs");
        assert!(record.get("stats").is_none(), "{record}");
    }
}

/// `--threads 2` on a puzzle hard enough to reach the conflict-driven stage:
/// two CaDiCaL workers search it together, the record gives the busiest
/// one's conflicts, and the grid is the generator's, verified like every
/// other.
#[test]
fn two_threads_share_the_search_and_say_so() {
    let puzzle = "fixtures/scale/peer/peer25-s1002.cage";
    let out = cagec(
        &["solve", puzzle, "--unique", "--threads", "2", "--json"],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let record = &json(&out)[0];
    assert_eq!(record["uniqueness"], "unique", "{record}");
    let stats = &record["stats"];
    assert_eq!(stats["stage"], "cdcl", "{record}");
    if cagec::native::HAS_CDCL {
        assert_eq!(stats["engine"], "cadical", "{record}");
        // Two whole-space workers, no cubes: each made part of the
        // conflicts, and none made them all.
        assert_eq!(stats["cubes"]["count"], 0, "{record}");
        let busiest = stats["cubes"]["busiest"].as_u64().unwrap_or_default();
        let all = stats["conflicts"].as_u64().unwrap_or_default();
        assert!(0 < busiest && busiest < all, "{record}");
    } else {
        // Lazy clause generation alone, on one thread.
        assert_eq!(stats["engine"], "lcg", "{record}");
        assert!(stats.get("cubes").is_none(), "{record}");
    }
    let grid = std::fs::read_to_string("fixtures/scale/peer/peer25-s1002.grid").unwrap();
    let expected: Vec<Vec<u32>> = grid
        .lines()
        .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
        .collect();
    assert_eq!(record["grid"], serde_json::json!(expected));
    // Where the stage does not run, one thread searches and no engine is
    // named.
    let easy = cagec(
        &["solve", "fixtures/puzzles/kk0.cage", "--threads", "2"],
        None,
    );
    let text = String::from_utf8_lossy(&easy.stdout);
    assert!(
        text.starts_with("fixtures/puzzles/kk0.cage: native solver, "),
        "{text}"
    );
}
