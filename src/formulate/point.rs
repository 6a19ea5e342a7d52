//! The feasible point of a model at a solution: given a [`Model`] built by
//! this pass and a grid that solves its puzzle, the value of every column,
//! checked against every row before it is returned.
//!
//! Each column's value follows from what it stands for (the model's
//! [`Column`]) and the grid, in closed form:
//! - `x_I_J_K` is 1 when cell (I,J) holds K, `y_I_J` is the cell's value;
//! - `u_C` is 1 when the first cell of the pair (row-major) holds the larger
//!   value: (4.1) and (5.1)–(5.4) read u = 0 as "b − a = t" and "b = r·a";
//! - `w_C_S` is 1 for the value set the cage's values form (method 2);
//! - `z_C_T` is 1 for the tuple the cage's values are, T counted in the
//!   enumeration order the tuple rows were written in.
//!
//! Columns presolve removed are not in the model, so they get no value.

use super::products::value_sets;
use crate::model::{self, Column, Model};
use crate::puzzle::ir::{Grid, Puzzle};
use crate::puzzle::tuples::{self, Tuples};

/// Why no point was produced.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FeasiblePointError {
    /// The grid breaks a rule of the puzzle (the first one is named).
    #[error("the grid is not a solution of the puzzle: {0}")]
    NotASolution(String),
    /// A column that stands for nothing the formulation writes (one
    /// declared by name alone).
    #[error("column {0} is not one the formulation writes")]
    UnknownColumn(String),
    /// A column that names a cage, tuple or value set the puzzle lacks.
    #[error("column {0} does not fit this puzzle")]
    Mismatch(String),
    /// The derived point breaks a row or bound: a formulation bug, never
    /// written out.
    #[error("the derived point breaks the model: {0}")]
    Breaks(model::PointError),
}

/// The value of every column of `model` (in column order) at `grid`, a
/// solution of `puzzle`, which `model` was formulated from. The point is
/// checked with [`Model::check_point`] before it is returned.
pub fn feasible_point(
    model: &Model,
    puzzle: &Puzzle,
    grid: &Grid,
) -> Result<Vec<i64>, FeasiblePointError> {
    if let Some(v) = crate::puzzle::verify::check(puzzle, grid).first() {
        return Err(FeasiblePointError::NotASolution(v.to_string()));
    }
    let n = puzzle.size;
    let mut tables = tuples::Tables::new(puzzle);
    let mut point = Vec::with_capacity(model.num_vars());
    for var in model.vars() {
        let name = || model.var_name(var).to_string();
        let mismatch = || FeasiblePointError::Mismatch(name());
        let column =
            (model.column(var)).ok_or_else(|| FeasiblePointError::UnknownColumn(name()))?;
        let cell = |row: u32, col: u32| {
            let (row, col) = (row as usize, col as usize);
            (row < n && col < n)
                .then(|| i64::from(grid.values[row][col]))
                .ok_or_else(mismatch)
        };
        let value = match column {
            Column::X { row, col, k } => i64::from(cell(row, col)? == i64::from(k)),
            Column::Y { row, col } => cell(row, col)?,
            Column::U { cage } => {
                let cage = cage as usize;
                let cells = puzzle.cages.get(cage).ok_or_else(mismatch)?.sorted_cells();
                let [a, b] = cells[..] else {
                    return Err(mismatch());
                };
                i64::from(grid.get(a) > grid.get(b))
            }
            Column::W { cage, set } => {
                let (cage, set) = (cage as usize, set as usize);
                let table = tables.get(cage).ok_or_else(mismatch)?;
                let sets = value_sets(table);
                let mut here = values_at(table, grid);
                here.sort_unstable();
                i64::from(*sets.get(set).ok_or_else(mismatch)? == here)
            }
            Column::Z { cage, tuple } => {
                let (cage, tuple) = (cage as usize, tuple as usize);
                let table = tables.get(cage).ok_or_else(mismatch)?;
                if tuple >= table.count() {
                    return Err(mismatch());
                }
                i64::from(table.get(tuple) == &values_at(table, grid)[..])
            }
        };
        point.push(value);
    }
    model
        .check_point(&point)
        .map_err(FeasiblePointError::Breaks)?;
    Ok(point)
}

/// The grid's values on a table's cells, in the table's cell order.
fn values_at(table: &Tuples, grid: &Grid) -> Vec<u8> {
    table.cells.iter().map(|&c| grid.get(c) as u8).collect()
}

#[cfg(test)]
mod tests;
