//! Do glpsol's LP (translated from cagec's AMPL pair) and cagec's own LP
//! describe the same model? Rows, columns and nonzeros counted four ways:
//! glpsol's report, cagec's header, and both files parsed.

use std::collections::HashSet;
use std::fs::{self, File};
use std::io::{BufRead, BufReader};
use std::path::Path;

#[derive(Clone, Copy, Default)]
struct Counts {
    rows: u64,
    cols: u64,
    nonzeros: u64,
}

/// Prints the four counts; an error if the column counts differ. Rows and
/// nonzeros that differ are printed as MISMATCH.
pub fn compare(n: usize, log: &Path, glpk_lp: &Path, cagec_lp: &Path) -> Result<(), String> {
    let sources = [
        ("glpsol report (its stdout)", glpsol_report(log)?),
        ("glpsol --wlp file, parsed", parse_lp(glpk_lp)?),
        ("cagec LP header comment", cagec_header(cagec_lp)?),
        ("cagec LP file, parsed", parse_lp(cagec_lp)?),
    ];
    println!();
    println!("Model agreement at n = {n}: glpsol on the AMPL pair against `cagec --to lp`:");
    println!();
    println!("| source | rows | columns | nonzeros |");
    println!("|---|---:|---:|---:|");
    for (name, c) in &sources {
        println!("| {name} | {} | {} | {} |", c.rows, c.cols, c.nonzeros);
    }
    let cagec = sources[3].1;
    let (report, rest) = sources.split_first().ok_or("no sources")?;
    // MathProg makes the objective a row of the problem; --wlp writes it under
    // Maximize, so only the report counts it.
    if report.1.rows == cagec.rows + 1 {
        println!("glpsol's report counts its objective `something` as a row: +1.");
    } else {
        println!(
            "MISMATCH: glpsol reports {} rows, cagec has {} (+1 expected)",
            report.1.rows, cagec.rows
        );
    }
    for (name, c) in rest.iter().filter(|(_, c)| c.rows != cagec.rows) {
        println!(
            "MISMATCH: {name}: {} rows, cagec's LP has {}",
            c.rows, cagec.rows
        );
    }
    for (name, c) in sources.iter().filter(|(_, c)| c.nonzeros != cagec.nonzeros) {
        println!(
            "MISMATCH: {name}: {} nonzeros, cagec's LP has {}",
            c.nonzeros, cagec.nonzeros
        );
    }
    match sources.iter().find(|(_, c)| c.cols != cagec.cols) {
        Some((name, c)) => Err(format!(
            "n = {n}: {name} has {} columns, cagec's LP has {}: the models differ",
            c.cols, cagec.cols
        )),
        None => Ok(()),
    }
}

/// glpsol's "Problem Characteristics" block, which it prints after --wlp.
fn glpsol_report(log: &Path) -> Result<Counts, String> {
    let text = fs::read_to_string(log).map_err(|e| format!("{}: {e}", log.display()))?;
    let field = |key: &str| {
        text.lines()
            .find_map(|l| {
                l.strip_prefix(key)?
                    .trim()
                    .strip_prefix('=')?
                    .trim()
                    .parse()
                    .ok()
            })
            .ok_or_else(|| format!("{}: no `{key}` line in glpsol's output", log.display()))
    };
    Ok(Counts {
        rows: field("Number of rows")?,
        cols: field("Number of columns")?,
        nonzeros: field("Number of non-zeros (matrix)")?,
    })
}

/// cagec's `\ R rows, C columns, K nonzeros` comment near the top.
fn cagec_header(lp: &Path) -> Result<Counts, String> {
    let file = File::open(lp).map_err(|e| format!("{}: {e}", lp.display()))?;
    for line in BufReader::new(file).lines().take(100) {
        let line = line.map_err(|e| format!("{}: {e}", lp.display()))?;
        let words: Vec<&str> = line.split_whitespace().collect();
        if let ["\\", r, "rows,", c, "columns,", k, "nonzeros"] = words[..] {
            let num = |s: &str| {
                s.parse()
                    .map_err(|_| format!("{}: bad count `{s}`", lp.display()))
            };
            return Ok(Counts {
                rows: num(r)?,
                cols: num(c)?,
                nonzeros: num(k)?,
            });
        }
    }
    Err(format!(
        "{}: no `\\ R rows, C columns, K nonzeros` line",
        lp.display()
    ))
}

#[derive(PartialEq)]
enum Section {
    Objective,
    Rows,
    Other,
}

/// Counts a CPLEX-LP file: labels under Subject To are rows, names there are
/// nonzeros, and distinct names anywhere are columns.
fn parse_lp(lp: &Path) -> Result<Counts, String> {
    let file = File::open(lp).map_err(|e| format!("{}: {e}", lp.display()))?;
    let mut counts = Counts::default();
    let mut cols: HashSet<String> = HashSet::new();
    let mut section = Section::Other;
    for line in BufReader::new(file).lines() {
        let line = line.map_err(|e| format!("{}: {e}", lp.display()))?;
        if line.starts_with('\\') {
            continue;
        }
        match line.trim().to_ascii_lowercase().as_str() {
            "minimize" | "maximize" => section = Section::Objective,
            "subject to" => section = Section::Rows,
            "bounds" | "generals" | "general" | "binaries" | "binary" => section = Section::Other,
            "end" => break,
            _ => {
                for tok in line.split_whitespace() {
                    if tok.ends_with(':') {
                        counts.rows += u64::from(section == Section::Rows);
                    } else if is_name(tok) {
                        counts.nonzeros += u64::from(section == Section::Rows);
                        if !cols.contains(tok) {
                            cols.insert(tok.to_owned());
                        }
                    }
                }
            }
        }
    }
    counts.cols = cols.len() as u64;
    Ok(counts)
}

fn is_name(tok: &str) -> bool {
    let keyword = ["free", "inf", "infinity"]
        .iter()
        .any(|k| tok.eq_ignore_ascii_case(k));
    tok.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') && !keyword
}
