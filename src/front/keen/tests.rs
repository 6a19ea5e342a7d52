//! Tests of the Keen ID reader and encoder: real IDs from sgt-keen, every
//! error with its position, and the `y`/`z` discrepancy.

use super::*;

fn messages(d: &Diagnostics) -> Vec<String> {
    d.0.iter().map(|d| d.to_string()).collect()
}

fn errors(src: &str) -> Vec<String> {
    match parse(src) {
        Ok((_, w)) => panic!("accepted {src:?}, warnings {:?}", messages(&w)),
        Err(d) => messages(&d),
    }
}

fn read(src: &str) -> (Puzzle, Vec<String>) {
    let (p, w) = parse(src).unwrap_or_else(|d| panic!("{src:?}: {:?}", messages(&d)));
    (p, messages(&w))
}

/// (ID, the game's solution) for every ID of `fixtures/keen/generated.keen`.
fn generated() -> Vec<(String, Vec<Vec<u32>>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/keen/generated.keen");
    let text = std::fs::read_to_string(path).expect("fixtures/keen/generated.keen");
    let mut out = Vec::new();
    let mut id = None;
    for line in text.lines() {
        if let Some(rows) = line.strip_prefix("# solution ") {
            let grid = rows
                .split(' ')
                .map(|r| r.chars().map(|c| c.to_digit(10).expect("digit")).collect())
                .collect();
            out.push((id.take().expect("an ID before its solution"), grid));
        } else if !line.is_empty() && !line.starts_with('#') {
            id = Some(line.to_string());
        }
    }
    out
}

#[test]
fn reads_a_real_id_cage_by_cage() {
    // From fixtures/keen/generated.keen (3de).
    let (p, w) = read("3:a_3aab_,s1a3s1m9\n");
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(p.size, 3);
    let cages: Vec<(Op, u64, Vec<usize>)> = p
        .cages
        .iter()
        .map(|c| (c.op, c.target, c.cells.iter().map(|x| x.index(3)).collect()))
        .collect();
    assert_eq!(
        cages,
        [
            (Op::Sub, 1, vec![0, 1]),
            (Op::Add, 3, vec![2, 5]),
            (Op::Sub, 1, vec![3, 6]),
            (Op::Mul, 9, vec![4, 7, 8]),
        ]
    );
    // Each cage points at its clue.
    let cols: Vec<u32> = p.cages.iter().map(|c| c.span.col).collect();
    assert_eq!(cols, [11, 13, 15, 17]);
}

#[test]
fn every_generated_id_reads_encodes_back_identically_and_has_the_games_solution() {
    let ids = generated();
    assert_eq!(ids.len(), 42);
    for (id, solution) in &ids {
        let (p, w) = read(id);
        assert!(w.is_empty(), "{id}: {w:?}");
        assert!(crate::puzzle::valid::check(&p).0.is_empty(), "{id}");
        let grid = crate::puzzle::ir::Grid {
            values: solution.clone(),
        };
        assert_eq!(crate::puzzle::verify::check(&p, &grid), vec![], "{id}");
        assert_eq!(
            encode(&p).as_deref(),
            Ok(id.as_str()),
            "canonical = the game's own"
        );
    }
    // parse_all reads the whole file, one result per ID, spans in the file.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/keen/generated.keen");
    let all = parse_all(&std::fs::read_to_string(path).expect("file"));
    assert_eq!(all.len(), 42);
    let first = all[0].as_ref().expect("first ID");
    assert_eq!(first.0.cages[0].span, Span::new(7, 11));
}

#[test]
fn game_puzzles_have_exactly_the_games_solution() {
    for (id, solution) in &generated() {
        let (p, _) = read(id);
        let opts = crate::native::Options {
            max_solutions: 2,
            ..Default::default()
        };
        let out = crate::native::solve(&p, &opts).expect("native");
        assert!(out.complete, "{id}");
        assert_eq!(
            out.solutions,
            [crate::puzzle::ir::Grid {
                values: solution.clone()
            }],
            "{id}"
        );
    }
}

#[test]
fn parameters_and_white_space_around_the_id() {
    let (a, _) = read("  3dn:a_3aab_,s1a3s1m9  \r\n");
    let (b, _) = read("# from sgt-keen\n\n3m:a_3aab_,s1a3s1m9");
    assert_eq!(a.cages.len(), 4);
    assert_eq!(
        crate::front::write::canonical(&a),
        crate::front::write::canonical(&b)
    );
    // A repeat count is the same as writing the symbol out.
    let (c, _) = read("3:a___aab_,s1a3s1m9");
    assert_eq!(
        crate::front::write::canonical(&a),
        crate::front::write::canonical(&c)
    );
}

#[test]
fn every_error_says_where_and_what() {
    let cases: &[(&str, &str)] = &[
        (
            "",
            "0:0: no Keen game ID in the file (expected a line such as '3:a_3aab_,a4s1s1m18', found none)",
        ),
        (
            "hello",
            "1:1: this is not a Keen game ID (expected the grid size then ':', as in '3:a_3aab_,a4s1s1m18', found 'h')",
        ),
        (
            "3;a_3aab_,s1",
            "1:2: expected ':' after the Keen parameters (expected ':', found ';')",
        ),
        (
            "3dq:a_3aab_,s1a3s1m9",
            "1:3: unknown Keen difficulty (expected e, n, h, x or u after 'd', found 'q')",
        ),
        (
            "3dn#177572870986436",
            "1:4: a random-seed ID names a puzzle that only sgt-keen can build from its seed: run sgt-keen --generate 1 '3dn#177572870986436' and give cagec the ID it prints (expected ':' and a game description, found '#')",
        ),
        (
            "0:_,a1",
            "1:1: a 0×0 grid is outside the supported sizes (expected a size from 1 to 255, found 0)",
        ),
        (
            "256:_,a1",
            "1:1: a 256×256 grid is outside the supported sizes (expected a size from 1 to 255, found 256)",
        ),
        (
            "3:a_3aAb_,s1a3s1m9",
            "1:7: unexpected character in the block structure (expected '_', a letter a to z, or ',', found 'A')",
        ),
        (
            "3:a_0aab_,s1a3s1m9",
            "1:5: a repeat count of 0 (expected a count of 1 or more, found '0')",
        ),
        (
            "3:a_3aab,s1a3s1m9",
            "1:9: the block structure is too short for a 3×3 grid: it describes all 12 internal edges but lacks the last symbol (expected more block symbols, found ',')",
        ),
        (
            "3:a_3aa",
            "1:8: the block structure is too short for a 3×3 grid: it describes 9 of the 12 internal edges (expected more block symbols, found end of line)",
        ),
        (
            "3:a_3aab__,s1a3s1m9",
            "1:10: the block structure is too long for a 3×3 grid: it has 12 internal edges",
        ),
        (
            "3:_99999999999999999999999,a1",
            "1:3: the block structure is too long for a 3×3 grid: it has 12 internal edges",
        ),
        (
            "3:a_3aab_",
            "1:10: the ID has no clues (expected ',' and the clues, found end of line)",
        ),
        (
            "3:a_3aab_,s1a3s1",
            "1:17: too few clues: the block structure makes 4 cages, the clues stop after 3 (expected a clue for cage 4, at (2,2), found end of line)",
        ),
        (
            "3:a_3aab_,s1a3s1m9a2",
            "1:19: too many clues: the block structure makes 4 cages (expected end of line, found 'a2')",
        ),
        (
            "3:a_3aab_,s1q3s1m9",
            "1:13: unknown clue letter (expected a, m, s or d, found 'q')",
        ),
        (
            "3:a_3aab_,s1as1m9",
            "1:14: a clue letter without its number (expected a number, found 's')",
        ),
        (
            "3:a_3aab_,s1a99999999999999999999s1m9",
            "1:13: target 99999999999999999999 is too large (the largest accepted is 18446744073709551615)",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(errors(src), [*want], "{src:?}");
    }
}

#[test]
fn an_id_in_a_web_address_is_read_with_a_warning() {
    let url =
        "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/keen.html#3:a_3aab_,s1a3s1m9";
    let (p, w) = read(url);
    assert_eq!(p.cages.len(), 4);
    assert_eq!(p.cages[0].span, Span::new(1, 77));
    assert_eq!(
        w,
        ["1:1: read the Keen game ID after '#' in this web address"]
    );
    assert_eq!(
        errors("keen.html#3dn#12"),
        [
            "1:1: read the Keen game ID after '#' in this web address",
            "1:14: a random-seed ID names a puzzle that only sgt-keen can build from its seed: run sgt-keen --generate 1 '3dn#12' and give cagec the ID it prints (expected ':' and a game description, found '#')",
        ]
    );
    assert_eq!(errors("x#y").len(), 1);
}

#[test]
fn s_and_d_need_two_cells_as_in_the_game() {
    assert_eq!(
        errors("3:a_3aab_,s1a3s1s9"),
        [
            "1:17: Keen's 's' clues are for two-cell cages, but this cage has 3 cells (expected 'a' or 'm', found 's9')"
        ]
    );
    let e = errors("1:_,d1");
    assert!(
        e[1].starts_with("1:5: Keen's 'd' clues are for two-cell cages, but this cage has 1 cell"),
        "{e:?}"
    );
}

#[test]
fn only_the_first_of_several_ids_is_read() {
    let (p, w) =
        read("3:a_3aab_,s1a3s1m9\n# next\n3:_a_aa_aa,m2s1a6m3\n4:_a_7a4_a3,m3s2a7m2s2d2d2a7\n");
    assert_eq!(p.cages[0].op, Op::Sub);
    assert_eq!(
        w,
        ["3:1: the file holds 3 Keen IDs; only the first (line 1) is read"]
    );
    // An error in the first is reported with the warning; later ones are not read.
    let e = errors("3:a_3aab_,s1\n3:bad\n");
    assert_eq!(e.len(), 2, "{e:?}");
    let all = parse_all("3:a_3aab_,s1\n3:_a_aa_aa,m2s1a6m3\n");
    assert!(all[0].is_err() && all[1].is_ok());
}

#[test]
fn sizes_outside_the_games_range_are_read_with_a_warning() {
    let (p, w) = read("1:_,a1");
    assert_eq!((p.size, p.cages.len()), (1, 1));
    assert_eq!(
        w,
        ["1:1: sgt-keen only plays sizes 3 to 9; cagec reads this 1×1 puzzle all the same"]
    );
    // The first seed whose puzzle has no given (Keen IDs cannot hold one).
    let id = (1..)
        .find_map(|seed| {
            let (big, _) = crate::generate::puzzle(&crate::generate::Options {
                size: 12,
                seed,
                max_cage: 5,
                ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
                ..Default::default()
            });
            encode(&big).ok()
        })
        .expect("a seed without givens");
    let (p, w) = read(&id);
    assert_eq!(p.size, 12);
    assert_eq!(w.len(), 1, "{w:?}");
}

/// One 6×6 cage: 60 joined edges in a row.
const ONE_CAGE_6: &str = "6:yyj,a126";

#[test]
fn y_and_z_follow_the_games_parser_with_a_warning() {
    let (p, w) = read(ONE_CAGE_6);
    assert_eq!(p.cages.len(), 1);
    assert_eq!(p.cages[0].cells.len(), 36);
    assert_eq!(
        w,
        [
            "1:3: 'y' in the block structure: the game's parser reads it as 25 joined edges with no boundary after them, its encoder means 25 and a boundary; read as the game displays it"
        ]
    );
    // The game's encoder writes this grid as `zzj`, which its parser rejects.
    assert_eq!(
        errors("6:zzj,a126"),
        ["1:5: the block structure is too long for a 6×6 grid: it has 60 internal edges"]
    );
}

fn cage(op: Op, target: u64, cells: Vec<usize>) -> Cage {
    Cage {
        target,
        op,
        cells: cells.into_iter().map(|k| Cell::from_index(k, 6)).collect(),
        span: Span::default(),
    }
}

#[test]
fn the_encoder_writes_long_runs_the_way_the_parser_reads_them() {
    let one = Puzzle::kenken(6, vec![cage(Op::Add, 126, (0..36).collect())]);
    assert_eq!(encode(&one).as_deref(), Ok(ONE_CAGE_6));
    // Two cages, cells 0..split and the rest: the first run of joined edges
    // is 34 (`yi`), 25 (`y_`) and 26 (`z`) long.
    for (split, start) in [(30, "6:yi"), (31, "6:y_"), (32, "6:z")] {
        let p = Puzzle::kenken(
            6,
            vec![
                cage(Op::Add, 1, (0..split).collect()),
                cage(Op::Add, 1, (split..36).collect()),
            ],
        );
        let id = encode(&p).expect("encodes");
        assert!(id.starts_with(start), "{id}");
        let (back, _) = read(&id);
        assert_eq!(
            crate::front::write::canonical(&back),
            crate::front::write::canonical(&p),
            "{id}"
        );
    }
}

#[test]
fn the_encoder_refuses_givens_and_killer_rules() {
    let p = Puzzle::kenken(
        1,
        vec![Cage {
            op: Op::Given,
            ..cage(Op::Add, 1, vec![0])
        }],
    );
    assert_eq!(
        encode(&p),
        Err(EncodeError::Given {
            cage: 1,
            row: 1,
            col: 1
        })
    );
    let killer = Puzzle {
        rules: Rules::Killer { box_size: 1 },
        ..Puzzle::kenken(1, vec![cage(Op::Add, 1, vec![0])])
    };
    assert_eq!(encode(&killer), Err(EncodeError::Killer));
    let hidden = Puzzle::kenken(
        6,
        vec![
            cage(Op::Add, 1, (0..34).collect()),
            Cage {
                op: Op::Hidden,
                ..cage(Op::Add, 30, vec![34, 35])
            },
        ],
    );
    assert_eq!(
        encode(&hidden).map_err(|e| e.to_string()),
        Err("Keen clues always show their operation: cage 2 hides it ('30?')".into())
    );
    let long = Puzzle::kenken(
        6,
        vec![
            cage(Op::Add, 1, (0..33).collect()),
            cage(Op::Sub, 1, vec![33, 34, 35]),
        ],
    );
    assert_eq!(
        encode(&long).map_err(|e| e.to_string()),
        Err("Keen's '-' and '%' cages have two cells: cage 2 is '1-' on 3 cells".into())
    );
}

#[test]
fn recognises_ids_by_their_start() {
    for yes in [
        "3:a_3aab_,s1a3s1m9",
        "# c\n\n 6dn#123",
        "4m:x",
        "\u{feff}5:_",
    ] {
        assert!(looks_like_keen(yes), "{yes:?}");
    }
    for no in [
        "11+,1 2 5 6",
        "1,0",
        "param n := 5;",
        "a b\nc d",
        "kk0=: 0 : 0",
        "0 : 0",
        "",
        "3 :",
        "3x,1 2",
    ] {
        assert!(!looks_like_keen(no), "{no:?}");
    }
}
