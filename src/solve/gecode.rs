//! Gecode, on the MiniZinc pair (`minizinc --solver gecode NAME.mzn
//! NAME.dzn`) or on FlatZinc (`fzn-gecode NAME.fzn`).
//!
//! The answer is on standard output: the grid (the MiniZinc model prints n
//! lines of n values; FlatZinc prints `grid = array2d(1..n, 1..n, [...]);`)
//! and `----------` after it, or `=====UNSATISFIABLE=====`, or at the time
//! limit `=====UNKNOWN=====`. Time limits are in milliseconds.

use super::{ParseError, RawSolution, Stop, Values, Via};

/// Arguments for one run; `model` and `data` relative to the run directory.
pub fn args(
    via: Via,
    model: &str,
    data: Option<&str>,
    time_limit: Option<f64>,
    threads: Option<u32>,
) -> Vec<String> {
    let ms = time_limit.map(|t| ((t * 1000.0).ceil() as u64).max(1).to_string());
    let mut a = Vec::new();
    match via {
        Via::Fzn => {
            if let Some(ms) = ms {
                a.extend(["-time".to_string(), ms]);
            }
        }
        _ => {
            a.extend(["--solver".to_string(), "gecode".to_string()]);
            if let Some(ms) = ms {
                a.extend(["--time-limit".to_string(), ms]);
            }
        }
    }
    if let Some(n) = threads {
        a.extend(["-p".to_string(), n.to_string()]);
    }
    a.push(model.to_string());
    a.extend(data.map(str::to_string));
    a
}

/// Reads the output of a run on an `n`×`n` puzzle; `timed`: a time limit
/// was set, so an unknown answer is that limit.
pub fn parse(text: &str, n: usize, timed: bool) -> Result<RawSolution, ParseError> {
    let has = |marker: &str| text.lines().any(|l| l.trim() == marker);
    let stop = if has("=====UNSATISFIABLE=====") {
        Stop::Infeasible
    } else if has("=====UNKNOWN=====") {
        match timed {
            true => Stop::TimeLimit,
            false => Stop::Other("unknown".into()),
        }
    } else if has("----------") {
        Stop::Optimal
    } else {
        return Err(ParseError::new(
            0,
            "no `----------` nor `=====UNSATISFIABLE=====` line: Gecode printed no answer",
        ));
    };
    if stop != Stop::Optimal {
        return Ok(RawSolution { stop, values: None });
    }
    let answer = text.split("----------").next().unwrap_or("");
    let numbers = match answer.find("array2d(") {
        // FlatZinc: the values between the brackets.
        Some(at) => {
            let list = &answer[at..];
            let (open, close) = (list.find('['), list.rfind(']'));
            match (open, close) {
                (Some(o), Some(c)) if o < c => list[o + 1..c].replace(',', " "),
                _ => return Err(ParseError::new(0, "a grid without its [...] values")),
            }
        }
        None => answer.to_string(),
    };
    let values: Vec<i64> = numbers
        .split_whitespace()
        .map(|w| {
            w.parse()
                .map_err(|_| ParseError::new(0, format!("expected a cell value, found {w:?}")))
        })
        .collect::<Result<_, _>>()?;
    if values.len() != n * n {
        return Err(ParseError::new(
            0,
            format!("the grid has {} values, not {}", values.len(), n * n),
        ));
    }
    let cells = values
        .iter()
        .enumerate()
        .map(|(i, &v)| (i / n + 1, i % n + 1, v))
        .collect();
    Ok(RawSolution {
        stop,
        values: Some(Values::Cells(cells)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_from_minizinc_and_flatzinc() {
        let want = Some(Values::Cells(vec![
            (1, 1, 1),
            (1, 2, 2),
            (2, 1, 2),
            (2, 2, 1),
        ]));
        let mzn = parse("1 2\n2 1\n----------\n==========\n", 2, false).unwrap();
        assert_eq!((mzn.stop, mzn.values), (Stop::Optimal, want.clone()));
        let fzn = "grid = array2d(1..2, 1..2, [1, 2, 2, 1]);\n----------\n";
        assert_eq!(parse(fzn, 2, false).unwrap().values, want);
    }

    #[test]
    fn captured_answers_of_the_real_binaries() {
        let captured = |name: &str| {
            let path = format!("{}/fixtures/captured/{name}", env!("CARGO_MANIFEST_DIR"));
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
        };
        let want = Some(Values::Cells(vec![
            (1, 1, 1),
            (1, 2, 2),
            (2, 1, 2),
            (2, 2, 1),
        ]));
        for sat in ["minizinc-sat.log", "fzn-gecode-sat.log"] {
            let s = parse(&captured(sat), 2, false).unwrap();
            assert_eq!((s.stop, s.values), (Stop::Optimal, want.clone()), "{sat}");
        }
        for unsat in ["minizinc-unsat.log", "fzn-gecode-unsat.log"] {
            assert_eq!(
                parse(&captured(unsat), 3, false).unwrap().stop,
                Stop::Infeasible
            );
        }
        for unknown in ["minizinc-unknown.log", "fzn-gecode-unknown.log"] {
            assert_eq!(
                parse(&captured(unknown), 20, true).unwrap().stop,
                Stop::TimeLimit
            );
        }
    }

    #[test]
    fn no_solution_unknown_and_garbage() {
        let s = parse("=====UNSATISFIABLE=====\n", 2, false).unwrap();
        assert_eq!((s.stop, s.values), (Stop::Infeasible, None));
        assert_eq!(
            parse("=====UNKNOWN=====\n", 2, true).unwrap().stop,
            Stop::TimeLimit
        );
        assert!(parse("Error: type error\n", 2, false).is_err());
        let short = parse("1 2\n----------\n", 2, false).unwrap_err();
        assert!(short.reason.contains("2 values, not 4"), "{short}");
    }

    #[test]
    fn command_lines() {
        let mzn = args(Via::Mzn, "kk0.mzn", Some("kk0.dzn"), Some(1.5), Some(2));
        assert_eq!(
            mzn.join(" "),
            "--solver gecode --time-limit 1500 -p 2 kk0.mzn kk0.dzn"
        );
        let fzn = args(Via::Fzn, "kk0.fzn", None, Some(0.0001), None);
        assert_eq!(fzn.join(" "), "-time 1 kk0.fzn");
    }
}
