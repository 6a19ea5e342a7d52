//! `cagec convert`: every fixture to every format and back, and the command
//! as a user runs it (formats from names, refusals, atomic output, stdin).

use std::path::Path;
use std::process::{Command, Output, Stdio};

use cagec::front::write::{self, Format};
use cagec::io::input;
use cagec::puzzle::ir::{Op, Rules};

use crate::support::need_solver;

const FORMATS: [Format; 4] = [Format::Jwiki, Format::Dat, Format::Grid, Format::Keen];

#[test]
fn every_fixture_converts_to_every_format_and_back() {
    let (mut checked, mut refused) = (0, 0);
    for entry in std::fs::read_dir("fixtures/puzzles").unwrap() {
        let path = entry.unwrap().path();
        let name = path.display().to_string();
        let loaded = input::load(&path, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        for format in FORMATS {
            let text = match write::to_string(format, &loaded.puzzle) {
                Ok(t) => t,
                Err(e) => {
                    // Keen refuses givens, hidden operations, long - and %, Killer rules.
                    assert_eq!(format, Format::Keen, "{name}: {e}");
                    let p = &loaded.puzzle;
                    let inexpressible = p.rules != Rules::KenKen
                        || p.cages.iter().any(|c| match c.op {
                            Op::Given | Op::Hidden => true,
                            Op::Sub | Op::Div => c.cells.len() != 2,
                            Op::Add | Op::Mul => false,
                        });
                    assert!(inexpressible, "{name}: {e}");
                    refused += 1;
                    continue;
                }
            };
            let back = input::load_str(&text, format.input(), "converted".into(), "c".into())
                .unwrap_or_else(|e| panic!("{name} as {format:?}:\n{text}\n{e}"));
            assert_eq!(
                write::canonical(&back.puzzle),
                write::canonical(&loaded.puzzle),
                "{name} as {format:?}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} conversions");
    assert!(refused >= 5, "only {refused} refusals");
}

/// The Killer Sudoku seed's own table (`cageno` and `cagesum`), written as a
/// cage map, is the same puzzle as the fixture transcribed as cage lines.
#[test]
fn the_killer_seed_as_a_cage_map_is_killer9() {
    let mut map = String::from("# cagec: killer\n");
    for row in [
        " 1  1  2  2  2  3  4  5  6",
        " 7  7  8  8  3  3  4  5  6",
        " 7  7  9  9  3 10 11 11  6",
        "12 13 13  9 14 10 11 15  6",
        "12 16 16 17 14 10 15 15 18",
        "19 16 20 17 14 21 22 22 18",
        "19 20 20 17 23 21 21 24 24",
        "19 25 26 23 23 27 27 24 24",
        "19 25 26 23 28 28 28 29 29",
    ] {
        map.push_str(row);
        map.push('\n');
    }
    let sums = [
        3, 15, 22, 4, 16, 15, 25, 17, 9, 8, 20, 6, 14, 17, 17, 13, 20, 12, 27, 6, 20, 6, 10, 14, 8,
        16, 15, 13, 17,
    ];
    for (c, sum) in sums.iter().enumerate() {
        map.push_str(&format!("{} {sum}\n", c + 1));
    }
    let from_map = input::load_str(&map, Format::Grid.input(), "seed.cmap".into(), "s".into())
        .unwrap_or_else(|e| panic!("{e}"));
    let fixture = input::load(Path::new("fixtures/puzzles/killer9.cage"), None).unwrap();
    assert_eq!(from_map.puzzle.rules, Rules::Killer { box_size: 3 });
    assert_eq!(
        write::canonical(&from_map.puzzle),
        write::canonical(&fixture.puzzle)
    );
}

fn cagec(args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn converts_to_stdout_and_to_a_file_named_by_its_extension() {
    let r = cagec(
        &["convert", "fixtures/puzzles/keen6h.keen", "--to", "jwiki"],
        "",
    );
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert!(
        text(&r.stdout).starts_with("10*,0 6\n"),
        "{}",
        text(&r.stdout)
    );
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("kk1.keen");
    let r = cagec(
        &[
            "convert",
            "fixtures/puzzles/kk1.cage",
            "--givens-as-sums",
            "-o",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let id = std::fs::read_to_string(&out).unwrap();
    assert!(id.starts_with("6:"), "{id}");
    // And back, with the format found in the text and in the name.
    for (from, file) in [(None, "kk1.cmap"), (Some("keen"), "again.cage")] {
        let target = dir.path().join(file);
        let mut args = vec![
            "convert",
            out.to_str().unwrap(),
            "-o",
            target.to_str().unwrap(),
        ];
        if let Some(f) = from {
            args.extend(["--from", f]);
        }
        let r = cagec(&args, "");
        assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    }
    let a = input::load(&dir.path().join("kk1.cmap"), None).unwrap();
    let b = input::load(Path::new("fixtures/puzzles/kk1.cage"), None).unwrap();
    let b = write::givens_as_sums(&b.puzzle);
    assert_eq!(write::canonical(&a.puzzle), write::canonical(&b));
}

#[test]
fn a_keen_id_is_recognised_on_stdin_and_in_a_txt_file() {
    let id = std::fs::read_to_string("fixtures/puzzles/keen5m.keen").unwrap();
    let r = cagec(&["convert", "-", "--to", "grid"], &id);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert!(
        text(&r.stdout).lines().count() == 5 + 11,
        "{}",
        text(&r.stdout)
    );
    let dir = tempfile::tempdir().unwrap();
    let txt = dir.path().join("puzzle.txt");
    std::fs::write(&txt, &id).unwrap();
    let r = cagec(&["convert", txt.to_str().unwrap(), "--to", "keen"], "");
    assert_eq!(text(&r.stdout), id);
}

#[test]
fn refusals_write_nothing_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("kk0.keen");
    let r = cagec(
        &[
            "convert",
            "fixtures/puzzles/kk0.cage",
            "-o",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.status.code(), Some(2));
    assert_eq!(
        text(&r.stderr),
        "cagec: fixtures/puzzles/kk0.cage: cannot write a Keen ID: Keen has no given clues: \
         cage 1 (cell (1,1)) is a given; nothing was written\n\
         cagec: --givens-as-sums writes every given as a one-cell sum ('5+')\n"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    let r = cagec(&["convert", "fixtures/puzzles/kk0.cage"], "");
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r.stderr).contains("--to jwiki|dat|grid|keen"));
    let r = cagec(&["convert", "-", "--to", "dat"], "3dn#177572870986436\n");
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r.stderr).contains("sgt-keen --generate 1 '3dn#177572870986436'"));
}

#[test]
fn killer_rules_are_carried_by_the_directive_line() {
    let cages = "3,0 1\n7,2 3\n3,4 5\n7,6 7\n4,8 12\n6,9 13\n6,10 14\n4,11 15\n";
    let r = cagec(&["convert", "-", "--killer", "--to", "grid"], cages);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let map = text(&r.stdout);
    assert!(map.starts_with("# cagec: killer\n1 1 2 2\n"), "{map}");
    let back = input::load_str(&map, Format::Grid.input(), "m".into(), "m".into()).unwrap();
    assert_eq!(back.puzzle.rules, Rules::Killer { box_size: 2 });
    let r = cagec(&["convert", "-", "--killer", "--to", "keen"], cages);
    assert_eq!(r.status.code(), Some(2));
    assert!(
        text(&r.stderr).contains("not Killer Sudoku"),
        "{}",
        text(&r.stderr)
    );
}

#[test]
fn keen_ids_above_nine_are_written_with_a_warning() {
    let r = cagec(
        &["convert", "fixtures/puzzles/pow16.cage", "--to", "keen"],
        "",
    );
    assert_eq!(r.status.code(), Some(2), "pow16 has givens");
    let r = cagec(
        &[
            "convert",
            "fixtures/puzzles/pow16.cage",
            "--to",
            "keen",
            "--givens-as-sums",
        ],
        "",
    );
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert!(text(&r.stdout).starts_with("16:"));
    assert!(text(&r.stderr).contains("sgt-keen only plays sizes 3 to 9"));
}

/// `glpsol -m MODEL -d DATA` on cagec's AMPL model and a converted .dat: the
/// `y I J V` lines it prints after `solve;` are the puzzle's solution.
#[test]
fn cagecs_ampl_model_runs_on_a_converted_dat() {
    if !need_solver::require("glpsol") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("kenken.mod");
    let data = dir.path().join("keen6u.dat");
    let puzzle = "fixtures/puzzles/keen6u.keen";
    let r = cagec(
        &[
            "compile",
            puzzle,
            "--to",
            "ampl",
            "-o",
            model.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let r = cagec(&["convert", puzzle, "-o", data.to_str().unwrap()], "");
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let out = Command::new("glpsol")
        .args(["-m", model.to_str().unwrap(), "-d", data.to_str().unwrap()])
        .output()
        .unwrap();
    let log = text(&out.stdout);
    assert!(out.status.success(), "{log}");
    let mut grid = vec![vec![0u32; 6]; 6];
    for line in log.lines().filter_map(|l| l.strip_prefix("y ")) {
        let v: Vec<usize> = line.split(' ').map(|x| x.parse().unwrap()).collect();
        grid[v[0] - 1][v[1] - 1] = v[2] as u32;
    }
    let want = std::fs::read_to_string("fixtures/solutions/keen6u.grid").unwrap();
    let got: String = grid
        .iter()
        .map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    assert_eq!(got, want);
}
