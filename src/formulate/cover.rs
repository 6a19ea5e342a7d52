//! The exact-cover formulation (`--formulation cover`): the tuple
//! formulation with x projected out.
//!
//! A cage that has its tuples gets its z and (T.1), and its cells get no x
//! and no y: (T.2) says x[i,j,k] = Σ_{τ(i,j)=k} z[C,τ], so each row, column
//! (and Killer box) rule is written over those z instead. (2.1) follows
//! from (T.1), since every tuple gives every cell of its cage one value.
//! What is left is a set-partitioning model: a tuple covers its cage and,
//! for each of its cells, one (row, value) and one (column, value) pair,
//! and a grid is a choice of tuples that covers each of them exactly once.
//! Its LP relaxation is the tuple formulation's, projected; it is smaller,
//! and the MIP solvers finish it faster (docs/lab/2026-11-25-mip-route.md).
//!
//! Cages past the tuple limit keep the paper's rows on x and y, as in the
//! tuple formulation, and their cells' x join the line rows.

use super::{FormulateError, Layout, names, tupled};
use crate::model::{Model, RowFamily, Sense, VarId};
use crate::puzzle::ir::{Puzzle, Rules};
use crate::puzzle::tuples::Tuples;

/// A tabulated cage: its tuples, and the z of those presolve kept (each
/// with its tuple's index).
type Tabulated = (Tuples, Vec<(usize, VarId)>);

/// The cages the cover formulation writes with their tuples, and their z.
pub(super) struct Cover {
    /// Per cage: its table, or None for a cage that keeps the paper's rows.
    cages: Vec<Option<Tabulated>>,
    /// By cell (row-major): whether its cage is tabulated.
    covered: Vec<bool>,
}

impl Cover {
    /// Which cells belong to a tabulated cage (row-major), so get no x or y.
    pub(super) fn covered(puzzle: &Puzzle, tables: &[Option<Tuples>]) -> Vec<bool> {
        let n = puzzle.size;
        let mut covered = vec![false; n * n];
        for (cage, table) in puzzle.cages.iter().zip(tables) {
            if table.is_some() {
                for cell in &cage.cells {
                    covered[cell.index(n)] = true;
                }
            }
        }
        covered
    }

    /// Declares the z of every tabulated cage, in cage order, for the tuples
    /// whose every value `domains` allows (all of them without presolve).
    pub(super) fn declare(
        model: &mut Model,
        n: usize,
        tables: Vec<Option<Tuples>>,
        covered: Vec<bool>,
        domains: Option<&[u64]>,
    ) -> Cover {
        let cages = tables
            .into_iter()
            .enumerate()
            .map(|(c, table)| {
                table.map(|t| {
                    let z = tupled::declare(model, c, &t, |pos, v| {
                        domains.is_none_or(|d| d[t.cells[pos].index(n)] >> (v - 1) & 1 == 1)
                    });
                    (t, z)
                })
            })
            .collect();
        Cover { cages, covered }
    }

    /// The `(tuple index, z)` of cage `c`, when it is tabulated.
    pub(super) fn z(&self, c: usize) -> Option<&[(usize, VarId)]> {
        self.cages[c].as_ref().map(|(_, z)| &z[..])
    }

    /// The tuples of cage `c`, when it is tabulated.
    pub(super) fn count(&self, c: usize) -> Option<usize> {
        self.cages[c].as_ref().map(|(t, _)| t.count())
    }

    /// `cage 3: 11+ on (1,1) (1,2); 6 tuples (T.1; T.2 written into the line rows)`.
    pub(super) fn section_title(&self, c: usize, title: &str) -> String {
        let count = self.count(c).unwrap_or(0);
        format!("{title}; {count} tuples (T.1; T.2 written into the line rows)")
    }

    /// (2.1) for the cells that keep x; then (2.2), (2.3) and, in Killer
    /// Sudoku, (K.1), each over the x of those cells and the z that place
    /// the value in the line.
    pub(super) fn line_rows(
        &self,
        model: &mut Model,
        l: &Layout,
        puzzle: &Puzzle,
        line_sense: Sense,
    ) -> Result<(), FormulateError> {
        let n = l.n;
        let mut at = vec![Vec::new(); n * n * n];
        for (t, z) in self.cages.iter().flatten() {
            for &(ti, var) in z {
                for (cell, &v) in t.cells.iter().zip(t.get(ti)) {
                    at[cell.index(n) * n + v as usize - 1].push(var);
                }
            }
        }
        let covered = |i: usize, j: usize| self.covered[i * n + j];
        if self.covered.iter().any(|&c| !c) {
            model.section(
                "(2.1) every cell holds exactly one value (the cells of cages with the paper's rows)",
            );
        }
        for i in 0..n {
            for j in (0..n).filter(|&j| !covered(i, j)) {
                super::cell_row(model, l, i, j)?;
            }
        }
        // The terms of value k on some cells, in column order: the cells' x
        // first, then the z that give a cell k.
        let terms = |cells: &mut dyn Iterator<Item = (usize, usize)>, k: usize| {
            let mut terms = Vec::new();
            for (i, j) in cells {
                match l.x(i, j, k) {
                    Some(x) => terms.push((x, 1)),
                    None => terms.extend(at[(i * n + j) * n + k - 1].iter().map(|&z| (z, 1))),
                }
            }
            terms.sort_unstable_by_key(|&(var, _)| var);
            terms
        };
        let line = |model: &mut Model,
                    name: &dyn std::fmt::Display,
                    family: RowFamily,
                    what: String,
                    k: usize,
                    terms: Vec<(VarId, i64)>| {
            if terms.is_empty() {
                return Err(FormulateError::ValueNowhere {
                    value: k,
                    line: what,
                });
            }
            let note = format!("value {k} appears once in {what}");
            Ok(model.add_row(name, family, note, terms, line_sense, 1)?)
        };
        model.section(
            "(2.2) every value appears once in each row, over the tuples that put it there",
        );
        for i in 0..n {
            for k in 1..=n {
                let t = terms(&mut (0..n).map(|j| (i, j)), k);
                line(
                    model,
                    &names::row(i, k),
                    RowFamily::ValueOncePerRow,
                    format!("row {}", i + 1),
                    k,
                    t,
                )?;
            }
        }
        model.section(
            "(2.3) every value appears once in each column, over the tuples that put it there",
        );
        for j in 0..n {
            for k in 1..=n {
                let t = terms(&mut (0..n).map(|i| (i, j)), k);
                line(
                    model,
                    &names::col(j, k),
                    RowFamily::ValueOncePerColumn,
                    format!("column {}", j + 1),
                    k,
                    t,
                )?;
            }
        }
        if let Rules::Killer { box_size } = puzzle.rules {
            model.section(super::killer::box_title(box_size));
            for (b, cells) in puzzle.boxes().iter().enumerate() {
                for k in 1..=n {
                    let mut cells = cells.iter().map(|c| (c.row as usize, c.col as usize));
                    let t = terms(&mut cells, k);
                    let what = format!("box {} (row-major)", b + 1);
                    line(
                        model,
                        &format!("box_{}_{k}", b + 1),
                        RowFamily::BoxValueOnce,
                        what,
                        k,
                        t,
                    )?;
                }
            }
        }
        Ok(())
    }
}
