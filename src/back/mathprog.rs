//! A flat MathProg model: any `Model` written out row by row, for glpsol
//! (`glpsol -m NAME.mod`). The paper-shaped AMPL pair ([`super::ampl`])
//! encodes only the paper's formulation; this one carries every formulation
//! option (presolve, value sets, tuples) and cut rows, because it is the
//! model itself. MathProg needs `*` between a coefficient and a variable and
//! `;` after each statement; lines are wrapped, which MathProg ignores.

use std::borrow::Cow;
use std::fmt::{self, Display, Formatter, Write as _};
use std::io::{self, Write};

use askama::Template;

use super::text::{Comments, Header, each_row, row_comment};
use crate::model::{Domain, Model, Term};

const LINE_LIMIT: usize = 255;
const COMMENTS: Comments = Comments::plain("#");

/// Writes `model` as a self-contained MathProg model that prints
/// `NAME VALUE` for every variable after solving.
pub fn write_mathprog(model: &Model, out: &mut dyn Write) -> io::Result<()> {
    let file = FlatModel {
        model,
        header: Header {
            model,
            comments: COMMENTS,
        },
    };
    super::render(&file, out)
}

/// Writes the data file of a flat model: no data, only comments and `end;`.
/// `compile --to ampl` writes it beside the model, so that
/// `glpsol -m NAME.mod -d NAME.dat` runs a flat model as it runs the paper's
/// pair, and no `.dat` of an earlier pair is left beside it.
pub fn write_mathprog_data(out: &mut dyn Write) -> io::Result<()> {
    out.write_all(
        b"# No data: the model beside this file is a flat MathProg model, with every\n\
          # row written out. This file only lets it run as the paper's pair does:\n\
          #     glpsol -m NAME.mod -d NAME.dat\n\
          end;\n",
    )
}

#[derive(Template)]
#[template(path = "flat.mod", escape = "none")]
struct FlatModel<'a> {
    model: &'a Model,
    header: Header<'a>,
}

impl<'a> FlatModel<'a> {
    fn vars(&self) -> Vars<'a> {
        Vars(self.model)
    }

    fn objective(&self) -> Expr<'a> {
        Expr {
            model: self.model,
            terms: Cow::Borrowed(&self.model.objective),
            lead: 11,
        }
    }

    fn rows(&self) -> Rows<'a> {
        Rows(self.model)
    }

    fn printfs(&self) -> Printfs<'a> {
        Printfs(self.model)
    }
}

struct Vars<'a>(&'a Model);

impl Display for Vars<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for v in self.0.vars() {
            let name = self.0.var_name(v);
            match self.0.domain(v) {
                Domain::Binary => writeln!(f, "var {name} binary;")?,
                Domain::Integer { lo, hi } => writeln!(f, "var {name} integer{};", Bounds(lo, hi))?,
                Domain::Continuous { lo, hi } => writeln!(f, "var {name}{};", Bounds(lo, hi))?,
            }
        }
        Ok(())
    }
}

/// `, >= lo, <= hi` with infinite sides left out.
struct Bounds(i64, i64);

impl Display for Bounds {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.0 != i64::MIN {
            write!(f, ", >= {}", self.0)?;
        }
        if self.1 != i64::MAX {
            write!(f, ", <= {}", self.1)?;
        }
        Ok(())
    }
}

/// ` + x - 2*y`, wrapped; `0` when there are no terms.
struct Expr<'a> {
    model: &'a Model,
    terms: Cow<'a, [Term]>,
    /// Characters already on the line.
    lead: usize,
}

impl Display for Expr<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.terms.is_empty() {
            return f.write_char('0');
        }
        let mut col = self.lead;
        let mut piece = String::new();
        for t in self.terms.iter() {
            piece.clear();
            let (sign, abs) = if t.coef < 0 {
                ('-', t.coef.unsigned_abs())
            } else {
                ('+', t.coef as u32)
            };
            let name = self.model.var_name(t.var);
            if abs == 1 {
                write!(piece, " {sign} {name}")?;
            } else {
                write!(piece, " {sign} {abs}*{name}")?;
            }
            if col + piece.len() > LINE_LIMIT {
                f.write_str("\n   ")?;
                col = 3;
            }
            col += piece.len();
            f.write_str(&piece)?;
        }
        Ok(())
    }
}

/// Every row, each after the banners of the sections it starts.
struct Rows<'a>(&'a Model);

impl Display for Rows<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let model = self.0;
        each_row(f, COMMENTS, model, |line, index| {
            let row = model.row(index);
            row_comment(line, COMMENTS, &row)?;
            let lead = format!("s.t. {}:", row.name);
            line.write_str(&lead)?;
            let expr = Expr {
                model,
                terms: Cow::Owned(row.terms.to_vec()),
                lead: lead.len(),
            };
            writeln!(line, "{expr} {} {};", row.info.sense.symbol(), row.info.rhs)
        })
    }
}

struct Printfs<'a>(&'a Model);

impl Display for Printfs<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for v in self.0.vars() {
            let name = self.0.var_name(v);
            writeln!(f, "printf \"{name} %.17g\\n\", {name};")?;
        }
        Ok(())
    }
}
