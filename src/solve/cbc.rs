//! CBC: command line, log check and the `-printingOptions all -solu` file.
//!
//! CBC runs its arguments left to right, so the limits come before `-solve`
//! (a `-sec` after it is silently ignored). It always exits 0, even when it
//! could not read the model, so the log is searched for its error lines. The
//! solution file starts `<status> - objective value <v>`, then the rows block
//! and the columns block, each line `[**]<index> <name> <value> <reduced cost>`
//! and each block numbered from 0.

use std::io::{self, Write};

use super::{ParseError, RawSolution, Stop, Values, number};
use crate::back::FixedNames;
use crate::model::{Model, VarId};

/// Arguments for one run; `model` and `solution` are relative to the run dir.
pub fn args(
    model: &str,
    solution: &str,
    time_limit: Option<f64>,
    threads: Option<u32>,
    start: Option<&str>,
) -> Vec<String> {
    let mut a = vec![model.to_string()];
    if let Some(f) = start {
        a.extend(["-mipStart".to_string(), f.to_string()]);
    }
    if let Some(t) = time_limit {
        // The Debian 2.10 build counts CPU time unless told otherwise.
        a.extend([
            "-sec".into(),
            t.to_string(),
            "-timeMode".into(),
            "elapsed".into(),
        ]);
    }
    if let Some(n) = threads {
        a.extend(["-threads".into(), n.to_string()]);
    }
    a.extend(["-solve", "-printingOptions", "all", "-solu", solution].map(String::from));
    a
}

/// A MIP start as CBC's `-mipStart` reads it: `index name value` per
/// column, with the model file's column names.
pub fn write_start(
    model: &Model,
    fixed: Option<&FixedNames>,
    point: &[i64],
    w: &mut dyn Write,
) -> io::Result<()> {
    for (i, value) in point.iter().enumerate() {
        let var = VarId(i as u32);
        match fixed {
            Some(names) => writeln!(w, "{i} {} {value}", names.col(model, var).as_str())?,
            None => writeln!(w, "{i} {} {value}", model.var_name(var))?,
        }
    }
    Ok(())
}

/// The first line of a CBC log that reports a failure, if any.
pub fn log_error(log: &str) -> Option<String> {
    log.lines()
        // The echo of our own arguments may contain anything (a file name).
        .filter(|l| !l.trim_start().starts_with("args:"))
        .find(|l| {
            l.contains("ERROR") || l.contains("errors on input") || l.contains("Unable to open")
        })
        .map(|l| l.trim().to_string())
}

/// The stop reason of a status line, and whether its values are a usable point.
fn stop_of(status: &str) -> (Stop, bool) {
    if status.starts_with("Optimal") {
        return (Stop::Optimal, true);
    }
    if status.starts_with("Infeasible") || status.starts_with("Integer infeasible") {
        return (Stop::Infeasible, false);
    }
    if status.starts_with("Unbounded") {
        return (Stop::Unbounded, false);
    }
    // "(no integer solution - continuous used)": the values are the LP
    // relaxation, not a solution.
    let has_point = !status.contains("no integer solution");
    if status.starts_with("Stopped on time") {
        return (Stop::TimeLimit, has_point);
    }
    if status.starts_with("Stopped on") {
        return (Stop::Other(status.to_string()), has_point);
    }
    (Stop::Other(status.to_string()), false)
}

/// Reads a `-printingOptions all -solu` file.
pub fn parse(text: &str) -> Result<RawSolution, ParseError> {
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r'));
    let first = lines.next().unwrap_or("");
    let Some((status, _)) = first.split_once(" - objective value ") else {
        return Err(ParseError::new(
            1,
            format!("expected \"<status> - objective value <v>\", found {first:?}"),
        ));
    };
    let (stop, has_point) = stop_of(status.trim());
    if !has_point {
        return Ok(RawSolution { stop, values: None });
    }
    let mut blocks: Vec<Vec<(String, f64)>> = Vec::new();
    let mut last_index: Option<usize> = None;
    for (i, line) in lines.enumerate() {
        let line_no = i + 2;
        if line.trim().is_empty() {
            continue;
        }
        let (index, name, value) = entry(line, line_no)?;
        if last_index.is_none_or(|last| index <= last) {
            blocks.push(Vec::new());
        }
        last_index = Some(index);
        if let Some(block) = blocks.last_mut() {
            block.push((name, value));
        }
    }
    // The columns block comes last. CBC devel leaves the rows block out when
    // its presolve removed every row (seen on a 1×1 puzzle); the decoder
    // still checks that every column of the model is there.
    if blocks.is_empty() || blocks.len() > 2 {
        return Err(ParseError::new(
            0,
            format!(
                "expected a rows block and a columns block, found {} blocks",
                blocks.len()
            ),
        ));
    }
    let columns = blocks.pop().unwrap_or_default();
    Ok(RawSolution {
        stop,
        values: Some(Values::Named(columns)),
    })
}

/// `[**]<index> <name> <value> <reduced cost>`.
fn entry(line: &str, line_no: usize) -> Result<(usize, String, f64), ParseError> {
    let body = line.trim_start().trim_start_matches("**");
    let fields: Vec<&str> = body.split_whitespace().collect();
    let [index, name, value, _reduced] = fields[..] else {
        return Err(ParseError::new(
            line_no,
            format!("expected \"index name value reduced-cost\", found {line:?}"),
        ));
    };
    let index = index
        .parse::<usize>()
        .map_err(|_| ParseError::new(line_no, format!("expected an index, found {index:?}")))?;
    Ok((index, name.to_string(), number(value, line_no)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn captured(name: &str) -> String {
        let path = format!("{}/fixtures/captured/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    fn columns(s: &RawSolution) -> &[(String, f64)] {
        match &s.values {
            Some(Values::Named(v)) => v,
            other => panic!("expected named values, got {other:?}"),
        }
    }

    #[test]
    fn optimal_file_gives_the_columns_block() {
        let s = parse(&captured("cbc-optimal.sol")).unwrap();
        assert_eq!(s.stop, Stop::Optimal);
        let c = columns(&s);
        assert_eq!(c.len(), 12);
        assert_eq!(c[1], ("x_1_1_2".to_string(), 1.0));
        assert_eq!(c[8], ("y_1_1".to_string(), 2.0));
    }

    #[test]
    fn a_file_without_rows_block_still_gives_the_columns() {
        // CBC devel on the 1×1 fixture: presolve removed every row.
        let s = parse(&captured("cbc-no-rows-block.sol")).unwrap();
        assert_eq!(s.stop, Stop::Optimal);
        assert_eq!(
            columns(&s),
            [("x_1_1_1".to_string(), 1.0), ("y_1_1".to_string(), 1.0)]
        );
    }

    #[test]
    fn junk_values_are_dropped() {
        // Infeasible files carry values (with ** markers); they mean nothing.
        let s = parse(&captured("cbc-infeasible.sol")).unwrap();
        assert_eq!(
            s,
            RawSolution {
                stop: Stop::Infeasible,
                values: None
            }
        );
        let s = parse(&captured("cbc-stopped-continuous.sol")).unwrap();
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
        let s = parse(&captured("cbc-stopped-incumbent.sol")).unwrap();
        assert_eq!(s.stop, Stop::TimeLimit);
        assert_eq!(columns(&s).len(), 50);
    }

    #[test]
    fn outside_bound_markers_parse() {
        let (i, n, v) = entry("**       0 x_1_1_1                2          0", 3).unwrap();
        assert_eq!((i, n.as_str(), v), (0, "x_1_1_1", 2.0));
    }

    #[test]
    fn renamed_columns_are_visible_to_the_caller() {
        let s = parse(&captured("cbc-renamed.sol")).unwrap();
        assert!(columns(&s).iter().any(|(n, _)| n == "x0"));
    }

    #[test]
    fn log_errors_are_found() {
        let e = log_error(&captured("cbc-parse-error.log")).unwrap();
        assert!(e.contains("ERROR"), "{e}");
        let e = log_error(&captured("cbc-missing-file.log")).unwrap();
        assert!(e.contains("Unable to open"), "{e}");
        assert_eq!(log_error(&captured("cbc-optimal.log")), None);
        assert_eq!(log_error("  args: ERROR.lp -solve\n"), None);
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(parse("").is_err());
        // One block is read as the columns (the decoder then checks that every
        // model column is there); three blocks cannot be a CBC file.
        assert!(parse("Optimal - objective value 0\n 0 a 1 0\n").is_ok());
        assert!(parse("Optimal - objective value 0\n0 r 1 0\n0 c 1 0\n0 d 1 0\n").is_err());
        assert!(parse("Optimal - objective value 0\n0 r 1 0\n0 c x 0\n").is_err());
    }

    #[test]
    fn limits_come_before_solve() {
        let a = args("m.lp", "m.sol", Some(3.0), Some(2), None).join(" ");
        assert_eq!(
            a,
            "m.lp -sec 3 -timeMode elapsed -threads 2 -solve -printingOptions all -solu m.sol"
        );
        let a = args("m.lp", "m.sol", None, None, Some("m.start")).join(" ");
        assert_eq!(
            a,
            "m.lp -mipStart m.start -solve -printingOptions all -solu m.sol"
        );
    }
}
