use super::markup::CellMap;
use super::*;
use crate::formulate::{Formulation, ProductMethod, formulate_with};
use crate::io::input;

fn load(name: &str) -> Puzzle {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/puzzles")
        .join(name);
    input::load(&path, None)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .puzzle
}

/// A 2×2 whose cage 1 (`1*` on one cell) loses every row to presolve.
fn empty_cage_puzzle() -> Puzzle {
    let loaded = input::load_str(
        "1*,0\n2,1\n3+,2 3\n",
        crate::front::InputFormat::Cages,
        "e".into(),
        "e".into(),
    );
    loaded.unwrap().puzzle
}

fn options() -> Vec<Options> {
    let with = |presolve, product, formulation| Options {
        presolve,
        product,
        formulation,
        ..Options::default()
    };
    vec![
        Options::default(),
        with(true, ProductMethod::Primes, Formulation::Melkonian),
        with(false, ProductMethod::Sets, Formulation::Melkonian),
        with(false, ProductMethod::Auto, Formulation::Tuples),
        with(true, ProductMethod::Primes, Formulation::Tuples),
    ]
}

fn puzzles() -> Vec<(String, Puzzle)> {
    let mut all: Vec<(String, Puzzle)> = [
        "kk0.cage",
        "kk2.cage",
        "melkonian5.dat",
        "variants6.cage",
        "killer9.cage",
        "keen6h.keen",
    ]
    .iter()
    .map(|name| (name.to_string(), load(name)))
    .collect();
    all.push(("empty-cage".into(), empty_cage_puzzle()));
    all
}

fn lp(puzzle: &Puzzle, opts: &Options) -> String {
    let model = formulate_with(puzzle, opts).unwrap();
    let mut out = Vec::new();
    crate::back::write_lp(&model, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn page_of(puzzle: &Puzzle, opts: &Options) -> String {
    let p = Page {
        title: "t",
        command: "cagec explain t --html",
        ..Page::default()
    };
    page(puzzle, opts, &p).unwrap()
}

/// Text of `html` with its tags dropped and entities decoded.
fn strip(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        rest = &rest[lt + rest[lt..].find('>').unwrap() + 1..];
    }
    out.push_str(rest);
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The inside of the first `<pre …>` after `marker`.
fn pre_after<'a>(html: &'a str, marker: &str) -> &'a str {
    let at = html.find(marker).unwrap_or_else(|| panic!("no {marker}"));
    let rest = &html[at..];
    let open = rest.find("<pre class=\"lp").unwrap();
    let start = open + rest[open..].find('>').unwrap() + 1;
    let end = start + rest[start..].find("</pre>").unwrap();
    &rest[start..end]
}

/// The rows of an LP file: between `Subject To` and the next keyword line.
fn lp_rows(lp: &str) -> &str {
    let start = lp.find("Subject To\n").unwrap() + "Subject To\n".len();
    let end = ["\nBounds\n", "\nGenerals\n", "\nBinaries\n", "\nEnd\n"]
        .iter()
        .filter_map(|k| lp[start - 1..].find(k).map(|i| start + i))
        .min()
        .unwrap();
    &lp[start..end]
}

/// Cage `c`'s part of the LP rows: its banner up to the next banner.
fn lp_cage(rows: &str, c: usize) -> &str {
    let banner = format!("\\\n\\ === cage {c}: ");
    let Some(start) = rows.find(&banner) else {
        return "";
    };
    let after = start + banner.len();
    let end = rows[after..]
        .find("\\\n\\ === ")
        .map_or(rows.len(), |i| after + i);
    &rows[start..end]
}

#[test]
fn the_listing_is_the_lp_files_rows_byte_for_byte() {
    for (name, puzzle) in puzzles() {
        for opts in options() {
            let html = page_of(&puzzle, &opts);
            let lp = lp(&puzzle, &opts);
            let listing = strip(pre_after(&html, "id=\"model\""));
            assert_eq!(listing, lp_rows(&lp), "{name} {opts:?}");
        }
    }
}

#[test]
fn each_cage_shows_its_section_of_the_lp_file() {
    for (name, puzzle) in puzzles() {
        for opts in options() {
            let html = page_of(&puzzle, &opts);
            let lp = lp(&puzzle, &opts);
            for c in 1..=puzzle.cages.len() {
                let shown = strip(pre_after(&html, &format!("id=\"explain-{c}\"")));
                let expected = lp_cage(lp_rows(&lp), c);
                assert_eq!(shown, expected, "{name} cage {c} {opts:?}");
            }
        }
    }
}

#[test]
fn a_cage_without_rows_keeps_its_banner_and_says_why() {
    let opts = Options {
        presolve: true,
        ..Options::default()
    };
    let html = page_of(&empty_cage_puzzle(), &opts);
    let panel = pre_after(&html, "id=\"explain-1\"");
    assert_eq!(strip(panel), "\\\n\\ === cage 1: 1* on (1,1) ===\n");
    assert!(html.contains("No rows: presolve already fixed every value this cage allows."));
}

#[test]
fn names_map_to_the_cells_they_mean() {
    let puzzle = load("kk0.cage");
    let opts = Options::default();
    let ctx = Ctx::new(&puzzle, &opts).unwrap();
    let ranges: Vec<_> = ctx.cages.iter().map(|c| c.rows.clone()).collect();
    let json: serde_json::Value =
        serde_json::from_str(&CellMap::new(&puzzle, &ctx.model, &ranges).json()).unwrap();
    let cells = |name: &str| -> Vec<u64> {
        json[name]
            .as_array()
            .unwrap_or_else(|| panic!("{name} not mapped"))
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect()
    };
    // 4×4, row-major from 0: cell (3,4) is 11.
    assert_eq!(cells("x_3_4_2"), [11]);
    assert_eq!(cells("y_1_1"), [0]);
    assert_eq!(cells("cell_2_3"), [6]);
    assert_eq!(cells("link_4_4"), [15]);
    assert_eq!(cells("row_2_1"), [4, 5, 6, 7]);
    assert_eq!(cells("col_1_3"), [0, 4, 8, 12]);
    // kk0's cage 5 is 1- on cells 10 11 (J-wiki): its u and its rows mean the cage.
    let cage5: Vec<u64> = vec![10, 11];
    assert_eq!(puzzle.cages[4].op, crate::puzzle::ir::Op::Sub);
    assert_eq!(cells("u_5"), cage5);
    for r in ctx.cage(4).rows.clone() {
        assert_eq!(cells(ctx.model.row_name(r)), cage5);
    }
    // Tuple variables mean their cage too.
    let tuples = Options {
        formulation: Formulation::Tuples,
        ..Options::default()
    };
    let html = page_of(&puzzle, &tuples);
    assert!(html.contains("\"z_5_1\":[10,11]"), "z of cage 5");
}

#[test]
fn text_is_escaped_and_names_are_marked() {
    let puzzle = load("kk0.cage");
    let opts = Options::default();
    let ctx = Ctx::new(&puzzle, &opts).unwrap();
    let map = CellMap::new(&puzzle, &ctx.model, &[]);
    assert_eq!(
        map.markup("a<b & \"x_1_1_1\", x_I_J_K 'y_4_4'·z"),
        "a&lt;b &amp; &quot;<var>x_1_1_1</var>&quot;, x_I_J_K &apos;<var>y_4_4</var>&apos;·z"
    );
    let hostile = Page {
        title: "</title><script>alert(1)</script>",
        command: "cagec explain '<b>' --html",
        ..Page::default()
    };
    let html = page(&puzzle, &opts, &hostile).unwrap();
    assert!(!html.contains("<script>alert"));
    assert!(!html.contains("<b>"));
    assert!(html.contains("&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
}

#[test]
fn a_page_selects_an_existing_cage_and_refuses_huge_models() {
    let puzzle = load("kk0.cage");
    let opts = Options::default();
    let p = |selected| Page {
        selected,
        ..Page::default()
    };
    assert!(
        page(&puzzle, &opts, &p(Some(7)))
            .unwrap()
            .contains("data-selected=\"7\"")
    );
    assert!(matches!(
        page(&puzzle, &opts, &p(Some(8))),
        Err(ExplainError::NoSuchCage { cage: 8, count: 7 })
    ));
    assert!(matches!(
        page(&puzzle, &opts, &p(Some(0))),
        Err(ExplainError::NoSuchCage { cage: 0, .. })
    ));
    let big = input::load(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/scale/two-solutions32.cage")
            .as_path(),
        None,
    )
    .unwrap()
    .puzzle;
    assert!(matches!(
        page(&big, &opts, &Page::default()),
        Err(ExplainError::TooLargeForPage {
            limit: MAX_NONZEROS,
            ..
        })
    ));
}

#[test]
fn dedent_drops_the_shared_indentation_only() {
    assert_eq!(dedent("  a\n    b\n\n  c\n"), "a\n  b\n\nc");
    assert_eq!(dedent("a\n  b"), "a\n  b");
}
