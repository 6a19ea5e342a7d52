//! `compile --to opb|cnf|mzn|fzn` as files: the solution lines of
//! `--with-solution` satisfy every OPB row and every clause and spell the
//! fixture's solution through the name map; gzip files are the plain files
//! compressed; the MiniZinc pair is named like the AMPL pair; options a
//! format cannot take are usage errors that write nothing. OPB rows and
//! clauses are read here by a small reader of the formats' grammars (not
//! `src/back`); the real readers are in `families_conform.rs`.

use std::collections::HashMap;

use crate::support::bundle::*;

/// `* xK = NAME` (OPB) or `c var K NAME` (CNF): variable number → name.
fn name_map(text: &str) -> HashMap<usize, String> {
    let mut map = HashMap::new();
    for line in text.lines() {
        let entry = match (line.strip_prefix("* x"), line.strip_prefix("c var ")) {
            (Some(rest), _) => rest.split_once(" = "),
            (_, Some(rest)) => rest.split_once(' '),
            _ => None,
        };
        if let Some((k, name)) = entry
            && let Ok(k) = k.parse::<usize>()
            && !name.contains(' ')
        {
            map.insert(k, name.to_string());
        }
    }
    map
}

/// The `s` line and the literals of the `v` lines (`x3`/`-x3` or `3`/`-3`),
/// as variable → value.
fn solution(text: &str) -> (String, HashMap<usize, bool>) {
    let status = text.lines().find_map(|l| l.strip_prefix("s ")).unwrap();
    let mut values = HashMap::new();
    for word in text
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .flat_map(str::split_whitespace)
    {
        let (neg, var) = word.strip_prefix('-').map_or((false, word), |v| (true, v));
        let k: usize = var.trim_start_matches('x').parse().unwrap();
        if k > 0 {
            assert!(values.insert(k, !neg).is_none(), "{word} twice");
        }
    }
    (status.to_string(), values)
}

/// Every OPB row holds (`±c xK … (= | >=) rhs ;`, one per line).
fn opb_rows_hold(text: &str, v: &HashMap<usize, bool>) -> usize {
    let header = text.lines().next().unwrap();
    let counts: Vec<usize> = header
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('*')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words.last(), Some(&";"), "{line}");
        let op = words.iter().position(|w| *w == "=" || *w == ">=").unwrap();
        let mut lhs = 0i64;
        for pair in words[..op].chunks(2) {
            let c: i64 = pair[0].parse().unwrap();
            assert!(pair[0].starts_with(['+', '-']), "{line}");
            let k: usize = pair[1].strip_prefix('x').unwrap().parse().unwrap();
            lhs += c * i64::from(v[&k]);
        }
        let rhs: i64 = words[op + 1].parse().unwrap();
        let holds = if words[op] == "=" {
            lhs == rhs
        } else {
            lhs >= rhs
        };
        assert!(holds, "{line}: the left side is {lhs}");
        rows += 1;
    }
    assert_eq!(counts, [v.len(), rows], "{header}");
    rows
}

/// Every clause holds, and the `p cnf V C` line counts them.
fn clauses_hold(text: &str, v: &HashMap<usize, bool>) {
    let mut lines = text.lines().skip_while(|l| l.starts_with('c'));
    let p: Vec<usize> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .skip(2)
        .map(|w| w.parse().unwrap())
        .collect();
    let mut clauses = 0;
    for line in lines {
        assert!(!line.starts_with('c'), "a comment after the p line: {line}");
        let lits: Vec<i64> = line
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        assert_eq!(lits.last(), Some(&0), "{line}");
        let holds = lits[..lits.len() - 1]
            .iter()
            .any(|&l| v[&(l.unsigned_abs() as usize)] == (l > 0));
        assert!(holds, "clause {} is false: {line}", clauses + 1);
        clauses += 1;
    }
    assert_eq!(p, [v.len(), clauses]);
}

/// The grid the true `x_I_J_K` spell, through the name map.
fn grid(map: &HashMap<usize, String>, v: &HashMap<usize, bool>, n: usize) -> Vec<Vec<u32>> {
    let values = map
        .iter()
        .map(|(k, name)| (name.clone(), if v[k] { 1.0 } else { 0.0 }))
        .collect();
    grid_of(&values, n)
}

#[test]
fn solution_lines_satisfy_every_row_and_clause_and_spell_the_solution() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut checked = 0;
    for path in fixtures() {
        let Some(known) = known_grid(&path) else {
            continue;
        };
        let puzzle = path.to_str().unwrap();
        for opts in [
            &[][..],
            &["--presolve"],
            &["--formulation", "melkonian"],
            &["--formulation", "melkonian", "--product", "sets"],
        ] {
            for to in ["opb", "cnf"] {
                let file = format!("m.{to}");
                let mut args = vec![puzzle, "-o", &file, "--with-solution"];
                args.extend_from_slice(opts);
                ok(&compile_args(&args), d);
                let text = std::fs::read_to_string(d.join(&file)).unwrap();
                let (status, v) = solution(&std::fs::read_to_string(d.join("m.sol")).unwrap());
                assert_eq!(status, "SATISFIABLE");
                match to {
                    "opb" => assert!(opb_rows_hold(&text, &v) > 0),
                    _ => clauses_hold(&text, &v),
                }
                let what = format!("{puzzle} {to} {opts:?}");
                assert_eq!(grid(&name_map(&text), &v, known.len()), known, "{what}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 120, "only {checked} points checked");
}

#[test]
fn gzip_families_are_the_plain_files_compressed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for name in ["kk0.cage", "killer9.cage"] {
        let puzzle = fixture(name);
        for to in ["opb", "cnf"] {
            let plain = format!("plain.{to}");
            let gz = format!("z.{to}.gz");
            ok(&compile_args(&[&puzzle, "--to", to, "-o", &plain]), d);
            ok(&compile_args(&[&puzzle, "-o", &gz]), d);
            let bytes = read(&d.join(&gz));
            assert_eq!(&bytes[..8], &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0], "{name} {to}");
            assert_eq!(gunzip(&bytes), read(&d.join(&plain)), "{name} {to}");
            assert_eq!(
                ok(&compile_args(&[&puzzle, "--to", to, "--gzip"]), d),
                bytes
            );
        }
    }
}

#[test]
fn the_minizinc_pair_is_named_like_the_ampl_pair() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (kk0, killer) = (fixture("kk0.cage"), fixture("killer9.cage"));
    ok(&compile_args(&[&kk0, "-o", "a.mzn"]), d);
    ok(&compile_args(&[&killer, "--to", "mzn", "-o", "b.mzn"]), d);
    // One generic model for every puzzle; the data is the puzzle's.
    assert_eq!(read(&d.join("a.mzn")), read(&d.join("b.mzn")));
    let data = String::from_utf8(read(&d.join("b.dzn"))).unwrap();
    assert!(data.contains("box = 3;"), "{data}");
    // Standard output: the model, then the data, one MiniZinc text.
    let stream = ok(&compile_args(&[&kk0, "--to", "mzn"]), d);
    let pair = [
        read(&d.join("a.mzn")),
        b"\n".to_vec(),
        read(&d.join("a.dzn")),
    ]
    .concat();
    assert_eq!(stream, pair);
    // A batch writes both beside each other.
    ok(
        &compile_args(&[&kk0, &killer, "--to", "mzn", "--out-dir", "batch"]),
        d,
    );
    for file in ["kk0.mzn", "kk0.dzn", "killer9.mzn", "killer9.dzn"] {
        assert!(d.join("batch").join(file).is_file(), "{file}");
    }
    assert_eq!(read(&d.join("batch/killer9.dzn")), data.into_bytes());
}

#[test]
fn what_a_format_cannot_take_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let kk0 = fixture("kk0.cage");
    let cases: &[(&[&str], &str)] = &[
        (&[&kk0, "-o", "m.mzn", "--with-solution"], "mzn has none"),
        (&[&kk0, "-o", "m.fzn", "--with-solution"], "fzn has none"),
        (&[&kk0, "-o", "m.fzn.gz"], "read no compressed files"),
        (&[&kk0, "--to", "mzn", "--gzip"], "read no compressed files"),
        (
            &[&kk0, "-o", "m.mzn", "--formulation", "melkonian"],
            "--formulation melkonian does not apply to --to mzn",
        ),
        (
            &[&kk0, "-o", "m.mzn", "--product", "sets"],
            "--product does not apply to --to mzn",
        ),
        (
            &[
                &kk0,
                "--to",
                "mzn",
                "--out-dir",
                "o",
                "--killer-form",
                "combined",
            ],
            "--killer-form does not apply to --to mzn",
        ),
    ];
    assert_usage_errors(cases, d);
}
