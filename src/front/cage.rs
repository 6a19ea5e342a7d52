//! J-wiki cage lines (Roger Hui's KenKen essay): one cage per line,
//! `TARGET[OP],CELL CELL …`, cells numbered `0..n²-1` row-major, n inferred
//! from the number of cells. Comments (`NB.`, `#`) and the essay's J wrapper
//! (`kk0=: 0 : 0` … `)`) are accepted so a puzzle pastes straight from the page.

use std::collections::HashMap;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{anychar, char, digit1, satisfy};
use nom::combinator::{all_consuming, map_opt, opt, recognize};
use nom::{IResult, Parser};

use super::text::{Locator, found, number, quote};
use crate::puzzle::diag::{Diagnostic, Diagnostics, Span};
use crate::puzzle::ir::{Cage, Cell, MAX_SIZE, Op, Puzzle};

type Res<'a, T> = IResult<&'a str, T, ()>;

/// One cage line as written: positions are byte offsets into the source.
struct RawCage {
    target: u64,
    op: Op,
    /// Cell numbers with the offset of each token.
    cells: Vec<(u64, usize)>,
    off: usize,
}

/// A complaint about one line, at byte offset `at` of the source.
struct LineError {
    at: usize,
    message: String,
}

impl LineError {
    fn expected(at: usize, expected: &str, rest: &str) -> LineError {
        LineError {
            at,
            message: format!("expected {expected}, found {}", found(rest)),
        }
    }
}

/// Where the J wrapper `name=: 0 : 0` … `)` stands.
enum Wrapper {
    Before,
    Inside(Span),
    After(Span),
    /// In a second definition (already reported): skipped to its `)`.
    Skipping(Span),
}

pub fn parse(src: &str) -> Result<(Puzzle, Diagnostics), Diagnostics> {
    let mut loc = Locator::new(src);
    let mut diags = Diagnostics::default();
    let mut cages: Vec<RawCage> = Vec::new();
    let mut wrapper = Wrapper::Before;
    for (off, line) in lines(src) {
        let body = strip_comment(line);
        let trimmed = body.trim_matches(blank);
        if trimmed.is_empty() {
            continue;
        }
        let lead = off + (body.len() - body.trim_start_matches(blank).len());
        let span = loc.span(lead);
        if let Wrapper::Skipping(end) = wrapper {
            if trimmed == ")" {
                wrapper = Wrapper::After(end);
            }
        } else if trimmed == ")" {
            wrapper = close(wrapper, span, &mut diags);
        } else if is_wrapper_open(trimmed) {
            wrapper = open(wrapper, span, !cages.is_empty(), &mut diags);
        } else if let Wrapper::After(end) = wrapper {
            diags.push(Diagnostic::error(
                span,
                format!(
                    "text after the end ')' of the J definition (line {})",
                    end.line
                ),
            ));
        } else {
            match cage_line(body, off) {
                Ok(cage) => cages.push(cage),
                Err(errors) => {
                    for e in errors {
                        diags.push(Diagnostic::error(loc.span(e.at), e.message));
                    }
                }
            }
        }
    }
    if let Wrapper::Inside(start) = wrapper {
        diags.push(Diagnostic::warning(
            start,
            "the J definition opened here is not closed with a line ')'",
        ));
    }
    let puzzle = assemble(cages, &mut loc, &mut diags);
    match puzzle {
        Some(p) if !diags.has_errors() => Ok((p, diags)),
        _ => Err(diags),
    }
}

/// Lines with the byte offset of their start, without `\n` or a final `\r`.
fn lines(src: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut off = 0;
    src.split('\n').map(move |line| {
        let start = off;
        off += line.len() + 1;
        (start, line.strip_suffix('\r').unwrap_or(line))
    })
}

/// The line up to a `NB.` or `#` comment.
fn strip_comment(line: &str) -> &str {
    let end = [line.find("NB."), line.find('#')]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(line.len());
    &line[..end]
}

/// White space, and the byte-order mark some editors put first in a file.
fn blank(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

fn open(state: Wrapper, span: Span, after_cages: bool, diags: &mut Diagnostics) -> Wrapper {
    match state {
        Wrapper::Before if after_cages => {
            diags.push(Diagnostic::error(
                span,
                "the J definition must open before the first cage line",
            ));
            Wrapper::Inside(span)
        }
        Wrapper::Before => Wrapper::Inside(span),
        Wrapper::Inside(first) => {
            diags.push(Diagnostic::error(
                span,
                format!(
                    "a J definition opens inside the one opened on line {}; close it with ')' first",
                    first.line
                ),
            ));
            Wrapper::Inside(first)
        }
        Wrapper::After(end) | Wrapper::Skipping(end) => {
            diags.push(Diagnostic::error(
                span,
                format!(
                    "a second puzzle starts here (the first ended on line {}); a file holds one puzzle",
                    end.line
                ),
            ));
            Wrapper::Skipping(end)
        }
    }
}

fn close(state: Wrapper, span: Span, diags: &mut Diagnostics) -> Wrapper {
    match state {
        Wrapper::Inside(_) => Wrapper::After(span),
        other => {
            diags.push(Diagnostic::error(
                span,
                "')' closes no J definition (expected a line such as 'kk0=: 0 : 0' before it)",
            ));
            other
        }
    }
}

fn ws(i: &str) -> Res<'_, &str> {
    take_while(blank)(i)
}

fn ws1(i: &str) -> Res<'_, &str> {
    take_while1(char::is_whitespace)(i)
}

/// `kk0=: 0 : 0`, `kk0 =. noun define`, or a bare `0 : 0`.
fn is_wrapper_open(line: &str) -> bool {
    let name = recognize((
        satisfy(|c| c.is_ascii_alphabetic()),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
    ));
    let assign = opt((name, ws, alt((tag("=:"), tag("=."))), ws));
    let noun = alt((
        recognize((char('0'), ws, char(':'), ws, char('0'))),
        recognize((tag("noun"), ws1, tag("define"))),
    ));
    all_consuming((assign, noun)).parse(line).is_ok()
}

/// The operation symbol after a target, with the accepted aliases.
pub(super) fn op(i: &str) -> Res<'_, Op> {
    map_opt(anychar, Op::from_char).parse(i)
}

/// Parses `TARGET[OP],CELL CELL …` (comment already removed); `base` is the
/// offset of `line` in the source.
fn cage_line(line: &str, base: usize) -> Result<RawCage, Vec<LineError>> {
    let at = |rest: &str| base + line.len() - rest.len();
    let (rest, _) = ws(line).map_err(|_| vec![])?;
    let start = at(rest);
    let Ok((after, digits)) = digit1::<_, ()>(rest) else {
        return Err(vec![LineError::expected(start, "a target number", rest)]);
    };
    let target =
        number(digits, "target").map_err(|message| vec![LineError { at: start, message }])?;
    let (rest, (_, op, _)) = (ws, opt(op), ws).parse(after).map_err(|_| vec![])?;
    let Ok((rest, _)) = char::<_, ()>(',')(rest) else {
        let wanted = match op {
            None => "an operation (+ - * %) or ','",
            Some(_) => "','",
        };
        return Err(vec![LineError::expected(at(rest), wanted, rest)]);
    };
    let cells = cell_list(rest, at(rest))?;
    Ok(RawCage {
        target,
        op: op.unwrap_or(Op::Given),
        cells,
        off: start,
    })
}

/// White-space separated cell numbers; every bad token is reported.
fn cell_list(list: &str, base: usize) -> Result<Vec<(u64, usize)>, Vec<LineError>> {
    let mut cells = Vec::new();
    let mut errors = Vec::new();
    let mut rest = list;
    while let Ok((r, _)) = ws(rest)
        && !r.is_empty()
    {
        let token_at = base + list.len() - r.len();
        let (r, token) =
            take_while1::<_, _, ()>(|c: char| !c.is_whitespace())(r).unwrap_or(("", r));
        rest = r;
        if all_consuming(digit1::<_, ()>).parse(token).is_err() {
            errors.push(LineError::expected(token_at, "a cell number", token));
            continue;
        }
        match number(token, "cell number") {
            Ok(v) => cells.push((v, token_at)),
            Err(message) => errors.push(LineError {
                at: token_at,
                message,
            }),
        }
    }
    if cells.is_empty() && errors.is_empty() {
        errors.push(LineError::expected(base + list.len(), "a cell number", ""));
    }
    if errors.is_empty() {
        Ok(cells)
    } else {
        Err(errors)
    }
}

/// Reports repeated cells, infers n from the cell count, checks every cell
/// number against it, and builds the IR. `None` when no puzzle can be built.
fn assemble(cages: Vec<RawCage>, loc: &mut Locator, diags: &mut Diagnostics) -> Option<Puzzle> {
    let had_errors = diags.has_errors();
    if cages.is_empty() {
        if !had_errors {
            diags.push(
                Diagnostic::error(Span::default(), "no cages in the file")
                    .expected("cage lines such as '11+,1 2 5 6'", "none"),
            );
        }
        return None;
    }
    // Before the count is used: a repeat makes it wrong, and is the error.
    let repeated = !no_repeats(&cages, loc, diags);
    let total: usize = cages.iter().map(|c| c.cells.len()).sum();
    let n = total.isqrt();
    if n * n != total {
        // With broken lines the count is short anyway: say nothing more.
        if !had_errors && !repeated {
            diags.push(not_square(total, &cages));
        }
        return None;
    }
    if n > MAX_SIZE {
        diags.push(Diagnostic::error(
            Span::default(),
            format!("the cages list {total} cells, a {n}×{n} grid: larger than the largest supported size {MAX_SIZE}×{MAX_SIZE}"),
        ));
        return None;
    }
    let cells = (n * n) as u64;
    let mut out = Vec::with_capacity(cages.len());
    for cage in cages {
        let mut ok = Vec::with_capacity(cage.cells.len());
        for (index, off) in cage.cells {
            if index < cells {
                ok.push(Cell::from_index(index as usize, n));
            } else {
                diags.push(
                    Diagnostic::error(
                        loc.span(off),
                        format!("cell {index} is outside the {n}×{n} grid"),
                    )
                    .expected(
                        format!("a cell number from 0 to {}", cells - 1),
                        quote(&index.to_string()),
                    ),
                );
            }
        }
        out.push(Cage {
            target: cage.target,
            op: cage.op,
            cells: ok,
            span: loc.span(cage.off),
        });
    }
    let puzzle = Puzzle {
        size: n,
        cages: out,
        rules: crate::puzzle::ir::Rules::KenKen,
    };
    if repeated {
        // Validation will not run; a cell typed twice is often one typed
        // instead of another, which this names.
        diags
            .0
            .extend(crate::puzzle::valid::uncovered_cells(&puzzle).0);
    }
    Some(puzzle)
}

/// Reports every cell number listed a second time, at the repeat: in the
/// same cage, or in a later one with a note at the first listing. True when
/// there is none.
fn no_repeats(cages: &[RawCage], loc: &mut Locator, diags: &mut Diagnostics) -> bool {
    // (cell, offset of the first listing, offset of the repeat, same cage)
    let mut repeats: Vec<(u64, usize, usize, bool)> = Vec::new();
    let mut first: HashMap<u64, (usize, usize)> = HashMap::new();
    for (i, cage) in cages.iter().enumerate() {
        for &(cell, at) in &cage.cells {
            if let Some(&(j, off)) = first.get(&cell) {
                repeats.push((cell, off, at, i == j));
            } else {
                first.insert(cell, (i, at));
            }
        }
    }
    if repeats.is_empty() {
        return true;
    }
    // Offsets in increasing order, so the locator only moves forward.
    let mut offsets: Vec<usize> = repeats.iter().flat_map(|r| [r.1, r.2]).collect();
    offsets.sort_unstable();
    offsets.dedup();
    let spans: HashMap<usize, Span> = offsets.into_iter().map(|o| (o, loc.span(o))).collect();
    for (cell, first, at, same_cage) in repeats {
        let (first, at) = (spans[&first], spans[&at]);
        diags.push(if same_cage {
            Diagnostic::error(at, format!("cell {cell} appears twice in this cage"))
        } else {
            Diagnostic::error(
                at,
                format!(
                    "cell {cell} is already in the cage on line {}; a cell belongs to exactly one cage",
                    first.line
                ),
            )
            .note(first, format!("cell {cell} is first listed here"))
        });
    }
    false
}

/// The error for a cell count that is not n²: the nearest squares, and what
/// the largest cell number suggests.
fn not_square(total: usize, cages: &[RawCage]) -> Diagnostic {
    let lo = total.isqrt();
    let hi = lo + 1;
    let mut message = format!(
        "cannot infer the grid size: the cages list {total} cells in all, not a square number"
    );
    let max = cages
        .iter()
        .flat_map(|c| c.cells.iter().map(|&(v, _)| v))
        .max();
    if let Some(max) = max {
        // The smallest m with m² > max; saturating, as max may be u64::MAX.
        let cells = (max as usize).saturating_add(1);
        let m = cells.isqrt();
        let m = if m * m < cells { m + 1 } else { m };
        if m <= MAX_SIZE {
            message.push_str(&format!(
                "; the largest cell number, {max}, suggests a {m}×{m} grid of {} cells",
                m * m
            ));
        }
    }
    let expected = if lo == 0 {
        format!("{} cells", hi * hi)
    } else {
        format!("{} or {} cells", lo * lo, hi * hi)
    };
    Diagnostic::error(Span::default(), message).expected(expected, format!("{total}"))
}

#[cfg(test)]
mod tests;
