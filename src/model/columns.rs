//! What each column of a model stands for, kept as data from the moment it
//! is declared ([`Column`]), and the one namer that renders its name from
//! that: a name and its meaning cannot disagree, and nothing ever reads a
//! name back to learn what a column is.
//!
//! The table ([`ColumnTable`]) is kept in runs, because columns come in runs:
//! a cell's x are `x_I_J_1 … x_I_J_n`, a row's y, a cage's z. One run is
//! 24 bytes whatever its length, so the n³ x of an n×n model cost n² runs
//! (240 KB at n = 100, beside 16 MB of names), and presolve, which leaves
//! gaps in a cell's values, a run per stretch of kept values.

use std::fmt::{self, Display, Formatter, Write};

use super::VarId;
use super::decimal::small_decimal;

/// What a column stands for. Cells are 0-based row and column; cages,
/// value sets and tuples 0-based indices; values as they are (1..=n).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Column {
    /// `x_I_J_K`: cell (row, col) holds k.
    X { row: u32, col: u32, k: u32 },
    /// `y_I_J`: the value of cell (row, col).
    Y { row: u32, col: u32 },
    /// `u_C`: the orientation of difference or ratio cage `cage`.
    U { cage: u32 },
    /// `w_C_S`: product cage `cage` takes its value set `set`.
    W { cage: u32, set: u32 },
    /// `z_C_T`: cage `cage` takes its tuple `tuple`.
    Z { cage: u32, tuple: u32 },
}

impl Column {
    /// `x_I_J_K` for a 0-based cell and a value `k`.
    pub fn x(row: usize, col: usize, k: usize) -> Column {
        Column::X {
            row: row as u32,
            col: col as u32,
            k: k as u32,
        }
    }

    /// `y_I_J` for a 0-based cell.
    pub fn y(row: usize, col: usize) -> Column {
        Column::Y {
            row: row as u32,
            col: col as u32,
        }
    }

    /// The cell of an x or a y, 0-based.
    pub fn cell(self) -> Option<(usize, usize)> {
        match self {
            Column::X { row, col, .. } | Column::Y { row, col } => {
                Some((row as usize, col as usize))
            }
            Column::U { .. } | Column::W { .. } | Column::Z { .. } => None,
        }
    }

    /// The namer, in parts: the letter, the numbers before the last as
    /// written (1-based), how many there are, and the last number as
    /// written (`x`, `[3, 4]`, 2, `7` for `x_3_4_7`). A run of columns
    /// shares all but the last number, which counts up ([`Column::nth`]).
    fn parts(self) -> (&'static str, [u64; 2], usize, u64) {
        let one = |v: u32| u64::from(v) + 1;
        match self {
            Column::X { row, col, k } => ("x", [one(row), one(col)], 2, u64::from(k)),
            Column::Y { row, col } => ("y", [one(row), 0], 1, one(col)),
            Column::U { cage } => ("u", [0, 0], 0, one(cage)),
            Column::W { cage, set } => ("w", [one(cage), 0], 1, one(set)),
            Column::Z { cage, tuple } => ("z", [one(cage), 0], 1, one(tuple)),
        }
    }

    /// The name up to its last number (`x_3_4_`), which the columns of a
    /// run share.
    pub(super) fn write_prefix(self, w: &mut impl Write) -> fmt::Result {
        let (letter, leading, count, _) = self.parts();
        w.write_str(letter)?;
        w.write_char('_')?;
        for &v in &leading[..count] {
            write_number(w, v)?;
            w.write_char('_')?;
        }
        Ok(())
    }

    /// The last number of the name (`7` of `x_3_4_7`).
    pub(super) fn last_number(self) -> u64 {
        self.parts().3
    }

    /// The column `i` places after this one in its run: the same but for
    /// the last number, `i` more (`x_3_4_7` → `x_3_4_9` for `i` = 2).
    pub fn nth(self, i: u32) -> Column {
        match self {
            Column::X { row, col, k } => Column::X { row, col, k: k + i },
            Column::Y { row, col } => Column::Y { row, col: col + i },
            Column::U { cage } => Column::U { cage: cage + i },
            Column::W { cage, set } => Column::W { cage, set: set + i },
            Column::Z { cage, tuple } => Column::Z {
                cage,
                tuple: tuple + i,
            },
        }
    }

    /// Whether a run from this column can be `len` long: its last number
    /// stays within u32 (only a column read from outside could pass it).
    fn fits(self, len: u32) -> bool {
        let last = match self {
            Column::X { k, .. } => k,
            Column::Y { col, .. } => col,
            Column::U { cage } => cage,
            Column::W { set, .. } => set,
            Column::Z { tuple, .. } => tuple,
        };
        len > 0 && last.checked_add(len).is_some()
    }
}

/// The column's name: `x_3_4_7`, `y_3_4`, `u_5`, `w_5_2`, `z_5_12`.
impl Display for Column {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.write_prefix(f)?;
        write_number(f, self.last_number())
    }
}

fn write_number(w: &mut impl Write, v: u64) -> fmt::Result {
    match small_decimal(v) {
        Some(digits) => w.write_str(digits),
        None => write!(w, "{v}"),
    }
}

/// One run: `len` columns from `first`, the i-th being `column.nth(i)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct Run {
    first: u32,
    len: u32,
    column: Column,
}

/// What every column of a model stands for, in declaration order: the
/// [`Column`] of each column the formulation declared, and the name of
/// each column declared by name alone (a model made by hand, which means
/// nothing to cagec's readers).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "Table", into = "Table")]
pub struct ColumnTable {
    count: u32,
    /// Runs of columns with a meaning, in column order.
    runs: Vec<Run>,
    /// The columns declared by name alone, in column order, with the name.
    named: Vec<(u32, Box<str>)>,
}

impl ColumnTable {
    /// `count` columns from `first`, each the one after the last.
    pub(super) fn push(&mut self, first: Column, count: u32) {
        if count == 0 {
            return;
        }
        let at = self.count;
        self.count += count;
        if let Some(last) = self.runs.last_mut()
            && last.first + last.len == at
            && last.column.nth(last.len) == first
        {
            last.len += count;
            return;
        }
        self.runs.push(Run {
            first: at,
            len: count,
            column: first,
        });
    }

    /// A column declared by its name alone.
    pub(super) fn push_named(&mut self, name: &str) {
        self.named.push((self.count, name.into()));
        self.count += 1;
    }

    /// How many columns the model has.
    pub fn len(&self) -> usize {
        self.count as usize
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// What `var` stands for; None for a column declared by name alone.
    pub fn get(&self, var: VarId) -> Option<Column> {
        let i = self
            .runs
            .partition_point(|r| r.first <= var.0)
            .checked_sub(1)?;
        let run = self.runs[i];
        (var.0 - run.first < run.len).then(|| run.column.nth(var.0 - run.first))
    }

    /// Every column with a meaning, in column order.
    pub fn iter(&self) -> impl Iterator<Item = (VarId, Column)> + '_ {
        (self.runs.iter())
            .flat_map(|r| (0..r.len).map(move |i| (VarId(r.first + i), r.column.nth(i))))
    }

    /// The table in column order: each run, and each column declared by
    /// name alone with its name.
    pub(super) fn pieces(&self) -> impl Iterator<Item = Piece<'_>> + '_ {
        let mut runs = self.runs.iter().peekable();
        let mut named = self.named.iter().peekable();
        std::iter::from_fn(move || match (runs.peek(), named.peek()) {
            (Some(r), Some((at, _))) if r.first > *at => named.next().map(|(_, n)| Piece::Named(n)),
            (Some(_), _) => runs.next().map(|r| Piece::Run(r.column, r.len)),
            (None, _) => named.next().map(|(_, n)| Piece::Named(n)),
        })
    }

    /// The number of runs and named columns: what the table costs, beside
    /// 24 bytes for each.
    pub fn entries(&self) -> usize {
        self.runs.len() + self.named.len()
    }
}

/// A piece of a [`ColumnTable`], in column order.
pub(super) enum Piece<'a> {
    /// `len` columns from this one.
    Run(Column, u32),
    /// A column declared by name alone.
    Named(&'a str),
}

/// [`ColumnTable`] as it is written out and read back (a page hands back the
/// columns of what it compiled), checked as it is read.
#[derive(serde::Serialize, serde::Deserialize)]
struct Table {
    count: u32,
    runs: Vec<Run>,
    named: Vec<(u32, Box<str>)>,
}

impl From<ColumnTable> for Table {
    fn from(c: ColumnTable) -> Table {
        Table {
            count: c.count,
            runs: c.runs,
            named: c.named,
        }
    }
}

impl TryFrom<Table> for ColumnTable {
    type Error = String;

    /// Refuses a table whose runs and named columns do not cover every
    /// column exactly once, in order.
    fn try_from(t: Table) -> Result<ColumnTable, String> {
        let mut starts: Vec<(u32, u32)> = (t.runs.iter())
            .map(|r| match r.column.fits(r.len) {
                true => Ok((r.first, r.len)),
                false => Err(format!("a run of columns from {} does not fit", r.first)),
            })
            .collect::<Result<_, _>>()?;
        starts.extend(t.named.iter().map(|&(at, _)| (at, 1)));
        starts.sort_unstable();
        let mut next = 0u32;
        for (first, len) in starts {
            if first != next {
                return Err(format!("column {next} is missing or given twice"));
            }
            next = first.checked_add(len).ok_or("too many columns")?;
        }
        let in_order = |a: u32, b: u32| a < b;
        if next != t.count
            || !t.runs.windows(2).all(|w| in_order(w[0].first, w[1].first))
            || !t.named.windows(2).all(|w| in_order(w[0].0, w[1].0))
        {
            return Err(format!(
                "the table does not describe {} columns in order",
                t.count
            ));
        }
        Ok(ColumnTable {
            count: t.count,
            runs: t.runs,
            named: t.named,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_namer_writes_every_kind() {
        let names = [
            (Column::x(2, 3, 7), "x_3_4_7"),
            (Column::y(9, 1), "y_10_2"),
            (Column::U { cage: 11 }, "u_12"),
            (Column::W { cage: 4, set: 1 }, "w_5_2"),
            (
                Column::Z {
                    cage: 0,
                    tuple: 12_344,
                },
                "z_1_12345",
            ),
        ];
        for (column, name) in names {
            assert_eq!(column.to_string(), name);
            let mut prefix = String::new();
            column.write_prefix(&mut prefix).unwrap();
            assert_eq!(format!("{prefix}{}", column.last_number()), name);
        }
        assert_eq!(Column::x(2, 3, 7).nth(2).to_string(), "x_3_4_9");
        assert_eq!(Column::y(0, 0).nth(3), Column::y(0, 3));
    }

    #[test]
    fn runs_merge_and_every_column_is_found() {
        let mut c = ColumnTable::default();
        c.push(Column::x(0, 0, 1), 3);
        c.push(Column::x(0, 0, 4), 1); // the run goes on
        c.push(Column::x(0, 1, 2), 2); // another cell
        c.push_named("free");
        c.push(Column::Z { cage: 3, tuple: 0 }, 1);
        c.push(Column::Z { cage: 3, tuple: 2 }, 1); // a gap: a new run
        assert_eq!((c.len(), c.entries()), (9, 5));
        let want = [
            Some(Column::x(0, 0, 1)),
            Some(Column::x(0, 0, 2)),
            Some(Column::x(0, 0, 3)),
            Some(Column::x(0, 0, 4)),
            Some(Column::x(0, 1, 2)),
            Some(Column::x(0, 1, 3)),
            None,
            Some(Column::Z { cage: 3, tuple: 0 }),
            Some(Column::Z { cage: 3, tuple: 2 }),
        ];
        for (i, w) in want.iter().enumerate() {
            assert_eq!(c.get(VarId(i as u32)), *w, "column {i}");
        }
        assert_eq!(c.get(VarId(9)), None);
        let typed: Vec<_> = c.iter().map(|(v, col)| (v.0, col)).collect();
        assert_eq!(typed.len(), 8);
        assert_eq!(typed[7], (8, Column::Z { cage: 3, tuple: 2 }));
        let names = c.names();
        let all: Vec<&str> = (0..9).map(|i| names.get(VarId(i))).collect();
        assert_eq!(
            all,
            [
                "x_1_1_1", "x_1_1_2", "x_1_1_3", "x_1_1_4", "x_1_2_2", "x_1_2_3", "free", "z_4_1",
                "z_4_3"
            ]
        );
    }

    #[test]
    fn a_table_read_back_is_checked() {
        let mut c = ColumnTable::default();
        c.push(Column::x(0, 0, 1), 4);
        c.push_named("a");
        c.push(Column::U { cage: 0 }, 2);
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(serde_json::from_str::<ColumnTable>(&json).unwrap(), c);
        for bad in [
            json.replace("\"count\":7", "\"count\":8"),
            json.replace("\"len\":4", "\"len\":5"),
            json.replace("\"len\":4", "\"len\":0"),
            json.replace("[[4,\"a\"]]", "[[3,\"a\"]]"),
            json.replace("\"k\":1", "\"k\":4294967295"),
        ] {
            assert_ne!(bad, json);
            assert!(serde_json::from_str::<ColumnTable>(&bad).is_err(), "{bad}");
        }
    }
}
