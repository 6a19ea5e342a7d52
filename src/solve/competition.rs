//! The SAT and pseudo-Boolean competition solvers: CaDiCaL, Kissat and
//! clasp on DIMACS CNF, clasp and MiniSat+ on OPB.
//!
//! Each reads the file named on its command line and prints its answer on
//! standard output, the competitions' way: `s SATISFIABLE` (MiniSat+ may say
//! `s OPTIMUM FOUND`) then `v` lines of literals (`1 -2 … 0` in CNF,
//! `x1 -x2 …` in OPB), `s UNSATISFIABLE`, or `s UNKNOWN`. Exit codes are 10
//! and 20 (0 when unknown). At its time limit CaDiCaL says `c UNKNOWN`
//! with no `s` line; MiniSat+ has no time limit, so cagec interrupts it
//! (SIGINT) at the limit and it says `*** INTERRUPTED ***`.

use super::named::Solver;
use super::{ParseError, RawSolution, Stop, Values};

/// Arguments for one run of `solver` on `model` (relative to the run
/// directory). Time limits are whole seconds, rounded up.
pub fn args(
    solver: Solver,
    model: &str,
    time_limit: Option<f64>,
    threads: Option<u32>,
) -> Vec<String> {
    let secs = time_limit.map(|t| super::glpk::tmlim(t).to_string());
    let mut a = Vec::new();
    match solver {
        Solver::Cadical => {
            if let Some(s) = secs {
                a.extend(["-t".to_string(), s]);
            }
        }
        Solver::Kissat => a.extend(secs.map(|s| format!("--time={s}"))),
        Solver::Clasp => {
            a.extend(secs.map(|s| format!("--time-limit={s}")));
            a.extend(threads.map(|n| format!("--parallel-mode={n}")));
        }
        _ => {}
    }
    a.push(model.to_string());
    a
}

/// Reads a solver's standard output. `timed`: a time limit was set, so an
/// unknown answer is that limit.
pub fn parse(text: &str, timed: bool) -> Result<RawSolution, ParseError> {
    let status = text
        .lines()
        .enumerate()
        .filter_map(|(i, l)| l.strip_prefix("s ").map(|s| (i + 1, s.trim())))
        .last();
    let unknown = || match timed {
        true => Stop::TimeLimit,
        false => Stop::Other("unknown".into()),
    };
    let stop = match status {
        Some((_, "SATISFIABLE" | "OPTIMUM FOUND")) => Stop::Optimal,
        Some((_, "UNSATISFIABLE")) => Stop::Infeasible,
        Some((_, "UNKNOWN")) => unknown(),
        Some((line, other)) => {
            return Err(ParseError::new(line, format!("unknown answer `s {other}`")));
        }
        None if text
            .lines()
            .any(|l| l == "c UNKNOWN" || l.contains("*** INTERRUPTED ***")) =>
        {
            unknown()
        }
        None => {
            return Err(ParseError::new(
                0,
                "no `s` line: the solver printed no answer",
            ));
        }
    };
    let values = match stop {
        Stop::Optimal => Some(Values::Numbered(literals(text)?)),
        _ => None,
    };
    Ok(RawSolution { stop, values })
}

/// The literals of the `v` lines: `5`, `-5`, `x5`, `-x5`; a `0` ends them.
fn literals(text: &str) -> Result<Vec<(usize, f64)>, ParseError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.strip_prefix('v') else {
            continue;
        };
        for word in rest.split_whitespace() {
            let (negative, var) = match word.strip_prefix('-') {
                Some(v) => (true, v),
                None => (false, word),
            };
            let var = var.strip_prefix('x').unwrap_or(var);
            let k: usize = var.parse().map_err(|_| {
                ParseError::new(i + 1, format!("expected a literal, found {word:?}"))
            })?;
            if k == 0 {
                return Ok(out);
            }
            out.push((k, if negative { 0.0 } else { 1.0 }));
        }
    }
    if out.is_empty() {
        return Err(ParseError::new(
            0,
            "the answer is SATISFIABLE but no `v` line follows",
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_of_every_kind() {
        let sat = "c hello\ns SATISFIABLE\nv 1 -2\nv 3 0\n";
        let s = parse(sat, false).unwrap();
        assert_eq!(s.stop, Stop::Optimal);
        assert_eq!(
            s.values,
            Some(Values::Numbered(vec![(1, 1.0), (2, 0.0), (3, 1.0)]))
        );
        let opb = "s OPTIMUM FOUND\nv x1 -x2 x10\n";
        let s = parse(opb, false).unwrap();
        assert_eq!(
            s.values,
            Some(Values::Numbered(vec![(1, 1.0), (2, 0.0), (10, 1.0)]))
        );
        let unsat = parse("s UNSATISFIABLE\n", true).unwrap();
        assert_eq!((unsat.stop, unsat.values), (Stop::Infeasible, None));
        assert_eq!(parse("s UNKNOWN\n", true).unwrap().stop, Stop::TimeLimit);
        // CaDiCaL at -t, MiniSat+ after SIGINT: no `s` line.
        assert_eq!(parse("c UNKNOWN\n", true).unwrap().stop, Stop::TimeLimit);
        let interrupted = "c | 1 |\nc *** INTERRUPTED ***\n";
        assert_eq!(
            parse(interrupted, false).unwrap().stop,
            Stop::Other("unknown".into())
        );
    }

    fn captured(name: &str) -> String {
        let path = format!("{}/fixtures/captured/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// Every variable of the file, each once.
    fn numbered(s: &RawSolution) -> Vec<usize> {
        let Some(Values::Numbered(v)) = &s.values else {
            panic!("no values: {s:?}")
        };
        v.iter().map(|&(k, _)| k).collect()
    }

    #[test]
    fn captured_answers_of_the_real_binaries() {
        // amb2: 10 variables (8 x, 2 z), the same in the CNF and the OPB.
        for sat in ["cadical-sat.log", "clasp-cnf-sat.log", "kissat-sat.log"] {
            let s = parse(&captured(sat), false).unwrap();
            assert_eq!(s.stop, Stop::Optimal, "{sat}");
            assert_eq!(numbered(&s), (1..=10).collect::<Vec<_>>(), "{sat}");
        }
        for sat in ["clasp-opb-sat.log", "minisat-sat.log"] {
            let s = parse(&captured(sat), false).unwrap();
            assert_eq!(numbered(&s), (1..=10).collect::<Vec<_>>(), "{sat}");
        }
        for unsat in [
            "cadical-unsat.log",
            "clasp-opb-unsat.log",
            "minisat-unsat.log",
        ] {
            let s = parse(&captured(unsat), false).unwrap();
            assert_eq!((s.stop, s.values), (Stop::Infeasible, None), "{unsat}");
        }
        for limit in [
            "cadical-timelimit.log",
            "clasp-timelimit.log",
            "kissat-timelimit.log",
            "minisat-interrupted.log",
        ] {
            let s = parse(&captured(limit), true).unwrap();
            assert_eq!((s.stop, s.values), (Stop::TimeLimit, None), "{limit}");
        }
    }

    #[test]
    fn what_is_not_an_answer() {
        assert!(
            parse("c parse error\n", false)
                .unwrap_err()
                .reason
                .contains("no `s` line")
        );
        assert!(
            parse("s MAYBE\n", false)
                .unwrap_err()
                .reason
                .contains("MAYBE")
        );
        assert!(
            parse("s SATISFIABLE\n", false)
                .unwrap_err()
                .reason
                .contains("no `v` line")
        );
        let e = parse("s SATISFIABLE\nv 1 two 0\n", false).unwrap_err();
        assert_eq!((e.line, e.reason.contains("\"two\"")), (2, true));
    }

    #[test]
    fn command_lines() {
        let a = |s, t, n| args(s, "m.cnf", t, n).join(" ");
        assert_eq!(a(Solver::Cadical, Some(2.5), None), "-t 3 m.cnf");
        assert_eq!(a(Solver::Kissat, Some(2.0), None), "--time=2 m.cnf");
        assert_eq!(
            a(Solver::Clasp, Some(0.1), Some(2)),
            "--time-limit=1 --parallel-mode=2 m.cnf"
        );
        assert_eq!(a(Solver::MinisatPlus, Some(9.0), None), "m.cnf");
    }
}
