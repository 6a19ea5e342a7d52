//! DIMACS CNF: every row of the 0/1 model as clauses
//! (`docs/other-solver-formats.md` §3).
//!
//! - A row "exactly one of these" (cells (2.1), rows (2.2), columns (2.3),
//!   boxes (K.1)): one clause for "at least one" and an at-most-one
//!   ([`Amo`]), the direct encoding of the Latin square. "At most one"
//!   rows (K.2, and the `<=` rows of `--killer-form combined`): the
//!   at-most-one alone.
//! - A cage's tuple choice (T.1): "at least one" only. Its at-most-one is
//!   implied, since two tuples of a cage differ in some cell, and that cell
//!   has one value; it cost killer9 five times the clauses.
//! - x tied to the tuples (T.2), `x − Σ z = 0`: the support encoding,
//!   `x → ∨z` and `z → x`.
//! - A no-good cut: one blocking clause.
//! - Any other row (a sum cage beyond `--tuple-limit`, the paper's rows with
//!   `--formulation melkonian`): its partial sums in the order encoding
//!   ([`sum`]).
//!
//! The model's variables keep their numbers: variable K is the model's
//! K-th (`c var K NAME` lines before the `p` line map them back); the
//! auxiliaries of the at-most-ones and sums come after them. The file is
//! written in two passes over the rows, the first counting, so the `p cnf V
//! C` line has the exact counts that cadical and picosat require. Comments
//! are `c` lines: the header, the name map, and a banner and one line per
//! row.

mod amo;
mod sum;

use std::fmt::{self, Display, Formatter};
use std::io::{self, Write};

use askama::Template;

use super::text::{Comments, Header, LineBuf, each_row, named_row_comment};
use crate::model::{Model, Row, RowFamily, Sense, VarId};

pub use amo::{Amo, PAIRWISE_MAX};

/// A DIMACS literal: variable number, negated when negative.
type Lit = i32;

/// The literal of a model variable.
fn lit(v: VarId) -> Lit {
    v.0 as Lit + 1
}

const COMMENTS: Comments = Comments::plain("c");

/// Where the clauses go: counted, written, or checked against a point.
trait Sink {
    /// The value of `lit` at the point being checked (false when there is none).
    fn value(&self, lit: Lit) -> bool;
    /// A new auxiliary variable, and its value at the point.
    fn aux(&mut self, value: bool) -> Lit;
    fn clause(&mut self, lits: &[Lit]);
    /// Row `index` of the model starts.
    fn row(&mut self, _model: &Model, _index: usize) {}
}

/// The cells' "exactly one" rows (2.1), by variable: the layers of a sum.
struct Groups<'m> {
    model: &'m Model,
    /// The cell row of each variable, `u32::MAX` for none.
    row_of: Vec<u32>,
}

impl<'m> Groups<'m> {
    fn of(model: &'m Model) -> Groups<'m> {
        let mut row_of = vec![u32::MAX; model.num_vars()];
        for (r, row) in model.rows().enumerate() {
            let cell = row.info.family == RowFamily::CellValue
                && row.info.sense == Sense::Eq
                && row.info.rhs == 1;
            if cell && row.terms.all_ones() {
                for t in row.terms {
                    row_of[t.var.index()] = r as u32;
                }
            }
        }
        Groups { model, row_of }
    }

    /// The cell row holding `v`, and its variables.
    fn group(&self, v: VarId) -> Option<(u32, Vec<VarId>)> {
        let r = *self.row_of.get(v.index()).filter(|&&r| r != u32::MAX)?;
        let members = self.model.row_terms(r as usize).iter().map(|t| t.var);
        Some((r, members.collect()))
    }
}

/// Every row's clauses, in row order.
fn encode(model: &Model, amo: Amo, sink: &mut dyn Sink) {
    let groups = Groups::of(model);
    let mut lits = Vec::new();
    for r in 0..model.num_rows() {
        sink.row(model, r);
        let row = model.row(r);
        lits.clear();
        lits.extend(row.terms.iter().map(|t| lit(t.var)));
        let unit = row.terms.all_ones();
        let k = lits.len() as i64;
        match (row.info.family, row.info.sense, row.info.rhs) {
            (RowFamily::TupleChoice, Sense::Eq, 1) if unit => sink.clause(&lits),
            (RowFamily::TupleLink, Sense::Eq, 0) if support(&row) => {
                let (x, zs) = (lits[0], &lits[1..]);
                let mut some = vec![-x];
                some.extend_from_slice(zs);
                sink.clause(&some);
                for &z in zs {
                    sink.clause(&[-z, x]);
                }
            }
            (_, Sense::Eq, 1) if unit => {
                sink.clause(&lits);
                amo::at_most_one(&lits, amo, sink);
            }
            (_, Sense::Le, 1) if unit => amo::at_most_one(&lits, amo, sink),
            (_, Sense::Ge, 1) if unit => sink.clause(&lits),
            (_, Sense::Le, rhs) if unit && rhs == k - 1 => {
                let none: Vec<Lit> = lits.iter().map(|l| -l).collect();
                sink.clause(&none);
            }
            _ => sum::encode(&row, &groups, sink),
        }
    }
}

/// `x − z1 − … − zk = 0`: x is 1 exactly when one of the z is.
fn support(row: &Row<'_>) -> bool {
    row.terms.first().is_some_and(|t| t.coef == 1)
        && (row.terms.iter().skip(1)).all(|t| t.coef == -1)
}

/// Counts variables and clauses, and the clauses of each row.
struct Count {
    vars: i64,
    clauses: u64,
    /// The number of the clause each row starts at, and the total after the
    /// last row.
    starts: Vec<u64>,
}

impl Sink for Count {
    fn value(&self, _: Lit) -> bool {
        false
    }

    fn aux(&mut self, _: bool) -> Lit {
        self.vars += 1;
        self.vars as Lit
    }

    fn clause(&mut self, _: &[Lit]) {
        self.clauses += 1;
    }

    fn row(&mut self, _: &Model, _: usize) {
        self.starts.push(self.clauses);
    }
}

fn count(model: &Model, amo: Amo) -> io::Result<Count> {
    let mut c = Count {
        vars: model.num_vars() as i64,
        clauses: 0,
        starts: Vec::with_capacity(model.num_rows() + 1),
    };
    encode(model, amo, &mut c);
    c.starts.push(c.clauses);
    if c.vars > i64::from(Lit::MAX) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} variables are more than DIMACS CNF numbers", c.vars),
        ));
    }
    Ok(c)
}

/// Writes the 0/1 `model` as DIMACS CNF, at-most-ones written as `amo`
/// says; a variable that is not binary is an `InvalidInput` error before
/// anything is written.
pub fn write_cnf(model: &Model, amo: Amo, out: &mut dyn Write) -> io::Result<()> {
    super::opb::only_binaries(model, "DIMACS CNF")?;
    let counted = count(model, amo)?;
    let file = CnfFile {
        model,
        header: Header {
            model,
            comments: COMMENTS,
        },
        amo,
        vars: counted.vars,
        clauses: counted.clauses,
        starts: &counted.starts,
    };
    super::render(&file, out)
}

/// Every variable's value (model variables, then auxiliaries) at `point`, a
/// point of the 0/1 `model` that meets every row; an error names the first
/// clause it breaks.
pub fn cnf_point(model: &Model, amo: Amo, point: &[i64]) -> Result<Vec<bool>, String> {
    if point.len() != model.num_vars() {
        return Err(format!(
            "a point of {} values for a model of {} variables",
            point.len(),
            model.num_vars()
        ));
    }
    let mut check = Check {
        values: point.iter().map(|&v| v != 0).collect(),
        row: 0,
        broken: None,
    };
    encode(model, amo, &mut check);
    match check.broken {
        Some((row, clause)) => Err(format!(
            "the clause {clause:?} of row {} is false",
            model.row_name(row)
        )),
        None => Ok(check.values),
    }
}

/// Writes a solution (every variable's value, from [`cnf_point`]) as the
/// SAT competition prints one: `s SATISFIABLE`, then `v 1 -2 … 0` lines.
pub fn write_cnf_solution(values: &[bool], out: &mut dyn Write) -> io::Result<()> {
    let words = values.iter().enumerate().map(|(i, &v)| {
        let sign = if v { "" } else { "-" };
        format!("{sign}{}", i + 1)
    });
    super::sol::write_competition(words.chain(std::iter::once("0".to_string())), out)
}

/// Evaluates every clause at a point, extending it to the auxiliaries.
struct Check {
    values: Vec<bool>,
    row: usize,
    broken: Option<(usize, Vec<Lit>)>,
}

impl Sink for Check {
    fn value(&self, lit: Lit) -> bool {
        let v = self.values[lit.unsigned_abs() as usize - 1];
        if lit > 0 { v } else { !v }
    }

    fn aux(&mut self, value: bool) -> Lit {
        self.values.push(value);
        self.values.len() as Lit
    }

    fn clause(&mut self, lits: &[Lit]) {
        if self.broken.is_none() && !lits.iter().any(|&l| self.value(l)) {
            self.broken = Some((self.row, lits.to_vec()));
        }
    }

    fn row(&mut self, _: &Model, index: usize) {
        self.row = index;
    }
}

#[derive(Template)]
#[template(path = "model.cnf", escape = "none")]
struct CnfFile<'a> {
    model: &'a Model,
    header: Header<'a>,
    amo: Amo,
    vars: i64,
    clauses: u64,
    starts: &'a [u64],
}

impl<'a> CnfFile<'a> {
    fn names(&self) -> NameMap<'a> {
        NameMap(self.model)
    }

    fn amo_note(&self) -> String {
        match self.amo {
            Amo::Auto => format!(
                "pairwise up to {PAIRWISE_MAX} variables, a sequential counter (Sinz 2005) above"
            ),
            Amo::Pairwise => "pairwise".to_string(),
            Amo::Sequential => "a sequential counter (Sinz 2005)".to_string(),
        }
    }

    fn aux(&self) -> i64 {
        self.vars - self.model.num_vars() as i64
    }

    fn rows(&self) -> RowIndex<'a> {
        RowIndex {
            model: self.model,
            starts: self.starts,
        }
    }

    fn clauses(&self) -> Clauses<'a> {
        Clauses {
            model: self.model,
            amo: self.amo,
            vars: self.model.num_vars() as i64,
        }
    }
}

/// `c var K NAME`, one line per model variable.
struct NameMap<'a>(&'a Model);

impl Display for NameMap<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        LineBuf::with(f, |line| {
            for v in self.0.vars() {
                line.push("c var ")?;
                line.push_int(lit(v).into())?;
                line.push(" ")?;
                line.push_var(self.0, v)?;
                line.push("\n")?;
            }
            Ok(())
        })
    }
}

/// `c clauses A to B: NAME (eq) note` for every row, after its banners.
struct RowIndex<'a> {
    model: &'a Model,
    starts: &'a [u64],
}

impl Display for RowIndex<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        each_row(f, COMMENTS, self.model, |line, r| {
            let (first, last) = (self.starts[r] as i64 + 1, self.starts[r + 1] as i64);
            match last - first {
                -1 => line.push("c no clauses:")?,
                0 => {
                    line.push("c clause ")?;
                    line.push_int(first)?;
                    line.push(":")?;
                }
                _ => {
                    line.push("c clauses ")?;
                    line.push_int(first)?;
                    line.push(" to ")?;
                    line.push_int(last)?;
                    line.push(":")?;
                }
            }
            // The row's comment ends the line (it starts with a space).
            named_row_comment(line, Comments::plain(""), &self.model.row(r))
        })
    }
}

/// The clauses, row after row.
struct Clauses<'a> {
    model: &'a Model,
    amo: Amo,
    vars: i64,
}

impl Display for Clauses<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        LineBuf::with(f, |line| {
            let mut w = Writer {
                line,
                vars: self.vars,
                result: Ok(()),
            };
            encode(self.model, self.amo, &mut w);
            w.result
        })
    }
}

/// Writes clauses as they come, keeping the first write error.
struct Writer<'b, 'f, 'g> {
    line: &'b mut LineBuf<'f, 'g>,
    vars: i64,
    result: fmt::Result,
}

impl Sink for Writer<'_, '_, '_> {
    fn value(&self, _: Lit) -> bool {
        false
    }

    fn aux(&mut self, _: bool) -> Lit {
        self.vars += 1;
        self.vars as Lit
    }

    fn clause(&mut self, lits: &[Lit]) {
        if self.result.is_err() {
            return;
        }
        self.result = clause_line(self.line, lits);
    }
}

/// `1 -2 3 0`.
fn clause_line(line: &mut LineBuf<'_, '_>, lits: &[Lit]) -> fmt::Result {
    for &l in lits {
        line.push_int(l.into())?;
        line.push(" ")?;
    }
    line.push("0\n")
}

#[cfg(test)]
mod tests;
