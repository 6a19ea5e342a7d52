//! How the family section of the conformance tier runs a reader and reads
//! what it said: its lines, whether it refused the file, its answer, and
//! which of its lines are warnings.

use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{Map, Value, json};
use wait_timeout::ChildExt;

use super::families::{self, FamilyReader};
use super::fixtures::venv_python;
use super::readers;

/// Each read and solve; the fixtures take well under a second each.
const LIMIT: Duration = Duration::from_secs(120);

/// What one reader said about one file: every line it printed, whether it
/// refused the file, and the values of its answer.
pub struct Answer {
    pub lines: Vec<String>,
    pub refused: bool,
    /// `infeasible`, or the values: by name or number (`x12`, `12`,
    /// `x_1_1_1`), or the grid the model printed.
    pub values: Result<Map<String, Value>, String>,
    pub grid: Option<Vec<Vec<u32>>>,
}

/// Runs `program ARGS FILE` (and the data beside a MiniZinc model) with the
/// limit; its lines and whether it exited with an answer.
pub fn run_binary(program: &str, args: &[&str], file: &Path) -> (Vec<String>, bool) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let data = file.with_extension("dzn");
    let data = (file.extension().is_some_and(|e| e == "mzn") && data.is_file()).then_some(data);
    let mut child = Command::new(program)
        .args(args)
        .arg(file)
        .args(data)
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(dir.path().join("err")).unwrap())
        .spawn()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    let Some(status) = child.wait_timeout(LIMIT).unwrap() else {
        child.kill().unwrap();
        child.wait().unwrap();
        return (
            vec![format!("still running after {LIMIT:?}; killed")],
            false,
        );
    };
    let mut lines = Vec::new();
    for name in ["out", "err"] {
        let text = std::fs::read(dir.path().join(name)).unwrap();
        let text = String::from_utf8_lossy(&text);
        lines.extend(text.lines().map(|l| l.trim_end().to_string()));
    }
    // SAT solvers exit 10 and 20; clasp 30. MiniSat+ exits 5 on a parse error.
    let answered = matches!(status.code(), Some(0 | 10 | 20 | 30));
    (lines, answered)
}

/// The answer in a binary's lines.
pub fn read_answer(format: &str, lines: Vec<String>, answered: bool) -> Answer {
    let status = lines
        .iter()
        .find_map(|l| l.strip_prefix("s "))
        .map(str::trim);
    let mut values = Map::new();
    let mut grid = None;
    let result = match format {
        "opb" | "cnf" => match status {
            Some("SATISFIABLE" | "OPTIMUM FOUND") => {
                for w in lines
                    .iter()
                    .filter_map(|l| l.strip_prefix("v "))
                    .flat_map(str::split_whitespace)
                    .filter(|w| !w.starts_with('-') && *w != "0")
                {
                    values.insert(w.trim_start_matches('x').to_string(), json!(1.0));
                }
                Ok(())
            }
            Some("UNSATISFIABLE") => Err("infeasible".to_string()),
            other => Err(format!("no answer ({other:?})")),
        },
        _ => {
            let text = lines.join("\n");
            match text.split_once("----------") {
                Some((before, _)) => {
                    let numbers = match before.find('[') {
                        Some(at) => before[at + 1..before.rfind(']').unwrap_or(before.len())]
                            .replace(',', " "),
                        None => before.to_string(),
                    };
                    let v: Vec<u32> = numbers
                        .split_whitespace()
                        .filter_map(|w| w.parse().ok())
                        .collect();
                    let n = (v.len() as f64).sqrt() as usize;
                    grid = Some(v.chunks(n.max(1)).map(<[u32]>::to_vec).collect());
                    Ok(())
                }
                None if text.contains("=====UNSATISFIABLE=====") => Err("infeasible".into()),
                None => Err("no answer".into()),
            }
        }
    };
    Answer {
        refused: !answered || result.as_ref().is_err_and(|e| e.starts_with("no answer")),
        lines,
        values: result.map(|()| values),
        grid,
    }
}

/// `read.py READER FILE…`: one answer per file, by path.
pub fn run_python(
    reader: &str,
    files: &[&Path],
) -> Result<HashMap<String, (Answer, Value)>, String> {
    let out = Command::new(venv_python())
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/read.py"))
        .arg(reader)
        .args(files)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", venv_python().display()))?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let mut answers = HashMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let r: Value = serde_json::from_str(line).map_err(|e| format!("{e}: {line}"))?;
        if r["status"] == "missing" {
            return Err(format!("missing: {}", r["reason"]));
        }
        let mut lines: Vec<String> = r["messages"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|m| m.as_str().map(str::to_string))
            .collect();
        // A reader that refused the file says why in its reason.
        lines.extend(r["reason"].as_str().map(|e| format!("error: {e}")));
        let values = match r["status"].as_str() {
            Some("optimal" | "feasible") => {
                Ok(r["values"].as_object().cloned().unwrap_or_default())
            }
            Some("infeasible") => Err("infeasible".into()),
            other => Err(format!("no answer ({other:?}): {}", r["reason"])),
        };
        let answer = Answer {
            refused: r["status"] == "error",
            lines,
            values,
            grid: None,
        };
        answers.insert(
            r["file"].as_str().unwrap_or_default().to_string(),
            (answer, r),
        );
    }
    Ok(answers)
}

/// The lines of an answer that are warnings: outside the answer, either not
/// the reader's report (in its section) or saying "warn" or "error".
pub fn warnings(reader: &FamilyReader, answer: &Answer, allowed: &[String]) -> Vec<String> {
    let mut inside = reader.section.is_none();
    let mut out = Vec::new();
    for line in &answer.lines {
        let entering = reader
            .section
            .is_some_and(|(from, _)| line.starts_with(from));
        inside |= entering;
        let report = reader
            .report
            .iter()
            .any(|p| readers::glob(p, &readers::shape(line)));
        let lower = line.to_ascii_lowercase();
        let bad = if families::is_answer(reader.format, line) || allowed.contains(line) {
            false
        } else if inside {
            !report
        } else {
            lower.contains("warn") || lower.contains("error")
        };
        if bad {
            out.push(line.clone());
        }
        if reader.section.is_some_and(|(_, to)| line.starts_with(to)) {
            inside = false;
        }
    }
    out
}
