//! FlatZinc, written directly, in the part of the language every FlatZinc
//! reader tested reads (`docs/other-solver-formats.md` §2.3–§2.4):
//!
//! - variables are integers: `var 0..1: x_1_1_1;`, `var 1..9: y_1_1;`;
//! - every row is `int_lin_eq` or `int_lin_le` (a `>=` row negated): SCIP
//!   reads `int_le` wrongly (as infeasible) and cannot read `int_lin_ne`,
//!   `bool_clause` or any global constraint;
//! - the grid is `array [1..n*n] of var int: grid :: output_array([1..n,
//!   1..n]) = [y_1_1, …];`, so a FlatZinc solver prints it;
//! - `solve satisfy;` ends the file; comments are `%` lines.
//!
//! The model must have integer variables only and a `y_I_J` for every cell:
//! write the model of
//! [`formulate_integer_cells`](crate::formulate::formulate_integer_cells).

use std::fmt::{self, Display, Formatter};
use std::io::{self, Write};

use askama::Template;

use super::text::{Comments, Header, LineBuf, each_row, named_row_comment};
use crate::formulate::names;
use crate::model::decimal::Int;
use crate::model::{Domain, Model, Sense, VarId};

const COMMENTS: Comments = Comments::plain("%");

/// Writes `model` as FlatZinc. A continuous variable, an objective, or a
/// cell without its `y_I_J` is an `InvalidInput` error before anything is
/// written.
pub fn write_fzn(model: &Model, out: &mut dyn Write) -> io::Result<()> {
    let refuse = |why: String| Err(io::Error::new(io::ErrorKind::InvalidInput, why));
    if let Some(v) = model.vars().find(|&v| !model.domain(v).is_integer()) {
        return refuse(format!(
            "FlatZinc is written with integer variables only, and {} is continuous",
            model.var_name(v)
        ));
    }
    if !model.objective.is_empty() {
        return refuse("FlatZinc is written for models without an objective".into());
    }
    let grid = grid_of(model).ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "FlatZinc prints the grid from y_I_J: the model needs one for every cell",
        )
    })?;
    let file = FznFile {
        model,
        header: Header {
            model,
            comments: COMMENTS,
        },
        n: (grid.len() as f64).sqrt() as usize,
        grid,
    };
    super::render(&file, out)
}

/// The y of every cell in row-major order, if the model has them all.
fn grid_of(model: &Model) -> Option<Vec<VarId>> {
    let ys: Vec<(usize, usize, VarId)> = model
        .vars()
        .filter_map(|v| names::parse_y(model.var_name(v)).map(|(i, j)| (i, j, v)))
        .collect();
    let n = ys.iter().map(|&(i, j, _)| i.max(j) + 1).max()?;
    let mut grid = vec![None; n * n];
    for (i, j, v) in ys {
        grid[i * n + j] = Some(v);
    }
    grid.into_iter().collect()
}

#[derive(Template)]
#[template(path = "model.fzn", escape = "none")]
struct FznFile<'a> {
    model: &'a Model,
    header: Header<'a>,
    n: usize,
    grid: Vec<VarId>,
}

impl<'a> FznFile<'a> {
    fn vars(&self) -> Vars<'a> {
        Vars(self.model)
    }

    fn grid(&self) -> Grid<'_> {
        Grid(self.model, &self.grid)
    }

    fn rows(&self) -> FznRows<'a> {
        FznRows(self.model)
    }
}

/// `var lo..hi: name;`, one line per variable.
struct Vars<'a>(&'a Model);

impl Display for Vars<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        LineBuf::with(f, |line| {
            for v in self.0.vars() {
                let (lo, hi) = match self.0.domain(v) {
                    Domain::Binary => (0, 1),
                    d => d.bounds(),
                };
                line.push("var ")?;
                line.push_int(lo)?;
                line.push("..")?;
                line.push_int(hi)?;
                line.push(": ")?;
                line.push_var(self.0, v)?;
                line.push(";\n")?;
            }
            Ok(())
        })
    }
}

/// The y of the grid, comma-separated.
struct Grid<'a>(&'a Model, &'a [VarId]);

impl Display for Grid<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        LineBuf::with(f, |line| {
            for (i, &v) in self.1.iter().enumerate() {
                if i > 0 {
                    line.push(", ")?;
                }
                line.push_var(self.0, v)?;
            }
            Ok(())
        })
    }
}

/// Every row with its banners and comment: `int_lin_eq` or `int_lin_le`.
struct FznRows<'a>(&'a Model);

impl Display for FznRows<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let model = self.0;
        each_row(f, COMMENTS, model, |line, index| {
            let row = model.row(index);
            let (name, flip) = match row.info.sense {
                Sense::Eq => ("int_lin_eq", false),
                Sense::Le => ("int_lin_le", false),
                Sense::Ge => ("int_lin_le", true),
            };
            named_row_comment(line, COMMENTS, &row)?;
            line.push("constraint ")?;
            line.push(name)?;
            line.push("([")?;
            for (i, t) in row.terms.iter().enumerate() {
                if i > 0 {
                    line.push(", ")?;
                }
                let negative = (t.coef < 0) != flip;
                line.push(Int::with_sign(negative, t.coef.unsigned_abs().into()).as_str())?;
            }
            line.push("], [")?;
            for (i, t) in row.terms.iter().enumerate() {
                if i > 0 {
                    line.push(", ")?;
                }
                line.push_var(model, t.var)?;
            }
            line.push("], ")?;
            let rhs = row.info.rhs;
            line.push(Int::with_sign((rhs < 0) != flip, rhs.unsigned_abs()).as_str())?;
            line.push(");\n")
        })
    }
}
