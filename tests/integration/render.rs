//! `cagec render` and `cagec explain` as a user runs them: outputs, checked
//! solutions and exit codes.

use std::process::{Command, Output};

fn cagec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args(args)
        .output()
        .expect("run cagec")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const KK0: &str = "fixtures/puzzles/kk0.cage";
const KK0_GRID: &str = "fixtures/solutions/kk0.grid";

/// The digits drawn in an SVG, in document order.
fn digits(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("digits"))
        .flat_map(|g| g.children().filter(|n| n.has_tag_name("text")))
        .map(|t| t.text().unwrap_or("").to_string())
        .collect()
}

#[test]
fn solution_from_file_and_from_the_solver_draw_the_same_picture() {
    let given = cagec(&["render", KK0, "--solution", KK0_GRID]);
    assert_eq!(given.status.code(), Some(0), "{}", text(&given.stderr));
    let svg = text(&given.stdout);
    let expected: Vec<String> = std::fs::read_to_string(KK0_GRID)
        .unwrap()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    assert_eq!(digits(&svg), expected);
    // kk0 has one solution, so the solver must draw exactly the same bytes.
    let solved = cagec(&["render", KK0, "--solve"]);
    assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
    assert_eq!(solved.stdout, given.stdout);
    let empty = cagec(&["render", KK0]);
    assert!(digits(&text(&empty.stdout)).is_empty());
}

#[test]
fn a_wrong_grid_is_refused_with_its_violations() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.grid");
    // kk0's solution with two cells of row 1 swapped: rows stay Latin, but
    // columns 1 and 2 repeat and cages 1 and 2 break.
    std::fs::write(&bad, "2 1 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2\n").unwrap();
    let out_file = dir.path().join("kk0.svg");
    let out = cagec(&[
        "render",
        KK0,
        "--solution",
        bad.to_str().unwrap(),
        "-o",
        out_file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("is not a solution"), "{err}");
    assert!(err.contains("column 1 repeats 2"), "{err}");
    assert!(err.contains("cage 1 (1) is not met by 2"), "{err}");
    assert!(!out_file.exists(), "nothing is drawn for a wrong grid");

    std::fs::write(&bad, "1 2 4 3\n4 3 two 1\n").unwrap();
    let out = cagec(&["render", KK0, "--solution", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    // The grid file is read by `check`'s parser: line and column of the bad value.
    let err = text(&out.stderr);
    assert!(
        err.contains("bad.grid:2:5: error: not a cell value"),
        "{err}"
    );
    assert!(err.contains("found 'two'"), "{err}");

    let missing = dir.path().join("none.grid");
    let out = cagec(&["render", KK0, "--solution", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(4));

    let both = cagec(&["render", KK0, "--solve", "--solution", KK0_GRID]);
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn output_file_is_written_atomically_and_matches_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kk0.svg");
    let out = cagec(&["render", KK0, "--solve", "-o", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    let stdout = cagec(&["render", KK0, "--solve"]).stdout;
    assert_eq!(std::fs::read(&path).unwrap(), stdout);
    let nowhere = dir.path().join("no/such/dir/kk0.svg");
    let out = cagec(&["render", KK0, "-o", nowhere.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(4));
}

#[test]
fn an_unsolvable_puzzle_is_a_negative_answer() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("twins.cage");
    // Both cells of row 1 are given as 1: each cage is fine, the grid is not.
    std::fs::write(&path, "1,0\n1,1\n3+,2 3\n").unwrap();
    let out = cagec(&["render", path.to_str().unwrap(), "--solve"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("has no solution"));
    assert!(out.stdout.is_empty());
}

#[test]
fn explain_one_cage_with_model_options() {
    let out = cagec(&["explain", KK0, "--cage", "4", "--product", "auto"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("cage 4: 8* (product"));
    assert!(s.contains("(6.1.5) cage_4_p2:"));
    assert!(!s.contains("cage 5:"));
    let bad = cagec(&["explain", KK0, "--cage", "8"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("there is no cage 8: the puzzle has cages 1 to 7"));
}

#[test]
fn the_picture_in_the_docs_is_what_render_draws() {
    let out = cagec(&[
        "render",
        "fixtures/puzzles/kk2.cage",
        "--solution",
        "fixtures/solutions/kk2.grid",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let docs = std::fs::read("docs/kk2.svg").unwrap();
    assert!(
        out.stdout == docs,
        "docs/kk2.svg is stale: regenerate it with the command in docs/pictures.md"
    );
}
