//! Keen IDs against the real game, sgt-keen (Debian's sgt-puzzles): the game
//! accepts every ID cagec writes, solves it to cagec's solution, and its own
//! fresh IDs read back and re-encode byte for byte. Skipped loudly when
//! sgt-keen is not installed (`apt-get install sgt-puzzles`).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use cagec::front::keen;
use cagec::generate::{self, Options};
use cagec::puzzle::ir::{Grid, Op, Puzzle};
use wait_timeout::ChildExt;

fn sgt_keen() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join("sgt-keen"))
            .find(|p| p.is_file())
    });
    let found =
        on_path.or_else(|| Some(PathBuf::from("/usr/games/sgt-keen")).filter(|p| p.is_file()));
    if found.is_none() {
        eprintln!("!!!!!! SKIPPED: sgt-keen is not installed; this test did not run !!!!!!");
    }
    found
}

/// Runs the game (no display needed for these modes); `(status ok, stdout, stderr)`.
fn game(bin: &PathBuf, args: &[&str], stdin: &str) -> (bool, Vec<u8>, String) {
    let mut child = Command::new(bin)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sgt-keen");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let status = match child.wait_timeout(Duration::from_secs(60)).unwrap() {
        Some(s) => s,
        None => {
            child.kill().unwrap();
            panic!("sgt-keen {args:?} ran over 60 s on {stdin}");
        }
    };
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| !l.contains("Gtk-WARNING") && !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    (status.success(), out.stdout, stderr)
}

/// The game's solution of `id`, read from the digits of its PostScript;
/// `None` when the game's printer fails on a cage outline (a bug of the
/// game, seen on its own 3×3 IDs: `outline_block_structure: Assertion`).
fn games_solution(bin: &PathBuf, id: &str, n: usize) -> Option<Grid> {
    let (ok, ps, err) = game(
        bin,
        &["--print", "1x1", "--with-solutions"],
        &format!("{id}\n"),
    );
    if !ok && err.contains("outline_block_structure: Assertion") {
        return None;
    }
    assert!(ok && err.is_empty(), "{id}: {err}");
    let ps = String::from_utf8_lossy(&ps);
    let digits: Vec<u32> = ps
        .lines()
        .filter_map(|l| l.strip_prefix('(')?.split_once(") dup stringwidth"))
        .filter_map(|(d, _)| d.parse().ok())
        .collect();
    assert_eq!(
        digits.len(),
        n * n,
        "{id}: the game printed no full solution"
    );
    Some(Grid {
        values: digits.chunks(n).map(<[u32]>::to_vec).collect(),
    })
}

/// A unique puzzle with its givens as one-cell sums (Keen has no givens),
/// and how many givens it had.
fn unique(size: usize, seed: u64, max_cage: usize) -> (Puzzle, Grid, usize) {
    let opts = Options {
        size,
        seed,
        max_cage,
        ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
        ..Default::default()
    };
    let generate::Unique {
        puzzle: p,
        solution: g,
        ..
    } = generate::unique_puzzle(&opts).expect("generates");
    let givens = p.cages.iter().filter(|c| c.op == Op::Given).count();
    (cagec::front::write::givens_as_sums(&p), g, givens)
}

#[test]
fn the_game_solves_cagec_ids_to_cagecs_unique_solution() {
    let Some(bin) = sgt_keen() else { return };
    // The game's printer cannot outline large cages: at most 3 cells below 5×5.
    let mut singles = 0;
    for (size, max_cage) in [(3, 2), (4, 3), (5, 4), (6, 4), (7, 4), (9, 4)] {
        for seed in 1..=3 {
            let (p, solution, givens) = unique(size, seed, max_cage);
            singles += givens;
            let id = keen::encode(&p).expect("no givens left");
            assert_eq!(games_solution(&bin, &id, size), Some(solution), "{id}");
        }
    }
    // One-cell sums (the givens) are read and solved by the game too.
    assert!(singles >= 10, "only {singles} one-cell cages");
}

#[test]
fn the_game_accepts_cagec_ids_with_long_runs_of_joined_edges() {
    let Some(bin) = sgt_keen() else { return };
    let mut long = 0;
    for seed in 0..400u64 {
        let size = 5 + (seed as usize % 5);
        let opts = Options {
            size,
            seed,
            max_cage: 40,
            ops: vec![Op::Add, Op::Mul],
            ..Default::default()
        };
        let (p, _) = generate::puzzle(&opts);
        let Ok(id) = keen::encode(&p) else { continue };
        let blocks = &id[..id.find(',').unwrap()];
        if !blocks.contains(['y', 'z']) {
            continue;
        }
        long += 1;
        // `--generate 1 ID` validates a description and prints it back.
        let (ok, out, err) = game(&bin, &["--generate", "1", &id], "");
        assert!(ok && err.is_empty(), "{id}: {err}");
        assert_eq!(String::from_utf8_lossy(&out), format!("{id}\n"));
    }
    assert!(long >= 20, "only {long} IDs with y or z");
    // One 6×6 cage: the game's encoder would write `zzj`, which its own parser
    // rejects; cagec writes `yyj`, which it accepts.
    let (ok, _, err) = game(&bin, &["--generate", "1", "6:zzj,a126"], "");
    assert!(!ok && err.contains("Too much data"), "{err}");
    assert!(keen::parse("6:zzj,a126").is_err());
    let (ok, _, err) = game(&bin, &["--generate", "1", "6:yyj,a126"], "");
    assert!(ok, "{err}");
    assert_eq!(keen::parse("6:yyj,a126").expect("reads").0.cages.len(), 1);
}

#[test]
fn fresh_game_ids_read_back_byte_for_byte_with_the_games_solution() {
    let Some(bin) = sgt_keen() else { return };
    let mut compared = 0;
    for params in ["3dn", "4de", "5dem", "6dx", "7du", "8dh", "9dn"] {
        let (ok, out, err) = game(&bin, &["--generate", "2", params], "");
        assert!(ok, "{params}: {err}");
        for id in String::from_utf8_lossy(&out).lines() {
            let (p, w) = keen::parse(id).unwrap_or_else(|d| panic!("{id}: {d:?}"));
            assert!(w.0.is_empty(), "{id}: {w:?}");
            assert!(cagec::puzzle::valid::check(&p).0.is_empty(), "{id}");
            assert_eq!(keen::encode(&p).as_deref(), Ok(id));
            let opts = cagec::native::Options {
                max_solutions: 2,
                ..Default::default()
            };
            let found = cagec::native::solve(&p, &opts).expect("native");
            assert!(found.complete, "{id}");
            assert_eq!(found.solutions.len(), 1, "{id}: unique");
            if let Some(theirs) = games_solution(&bin, id, p.size) {
                assert_eq!(found.solutions, [theirs], "{id}: the game's solution");
                compared += 1;
            }
        }
    }
    assert!(compared >= 10, "the game printed only {compared} solutions");
}
