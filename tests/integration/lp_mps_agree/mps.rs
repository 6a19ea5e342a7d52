//! A strict reader for the MPS cagec writes, free and fixed
//! (`docs/solver-formats.md` §2–§3), written for this test from the
//! spec: sections NAME, ROWS, COLUMNS (with integer markers), RHS, BOUNDS,
//! ENDATA and `*` comments. Constructs that solvers read differently (an
//! RHS on the objective, a marked integer column with only a lower bound, an
//! upper bound below 0 with no lower bound) are errors, as is anything
//! cagec does not write (RANGES, OBJSENSE, blank lines).

use std::collections::{BTreeMap, HashMap};

use super::fixed::fixed_tokens;
use super::lin::{Lin, Row, Sense, Var, add_term, int, printable};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    Free,
    Fixed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Name,
    Rows,
    Columns,
    Rhs,
    Bounds,
    End,
}

/// The section a header line opens, if `from` may be followed by it.
fn next_section(from: Section, header: &str) -> Result<Section, String> {
    let to = match header {
        "ROWS" => Section::Rows,
        "COLUMNS" => Section::Columns,
        "RHS" => Section::Rhs,
        "BOUNDS" => Section::Bounds,
        "ENDATA" => Section::End,
        _ => return Err("section header not understood".into()),
    };
    use Section::*;
    let allowed = matches!(
        (from, to),
        (Name, Rows) | (Rows, Columns) | (Columns, Rhs) | (Rhs, Bounds | End) | (Bounds, End)
    );
    if allowed {
        Ok(to)
    } else {
        Err(format!("{header} cannot follow {from:?}"))
    }
}

/// Reads a free-MPS file.
pub fn read_free(text: &str) -> Result<Lin, String> {
    read(text, Layout::Free)
}

/// Reads an MPS file (names as written: short ones for fixed MPS).
pub fn read(text: &str, layout: Layout) -> Result<Lin, String> {
    let body = text
        .strip_suffix('\n')
        .ok_or("the file does not end with a newline")?;
    let mut state = State::default();
    let mut section = Section::Name;
    for (i, line) in body.split('\n').enumerate() {
        let at = |e: String| format!("line {}: {e}: `{line}`", i + 1);
        printable(line).map_err(at)?;
        if i == 0 {
            name_line(line, layout).map_err(at)?;
        } else if line.starts_with('*') {
            continue;
        } else if line.is_empty() {
            return Err(at("blank line (glpsol rejects it)".into()));
        } else if !line.starts_with(' ') {
            if section == Section::Columns && state.in_marker {
                return Err(at("COLUMNS ends inside an integer marker block".into()));
            }
            section = next_section(section, line).map_err(at)?;
        } else {
            let tokens = match layout {
                Layout::Free => line.split(' ').filter(|t| !t.is_empty()).collect(),
                Layout::Fixed => fixed_tokens(line, section).map_err(at)?,
            };
            state.data(section, &tokens).map_err(at)?;
        }
    }
    if section != Section::End {
        return Err("the file does not end with ENDATA".into());
    }
    state.finish()
}

/// `NAME name FREE` (free) or `NAME` with the name at column 15 (fixed).
fn name_line(line: &str, layout: Layout) -> Result<(), String> {
    let ok = match layout {
        Layout::Free => matches!(
            line.split(' ').collect::<Vec<_>>()[..],
            ["NAME", name] | ["NAME", name, "FREE"] if !name.is_empty()
        ),
        Layout::Fixed => {
            let name = line.get(14..).unwrap_or("");
            line.starts_with("NAME          ")
                && (1..=8).contains(&name.len())
                && !name.contains(' ')
        }
    };
    if ok {
        Ok(())
    } else {
        Err("the first line must be the NAME line".into())
    }
}

#[derive(Default)]
struct State {
    objective_row: Option<String>,
    rows: Vec<RowLines>,
    row_index: HashMap<String, usize>,
    columns: Vec<Column>,
    column_index: HashMap<String, usize>,
    /// The column whose lines are being read (None after a marker).
    current: Option<usize>,
    in_marker: bool,
    rhs_set: Option<String>,
    bound_set: Option<String>,
}

/// A row being read: its `ROWS` line, `COLUMNS` entries and `RHS` value.
struct RowLines {
    name: String,
    sense: Sense,
    terms: BTreeMap<String, i64>,
    rhs: Option<i64>,
}

struct Column {
    name: String,
    integer: bool,
    cost: Option<i64>,
    /// Bound lines in file order: type and value.
    bounds: Vec<(String, Option<i64>)>,
}

impl State {
    fn data(&mut self, section: Section, tokens: &[&str]) -> Result<(), String> {
        match (section, tokens) {
            (Section::Rows, &[kind, name]) => self.row(kind, name),
            (Section::Columns, &[_, "'MARKER'", which]) => self.marker(which),
            (Section::Columns, &[col, ref pairs @ ..]) => {
                self.column(col)?;
                for (row, value) in pairs_of(pairs)? {
                    self.entry(row, int(value)?)?;
                }
                Ok(())
            }
            (Section::Rhs, &[set, ref pairs @ ..]) => {
                same_set(&mut self.rhs_set, set)?;
                for (row, value) in pairs_of(pairs)? {
                    self.rhs(row, int(value)?)?;
                }
                Ok(())
            }
            (Section::Bounds, &[kind, set, col, ref value @ ..]) => {
                same_set(&mut self.bound_set, set)?;
                self.bound(kind, col, value)
            }
            _ => Err(format!("not a {section:?} line this reader knows")),
        }
    }

    fn row(&mut self, kind: &str, name: &str) -> Result<(), String> {
        let sense = match kind {
            "N" if self.objective_row.is_none() && !self.row_index.contains_key(name) => {
                self.objective_row = Some(name.to_string());
                return Ok(());
            }
            "N" => return Err("a second N row, or one named like a row".into()),
            "E" => Sense::Eq,
            "L" => Sense::Le,
            "G" => Sense::Ge,
            other => return Err(format!("row type `{other}`")),
        };
        if self.objective_row.as_deref() == Some(name)
            || self
                .row_index
                .insert(name.to_string(), self.rows.len())
                .is_some()
        {
            return Err(format!("row {name} declared twice"));
        }
        self.rows.push(RowLines {
            name: name.to_string(),
            sense,
            terms: BTreeMap::new(),
            rhs: None,
        });
        Ok(())
    }

    fn marker(&mut self, which: &str) -> Result<(), String> {
        self.in_marker = match (which, self.in_marker) {
            ("'INTORG'", false) => true,
            ("'INTEND'", true) => false,
            _ => return Err(format!("marker {which} out of place")),
        };
        self.current = None;
        Ok(())
    }

    fn column(&mut self, name: &str) -> Result<(), String> {
        if let Some(c) = self.current
            && self.columns[c].name == name
        {
            return Ok(());
        }
        if self.column_index.contains_key(name) {
            return Err(format!("the lines of column {name} are not together"));
        }
        self.column_index
            .insert(name.to_string(), self.columns.len());
        self.current = Some(self.columns.len());
        self.columns.push(Column {
            name: name.to_string(),
            integer: self.in_marker,
            cost: None,
            bounds: Vec::new(),
        });
        Ok(())
    }

    fn entry(&mut self, row: &str, value: i64) -> Result<(), String> {
        let column = &mut self.columns[self.current.ok_or("an entry with no column")?];
        if self.objective_row.as_deref() == Some(row) {
            if column.cost.replace(value).is_some() {
                return Err(format!("two costs for column {}", column.name));
            }
            return Ok(());
        }
        let r = *self
            .row_index
            .get(row)
            .ok_or(format!("unknown row {row}"))?;
        add_term(&mut self.rows[r].terms, &column.name, value)
    }

    fn rhs(&mut self, row: &str, value: i64) -> Result<(), String> {
        if self.objective_row.as_deref() == Some(row) {
            return Err("an RHS on the objective row (solvers disagree on its sign)".into());
        }
        let r = *self
            .row_index
            .get(row)
            .ok_or(format!("unknown row {row}"))?;
        if self.rows[r].rhs.replace(value).is_some() {
            return Err(format!("two right-hand sides for row {row}"));
        }
        Ok(())
    }

    fn bound(&mut self, kind: &str, col: &str, value: &[&str]) -> Result<(), String> {
        let c = *self
            .column_index
            .get(col)
            .ok_or(format!("unknown column {col}"))?;
        let value = match (kind, value) {
            ("UP" | "LO" | "FX" | "LI" | "UI", &[v]) => Some(int(v)?),
            ("FR" | "MI" | "PL" | "BV", &[]) => None,
            _ => return Err(format!("bound type {kind} with {} values", value.len())),
        };
        let bounds = &mut self.columns[c].bounds;
        if bounds.iter().any(|(k, _)| k == kind) {
            return Err(format!("two {kind} bounds on {col}"));
        }
        bounds.push((kind.to_string(), value));
        Ok(())
    }

    fn finish(self) -> Result<Lin, String> {
        if self.objective_row.is_none() {
            return Err("no N row".into());
        }
        let mut lin = Lin::default();
        for row in self.rows {
            let RowLines {
                name,
                sense,
                terms,
                rhs,
            } = row;
            if terms.is_empty() {
                return Err(format!("row {name} has no entries"));
            }
            let rhs = rhs.unwrap_or(0);
            lin.add_row(&name, Row { terms, sense, rhs })?;
        }
        for c in self.columns {
            let var = domain(&c).map_err(|e| format!("column {}: {e}", c.name))?;
            lin.add_var(&c.name, var)?;
            if let Some(cost) = c.cost.filter(|&v| v != 0) {
                lin.objective.insert(c.name, cost);
            }
        }
        Ok(lin)
    }
}

/// `row value` pairs: one or two of them.
fn pairs_of<'a>(tokens: &[&'a str]) -> Result<Vec<(&'a str, &'a str)>, String> {
    match *tokens {
        [r, v] => Ok(vec![(r, v)]),
        [r1, v1, r2, v2] => Ok(vec![(r1, v1), (r2, v2)]),
        _ => Err("expected one or two `row value` pairs".into()),
    }
}

fn same_set(seen: &mut Option<String>, set: &str) -> Result<(), String> {
    match seen {
        Some(s) if s != set => Err(format!("a second set name {set} (first {s})")),
        Some(_) => Ok(()),
        None => {
            *seen = Some(set.to_string());
            Ok(())
        }
    }
}

/// What a column's bound lines mean, starting from MPS's [0, +inf).
fn domain(c: &Column) -> Result<Var, String> {
    let has = |kinds: &[&str]| c.bounds.iter().any(|(k, _)| kinds.contains(&k.as_str()));
    if c.integer && c.bounds.is_empty() {
        // Every reader gives a marked column with no bounds [0, 1].
        return Ok(Var::BINARY);
    }
    if has(&["BV"]) && c.bounds.len() > 1 {
        return Err("BV with other bounds".into());
    }
    if c.integer && !has(&["UP", "PL", "FR", "FX", "BV", "UI"]) {
        return Err("a marked integer column with no upper bound: glpsol reads ub 1".into());
    }
    let mut v = Var {
        integer: c.integer,
        ..Var::DEFAULT
    };
    for (kind, value) in &c.bounds {
        match kind.as_str() {
            "UP" => v.hi = *value,
            "LO" => v.lo = *value,
            "FX" => (v.lo, v.hi) = (*value, *value),
            "FR" => (v.lo, v.hi) = (None, None),
            "MI" => v.lo = None,
            "PL" => v.hi = None,
            "BV" => v = Var::BINARY,
            "LI" => (v.lo, v.integer) = (*value, true),
            "UI" => (v.hi, v.integer) = (*value, true),
            other => return Err(format!("bound type {other}")),
        }
    }
    if has(&["UP"]) && v.hi.is_some_and(|h| h < 0) && !has(&["LO", "MI", "LI", "FR"]) {
        return Err("UP below 0 with no lower bound: its lower bound is solver-dependent".into());
    }
    Ok(v)
}
