//! Fixed MPS: fields at columns 2, 5, 15, 25, 40 and 50, and the rename map
//! that turns the file's ≤ 8-character names back into the model's names.

use std::collections::{BTreeMap, BTreeSet};

use super::lin::{Lin, Row};
use super::mps::{Layout, Section, read};

/// The six fields, as 1-based inclusive column ranges.
const FIELDS: [(usize, usize); 6] = [(2, 3), (5, 12), (15, 22), (25, 36), (40, 47), (50, 61)];

/// The fields of a data line, each left-aligned at its column, with blanks
/// everywhere between fields.
fn fields(line: &str) -> Result<[&str; 6], String> {
    if line.len() > 61 {
        return Err("longer than 61 columns".into());
    }
    // The blank columns (1-based) between fields.
    let gaps = [1, 4, 13, 14, 23, 24, 37, 38, 39, 48, 49];
    let bytes = line.as_bytes();
    if let Some(col) = gaps
        .into_iter()
        .find(|&c| bytes.get(c - 1).is_some_and(|&b| b != b' '))
    {
        return Err(format!(
            "`{}` at column {col}, between fields",
            char::from(bytes[col - 1])
        ));
    }
    let mut out = [""; 6];
    for (slot, &(a, b)) in out.iter_mut().zip(&FIELDS) {
        let text = line.get(a - 1..b.min(line.len())).unwrap_or("").trim_end();
        if text.starts_with(' ') || text.contains(' ') {
            return Err(format!(
                "the field at column {a} is not one left-aligned word"
            ));
        }
        *slot = text;
    }
    Ok(out)
}

/// The words of a fixed-MPS data line in the order the free reader sees
/// them, after checking that each sits in the field its section puts it in.
pub fn fixed_tokens(line: &str, section: Section) -> Result<Vec<&str>, String> {
    let f = fields(line)?;
    let present = f.map(|s| !s.is_empty());
    let shape = match section {
        Section::Rows => present == [true, true, false, false, false, false],
        Section::Columns if f[2] == "'MARKER'" => {
            present == [false, true, true, false, true, false]
        }
        Section::Columns | Section::Rhs => {
            present[..4] == [false, true, true, true] && present[4] == present[5]
        }
        Section::Bounds => present[..3] == [true, true, true] && present[4..] == [false, false],
        Section::Name | Section::End => false,
    };
    if !shape {
        return Err(format!("fields not where a {section:?} line has them"));
    }
    Ok(f.into_iter().filter(|s| !s.is_empty()).collect())
}

/// Reads a fixed-MPS file and its rename map into the model's names.
pub fn read_fixed(text: &str, map: &str) -> Result<Lin, String> {
    let short = read(text, Layout::Fixed)?;
    let map = rename_map(map)?;
    rename(&short, &map)
}

/// `R0000001`-style: what the writer generates, so never a kept name.
fn looks_generated(name: &str) -> bool {
    let b = name.as_bytes();
    b.len() == 8
        && matches!(b[0], b'R' | b'C')
        && b[1..]
            .iter()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
}

/// `# comment` lines, then `SHORT CANONICAL` lines.
fn rename_map(text: &str) -> Result<BTreeMap<String, String>, String> {
    let mut out = BTreeMap::new();
    let mut canonical_seen = BTreeSet::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        let at = |e: &str| format!("rename map line {}: {e}: `{line}`", i + 1);
        let (short, long) = match line.split(' ').collect::<Vec<_>>()[..] {
            [s, l] if looks_generated(s) && !l.is_empty() => (s, l),
            _ => return Err(at("not `SHORT CANONICAL`")),
        };
        if !canonical_seen.insert(long) || out.insert(short.to_string(), long.to_string()).is_some()
        {
            return Err(at("a name mapped twice"));
        }
    }
    Ok(out)
}

/// The same program with every short name replaced by its canonical one.
/// Row names must come from `R…` entries and column names from `C…`
/// entries, every entry must be used, and no two names may end up equal.
fn rename(short: &Lin, map: &BTreeMap<String, String>) -> Result<Lin, String> {
    let mut used = BTreeSet::new();
    let mut long = |name: &str, prefix: char| -> Result<String, String> {
        match map.get(name) {
            Some(c) if name.starts_with(prefix) => {
                used.insert(name.to_string());
                Ok(c.clone())
            }
            Some(_) => Err(format!("{name} is mapped as the other kind of name")),
            None if looks_generated(name) => Err(format!("{name} is not in the rename map")),
            None => Ok(name.to_string()),
        }
    };
    let mut out = Lin::default();
    for name in &short.row_order {
        let row = &short.rows[name];
        let mut terms = BTreeMap::new();
        for (var, coef) in &row.terms {
            terms.insert(long(var, 'C')?, *coef);
        }
        let row = Row { terms, ..*row };
        out.add_row(&long(name, 'R')?, row)?;
    }
    for name in &short.col_order {
        let canonical = long(name, 'C')?;
        out.add_var(&canonical, short.vars[name])?;
        if let Some(&cost) = short.objective.get(name) {
            out.objective.insert(canonical, cost);
        }
    }
    let unused: Vec<&String> = map.keys().filter(|k| !used.contains(*k)).collect();
    if !unused.is_empty() {
        return Err(format!("rename map entries not in the file: {unused:?}"));
    }
    Ok(out)
}
