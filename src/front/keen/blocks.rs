//! The block structure of a Keen ID: which internal grid lines are cage
//! boundaries, run-length encoded. Decoding follows the game's parser
//! (`parse_block_structure` in `keen.c`), including its reading of `y` and
//! `z`; encoding writes what that parser reads back.

use nom::character::complete::digit1;

use super::expected;
use crate::front::text::{Locator, quote};
use crate::puzzle::diag::{Diagnostic, Diagnostics, Span};
use crate::puzzle::ir::Cell;

/// Union-find over the cells, as the game builds its cages.
pub(super) struct Dsf(Vec<usize>);

impl Dsf {
    fn root(&mut self, mut a: usize) -> usize {
        while self.0[a] != a {
            self.0[a] = self.0[self.0[a]];
            a = self.0[a];
        }
        a
    }

    fn merge(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root(a), self.root(b));
        self.0[ra.max(rb)] = ra.min(rb);
    }
}

/// The two cells on either side of internal grid line `pos` (`0..2w(w-1)`):
/// vertical lines in reading order, then horizontal lines column by column.
pub(super) fn line_cells(pos: usize, w: usize) -> (usize, usize) {
    let half = w * (w - 1);
    if pos < half {
        let (y, x) = (pos / (w - 1), pos % (w - 1));
        (y * w + x, y * w + x + 1)
    } else {
        let q = pos - half;
        let (x, y) = (q / (w - 1), q % (w - 1));
        (y * w + x, (y + 1) * w + x)
    }
}

/// Decodes the block structure up to its `,`; returns the cells' classes and
/// the clue text after the comma.
pub(super) fn decode<'a>(
    desc: &'a str,
    base: usize,
    w: usize,
    loc: &mut Locator,
    diags: &mut Diagnostics,
) -> Result<(Dsf, &'a str), Diagnostic> {
    let total = 2 * w * (w - 1);
    let mut dsf = Dsf((0..w * w).collect());
    let mut pos = 0usize;
    let mut rest = desc;
    let mut warned = [false; 2];
    let at = |rest: &str| base + desc.len() - rest.len();
    while let Some(c) = rest.chars().next().filter(|&c| c != ',') {
        let sym_at = at(rest);
        let run = match c {
            '_' => 0,
            'a'..='z' => c as usize - 'a' as usize + 1,
            _ => {
                let m = "unexpected character in the block structure";
                return Err(expected(
                    loc,
                    sym_at,
                    m,
                    "'_', a letter a to z, or ','",
                    rest,
                ));
            }
        };
        rest = &rest[1..];
        let (after, count) = repeat(rest, at(rest), loc)?;
        rest = after;
        if c == 'y' || c == 'z' {
            warn_yz(c, sym_at, &mut warned, loc, diags);
        }
        if apply(&mut dsf, &mut pos, run, count, w).is_err() {
            return Err(too_long(loc.span(sym_at), w));
        }
    }
    if pos != total + 1 {
        return Err(too_short(pos, w, loc.span(at(rest)), rest.is_empty()));
    }
    match rest.strip_prefix(',') {
        Some(clues) => Ok((dsf, clues)),
        None => Err(Diagnostic::error(loc.span(at(rest)), "the ID has no clues")
            .expected("',' and the clues", "end of line")),
    }
}

/// Applies `count` copies of a symbol that joins `run` edges, as the game's
/// parser does: 'y' (25) joins 25 edges and draws no boundary after them.
/// `Err` when the grid runs out of edges.
fn apply(dsf: &mut Dsf, pos: &mut usize, run: usize, count: u64, w: usize) -> Result<(), ()> {
    let total = 2 * w * (w - 1);
    let advance = run != 25;
    for _ in 0..count {
        for _ in 0..run {
            if *pos >= total {
                return Err(());
            }
            let (a, b) = line_cells(*pos, w);
            dsf.merge(a, b);
            *pos += 1;
        }
        if advance {
            *pos += 1;
            if *pos > total + 1 {
                return Err(());
            }
        }
    }
    Ok(())
}

fn too_short(pos: usize, w: usize, span: Span, at_end: bool) -> Diagnostic {
    let total = 2 * w * (w - 1);
    let what = if pos < total {
        format!("it describes {pos} of the {total} internal edges")
    } else {
        format!("it describes all {total} internal edges but lacks the last symbol")
    };
    let found = if at_end { "end of line" } else { "','" };
    Diagnostic::error(
        span,
        format!("the block structure is too short for a {w}×{w} grid: {what}"),
    )
    .expected("more block symbols", found)
}

/// The repeat count after a block symbol (1 when there is none).
fn repeat<'a>(rest: &'a str, at: usize, loc: &mut Locator) -> Result<(&'a str, u64), Diagnostic> {
    let Ok((after, digits)) = digit1::<_, ()>(rest) else {
        return Ok((rest, 1));
    };
    // A count too large for u64 is certainly too long for the grid.
    let count = digits.parse::<u64>().unwrap_or(u64::MAX);
    if count == 0 {
        return Err(Diagnostic::error(loc.span(at), "a repeat count of 0")
            .expected("a count of 1 or more", quote(digits)));
    }
    Ok((after, count))
}

fn too_long(span: Span, w: usize) -> Diagnostic {
    Diagnostic::error(
        span,
        format!(
            "the block structure is too long for a {w}×{w} grid: it has {} internal edges",
            2 * w * (w - 1)
        ),
    )
}

fn warn_yz(c: char, at: usize, warned: &mut [bool; 2], loc: &mut Locator, diags: &mut Diagnostics) {
    let (i, game, encoder) = match c {
        'y' => (
            0,
            "25 joined edges with no boundary after them",
            "25 and a boundary",
        ),
        _ => (1, "26 joined edges and a boundary", "25 with no boundary"),
    };
    if warned[i] {
        return;
    }
    warned[i] = true;
    diags.push(Diagnostic::warning(
        loc.span(at),
        format!(
            "'{c}' in the block structure: the game's parser reads it as {game}, its encoder \
             means {encoder}; read as the game displays it"
        ),
    ));
}

/// The classes of `dsf` as cell lists in row-major order, ordered by their
/// smallest cell.
pub(super) fn regions(dsf: &mut Dsf, w: usize) -> Vec<Vec<Cell>> {
    let mut index_of = vec![usize::MAX; w * w];
    let mut out: Vec<Vec<Cell>> = Vec::new();
    for k in 0..w * w {
        let r = dsf.root(k);
        if index_of[r] == usize::MAX {
            index_of[r] = out.len();
            out.push(Vec::new());
        }
        out[index_of[r]].push(Cell::from_index(k, w));
    }
    out
}

/// The block structure of the cages given by `owner` (cage index per cell),
/// as the canonical string.
pub(super) fn encode(owner: &[usize], w: usize) -> String {
    compress(&symbols(owner, w))
}

/// One symbol per run of joined edges ended by a boundary (or the end marker).
fn symbols(owner: &[usize], w: usize) -> Vec<char> {
    let total = 2 * w * (w - 1);
    let mut out = Vec::new();
    let mut run = 0usize;
    for pos in 0..=total {
        let boundary = pos == total || {
            let (a, b) = line_cells(pos, w);
            owner[a] != owner[b]
        };
        if !boundary {
            run += 1;
            continue;
        }
        while run > 26 {
            out.push('y');
            run -= 25;
        }
        match run {
            0 => out.push('_'),
            25 => out.extend(['y', '_']),
            26 => out.push('z'),
            r => out.push((b'a' + r as u8 - 1) as char),
        }
        run = 0;
    }
    out
}

/// Runs of three or more equal symbols as the symbol and a count, as the game does.
fn compress(symbols: &[char]) -> String {
    let mut out = String::new();
    for run in symbols.chunk_by(|a, b| a == b) {
        if run.len() > 2 {
            out.push(run[0]);
            out.push_str(&run.len().to_string());
        } else {
            out.extend(run);
        }
    }
    out
}
