//! MiniZinc: one generic model for every cage puzzle (`templates/cages.mzn`,
//! the same bytes every time) and one data file per puzzle, as the MiniZinc
//! Challenge ships its problems (`docs/other-solver-formats.md` §2).
//!
//! The model reads each row, column (and Killer Sudoku box) as
//! `alldifferent` and each cage as a `table` of the tuples cagec enumerates,
//! the J-wiki essay's possibilities, which `--presolve` narrows. A cage
//! with more tuples than `--tuple-limit` is written by its arithmetic
//! instead: a `sum`, or a `product`. It includes `alldifferent.mzn` and
//! `table.mzn`, never `globals.mzn`, which Debian's MiniZinc 2.6.4 cannot
//! compile for its Gecode. No-good cuts are data, as in the AMPL pair: each
//! forbids one grid.

use std::fmt::{self, Display, Formatter};
use std::io::{self, Write};

use askama::Template;

use super::text::{CommentText, LineBuf};
use crate::model::decimal::Int;
use crate::puzzle::ir::{Cell, Grid, Op, Puzzle, Rules};
use crate::puzzle::tuples::{self, Tuples};

/// A puzzle ready to be written as MiniZinc data.
pub struct MznData<'p> {
    name: String,
    puzzle: &'p Puzzle,
    /// Each cell's values (bit k−1 = value k), narrowed by presolve.
    domains: Vec<u64>,
    cages: Vec<Cage>,
}

/// How the model reads one cage.
enum Cage {
    /// Its tuples (`cage_kind` 0).
    Table(Tuples),
    /// Beyond the tuple limit: `sum = target` (1) or `product = target` (2).
    Arithmetic { kind: u8, cells: Vec<Cell> },
}

impl Cage {
    fn kind(&self) -> u8 {
        match self {
            Cage::Table(_) => 0,
            Cage::Arithmetic { kind, .. } => *kind,
        }
    }

    fn cells(&self) -> &[Cell] {
        match self {
            Cage::Table(t) => &t.cells,
            Cage::Arithmetic { cells, .. } => cells,
        }
    }

    fn tuples(&self) -> usize {
        match self {
            Cage::Table(t) => t.count(),
            Cage::Arithmetic { .. } => 0,
        }
    }
}

/// The largest target a `product` cage may have: Gecode's integers are 32-bit.
const PRODUCT_MAX: u64 = i32::MAX as u64 - 1;

/// A cage the MiniZinc model cannot write: more tuples than the limit, and
/// no arithmetic of the model's for its clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyTuples {
    /// 1-based.
    pub cage: usize,
    pub limit: usize,
}

/// The data of `puzzle` with the options that apply to this model: each
/// cell's values after presolve (`domains`, bit k−1 = value k, cells
/// row-major; None: every value) and the tuple limit (the other options
/// are refused by every face).
pub fn mzn_data<'p>(
    puzzle: &'p Puzzle,
    domains: Option<Vec<u64>>,
    tuple_limit: usize,
    name: &str,
) -> Result<MznData<'p>, TooManyTuples> {
    let n = puzzle.size;
    let full = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    let domains = domains.unwrap_or_else(|| vec![full; n * n]);
    let allowed = |t: &[u8], cells: &[Cell]| {
        t.iter()
            .zip(cells)
            .all(|(&v, c)| domains[c.index(n)] >> (v - 1) & 1 == 1)
    };
    let mut cages = Vec::with_capacity(puzzle.cages.len());
    for (c, cage) in puzzle.cages.iter().enumerate() {
        let encoded = match tuples::enumerate_under(puzzle.rules, cage, n, tuple_limit) {
            Ok(t) => {
                let kept: Vec<u8> = t
                    .iter()
                    .filter(|v| allowed(v, &t.cells))
                    .flatten()
                    .copied()
                    .collect();
                Cage::Table(Tuples::from_values(t.cells.clone(), kept))
            }
            Err(e) => match cage.op {
                Op::Add => Cage::Arithmetic {
                    kind: 1,
                    cells: cage.sorted_cells(),
                },
                Op::Mul if cage.target <= PRODUCT_MAX => Cage::Arithmetic {
                    kind: 2,
                    cells: cage.sorted_cells(),
                },
                _ => {
                    return Err(TooManyTuples {
                        cage: c + 1,
                        limit: e.limit,
                    });
                }
            },
        };
        cages.push(encoded);
    }
    Ok(MznData {
        name: name.to_string(),
        puzzle,
        domains,
        cages,
    })
}

/// Writes the generic model (`templates/cages.mzn`).
pub fn write_mzn_model(out: &mut dyn Write) -> io::Result<()> {
    super::render(&ModelFile, out)
}

/// Writes the data of one puzzle, with one no-good cut per grid of `cuts`
/// (each n×n with values 1..n; anything else is `InvalidInput`).
pub fn write_mzn_data(data: &MznData<'_>, cuts: &[Grid], out: &mut dyn Write) -> io::Result<()> {
    let n = data.puzzle.size;
    let fits = |g: &Grid| {
        g.values.len() == n
            && g.values
                .iter()
                .all(|r| r.len() == n && r.iter().all(|&v| (1..=n as u32).contains(&v)))
    };
    if !cuts.iter().all(fits) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("a no-good cut is not a {n}x{n} grid of values 1..{n}"),
        ));
    }
    super::render(&DataFile { data, cuts }, out)
}

/// The model and the data as one MiniZinc text: what `compile --to mzn`
/// writes on standard output (`minizinc --solver gecode FILE.mzn` runs it).
pub fn write_mzn_stream(data: &MznData<'_>, cuts: &[Grid], out: &mut dyn Write) -> io::Result<()> {
    write_mzn_model(out)?;
    out.write_all(b"\n")?;
    write_mzn_data(data, cuts, out)
}

#[derive(Template)]
#[template(path = "cages.mzn", escape = "none")]
struct ModelFile;

#[derive(Template)]
#[template(path = "cages.dzn", escape = "none")]
struct DataFile<'a, 'p> {
    data: &'a MznData<'p>,
    cuts: &'a [Grid],
}

impl<'a, 'p> DataFile<'a, 'p> {
    fn name(&self) -> CommentText<'a> {
        CommentText(&self.data.name)
    }

    fn n(&self) -> usize {
        self.data.puzzle.size
    }

    fn box_size(&self) -> usize {
        match self.data.puzzle.rules {
            Rules::KenKen => 0,
            Rules::Killer { box_size } => box_size,
        }
    }

    fn rules(&self) -> &'static str {
        match self.data.puzzle.rules {
            Rules::KenKen => "KenKen",
            Rules::Killer { .. } => "Killer Sudoku",
        }
    }

    fn ncages(&self) -> usize {
        self.data.cages.len()
    }

    fn list(&self, f: fn(&Cage, &crate::puzzle::ir::Cage) -> u64) -> String {
        let cages = self.data.cages.iter().zip(&self.data.puzzle.cages);
        let items: Vec<String> = cages.map(|(e, c)| f(e, c).to_string()).collect();
        items.join(", ")
    }

    fn kinds(&self) -> String {
        self.list(|e, _| e.kind().into())
    }

    fn targets(&self) -> String {
        self.list(|_, c| c.target)
    }

    fn sizes(&self) -> String {
        self.list(|e, _| e.cells().len() as u64)
    }

    fn ntuples(&self) -> String {
        self.list(|e, _| e.tuples() as u64)
    }

    fn values(&self) -> CellValues<'_> {
        CellValues(self.data)
    }

    fn cells(&self) -> CageLines<'_> {
        CageLines {
            data: self.data,
            tuples: false,
        }
    }

    fn tuples(&self) -> CageLines<'_> {
        CageLines {
            data: self.data,
            tuples: true,
        }
    }

    fn cut_values(&self) -> Cuts<'_> {
        Cuts(self.cuts)
    }
}

/// `cell_values`: one line per grid row, `1..n` or a set `{1, 3}` per cell.
struct CellValues<'a>(&'a MznData<'a>);

impl Display for CellValues<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let n = self.0.puzzle.size;
        LineBuf::with(f, |line| {
            for (i, row) in self.0.domains.chunks(n).enumerate() {
                line.push(if i == 0 { "  " } else { "| " })?;
                for (j, &d) in row.iter().enumerate() {
                    if j > 0 {
                        line.push(", ")?;
                    }
                    values(line, d)?;
                }
                line.push("\n")?;
            }
            Ok(())
        })
    }
}

/// A domain as `lo..hi` when it has no gap, else `{a, b, …}`.
fn values(line: &mut LineBuf<'_, '_>, d: u64) -> fmt::Result {
    let (lo, hi) = (d.trailing_zeros() as i64 + 1, 64 - d.leading_zeros() as i64);
    if d != 0 && d.count_ones() as i64 == hi - lo + 1 {
        line.push_int(lo)?;
        line.push("..")?;
        return line.push(Int::new(hi).as_str());
    }
    line.push("{")?;
    for (i, k) in (1..=64).filter(|k| d >> (k - 1) & 1 == 1).enumerate() {
        if i > 0 {
            line.push(", ")?;
        }
        line.push_int(k)?;
    }
    line.push("}")
}

/// One line per cage, its comment first: its cells as `row, col |` pairs, or
/// its tuples, one per line.
struct CageLines<'a> {
    data: &'a MznData<'a>,
    tuples: bool,
}

impl Display for CageLines<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let cages = self.data.cages.iter().zip(&self.data.puzzle.cages);
        let mut first = true;
        for (c, (e, cage)) in cages.enumerate() {
            let shown = match (self.tuples, e) {
                (false, _) => "",
                (true, Cage::Table(t)) if t.count() == 1 => "; 1 tuple",
                (true, Cage::Table(_)) => "; tuples",
                (true, Cage::Arithmetic { kind: 1, .. }) => "; no tuples: its sum",
                (true, Cage::Arithmetic { .. }) => "; no tuples: its product",
            };
            writeln!(
                f,
                "  % cage {}: {}{}{shown}",
                c + 1,
                cage.target,
                cage.op.symbol()
            )?;
            LineBuf::with(f, |line| {
                match (self.tuples, e) {
                    (false, _) => {
                        line.push(" ")?;
                        for cell in e.cells() {
                            // Rows of a 2-d literal: `| ` before all but the first.
                            line.push(if first { "   " } else { " | " })?;
                            first = false;
                            line.push_int(i64::from(cell.row) + 1)?;
                            line.push(", ")?;
                            line.push_int(i64::from(cell.col) + 1)?;
                        }
                        line.push("\n")?;
                    }
                    (true, Cage::Table(t)) => {
                        for tuple in t.iter() {
                            line.push(" ")?;
                            for &v in tuple {
                                line.push(" ")?;
                                line.push_int(v.into())?;
                                line.push(",")?;
                            }
                            line.push("\n")?;
                        }
                    }
                    (true, Cage::Arithmetic { .. }) => {}
                }
                Ok(())
            })?;
        }
        Ok(())
    }
}

/// The grids of the cuts, one row per line, each cut after its comment.
struct Cuts<'a>(&'a [Grid]);

impl Display for Cuts<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (c, grid) in self.0.iter().enumerate() {
            writeln!(f, "  % cut {}: forbids solution {}", c + 1, c + 1)?;
            LineBuf::with(f, |line| {
                for row in &grid.values {
                    line.push(" ")?;
                    for &v in row {
                        line.push(" ")?;
                        line.push_int(v.into())?;
                        line.push(",")?;
                    }
                    line.push("\n")?;
                }
                Ok(())
            })?;
        }
        Ok(())
    }
}
