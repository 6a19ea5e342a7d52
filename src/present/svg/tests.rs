use super::*;
use crate::io::input;

fn load(name: &str) -> Puzzle {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/puzzles")
        .join(name);
    input::load(&path, None).unwrap().puzzle
}

fn grid(text: &str) -> Grid {
    Grid {
        values: text
            .lines()
            .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
            .collect(),
    }
}

/// The texts of the `<text>` elements in the group of class `class`.
fn texts(doc: &roxmltree::Document, class: &str) -> Vec<String> {
    group(doc, class)
        .children()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

fn group<'a>(doc: &'a roxmltree::Document, class: &str) -> roxmltree::Node<'a, 'a> {
    doc.descendants()
        .find(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
        .unwrap_or_else(|| panic!("no group {class}"))
}

#[test]
fn kk0_is_well_formed_with_its_borders_and_clues() {
    let puzzle = load("kk0.cage");
    let svg = render(&puzzle, &Options::default());
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(doc.root_element().attribute("width"), Some("260"));
    // Counted by hand on the essay's diagram: 6 vertical and 8 horizontal
    // unit edges separate two cages.
    let thick = group(&doc, "cages")
        .children()
        .filter(|n| n.has_tag_name("line"))
        .count();
    assert_eq!(thick, 14);
    assert_eq!(cage_segments(&puzzle).len(), 14);
    // 3 thin lines each way inside a 4x4 grid.
    let thin = group(&doc, "grid")
        .children()
        .filter(|n| n.has_tag_name("line"))
        .count();
    assert_eq!(thin, 6);
    assert_eq!(
        texts(&doc, "clues"),
        ["1", "11+", "4+", "8×", "1−", "7+", "2÷"]
    );
    assert!(
        doc.descendants()
            .all(|n| n.attribute("class") != Some("digits"))
    );
}

#[test]
fn clue_sits_in_the_first_cell_of_its_cage() {
    let puzzle = load("kk0.cage");
    let svg = render(&puzzle, &Options::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let clue = group(&doc, "clues")
        .children()
        .find(|n| n.text() == Some("8×"))
        .unwrap();
    // Cage 4 is cells 4 8 9: its first cell is (row 2, column 1), 1-based.
    assert_eq!(clue.attribute("x"), Some(&*(MARGIN + 5).to_string()));
    assert_eq!(
        clue.attribute("y"),
        Some(&*(MARGIN + CELL + 17).to_string())
    );
}

#[test]
fn solution_digits_are_drawn_row_by_row() {
    let puzzle = load("kk0.cage");
    let solution = grid("1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2");
    let svg = render(
        &puzzle,
        &Options {
            solution: Some(&solution),
            title: None,
            selectable: false,
        },
    );
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let digits: Vec<String> = solution
        .values
        .concat()
        .iter()
        .map(u32::to_string)
        .collect();
    assert_eq!(texts(&doc, "digits"), digits);
}

#[test]
fn text_is_escaped() {
    let puzzle = load("kk0.cage");
    let title = "a<b>&\"c\" 'd'\u{1}";
    let svg = render(
        &puzzle,
        &Options {
            solution: None,
            title: Some(title),
            selectable: false,
        },
    );
    let doc = roxmltree::Document::parse(&svg).expect("escaped title parses");
    let got = doc
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .unwrap();
    assert_eq!(got, "a<b>&\"c\" 'd'\u{fffd} (4×4 KenKen)");
    assert_eq!(escape("<&>\"'"), "&lt;&amp;&gt;&quot;&apos;");
}

#[test]
fn a_one_cell_cage_shows_the_bare_number() {
    let puzzle = load("melkonian5.dat");
    // Cage 9 is the paper's `3 sum` on the single cell (4,4).
    assert_eq!(puzzle.cages[8].cells.len(), 1);
    assert_eq!(clue_text(&puzzle.cages[8]), "3");
    assert_eq!(clue_text(&puzzle.cages[9]), "3−");
}

#[test]
fn same_input_same_bytes() {
    let puzzle = load("kk2.cage");
    let a = render(&puzzle, &Options::default());
    let b = render(&puzzle, &Options::default());
    assert_eq!(a, b);
    let doc = roxmltree::Document::parse(&a).unwrap();
    let coords = [
        "x",
        "y",
        "x1",
        "y1",
        "x2",
        "y2",
        "width",
        "height",
        "font-size",
    ];
    for node in doc.descendants() {
        for attr in node.attributes().filter(|a| coords.contains(&a.name())) {
            assert!(attr.value().parse::<usize>().is_ok(), "{attr:?}");
        }
    }
}

#[test]
fn every_fixture_renders_with_one_clue_per_cage() {
    for name in [
        "kk0.cage",
        "kk1.cage",
        "kk2.cage",
        "kk3.cage",
        "melkonian5.dat",
    ] {
        let puzzle = load(name);
        let svg = render(&puzzle, &Options::default());
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let clues = texts(&doc, "clues");
        let expected: Vec<String> = puzzle.cages.iter().map(clue_text).collect();
        assert_eq!(clues, expected, "{name}");
        // Euler: in a partition of the grid graph, every cage of k cells has
        // 4k edge sides; sides shared inside a cage are not borders.
        let n = puzzle.size;
        let inner_sides: usize = 2 * n * (n - 1);
        let same_cage: usize = puzzle
            .cages
            .iter()
            .map(|c| {
                let cells = &c.cells;
                cells
                    .iter()
                    .enumerate()
                    .flat_map(|(i, a)| cells[i + 1..].iter().map(move |b| (a, b)))
                    .filter(|(a, b)| a.is_adjacent(**b))
                    .count()
            })
            .sum();
        assert_eq!(
            cage_segments(&puzzle).len(),
            inner_sides - same_cage,
            "{name}"
        );
    }
}

#[test]
fn selectable_pictures_have_a_rect_per_cell_and_an_outline_per_cage() {
    let puzzle = load("kk2.cage");
    let plain = render(&puzzle, &Options::default());
    assert!(!plain.contains("cell_1_1") && !plain.contains("outline-1"));
    let opts = Options {
        selectable: true,
        ..Options::default()
    };
    let svg = render(&puzzle, &opts);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let n = puzzle.size;
    for (c, cage) in puzzle.cages.iter().enumerate() {
        let group = doc
            .descendants()
            .find(|e| e.attribute("id") == Some(&*format!("cage-{}", c + 1)))
            .unwrap();
        assert_eq!(group.attribute("tabindex"), Some("0"));
        let ids: Vec<&str> = group.children().filter_map(|e| e.attribute("id")).collect();
        let expected: Vec<String> = cage
            .sorted_cells()
            .iter()
            .map(|cell| format!("cell_{}_{}", cell.row + 1, cell.col + 1))
            .collect();
        assert_eq!(ids, expected);
        let outline = doc
            .descendants()
            .find(|e| e.attribute("id") == Some(&*format!("outline-{}", c + 1)))
            .unwrap();
        // Every side of a cell that no other cell of the cage shares.
        let inner = cage
            .cells
            .iter()
            .enumerate()
            .flat_map(|(i, a)| cage.cells[i + 1..].iter().map(move |b| (a, b)))
            .filter(|(a, b)| a.is_adjacent(**b))
            .count();
        let sides = outline.attribute("d").unwrap().matches('M').count();
        assert_eq!(sides, 4 * cage.cells.len() - 2 * inner);
    }
    let rects = doc
        .descendants()
        .filter(|e| e.attribute("class") == Some("cell"))
        .count();
    assert_eq!(rects, n * n);
    let mut inline = String::new();
    write_inline_svg(&puzzle, &opts, &mut inline).unwrap();
    assert!(
        inline.starts_with("<svg width="),
        "no declaration, no namespace"
    );
    assert!(!inline.contains("http"));
}
