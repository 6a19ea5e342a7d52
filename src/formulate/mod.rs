//! The formulation pass: a validated [`Puzzle`] in, Melkonian's integer
//! program (`shared/spec/FORMULATION.md`) as a [`Model`] out.
//!
//! Variables are declared in a fixed order (x by cell and value, then y by
//! cell, then u by cage) and rows follow the spec's order: Latin square
//! (2.1)–(2.3), the links (3.2), then every cage's rows in input order, so a
//! change to one cage changes only that cage's lines.

mod cages;
pub mod names;
pub mod primes;

use crate::ir::Puzzle;
use crate::model::{Domain, Model, ModelError, Sense, VarId};

/// Where each variable family starts, so rows can address `x[i,j,k]` by index.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub n: usize,
}

impl Layout {
    /// `x[i,j,k]`, 0-based cell and 1-based value `k`.
    pub fn x(self, row: usize, col: usize, k: usize) -> VarId {
        VarId(((row * self.n + col) * self.n + (k - 1)) as u32)
    }

    /// `y[i,j]`, 0-based cell.
    pub fn y(self, row: usize, col: usize) -> VarId {
        VarId((self.n * self.n * self.n + row * self.n + col) as u32)
    }
}

/// Builds the model for `puzzle`, which must have passed [`crate::valid::check`].
pub fn formulate(puzzle: &Puzzle) -> Result<Model, ModelError> {
    let n = puzzle.size;
    let layout = Layout { n };
    let mut model = Model::new("kenken");
    model.header = header(puzzle);
    declare_vars(&mut model, n);
    latin_rows(&mut model, layout)?;
    link_rows(&mut model, layout)?;
    cages::cage_rows(&mut model, layout, puzzle)?;
    Ok(model)
}

fn header(puzzle: &Puzzle) -> Vec<String> {
    vec![
        "KenKen integer program of Melkonian (2016), written by cagec".to_string(),
        format!(
            "grid {n}x{n}, {} cages; equation numbers in comments are the paper's",
            puzzle.cages.len(),
            n = puzzle.size
        ),
        "x_I_J_K = 1 when cell (row I, column J) holds K (binary)".to_string(),
        "y_I_J   = the value of cell (I,J), 1..n (continuous: integral by (3.2))".to_string(),
        "u_C     = orientation of difference/ratio cage C (binary)".to_string(),
        "no objective: any feasible point is a solution".to_string(),
    ]
}

fn declare_vars(model: &mut Model, n: usize) {
    for i in 1..=n {
        for j in 1..=n {
            for k in 1..=n {
                model.add_var(format_args!("x_{i}_{j}_{k}"), Domain::Binary);
            }
        }
    }
    let hi = n as i64;
    for i in 1..=n {
        for j in 1..=n {
            model.add_var(format_args!("y_{i}_{j}"), Domain::Continuous { lo: 1, hi });
        }
    }
}

fn latin_rows(model: &mut Model, l: Layout) -> Result<(), ModelError> {
    let n = l.n;
    model.section("(2.1) every cell holds exactly one value");
    for i in 0..n {
        for j in 0..n {
            model.add_row(
                names::cell(i, j),
                "2.1",
                format!("cell ({},{}) holds exactly one value", i + 1, j + 1),
                (1..=n).map(|k| (l.x(i, j, k), 1)),
                Sense::Eq,
                1,
            )?;
        }
    }
    model.section("(2.2) every value appears once in each row");
    for i in 0..n {
        for k in 1..=n {
            model.add_row(
                names::row(i, k),
                "2.2",
                format!("value {k} appears once in row {}", i + 1),
                (0..n).map(|j| (l.x(i, j, k), 1)),
                Sense::Eq,
                1,
            )?;
        }
    }
    model.section("(2.3) every value appears once in each column");
    for j in 0..n {
        for k in 1..=n {
            model.add_row(
                names::col(j, k),
                "2.3",
                format!("value {k} appears once in column {}", j + 1),
                (0..n).map(|i| (l.x(i, j, k), 1)),
                Sense::Eq,
                1,
            )?;
        }
    }
    Ok(())
}

fn link_rows(model: &mut Model, l: Layout) -> Result<(), ModelError> {
    let n = l.n;
    model.section("(3.2) y_I_J is the value whose x is 1: y - sum_k k x = 0");
    for i in 0..n {
        for j in 0..n {
            let terms =
                std::iter::once((l.y(i, j), 1)).chain((1..=n).map(|k| (l.x(i, j, k), -(k as i64))));
            model.add_row(
                names::link(i, j),
                "3.2",
                format!(
                    "y_{}_{} is the value of cell ({},{})",
                    i + 1,
                    j + 1,
                    i + 1,
                    j + 1
                ),
                terms,
                Sense::Eq,
                0,
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;

/// What a row family of this formulation is, by its equation label.
pub fn family_name(eq: &str) -> &'static str {
    match eq {
        "2.1" => "one value per cell",
        "2.2" => "each value once per row",
        "2.3" => "each value once per column",
        "3.2" => "y is the cell's value",
        "given" => "given cells",
        "3.1" => "sum cages",
        "4.1" => "difference cages",
        "5.1" | "5.2" | "5.3" | "5.4" => "ratio cages (big-M)",
        "6.1.5" => "product cages (prime exponents)",
        "nogood" => "no-good cuts",
        _ => "other",
    }
}
