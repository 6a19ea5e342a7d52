//! HiGHS: command line and the style-0 ("raw") solution file.
//!
//! `highs --model_file F.lp --solution_file S [--time_limit T] [--threads N]`.
//! The input type comes from the extension (`.lp`, `.mps`). The file starts
//! `Model status` / `<status>`, then `# Primal solution values` /
//! `Feasible|Infeasible|None`, and with values `Objective v`, `# Columns n` and
//! n lines `name value`.

use super::{ParseError, RawSolution, Stop, Values, number};

/// Arguments for one run; `model`, `solution`, the MIP `start` (a MIPLIB
/// solution file) and the `options` file are relative to the run dir.
pub fn args(
    model: &str,
    solution: &str,
    time_limit: Option<f64>,
    threads: Option<u32>,
    start: Option<&str>,
    options: Option<&str>,
) -> Vec<String> {
    let mut a = vec![
        "--model_file".to_string(),
        model.to_string(),
        "--solution_file".to_string(),
        solution.to_string(),
    ];
    for (flag, file) in [("--read_solution_file", start), ("--options_file", options)] {
        if let Some(f) = file {
            a.extend([flag.to_string(), f.to_string()]);
        }
    }
    if let Some(t) = time_limit {
        a.push("--time_limit".into());
        a.push(t.to_string());
    }
    if let Some(n) = threads {
        a.push("--threads".into());
        a.push(n.to_string());
    }
    a
}

/// The options cagec sets for one HiGHS run, beyond the command line's:
/// none yet (each candidate is measured in docs/lab/2026-11-25-mip-route.md).
pub fn settings(cut_run: bool, presolved: bool) -> Vec<(&'static str, &'static str)> {
    let _ = (cut_run, presolved);
    Vec::new()
}

/// What a HiGHS model status means for cagec, or `Err` for the statuses that
/// report a failure of HiGHS itself (`Load error`, `Solve error`, …).
pub fn stop_of(status: &str) -> Result<Stop, String> {
    Ok(match status {
        "Optimal" => Stop::Optimal,
        // Every variable of a cagec model is bounded, so "or unbounded" cannot
        // be the unbounded half.
        "Infeasible" | "Primal infeasible or unbounded" => Stop::Infeasible,
        "Time limit reached" => Stop::TimeLimit,
        "Unbounded" => Stop::Unbounded,
        s if s.to_ascii_lowercase().contains("error") => return Err(s.to_string()),
        s => Stop::Other(s.to_string()),
    })
}

/// Reads a style-0 solution file.
pub fn parse(text: &str) -> Result<RawSolution, ParseError> {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let at = |i: usize| lines.get(i).copied();
    let status_at = find(&lines, "Model status", 0)?;
    let status = at(status_at + 1)
        .filter(|s| !s.is_empty())
        .ok_or_else(|| ParseError::new(status_at + 2, "missing model status"))?;
    let stop = stop_of(status)
        .map_err(|s| ParseError::new(status_at + 2, format!("HiGHS reports {s:?}")))?;
    let primal_at = find(&lines, "# Primal solution values", status_at)?;
    let kind = at(primal_at + 1).unwrap_or("");
    let values = match kind {
        "Feasible" => Some(columns(&lines, primal_at + 2)?),
        // No point, or a point HiGHS itself says is infeasible: nothing to use.
        "None" | "Infeasible" => None,
        other => {
            return Err(ParseError::new(
                primal_at + 2,
                format!("expected Feasible, Infeasible or None, found {other:?}"),
            ));
        }
    };
    Ok(RawSolution { stop, values })
}

/// The index of the first line equal to `header` at or after `from`.
fn find(lines: &[&str], header: &str, from: usize) -> Result<usize, ParseError> {
    lines
        .iter()
        .skip(from)
        .position(|l| *l == header)
        .map(|i| i + from)
        .ok_or_else(|| ParseError::new(0, format!("no {header:?} line: not a HiGHS solution file")))
}

/// `Objective v`, `# Columns n`, then n `name value` lines starting at `start`.
fn columns(lines: &[&str], start: usize) -> Result<Values, ParseError> {
    let mut i = start;
    if lines.get(i).is_some_and(|l| l.starts_with("Objective ")) {
        i += 1;
    }
    let count = lines
        .get(i)
        .and_then(|l| l.strip_prefix("# Columns "))
        .and_then(|n| n.trim().parse::<usize>().ok())
        .ok_or_else(|| ParseError::new(i + 1, "expected \"# Columns <n>\""))?;
    let mut values = Vec::with_capacity(count);
    for k in 0..count {
        let line_no = i + 2 + k;
        let line = lines.get(i + 1 + k).ok_or_else(|| {
            ParseError::new(line_no, format!("file ends after {k} of {count} columns"))
        })?;
        // Split at the last space: the value never contains one.
        let (name, value) = line.rsplit_once(' ').ok_or_else(|| {
            ParseError::new(line_no, format!("expected \"name value\", found {line:?}"))
        })?;
        values.push((name.to_string(), number(value, line_no)?));
    }
    Ok(Values::Named(values))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn captured(name: &str) -> String {
        let path = format!("{}/fixtures/captured/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    #[test]
    fn optimal_file_gives_every_column() {
        let s = parse(&captured("highs-optimal.sol")).unwrap();
        assert_eq!(s.stop, Stop::Optimal);
        let Some(Values::Named(v)) = s.values else {
            panic!("no values")
        };
        assert_eq!(v.len(), 12);
        assert_eq!(v[0], ("x_1_1_1".to_string(), 1.0));
        assert_eq!(v[11], ("y_2_2".to_string(), 1.0));
    }

    #[test]
    fn infeasible_and_time_limit_without_point_have_no_values() {
        let s = parse(&captured("highs-infeasible.sol")).unwrap();
        assert_eq!(
            s,
            RawSolution {
                stop: Stop::Infeasible,
                values: None
            }
        );
        let s = parse(&captured("highs-timelimit-none.sol")).unwrap();
        assert_eq!(
            s,
            RawSolution {
                stop: Stop::TimeLimit,
                values: None
            }
        );
    }

    #[test]
    fn time_limit_with_incumbent_keeps_it() {
        let s = parse(&captured("highs-timelimit-feasible.sol")).unwrap();
        assert_eq!(s.stop, Stop::TimeLimit);
        let Some(Values::Named(v)) = s.values else {
            panic!("no values")
        };
        assert_eq!(v.len(), 50);
    }

    #[test]
    fn garbage_and_truncation_are_errors() {
        assert!(parse("hello\nworld\n").is_err());
        let full = captured("highs-optimal.sol");
        let cut: String = full.lines().take(9).map(|l| format!("{l}\n")).collect();
        let e = parse(&cut).unwrap_err();
        assert!(e.reason.contains("file ends after"), "{e}");
        let bad = full.replace("x_1_1_1 1", "x_1_1_1 one");
        assert!(
            parse(&bad)
                .unwrap_err()
                .reason
                .contains("expected a number")
        );
        let err = full.replace("Optimal", "Solve error");
        assert!(parse(&err).unwrap_err().reason.contains("Solve error"));
    }

    #[test]
    fn limits_go_on_the_command_line() {
        let a = args("m.lp", "m.sol", Some(2.5), Some(3), None, None);
        assert_eq!(
            a.join(" "),
            "--model_file m.lp --solution_file m.sol --time_limit 2.5 --threads 3"
        );
        let a = args("m.lp", "m.sol", None, None, Some("m.start"), Some("m.opt"));
        assert_eq!(
            a.join(" "),
            "--model_file m.lp --solution_file m.sol --read_solution_file m.start \
             --options_file m.opt"
        );
    }
}
