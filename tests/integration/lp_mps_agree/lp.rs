//! A strict reader for the CPLEX-LP subset cagec writes, following the rules
//! of `docs/solver-formats.md` §1. Written for this test from the
//! spec, not from `src/back`: anything it does not understand is an error.

use std::collections::{BTreeMap, BTreeSet};

use super::lin::{Lin, Row, Sense, Var, add_term, int, printable};

/// The sections, in the only order all three solvers accept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Part {
    Head,
    Objective,
    Rows,
    Bounds,
    Generals,
    Binaries,
    End,
}

fn keyword(line: &str) -> Option<Part> {
    Some(match line {
        "Minimize" => Part::Objective,
        "Subject To" => Part::Rows,
        "Bounds" => Part::Bounds,
        "Generals" | "General" => Part::Generals,
        "Binaries" | "Binary" => Part::Binaries,
        "End" => Part::End,
        _ => return None,
    })
}

/// Words an LP reader may take for a keyword or a number (case-insensitive).
const RESERVED: &[&str] = &[
    "minimize", "minimum", "min", "maximize", "maximum", "max", "subject", "such", "st", "bounds",
    "bound", "generals", "general", "integers", "integer", "int", "gen", "binaries", "binary",
    "bin", "end", "free", "inf", "infinity", "nan", "semi", "semis", "sos",
];

fn check_name(name: &str) -> Result<(), String> {
    let mut bytes = name.bytes();
    let first_ok = bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_');
    let rest_ok = bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !first_ok || !rest_ok || name.len() > 100 {
        return Err(format!("`{name}` is not a safe LP name"));
    }
    if RESERVED.iter().any(|r| r.eq_ignore_ascii_case(name)) {
        return Err(format!("`{name}` is a reserved word"));
    }
    Ok(())
}

/// A line of input and its 1-based number.
type Line<'a> = (usize, &'a str);

/// Reads an LP file into its meaning.
pub fn read(text: &str) -> Result<Lin, String> {
    let parts = split(text)?;
    let get = |p: Part| parts.get(&p);
    let objective = match get(Part::Objective) {
        Some(lines) => objective(lines)?,
        None => return Err("no Minimize section".into()),
    };
    let mut lin = Lin::default();
    for (line, tokens) in statements(get(Part::Rows).ok_or("no Subject To section")?)? {
        let (name, row) = row(&tokens).map_err(|e| format!("row at line {line}: {e}"))?;
        lin.add_row(&name, row)?;
    }
    let bounds = bounds(get(Part::Bounds).map_or(&[][..], Vec::as_slice))?;
    let generals = names(get(Part::Generals).map_or(&[][..], Vec::as_slice))?;
    let binaries = names(get(Part::Binaries).map_or(&[][..], Vec::as_slice))?;
    let listed: BTreeSet<&str> = objective.iter().map(|(v, _)| v.as_str()).collect();
    let mentioned = lin.rows.values().flat_map(|r| r.terms.keys());
    let mentioned = mentioned
        .chain(bounds.keys())
        .chain(&generals)
        .chain(&binaries);
    for name in mentioned {
        if !listed.contains(name.as_str()) {
            return Err(format!(
                "{name} is not in the objective, which must list every column (column order)"
            ));
        }
    }
    for (name, coef) in &objective {
        let bound = bounds.get(name).copied();
        let var = match (generals.contains(name), binaries.contains(name)) {
            (true, true) => return Err(format!("{name} is both general and binary")),
            (false, true) if bound.is_some() => {
                return Err(format!(
                    "binary {name} has a Bounds entry (read as general)"
                ));
            }
            (false, true) => Var::BINARY,
            (general, false) => Var {
                integer: general,
                ..bound.unwrap_or(Var::DEFAULT)
            },
        };
        lin.add_var(name, var)?;
        if *coef != 0 {
            lin.objective.insert(name.clone(), *coef);
        }
    }
    Ok(lin)
}

/// The non-comment lines of each section; checks characters, line length,
/// section order and `End`.
fn split(text: &str) -> Result<BTreeMap<Part, Vec<Line<'_>>>, String> {
    let body = text
        .strip_suffix('\n')
        .ok_or("the file does not end with a newline")?;
    let mut parts = BTreeMap::from([(Part::Head, Vec::new())]);
    let mut part = Part::Head;
    for (i, line) in body.split('\n').enumerate() {
        let at = |e: String| format!("line {}: {e}: `{line}`", i + 1);
        printable(line).map_err(at)?;
        if line.len() > 255 {
            return Err(at("longer than 255 characters".into()));
        }
        if line.starts_with('\\') {
            continue;
        }
        if let Some(next) = keyword(line) {
            if next <= part {
                return Err(at("section out of order or repeated".into()));
            }
            part = next;
            parts.insert(part, Vec::new());
        } else if matches!(part, Part::Head | Part::End) {
            return Err(at("not understood here".into()));
        } else if line.is_empty() {
            return Err(at("blank line".into()));
        } else if let Some(lines) = parts.get_mut(&part) {
            lines.push((i + 1, line));
        }
    }
    if part != Part::End {
        return Err("the file does not end with End".into());
    }
    Ok(parts)
}

/// Groups lines into statements: a line at column 0 starts one, a line
/// starting with one space and a sign or a sense continues it.
fn statements<'a>(lines: &[Line<'a>]) -> Result<Vec<(usize, Vec<&'a str>)>, String> {
    let mut out: Vec<(usize, Vec<&str>)> = Vec::new();
    for &(n, line) in lines {
        let tokens: Vec<&str> = line.split(' ').filter(|t| !t.is_empty()).collect();
        match (line.strip_prefix(' '), out.last_mut()) {
            (None, _) => out.push((n, tokens)),
            (Some(rest), Some((_, stmt)))
                if !rest.starts_with(' ')
                    && matches!(tokens.first(), Some(&("+" | "-" | "<=" | ">=" | "="))) =>
            {
                stmt.extend(tokens)
            }
            _ => return Err(format!("line {n}: not a row or a continuation: `{line}`")),
        }
    }
    Ok(out)
}

/// ` obj: + 0 v …` over one or more lines, each starting with one space.
fn objective(lines: &[Line<'_>]) -> Result<Vec<(String, i64)>, String> {
    let mut tokens = Vec::new();
    for (i, &(n, line)) in lines.iter().enumerate() {
        let rest = line.strip_prefix(' ').filter(|r| !r.starts_with(' '));
        let first = rest.and_then(|r| r.split(' ').next());
        let ok = if i == 0 {
            first == Some("obj:")
        } else {
            matches!(first, Some("+" | "-"))
        };
        if !ok {
            return Err(format!("line {n}: not part of ` obj: …`: `{line}`"));
        }
        tokens.extend(line.split(' ').filter(|t| !t.is_empty()));
    }
    if tokens.first() != Some(&"obj:") {
        return Err("no ` obj:` line".into());
    }
    let mut it = tokens[1..].iter().copied();
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    while let Some(sign) = it.next() {
        let (name, coef) = term(sign, &mut it).map_err(|e| format!("objective: {e}"))?;
        if !seen.insert(name) {
            return Err(format!("objective: {name} listed twice"));
        }
        out.push((name.to_string(), coef));
    }
    if out.is_empty() {
        return Err("empty objective (glpsol rejects it)".into());
    }
    Ok(out)
}

/// `+ 3 v` / `- 2 v`, the sign already taken.
fn term<'a>(sign: &str, it: &mut impl Iterator<Item = &'a str>) -> Result<(&'a str, i64), String> {
    let negative = match sign {
        "+" => false,
        "-" => true,
        other => return Err(format!("expected `+` or `-`, found `{other}`")),
    };
    let abs = it.next().ok_or("a sign with no coefficient")?;
    if abs.starts_with('-') {
        return Err(format!("coefficient `{abs}` after a sign"));
    }
    let abs = int(abs)?;
    let name = it.next().ok_or("a coefficient with no variable")?;
    check_name(name)?;
    Ok((name, if negative { -abs } else { abs }))
}

/// `name: terms sense rhs`.
fn row(tokens: &[&str]) -> Result<(String, Row), String> {
    let (head, rest) = tokens.split_first().ok_or("empty row")?;
    let name = head.strip_suffix(':').ok_or("no `name:`")?;
    check_name(name)?;
    let mut terms = BTreeMap::new();
    let mut it = rest.iter().copied();
    while let Some(token) = it.next() {
        let sense = match token {
            "<=" => Sense::Le,
            ">=" => Sense::Ge,
            "=" => Sense::Eq,
            sign => {
                let (var, coef) = term(sign, &mut it)?;
                add_term(&mut terms, var, coef)?;
                continue;
            }
        };
        let rhs = int(it.next().ok_or("no right-hand side")?)?;
        if let Some(extra) = it.next() {
            return Err(format!("`{extra}` after the right-hand side"));
        }
        if terms.is_empty() {
            return Err("a row with no terms".into());
        }
        return Ok((name.to_string(), Row { terms, sense, rhs }));
    }
    Err(format!("{name} has no sense and right-hand side"))
}

/// The `Bounds` lines cagec writes: `v free`, `v = x`, `v >= lo`,
/// `lo <= v <= hi` (with `-inf` / `+inf`). A bare `v <= hi` is refused: its
/// lower bound is read differently by different solvers when `hi < 0`.
fn bounds(lines: &[Line<'_>]) -> Result<BTreeMap<String, Var>, String> {
    let mut out = BTreeMap::new();
    for &(n, line) in lines {
        let at = |e: String| format!("line {n}: {e}: `{line}`");
        let rest = line
            .strip_prefix(' ')
            .filter(|r| !r.starts_with(' '))
            .ok_or_else(|| at("a bound starts with one space".into()))?;
        let tokens: Vec<&str> = rest.split(' ').collect();
        let bound = |lo, hi| Var {
            lo,
            hi,
            integer: false,
        };
        let (name, var) = match tokens[..] {
            [v, "free"] => (v, bound(None, None)),
            [v, "=", x] => (
                v,
                bound(Some(int(x).map_err(at)?), Some(int(x).map_err(at)?)),
            ),
            [v, ">=", lo] => (v, bound(Some(int(lo).map_err(at)?), None)),
            [lo, "<=", v, "<=", hi] => {
                let lo = if lo == "-inf" {
                    None
                } else {
                    Some(int(lo).map_err(at)?)
                };
                let hi = if hi == "+inf" {
                    None
                } else {
                    Some(int(hi).map_err(at)?)
                };
                (v, bound(lo, hi))
            }
            _ => return Err(at("not a bound this reader knows".into())),
        };
        check_name(name).map_err(at)?;
        if out.insert(name.to_string(), var).is_some() {
            return Err(at(format!("second bound on {name}")));
        }
    }
    Ok(out)
}

/// A `Generals` or `Binaries` list: names after one leading space.
fn names(lines: &[Line<'_>]) -> Result<BTreeSet<String>, String> {
    let mut out = BTreeSet::new();
    for &(n, line) in lines {
        let rest = line
            .strip_prefix(' ')
            .ok_or_else(|| format!("line {n}: a name list starts with a space: `{line}`"))?;
        for name in rest.split(' ') {
            check_name(name).map_err(|e| format!("line {n}: {e}"))?;
            if !out.insert(name.to_string()) {
                return Err(format!("line {n}: {name} listed twice"));
            }
        }
    }
    Ok(out)
}
