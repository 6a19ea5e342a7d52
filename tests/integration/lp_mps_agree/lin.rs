//! The normalized linear program both readers produce, and a readable diff.
//!
//! It holds the *meaning* of a file, not its spelling: an LP `Binaries` entry
//! and an MPS `BV` bound both read as an integer in [0, 1]; zero objective
//! coefficients (which both formats need for other reasons) are dropped.

use std::collections::BTreeMap;
use std::fmt::{self, Display, Formatter};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sense {
    Le,
    Ge,
    Eq,
}

impl Sense {
    fn symbol(self) -> &'static str {
        match self {
            Sense::Le => "<=",
            Sense::Ge => ">=",
            Sense::Eq => "=",
        }
    }
}

/// One constraint: terms by variable name (sorted), sense, right-hand side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub terms: BTreeMap<String, i64>,
    pub sense: Sense,
    pub rhs: i64,
}

impl Display for Row {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (name, coef) in &self.terms {
            let sign = if *coef < 0 { '-' } else { '+' };
            write!(f, "{sign} {} {name} ", coef.unsigned_abs())?;
        }
        write!(f, "{} {}", self.sense.symbol(), self.rhs)
    }
}

/// A variable's domain; `None` is an infinite bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Var {
    pub lo: Option<i64>,
    pub hi: Option<i64>,
    pub integer: bool,
}

impl Var {
    /// [0, +inf), continuous: what both formats mean when nothing is said.
    pub const DEFAULT: Var = Var {
        lo: Some(0),
        hi: None,
        integer: false,
    };
    pub const BINARY: Var = Var {
        lo: Some(0),
        hi: Some(1),
        integer: true,
    };
}

impl Display for Var {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let lo = self.lo.map_or("(-inf".to_string(), |v| format!("[{v}"));
        let hi = self.hi.map_or("+inf)".to_string(), |v| format!("{v}]"));
        let kind = if self.integer {
            "integer"
        } else {
            "continuous"
        };
        write!(f, "{lo}, {hi} {kind}")
    }
}

/// A minimisation: objective, rows and variables, each also in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lin {
    /// Nonzero objective coefficients.
    pub objective: BTreeMap<String, i64>,
    pub rows: BTreeMap<String, Row>,
    /// Row names in file order (solvers number rows this way).
    pub row_order: Vec<String>,
    pub vars: BTreeMap<String, Var>,
    /// Column names in file order (glpsol numbers columns this way).
    pub col_order: Vec<String>,
}

impl Lin {
    pub fn nonzeros(&self) -> usize {
        self.rows.values().map(|r| r.terms.len()).sum()
    }

    pub fn add_row(&mut self, name: &str, row: Row) -> Result<(), String> {
        if self.rows.insert(name.to_string(), row).is_some() {
            return Err(format!("row {name} defined twice"));
        }
        self.row_order.push(name.to_string());
        Ok(())
    }

    pub fn add_var(&mut self, name: &str, var: Var) -> Result<(), String> {
        if self.vars.insert(name.to_string(), var).is_some() {
            return Err(format!("column {name} defined twice"));
        }
        self.col_order.push(name.to_string());
        Ok(())
    }
}

/// Adds `coef · name` to `terms`; a repeated name or a zero is an error
/// (cagec writes neither, and solvers disagree on repeats).
pub fn add_term(terms: &mut BTreeMap<String, i64>, name: &str, coef: i64) -> Result<(), String> {
    if coef == 0 {
        return Err(format!("zero coefficient on {name}"));
    }
    if terms.insert(name.to_string(), coef).is_some() {
        return Err(format!("{name} appears twice in one row"));
    }
    Ok(())
}

/// Every way `b` differs from `a`, each naming the row or variable.
pub fn differences(la: &str, a: &Lin, lb: &str, b: &Lin) -> Vec<String> {
    let mut out = Vec::new();
    for name in union(&a.objective, &b.objective) {
        let (x, y) = (a.objective.get(name), b.objective.get(name));
        if x != y {
            out.push(format!(
                "objective coefficient of {name}: {la} {}, {lb} {}",
                x.unwrap_or(&0),
                y.unwrap_or(&0)
            ));
        }
    }
    for name in union(&a.rows, &b.rows) {
        match (a.rows.get(name), b.rows.get(name)) {
            (Some(x), Some(y)) if x == y => {}
            (Some(x), Some(y)) => out.push(format!("row {name}: {la} `{x}`, {lb} `{y}`")),
            (Some(x), None) => out.push(format!("row {name} only in {la}: `{x}`")),
            (None, Some(y)) => out.push(format!("row {name} only in {lb}: `{y}`")),
            (None, None) => unreachable!("from the union"),
        }
    }
    for name in union(&a.vars, &b.vars) {
        match (a.vars.get(name), b.vars.get(name)) {
            (Some(x), Some(y)) if x == y => {}
            (Some(x), Some(y)) => out.push(format!("variable {name}: {la} {x}, {lb} {y}")),
            (Some(x), None) => out.push(format!("variable {name} only in {la}: {x}")),
            (None, Some(y)) => out.push(format!("variable {name} only in {lb}: {y}")),
            (None, None) => unreachable!("from the union"),
        }
    }
    if out.is_empty() {
        out.extend(order_difference("row", la, &a.row_order, lb, &b.row_order));
        out.extend(order_difference(
            "column",
            la,
            &a.col_order,
            lb,
            &b.col_order,
        ));
    }
    out
}

fn union<'m, V>(a: &'m BTreeMap<String, V>, b: &'m BTreeMap<String, V>) -> Vec<&'m String> {
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    keys
}

/// The first position where two orders differ (same names, other order).
fn order_difference(what: &str, la: &str, a: &[String], lb: &str, b: &[String]) -> Option<String> {
    let i = a.iter().zip(b).position(|(x, y)| x != y)?;
    Some(format!(
        "{what} order differs at position {}: {la} has {}, {lb} has {}",
        i + 1,
        a[i],
        b[i]
    ))
}

/// Panics with the first differences (each naming its row or variable).
pub fn assert_same(context: &str, la: &str, a: &Lin, lb: &str, b: &Lin) {
    let diffs = differences(la, a, lb, b);
    if diffs.is_empty() {
        return;
    }
    let shown: Vec<&str> = diffs.iter().take(20).map(String::as_str).collect();
    panic!(
        "{context}: {la} and {lb} describe different models ({} differences):\n  {}",
        diffs.len(),
        shown.join("\n  ")
    );
}

/// An integer as cagec writes it: `-?(0|[1-9][0-9]*)`, never `-0`; no
/// decimal point, exponent or `+` (cagec's numbers are all integers).
pub fn int(token: &str) -> Result<i64, String> {
    let digits = token.strip_prefix('-').unwrap_or(token);
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && token != "-0";
    match token.parse::<i64>() {
        Ok(v) if canonical => Ok(v),
        _ => Err(format!("`{token}` is not an integer as cagec writes them")),
    }
}

/// Printable ASCII only: no tabs, carriage returns or other bytes.
pub fn printable(line: &str) -> Result<(), String> {
    match line.bytes().find(|b| !matches!(b, b' '..=b'~')) {
        Some(b) => Err(format!("byte 0x{b:02x} is not printable ASCII")),
        None => Ok(()),
    }
}
