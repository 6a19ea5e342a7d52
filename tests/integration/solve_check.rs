//! `cagec check PUZZLE GRID`: OK (exit 0), every violation (exit 1), or a
//! malformed grid with line:column (exit 2).

use std::io::Write;
use std::process::Stdio;

use crate::support::solve::*;

fn setup() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let p = puzzle(dir.path(), "kk0.txt", KK0).display().to_string();
    (dir, p)
}

fn grid_file(dir: &tempfile::TempDir, text: &str) -> String {
    let path = dir.path().join("g.txt");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn the_solution_is_ok() {
    let (dir, p) = setup();
    let g = grid_file(&dir, "1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2\n");
    let out = run(cagec(&["check", &p, &g]));
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("OK: {g} solves {p}\n"));
}

#[test]
fn every_violation_is_listed() {
    let (dir, p) = setup();
    // The solution with column 1 of rows 3 and 4 exchanged: each of those
    // rows repeats a value, and the two cages through them break.
    let g = grid_file(&dir, "1 2 4 3\n4 3 2 1\n3 1 3 4\n2 4 1 2\n");
    let out = run(cagec(&["check", &p, &g]));
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    for want in [
        "row 3 repeats 3",
        "row 4 repeats 2",
        "cage 4 (8*) is not met by 4 3 1",
        "cage 6 (7+) is not met by 2 4",
        "(4 violations)",
    ] {
        assert!(text.contains(want), "missing {want:?} in\n{text}");
    }
}

#[test]
fn malformed_grids_point_at_line_and_column() {
    let (dir, p) = setup();
    let g = grid_file(&dir, "1 2 4 3\n4 3 two 1\n2 1 3 4\n3 4 1 2\n");
    let out = run(cagec(&["check", &p, &g]));
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(
        err.contains(&format!(
            "{g}:2:5: error: not a cell value (expected a number 1..n, found 'two')"
        )),
        "{err}"
    );
    assert!(err.contains("  | 4 3 two 1\n  |     ^"), "{err}");
    let g = grid_file(&dir, "1 2 4 3\n4 3 2\n");
    let err = stderr(&run(cagec(&["check", &p, &g])));
    assert!(
        err.contains(":2:6: error: row 2 has the wrong length (expected 4 values, found 3)"),
        "{err}"
    );
}

#[test]
fn the_grid_can_come_from_stdin() {
    let (_dir, p) = setup();
    let mut cmd = cagec(&["check", &p, "-"]);
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(code(&out), 0);
    assert!(stdout(&out).starts_with("OK: <stdin> solves"));
}

#[test]
fn input_errors() {
    let (dir, p) = setup();
    let out = run(cagec(&["check", "-", "-"]));
    assert_eq!(code(&out), 2);
    let missing = dir.path().join("nope.txt").display().to_string();
    let out = run(cagec(&["check", &p, &missing]));
    assert_eq!(code(&out), 4);
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
}
