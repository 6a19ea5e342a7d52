//! The formulation pass: a validated [`Puzzle`] in, Melkonian's integer
//! program (`docs/formulation.md`) as a [`Model`] out.
//!
//! Variables are declared in a fixed order (x by cell and value, then y by
//! cell, then u by cage) and rows follow the spec's order: Latin square
//! (2.1)–(2.3), the links (3.2), then every cage's rows in input order, so a
//! change to one cage changes only that cage's lines.

mod cages;
mod cover;
mod encoding;
mod error;
pub mod integral;
mod killer;
pub mod names;
mod options;
mod paper;
pub mod point;
mod presolve;
// The arithmetic of primes is the puzzle's; kept here under its old path.
pub use crate::puzzle::primes;
pub mod products;
mod rows;
mod tupled;

use encoding::Trace;
pub use encoding::{CageEncoding, CageRows};
pub use error::FormulateError;
pub use options::{Formulation, KillerForm, Options, ProductMethod};

use crate::model::{Column, Domain, Model, ModelError, RowFamily, Run, Sense, Term, VarId};
use crate::puzzle::ir::{Cell, Puzzle, Rules};
use itertools::Either;
use names::{
    Note,
    Piece::{N, T},
};

/// The variables of a model: x where present, y for every cell.
#[derive(Clone, Debug)]
pub struct Layout {
    pub n: usize,
    /// `x[i,j,k]` by cell and value; [`Layout::ABSENT`] where presolve left it
    /// out, or where the cover formulation writes the cell's tuples instead.
    /// Empty when every x is there, declared in order from `dense_from`.
    x: Vec<u32>,
    /// The first x when all n³ are declared in cell and value order: x is
    /// then found by arithmetic (a Latin column row visits every n²-th x,
    /// and a table lookup there was a cache miss per term).
    dense_from: Option<u32>,
    /// `y[i,j]` by cell: for every cell of a KenKen model, none in Killer
    /// Sudoku; [`Layout::ABSENT`] where the cover formulation has no y.
    y: Vec<u32>,
}

impl Layout {
    /// `x[i,j,k]` for a 0-based cell and a value `k`, unless presolve removed it.
    #[inline]
    pub fn x(&self, row: usize, col: usize, k: usize) -> Option<VarId> {
        let at = (row * self.n + col) * self.n + (k - 1);
        match self.dense_from {
            Some(first) => Some(VarId(first + at as u32)),
            None => Self::present(self.x[at]),
        }
    }

    /// Marks an x that presolve left out (n³ ids in 4 bytes each, not 8).
    const ABSENT: u32 = u32::MAX;

    fn present(id: u32) -> Option<VarId> {
        (id != Self::ABSENT).then_some(VarId(id))
    }

    /// `len` x from `x[i,j,k]` on, `step` apart in declaration order
    /// (1: a cell's values; n: a row; n²: a column), as a run of ones,
    /// when every x is declared: the model then stores none of its terms.
    fn x_run(&self, (i, j, k): (usize, usize, usize), step: usize) -> Option<Run> {
        let first = self.dense_from.and(self.x(i, j, k))?;
        Some(Run::ones(first, step as u32, self.n as u32))
    }

    /// The present `(k, x[i,j,k])` of a cell, k increasing.
    pub fn xs(&self, row: usize, col: usize) -> impl Iterator<Item = (usize, VarId)> + '_ {
        (1..=self.n).filter_map(move |k| self.x(row, col, k).map(|v| (k, v)))
    }

    /// The value of `cell` times `coef`, as terms: `coef·y`, or
    /// `Σ_k coef·k·x` in a model without y (the 0/1 form, exact since (2.1)
    /// puts exactly one x of the cell at 1).
    pub fn value_terms(&self, cell: Cell, coef: i64) -> impl Iterator<Item = (VarId, i64)> + '_ {
        let (row, col) = (cell.row as usize, cell.col as usize);
        match self.y_of(row, col) {
            Some(y) => Either::Left(std::iter::once((y, coef))),
            None => Either::Right(self.xs(row, col).map(move |(k, x)| (x, coef * k as i64))),
        }
    }

    /// `y[i,j]`, unless the model has none for the cell.
    pub fn y_of(&self, row: usize, col: usize) -> Option<VarId> {
        Self::present(*self.y.get(row * self.n + col)?)
    }
}

/// Whether the paper-shaped AMPL pair expresses this model: a KenKen puzzle
/// with the paper's formulation. Anything else is written as a flat model.
pub fn paper_ampl_applies(puzzle: &Puzzle, opts: &Options) -> bool {
    puzzle.rules == Rules::KenKen
        && opts.is_paper()
        && !puzzle.cages.iter().any(encoding::beyond_the_paper)
}

/// Each cell's values after presolve (bit k−1 = value k, cells row-major),
/// as `--presolve` narrows them.
pub fn presolved_domains(puzzle: &Puzzle) -> Result<Vec<u64>, FormulateError> {
    presolve::domains(puzzle)
}

/// The paper's model for `puzzle`, which must have passed [`crate::puzzle::valid::check`].
pub fn formulate(puzzle: &Puzzle) -> Result<Model, FormulateError> {
    formulate_with(puzzle, &Options::default())
}

/// The model for `puzzle` with the given options.
pub fn formulate_with(puzzle: &Puzzle, opts: &Options) -> Result<Model, FormulateError> {
    Ok(build(puzzle, opts, Values::Y, false)?.model)
}

/// The model in 0/1 variables alone, for the readers that know no others
/// (OPB, DIMACS CNF): no y and no link rows (3.2); wherever the paper has
/// `y_I_J`, the row has `Σ_k k·x_I_J_K` in its place.
pub fn formulate_zero_one(puzzle: &Puzzle, opts: &Options) -> Result<Model, FormulateError> {
    Ok(build(puzzle, opts, Values::ZeroOne, false)?.model)
}

/// The model with integer cells, for FlatZinc: `y_I_J` is an integer
/// (integral by (3.2) anyway), and a Killer Sudoku model, which has no y,
/// gets y and its link rows after everything else, so that a FlatZinc
/// reader can print the grid.
pub fn formulate_integer_cells(puzzle: &Puzzle, opts: &Options) -> Result<Model, FormulateError> {
    Ok(build(puzzle, opts, Values::Integer, false)?.model)
}

/// A model, and what it wrote for each cage.
#[derive(Clone, Debug)]
pub struct Formulated {
    pub model: Model,
    /// By cage, in input order.
    pub cages: Vec<CageRows>,
}

/// [`formulate_with`], with each cage's encoding, rows and variables:
/// what `explain` shows beside the rows.
pub fn formulate_cages(puzzle: &Puzzle, opts: &Options) -> Result<Formulated, FormulateError> {
    build(puzzle, opts, Values::Y, true)
}

/// How a model writes a cell's value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Values {
    /// `y_I_J`, continuous, tied to the x by (3.2).
    Y,
    /// `y_I_J` an integer, tied to the x by (3.2): in Killer Sudoku too.
    Integer,
    /// `Σ_k k·x_I_J_K` in every row that has the value.
    ZeroOne,
}

fn build(
    puzzle: &Puzzle,
    opts: &Options,
    values: Values,
    record: bool,
) -> Result<Formulated, FormulateError> {
    let n = puzzle.size;
    let domains = if opts.presolve {
        Some(presolve::domains(puzzle)?)
    } else {
        None
    };
    let mut model = Model::new("kenken");
    model.limit_nonzeros(opts.max_nonzeros);
    // How each cage is written, decided once, before any variable is.
    let decided = encoding::decide(puzzle, opts, domains.as_deref())?;
    let encodings = decided.encodings;
    // The paper's model: n³ x and n² y, 4n² Latin and link rows, 4n³
    // non-zeros, and then the cages': a few binaries and rows per cage, and
    // up to about 2n non-zeros per caged cell (a product cage's prime rows).
    // A hint, on the generous side: room never touched costs nothing, while
    // outgrowing it copies the arrays (formulations and presolve change it
    // both ways). The tuple rows are counted from the tables: a tuple model
    // is mostly them.
    let cube = n * n * n;
    let cages = puzzle.cages.len();
    let [z, z_rows, z_nonzeros] = encoding::tuple_room(n, &encodings);
    model.reserve(
        (cube + n * n + 8 * cages + z).min(opts.max_nonzeros),
        4 * n * n + 32 * cages + z_rows,
        (4 * cube + n * n + 2 * n * n * n + z_nonzeros).min(opts.max_nonzeros),
    );
    model.header = header(puzzle, opts, values);
    let with_y = puzzle.rules == Rules::KenKen && values != Values::ZeroOne;
    if opts.presolve {
        model.presolve = Some(Default::default());
    }
    let mut trace = Trace::new(record);
    let layout = if let Some(tables) = decided.cover {
        let vars = (domains.as_deref(), with_y);
        cover_model(
            &mut model, puzzle, opts, vars, tables, encodings, &mut trace,
        )?
    } else if let Rules::Killer { box_size } = puzzle.rules {
        // The seed's models use x alone: the cage sums are written with k·x.
        let layout = declare_vars(&mut model, n, domains.as_deref(), false, &[]);
        let line_sense = killer::line_sense(opts.killer_form);
        latin_rows(&mut model, &layout, line_sense)?;
        killer::box_rows(&mut model, &layout, puzzle, box_size, opts)?;
        cages::cage_rows(
            &mut model,
            &layout,
            puzzle,
            opts,
            encodings,
            &[],
            None,
            &mut trace,
        )?;
        layout
    } else {
        let layout = declare_vars(&mut model, n, domains.as_deref(), with_y, &[]);
        latin_rows(&mut model, &layout, Sense::Eq)?;
        link_rows(&mut model, &layout)?;
        let u = paper::declare_u(&mut model, puzzle, &encodings);
        cages::cage_rows(
            &mut model, &layout, puzzle, opts, encodings, &u, None, &mut trace,
        )?;
        layout
    };
    if let Some(d) = &domains {
        presolve::note_removed(&mut model, n, d);
    }
    if values == Values::Integer {
        integral::integer_cells(&mut model, layout)?;
    }
    Ok(Formulated {
        model,
        cages: trace.into_cages(),
    })
}

/// The cover formulation (see [`cover`]): x and y for the cells whose cage
/// keeps the paper's rows (`vars`: presolve's domains, and whether the model
/// has y), u, then the z of every cage `tables` tabulates; the line rows
/// over both, links, and each cage's rows.
fn cover_model(
    model: &mut Model,
    puzzle: &Puzzle,
    opts: &Options,
    (domains, with_y): (Option<&[u64]>, bool),
    tables: Vec<Option<crate::puzzle::tuples::Tuples>>,
    encodings: encoding::Encodings,
    trace: &mut Trace,
) -> Result<Layout, FormulateError> {
    let n = puzzle.size;
    let covered = cover::Cover::covered(puzzle, &tables);
    let kenken = puzzle.rules == Rules::KenKen;
    let layout = declare_vars(model, n, domains, with_y, &covered);
    let u = match kenken {
        true => paper::declare_u(model, puzzle, &encodings),
        false => Vec::new(),
    };
    let cover = cover::Cover::declare(model, n, tables, covered, domains);
    let line_sense = match puzzle.rules {
        Rules::KenKen => Sense::Eq,
        Rules::Killer { .. } => killer::line_sense(opts.killer_form),
    };
    cover.line_rows(model, &layout, puzzle, line_sense)?;
    if kenken {
        link_rows(model, &layout)?;
    }
    cages::cage_rows(
        model,
        &layout,
        puzzle,
        opts,
        encodings,
        &u,
        Some(&cover),
        trace,
    )?;
    Ok(layout)
}

fn header(puzzle: &Puzzle, opts: &Options, values: Values) -> Vec<String> {
    if let Rules::Killer { box_size } = puzzle.rules {
        let form = match opts.killer_form {
            KillerForm::Separate => "model 1: rows, columns, boxes = 1; cage values <= 1",
            KillerForm::Combined => "model 2: rows, columns, boxes and cage values <= 1",
        };
        let mut h = vec![
            "Killer Sudoku integer program (Kalvelagen 2019), written by cagec".to_string(),
            format!(
                "grid {n}x{n} with {box_size}x{box_size} boxes, {} cages; {form}",
                puzzle.cages.len(),
                n = puzzle.size
            ),
            "x_I_J_K = 1 when cell (row I, column J) holds K (binary)".to_string(),
            "no objective: any feasible point is a solution".to_string(),
        ];
        if opts.formulation == Formulation::Cover {
            h[2].push_str(", only in cages that keep the paper's rows");
        }
        tuple_lines(&mut h, opts);
        return h;
    }
    let mut h = vec![
        "KenKen integer program of Melkonian (2016), written by cagec".to_string(),
        format!(
            "grid {n}x{n}, {} cage{}; equation numbers in comments are the paper's",
            puzzle.cages.len(),
            if puzzle.cages.len() == 1 { "" } else { "s" },
            n = puzzle.size
        ),
        "x_I_J_K = 1 when cell (row I, column J) holds K (binary)".to_string(),
        match values {
            Values::Y => "y_I_J   = the value of cell (I,J), 1..n (continuous: integral by (3.2))",
            Values::Integer => integral::INTEGER_Y_LINE,
            Values::ZeroOne => {
                "y_I_J   = sum_k k x_I_J_K, written out wherever the paper has y \
                 (every variable is 0/1)"
            }
        }
        .to_string(),
        "u_C     = orientation of difference/ratio cage C (binary)".to_string(),
        "no objective: any feasible point is a solution".to_string(),
    ];
    if opts.formulation == Formulation::Cover {
        for line in &mut h[2..5] {
            line.push_str(", only in cages that keep the paper's rows");
        }
    }
    tuple_lines(&mut h, opts);
    if opts.product != ProductMethod::Primes {
        h.push("w_C_S   = 1 when product cage C takes its S-th value set (binary)".to_string());
    }
    if opts.presolve {
        h.push(match opts.formulation {
            Formulation::Cover => {
                "presolve: x_I_J_K and every z_C_T whose tuple gives (I,J) the value K are left out where no cage tuple allows K in (I,J)"
            }
            _ => "presolve: x_I_J_K is left out where no cage tuple allows K in (I,J)",
        }
        .to_string());
    }
    h
}

/// The header lines of the z, and of the cover formulation.
fn tuple_lines(h: &mut Vec<String>, opts: &Options) {
    if opts.formulation != Formulation::Melkonian {
        h.push("z_C_T   = 1 when cage C takes its T-th tuple (binary)".to_string());
    }
    if opts.formulation == Formulation::Cover {
        h.push(
            "cover: a cage written with its tuples has no x and no y; each row and column rule is written over the z that put the value there"
                .to_string(),
        );
    }
}

/// x (every allowed value) and, `with_y`, y for every cell except those
/// `covered` marks (the cover formulation's tabulated cages; empty: none).
fn declare_vars(
    model: &mut Model,
    n: usize,
    domains: Option<&[u64]>,
    with_y: bool,
    covered: &[bool],
) -> Layout {
    let allowed = |cell: usize, k: usize| domains.is_none_or(|d| d[cell] >> (k - 1) & 1 == 1);
    let kept = |cell: usize| !covered.get(cell).copied().unwrap_or(false);
    let dense = domains.is_none() && !covered.contains(&true);
    let dense_from = dense.then(|| model.num_vars() as u32);
    let mut x = Vec::with_capacity(if dense { 0 } else { n * n * n });
    for i in 0..n {
        for j in 0..n {
            let cell = i * n + j;
            // A cell's x in one run (n³ names are most of the model's
            // text), or, after presolve, a run per stretch of kept values.
            if dense {
                model.add_columns(Column::x(i, j, 1), n, Domain::Binary);
                continue;
            }
            let mut k = 1;
            while k <= n {
                let len = (k..=n)
                    .take_while(|&v| allowed(cell, v) && kept(cell))
                    .count();
                if len == 0 {
                    x.push(Layout::ABSENT);
                    k += 1;
                    continue;
                }
                let first = model.add_columns(Column::x(i, j, k), len, Domain::Binary);
                x.extend((first.0..).take(len));
                k += len;
            }
        }
    }
    let mut y = Vec::with_capacity(n * n);
    for i in (0..n).filter(|_| with_y) {
        for j in 0..n {
            let cell = i * n + j;
            if !kept(cell) {
                y.push(Layout::ABSENT);
                continue;
            }
            // Presolve narrows y to the values left in the cell.
            let (lo, hi) = match domains {
                Some(d) => (
                    d[cell].trailing_zeros() as i64 + 1,
                    64 - d[cell].leading_zeros() as i64,
                ),
                None => (1, n as i64),
            };
            y.push(
                model
                    .add_column(Column::y(i, j), Domain::Continuous { lo, hi })
                    .0,
            );
        }
    }
    Layout {
        n,
        x,
        dense_from,
        y,
    }
}

/// (2.1) for cell (i, j), 0-based: it holds exactly one value.
fn cell_row(model: &mut Model, l: &Layout, i: usize, j: usize) -> Result<(), ModelError> {
    let note = Note([
        T("cell ("),
        N(i + 1),
        T(","),
        N(j + 1),
        T(") holds exactly one value"),
    ]);
    let name = names::cell(i, j);
    match l.x_run((i, j, 1), 1) {
        Some(run) => model.add_run_row(name, RowFamily::CellValue, note, run, Sense::Eq, 1),
        None => model.add_row(
            name,
            RowFamily::CellValue,
            note,
            l.xs(i, j).map(|(_, x)| (x, 1)),
            Sense::Eq,
            1,
        ),
    }
}

/// (2.1)–(2.3); `line_sense` is `=` except in the Killer model that writes
/// every "at most once" family as `<=` (the seed's model 2).
fn latin_rows(model: &mut Model, l: &Layout, line_sense: Sense) -> Result<(), ModelError> {
    let n = l.n;
    model.section("(2.1) every cell holds exactly one value");
    for i in 0..n {
        for j in 0..n {
            cell_row(model, l, i, j)?;
        }
    }
    model.section("(2.2) every value appears once in each row");
    for i in 0..n {
        for k in 1..=n {
            let (name, eq) = (names::row(i, k), RowFamily::ValueOncePerRow);
            let note = Note([T("value "), N(k), T(" appears once in row "), N(i + 1)]);
            match l.x_run((i, 0, k), n) {
                Some(run) => model.add_run_row(name, eq, note, run, line_sense, 1),
                None => {
                    let xs = (0..n).filter_map(|j| l.x(i, j, k)).map(|x| (x, 1));
                    model.add_row(name, eq, note, xs, line_sense, 1)
                }
            }?;
        }
    }
    model.section("(2.3) every value appears once in each column");
    for j in 0..n {
        for k in 1..=n {
            let (name, eq) = (names::col(j, k), RowFamily::ValueOncePerColumn);
            let note = Note([T("value "), N(k), T(" appears once in column "), N(j + 1)]);
            match l.x_run((0, j, k), n * n) {
                Some(run) => model.add_run_row(name, eq, note, run, line_sense, 1),
                None => {
                    let xs = (0..n).filter_map(|i| l.x(i, j, k)).map(|x| (x, 1));
                    model.add_row(name, eq, note, xs, line_sense, 1)
                }
            }?;
        }
    }
    Ok(())
}

fn link_rows(model: &mut Model, l: &Layout) -> Result<(), ModelError> {
    let n = l.n;
    if l.y.iter().all(|&y| y == Layout::ABSENT) {
        return Ok(());
    }
    model.section("(3.2) y_I_J is the value whose x is 1: y - sum_k k x = 0");
    for i in 0..n {
        for j in 0..n {
            let Some(y) = l.y_of(i, j) else {
                continue;
            };
            let (name, eq) = (names::link(i, j), RowFamily::ValueLink);
            let note = Note([
                T("y_"),
                N(i + 1),
                T("_"),
                N(j + 1),
                T(" is the value of cell ("),
                N(i + 1),
                T(","),
                N(j + 1),
                T(")"),
            ]);
            match l.x_run((i, j, 1), 1) {
                // y, then -1 x_1 ... -n x_n.
                Some(xs) => {
                    let head = Some(Term { var: y, coef: 1 });
                    let run = Run {
                        head,
                        coef: -1,
                        coef_step: -1,
                        ..xs
                    };
                    model.add_run_row(name, eq, note, run, Sense::Eq, 0)
                }
                None => {
                    let terms =
                        std::iter::once((y, 1)).chain(l.xs(i, j).map(|(k, x)| (x, -(k as i64))));
                    model.add_row(name, eq, note, terms, Sense::Eq, 0)
                }
            }?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
