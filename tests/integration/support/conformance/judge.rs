//! What is wrong with one reader's answer for one file: warnings while
//! reading, sizes that differ from `cagec stats`, a size limit below the
//! licence's, a status that is not a solution, or a grid that is not the
//! fixture's solution.

use std::collections::HashMap;
use std::path::PathBuf;

use cagec::model::Column;
use cagec::puzzle::ir::{Grid, Puzzle};
use serde_json::{Map, Value};

use super::readers::{self, Reader};

/// A fixture under one option set.
pub struct Case {
    /// `fixtures/puzzles/kk0.cage ["--presolve"]`.
    pub name: String,
    pub family: &'static str,
    pub opts: &'static [&'static str],
    pub puzzle: Puzzle,
    pub solution: Grid,
    /// Rows, columns, non-zeros by `cagec stats`.
    pub size: [u64; 3],
}

/// One file `cagec compile` wrote for a case.
pub struct File {
    pub case: usize,
    pub format: &'static str,
    pub path: PathBuf,
    /// Fixed MPS: short name → canonical name, from the `.map`.
    pub names: HashMap<String, String>,
}

/// The grid of the `x` columns a reader returned: each within 1e-5 of 0 or
/// 1, each cell exactly one 1; any `y` column equal to its cell's value.
/// `names` maps fixed-MPS short names back.
pub fn decode(
    values: &Map<String, Value>,
    names: &HashMap<String, String>,
    n: usize,
) -> Result<Grid, String> {
    let columns = crate::support::cells::cell_columns(n);
    let mut grid = vec![vec![0u32; n]; n];
    let mut ys = Vec::new();
    for (name, value) in values {
        let name = names.get(name).unwrap_or(name);
        let v = value.as_f64().ok_or("a value is not a number")?;
        match columns.get(name) {
            Some(&Column::X { row, col, k }) => {
                let (i, j) = (row as usize, col as usize);
                if (v - 1.0).abs() <= 1e-5 {
                    if grid[i][j] != 0 {
                        return Err(format!("cell ({},{}) holds two values", i + 1, j + 1));
                    }
                    grid[i][j] = k;
                } else if v.abs() > 1e-5 {
                    return Err(format!("{name} = {v} is not binary"));
                }
            }
            Some(&Column::Y { row, col }) => ys.push((name, (row as usize, col as usize), v)),
            _ => {}
        }
    }
    if let Some(i) = grid.iter().flatten().position(|&v| v == 0) {
        return Err(format!("cell ({},{}) holds no value", i / n + 1, i % n + 1));
    }
    for (name, (i, j), v) in ys {
        if (v - f64::from(grid[i][j])).abs() > 1e-4 {
            return Err(format!("{name} = {v}, but the x say {}", grid[i][j]));
        }
    }
    Ok(Grid { values: grid })
}

/// The lines `reader` printed while reading that are warnings about the file.
pub fn warnings<'a>(reader: &Reader, answer: &'a Value) -> Vec<&'a str> {
    let lines = answer["messages"].as_array().into_iter().flatten();
    lines
        .filter_map(Value::as_str)
        .filter(|line| readers::is_warning(reader, line))
        .collect()
}

/// Everything wrong with `reader`'s answer `r` for `file`; a size-limit skip
/// is added to `skips`.
pub fn judge(
    reader: &Reader,
    case: &Case,
    file: &File,
    r: &Value,
    skips: &mut Vec<String>,
) -> Vec<String> {
    let mut bad: Vec<String> = warnings(reader, r)
        .into_iter()
        .map(|line| format!("said \"{line}\" while reading"))
        .collect();
    let status = r["status"].as_str().unwrap_or_default();
    if r.get("rows").is_some() {
        let read = ["rows", "cols", "nonzeros"].map(|k| r[k].as_u64().unwrap_or(u64::MAX));
        if read != case.size {
            bad.push(format!(
                "read [rows, columns, non-zeros] {read:?}; cagec stats says {:?}",
                case.size
            ));
        }
    } else if status != "error" {
        bad.push("no sizes in the answer".into());
    }
    match status {
        "size-limit" => {
            let [rows, cols, _] = case.size;
            if (reader.over_limit)(rows, cols) {
                let reason = r["reason"].as_str().unwrap_or_default();
                skips.push(format!("{} {}: {reason}", file.format, case.name));
            } else {
                bad.push(format!("a size limit below its licence's: {}", r["reason"]));
            }
        }
        "read-only" => {}
        "optimal" | "feasible" => {
            let values = r["values"].as_object().cloned().unwrap_or_default();
            match decode(&values, &file.names, case.puzzle.size) {
                Ok(grid) => {
                    let broken = cagec::puzzle::verify::check(&case.puzzle, &grid);
                    if !broken.is_empty() {
                        bad.push(format!("a grid that breaks the rules: {broken:?}"));
                    } else if grid != case.solution {
                        bad.push(format!(
                            "a grid that is not the solution: {:?}",
                            grid.values
                        ));
                    }
                }
                Err(e) => bad.push(format!("no grid: {e}")),
            }
        }
        _ => bad.push(format!(
            "status {status}: {} {}",
            r["reason"], r["solve_log"]
        )),
    }
    bad
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn kk0() -> Case {
        let loaded = cagec::io::input::load("fixtures/puzzles/kk0.cage".as_ref(), None).unwrap();
        Case {
            name: "kk0".into(),
            family: "J-wiki",
            opts: &[],
            puzzle: loaded.puzzle,
            solution: Grid {
                values: vec![
                    vec![1, 2, 4, 3],
                    vec![4, 3, 2, 1],
                    vec![2, 1, 3, 4],
                    vec![3, 4, 1, 2],
                ],
            },
            size: [75, 82, 305],
        }
    }

    fn answer(grid: &[[u32; 4]; 4]) -> Value {
        let mut values = Map::new();
        for (i, row) in grid.iter().enumerate() {
            for (j, k) in row.iter().enumerate() {
                values.insert(format!("x_{}_{}_{k}", i + 1, j + 1), json!(1.0));
                values.insert(format!("y_{}_{}", i + 1, j + 1), json!(*k as f64));
            }
        }
        json!({"status": "optimal", "rows": 75, "cols": 82, "nonzeros": 305,
               "values": values, "messages": []})
    }

    const SOLUTION: [[u32; 4]; 4] = [[1, 2, 4, 3], [4, 3, 2, 1], [2, 1, 3, 4], [3, 4, 1, 2]];

    fn judged(reader: &str, r: &Value) -> (Vec<String>, Vec<String>) {
        let reader = readers::READERS.iter().find(|x| x.name == reader).unwrap();
        let file = File {
            case: 0,
            format: "lp",
            path: "kk0.lp".into(),
            names: HashMap::new(),
        };
        let mut skips = Vec::new();
        let bad = judge(reader, &kk0(), &file, r, &mut skips);
        (bad, skips)
    }

    #[test]
    fn the_solution_passes() {
        assert_eq!(judged("xpress", &answer(&SOLUTION)), (vec![], vec![]));
    }

    #[test]
    fn every_kind_of_misread_fails() {
        let mut swapped = SOLUTION;
        swapped[0].swap(0, 1);
        swapped[1].swap(0, 1);
        let mut wrong = answer(&swapped);
        assert!(
            judged("xpress", &wrong).0[0].contains("breaks the rules"),
            "{wrong}"
        );

        wrong = answer(&SOLUTION);
        wrong["values"]["x_1_1_1"] = json!(0.5);
        assert!(judged("xpress", &wrong).0[0].contains("not binary"));
        wrong = answer(&SOLUTION);
        wrong["values"]["y_2_2"] = json!(2.0);
        assert!(judged("xpress", &wrong).0[0].contains("y_2_2 = 2"));
        wrong = answer(&SOLUTION);
        wrong["values"].as_object_mut().unwrap().remove("x_4_4_2");
        assert!(judged("xpress", &wrong).0[0].contains("(4,4) holds no value"));

        wrong = answer(&SOLUTION);
        wrong["rows"] = json!(76); // the objective counted as a row
        assert!(judged("xpress", &wrong).0[0].contains("cagec stats says [75, 82, 305]"));
        wrong = answer(&SOLUTION);
        wrong["messages"] = json!(["?545 Warning: A variable name was found but ignored"]);
        assert!(judged("xpress", &wrong).0[0].contains("said \"?545 Warning"));
        wrong = answer(&SOLUTION);
        wrong["status"] = json!("infeasible");
        assert!(judged("xpress", &wrong).0[0].contains("status infeasible"));
    }

    #[test]
    fn a_size_limit_is_a_skip_only_over_the_licence_limit() {
        let mut r = answer(&SOLUTION);
        r["status"] = json!("size-limit");
        r["reason"] = json!("Model too large for size-limited license");
        let (bad, skips) = judged("gurobi", &r);
        assert!(
            bad[0].contains("a size limit below its licence's"),
            "{bad:?}"
        );
        assert!(skips.is_empty());
        let reader = readers::READERS
            .iter()
            .find(|x| x.name == "gurobi")
            .unwrap();
        let mut big = kk0();
        big.size = [1332, 4389, 18467];
        r["rows"] = json!(1332);
        r["cols"] = json!(4389);
        r["nonzeros"] = json!(18467);
        let file = File {
            case: 0,
            format: "mps",
            path: "pow16.mps".into(),
            names: HashMap::new(),
        };
        let mut skips = Vec::new();
        assert!(judge(reader, &big, &file, &r, &mut skips).is_empty());
        assert_eq!(skips, ["mps kk0: Model too large for size-limited license"]);
    }

    #[test]
    fn fixed_mps_short_names_are_mapped_back() {
        let mut values = Map::new();
        values.insert("C0000001".into(), json!(1.0));
        values.insert("x_1_2_1".into(), json!(1.0));
        let names = HashMap::from([("C0000001".to_string(), "x_1_1_2".to_string())]);
        let grid = decode(&values, &names, 2);
        assert_eq!(grid.unwrap_err(), "cell (2,1) holds no value");
        // Neither x is of a 1x1 grid: its one cell holds no value.
        assert_eq!(
            decode(&values, &names, 1).unwrap_err(),
            "cell (1,1) holds no value"
        );
    }
}
