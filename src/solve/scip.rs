//! SCIP through its interactive shell: `scip -c "set limits time T read
//! FILE optimize write solution SOL quit"`, on OPB, DIMACS CNF or FlatZinc.
//!
//! The solution file (`write solution`) is `solution status: …`, then `no
//! solution available` or `objective value: v` and one `NAME VALUE
//! (obj:c)` line per nonzero variable. OPB and CNF variables are named `x1`,
//! `x2`, … as in the file; from FlatZinc, the grid is read from the output
//! array's `grid[k]` variables (the model's own x and y are there too).

use super::{ParseError, RawSolution, Stop, Values, Via};

/// Arguments for one run; `model` and `solution` relative to the run dir.
pub fn args(model: &str, solution: &str, time_limit: Option<f64>) -> Vec<String> {
    let limit = time_limit.map_or(String::new(), |t| format!("set limits time {t} "));
    vec![
        "-c".to_string(),
        format!("{limit}read {model} optimize write solution {solution} quit"),
    ]
}

/// Reads a `write solution` file for a run on `via` of an `n`×`n` puzzle.
pub fn parse(text: &str, via: Via, n: usize) -> Result<RawSolution, ParseError> {
    let mut lines = text.lines().enumerate();
    let status = lines
        .next()
        .and_then(|(_, l)| l.strip_prefix("solution status:"))
        .ok_or_else(|| ParseError::new(1, "expected `solution status:`: not a SCIP solution"))?;
    let stop = match status.trim() {
        "optimal solution found" => Stop::Optimal,
        "infeasible" => Stop::Infeasible,
        "time limit reached" => Stop::TimeLimit,
        "unbounded" => Stop::Unbounded,
        other => Stop::Other(other.to_string()),
    };
    let (mut numbered, mut cells, mut point) = (Vec::new(), Vec::new(), false);
    for (i, line) in lines {
        let line_no = i + 1;
        if line.starts_with("no solution available") {
            return Ok(RawSolution { stop, values: None });
        }
        if line.starts_with("objective value:") {
            point = true;
            continue;
        }
        let mut words = line.split_whitespace();
        let (Some(name), Some(value)) = (words.next(), words.next()) else {
            continue;
        };
        let value = super::number(value, line_no)?;
        match via {
            Via::Fzn => {
                if let Some(k) = name.strip_prefix("grid[").and_then(|r| r.strip_suffix(']')) {
                    let k: usize = k
                        .parse()
                        .ok()
                        .filter(|&k| (1..=n * n).contains(&k))
                        .ok_or_else(|| ParseError::new(line_no, format!("no cell {name}")))?;
                    cells.push(((k - 1) / n + 1, (k - 1) % n + 1, value.round() as i64));
                }
            }
            _ => {
                let k = name
                    .strip_prefix('x')
                    .and_then(|k| k.parse::<usize>().ok())
                    .ok_or_else(|| {
                        ParseError::new(line_no, format!("{name} is not a variable xK of the file"))
                    })?;
                numbered.push((k, value));
            }
        }
    }
    let values = match (point, via) {
        (false, _) => None,
        (true, Via::Fzn) => Some(Values::Cells(cells)),
        (true, _) => Some(Values::Numbered(numbered)),
    };
    Ok(RawSolution { stop, values })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solutions_by_route() {
        let opb = "solution status: optimal solution found\nobjective value: 0\n\
                   x1 1 \t(obj:0)\nx7 1 \t(obj:0)\n";
        let s = parse(opb, Via::Opb, 2).unwrap();
        assert_eq!(s.stop, Stop::Optimal);
        assert_eq!(s.values, Some(Values::Numbered(vec![(1, 1.0), (7, 1.0)])));
        let fzn = "solution status: optimal solution found\nobjective value: 0\n\
                   true 1 \t(obj:0)\nx_1_1_1 1 \t(obj:0)\ngrid[1] 1 \t(obj:0)\ngrid[4] 2 \t(obj:0)\n";
        let s = parse(fzn, Via::Fzn, 2).unwrap();
        assert_eq!(s.values, Some(Values::Cells(vec![(1, 1, 1), (2, 2, 2)])));
        let none = "solution status: infeasible\nno solution available\n";
        let s = parse(none, Via::Opb, 2).unwrap();
        assert_eq!((s.stop, s.values), (Stop::Infeasible, None));
        let limit = "solution status: time limit reached\nno solution available\n";
        assert_eq!(parse(limit, Via::Cnf, 2).unwrap().stop, Stop::TimeLimit);
    }

    #[test]
    fn captured_solution_files_of_the_real_binary() {
        let captured = |name: &str| {
            let path = format!("{}/fixtures/captured/{name}", env!("CARGO_MANIFEST_DIR"));
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
        };
        let opb = parse(&captured("scip-opb.sol"), Via::Opb, 2).unwrap();
        let Some(Values::Numbered(v)) = &opb.values else {
            panic!("{opb:?}")
        };
        // One x per cell and one z: the nonzero variables of amb2.
        assert_eq!((opb.stop, v.len()), (Stop::Optimal, 5));
        let fzn = parse(&captured("scip-fzn.sol"), Via::Fzn, 2).unwrap();
        let Some(Values::Cells(cells)) = &fzn.values else {
            panic!("{fzn:?}")
        };
        assert_eq!(cells.len(), 4);
        let none = parse(&captured("scip-infeasible.sol"), Via::Opb, 3).unwrap();
        assert_eq!((none.stop, none.values), (Stop::Infeasible, None));
        let limit = parse(&captured("scip-timelimit.sol"), Via::Opb, 20).unwrap();
        assert_eq!((limit.stop, limit.values), (Stop::TimeLimit, None));
    }

    #[test]
    fn what_is_not_a_solution() {
        assert!(parse("hello\n", Via::Opb, 2).is_err());
        let renamed = "solution status: optimal solution found\nobjective value: 0\ny 1\n";
        assert!(
            parse(renamed, Via::Opb, 2)
                .unwrap_err()
                .reason
                .contains("xK")
        );
        let outside = "solution status: optimal solution found\nobjective value: 0\ngrid[5] 1\n";
        assert!(parse(outside, Via::Fzn, 2).is_err());
    }

    #[test]
    fn one_command_string() {
        assert_eq!(
            args("kk0.opb", "kk0.opb.scip.sol", Some(2.5)),
            [
                "-c",
                "set limits time 2.5 read kk0.opb optimize write solution kk0.opb.scip.sol quit"
            ]
        );
    }
}
