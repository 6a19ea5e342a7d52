//! How each cage is written, decided once from the options before any of
//! its rows, and what the formulation wrote for it.
//!
//! The formulation writes a cage's rows from its [`CageEncoding`]; `explain`
//! reads the same decision, with the rows and variables it produced
//! ([`CageRows`]), instead of working it out again from the model's text.

use std::ops::Range;

use crate::model::VarId;
use crate::puzzle::tuples::Tuples;

/// How one cage is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CageEncoding {
    /// The paper's rows for the cage's clue: a given, (3.1), (4.1),
    /// (5.1)–(5.4) or the prime exponents (6.1.5); in Killer Sudoku the
    /// seed's (K.2) and (K.3). `past_tuple_limit`: the formulation writes
    /// cages as their tuples, but this one has more than the tuple limit.
    Paper { past_tuple_limit: bool },
    /// A straight product cage by its value sets (6.2.4, A.9, A.11–A.12),
    /// each sorted: the paper's method 2.
    ValueSets(Vec<Vec<u8>>),
    /// One binary per tuple, (T.1) and (T.2). `beyond_the_paper`: a clue
    /// the paper has no rows for (a hidden operation, a difference or ratio
    /// over more than two cells), whatever the formulation.
    Tuples {
        tuples: Tuples,
        beyond_the_paper: bool,
    },
    /// The cover formulation: (T.1) over one binary per tuple, and the
    /// cage's cells in the line rows through them; `count` tuples.
    Cover { count: usize },
}

impl CageEncoding {
    /// Whether the cage is written with one binary per tuple.
    pub fn is_tabulated(&self) -> bool {
        matches!(
            self,
            CageEncoding::Tuples { .. } | CageEncoding::Cover { .. }
        )
    }
}

/// What the formulation wrote for one cage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CageRows {
    pub encoding: CageEncoding,
    /// Its section: an index into the model's `sections`.
    pub section: usize,
    /// Its rows: its section of the model.
    pub rows: Range<usize>,
    /// `u_C`, the orientation of a difference or ratio cage with the
    /// paper's rows.
    pub u: Option<VarId>,
    /// The `(tuple index, z_C_T)` of a tabulated cage, in tuple order;
    /// presolve leaves out the tuples that give a cell a removed value.
    pub z: Vec<(usize, VarId)>,
}

/// Where the formulation records what it wrote for each cage, when asked.
pub(super) struct Trace(Option<Vec<CageRows>>);

impl Trace {
    pub(super) fn new(record: bool) -> Trace {
        Trace(record.then(Vec::new))
    }

    /// Records cage after cage, in cage order.
    pub(super) fn push(
        &mut self,
        encoding: &CageEncoding,
        section: usize,
        rows: Range<usize>,
        u: Option<VarId>,
        z: &[(usize, VarId)],
    ) {
        if let Some(cages) = &mut self.0 {
            cages.push(CageRows {
                encoding: encoding.clone(),
                section,
                rows,
                u,
                z: z.to_vec(),
            });
        }
    }

    pub(super) fn into_cages(self) -> Vec<CageRows> {
        self.0.unwrap_or_default()
    }
}
