//! Writers: a [`Puzzle`] back to text in each input format, so that
//! `cagec convert` can turn any puzzle into any other format.
//!
//! What survives a trip through each format (reading the output gives back):
//!
//! | format | cage order | cell order in a cage | givens | Killer rules |
//! |---|---|---|---|---|
//! | J-wiki cage lines | kept | kept | yes | directive line |
//! | AMPL .dat | kept | kept | yes (`"given"`) | directive line |
//! | cage map | kept (clue lines) | row-major | yes | directive line |
//! | Keen ID | by smallest cell | row-major | refused | refused |
//!
//! Keen also refuses hidden operations (`12?`) and `-`/`%` over more than
//! two cells; the other formats keep them.
//! Size, targets and operations always survive. [`canonical`] is the form in
//! which every trip is the identity. Killer puzzles get a first line
//! `# cagec: killer`, which the input layer ([`crate::front::rules`]) reads to
//! switch the rules back on.

use std::fmt::Write as _;

use super::{InputFormat, keen};
use crate::puzzle::diag::Span;
use crate::puzzle::ir::{Cage, Puzzle, Rules};
use crate::words::Named;

/// The formats `cagec convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[derive(strum::VariantArray)]
pub enum Format {
    /// J-wiki cage lines (`.cage`).
    #[cfg_attr(feature = "cli", value(alias = "cages"))]
    Jwiki,
    /// AMPL data in the paper's layout (`.dat`).
    Dat,
    /// A cage map (`.cmap`).
    #[cfg_attr(feature = "cli", value(alias = "cmap"))]
    Grid,
    /// A Keen game ID (`.keen`).
    Keen,
}

impl Named for Format {
    const ALL: &'static [Format] = <Format as strum::VariantArray>::VARIANTS;

    const WHAT: &'static str = "puzzle format";

    fn name(self) -> &'static str {
        match self {
            Format::Jwiki => "jwiki",
            Format::Dat => "dat",
            Format::Grid => "grid",
            Format::Keen => "keen",
        }
    }

    fn aliases(self) -> &'static [&'static str] {
        match self {
            Format::Jwiki => &["cages"],
            Format::Grid => &["cmap"],
            Format::Dat | Format::Keen => &[],
        }
    }

    fn help(self) -> &'static str {
        match self {
            Format::Jwiki => "J-wiki cage lines (`.cage`)",
            Format::Dat => "AMPL data in the paper's layout (`.dat`)",
            Format::Grid => "A cage map (`.cmap`)",
            Format::Keen => "A Keen game ID (`.keen`)",
        }
    }
}

crate::words::from_name!(Format);

impl Format {
    /// The format an output file name implies, if any.
    pub fn from_path(path: &std::path::Path) -> Option<Format> {
        InputFormat::from_path(path).map(Format::from)
    }

    /// The extension cagec uses for the format.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Jwiki => "cage",
            Format::Dat => "dat",
            Format::Grid => "cmap",
            Format::Keen => "keen",
        }
    }

    /// The reader of the format.
    pub fn input(self) -> InputFormat {
        match self {
            Format::Jwiki => InputFormat::Cages,
            Format::Dat => InputFormat::Dat,
            Format::Grid => InputFormat::Grid,
            Format::Keen => InputFormat::Keen,
        }
    }
}

impl From<InputFormat> for Format {
    fn from(f: InputFormat) -> Format {
        match f {
            InputFormat::Cages => Format::Jwiki,
            InputFormat::Dat => Format::Dat,
            InputFormat::Grid => Format::Grid,
            InputFormat::Keen => Format::Keen,
        }
    }
}

/// Why a puzzle cannot be written in a format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    #[error("cannot write a Keen ID: {0}")]
    Keen(#[from] keen::EncodeError),
}

/// What a reader of the output should know (the puzzle is written all the same).
pub fn warnings(format: Format, puzzle: &Puzzle) -> Vec<String> {
    let n = puzzle.size;
    match format {
        Format::Keen if !keen::GAME_SIZES.contains(&n) => vec![format!(
            "sgt-keen only plays sizes 3 to 9: it will not load this {n}×{n} ID (cagec reads it)"
        )],
        _ => Vec::new(),
    }
}

/// `puzzle` as text in `format` (a valid puzzle is assumed).
pub fn to_string(format: Format, puzzle: &Puzzle) -> Result<String, WriteError> {
    Ok(match format {
        Format::Jwiki => jwiki(puzzle),
        Format::Dat => dat(puzzle),
        Format::Grid => grid(puzzle),
        Format::Keen => keen::encode(puzzle)? + "\n",
    })
}

/// The directive line for Killer rules, else nothing.
fn directive(puzzle: &Puzzle) -> String {
    match puzzle.rules {
        Rules::Killer { .. } => format!("# {}\n", crate::front::rules::KILLER_DIRECTIVE),
        Rules::KenKen => String::new(),
    }
}

/// J-wiki cage lines: `TARGET[OP],CELL CELL …`, cells numbered row-major from 0.
pub fn jwiki(puzzle: &Puzzle) -> String {
    let n = puzzle.size;
    let mut out = directive(puzzle);
    for cage in &puzzle.cages {
        let _ = write!(out, "{}{},", cage.target, cage.op.symbol());
        for (k, c) in cage.cells.iter().enumerate() {
            let sep = if k == 0 { "" } else { " " };
            let _ = write!(out, "{sep}{}", c.index(n));
        }
        out.push('\n');
    }
    out
}

/// AMPL data in the layout of Melkonian (2016) §7.2, 1-based, with the
/// operations as the paper's words (and `"given"`, a cagec extension).
pub fn dat(puzzle: &Puzzle) -> String {
    let n = puzzle.size;
    let mut out = directive(puzzle);
    let _ = writeln!(out, "param n := {n};\nparam t := {};", puzzle.cages.len());
    for (i, cage) in puzzle.cages.iter().enumerate() {
        let _ = write!(out, "set cage[{}] :=", i + 1);
        for c in &cage.cells {
            let _ = write!(out, " ({},{})", c.row + 1, c.col + 1);
        }
        out.push_str(";\n");
    }
    out.push_str("param: target_number operation :=\n");
    for (i, cage) in puzzle.cages.iter().enumerate() {
        let _ = writeln!(
            out,
            "{} {} \"{}\"",
            i + 1,
            cage.target,
            cage.op.paper_name()
        );
    }
    out.push_str(";\nset prime_numbers :=");
    for p in crate::puzzle::primes::primes_up_to(n) {
        let _ = write!(out, " {p}");
    }
    out.push_str(";\n");
    out
}

/// A cage map: labels 1, 2, … in cage order, right-aligned in columns, then
/// one clue line per cage in the same order.
pub fn grid(puzzle: &Puzzle) -> String {
    let n = puzzle.size;
    let mut label = vec![0usize; n * n];
    for (i, cage) in puzzle.cages.iter().enumerate() {
        for c in &cage.cells {
            if let Some(slot) = label.get_mut(c.index(n)) {
                *slot = i + 1;
            }
        }
    }
    let width = puzzle.cages.len().to_string().len();
    let mut out = directive(puzzle);
    for row in label.chunks(n.max(1)) {
        let cells: Vec<String> = row.iter().map(|l| format!("{l:>width$}")).collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    for (i, cage) in puzzle.cages.iter().enumerate() {
        let _ = writeln!(out, "{:<width$} {}{}", i + 1, cage.target, cage.op.symbol());
    }
    out
}

/// `puzzle` with every given written as a one-cell sum: the same puzzle for
/// a solver, and one a Keen ID can hold (the game shows such a cage as `5+`).
pub fn givens_as_sums(puzzle: &Puzzle) -> Puzzle {
    let mut p = puzzle.clone();
    for c in &mut p.cages {
        if c.op == crate::puzzle::ir::Op::Given {
            c.op = crate::puzzle::ir::Op::Add;
        }
    }
    p
}

/// The form in which every round trip is the identity: cells of each cage in
/// row-major order, cages by their first cell, no source positions.
pub fn canonical(puzzle: &Puzzle) -> Puzzle {
    let mut cages: Vec<Cage> = puzzle
        .cages
        .iter()
        .map(|c| Cage {
            cells: c.sorted_cells(),
            span: Span::default(),
            ..c.clone()
        })
        .collect();
    cages.sort_by_key(|c| c.cells.first().copied());
    Puzzle {
        cages,
        ..puzzle.clone()
    }
}

#[cfg(test)]
mod tests;
