use super::*;
use crate::puzzle::diag::Span;
use crate::puzzle::ir::{Cage, Cell, Op};

/// A puzzle from J-wiki cage lines (test helper; the real parser is `front`).
fn parse(text: &str) -> Puzzle {
    let lines: Vec<(String, Vec<usize>)> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (clue, cells) = l.split_once(',').unwrap();
            (
                clue.to_string(),
                cells
                    .split_whitespace()
                    .map(|c| c.parse().unwrap())
                    .collect(),
            )
        })
        .collect();
    let count: usize = lines.iter().map(|(_, c)| c.len()).sum();
    let n = (count as f64).sqrt() as usize;
    let cages = lines
        .into_iter()
        .map(|(clue, cells)| {
            let (op, digits) = match clue.chars().last().unwrap() {
                '+' => (Op::Add, &clue[..clue.len() - 1]),
                '-' => (Op::Sub, &clue[..clue.len() - 1]),
                '*' => (Op::Mul, &clue[..clue.len() - 1]),
                '%' => (Op::Div, &clue[..clue.len() - 1]),
                _ => (Op::Given, &clue[..]),
            };
            Cage {
                target: digits.parse().unwrap(),
                op,
                cells: cells.into_iter().map(|c| Cell::from_index(c, n)).collect(),
                span: Span::default(),
            }
        })
        .collect();
    Puzzle {
        size: n,
        cages,
        rules: crate::puzzle::ir::Rules::KenKen,
    }
}

const KK2: &str = "36*,0 1 2\n3-,3 4\n672*,5 6 7 15 23\n25+,8 16 24 25\n5-,9 17\n3%,10 11\n8+,12 13\n9+,14 22\n5-,18 26\n1-,19 27\n22+,20 21 28 29\n13+,30 31 39 47\n3%,32 40\n140*,33 34 35\n9+,36 37 38\n3-,41 49\n21+,42 43 44\n15+,45 46 54\n2-,48 56\n13+,50 57 58\n7-,51 59\n3-,52 60\n144*,53 61 62\n15*,55 63\n";

const KK2_SOLUTION: [[u32; 8]; 8] = [
    [2, 6, 3, 5, 8, 4, 1, 7],
    [8, 3, 2, 6, 7, 1, 5, 4],
    [5, 8, 1, 2, 3, 7, 4, 6],
    [7, 5, 6, 3, 4, 8, 2, 1],
    [3, 7, 5, 4, 1, 2, 6, 8],
    [1, 4, 8, 7, 6, 5, 3, 2],
    [6, 1, 4, 8, 2, 3, 7, 5],
    [4, 2, 7, 1, 5, 6, 8, 3],
];

#[test]
fn solves_the_essays_8x8_and_proves_it_unique() {
    let p = parse(KK2);
    let out = solve(
        &p,
        &Options {
            max_solutions: 2,
            ..Options::default()
        },
    )
    .unwrap();
    assert!(out.complete, "search finished");
    assert_eq!(out.solutions.len(), 1);
    let expected: Vec<Vec<u32>> = KK2_SOLUTION.iter().map(|r| r.to_vec()).collect();
    assert_eq!(out.solutions[0].values, expected);
}

#[test]
fn counts_every_solution_of_an_ambiguous_puzzle() {
    // A 2×2 with only sum cages over each row: both Latin squares fit.
    let p = parse("3+,0 1\n3+,2 3\n");
    let out = solve(
        &p,
        &Options {
            max_solutions: 10,
            ..Options::default()
        },
    )
    .unwrap();
    assert!(out.complete);
    assert_eq!(out.solutions.len(), 2);
    for g in &out.solutions {
        assert_eq!(crate::puzzle::verify::check(&p, g), vec![]);
    }
    let limited = solve(
        &p,
        &Options {
            max_solutions: 1,
            ..Options::default()
        },
    )
    .unwrap();
    assert!(!limited.complete);
    assert_eq!(limited.solutions.len(), 1);
}

#[test]
fn reports_no_solution_for_a_contradiction() {
    // Both givens put a 1 in row 1.
    let p = parse("1,0\n1,1\n3+,2 3\n");
    let out = solve(&p, &Options::default()).unwrap();
    assert!(out.complete && out.solutions.is_empty());
}

#[test]
fn falls_back_to_bounds_for_huge_cages() {
    // A 9×9 whose rows are single sum cages: every Latin square fits, and
    // tables of 9! tuples per cage exceed the limit.
    let text: String = (0..9)
        .map(|r| {
            let cells: Vec<String> = (0..9).map(|c| (r * 9 + c).to_string()).collect();
            format!("45+,{}\n", cells.join(" "))
        })
        .collect();
    let p = parse(&text);
    let out = solve(
        &p,
        &Options {
            max_solutions: 3,
            tuple_limit: 1000,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(out.solutions.len(), 3);
    for g in &out.solutions {
        assert_eq!(crate::puzzle::verify::check(&p, g), vec![]);
    }
}

#[test]
fn generated_puzzles_are_solved_and_verified() {
    for seed in 0..20 {
        let (p, _) = crate::generate::puzzle(&crate::generate::Options {
            size: 6 + (seed as usize % 4),
            seed,
            max_cage: 4,
            ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
            ..Default::default()
        });
        let out = solve(&p, &Options::default()).unwrap();
        assert_eq!(
            out.solutions.len(),
            1,
            "seed {seed}: the generating square fits"
        );
        assert_eq!(crate::puzzle::verify::check(&p, &out.solutions[0]), vec![]);
    }
}

#[test]
fn a_deadline_stops_the_search_incomplete() {
    // Rows as 45+ cages: billions of solutions, so only the deadline ends it.
    let text: String = (0..9)
        .map(|r| {
            let cells: Vec<String> = (0..9).map(|c| (r * 9 + c).to_string()).collect();
            format!("45+,{}\n", cells.join(" "))
        })
        .collect();
    let p = parse(&text);
    // The solutions found before the deadline are kept. A loaded machine may
    // find none in the first 50 ms: the deadline then doubles until it does.
    let mut within = std::time::Duration::from_millis(50);
    loop {
        let opts = Options {
            max_solutions: usize::MAX,
            tuple_limit: 1000,
            deadline: Some(std::time::Instant::now() + within),
            ..Options::default()
        };
        let out = solve(&p, &opts).unwrap();
        assert!(out.timed_out && !out.complete);
        if !out.solutions.is_empty() {
            break;
        }
        assert!(
            within < std::time::Duration::from_secs(30),
            "no solution within {within:?}"
        );
        within *= 2;
    }
}

#[test]
fn an_effort_of_zero_gives_up_at_once_without_panicking() {
    // 16×16 with many solutions: propagation alone settles nothing.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/scale/ambiguous16.cage"
    ))
    .unwrap();
    let (p, _) = crate::front::cage::parse(&text).expect("fixture parses");
    for strategy in [Strategy::Auto, Strategy::DepthFirst, Strategy::Cdcl] {
        let opts = Options {
            max_solutions: 2,
            effort: Some(0),
            strategy,
            ..Options::default()
        };
        let out = solve(&p, &opts).unwrap();
        assert!(
            !out.complete,
            "{strategy:?}: an effort of 0 proved completeness"
        );
    }
}

/// Every solution, sorted, by the given strategy and learner.
fn all_solutions(
    p: &Puzzle,
    strategy: Strategy,
    learner: Learner,
    tuple_limit: usize,
) -> Vec<Grid> {
    let out = solve(
        p,
        &Options {
            max_solutions: usize::MAX,
            strategy,
            learner,
            tuple_limit,
            ..Options::default()
        },
    )
    .unwrap();
    assert!(out.complete, "{strategy:?} {learner:?} explored everything");
    for g in &out.solutions {
        assert_eq!(crate::puzzle::verify::check(p, g), vec![]);
    }
    let mut grids = out.solutions;
    grids.sort_by(|a, b| a.values.cmp(&b.values));
    grids
}

/// The conflict-driven stages prune only what is sound: on puzzles with
/// many solutions, lazy clause generation (by its explanations) and CaDiCaL
/// (by its encoding: decision diagrams for sums and products, support
/// clauses for pairs, tables for the rest) find exactly the solutions plain
/// depth-first search finds, with tables and with cages kept by their
/// arithmetic.
#[test]
fn the_conflict_driven_stages_find_every_solution() {
    for seed in 0..60 {
        let (p, _) = crate::generate::puzzle(&crate::generate::Options {
            size: 4 + (seed as usize % 3),
            seed,
            max_cage: 3 + (seed as usize % 3),
            ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
            ..Default::default()
        });
        for tuple_limit in [tuples::DEFAULT_LIMIT, 4] {
            let dfs = all_solutions(&p, Strategy::DepthFirst, Learner::Auto, tuple_limit);
            assert!(!dfs.is_empty(), "seed {seed}: the generating square fits");
            // Auto is CaDiCaL where it is built in.
            for learner in [Learner::Lcg, Learner::Auto] {
                let cdcl = all_solutions(&p, Strategy::Cdcl, learner, tuple_limit);
                assert_eq!(
                    dfs, cdcl,
                    "seed {seed}, tuple limit {tuple_limit}, {learner:?}"
                );
            }
        }
    }
}

/// Killer cages must hold distinct values, which a sum's decision diagram
/// does not see: the encoding adds it. Here the cage `2+` on two corners
/// that share no row, column or box could only be 1 + 1, so the puzzle has
/// no solution; CaDiCaL gets it with no propagation at all, so only the
/// encoding stands between it and a cage with a repeated value.
#[cfg(feature = "cdcl")]
#[test]
fn the_cadical_encoding_keeps_killer_cages_distinct() {
    let text = "2+,0 15\n5+,1 2\n4,3\n7+,4 5\n3+,6 7\n3+,8 9\n7+,10 11\n7+,12 13\n2,14\n";
    let (mut p, _) = crate::front::cage::parse(text).expect("the puzzle parses");
    p.rules = crate::puzzle::ir::Rules::Killer { box_size: 2 };
    let problem = problem::Problem::new(&p, tuples::DEFAULT_LIMIT);
    let open = propagation::State::unpropagated(&problem);
    let run = cadical_stage::search(&problem, &open, &[], 2, Clock::default(), None);
    assert!(run.complete, "CaDiCaL settled it");
    assert_eq!(
        run.solutions,
        Vec::<Vec<u8>>::new(),
        "no solution repeats a value in a cage"
    );
    // Without the distinct rule it would have one: 1 + 1 in the corners.
    let mut kenken = p.clone();
    kenken.rules = crate::puzzle::ir::Rules::KenKen;
    let problem = problem::Problem::new(&kenken, tuples::DEFAULT_LIMIT);
    let open = propagation::State::unpropagated(&problem);
    let run = cadical_stage::search(&problem, &open, &[], 2, Clock::default(), None);
    assert!(!run.solutions.is_empty(), "as KenKen it has a solution");
}

/// Each worker's tuning encodes the same puzzle: the stable worker's
/// negated variables find every solution the others find, what it shares
/// is in the others' polarity (a solution's blocking clause, shared, is the
/// focused worker's clause for it, word for word), and what it takes from
/// them means what it meant there.
#[cfg(feature = "cdcl")]
#[test]
fn every_tuning_finds_every_solution_and_shares_alike() {
    use cadical_stage::{Encoded, Tuning, Watch};
    for (seed, p) in loose_puzzles().take(10) {
        let every = every_solution(&p);
        let problem = problem::Problem::new(&p, tuples::DEFAULT_LIMIT);
        let open = propagation::State::unpropagated(&problem);
        let encode = |tuning| {
            let watch = Watch::new(Clock::default(), None);
            Encoded::new(&problem, &open.dom, &open.live, &[], watch, tuning)
        };
        let focused = encode(Tuning::Focused);
        for tuning in [Tuning::Default, Tuning::Focused, Tuning::Stable] {
            let mut enc = encode(tuning);
            let run = enc.search(usize::MAX, None);
            assert!(run.complete, "seed {seed}, {tuning:?}: searched to the end");
            let mut found = run.solutions;
            found.sort();
            assert_eq!(found, every, "seed {seed}, {tuning:?}");
            for values in &every {
                assert_eq!(
                    enc.to_shared(&enc.blocking(values)),
                    focused.blocking(values),
                    "seed {seed}, {tuning:?}: shared in the focused polarity"
                );
            }
            // The focused worker's blocking clauses, taken as shared ones,
            // leave nothing.
            let mut taker = encode(tuning);
            for values in &every {
                taker.add_shared(&focused.blocking(values));
            }
            assert_eq!(taker.solver.solve(), Some(false), "seed {seed}, {tuning:?}");
        }
    }
}

#[test]
fn lazy_clause_generation_proves_a_hard_peer_puzzle_unique() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/scale/peer/");
    let text = std::fs::read_to_string(format!("{dir}peer16-s1003.cage")).unwrap();
    let (p, _) = crate::front::cage::parse(&text).expect("fixture parses");
    let out = solve(
        &p,
        &Options {
            max_solutions: 2,
            strategy: Strategy::Cdcl,
            learner: Learner::Lcg,
            ..Options::default()
        },
    )
    .unwrap();
    assert!(out.complete);
    assert_eq!(out.solutions.len(), 1);
    let grid = std::fs::read_to_string(format!("{dir}peer16-s1003.grid")).unwrap();
    let expected: Vec<Vec<u32>> = grid
        .lines()
        .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
        .collect();
    assert_eq!(out.solutions[0].values, expected);
    assert!(out.stats.conflicts > 0, "the conflict-driven stage ran");
}

/// The held-out peer puzzles up to 16×16 with their grids.
fn peer_fixtures() -> Vec<(String, crate::puzzle::ir::Puzzle, Vec<Vec<u32>>)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/scale/peer/");
    let mut out = Vec::new();
    for n in [10, 12, 14, 16] {
        for seed in 1001..=1006 {
            let stem = format!("peer{n}-s{seed}");
            let Ok(text) = std::fs::read_to_string(format!("{dir}{stem}.cage")) else {
                continue;
            };
            let (p, _) = crate::front::cage::parse(&text).expect("fixture parses");
            let grid = std::fs::read_to_string(format!("{dir}{stem}.grid")).unwrap();
            let values = grid
                .lines()
                .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
                .collect();
            out.push((stem, p, values));
        }
    }
    out
}

#[test]
fn root_domains_keep_every_solution_value() {
    let fixtures = peer_fixtures();
    assert!(fixtures.len() >= 20, "the peer fixtures are there");
    for (stem, p, grid) in fixtures {
        let dom = root_domains(&p, tuples::DEFAULT_LIMIT)
            .unwrap()
            .unwrap_or_else(|| panic!("{stem}: root propagation refutes a solvable puzzle"));
        for (i, row) in grid.iter().enumerate() {
            for (j, &v) in row.iter().enumerate() {
                assert_eq!(
                    dom[i * p.size + j] >> (v - 1) & 1,
                    1,
                    "{stem}: probing removed the solution's {v} from ({},{})",
                    i + 1,
                    j + 1
                );
            }
        }
    }
}

#[test]
fn tuple_probing_settles_the_hard_peer_16x16() {
    // Value probing alone leaves 1,563 of its 4,096 values (209 cells open);
    // probing the cage tuples as well fixes every cell.
    let (_, p, grid) = peer_fixtures()
        .into_iter()
        .find(|(stem, _, _)| stem == "peer16-s1003")
        .unwrap();
    let dom = root_domains(&p, tuples::DEFAULT_LIMIT).unwrap().unwrap();
    let fixed: Vec<Vec<u32>> = dom
        .chunks(p.size)
        .map(|row| row.iter().map(|d| d.trailing_zeros() + 1).collect())
        .collect();
    assert!(dom.iter().all(|d| d.count_ones() == 1));
    assert_eq!(fixed, grid);
}

/// Probing as defined: each value alone from the root state, pass after
/// pass until a pass removes nothing. [`propagation::Propagator::probe`] skips the
/// probes it can tell would succeed again; it must reach the same domains
/// through the same failures.
fn probe_each_value(
    p: &problem::Problem,
    engine: &mut propagation::Propagator,
    st: &mut propagation::State,
) -> Result<(), Fail> {
    loop {
        let mut removed = false;
        for cell in 0..p.n * p.n {
            let d = st.dom[cell];
            if d.count_ones() < 2 {
                continue;
            }
            for b in bits(d) {
                if st.dom[cell] >> b & 1 == 0 {
                    continue;
                }
                engine.mark(st);
                let refuted = engine.narrow(p, st, cell, 1 << b).is_err();
                engine.undo(p, st);
                if refuted {
                    engine.narrow(p, st, cell, !(1u64 << b))?;
                    removed = true;
                }
            }
        }
        if !removed {
            return Ok(());
        }
    }
}

#[test]
fn probing_skips_only_probes_that_would_succeed_again() {
    let mut puzzles: Vec<(String, Puzzle)> = (0..40)
        .map(|seed| {
            let (p, _) = crate::generate::puzzle(&crate::generate::Options {
                size: 5 + (seed as usize % 5),
                seed,
                max_cage: 2 + seed as usize % 4,
                ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
                ..Default::default()
            });
            (format!("generated seed {seed}"), p)
        })
        .collect();
    puzzles.extend(peer_fixtures().into_iter().map(|(stem, p, _)| (stem, p)));
    let mut removed_by_probing = 0;
    for (name, puzzle) in puzzles {
        let p = problem::Problem::new(&puzzle, tuples::DEFAULT_LIMIT);
        let (mut fast, mut plain) = (
            propagation::Propagator::new(&p),
            propagation::Propagator::new(&p),
        );
        let mut a = fast.root(&p).expect("a solvable puzzle");
        let mut b = plain.root(&p).expect("a solvable puzzle");
        let before = a.dom.iter().map(|d| d.count_ones()).sum::<u32>();
        let fast_end = fast.probe(&p, &mut a, Clock::default());
        let plain_end = probe_each_value(&p, &mut plain, &mut b);
        assert_eq!(fast_end, plain_end, "{name}");
        assert_eq!(a.dom, b.dom, "{name}: the domains after probing");
        assert_eq!(fast.weights, plain.weights, "{name}: the failures met");
        removed_by_probing += before - a.dom.iter().map(|d| d.count_ones()).sum::<u32>();
    }
    // Probing did remove values, so later passes had probes to skip.
    assert!(removed_by_probing > 1000, "{removed_by_probing}");
}

#[test]
fn progress_ends_at_the_final_effort_of_each_solve() {
    let progress = std::sync::Arc::new(Progress::new());
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/scale/peer/");
    let text = std::fs::read_to_string(format!("{dir}peer16-s1003.cage")).unwrap();
    let (hard, _) = crate::front::cage::parse(&text).expect("fixture parses");
    let easy = parse(KK2);
    // One handle across solves: each solve starts it afresh, so a small
    // solve after a large one reads small.
    let runs = [
        (&hard, Strategy::Cdcl, Learner::Auto),
        (&hard, Strategy::Cdcl, Learner::Lcg),
        (&hard, Strategy::Auto, Learner::Auto),
        (&easy, Strategy::Auto, Learner::Auto),
    ];
    let mut stages = Vec::new();
    for (p, strategy, learner) in runs {
        let out = solve(
            p,
            &Options {
                max_solutions: 2,
                strategy,
                learner,
                progress: Some(progress.clone()),
                ..Options::default()
            },
        )
        .unwrap();
        assert_eq!(progress.stage(), out.stats.stage);
        assert_eq!(progress.nodes(), out.stats.nodes);
        assert_eq!(progress.conflicts(), out.stats.conflicts);
        stages.push((out.stats.stage, out.stats.conflicts > 0));
    }
    // The runs cover a conflict-driven proof of each engine, and a small
    // solve after them.
    assert_eq!(stages[0], ("cdcl", true));
    assert_eq!(stages[1], ("cdcl", true));
    assert!(!stages[3].1);
}

/// Two threads or more: two CaDiCaL workers search the whole space of the
/// conflict-driven stage, and the threads beyond two solve cubes of it. A
/// unique puzzle gives the same grid as one thread; the stats say there
/// were no cubes on two threads, and count them on three (one satisfied,
/// the others refuted); an effort limit (which must give the same answer
/// on every machine) runs one worker and never splits.
#[cfg(feature = "cdcl")]
#[test]
fn more_threads_share_the_search() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/scale/peer/");
    let text = std::fs::read_to_string(format!("{dir}peer16-s1003.cage")).unwrap();
    let (p, _) = crate::front::cage::parse(&text).expect("fixture parses");
    let opts = |threads, effort| Options {
        max_solutions: 2,
        strategy: Strategy::Cdcl,
        threads,
        effort,
        ..Options::default()
    };
    let one = solve(&p, &opts(1, None)).unwrap();
    assert!(one.complete && one.solutions.len() == 1);
    assert_eq!(one.stats.engine, Some("cadical"));
    assert_eq!(one.stats.cubes, None);
    let two = solve(&p, &opts(2, None)).unwrap();
    assert!(two.complete);
    assert_eq!(two.solutions, one.solutions);
    assert_eq!(two.stats.engine, Some("cadical"));
    let whole = two.stats.cubes.expect("the workers counted");
    assert_eq!((whole.count, whole.refuted, whole.satisfied), (0, 0, 0));
    assert!(0 < whole.busiest && whole.busiest <= two.stats.conflicts);
    for threads in [1, 3, 3] {
        let (more, cubes) = conquer_unwarmed(&p, &opts(threads, None), 8, threads);
        assert!(more.complete, "every cube searched");
        let grids: Vec<Grid> = more
            .solutions
            .iter()
            .map(|v| search::grid(v, p.size))
            .collect();
        assert_eq!(grids, one.solutions);
        let cubes = cubes.expect("cubes counted");
        assert!(cubes.count >= 4, "{cubes:?}");
        assert_eq!(cubes.satisfied, 1, "{cubes:?}");
        assert_eq!(cubes.refuted + cubes.satisfied, cubes.count, "{cubes:?}");
        assert!(cubes.busiest <= more.conflicts, "{cubes:?}");
    }
    let limited = solve(&p, &opts(2, Some(u64::MAX / 2))).unwrap();
    assert_eq!(
        limited.stats, one.stats,
        "an effort limit runs CaDiCaL alone"
    );
    let forced = solve(
        &p,
        &Options {
            cubes: Some(16),
            ..opts(1, Some(u64::MAX / 2))
        },
    )
    .unwrap();
    assert_eq!(forced.stats, one.stats, "an effort limit never splits");
}

/// The conflict-driven stage of `p` on `threads` workers (by `count` cubes
/// where some take cubes), with no warm-up run before a split: the
/// workers' run itself, on any puzzle (the stages before it must leave it
/// open). The solutions are those of the stage.
#[cfg(feature = "cdcl")]
fn conquer_unwarmed(
    p: &Puzzle,
    opts: &Options,
    count: usize,
    threads: usize,
) -> (CdclRun, Option<CubeStats>) {
    let problem = problem::Problem::new(p, opts.tuple_limit);
    let Ok(mut pre) = Prelude::run(&problem, opts, Clock::default()) else {
        panic!("the stages before learning settle it");
    };
    let stage = Stage {
        problem: &problem,
        root: &pre.root,
        known: &pre.known,
        wanted: opts.max_solutions - pre.solutions.len(),
        conflicts: None,
    };
    cubes::conquer_after(
        &stage,
        &mut pre.engine,
        Clock::default(),
        Some(count),
        threads,
        0,
    )
}

/// Every solution of `p` (row-major values), sorted, by depth-first search.
fn every_solution(p: &Puzzle) -> Vec<Vec<u8>> {
    let mut all: Vec<Vec<u8>> = all_solutions(
        p,
        Strategy::DepthFirst,
        Learner::Auto,
        tuples::DEFAULT_LIMIT,
    )
    .iter()
    .map(|g| g.values.iter().flatten().map(|&v| v as u8).collect())
    .collect();
    all.sort();
    all
}

fn sorted_values(grids: &[Grid]) -> Vec<Vec<u8>> {
    let mut all: Vec<Vec<u8>> = grids
        .iter()
        .map(|g| g.values.iter().flatten().map(|&v| v as u8).collect())
        .collect();
    all.sort();
    all
}

/// Puzzles with many solutions: generated, their cages loose.
fn loose_puzzles() -> impl Iterator<Item = (u64, Puzzle)> {
    (0..30).map(|seed| {
        let (p, _) = crate::generate::puzzle(&crate::generate::Options {
            size: 5 + (seed as usize % 2),
            seed,
            max_cage: 5 + (seed as usize % 2),
            ops: vec![Op::Add],
            ..Default::default()
        });
        (seed, p)
    })
}

/// The cubes partition what the root leaves: every solution satisfies the
/// literals of exactly one cube, so solving the cubes apart finds every
/// solution once. Checked on puzzles with many solutions, against plain
/// depth-first search.
#[test]
fn the_cubes_partition_the_space() {
    let (mut solutions, mut cubes_made) = (0, 0);
    for (seed, p) in loose_puzzles() {
        let every = every_solution(&p);
        solutions += every.len();
        let problem = problem::Problem::new(&p, tuples::DEFAULT_LIMIT);
        let mut engine = propagation::Propagator::new(&problem);
        let Ok(mut root) = engine.root(&problem) else {
            assert!(every.is_empty());
            continue;
        };
        if engine.probe(&problem, &mut root, Clock::default()).is_err() {
            assert!(every.is_empty());
            continue;
        }
        for target in [2, 7, 32] {
            let cubing =
                lookahead::split(&problem, &mut engine, &root, target, Clock::default(), None);
            cubes_made += cubing.cubes.len();
            for values in &every {
                let inside = cubing
                    .cubes
                    .iter()
                    .filter(|c| {
                        c.literals
                            .iter()
                            .all(|l| (u32::from(values[l.cell]) == l.value) == l.holds)
                    })
                    .count();
                assert_eq!(inside, 1, "seed {seed}, {target} cubes: {values:?}");
            }
        }
    }
    assert!(
        solutions > 1000,
        "the puzzles are loose: {solutions} solutions"
    );
    assert!(cubes_made > 500, "{cubes_made} cubes");
}

/// A split's cubes, each solved on its own as another machine would, then
/// merged, give every solution once and say the search is complete; the
/// same cubes on threads too. Solutions given as known are skipped.
#[test]
fn cubes_solved_apart_or_on_threads_find_every_solution() {
    let mut split_puzzles = 0;
    for (seed, p) in loose_puzzles() {
        let every = every_solution(&p);
        let opts = Options {
            max_solutions: usize::MAX,
            strategy: Strategy::Cdcl,
            cubes: Some(12),
            ..Options::default()
        };
        let split = split(&p, &opts).unwrap();
        let known = split.outcome.solutions.clone();
        let results: Vec<(usize, Outcome)> = split
            .cubes
            .iter()
            .enumerate()
            .map(|(i, cube)| {
                let alone = Options {
                    max_solutions: usize::MAX,
                    known: known.clone(),
                    ..Options::default()
                };
                (i, solve_cube(&p, &split.root, cube, &alone).unwrap())
            })
            .collect();
        let merged = merge(&split, &results, &opts);
        assert!(merged.complete, "seed {seed}");
        assert_eq!(
            sorted_values(&merged.solutions),
            every,
            "seed {seed}: apart"
        );
        assert_eq!(
            merged.solutions.len(),
            every.len(),
            "seed {seed}: each once"
        );
        // Unsearched cubes leave it incomplete, unless none had a solution.
        if let Some(((_, first), rest)) = results.split_first().filter(|(_, r)| !r.is_empty()) {
            let part = merge(&split, &[(0, first.clone())], &opts);
            assert!(!part.complete || rest.iter().all(|(_, o)| o.solutions.is_empty()));
        }
        #[cfg(feature = "cdcl")]
        for threads in [1, 2, 3] {
            let out = solve(
                &p,
                &Options {
                    threads,
                    ..opts.clone()
                },
            )
            .unwrap();
            assert!(out.complete, "seed {seed}, {threads} threads");
            assert_eq!(
                sorted_values(&out.solutions),
                every,
                "seed {seed}, {threads} threads"
            );
        }
        // The cubes' run itself, with no warm-up to settle it first.
        if split.cubes.len() >= 2 {
            split_puzzles += 1;
            #[cfg(feature = "cdcl")]
            for threads in [1, 2, 3] {
                let (run, cubes) = conquer_unwarmed(&p, &opts, 12, threads);
                let mut found = run.solutions.clone();
                found.sort();
                assert!(run.complete, "seed {seed}, {threads} workers");
                assert_eq!(found, every, "seed {seed}, {threads} workers");
                let cubes = cubes.expect("split");
                assert_eq!(cubes.refuted + cubes.satisfied, cubes.count, "{cubes:?}");
            }
        }
        // Known solutions are never reported again.
        if every.len() >= 2 {
            let known = vec![
                search::grid(&every[0], p.size),
                search::grid(&every[1], p.size),
            ];
            let out = solve(
                &p,
                &Options {
                    known,
                    threads: 2,
                    ..opts.clone()
                },
            )
            .unwrap();
            assert!(out.complete);
            assert_eq!(
                sorted_values(&out.solutions),
                every[2..].to_vec(),
                "seed {seed}: known"
            );
        }
    }
    assert!(split_puzzles >= 10, "{split_puzzles} puzzles split");
}

/// A cube that does not fit the puzzle is an error, not a panic.
#[test]
fn a_cube_that_does_not_fit_is_an_error() {
    let p = parse(KK2);
    let root = vec![(1u64 << 8) - 1; 64];
    let cube = |cell, value| Cube {
        literals: vec![Literal {
            cell,
            value,
            holds: true,
        }],
    };
    let opts = Options::default();
    assert!(matches!(
        solve_cube(&p, &root[..63], &cube(0, 1), &opts),
        Err(CubeError::RootSize { cells: 63, n: 8 })
    ));
    for (cell, value) in [(64, 1), (0, 0), (0, 9)] {
        assert!(matches!(
            solve_cube(&p, &root, &cube(cell, value), &opts),
            Err(CubeError::BadLiteral { .. })
        ));
    }
    // A cube the root contradicts is refuted.
    let mut narrow = root.clone();
    narrow[0] = 1 << 1;
    let out = solve_cube(&p, &narrow, &cube(0, 1), &opts).unwrap();
    assert!(out.complete && out.solutions.is_empty());
    // And the whole grid as one cube finds the puzzle's solution.
    let out = solve_cube(
        &p,
        &root,
        &Cube::default(),
        &Options {
            max_solutions: 2,
            ..opts
        },
    )
    .unwrap();
    assert!(out.complete);
    let expected: Vec<Vec<u32>> = KK2_SOLUTION.iter().map(|r| r.to_vec()).collect();
    assert_eq!(out.solutions.len(), 1);
    assert_eq!(out.solutions[0].values, expected);
}
