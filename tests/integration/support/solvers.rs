//! Running the real solver binaries on files and reading their answers, for
//! the back-end tests. Deliberately independent of `cagec::solve`: these tests
//! judge the files, so they read each solver's own output format directly
//! (docs/solver-formats.md §4).

use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use wait_timeout::ChildExt;

#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Optimal,
    Infeasible,
    Other(String),
}

/// What one solver said about one file.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// `solver on file`, for messages.
    pub run: String,
    pub status: Status,
    pub objective: Option<f64>,
    /// Column values by the name the solver printed.
    pub values: HashMap<String, f64>,
}

use super::need_solver;

/// Is `tool` on PATH? When it is not: a failure if `CI` is set, else a loud
/// skip message (with how to install it) and `false`.
pub fn available(tool: &str) -> bool {
    need_solver::require(tool)
}

/// Runs a command with stdin closed and a wall-clock limit, in a scratch
/// directory (HiGHS leaves `Highs.log` behind); returns stdout.
fn run(mut cmd: Command, what: &str) -> String {
    let scratch = tempfile::tempdir().expect("scratch dir");
    cmd.current_dir(scratch.path());
    let out_file = tempfile::NamedTempFile::new().expect("temp file");
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(out_file.reopen().expect("reopen"))
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    let status = child.wait_timeout(Duration::from_secs(120)).expect("wait");
    if status.is_none() {
        let _ = child.kill();
        let _ = child.wait();
        panic!("{what}: no answer in 120 s");
    }
    std::fs::read_to_string(out_file.path()).unwrap_or_default()
}

fn read(path: &Path, what: &str) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{what}: no solution file {}: {e}", path.display()))
}

/// `highs --model_file F --solution_file S`, style-0 solution file.
pub fn highs(file: &Path) -> Outcome {
    let what = format!("highs on {}", file.display());
    let sol = file.with_extension("highs.sol");
    let _ = std::fs::remove_file(&sol);
    let mut cmd = Command::new("highs");
    cmd.arg("--model_file")
        .arg(file)
        .arg("--solution_file")
        .arg(&sol);
    run(cmd, &what);
    let text = read(&sol, &what);
    let mut lines = text.lines();
    let mut status = Status::Other("no status".into());
    let (mut objective, mut values) = (None, HashMap::new());
    while let Some(line) = lines.next() {
        if line == "Model status" {
            status = match lines.next().unwrap_or("") {
                "Optimal" => Status::Optimal,
                "Infeasible" => Status::Infeasible,
                other => Status::Other(other.into()),
            };
        } else if let Some(v) = line.strip_prefix("Objective ") {
            objective = v.trim().parse().ok();
        } else if let Some(n) = line.strip_prefix("# Columns ") {
            for _ in 0..n.trim().parse::<usize>().expect("column count") {
                let (name, v) = lines
                    .next()
                    .and_then(|l| l.rsplit_once(' '))
                    .expect("column");
                values.insert(name.to_string(), v.parse().expect("value"));
            }
            break;
        }
    }
    Outcome {
        run: what,
        status,
        objective,
        values,
    }
}

/// `cbc F -solve -printingOptions all -solu S`: rows, then columns, each block
/// numbered from 0.
pub fn cbc(file: &Path) -> Outcome {
    let what = format!("cbc on {}", file.display());
    let sol = file.with_extension("cbc.sol");
    let _ = std::fs::remove_file(&sol);
    let mut cmd = Command::new("cbc");
    cmd.arg(file)
        .args(["-solve", "-printingOptions", "all", "-solu"])
        .arg(&sol);
    let log = run(cmd, &what);
    assert!(
        !log.contains("ERROR") && !log.contains("errors on input"),
        "{what}:\n{log}"
    );
    let text = read(&sol, &what);
    let first = text.lines().next().unwrap_or("");
    let status = if first.starts_with("Optimal") {
        Status::Optimal
    } else if first.starts_with("Infeasible") || first.starts_with("Integer infeasible") {
        Status::Infeasible
    } else {
        Status::Other(first.into())
    };
    let objective = first
        .rsplit_once("objective value ")
        .and_then(|(_, v)| v.trim().parse().ok());
    let mut blocks: Vec<HashMap<String, f64>> = Vec::new();
    let mut last = None;
    for line in text.lines().skip(1) {
        let mut f = line.trim_start_matches("**").split_whitespace();
        let (Some(i), Some(name), Some(v)) = (f.next(), f.next(), f.next()) else {
            continue;
        };
        let i: usize = i.parse().expect("index");
        if last.is_none_or(|l| i <= l) {
            blocks.push(HashMap::new());
        }
        last = Some(i);
        blocks
            .last_mut()
            .unwrap()
            .insert(name.into(), v.parse().expect("value"));
    }
    let values = blocks.pop().unwrap_or_default();
    Outcome {
        run: what,
        status,
        objective,
        values,
    }
}

/// `glpsol FLAG F -w W`; `columns` names the columns in file order (the `-w`
/// file only numbers them).
pub fn glpsol(flag: &str, file: &Path, columns: &[String]) -> Outcome {
    let what = format!("glpsol {flag} {}", file.display());
    let sol = file.with_extension("glpsol.w");
    let _ = std::fs::remove_file(&sol);
    let mut cmd = Command::new("glpsol");
    cmd.arg(flag).arg(file).arg("-w").arg(&sol);
    let log = run(cmd, &what);
    let text = read(&sol, &format!("{what}\n{log}"));
    let (status, objective, values, count) = parse_w(&text, columns);
    assert_eq!(count, columns.len(), "{what}: column count");
    Outcome {
        run: what,
        status,
        objective,
        values,
    }
}

/// A glpsol `-w` file: `s mip R C o|f|n|u OBJ` or `s bas R C P D OBJ`, then
/// `j` lines per column; also returns the file's column count.
type Parsed = (Status, Option<f64>, HashMap<String, f64>, usize);

pub fn parse_w(text: &str, columns: &[String]) -> Parsed {
    let mut status = Status::Other("no s line".into());
    let mut objective = None;
    let mut values = HashMap::new();
    let mut count = 0;
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        match f.as_slice() {
            ["s", "mip", _, cols, st, obj] => {
                count = cols.parse().expect("column count");
                status = match *st {
                    "o" => Status::Optimal,
                    "n" => Status::Infeasible,
                    other => Status::Other(format!("mip {other}")),
                };
                objective = obj.parse().ok();
            }
            ["s", "bas", _, cols, p, d, obj] => {
                count = cols.parse().expect("column count");
                status = match (*p, *d) {
                    ("f", "f") => Status::Optimal,
                    ("n", _) => Status::Infeasible,
                    other => Status::Other(format!("bas {other:?}")),
                };
                objective = obj.parse().ok();
            }
            ["j", j, v] | ["j", j, _, v, _] => {
                let j: usize = j.parse().expect("column number");
                if let Some(name) = columns.get(j - 1) {
                    values.insert(name.clone(), v.parse().expect("value"));
                }
            }
            _ => {}
        }
    }
    (status, objective, values, count)
}

/// `glpsol -m MOD -d DAT -w W`: the status and the `y I J V` lines printed.
pub fn glpsol_ampl(model: &Path, data: &Path) -> (Status, Vec<(usize, usize, u32)>) {
    let what = format!("glpsol -m {} -d {}", model.display(), data.display());
    let sol = model.with_extension("ampl.w");
    let _ = std::fs::remove_file(&sol);
    let mut cmd = Command::new("glpsol");
    cmd.arg("-m")
        .arg(model)
        .arg("-d")
        .arg(data)
        .arg("-w")
        .arg(&sol);
    let log = run(cmd, &what);
    let text = read(&sol, &format!("{what}\n{log}"));
    let (status, ..) = parse_w(&text, &[]);
    let ys = log
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.strip_prefix("y ")?.split(' ').collect();
            Some((f[0].parse().ok()?, f[1].parse().ok()?, f[2].parse().ok()?))
        })
        .collect();
    (status, ys)
}
