//! OPB, the pseudo-Boolean competition format, in the PB16 dialect that every
//! reader tested accepts (`docs/other-solver-formats.md` §1):
//!
//! - line 1 is exactly `* #variable= N #constraint= M`: Sat4j needs the line
//!   and exact counts, and clasp rejects the PB24 hints `#equal=` and
//!   `intsize=`;
//! - variables are `x1` … `xN` in declaration order (Sat4j and clasp read
//!   no other names); `* xK = NAME` comment lines map them back;
//! - rows are `+1 x1 -2 x5 = 3 ;`: `=` or `>=` only (clasp rejects `<=`, so
//!   a `<=` row is written negated), no `~x`, no `max:`, no `min:` line for a
//!   model without an objective;
//! - one row per line, LF line ends (minisat+ rejects CRLF).
//!
//! Every variable must be 0/1: write the model of
//! [`formulate_zero_one`](crate::formulate::formulate_zero_one).

use std::fmt::{self, Display, Formatter};
use std::io::{self, Write};

use askama::Template;

use super::text::{Comments, Header, LineBuf, each_row, named_row_comment};
use crate::model::decimal::Int;
use crate::model::{Domain, Model, Sense, Term};

const COMMENTS: Comments = Comments::plain("*");

/// Writes the 0/1 `model` as OPB; a variable that is not binary is an
/// `InvalidInput` error before anything is written.
pub fn write_opb(model: &Model, out: &mut dyn Write) -> io::Result<()> {
    only_binaries(model, "OPB")?;
    let file = OpbFile {
        model,
        header: Header {
            model,
            comments: COMMENTS,
        },
    };
    super::render(&file, out)
}

/// The error for a model with a variable that is not 0/1.
pub(super) fn only_binaries(model: &Model, format: &str) -> io::Result<()> {
    match model.vars().find(|&v| model.domain(v) != Domain::Binary) {
        None => Ok(()),
        Some(v) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{format} has only 0/1 variables, and {} is not one: write the 0/1 form of the model",
                model.var_name(v)
            ),
        )),
    }
}

/// Writes a solution of the 0/1 `model` (one value per variable) as the PB
/// competition prints one: `s SATISFIABLE`, then `v x1 -x2 …` lines.
pub fn write_opb_solution(model: &Model, point: &[i64], out: &mut dyn Write) -> io::Result<()> {
    if point.len() != model.num_vars() {
        return Err(io::Error::other(format!(
            "a point of {} values for a model of {} variables",
            point.len(),
            model.num_vars()
        )));
    }
    let words = point.iter().enumerate().map(|(i, &v)| {
        let sign = if v == 0 { "-" } else { "" };
        format!("{sign}x{}", i + 1)
    });
    super::sol::write_competition(words, out)
}

#[derive(Template)]
#[template(path = "model.opb", escape = "none")]
struct OpbFile<'a> {
    model: &'a Model,
    header: Header<'a>,
}

impl<'a> OpbFile<'a> {
    fn names(&self) -> NameMap<'a> {
        NameMap(self.model)
    }

    fn objective(&self) -> Objective<'a> {
        Objective(self.model)
    }

    fn rows(&self) -> OpbRows<'a> {
        OpbRows(self.model)
    }
}

/// `* xK = NAME`, one line per variable.
struct NameMap<'a>(&'a Model);

impl Display for NameMap<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        LineBuf::with(f, |line| {
            for v in self.0.vars() {
                line.push("* x")?;
                line.push_int(i64::from(v.0) + 1)?;
                line.push(" = ")?;
                line.push_var(self.0, v)?;
                line.push("\n")?;
            }
            Ok(())
        })
    }
}

/// `min: …;` when the model has an objective (cagec's models have none).
struct Objective<'a>(&'a Model);

impl Display for Objective<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.0.objective.is_empty() {
            return Ok(());
        }
        LineBuf::with(f, |line| {
            line.push("min: ")?;
            terms(line, self.0.objective.iter().copied(), false)?;
            line.push(";\n")?;
            Ok(())
        })
    }
}

/// `+3 x1 -2 x7 `, negated when `flip`.
fn terms(
    line: &mut LineBuf<'_, '_>,
    terms: impl IntoIterator<Item = Term>,
    flip: bool,
) -> fmt::Result {
    for t in terms {
        let negative = (t.coef < 0) != flip;
        line.push(if negative { "-" } else { "+" })?;
        line.push(Int::with_sign(false, t.coef.unsigned_abs().into()).as_str())?;
        line.push(" x")?;
        line.push_int(i64::from(t.var.0) + 1)?;
        line.push(" ")?;
    }
    Ok(())
}

/// Every row with its banners and comment; `<=` rows negated into `>=`.
struct OpbRows<'a>(&'a Model);

impl Display for OpbRows<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        each_row(f, COMMENTS, self.0, |line, index| {
            let row = self.0.row(index);
            let rhs = row.info.rhs;
            let (flip, op) = match row.info.sense {
                Sense::Eq => (false, "="),
                Sense::Ge => (false, ">="),
                Sense::Le => (true, ">="),
            };
            named_row_comment(line, COMMENTS, &row)?;
            terms(line, row.terms, flip)?;
            line.push(op)?;
            line.push(" ")?;
            line.push(Int::with_sign((rhs < 0) != flip, rhs.unsigned_abs()).as_str())?;
            line.push(" ;\n")
        })
    }
}
