//! FlatZinc, written directly, in the builtins that every FlatZinc reader
//! tested reads: fzn-gecode, SCIP and Pumpkin (`docs/other-solver-formats.md`
//! §2.3–§2.5).
//!
//! - The 0/1 variables (x, z, u, w) are `var bool`; the others integers,
//!   `var 1..9: y_1_1;`.
//! - A row over 0/1 variables alone is `bool_lin_eq` or `bool_lin_le` (a
//!   `>=` row negated): the cells', rows' and columns' "exactly one" (2.1)–
//!   (2.3), a cage's tuple choice (T.1), x tied to its tuples (T.2, `x − Σ z
//!   = 0`: the CNF's support clauses `x → ∨z` and `z → x` in one row), a
//!   no-good cut. On 0/1 variables bounds propagation of such a row is unit
//!   propagation of its clauses.
//! - A row with an integer in it (the link rows (3.2) `y − Σ k·x = 0`, the
//!   paper's rows) is `int_lin_eq` or `int_lin_le`, each 0/1 variable in it
//!   written as its 0/1 integer `b2i_NAME`, tied to it by
//!   `bool2int(NAME, b2i_NAME)`.
//! - The grid is `array [1..n*n] of var int: grid :: output_array([1..n,
//!   1..n]) = [y_1_1, …];`, so a FlatZinc solver prints it.
//! - The search branches on the x, cell by cell and each cell's values in
//!   order, trying true first: `solve :: bool_search(values, input_order,
//!   indomain_max, complete) satisfy;` over `array [..] of var bool: values
//!   = [x_1_1_1, …];`.
//!
//! What is left out, and why (measured on the hard 9×9 Keen puzzles of
//! `fixtures/keen9-hard` and the 16×16 peers, docs/outputs.md): SCIP 10's
//! reader refuses `bool_clause` and every reified builtin (`int_eq_reif`),
//! so neither a clause nor a domain-consistent channel from y to the x is
//! written; with the y tied by the linear row alone, a search on the grid
//! sees only y's bounds and took minutes on a 9×9, while the search on the x
//! proves each hard 9×9 unique in hundredths of a second. `dom_w_deg` on the
//! x was faster on 16×16s but Pumpkin 0.5.0 stops on it (`todo!`), and the
//! support clauses as `bool_lin_le` rows took Gecode three times as long as
//! the one T.2 row. Comments are `%` lines.
//!
//! The model must have integer variables only and a `y_I_J` for every cell:
//! write the model of
//! [`formulate_integer_cells`](crate::formulate::formulate_integer_cells).
//! Its names must not start with `b2i_` (no formulation's do).

use std::fmt::{self, Display, Formatter};
use std::io::{self, Write};

use askama::Template;

use super::text::{Comments, Header, LineBuf, each_row, named_row_comment};
use crate::model::decimal::Int;
use crate::model::{Column, Domain, Model, Sense, VarId};

const COMMENTS: Comments = Comments::plain("%");

/// The prefix of a 0/1 variable's integer (`b2i_x_1_1_1`).
const B2I: &str = "b2i_";

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
    let kinds = Kinds::of(model);
    let values: Vec<VarId> = (model.column_table().iter())
        .filter(|&(v, column)| kinds.binary[v.index()] && matches!(column, Column::X { .. }))
        .map(|(v, _)| v)
        .collect();
    let file = FznFile {
        model,
        header: Header {
            model,
            comments: COMMENTS,
        },
        n: (grid.len() as f64).sqrt() as usize,
        grid,
        values,
        kinds,
    };
    super::render(&file, out)
}

/// The y of every cell in row-major order, if the model has them all.
fn grid_of(model: &Model) -> Option<Vec<VarId>> {
    let ys: Vec<(usize, usize, VarId)> = (model.column_table().iter())
        .filter_map(|(v, column)| match column {
            Column::Y { row, col } => Some((row as usize, col as usize, v)),
            _ => None,
        })
        .collect();
    let n = ys.iter().map(|&(i, j, _)| i.max(j) + 1).max()?;
    let mut grid = vec![None; n * n];
    for (i, j, v) in ys {
        grid[i * n + j] = Some(v);
    }
    grid.into_iter().collect()
}

/// Which variables are `var bool`, and which of those also need their 0/1
/// integer (they are in a row with an integer).
struct Kinds {
    binary: Vec<bool>,
    as_int: Vec<bool>,
}

impl Kinds {
    fn of(model: &Model) -> Kinds {
        let binary: Vec<bool> = model
            .vars()
            .map(|v| model.domain(v) == Domain::Binary)
            .collect();
        let mut as_int = vec![false; binary.len()];
        for row in model.rows() {
            if row.terms.iter().any(|t| !binary[t.var.index()]) {
                for t in row.terms.iter().filter(|t| binary[t.var.index()]) {
                    as_int[t.var.index()] = true;
                }
            }
        }
        Kinds { binary, as_int }
    }

    fn ints(&self) -> impl Iterator<Item = VarId> + '_ {
        (self.as_int.iter().enumerate())
            .filter(|&(_, &b)| b)
            .map(|(i, _)| VarId(i as u32))
    }
}

#[derive(Template)]
#[template(path = "model.fzn", escape = "none")]
struct FznFile<'a> {
    model: &'a Model,
    header: Header<'a>,
    n: usize,
    grid: Vec<VarId>,
    /// The x, in the model's order: what the search branches on.
    values: Vec<VarId>,
    kinds: Kinds,
}

impl<'a> FznFile<'a> {
    fn vars(&self) -> Vars<'_> {
        Vars(self.model, &self.kinds)
    }

    fn has_ints(&self) -> bool {
        self.kinds.ints().next().is_some()
    }

    fn int_vars(&self) -> IntVars<'_> {
        IntVars(self.model, &self.kinds)
    }

    fn grid(&self) -> List<'_> {
        List(self.model, &self.grid)
    }

    fn values(&self) -> List<'_> {
        List(self.model, &self.values)
    }

    fn channels(&self) -> Channels<'_> {
        Channels(self.model, &self.kinds)
    }

    fn rows(&self) -> FznRows<'_> {
        FznRows(self.model, &self.kinds)
    }
}

/// `var bool: name;` or `var lo..hi: name;`, one line per variable.
struct Vars<'a>(&'a Model, &'a Kinds);

impl Display for Vars<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        LineBuf::with(f, |line| {
            for v in self.0.vars() {
                line.push("var ")?;
                if self.1.binary[v.index()] {
                    line.push("bool")?;
                } else {
                    let (lo, hi) = self.0.domain(v).bounds();
                    line.push_int(lo)?;
                    line.push("..")?;
                    line.push_int(hi)?;
                }
                line.push(": ")?;
                line.push_var(self.0, v)?;
                line.push(";\n")?;
            }
            Ok(())
        })
    }
}

/// `var 0..1: b2i_name;` for every 0/1 variable in a row with an integer.
struct IntVars<'a>(&'a Model, &'a Kinds);

impl Display for IntVars<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        LineBuf::with(f, |line| {
            for v in self.1.ints() {
                line.push("var 0..1: ")?;
                line.push(B2I)?;
                line.push_var(self.0, v)?;
                line.push(";\n")?;
            }
            Ok(())
        })
    }
}

/// `constraint bool2int(name, b2i_name);` for every such variable.
struct Channels<'a>(&'a Model, &'a Kinds);

impl Display for Channels<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        LineBuf::with(f, |line| {
            for v in self.1.ints() {
                line.push("constraint bool2int(")?;
                line.push_var(self.0, v)?;
                line.push(", ")?;
                line.push(B2I)?;
                line.push_var(self.0, v)?;
                line.push(");\n")?;
            }
            Ok(())
        })
    }
}

/// Variables, comma-separated.
struct List<'a>(&'a Model, &'a [VarId]);

impl Display for List<'_> {
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

/// Every row with its banners and comment: `bool_lin_eq` or `bool_lin_le`
/// over 0/1 variables alone, else `int_lin_eq` or `int_lin_le`.
struct FznRows<'a>(&'a Model, &'a Kinds);

impl Display for FznRows<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let (model, kinds) = (self.0, self.1);
        each_row(f, COMMENTS, model, |line, index| {
            let row = model.row(index);
            let boolean = row.terms.iter().all(|t| kinds.binary[t.var.index()]);
            let (name, flip) = match (row.info.sense, boolean) {
                (Sense::Eq, true) => ("bool_lin_eq", false),
                (Sense::Le, true) => ("bool_lin_le", false),
                (Sense::Ge, true) => ("bool_lin_le", true),
                (Sense::Eq, false) => ("int_lin_eq", false),
                (Sense::Le, false) => ("int_lin_le", false),
                (Sense::Ge, false) => ("int_lin_le", true),
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
                if !boolean && kinds.binary[t.var.index()] {
                    line.push(B2I)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formulate::{self, Formulation, Options};
    use crate::model::RowFamily;

    fn fzn(model: &Model) -> String {
        let mut out = Vec::new();
        write_fzn(model, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn kk0() -> crate::puzzle::ir::Puzzle {
        let path = format!("{}/fixtures/puzzles/kk0.cage", env!("CARGO_MANIFEST_DIR"));
        crate::io::input::load(path.as_ref(), None).unwrap().puzzle
    }

    #[test]
    fn binaries_are_booleans_and_their_rows_boolean() {
        let opts = Options {
            formulation: Formulation::Tuples,
            ..Options::default()
        };
        let model = formulate::formulate_integer_cells(&kk0(), &opts).unwrap();
        let text = fzn(&model);
        let has = |line: &str| text.lines().any(|l| l == line);
        assert!(has("var bool: x_1_1_1;"), "{text}");
        assert!(has("var bool: z_7_4;"));
        assert!(has("var 1..4: y_1_1;"));
        // Only the x are in a row with an integer (their link rows).
        assert!(has("var 0..1: b2i_x_4_4_4;"));
        assert!(!text.contains("b2i_z_"));
        assert!(has("constraint bool2int(x_1_1_1, b2i_x_1_1_1);"));
        assert!(has(
            "constraint bool_lin_eq([1, 1, 1, 1], [x_1_1_1, x_1_1_2, x_1_1_3, x_1_1_4], 1);"
        ));
        assert!(has("constraint int_lin_eq([1, -1, -2, -3, -4], \
             [y_1_1, b2i_x_1_1_1, b2i_x_1_1_2, b2i_x_1_1_3, b2i_x_1_1_4], 0);"));
        assert!(has(
            "constraint bool_lin_eq([1, 1, 1, 1], [z_7_1, z_7_2, z_7_3, z_7_4], 1);"
        ));
        assert!(has(
            "array [1..64] of var bool: values = [x_1_1_1, x_1_1_2, x_1_1_3, x_1_1_4, \
             x_1_2_1, x_1_2_2, x_1_2_3, x_1_2_4, x_1_3_1, x_1_3_2, x_1_3_3, x_1_3_4, \
             x_1_4_1, x_1_4_2, x_1_4_3, x_1_4_4, x_2_1_1, x_2_1_2, x_2_1_3, x_2_1_4, \
             x_2_2_1, x_2_2_2, x_2_2_3, x_2_2_4, x_2_3_1, x_2_3_2, x_2_3_3, x_2_3_4, \
             x_2_4_1, x_2_4_2, x_2_4_3, x_2_4_4, x_3_1_1, x_3_1_2, x_3_1_3, x_3_1_4, \
             x_3_2_1, x_3_2_2, x_3_2_3, x_3_2_4, x_3_3_1, x_3_3_2, x_3_3_3, x_3_3_4, \
             x_3_4_1, x_3_4_2, x_3_4_3, x_3_4_4, x_4_1_1, x_4_1_2, x_4_1_3, x_4_1_4, \
             x_4_2_1, x_4_2_2, x_4_2_3, x_4_2_4, x_4_3_1, x_4_3_2, x_4_3_3, x_4_3_4, \
             x_4_4_1, x_4_4_2, x_4_4_3, x_4_4_4];"
        ));
        assert!(has(
            "solve :: bool_search(values, input_order, indomain_max, complete) satisfy;"
        ));
        // The builtins SCIP's reader refuses are never written.
        for refused in ["bool_clause", "_reif(", "int_le(", "bool_le(", "int_lin_ne"] {
            assert!(!text.contains(refused), "{refused}");
        }
        // Every row is written once, after its comment.
        let constraints = text
            .lines()
            .filter(|l| l.starts_with("constraint "))
            .count();
        let b2i = text
            .lines()
            .filter(|l| l.starts_with("var 0..1: b2i_"))
            .count();
        assert_eq!(constraints, model.num_rows() + b2i);
    }

    #[test]
    fn a_ge_row_and_a_cut_are_written_as_le_rows() {
        let opts = Options {
            formulation: Formulation::Tuples,
            ..Options::default()
        };
        let mut model = formulate::formulate_integer_cells(&kk0(), &opts).unwrap();
        let x = |name: &str| model.find_var(name).unwrap();
        let (a, b, y) = (x("x_1_1_1"), x("x_1_1_2"), x("y_1_1"));
        model
            .add_row(
                "nogood_1",
                RowFamily::NoGood,
                "a cut",
                [(a, 1), (b, 1)],
                Sense::Le,
                1,
            )
            .unwrap();
        model
            .add_row(
                "some_b",
                RowFamily::NoGood,
                "",
                [(a, 1), (b, 1)],
                Sense::Ge,
                1,
            )
            .unwrap();
        model
            .add_row(
                "y_big",
                RowFamily::NoGood,
                "",
                [(y, 2), (a, -3)],
                Sense::Ge,
                -4,
            )
            .unwrap();
        let text = fzn(&model);
        let has = |line: &str| text.lines().any(|l| l == line);
        assert!(has("% nogood_1 nogood a cut"), "{text}");
        assert!(has(
            "constraint bool_lin_le([1, 1], [x_1_1_1, x_1_1_2], 1);"
        ));
        assert!(has(
            "constraint bool_lin_le([-1, -1], [x_1_1_1, x_1_1_2], -1);"
        ));
        assert!(has(
            "constraint int_lin_le([-2, 3], [y_1_1, b2i_x_1_1_1], 4);"
        ));
    }

    #[test]
    fn what_flatzinc_cannot_hold_is_refused() {
        let mut model = Model::new("m");
        model.add_column(Column::y(0, 0), Domain::Continuous { lo: 0, hi: 1 });
        let err = write_fzn(&model, &mut Vec::new()).unwrap_err();
        assert!(err.to_string().contains("continuous"), "{err}");
        let mut model = Model::new("m");
        model.add_column(Column::x(0, 0, 1), Domain::Binary);
        let err = write_fzn(&model, &mut Vec::new()).unwrap_err();
        assert!(err.to_string().contains("y_I_J"), "{err}");
    }
}
