//! The AMPL pair: the paper's §7.1 model, generalised to any n, and the data
//! of one puzzle in the §7.2 layout. It runs unchanged in glpsol (MathProg):
//! `glpsol -m NAME.mod -d NAME.dat`.
//!
//! This is the only back-end that sees the [`Puzzle`]: the model is fixed text
//! and all the puzzle goes into the data, as in the paper. The model computes
//! the primes' exponents itself (so n = 16, 11, 13 … are right), checks that
//! the data's `prime_numbers` are exactly the primes up to n, expresses a
//! given as the operation `"given"`, and prints `y I J V` per cell after
//! `solve;`. No-good cuts are data: `param ncuts` and one `cutval` grid per
//! cut, each forbidding that complete grid.

use std::fmt::{self, Display, Formatter};
use std::io::{self, Write};

use askama::Template;

use crate::puzzle::ir::{Cage, Grid, Puzzle};
use crate::puzzle::primes::primes_up_to;

/// Writes the AMPL model (`.mod`). It is the same for every puzzle and ends
/// with `end;` (glpsol warns about a model file without it).
pub fn write_model(out: &mut dyn Write) -> io::Result<()> {
    super::render(&ModelFile { standalone: true }, out)
}

/// Writes the model and the data of `puzzle` as one MathProg stream: the
/// model without its `end;` (after which glpsol would read nothing), then
/// `data;` and the data, which ends with `end;`.
pub fn write_stream(puzzle: &Puzzle, cuts: &[Grid], out: &mut dyn Write) -> io::Result<()> {
    super::render(&ModelFile { standalone: false }, out)?;
    writeln!(out, "\ndata;\n")?;
    write_data(puzzle, cuts, out)
}

/// Writes the data (`.dat`) of `puzzle` for the model, with one no-good cut
/// per grid of `cuts` (each must be n×n with values in 1..=n, else an
/// `InvalidInput` error and nothing is written).
pub fn write_data(puzzle: &Puzzle, cuts: &[Grid], out: &mut dyn Write) -> io::Result<()> {
    let n = puzzle.size;
    let fits = |g: &Grid| {
        g.values.len() == n
            && g.values
                .iter()
                .all(|r| r.len() == n && r.iter().all(|&v| (1..=n as u32).contains(&v)))
    };
    if let Some(i) = cuts.iter().position(|g| !fits(g)) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("cut {} is not a {n}x{n} grid of values 1..{n}", i + 1),
        ));
    }
    let file = DataFile {
        n,
        t: puzzle.cages.len(),
        puzzle,
        primes: primes_up_to(n),
        cuts,
    };
    super::render(&file, out)
}

#[derive(Template)]
#[template(path = "kenken.mod", escape = "none")]
struct ModelFile {
    standalone: bool,
}

#[derive(Template)]
#[template(path = "kenken.dat", escape = "none")]
struct DataFile<'a> {
    n: usize,
    t: usize,
    puzzle: &'a Puzzle,
    primes: Vec<usize>,
    cuts: &'a [Grid],
}

impl<'a> DataFile<'a> {
    fn cages(&self) -> impl Iterator<Item = (usize, CageCells<'a>, Clue<'a>)> + 'a {
        self.puzzle
            .cages
            .iter()
            .enumerate()
            .map(|(i, cage)| (i + 1, CageCells(cage), Clue(cage)))
    }

    fn primes(&self) -> Spaced<'_> {
        Spaced(&self.primes)
    }

    fn cut_tables(&self) -> impl Iterator<Item = CutTable<'a>> + 'a {
        let n = self.n;
        self.cuts.iter().enumerate().map(move |(i, grid)| CutTable {
            number: i + 1,
            n,
            grid,
        })
    }
}

/// `(1,1) (1,2)`: a cage's cells, 1-based, in row-major order.
struct CageCells<'a>(&'a Cage);

impl Display for CageCells<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (k, cell) in self.0.sorted_cells().iter().enumerate() {
            let sep = if k == 0 { "" } else { " " };
            write!(f, "{sep}({},{})", cell.row + 1, cell.col + 1)?;
        }
        Ok(())
    }
}

/// `9 "product"`: target and operation in the paper's words.
struct Clue<'a>(&'a Cage);

impl Display for Clue<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{:>6} \"{}\"", self.0.target, self.0.op.paper_name())
    }
}

/// ` 2 3 5`.
struct Spaced<'a>(&'a [usize]);

impl Display for Spaced<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|p| write!(f, " {p}"))
    }
}

/// One cut as a `[c,*,*]` slice: a table with a row per grid row.
struct CutTable<'a> {
    number: usize,
    n: usize,
    grid: &'a Grid,
}

impl Display for CutTable<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let width = self.n.to_string().len();
        let slice = format!("[{},*,*]:", self.number);
        f.write_str(&slice)?;
        for j in 1..=self.n {
            write!(f, " {j:>width$}")?;
        }
        writeln!(f, " :=")?;
        for (i, row) in self.grid.values.iter().enumerate() {
            write!(f, "{:>w$}", i + 1, w = slice.len())?;
            for v in row {
                write!(f, " {v:>width$}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
