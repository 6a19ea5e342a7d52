//! Keen game IDs, the puzzle descriptions of Simon Tatham's Keen (a KenKen
//! clone in the Portable Puzzle Collection): `6:a_10ab__b_3aa…,d2m24s2a6…`.
//!
//! `SIZE:BLOCKS,CLUES`: BLOCKS run-length encodes which internal grid lines
//! are cage boundaries, CLUES gives one `a`/`m`/`s`/`d` clue per cage in the
//! order of each cage's smallest cell. Where the game's encoder and parser
//! disagree (the letters `y` and `z`) this reader follows the parser, which is
//! what the game displays, and warns. A file may hold one ID per line:
//! [`parse`] reads the first, [`parse_all`] every one. The encoder is
//! [`encode`]. Specification: `docs/formats.md` §4.

use nom::Parser;
use nom::character::complete::{anychar, char, digit1};
use nom::combinator::opt;
use nom::sequence::preceded;

use super::text::{Locator, number, quote};
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::ir::{Cage, Cell, MAX_SIZE, Op, Puzzle, Rules};

type Res<'a, T> = nom::IResult<&'a str, T, ()>;

/// A real ID (`sgt-keen --generate 1 3de`), quoted in messages.
const EXAMPLE: &str = "3:a_3aab_,a4s1s1m18";

/// The sizes sgt-keen itself accepts.
pub const GAME_SIZES: std::ops::RangeInclusive<usize> = 3..=9;

/// Reads the first ID of `src`; any further IDs are ignored with a warning.
pub fn parse(src: &str) -> Result<(Puzzle, Diagnostics), Diagnostics> {
    let ids = id_lines(src);
    let Some(&(off, line)) = ids.first() else {
        let d = Diagnostic::error(Span::default(), "no Keen game ID in the file")
            .expected(format!("a line such as '{EXAMPLE}'"), "none");
        return Err(Diagnostics(vec![d]));
    };
    let mut loc = Locator::new(src);
    let result = id(line, off, &mut loc);
    if let Some(&(second, _)) = ids.get(1) {
        let warning = Diagnostic::warning(
            loc.span(second),
            format!(
                "the file holds {} Keen IDs; only the first (line {}) is read",
                ids.len(),
                loc.span(off).line
            ),
        );
        return match result {
            Ok((p, mut w)) => {
                w.push(warning);
                Ok((p, w))
            }
            Err(mut e) => {
                e.push(warning);
                Err(e)
            }
        };
    }
    result
}

/// Reads every ID of `src` (one per line), each with its own diagnostics;
/// spans are positions in `src`. Empty when the file holds no ID.
pub fn parse_all(src: &str) -> Vec<Result<(Puzzle, Diagnostics), Diagnostics>> {
    let mut loc = Locator::new(src);
    id_lines(src)
        .into_iter()
        .map(|(off, line)| id(line, off, &mut loc))
        .collect()
}

/// True when the first line that is not blank or a `#` comment starts like
/// a Keen ID (`6:…` or `6dn#…`). No valid cage-line, .dat or cage-map file
/// starts that way, so the input layer may trust it over the extension.
pub fn looks_like_keen(src: &str) -> bool {
    let Some(&(_, line)) = id_lines(src).first() else {
        return false;
    };
    match head(line) {
        Ok((rest, _)) => rest.starts_with([':', '#']),
        Err(_) => false,
    }
}

/// Lines that hold an ID, trimmed, with their byte offset in `src`.
fn id_lines(src: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut off = 0;
    for raw in src.split('\n') {
        let start = off;
        off += raw.len() + 1;
        let lead = raw.len() - raw.trim_start_matches(blank).len();
        let line = raw.trim_matches(blank);
        if !line.is_empty() && !line.starts_with('#') {
            out.push((start + lead, line));
        }
    }
    out
}

fn blank(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// The parameters before `:`: size digits, an optional `d` with a letter, an
/// optional `m`.
fn head(i: &str) -> Res<'_, (&str, Option<char>, bool)> {
    (
        digit1,
        opt(preceded(char('d'), anychar)),
        opt(char('m')).map(|m| m.is_some()),
    )
        .parse(i)
}

/// An error at byte `at` of the source: expected X, found the character at `rest`.
fn expected(loc: &mut Locator, at: usize, message: &str, what: &str, rest: &str) -> Diagnostic {
    let found = rest.chars().next().map_or(String::new(), String::from);
    Diagnostic::error(loc.span(at), message).expected(what, quote(&found))
}

/// Parses one ID (`line`, trimmed, at byte `base` of the source).
fn id(line: &str, base: usize, loc: &mut Locator) -> Result<(Puzzle, Diagnostics), Diagnostics> {
    let at = |rest: &str| base + line.len() - rest.len();
    let one = |d: Diagnostic| Diagnostics(vec![d]);
    let Ok((rest, (digits, diff, _))) = head(line) else {
        if let Some(inner) = after_hash(line) {
            // The address of the web version: `…/keen.html#5:…`.
            let skip = line.len() - inner.len();
            let mut result = id(inner, base + skip, loc);
            let warning = Diagnostic::warning(
                loc.span(base),
                "read the Keen game ID after '#' in this web address",
            );
            match &mut result {
                Ok((_, d)) | Err(d) => d.0.insert(0, warning),
            }
            return result;
        }
        let m = "this is not a Keen game ID";
        let what = format!("the grid size then ':', as in '{EXAMPLE}'");
        return Err(one(expected(loc, base, m, &what, line)));
    };
    if let Some(d) = diff.filter(|d| !"enhxu".contains(*d)) {
        let m = "unknown Keen difficulty";
        let what = "e, n, h, x or u after 'd'";
        return Err(one(expected(
            loc,
            base + digits.len() + 1,
            m,
            what,
            &d.to_string(),
        )));
    }
    if rest.starts_with('#') {
        return Err(one(seed_id(line, loc.span(at(rest)))));
    }
    let Some(desc) = rest.strip_prefix(':') else {
        let m = "expected ':' after the Keen parameters";
        return Err(one(expected(loc, at(rest), m, "':'", rest)));
    };
    let mut diags = Diagnostics::default();
    let w = size(digits, base, loc, &mut diags).map_err(one)?;
    let (dsf, clues) = blocks(desc, at(desc), w, loc, &mut diags).map_err(one)?;
    let cages = clue_list(clues, at(clues), w, dsf, loc).map_err(one)?;
    let puzzle = Puzzle {
        size: w,
        cages,
        rules: Rules::KenKen,
    };
    Ok((puzzle, diags))
}

/// The error for `PARAMS#SEED`, which names a puzzle by the game's random seed.
fn seed_id(line: &str, span: Span) -> Diagnostic {
    let shown = if line.len() <= 40 && !line.contains(|c: char| c.is_control() || c == '\'') {
        line
    } else {
        "PARAMS#SEED"
    };
    Diagnostic::error(
        span,
        format!(
            "a random-seed ID names a puzzle that only sgt-keen can build from its seed: run \
             sgt-keen --generate 1 '{shown}' and give cagec the ID it prints"
        ),
    )
    .expected("':' and a game description", "'#'")
}

/// The text after the first `#` that starts like an ID (`…keen.html#5:…`).
fn after_hash(line: &str) -> Option<&str> {
    line.match_indices('#')
        .map(|(i, _)| &line[i + 1..])
        .find(|rest| head(rest).is_ok_and(|(after, _)| after.starts_with([':', '#'])))
}

/// The grid size, with a warning outside the game's own range.
fn size(
    digits: &str,
    at: usize,
    loc: &mut Locator,
    diags: &mut Diagnostics,
) -> Result<usize, Diagnostic> {
    let span = loc.span(at);
    let w = number(digits, "size").map_err(|m| Diagnostic::error(span, m))?;
    if w == 0 || w > MAX_SIZE as u64 {
        return Err(Diagnostic::error(
            span,
            format!("a {w}×{w} grid is outside the supported sizes"),
        )
        .expected(format!("a size from 1 to {MAX_SIZE}"), w.to_string()));
    }
    let w = w as usize;
    if !GAME_SIZES.contains(&w) {
        diags.push(Diagnostic::warning(
            span,
            format!(
                "sgt-keen only plays sizes 3 to 9; cagec reads this {w}×{w} puzzle all the same"
            ),
        ));
    }
    Ok(w)
}

/// Union-find over the cells, as the game builds its cages.
struct Dsf(Vec<usize>);

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
pub(crate) fn line_cells(pos: usize, w: usize) -> (usize, usize) {
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
fn blocks<'a>(
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
        // The game's parser: 'y' joins 25 edges and draws no line after them.
        let advance = run != 25;
        for _ in 0..count {
            for _ in 0..run {
                if pos >= total {
                    return Err(too_long(loc.span(sym_at), w));
                }
                let (a, b) = line_cells(pos, w);
                dsf.merge(a, b);
                pos += 1;
            }
            if advance {
                pos += 1;
                if pos > total + 1 {
                    return Err(too_long(loc.span(sym_at), w));
                }
            }
        }
    }
    if pos != total + 1 {
        let what = if pos < total {
            format!("it describes {pos} of the {total} internal edges")
        } else {
            format!("it describes all {total} internal edges but lacks the last symbol")
        };
        let d = Diagnostic::error(
            loc.span(at(rest)),
            format!("the block structure is too short for a {w}×{w} grid: {what}"),
        );
        let found = if rest.is_empty() {
            "end of line"
        } else {
            "','"
        };
        return Err(d.expected("more block symbols", found));
    }
    match rest.strip_prefix(',') {
        Some(clues) => Ok((dsf, clues)),
        None => Err(Diagnostic::error(loc.span(at(rest)), "the ID has no clues")
            .expected("',' and the clues", "end of line")),
    }
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

/// The cages (by smallest cell) and their clues, one `LETTER NUMBER` each.
fn clue_list(
    clues: &str,
    base: usize,
    w: usize,
    mut dsf: Dsf,
    loc: &mut Locator,
) -> Result<Vec<Cage>, Diagnostic> {
    let regions = regions(&mut dsf, w);
    let total = regions.len();
    let at = |rest: &str| base + clues.len() - rest.len();
    let mut rest = clues;
    let mut cages = Vec::with_capacity(regions.len());
    for (k, cells) in regions.into_iter().enumerate() {
        let first = cells[0];
        let Some(letter) = rest.chars().next() else {
            let m = format!(
                "too few clues: the block structure makes {total} cages, the clues stop after {k}"
            );
            let what = format!(
                "a clue for cage {}, at ({},{})",
                k + 1,
                first.row + 1,
                first.col + 1
            );
            return Err(Diagnostic::error(loc.span(at(rest)), m).expected(what, "end of line"));
        };
        let op = match letter {
            'a' => Op::Add,
            'm' => Op::Mul,
            's' => Op::Sub,
            'd' => Op::Div,
            _ => {
                let m = "unknown clue letter";
                return Err(expected(loc, at(rest), m, "a, m, s or d", rest));
            }
        };
        let clue_at = at(rest);
        rest = &rest[1..];
        let Ok((after, digits)) = digit1::<_, ()>(rest) else {
            let m = "a clue letter without its number";
            return Err(expected(loc, at(rest), m, "a number", rest));
        };
        let span = loc.span(clue_at);
        let target = number(digits, "target").map_err(|m| Diagnostic::error(span, m))?;
        rest = after;
        cages.push(Cage {
            target,
            op,
            cells,
            span,
        });
    }
    if !rest.is_empty() {
        let m = format!(
            "too many clues: the block structure makes {} cages",
            cages.len()
        );
        return Err(Diagnostic::error(loc.span(at(rest)), m).expected("end of line", quote(rest)));
    }
    Ok(cages)
}

/// The classes of `dsf` as cell lists in row-major order, ordered by their
/// smallest cell.
fn regions(dsf: &mut Dsf, w: usize) -> Vec<Vec<Cell>> {
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

/// Why a puzzle has no Keen ID.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    #[error("Keen has no given clues: cage {cage} (cell ({row},{col})) is a given")]
    Given { cage: usize, row: usize, col: usize },
    #[error("Keen IDs describe KenKen only, not Killer Sudoku")]
    Killer,
}

/// The canonical Keen ID of `puzzle`: `SIZE:BLOCKS,CLUES`, clues in the
/// order of each cage's smallest cell, repeated block symbols compressed as
/// the game does. Runs of 25 or more joined edges are written so that the
/// game's parser reads them right (`y` = 25 without a boundary, `z` = 26 and
/// a boundary), not as its encoder would.
pub fn encode(puzzle: &Puzzle) -> Result<String, EncodeError> {
    if let Rules::Killer { .. } = puzzle.rules {
        return Err(EncodeError::Killer);
    }
    let w = puzzle.size;
    if let Some((i, cage)) = puzzle
        .cages
        .iter()
        .enumerate()
        .find(|(_, c)| c.op == Op::Given)
    {
        let cell = cage.cells.first().copied().unwrap_or(Cell::new(0, 0));
        return Err(EncodeError::Given {
            cage: i + 1,
            row: cell.row as usize + 1,
            col: cell.col as usize + 1,
        });
    }
    let mut owner = vec![usize::MAX; w * w];
    for (i, cage) in puzzle.cages.iter().enumerate() {
        for c in &cage.cells {
            owner[c.index(w)] = i;
        }
    }
    let mut out = format!("{w}:{}", compress(&block_symbols(&owner, w)));
    out.push(',');
    let mut order: Vec<(usize, &Cage)> = puzzle
        .cages
        .iter()
        .map(|c| {
            (
                c.cells
                    .iter()
                    .map(|x| x.index(w))
                    .min()
                    .unwrap_or(usize::MAX),
                c,
            )
        })
        .collect();
    order.sort_by_key(|&(first, _)| first);
    for (_, cage) in order {
        let letter = match cage.op {
            Op::Add => 'a',
            Op::Mul => 'm',
            Op::Sub => 's',
            Op::Div => 'd',
            Op::Given => unreachable!("givens were refused above"),
        };
        out.push(letter);
        out.push_str(&cage.target.to_string());
    }
    Ok(out)
}

/// One symbol per run of joined edges ended by a boundary (or the end marker).
fn block_symbols(owner: &[usize], w: usize) -> Vec<char> {
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

#[cfg(test)]
mod tests;
