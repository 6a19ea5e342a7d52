//! Solution values → [`Grid`], by what each column stands for.
//!
//! A solver names its values by column (HiGHS, CBC), numbers them by
//! column (glpsol) or by variable (OPB, CNF); a name leads to its column
//! through the names the model file gave its columns, and what the column
//! stands for is the model's own record of it ([`Column`]): nothing here
//! reads a name for its meaning.
//!
//! The grid comes from the binaries `x_I_J_K` (exactly one 1 per cell), and,
//! for the cells of the cover formulation's tabulated cages, which have no
//! x, from the tuple of the one `z_C_T` at 1; the continuous `y_I_J` must
//! agree with it. Values are rounded within a tolerance; anything else (a
//! fractional binary, a cell with no value or two, a column the model does
//! not have) is a solver error, never a guess.
//!
//! [`read_grid`] is the way back for a face that keeps a compiled file's
//! columns ([`FileColumns`]) rather than its model: it decodes and runs
//! the verifier, as Python's `Model.solution_from*` and the page do.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::{FixedNames, OutputFormat};
use crate::model::{Column, ColumnTable, Model, VarId};
use crate::puzzle::ir::{Grid, Puzzle};
use crate::puzzle::tuples::Tables;
use crate::puzzle::verify::{self, Violation};

/// Values of a solution file, before decoding.
#[derive(Clone, Debug, PartialEq)]
pub enum Values {
    /// `(column name, value)` in file order (HiGHS, CBC).
    Named(Vec<(String, f64)>),
    /// Values by column number, 0-based (glpsol `-w`).
    Indexed(Vec<f64>),
    /// `(row, col, value)`, 1-based, from the AMPL model's `printf` lines
    /// or a grid a MiniZinc or FlatZinc solver printed.
    Cells(Vec<(usize, usize, i64)>),
    /// `(K, value)` for variable K (1-based) of an OPB or CNF file, whose
    /// variables are numbered; a variable not listed is 0, and numbers past
    /// the model's (CNF auxiliaries) are not read.
    Numbered(Vec<(usize, f64)>),
}

/// `values` with the short names of a fixed-MPS file (`C0000001`) back to
/// the model's own; names the file kept pass through.
pub fn canonical(values: Values, names: &FixedNames, model: &Model) -> Values {
    match values {
        Values::Named(v) => Values::Named(
            v.into_iter()
                .map(|(short, x)| match names.canonical(model, &short) {
                    Some(long) => (long.to_string(), x),
                    None => (short, x),
                })
                .collect(),
        ),
        v => v,
    }
}

/// How far a binary may sit from 0 or 1 (solvers' integrality tolerance is 1e-6
/// or tighter; glpsol prints full precision).
pub const X_TOL: f64 = 1e-5;
/// How far y may sit from the value the x give (a row feasibility tolerance
/// scaled by coefficients up to n).
pub const Y_TOL: f64 = 1e-4;

/// How a model file names its columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FileNames {
    /// The model's own names (every format but fixed MPS).
    Canonical,
    /// Fixed MPS's: a name it cannot keep becomes `C0000001`, `C0000002`,
    /// … in column order ([`fixed_names`](super::fixed_names)).
    FixedMps,
}

/// The columns of a model file as it was compiled: what each stands for,
/// and the names the file gave them. A face keeps this beside the file's
/// bytes and reads a solver's answer back with it ([`read_grid`]), without
/// formulating the model again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileColumns {
    pub columns: ColumnTable,
    pub names: FileNames,
}

impl FileColumns {
    /// The columns of `model` as a `format` file names them.
    pub fn of(model: &Model, format: OutputFormat) -> FileColumns {
        FileColumns {
            columns: model.column_table().clone(),
            names: match format {
                OutputFormat::FixedMps => FileNames::FixedMps,
                _ => FileNames::Canonical,
            },
        }
    }

    /// `named` ordered by column, each column's name as the file wrote it.
    fn by_column(&self, named: &[(String, f64)]) -> Result<Vec<f64>, String> {
        let canonical = self.columns.names();
        let count = canonical.len();
        match self.names {
            FileNames::Canonical => by_var(count, |v| canonical.get(v), named),
            FileNames::FixedMps => {
                let shorts = super::fixed::short_column_names(
                    (0..count).map(|v| canonical.get(VarId(v as u32))),
                );
                by_var(count, |v| shorts[v.index()].as_str(), named)
            }
        }
    }
}

/// Why a solver's values are not a verified grid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// The values do not read as a grid; the reason names the column (a
    /// binary that is not 0 or 1, a column the model lacks or misses) or
    /// the cell (no value, or two).
    #[error("the values do not read as a grid: {0}")]
    NotAGrid(String),
    /// A grid that breaks the puzzle's rules, each one named.
    #[error("the values are not a solution: {}", rules(.0))]
    BreaksRules(Vec<Violation>),
}

fn rules(violations: &[Violation]) -> String {
    let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
    list.join("; ")
}

/// The grid in a solver's `values` for the columns of a compiled model
/// file, checked by the verifier: by name, in the file's names (a fixed-MPS
/// file's short ones), or by position.
pub fn read_grid(
    file: &FileColumns,
    puzzle: &Puzzle,
    values: &Values,
) -> Result<Grid, DecodeError> {
    let grid = match values {
        Values::Named(named) => file
            .by_column(named)
            .and_then(|v| grid_from_vars(&file.columns, puzzle, &v)),
        other => grid_by_position(&file.columns, puzzle, other),
    };
    let grid = grid.map_err(DecodeError::NotAGrid)?;
    let violations = verify::check(puzzle, &grid);
    match violations.is_empty() {
        true => Ok(grid),
        false => Err(DecodeError::BreaksRules(violations)),
    }
}

/// A relaxation's x values by cell, as [`cell_values`] reads them, for the
/// columns of a compiled model file.
pub fn read_cells(
    file: &FileColumns,
    puzzle: &Puzzle,
    named: &[(String, f64)],
) -> Result<Vec<Vec<(usize, f64)>>, String> {
    let values = file.by_column(named)?;
    cells_from_vars(&file.columns, puzzle, &values)
}

/// Decodes any kind of [`Values`] for `model`, formulated from `puzzle`.
pub fn grid(model: &Model, puzzle: &Puzzle, values: &Values) -> Result<Grid, String> {
    match values {
        Values::Named(named) => {
            let values = by_var(model.num_vars(), |v| model.var_name(v), named)?;
            grid_from_vars(model.column_table(), puzzle, &values)
        }
        other => grid_by_position(model.column_table(), puzzle, other),
    }
}

/// Decodes values that are not named: by column or variable number, or
/// printed cells.
fn grid_by_position(
    columns: &ColumnTable,
    puzzle: &Puzzle,
    values: &Values,
) -> Result<Grid, String> {
    let count = columns.len();
    match values {
        Values::Named(_) => unreachable!("named values are read by name"),
        Values::Indexed(v) => {
            if v.len() != count {
                return Err(format!(
                    "the solution has {} columns but the model has {count}",
                    v.len(),
                ));
            }
            grid_from_vars(columns, puzzle, v)
        }
        Values::Cells(cells) => grid_from_cells(puzzle.size, cells),
        Values::Numbered(numbered) => {
            let mut values = vec![0.0; count];
            let mut seen = vec![false; count];
            for &(k, value) in numbered {
                let Some(slot) = k.checked_sub(1).and_then(|i| values.get_mut(i)) else {
                    continue;
                };
                if std::mem::replace(&mut seen[k - 1], true) {
                    return Err(format!("variable {k} appears twice"));
                }
                *slot = value;
            }
            grid_from_vars(columns, puzzle, &values)
        }
    }
}

/// Orders named values by column, `name(v)` being column `v`'s name in the
/// file; every one of the `count` columns must appear exactly once and
/// nothing else may.
fn by_var<'a>(
    count: usize,
    name: impl Fn(VarId) -> &'a str,
    named: &[(String, f64)],
) -> Result<Vec<f64>, String> {
    let index: HashMap<&str, usize> = (0..count).map(|i| (name(VarId(i as u32)), i)).collect();
    let mut values = vec![None; count];
    for (name, value) in named {
        let Some(&i) = index.get(name.as_str()) else {
            return Err(format!(
                "column {name:?} is not a variable of the model (did the solver rename \
                 the columns?)"
            ));
        };
        if values[i].replace(*value).is_some() {
            return Err(format!("column {name} appears twice"));
        }
    }
    let missing = values.iter().filter(|v| v.is_none()).count();
    if missing > 0 {
        let first = values.iter().position(Option::is_none).unwrap_or(0);
        return Err(format!(
            "{missing} of the model's {count} columns are missing from the solution (first: {})",
            name(VarId(first as u32))
        ));
    }
    Ok(values.into_iter().flatten().collect())
}

/// The x, y and z of `columns` that belong to an `n`×`n` grid, with their
/// values (`values[v]` is column `v`'s): x and y by cell, z by cage and
/// tuple.
struct CellColumns {
    /// `(row, col, k, value)`, 1-based row and column.
    x: Vec<(usize, usize, usize, Column, f64)>,
    /// `(row, col, y, value)`, 1-based row and column.
    y: Vec<(usize, usize, Column, f64)>,
    /// Whether each cell (row-major) has an x.
    has_x: Vec<bool>,
}

impl CellColumns {
    fn of(columns: &ColumnTable, n: usize, values: &[f64]) -> CellColumns {
        let mut out = CellColumns {
            x: Vec::new(),
            y: Vec::new(),
            has_x: vec![false; n * n],
        };
        for (v, column) in columns.iter() {
            let value = values[v.index()];
            match column {
                Column::X { row, col, k } => {
                    let (i, j, k) = (row as usize, col as usize, k as usize);
                    if i < n && j < n && (1..=n).contains(&k) {
                        out.has_x[i * n + j] = true;
                        out.x.push((i + 1, j + 1, k, column, value));
                    }
                }
                Column::Y { row, col } if (row as usize) < n && (col as usize) < n => {
                    out.y
                        .push((row as usize + 1, col as usize + 1, column, value));
                }
                _ => {}
            }
        }
        out
    }

    /// `(z, cage, tuple, value)` of every `z_C_T` of a cage whose cells
    /// have no x (the cover formulation's tabulated cages): the grid's only
    /// record there. Elsewhere the x say it all, and a z is only their sum.
    fn covering_z<'a>(
        &'a self,
        columns: &'a ColumnTable,
        puzzle: &'a Puzzle,
        values: &'a [f64],
    ) -> impl Iterator<Item = (Column, usize, usize, f64)> + 'a {
        let n = puzzle.size;
        columns.iter().filter_map(move |(v, column)| {
            let Column::Z { cage, tuple } = column else {
                return None;
            };
            let (cage, tuple) = (cage as usize, tuple as usize);
            let cells = &puzzle.cages.get(cage)?.cells;
            let covering = !cells.iter().any(|c| self.has_x[c.index(n)]);
            covering.then(|| (column, cage, tuple, values[v.index()]))
        })
    }
}

/// `values[v]` is the value of column `v` of `columns`.
fn grid_from_vars(columns: &ColumnTable, puzzle: &Puzzle, values: &[f64]) -> Result<Grid, String> {
    let n = puzzle.size;
    let mut cells = vec![vec![0u32; n]; n];
    let mut set = |i: usize, j: usize, k: usize| {
        let cell = &mut cells[i - 1][j - 1];
        if *cell != 0 {
            return Err(format!("cell ({i},{j}) gets two values, {} and {k}", *cell));
        }
        *cell = k as u32;
        Ok(())
    };
    let found = CellColumns::of(columns, n, values);
    for &(i, j, k, x, value) in &found.x {
        if binary(x, value)? {
            set(i, j, k)?;
        }
    }
    let mut tables = Tables::new(puzzle);
    for (z, cage, tuple, value) in found.covering_z(columns, puzzle, values) {
        if !binary(z, value)? {
            continue;
        }
        let t = tables
            .get(cage)
            .filter(|t| tuple < t.count())
            .ok_or_else(|| format!("{z} names no tuple of the puzzle"))?;
        for (c, &k) in t.cells.iter().zip(t.get(tuple)) {
            set(c.row as usize + 1, c.col as usize + 1, k as usize)?;
        }
    }
    for (i, row) in cells.iter().enumerate() {
        if let Some(j) = row.iter().position(|&v| v == 0) {
            return Err(format!(
                "cell ({},{}) has no value: no x_{0}_{1}_K and no z of its cage is 1",
                i + 1,
                j + 1
            ));
        }
    }
    for &(i, j, y, value) in &found.y {
        let k = cells[i - 1][j - 1];
        if (value - k as f64).abs() > Y_TOL {
            return Err(format!(
                "{y} = {value} disagrees with the x variables, which say {k}"
            ));
        }
    }
    Ok(Grid { values: cells })
}

/// Whether a binary column is 1 (false: 0), within [`X_TOL`].
fn binary(column: Column, value: f64) -> Result<bool, String> {
    if (value - 1.0).abs() <= X_TOL {
        Ok(true)
    } else if value.abs() <= X_TOL {
        Ok(false)
    } else {
        Err(format!("{column} = {value} is not 0 or 1"))
    }
}

/// A relaxation's x values by cell (row-major): `(k, x_I_J_K)` for each
/// value k whose x is above the tolerance, k increasing. An x that presolve
/// left out is 0. Unlike [`grid`], fractions are the point here.
pub fn cell_values(
    model: &Model,
    puzzle: &Puzzle,
    named: &[(String, f64)],
) -> Result<Vec<Vec<(usize, f64)>>, String> {
    let values = by_var(model.num_vars(), |v| model.var_name(v), named)?;
    cells_from_vars(model.column_table(), puzzle, &values)
}

/// [`cell_values`] from values by column.
fn cells_from_vars(
    columns: &ColumnTable,
    puzzle: &Puzzle,
    values: &[f64],
) -> Result<Vec<Vec<(usize, f64)>>, String> {
    let n = puzzle.size;
    let mut cells = vec![Vec::new(); n * n];
    let found = CellColumns::of(columns, n, values);
    for &(i, j, k, _, value) in &found.x {
        if value > X_TOL {
            cells[(i - 1) * n + (j - 1)].push((k, value));
        }
    }
    // Where the cover formulation has no x, x is the sum of its z (T.2).
    let mut tables = Tables::new(puzzle);
    for (z, cage, tuple, value) in found.covering_z(columns, puzzle, values) {
        let t = tables
            .get(cage)
            .filter(|t| tuple < t.count())
            .ok_or_else(|| format!("{z} names no tuple of the puzzle"))?;
        for (c, &k) in t.cells.iter().zip(t.get(tuple)).filter(|_| value > X_TOL) {
            let cell = &mut cells[c.index(n)];
            match cell.iter_mut().find(|(kk, _)| *kk == k as usize) {
                Some((_, sum)) => *sum += value,
                None => cell.push((k as usize, value)),
            }
        }
    }
    for cell in &mut cells {
        cell.sort_by_key(|&(k, _)| k);
    }
    Ok(cells)
}

/// The AMPL route: `(row, col, value)` lines, one per cell.
fn grid_from_cells(n: usize, cells: &[(usize, usize, i64)]) -> Result<Grid, String> {
    let mut grid = vec![vec![0u32; n]; n];
    for &(i, j, v) in cells {
        if i == 0 || j == 0 || i > n || j > n {
            return Err(format!(
                "y line for cell ({i},{j}) is outside the {n}x{n} grid"
            ));
        }
        let slot = &mut grid[i - 1][j - 1];
        if *slot != 0 {
            return Err(format!("cell ({i},{j}) is printed twice"));
        }
        *slot = u32::try_from(v)
            .ok()
            .filter(|&v| v >= 1)
            .ok_or_else(|| format!("cell ({i},{j}) = {v} is not a value 1..{n}"))?;
    }
    let missing = grid.iter().flatten().filter(|&&v| v == 0).count();
    if missing > 0 {
        return Err(format!(
            "the model printed {} of {} cells (no `y I J V` line for {missing})",
            n * n - missing,
            n * n
        ));
    }
    Ok(Grid { values: grid })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Domain;

    /// x then y for a 2×2 grid, as the formulation declares them.
    fn model2() -> Model {
        let mut m = Model::new("t");
        for i in 0..2 {
            for j in 0..2 {
                m.add_columns(Column::x(i, j, 1), 2, Domain::Binary);
            }
        }
        for i in 0..2 {
            for j in 0..2 {
                m.add_column(Column::y(i, j), Domain::Continuous { lo: 1, hi: 2 });
            }
        }
        m.add_column(Column::U { cage: 0 }, Domain::Binary);
        m
    }

    /// A 2×2 puzzle: decoding by x needs no cages.
    fn p2() -> Puzzle {
        Puzzle {
            size: 2,
            cages: Vec::new(),
            rules: crate::puzzle::ir::Rules::KenKen,
        }
    }

    /// 1 2 / 2 1 with some solver noise.
    fn good() -> Vec<f64> {
        vec![
            1.0, 0.0, 1e-9, 0.9999999, 0.0, 1.0, 1.0, -0.0, 1.0, 2.0000001, 2.0, 1.0, 0.0,
        ]
    }

    fn named(v: &[f64], m: &Model) -> Values {
        Values::Named(
            m.vars()
                .map(|id| (m.var_name(id).to_string(), v[id.index()]))
                .collect(),
        )
    }

    #[test]
    fn decodes_by_index_and_by_name_in_any_order() {
        let m = model2();
        let want = Grid {
            values: vec![vec![1, 2], vec![2, 1]],
        };
        assert_eq!(grid(&m, &p2(), &Values::Indexed(good())), Ok(want.clone()));
        let Values::Named(mut v) = named(&good(), &m) else {
            unreachable!()
        };
        v.reverse();
        assert_eq!(grid(&m, &p2(), &Values::Named(v)), Ok(want));
    }

    #[test]
    fn refuses_what_is_not_a_grid() {
        let m = model2();
        let mut half = good();
        half[0] = 0.5;
        assert!(
            grid(&m, &p2(), &Values::Indexed(half))
                .unwrap_err()
                .contains("not 0 or 1")
        );
        let mut two = good();
        two[1] = 1.0;
        assert!(
            grid(&m, &p2(), &Values::Indexed(two))
                .unwrap_err()
                .contains("two values")
        );
        let mut none = good();
        none[0] = 0.0;
        assert!(
            grid(&m, &p2(), &Values::Indexed(none))
                .unwrap_err()
                .contains("no value")
        );
        let mut y = good();
        y[8] = 2.0;
        assert!(
            grid(&m, &p2(), &Values::Indexed(y))
                .unwrap_err()
                .contains("disagrees")
        );
        assert!(
            grid(&m, &p2(), &Values::Indexed(vec![1.0]))
                .unwrap_err()
                .contains("columns")
        );
    }

    #[test]
    fn renamed_missing_or_repeated_columns_are_errors() {
        let m = model2();
        let Values::Named(v) = named(&good(), &m) else {
            unreachable!()
        };
        let mut renamed = v.clone();
        renamed[0].0 = "x0".into();
        assert!(
            grid(&m, &p2(), &Values::Named(renamed))
                .unwrap_err()
                .contains("rename")
        );
        let short = v[1..].to_vec();
        assert!(
            grid(&m, &p2(), &Values::Named(short))
                .unwrap_err()
                .contains("missing")
        );
        let mut twice = v.clone();
        twice.push(v[0].clone());
        assert!(
            grid(&m, &p2(), &Values::Named(twice))
                .unwrap_err()
                .contains("twice")
        );
    }

    /// The cover formulation's model has no x where it has tuples: the grid
    /// comes from the z at 1, the relaxation's cells from the sums of z.
    #[test]
    fn cover_models_decode_from_their_tuples() {
        use crate::formulate::{self, Formulation, Options};
        let path = format!("{}/fixtures/puzzles/kk0.cage", env!("CARGO_MANIFEST_DIR"));
        let p = crate::io::input::load(path.as_ref(), None).unwrap().puzzle;
        let opts = Options {
            formulation: Formulation::Cover,
            ..Options::default()
        };
        let m = formulate::formulate_with(&p, &opts).unwrap();
        assert!(m.vars().all(|v| !m.var_name(v).starts_with("x_")));
        let want = crate::native::solve(&p, &Default::default())
            .unwrap()
            .solutions[0]
            .clone();
        let point = formulate::point::feasible_point(&m, &p, &want).unwrap();
        let values: Vec<f64> = point.iter().map(|&v| v as f64).collect();
        assert_eq!(
            grid(&m, &p, &Values::Indexed(values.clone())),
            Ok(want.clone())
        );
        let cells = cell_values(&m, &p, &named_values(&values, &m)).unwrap();
        assert!(cells.iter().all(|c| c.len() == 1 && c[0].1 == 1.0));
        // Half of cage 2's tuple moved to another of its tuples.
        let cage2: Vec<usize> = (m.vars())
            .filter(|&v| m.var_name(v).starts_with("z_2_"))
            .map(|v| v.index())
            .collect();
        let at = *cage2.iter().find(|&&i| values[i] == 1.0).unwrap();
        let other = *cage2.iter().find(|&&i| values[i] == 0.0).unwrap();
        let mut half = values.clone();
        (half[at], half[other]) = (0.5, 0.5);
        let err = grid(&m, &p, &Values::Indexed(half.clone())).unwrap_err();
        assert!(err.contains("not 0 or 1"), "{err}");
        let cells = cell_values(&m, &p, &named_values(&half, &m)).unwrap();
        assert!(
            cells
                .iter()
                .any(|c| c.len() == 2 && c.iter().all(|&(_, x)| x == 0.5))
        );
        let mut two = values;
        two[other] = 1.0;
        let err = grid(&m, &p, &Values::Indexed(two)).unwrap_err();
        assert!(err.contains("two values"), "{err}");
    }

    fn named_values(v: &[f64], m: &Model) -> Vec<(String, f64)> {
        let Values::Named(named) = named(v, m) else {
            unreachable!()
        };
        named
    }

    /// The one way back for the faces: a compiled file's columns, kept
    /// apart from the model (here through JSON, as the page keeps them),
    /// read a solver's values by the file's names, fixed MPS's short ones
    /// included, and the grid is verified.
    #[test]
    fn a_files_columns_read_a_grid_back_and_verify_it() {
        use crate::formulate::{self, Options};
        let path = format!("{}/fixtures/puzzles/big10.cage", env!("CARGO_MANIFEST_DIR"));
        let p = crate::io::input::load(path.as_ref(), None).unwrap().puzzle;
        let m = formulate::formulate_with(&p, &Options::default()).unwrap();
        let want = crate::native::solve(&p, &Default::default())
            .unwrap()
            .solutions[0]
            .clone();
        let point = formulate::point::feasible_point(&m, &p, &want).unwrap();
        let values: Vec<f64> = point.iter().map(|&v| v as f64).collect();
        let fixed = crate::back::fixed_names(&m);
        for format in [OutputFormat::Lp, OutputFormat::FixedMps] {
            let file = FileColumns::of(&m, format);
            let json = serde_json::to_string(&file).unwrap();
            let file: FileColumns = serde_json::from_str(&json).unwrap();
            let named: Vec<(String, f64)> = m
                .vars()
                .map(|v| match format {
                    OutputFormat::FixedMps => fixed.col(&m, v).as_str().to_string(),
                    _ => m.var_name(v).to_string(),
                })
                .zip(values.iter().copied())
                .collect();
            if format == OutputFormat::FixedMps {
                assert!(named.iter().any(|(name, _)| name == "C0000001"));
            }
            let back = read_grid(&file, &p, &Values::Named(named.clone()));
            assert_eq!(back, Ok(want.clone()), "{format:?}");
            let cells = read_cells(&file, &p, &named).unwrap();
            assert!(cells.iter().all(|c| c.len() == 1 && c[0].1 == 1.0));
            let by_index = read_grid(&file, &p, &Values::Indexed(values.clone()));
            assert_eq!(by_index, Ok(want.clone()));
        }
        // The canonical names do not read a fixed-MPS file's columns.
        let file = FileColumns::of(&m, OutputFormat::FixedMps);
        let named = m
            .vars()
            .map(|v| (m.var_name(v).to_string(), values[v.index()]));
        let err = read_grid(&file, &p, &Values::Named(named.collect())).unwrap_err();
        let renamed = matches!(&err, DecodeError::NotAGrid(e) if e.contains("is not a variable"));
        assert!(renamed, "{err}");
        // A grid that reads but breaks a rule names the rule.
        let mut wrong = want.clone();
        wrong.values[0].swap(0, 1);
        let columns = FileColumns::of(&m, OutputFormat::Lp);
        let cells: Vec<(usize, usize, i64)> = (wrong.values.iter().enumerate())
            .flat_map(|(i, r)| {
                r.iter()
                    .enumerate()
                    .map(move |(j, &v)| (i + 1, j + 1, v as i64))
            })
            .collect();
        let err = read_grid(&columns, &p, &Values::Cells(cells)).unwrap_err();
        assert!(matches!(&err, DecodeError::BreaksRules(v) if !v.is_empty()));
        assert!(
            err.to_string()
                .starts_with("the values are not a solution: "),
            "{err}"
        );
    }

    #[test]
    fn printed_cells() {
        let ok = [(1, 1, 1), (1, 2, 2), (2, 1, 2), (2, 2, 1)];
        assert_eq!(
            grid_from_cells(2, &ok).unwrap().values,
            vec![vec![1, 2], vec![2, 1]]
        );
        assert!(grid_from_cells(2, &ok[..3]).unwrap_err().contains("3 of 4"));
        assert!(grid_from_cells(2, &[(3, 1, 1)]).is_err());
        assert!(grid_from_cells(2, &[(1, 1, 0)]).is_err());
        assert!(
            grid_from_cells(2, &[(1, 1, 1), (1, 1, 1)])
                .unwrap_err()
                .contains("twice")
        );
    }
}
