//! Cage-map grids (`.cmap`), the layout of the Killer Sudoku seed's
//! `cageno` table: n lines of n cage labels (the map), then one
//! `LABEL TARGET[OP]` line per cage (the clues).
//!
//! ```text
//! a b b      # the map: the cells labelled alike form one cage
//! a c d
//! e e d
//! a 3+       # the clues, in any order; cage C is the C-th clue line
//! b 3-
//! ```
//!
//! Labels are tokens of ASCII letters and digits, case-sensitive, compared
//! as written (`01` and `1` differ). An operation-less clue is a given
//! ([`Op::Given`]); under Killer Sudoku rules the input layer reads a
//! multi-cell one as a sum. Grammar: `docs/formats.md` §3.

use std::collections::{HashMap, HashSet};

use nom::Parser;
use nom::bytes::complete::take_while1;
use nom::character::complete::digit1;
use nom::combinator::opt;

use super::text::{Locator, found, number, quote};
use crate::puzzle::diag::{Diagnostic, Diagnostics, Span};
use crate::puzzle::ir::{Cage, Cell, MAX_SIZE, Op, Puzzle, Rules};

/// A label token: ASCII letters and digits.
fn is_label_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
}

/// A meaningful line: its text without the comment, and its byte offset.
#[derive(Clone, Copy)]
struct Line<'a> {
    off: usize,
    text: &'a str,
}

/// One clue line as read.
struct Clue<'a> {
    label: &'a str,
    target: u64,
    op: Op,
    off: usize,
}

pub fn parse(src: &str) -> Result<(Puzzle, Diagnostics), Diagnostics> {
    let mut loc = Locator::new(src);
    let mut diags = Diagnostics::default();
    let lines = meaningful_lines(src);
    let Some(first) = lines.first() else {
        let d = Diagnostic::error(Span::default(), "no cage map in the file").expected(
            "n lines of n cage labels, then a clue line per label",
            "none",
        );
        return Err(Diagnostics(vec![d]));
    };
    let n = tokens(first.text, first.off).len();
    if n > MAX_SIZE {
        let d = Diagnostic::error(
            loc.span(first.off),
            format!(
                "the first row has {n} labels: a grid larger than the largest supported size {MAX_SIZE}×{MAX_SIZE}"
            ),
        );
        return Err(Diagnostics(vec![d]));
    }
    let rows = &lines[..n.min(lines.len())];
    let clue_lines = &lines[rows.len()..];
    let labels = map(rows, n, &mut loc, &mut diags);
    let clues = clues(clue_lines, &mut loc, &mut diags);
    let Some(labels) = labels else {
        return Err(diags);
    };
    let cages = cages(&labels, n, clues, &mut loc, &mut diags);
    if diags.has_errors() {
        return Err(diags);
    }
    Ok((
        Puzzle {
            size: n,
            cages,
            rules: Rules::KenKen,
        },
        diags,
    ))
}

/// Lines that are not blank once their `#` comment is removed.
fn meaningful_lines(src: &str) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut off = 0;
    for raw in src.split('\n') {
        let start = off;
        off += raw.len() + 1;
        let body = raw.find('#').map_or(raw, |i| &raw[..i]);
        if !body.trim_matches(blank).is_empty() {
            out.push(Line {
                off: start,
                text: body,
            });
        }
    }
    out
}

fn blank(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

fn ws(i: &str) -> &str {
    i.trim_start_matches(blank)
}

/// The white-space separated tokens of `text` with their byte offsets.
fn tokens(text: &str, base: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (blank(c), start) {
            (true, Some(s)) => {
                out.push((base + s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

/// The label of every cell (row-major), with the offset of its token; `None`
/// when the map is broken (every problem reported).
fn map<'a>(
    rows: &[Line<'a>],
    n: usize,
    loc: &mut Locator,
    diags: &mut Diagnostics,
) -> Option<Vec<(&'a str, usize)>> {
    let before = diags.0.len();
    let mut labels = Vec::with_capacity(n * n);
    for (r, line) in rows.iter().enumerate() {
        let toks = tokens(line.text, line.off);
        if toks.len() != n {
            diags.push(ragged(r, line, &toks, n, loc));
            if looks_like_clue(line, &toks) {
                continue;
            }
        }
        for &(at, tok) in &toks {
            if !tok.chars().all(is_label_char) {
                let d = Diagnostic::error(loc.span(at), "a cage label is letters and digits only")
                    .expected("a label such as 1, 12, a or A7", quote(tok));
                diags.push(d);
            }
        }
        labels.extend(toks.into_iter().take(n).map(|(at, t)| (t, at)));
    }
    if rows.len() < n {
        let d = Diagnostic::error(
            Span::default(),
            format!(
                "the cage map has {} rows, but its first row has {n} labels",
                rows.len()
            ),
        )
        .expected(format!("{n} rows"), rows.len().to_string());
        diags.push(d);
    }
    (diags.0.len() == before).then_some(labels)
}

/// A clue line where a row was due: the map is short of rows.
fn looks_like_clue(line: &Line, toks: &[(usize, &str)]) -> bool {
    toks.len() == 2 && clue(line.text, line.off).is_ok()
}

/// The error for row `r` (0-based) whose label count is not `n`.
fn ragged(
    r: usize,
    line: &Line,
    toks: &[(usize, &str)],
    n: usize,
    loc: &mut Locator,
) -> Diagnostic {
    let at = match toks.get(n) {
        Some(&(at, _)) => at,
        None => line.off + line.text.trim_end_matches(blank).len(),
    };
    let mut message = format!(
        "row {} of the cage map has {} labels, the first row {n}",
        r + 1,
        toks.len()
    );
    if looks_like_clue(line, toks) {
        message.push_str("; this looks like a clue line: is the map missing a row?");
    }
    let found = match toks.get(n) {
        Some(&(_, tok)) => quote(tok),
        None => "end of line".to_string(),
    };
    Diagnostic::error(loc.span(at), message).expected(format!("{n} labels"), found)
}

/// Parses `LABEL TARGET[OP]`; `Err` is the offset and message.
fn clue(text: &str, base: usize) -> Result<Clue<'_>, (usize, String)> {
    let at = |rest: &str| base + text.len() - rest.len();
    let rest = ws(text);
    let label_at = at(rest);
    let Ok((after, label)) = take_while1::<_, _, ()>(is_label_char).parse(rest) else {
        return Err((
            label_at,
            format!("expected a cage label, found {}", found(rest)),
        ));
    };
    if after.starts_with(|c: char| !blank(c)) {
        let msg = format!(
            "a cage label is letters and digits only (expected white space after '{label}', found {})",
            found(after)
        );
        return Err((at(after), msg));
    }
    let rest = ws(after);
    let Ok((after, digits)) = digit1::<_, ()>(rest) else {
        return Err((
            at(rest),
            format!("expected a target number, found {}", found(rest)),
        ));
    };
    let target = number(digits, "target").map_err(|m| (at(rest), m))?;
    let (rest, op) = opt(super::cage::op)
        .parse(ws(after))
        .map_err(|_| (at(after), String::new()))?;
    let rest = ws(rest);
    if !rest.is_empty() {
        let wanted = match op {
            None => "an operation (+ - * %) or end of line",
            Some(_) => "end of line",
        };
        return Err((
            at(rest),
            format!("expected {wanted}, found {}", found(rest)),
        ));
    }
    Ok(Clue {
        label,
        target,
        op: op.unwrap_or(Op::Given),
        off: label_at,
    })
}

/// The clue lines read so far: the good ones (each label once), and the
/// labels of the broken ones, so a broken line is not also reported missing.
struct Clues<'a> {
    good: Vec<Clue<'a>>,
    broken: HashSet<&'a str>,
    any: bool,
}

/// Reads every clue line; reports syntax errors and second clues for a label.
fn clues<'a>(lines: &[Line<'a>], loc: &mut Locator, diags: &mut Diagnostics) -> Clues<'a> {
    let mut out = Clues {
        good: Vec::new(),
        broken: HashSet::new(),
        any: !lines.is_empty(),
    };
    let mut seen: HashMap<&str, Span> = HashMap::new();
    for line in lines {
        let clue = match clue(line.text, line.off) {
            Ok(c) => c,
            Err((at, message)) => {
                diags.push(Diagnostic::error(loc.span(at), message));
                if let Ok((_, label)) = take_while1::<_, _, ()>(is_label_char).parse(ws(line.text))
                {
                    out.broken.insert(label);
                }
                continue;
            }
        };
        let span = loc.span(clue.off);
        if let Some(first) = seen.get(clue.label) {
            let m = format!(
                "a second clue for label '{}' (first on line {})",
                clue.label, first.line
            );
            diags.push(Diagnostic::error(span, m));
            continue;
        }
        seen.insert(clue.label, span);
        out.good.push(clue);
    }
    out
}

/// Cages in clue-line order; reports unknown and missing labels.
fn cages(
    labels: &[(&str, usize)],
    n: usize,
    clues: Clues,
    loc: &mut Locator,
    diags: &mut Diagnostics,
) -> Vec<Cage> {
    // Each label's cells, and the offset of its first cell, in map order.
    let mut cells: HashMap<&str, (Vec<Cell>, usize)> = HashMap::new();
    let mut order: Vec<&str> = Vec::new();
    for (k, &(label, at)) in labels.iter().enumerate() {
        let entry = cells.entry(label).or_insert_with(|| {
            order.push(label);
            (Vec::new(), at)
        });
        entry.0.push(Cell::from_index(k, n));
    }
    if !clues.any {
        let d = Diagnostic::error(Span::default(), "no clue lines after the cage map").expected(
            format!(
                "a line 'LABEL TARGET[OP]' for each of its {} labels",
                order.len()
            ),
            "none",
        );
        diags.push(d);
        return Vec::new();
    }
    let mut out = Vec::with_capacity(clues.good.len());
    let mut clued: HashSet<&str> = clues.broken;
    for clue in clues.good {
        clued.insert(clue.label);
        let span = loc.span(clue.off);
        let Some((cage_cells, _)) = cells.get(clue.label) else {
            diags.push(unknown_label(clue.label, &order, span));
            continue;
        };
        out.push(Cage {
            target: clue.target,
            op: clue.op,
            cells: cage_cells.clone(),
            span,
        });
    }
    for label in order {
        if !clued.contains(label) {
            let at = cells[label].1;
            let d = Diagnostic::error(loc.span(at), format!("label '{label}' has no clue line"))
                .expected(format!("a line '{label} TARGET[OP]' after the map"), "none");
            diags.push(d);
        }
    }
    out
}

fn unknown_label(label: &str, known: &[&str], span: Span) -> Diagnostic {
    let mut m = format!("no cell of the cage map has label '{label}'");
    if let Some(k) = known.iter().find(|k| k.eq_ignore_ascii_case(label)) {
        m.push_str(&format!(" (labels are case-sensitive: the map has '{k}')"));
    }
    Diagnostic::error(span, m)
}

#[cfg(test)]
mod tests;
