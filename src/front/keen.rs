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
use crate::puzzle::diag::{Diagnostic, Diagnostics, Span};
use crate::puzzle::ir::{Cage, Cell, MAX_SIZE, Op, Puzzle, Rules};

type Res<'a, T> = nom::IResult<&'a str, T, ()>;

/// A real ID (`sgt-keen --generate 1 '3de#177572870986436'`), quoted in messages.
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
    let (dsf, clues) = blocks::decode(desc, at(desc), w, loc, &mut diags).map_err(one)?;
    let cages = clue_list(clues, at(clues), w, dsf, loc).map_err(one)?;
    // cagec reads '-' and '%' over more cells, but the game does not.
    for cage in cages.iter().filter(|c| matches!(c.op, Op::Sub | Op::Div)) {
        let k = cage.cells.len();
        if k != 2 {
            let letter = if cage.op == Op::Sub { 's' } else { 'd' };
            let d = Diagnostic::error(
                cage.span,
                format!(
                    "Keen's '{letter}' clues are for two-cell cages, but this cage has {k} cell{}",
                    if k == 1 { "" } else { "s" }
                ),
            )
            .expected("'a' or 'm'", format!("'{letter}{}'", cage.target));
            diags.push(d);
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
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

/// The cages (by smallest cell) and their clues, one `LETTER NUMBER` each.
fn clue_list(
    clues: &str,
    base: usize,
    w: usize,
    mut dsf: blocks::Dsf,
    loc: &mut Locator,
) -> Result<Vec<Cage>, Diagnostic> {
    let regions = blocks::regions(&mut dsf, w);
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

/// Why a puzzle has no Keen ID.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    #[error("Keen has no given clues: cage {cage} (cell ({row},{col})) is a given")]
    Given { cage: usize, row: usize, col: usize },
    #[error("Keen clues always show their operation: cage {cage} hides it ('{target}?')")]
    Hidden { cage: usize, target: u64 },
    #[error(
        "Keen's '-' and '%' cages have two cells: cage {cage} is '{target}{op}' on {cells} cells"
    )]
    LongPair {
        cage: usize,
        target: u64,
        op: &'static str,
        cells: usize,
    },
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
    if let Some(e) = puzzle
        .cages
        .iter()
        .enumerate()
        .find_map(|(i, c)| inexpressible(i, c))
    {
        return Err(e);
    }
    let w = puzzle.size;
    let mut owner = vec![usize::MAX; w * w];
    for (i, cage) in puzzle.cages.iter().enumerate() {
        for c in &cage.cells {
            owner[c.index(w)] = i;
        }
    }
    let mut out = format!("{w}:{}", blocks::encode(&owner, w));
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
            Op::Given | Op::Hidden => unreachable!("refused above"),
        };
        out.push(letter);
        out.push_str(&cage.target.to_string());
    }
    Ok(out)
}

mod blocks;
/// Why cage `i` has no Keen clue, if it has none.
fn inexpressible(i: usize, cage: &Cage) -> Option<EncodeError> {
    let cage_no = i + 1;
    match cage.op {
        Op::Given => {
            let cell = cage.cells.first().copied().unwrap_or(Cell::new(0, 0));
            Some(EncodeError::Given {
                cage: cage_no,
                row: cell.row as usize + 1,
                col: cell.col as usize + 1,
            })
        }
        Op::Hidden => Some(EncodeError::Hidden {
            cage: cage_no,
            target: cage.target,
        }),
        Op::Sub | Op::Div if cage.cells.len() != 2 => Some(EncodeError::LongPair {
            cage: cage_no,
            target: cage.target,
            op: cage.op.symbol(),
            cells: cage.cells.len(),
        }),
        Op::Add | Op::Mul | Op::Sub | Op::Div => None,
    }
}

#[cfg(test)]
mod tests;
