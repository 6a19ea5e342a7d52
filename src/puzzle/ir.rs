//! The puzzle IR: what every front-end produces and every later stage reads.
//!
//! Plain data. Cells are 0-based `(row, col)` here; the 1-based numbering of the
//! emitted models is the formulation's business.

use crate::puzzle::diag::Span;

/// Largest grid cagec accepts; beyond it the model would not fit in memory anyway.
pub const MAX_SIZE: usize = 255;

/// A cell of the grid, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    pub row: u16,
    pub col: u16,
}

impl Cell {
    pub fn new(row: usize, col: usize) -> Cell {
        Cell {
            row: row as u16,
            col: col as u16,
        }
    }

    /// The J-wiki number of the cell: `row * n + col`.
    pub fn index(self, n: usize) -> usize {
        self.row as usize * n + self.col as usize
    }

    /// The cell with J-wiki number `index` in an `n`×`n` grid.
    pub fn from_index(index: usize, n: usize) -> Cell {
        Cell::new(index / n, index % n)
    }

    /// True when the two cells share an edge.
    pub fn is_adjacent(self, other: Cell) -> bool {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col) == 1
    }
}

/// The arithmetic operation of a cage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::VariantArray, strum::EnumCount)]
pub enum Op {
    /// No operation: a one-cell cage whose value is the target.
    Given,
    Add,
    Sub,
    Mul,
    Div,
    /// The target is shown but the operation is hidden: any of + - * %
    /// that reaches it (written `12?`).
    Hidden,
}

impl Op {
    /// Every operation, in the order faces list them.
    pub const ALL: [Op; <Op as strum::EnumCount>::COUNT] =
        crate::words::every(<Op as strum::VariantArray>::VARIANTS);

    /// The operation written exactly as its J-wiki symbol (`""` for a given).
    pub fn from_symbol(symbol: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|op| op.symbol() == symbol)
    }

    /// The operation a character after a target stands for: its J-wiki
    /// symbol, or one of the aliases every reader accepts (`−` and `–` for
    /// `-`, `x`, `X` and `×` for `*`, `/` and `÷` for `%`).
    pub fn from_char(c: char) -> Option<Op> {
        match c {
            '+' => Some(Op::Add),
            '-' | '\u{2212}' | '\u{2013}' => Some(Op::Sub),
            '*' | 'x' | 'X' | '\u{d7}' => Some(Op::Mul),
            '%' | '/' | '\u{f7}' => Some(Op::Div),
            '?' => Some(Op::Hidden),
            _ => None,
        }
    }

    /// The J-wiki symbol (empty for a given).
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Given => "",
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "%",
            Op::Hidden => "?",
        }
    }

    /// The word the paper's AMPL data uses.
    pub fn paper_name(self) -> &'static str {
        match self {
            Op::Given => "given",
            Op::Add => "sum",
            Op::Sub => "difference",
            Op::Mul => "product",
            Op::Div => "ratio",
            Op::Hidden => "hidden",
        }
    }

    /// The sign a printed puzzle shows after the target (`12×`, `3−`);
    /// none for a given, or for an operation left hidden.
    pub fn sign(self) -> &'static str {
        match self {
            Op::Given | Op::Hidden => "",
            Op::Add => "+",
            Op::Sub => "\u{2212}",
            Op::Mul => "\u{d7}",
            Op::Div => "\u{f7}",
        }
    }
}

/// One cage: its clue and its cells, in input order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    pub target: u64,
    pub op: Op,
    pub cells: Vec<Cell>,
    /// Where the cage was written; diagnostics point here.
    pub span: Span,
}

impl Cage {
    /// The cells in row-major order.
    pub fn sorted_cells(&self) -> Vec<Cell> {
        let mut cells = self.cells.clone();
        cells.sort_unstable();
        cells
    }
}

/// Which rules the grid follows besides the cages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Rules {
    /// KenKen: a Latin square; cage values may repeat where rows and columns allow.
    #[default]
    KenKen,
    /// Killer Sudoku: n = b², a Latin square whose b×b boxes also hold each
    /// value once; every cage is a sum of distinct values.
    Killer { box_size: usize },
}

/// A whole puzzle: an `size`×`size` grid partitioned into cages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub size: usize,
    /// Cages in input order; cage number C in emitted names is `index + 1`.
    pub cages: Vec<Cage>,
    pub rules: Rules,
}

impl Puzzle {
    /// A KenKen puzzle.
    pub fn kenken(size: usize, cages: Vec<Cage>) -> Puzzle {
        Puzzle {
            size,
            cages,
            rules: Rules::KenKen,
        }
    }

    /// The b×b boxes of a Killer Sudoku, each as its cells (row-major), or
    /// none for KenKen.
    pub fn boxes(&self) -> Vec<Vec<Cell>> {
        let Rules::Killer { box_size: b } = self.rules else {
            return Vec::new();
        };
        (0..b * b)
            .map(|bx| {
                let (r0, c0) = (bx / b * b, bx % b * b);
                (0..b * b)
                    .map(|i| Cell::new(r0 + i / b, c0 + i % b))
                    .collect()
            })
            .collect()
    }
}

/// A filled grid, `values[row][col]` in 1..=n.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Grid {
    pub values: Vec<Vec<u32>>,
}

impl Grid {
    pub fn size(&self) -> usize {
        self.values.len()
    }

    pub fn get(&self, cell: Cell) -> u32 {
        self.values[cell.row as usize][cell.col as usize]
    }
}

impl std::fmt::Display for Grid {
    /// n lines of n space-separated values: the grid-file format of `cagec check`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for row in &self.values {
            let line: Vec<String> = row.iter().map(u32::to_string).collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}
