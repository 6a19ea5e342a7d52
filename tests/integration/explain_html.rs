//! `cagec explain --html` as a user runs it: the page holds every row of
//! the LP file `cagec compile --to lp` writes with the same options, records
//! those options, draws a checked solution, names no URL, and has the same
//! bytes every time (`snapshots/explain-html@kk0.snap`). Bad input exits
//! non-zero and writes nothing. `explain_browser.rs` clicks the page.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cagec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args(args)
        .output()
        .expect("run cagec")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The page, or a failure that shows cagec's message.
fn page(args: &[&str]) -> String {
    let mut all = vec!["explain", "--html"];
    all.extend(args);
    let out = cagec(&all);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout)
}

fn lp(args: &[&str]) -> String {
    let mut all = vec!["compile", "--to", "lp"];
    all.extend(args);
    let out = cagec(&all);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// The page's text: tags dropped, entities decoded.
fn strip(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        let gt = rest[lt..].find('>').expect("tags close");
        rest = &rest[lt + gt + 1..];
    }
    out.push_str(rest);
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The LP file's rows: the lines between `Subject To` and the next section.
fn lp_rows(lp: &str) -> Vec<&str> {
    lp.lines()
        .skip_while(|l| *l != "Subject To")
        .skip(1)
        .take_while(|l| !["Bounds", "Generals", "Binaries", "End"].contains(l))
        .collect()
}

/// The text of each cage panel's rows, in cage order.
fn cage_panels(html: &str) -> Vec<String> {
    html.split("<section class=\"cage-panel\"")
        .skip(1)
        .map(|panel| {
            let pre = panel.find("<pre class=\"lp\">").expect("rows");
            let body = &panel[pre + "<pre class=\"lp\">".len()..];
            strip(&body[..body.find("</pre>").unwrap()])
        })
        .collect()
}

const KK0: &str = "fixtures/puzzles/kk0.cage";
const KK2: &str = "fixtures/puzzles/kk2.cage";

#[test]
fn same_input_same_bytes_on_stdout_and_in_a_file() {
    let a = page(&[KK2]);
    assert_eq!(a, page(&[KK2]));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kk2.html");
    let out = cagec(&["explain", "--html", KK2, "-o", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), a);
    // `-` is standard output.
    assert_eq!(page(&[KK2, "-o", "-"]), a);
    // The text explanation goes to a file the same way.
    let text_file = dir.path().join("kk2.txt");
    let to_file = cagec(&["explain", KK2, "-o", text_file.to_str().unwrap()]);
    assert_eq!(to_file.status.code(), Some(0));
    let to_stdout = cagec(&["explain", KK2]);
    assert_eq!(std::fs::read(&text_file).unwrap(), to_stdout.stdout);
}

#[test]
fn every_lp_row_is_on_the_page_verbatim_and_in_its_cage() {
    for opts in [
        &[][..],
        &["--product", "auto", "--presolve"],
        &["--formulation", "tuples"],
    ] {
        for puzzle in [
            KK2,
            "fixtures/puzzles/melkonian5.dat",
            "fixtures/puzzles/killer9.cage",
        ] {
            let args: Vec<&str> = std::iter::once(puzzle)
                .chain(opts.iter().copied())
                .collect();
            let html = page(&args);
            let lp = lp(&args);
            let rows = lp_rows(&lp);
            let shown = strip(&html);
            // The listing is the whole block, byte for byte.
            let block = rows.join("\n") + "\n";
            assert!(
                shown.contains(&block),
                "{args:?}: the listing differs from the LP file"
            );
            // Each cage panel is a run of the file's lines, from its banner.
            let panels = cage_panels(&html);
            for (c, panel) in panels.iter().enumerate() {
                let banner = format!("\\ === cage {}: ", c + 1);
                assert!(
                    panel.lines().nth(1).is_some_and(|l| l.starts_with(&banner)),
                    "{args:?} cage {}",
                    c + 1
                );
                assert!(block.contains(panel.as_str()), "{args:?} cage {}", c + 1);
            }
            // Together the panels hold every cage row of the file.
            let cage_rows = rows.iter().filter(|l| l.starts_with("cage_")).count();
            let in_panels: usize = panels
                .iter()
                .map(|p| p.lines().filter(|l| l.starts_with("cage_")).count())
                .sum();
            assert_eq!(in_panels, cage_rows, "{args:?}");
        }
    }
}

#[test]
fn the_options_are_recorded_without_paths() {
    let absolute = std::fs::canonicalize(KK0).unwrap();
    let html = page(&[
        absolute.to_str().unwrap(),
        "--presolve",
        "--product",
        "sets",
        "--formulation",
        "tuples",
        "--tuple-limit",
        "100",
        "--cage",
        "3",
    ]);
    assert!(
        html.contains(
            "<code>cagec explain kk0.cage --html --cage 3 --formulation tuples --tuple-limit 100 \
             --product sets --presolve</code>"
        ),
        "the command line, options in a fixed order"
    );
    assert!(html.contains("data-selected=\"3\""));
    assert!(html.contains("(--formulation tuples)"));
    assert!(html.contains("presolve on"));
    let dir = absolute.parent().unwrap().to_str().unwrap();
    assert!(!html.contains(dir), "no absolute path on the page");
    // Defaults are left out; stdin is `-`.
    assert!(page(&[KK0]).contains("<code>cagec explain kk0.cage --html</code>"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args(["explain", "--html", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let source = std::fs::read(KK0).unwrap();
    child.stdin.take().unwrap().write_all(&source).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let html = text(&out.stdout);
    assert!(html.contains("<code>cagec explain - --html</code>"));
    assert!(html.contains("<title>stdin: "));
}

#[test]
fn the_tuples_page_shows_tuple_rows_in_every_cage() {
    let html = page(&[KK0, "--formulation", "tuples"]);
    let lp = lp(&[KK0, "--formulation", "tuples"]);
    let panels = cage_panels(&html);
    assert_eq!(panels.len(), 7);
    for (c, panel) in panels.iter().enumerate() {
        assert!(panel.contains("\\ (T.1) "), "cage {}: {panel}", c + 1);
        assert!(panel.contains("\\ (T.2) "), "cage {}: {panel}", c + 1);
    }
    let t_rows = lp_rows(&lp)
        .windows(2)
        .filter(|w| w[0].starts_with("\\ (T."))
        .count();
    let shown: usize = panels
        .iter()
        .map(|p| p.lines().filter(|l| l.starts_with("\\ (T.")).count())
        .sum();
    assert_eq!(shown, t_rows);
    assert!(html.contains("<td><label for=\"fam-T.1\">(T.1)</label></td>"));
}

/// The digits drawn in the page's picture, row by row.
fn digits(html: &str) -> Vec<u32> {
    let Some(start) = html.find("<g class=\"digits\"") else {
        return Vec::new();
    };
    let group = &html[start..start + html[start..].find("</g>").unwrap()];
    group
        .split("</text>")
        .filter_map(|t| t.rsplit('>').next())
        .filter_map(|d| d.parse().ok())
        .collect()
}

#[test]
fn solve_draws_the_checked_solution() {
    assert!(digits(&page(&[KK0])).is_empty());
    let html = page(&[KK0, "--solve"]);
    let expected: Vec<u32> = std::fs::read_to_string("fixtures/solutions/kk0.grid")
        .unwrap()
        .split_whitespace()
        .map(|d| d.parse().unwrap())
        .collect();
    assert_eq!(digits(&html), expected);
    // The grid on the page solves the puzzle, by the independent verifier.
    let puzzle = cagec::io::input::load(KK0.as_ref(), None).unwrap().puzzle;
    let grid = cagec::puzzle::ir::Grid {
        values: expected.chunks(4).map(<[u32]>::to_vec).collect(),
    };
    assert!(cagec::puzzle::verify::check(&puzzle, &grid).is_empty());
    assert!(html.contains("checked against every rule"));
}

#[test]
fn bad_input_exits_non_zero_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out_file = dir.path().join("page.html");
    let out = out_file.to_str().unwrap();
    let unsolvable = dir.path().join("unsolvable.cage");
    // Two 1s in row 1.
    std::fs::write(&unsolvable, "1,0\n1,1\n3+,2 3\n").unwrap();
    let cases: [(&[&str], i32, &str); 5] = [
        (&["fixtures/invalid/syntax.cage"], 2, "syntax.cage:"),
        (&[KK0, "--cage", "9"], 2, "there is no cage 9"),
        (&[unsolvable.to_str().unwrap()], 1, "has no solution"),
        (
            &["fixtures/scale/two-solutions32.cage"],
            2,
            "more than the 25000 a page can show",
        ),
        (&[KK0, "--max-nonzeros", "10"], 2, "--max-nonzeros"),
    ];
    for (args, code, message) in cases {
        let mut all = vec!["explain", "--html", "--solve", "-o", out];
        all.extend(args);
        // --solve only for the unsolvable puzzle: the others fail earlier or without it.
        if code != 1 {
            all.retain(|a| *a != "--solve");
        }
        let result = cagec(&all);
        assert_eq!(
            result.status.code(),
            Some(code),
            "{all:?}: {}",
            text(&result.stderr)
        );
        assert!(
            text(&result.stderr).contains(message),
            "{all:?}: {}",
            text(&result.stderr)
        );
        assert!(result.stdout.is_empty());
        assert!(!out_file.exists(), "{all:?} wrote a file");
    }
    // --solve is for the page only: a usage error.
    let usage = cagec(&["explain", KK0, "--solve"]);
    assert_eq!(usage.status.code(), Some(2));
    assert!(text(&usage.stderr).contains("--html"));
    // An unwritable output is an I/O error.
    let missing = dir.path().join("no/such/dir/page.html");
    let io = cagec(&["explain", "--html", KK0, "-o", missing.to_str().unwrap()]);
    assert_eq!(io.status.code(), Some(4), "{}", text(&io.stderr));
}

#[test]
fn the_page_is_self_contained_and_small() {
    // Keen's 9×9 from sgt-keen (fixtures/keen/generated.keen, "9dn").
    let keen = std::fs::read_to_string("fixtures/keen/generated.keen").unwrap();
    let id = keen.lines().find(|l| l.starts_with("9:")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let keen9 = dir.path().join("keen9.keen");
    std::fs::write(&keen9, id).unwrap();
    let keen9 = keen9.to_str().unwrap();
    for args in [
        &[KK2][..],
        &[keen9, "--solve"],
        &[keen9, "--formulation", "tuples", "--presolve"],
        &["fixtures/puzzles/killer9.cage"],
    ] {
        let html = page(args);
        for needle in [
            "http:", "https:", "src=", "<link", "@import", "<iframe", "<img",
        ] {
            assert!(!html.contains(needle), "{args:?} has {needle}");
        }
        assert_eq!(html.matches("url(").count(), html.matches("url(#").count());
        assert_eq!(html.matches("<script").count(), 2, "data and the script");
        assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
        assert!(html.len() < 1_000_000, "{args:?}: {} bytes", html.len());
    }
}

#[test]
fn snapshot_of_the_kk0_page() {
    let html = page(&[KK0]);
    insta::with_settings!({snapshot_path => "../../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("explain-html@kk0", html);
    });
}
