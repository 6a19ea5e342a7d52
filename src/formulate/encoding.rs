//! How each cage is written, decided once for every rule set and
//! formulation before any variable is declared ([`decide`]), and what the
//! formulation wrote for it.
//!
//! The formulation writes a cage's rows from its [`CageEncoding`]; `explain`
//! reads the same decision, with the rows and variables it produced
//! ([`CageRows`]), instead of working it out again from the model's text.

use std::ops::Range;

use super::primes::primes_up_to;
use super::{FormulateError, Formulation, Options, ProductMethod, products};
use crate::model::VarId;
use crate::puzzle::ir::{Cage, Cell, Op, Puzzle, Rules};
use crate::puzzle::tuples::{self, TooMany, Tuples};

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

/// Each cage's encoding, or the error its rows would raise (a clue the
/// paper has no rows for, with too many tuples): raised when the cage is
/// reached, so the model's errors come in the order its rows do.
pub(super) type Encodings = Vec<Result<CageEncoding, FormulateError>>;

/// What [`decide`] decided.
pub(super) struct Decided {
    /// By cage, in input order.
    pub(super) encodings: Encodings,
    /// The cover formulation's tables: each cage's tuples where it is
    /// written through them, None where it keeps the paper's rows. None in
    /// the other formulations.
    pub(super) cover: Option<Vec<Option<Tuples>>>,
}

/// How every cage of `puzzle` is written under `opts`, KenKen or Killer
/// Sudoku, in any formulation: decided here, before any variable is
/// declared, and nowhere else. `domains` are presolve's (bit k−1 = value k,
/// cells row-major), which `--product auto` weighs.
pub(super) fn decide(
    puzzle: &Puzzle,
    opts: &Options,
    domains: Option<&[u64]>,
) -> Result<Decided, FormulateError> {
    let n = puzzle.size;
    if opts.formulation == Formulation::Cover {
        // A cage is written through its z where the cover tabulates it, with
        // the paper's rows past the tuple limit.
        let tables = cover_tables(puzzle, opts)?;
        let encodings = (tables.iter())
            .map(|t| {
                Ok(match t {
                    Some(t) => CageEncoding::Cover { count: t.count() },
                    None => CageEncoding::Paper {
                        past_tuple_limit: true,
                    },
                })
            })
            .collect();
        return Ok(Decided {
            encodings,
            cover: Some(tables),
        });
    }
    let encodings = match puzzle.rules {
        Rules::KenKen => kenken(puzzle, opts, |cell, k| {
            domains.is_none_or(|d| d[cell.index(n)] >> (k - 1) & 1 == 1)
        }),
        Rules::Killer { .. } => (puzzle.cages.iter())
            .map(|cage| Ok(killer(puzzle, opts, cage)))
            .collect(),
    };
    Ok(Decided {
        encodings,
        cover: None,
    })
}

/// How every cage of a KenKen model is written in the paper's or the tuple
/// formulation: the paper's rows, its value sets, or its tuples. `present`
/// says whether x[cell, k] is in the model (presolve removes some).
fn kenken(puzzle: &Puzzle, opts: &Options, present: impl Fn(Cell, usize) -> bool) -> Encodings {
    let primes = primes_up_to(puzzle.size);
    let by_sets = matches!(opts.product, ProductMethod::Sets | ProductMethod::Auto);
    (puzzle.cages.iter().enumerate())
        .map(|(c, cage)| {
            let wanted = opts.formulation == Formulation::Tuples
                || beyond_the_paper(cage)
                || (by_sets && cage.op == Op::Mul);
            let table = wanted.then(|| tuples::enumerate(cage, puzzle.size, opts.tuple_limit));
            kenken_cage(puzzle.size, opts, c, cage, table, &primes, &present)
        })
        .collect()
}

/// One KenKen cage's encoding, from its tuples where the options read them.
fn kenken_cage(
    n: usize,
    opts: &Options,
    c: usize,
    cage: &Cage,
    table: Option<Result<Tuples, TooMany>>,
    primes: &[usize],
    present: &impl Fn(Cell, usize) -> bool,
) -> Result<CageEncoding, FormulateError> {
    if beyond_the_paper(cage) {
        // The paper has no rows for these: the tuple rows are exact.
        return match table {
            Some(Ok(tuples)) => Ok(CageEncoding::Tuples {
                tuples,
                beyond_the_paper: true,
            }),
            _ => Err(FormulateError::TooManyTuples {
                cage: c + 1,
                limit: opts.tuple_limit,
            }),
        };
    }
    if opts.formulation != Formulation::Melkonian {
        return Ok(match table {
            Some(Ok(tuples)) => CageEncoding::Tuples {
                tuples,
                beyond_the_paper: false,
            },
            _ => CageEncoding::Paper {
                past_tuple_limit: true,
            },
        });
    }
    let cells = cage.sorted_cells();
    if let Some(Ok(t)) = &table
        && cage.op == Op::Mul
        && is_straight(&cells)
    {
        let sets = products::value_sets(t);
        if products::prefer_sets(opts.product, n, &cells, primes, &sets, present) {
            return Ok(CageEncoding::ValueSets(sets));
        }
    }
    Ok(CageEncoding::Paper {
        past_tuple_limit: false,
    })
}

/// How a Killer Sudoku cage is written in the paper's or the tuple
/// formulation: as its tuples in the tuple formulation (within the tuple
/// limit), else the seed's rows.
fn killer(puzzle: &Puzzle, opts: &Options, cage: &Cage) -> CageEncoding {
    let tabulating = opts.formulation == Formulation::Tuples;
    match tabulating
        .then(|| tuples::enumerate_under(puzzle.rules, cage, puzzle.size, opts.tuple_limit))
    {
        Some(Ok(tuples)) => CageEncoding::Tuples {
            tuples,
            beyond_the_paper: false,
        },
        _ => CageEncoding::Paper {
            past_tuple_limit: tabulating,
        },
    }
}

/// The cover formulation's tables: those of every cage within the tuple
/// limit. A clue the paper has no rows for must have its table.
fn cover_tables(puzzle: &Puzzle, opts: &Options) -> Result<Vec<Option<Tuples>>, FormulateError> {
    let n = puzzle.size;
    (puzzle.cages.iter().enumerate())
        .map(
            |(c, cage)| match tuples::enumerate_under(puzzle.rules, cage, n, opts.tuple_limit) {
                Ok(t) => Ok(Some(t)),
                Err(e) if beyond_the_paper(cage) => Err(FormulateError::TooManyTuples {
                    cage: c + 1,
                    limit: e.limit,
                }),
                Err(_) => Ok(None),
            },
        )
        .collect()
}

/// Clues the paper has no rows for: a hidden operation, and differences or
/// ratios over more than two cells (largest against the rest).
pub(super) fn beyond_the_paper(cage: &Cage) -> bool {
    match cage.op {
        Op::Hidden => true,
        Op::Sub | Op::Div => cage.cells.len() > 2,
        Op::Given | Op::Add | Op::Mul => false,
    }
}

/// All cells in one row or in one column (method 2 is exact only then).
fn is_straight(cells: &[Cell]) -> bool {
    cells.iter().all(|c| c.row == cells[0].row) || cells.iter().all(|c| c.col == cells[0].col)
}

/// Variables, rows and non-zeros of the tuple rows (T.1, T.2) of the cages
/// written as their tuples, at most (presolve leaves some out).
pub(super) fn tuple_room(n: usize, encodings: &Encodings) -> [usize; 3] {
    let mut room = [0; 3];
    for encoding in encodings {
        if let Ok(CageEncoding::Tuples { tuples: t, .. }) = encoding {
            let (z, cells) = (t.count(), t.cells.len());
            room[0] += z;
            room[1] += 1 + cells * n;
            room[2] += z + cells * (n + z);
        }
    }
    room
}
