//! glpsol: command lines for LP, MPS and MathProg input, the `-w` file, and
//! the `y I J V` lines the AMPL model prints.
//!
//! The MIP `-w` file is `s mip <rows> <cols> <o|f|n|u> <obj>`, then `i`/`j`
//! lines and `e o f`. Columns are numbered, not named: by first appearance in
//! the file, which is declaration order because cagec's LP objective lists
//! every variable in order (and MPS columns come in order). glpsol has no
//! threads option and takes `--tmlim` in whole seconds.

use super::{ParseError, RawSolution, Stop, Values, Via, number};

/// The marker glpsol logs when `--tmlim` stops the search.
const TIME_LIMIT_LOG: &str = "TIME LIMIT EXCEEDED";

/// Arguments for one run. For [`Via::Ampl`], `model` is the `.mod` and `data`
/// the `.dat`; `printed` receives the `printf` output (`-y`).
pub struct Files<'a> {
    pub model: &'a str,
    pub data: Option<&'a str>,
    pub printed: Option<&'a str>,
    pub solution: &'a str,
}

pub fn args(via: Via, files: &Files<'_>, time_limit: Option<f64>) -> Vec<String> {
    let flag = match via {
        Via::Lp => "--lp",
        Via::Mps => "--freemps",
        Via::FixedMps => "--mps",
        // glpsol reads no other route (its routes in `solvers`).
        Via::Ampl | Via::Opb | Via::Cnf | Via::Mzn | Via::Fzn => "-m",
    };
    let mut a = vec![flag.to_string(), files.model.to_string()];
    if let Some(d) = files.data {
        a.extend(["-d".to_string(), d.to_string()]);
    }
    if let Some(y) = files.printed {
        a.extend(["-y".to_string(), y.to_string()]);
    }
    a.extend(["-w".to_string(), files.solution.to_string()]);
    if let Some(t) = time_limit {
        a.extend(["--tmlim".to_string(), tmlim(t).to_string()]);
    }
    a
}

/// `--tmlim` takes whole seconds: round up, and never 0 (which would stop at once).
pub fn tmlim(seconds: f64) -> u64 {
    (seconds.ceil() as u64).max(1)
}

/// Reads a MIP `-w` file; `log` (glpsol's stdout) tells a time limit from the
/// other meanings of `u`. (For MathProg runs the columns are glpsol's own
/// and the caller reads only the status.)
pub fn parse_w(text: &str, log: &str) -> Result<RawSolution, ParseError> {
    let mut header: Option<(usize, char)> = None;
    let mut values: Vec<Option<f64>> = Vec::new();
    let mut ended = false;
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let fields: Vec<&str> = line.split_whitespace().collect();
        match fields.first().copied() {
            None | Some("c") | Some("i") => {}
            Some("s") => {
                let (cols, letter) = status_line(&fields, line_no)?;
                values = vec![None; cols];
                header = Some((cols, letter));
            }
            Some("j") => column(&fields, line_no, &mut values)?,
            Some("e") => ended = true,
            Some(other) => {
                return Err(ParseError::new(
                    line_no,
                    format!("unknown line type {other:?}"),
                ));
            }
        }
    }
    let Some((cols, letter)) = header else {
        return Err(ParseError::new(
            0,
            "no \"s mip\" line: not a glpsol -w file",
        ));
    };
    if !ended {
        return Err(ParseError::new(
            0,
            "no \"e o f\" line: the file is truncated",
        ));
    }
    let timed_out = log.contains(TIME_LIMIT_LOG);
    let (stop, has_point) = match letter {
        'o' => (Stop::Optimal, true),
        'f' if timed_out => (Stop::TimeLimit, true),
        'f' => (Stop::Other("feasible, not proven optimal".into()), true),
        'n' => (Stop::Infeasible, false),
        'u' if timed_out => (Stop::TimeLimit, false),
        _ => (Stop::Other("undefined".into()), false),
    };
    if !has_point {
        return Ok(RawSolution { stop, values: None });
    }
    let values: Option<Vec<f64>> = values.into_iter().collect();
    let values = values
        .ok_or_else(|| ParseError::new(0, format!("not all {cols} columns have a j line")))?;
    Ok(RawSolution {
        stop,
        values: Some(Values::Indexed(values)),
    })
}

/// `s mip <rows> <cols> <letter> <obj>` → (cols, letter).
fn status_line(fields: &[&str], line_no: usize) -> Result<(usize, char), ParseError> {
    match fields {
        ["s", "mip", _rows, cols, letter, _obj] => {
            let cols = cols
                .parse()
                .map_err(|_| ParseError::new(line_no, format!("bad column count {cols:?}")))?;
            match *letter {
                "o" | "f" | "n" | "u" => Ok((cols, letter.chars().next().unwrap_or('u'))),
                l => Err(ParseError::new(
                    line_no,
                    format!("unknown MIP status {l:?}"),
                )),
            }
        }
        ["s", "bas", ..] | ["s", "ipt", ..] => Err(ParseError::new(
            line_no,
            "glpsol wrote an LP solution, not a MIP one: the model has no integer columns",
        )),
        _ => Err(ParseError::new(
            line_no,
            "expected \"s mip rows cols status obj\"",
        )),
    }
}

/// `j <col> <value>`, 1-based, each column once.
fn column(fields: &[&str], line_no: usize, values: &mut [Option<f64>]) -> Result<(), ParseError> {
    let ["j", col, value] = fields else {
        return Err(ParseError::new(line_no, "expected \"j col value\""));
    };
    let k: usize = col
        .parse()
        .map_err(|_| ParseError::new(line_no, format!("bad column number {col:?}")))?;
    let slot = k
        .checked_sub(1)
        .and_then(|k| values.get_mut(k))
        .ok_or_else(|| ParseError::new(line_no, format!("column {k} is out of range")))?;
    if slot.is_some() {
        return Err(ParseError::new(
            line_no,
            format!("column {k} appears twice"),
        ));
    }
    *slot = Some(number(value, line_no)?);
    Ok(())
}

/// The `y I J V` lines of the AMPL model's `printf` (other lines are ignored).
pub fn parse_printed(text: &str) -> Result<Values, ParseError> {
    let mut cells = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.first() != Some(&"y") {
            continue;
        }
        let bad = || {
            ParseError::new(
                i + 1,
                format!("expected \"y row col value\", found {line:?}"),
            )
        };
        let [_, r, c, v] = fields[..] else {
            return Err(bad());
        };
        let r = r.parse().map_err(|_| bad())?;
        let c = c.parse().map_err(|_| bad())?;
        let v = v.parse().map_err(|_| bad())?;
        cells.push((r, c, v));
    }
    Ok(Values::Cells(cells))
}

/// The `NAME VALUE` lines of the flat MathProg model, one per variable.
pub fn parse_printed_names(text: &str) -> Result<Values, ParseError> {
    let mut values = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        match fields[..] {
            [] => {}
            [name, value] => values.push((name.to_string(), number(value, i + 1)?)),
            _ => {
                let reason = format!("expected \"name value\", found {line:?}");
                return Err(ParseError::new(i + 1, reason));
            }
        }
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
    fn optimal_file_gives_values_by_column_number() {
        let s = parse_w(
            &captured("glpsol-optimal.w"),
            &captured("glpsol-optimal.log"),
        )
        .unwrap();
        assert_eq!(s.stop, Stop::Optimal);
        let Some(Values::Indexed(v)) = s.values else {
            panic!("no values")
        };
        assert_eq!(v, [0., 1., 1., 0., 1., 0., 0., 1., 2., 1., 1., 2.]);
    }

    #[test]
    fn infeasible_and_undefined_have_no_values() {
        let s = parse_w(&captured("glpsol-infeasible.w"), "").unwrap();
        assert_eq!(
            s,
            RawSolution {
                stop: Stop::Infeasible,
                values: None
            }
        );
        let none = captured("glpsol-timelimit-none.w");
        let s = parse_w(&none, &captured("glpsol-timelimit-none.log")).unwrap();
        assert_eq!(
            s,
            RawSolution {
                stop: Stop::TimeLimit,
                values: None
            }
        );
        // Without the log's time-limit line, `u` is only "undefined".
        assert_eq!(
            parse_w(&none, "").unwrap().stop,
            Stop::Other("undefined".into())
        );
    }

    #[test]
    fn time_limit_with_incumbent_keeps_it() {
        let text = captured("glpsol-timelimit-feasible.w");
        let s = parse_w(&text, &captured("glpsol-timelimit-feasible.log")).unwrap();
        assert_eq!(s.stop, Stop::TimeLimit);
        assert!(matches!(s.values, Some(Values::Indexed(ref v)) if v.len() == 50));
    }

    #[test]
    fn truncated_and_malformed_files_are_errors() {
        let full = captured("glpsol-optimal.w");
        let cut = full.replace("e o f", "");
        assert!(parse_w(&cut, "").unwrap_err().reason.contains("truncated"));
        let missing = full.replace("j 12 2\n", "");
        assert!(
            parse_w(&missing, "")
                .unwrap_err()
                .reason
                .contains("columns")
        );
        let twice = full.replace("j 12 2", "j 11 2");
        assert!(parse_w(&twice, "").unwrap_err().reason.contains("twice"));
        assert!(parse_w("garbage\n", "").is_err());
        assert!(parse_w("s bas 1 1 f f 0\ne o f\n", "").is_err());
    }

    #[test]
    fn printed_y_lines() {
        let v = parse_printed(&captured("ampl-optimal.out")).unwrap();
        assert_eq!(
            v,
            Values::Cells(vec![(1, 1, 2), (1, 2, 1), (2, 1, 1), (2, 2, 2)])
        );
        assert_eq!(parse_printed("").unwrap(), Values::Cells(vec![]));
        assert!(parse_printed("y 1 1 2.5\n").is_err());
        let s = parse_w(&captured("ampl-infeasible.w"), "").unwrap();
        assert_eq!(s.stop, Stop::Infeasible);
    }

    #[test]
    fn printed_names() {
        let v = parse_printed_names("x_1_1_1 1\ny_1_1 0.99999999999999\n\n").unwrap();
        let want = vec![
            ("x_1_1_1".to_string(), 1.0),
            ("y_1_1".to_string(), 0.99999999999999),
        ];
        assert_eq!(v, Values::Named(want));
        assert!(parse_printed_names("x_1_1_1\n").is_err());
        assert!(parse_printed_names("x_1_1_1 one\n").is_err());
    }

    #[test]
    fn command_lines() {
        let f = Files {
            model: "m.mod",
            data: Some("m.dat"),
            printed: Some("m.out"),
            solution: "m.w",
        };
        assert_eq!(
            args(Via::Ampl, &f, Some(1.2)).join(" "),
            "-m m.mod -d m.dat -y m.out -w m.w --tmlim 2"
        );
        let f = Files {
            model: "m.mps",
            data: None,
            printed: None,
            solution: "m.w",
        };
        assert_eq!(args(Via::Mps, &f, None).join(" "), "--freemps m.mps -w m.w");
        assert_eq!(tmlim(0.2), 1);
    }
}
