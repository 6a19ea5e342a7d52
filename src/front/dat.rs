//! AMPL data in the layout of Melkonian (2016) §7.2:
//!
//! ```text
//! param n := 5;   param t := 10;
//! set cage[1] := (1,1) (1,2) (2,1);
//! param: target_number operation := 1 9 "product"  2 1 "difference" … ;
//! set prime_numbers := 2 3 5 7;
//! ```
//!
//! Statements may come in any order; cells are 1-based `(row, column)`. The
//! paper's own `set cage[1]: = …` is accepted with a warning. Statements are
//! read one by one: an error skips to the next `;` (or `param`/`set`).

mod assemble;
mod lex;
mod stmt;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use lex::{Tok, Token};
use stmt::{Stmt, statements};

use super::text::Locator;
use crate::puzzle::diag::{Diagnostic, Diagnostics, Span};
use crate::puzzle::ir::{Op, Puzzle};

/// A value with where it was written.
#[derive(Clone, Copy, Debug)]
struct Item<T> {
    value: T,
    span: Span,
}

/// One `set cage[c] := …;`.
#[derive(Debug)]
struct CageSet {
    span: Span,
    /// 1-based (row, column) as written, with the span of each pair.
    cells: Vec<Item<(u64, u64)>>,
}

/// Everything the statements said, before any cross-checking.
#[derive(Debug, Default)]
struct Data {
    n: Option<Item<u64>>,
    t: Option<Item<u64>>,
    cages: BTreeMap<u64, CageSet>,
    targets: BTreeMap<u64, Item<u64>>,
    ops: BTreeMap<u64, Item<Op>>,
    primes: Option<(Span, Vec<Item<u64>>)>,
    /// Where `: =` was written for `:=`.
    typos: Vec<Span>,
    /// Where “curly” quotes were used.
    curly: Vec<Span>,
    /// Errors that do not stop the statement they are in (duplicates).
    errors: Vec<Diagnostic>,
    /// Cages whose set or clue had an error already reported: "has no
    /// target" or "no set cage[c]" would only echo it.
    unreadable: Vec<u64>,
    /// Likewise for `n` and `t`.
    unreadable_params: Vec<&'static str>,
}

pub fn parse(src: &str) -> Result<(Puzzle, Diagnostics), Diagnostics> {
    let tokens = lex::tokens(src);
    if tokens.is_empty() {
        let d = Diagnostic::error(Span::default(), "no data in the file")
            .expected("statements such as 'param n := 5;'", "none");
        return Err(Diagnostics(vec![d]));
    }
    let mut loc = Locator::new(src);
    let spans: Vec<Span> = tokens.iter().map(|t| loc.span(t.off)).collect();
    let end = loc.span(src.len());
    let mut diags = Diagnostics::default();
    let mut data = Data::default();
    for stmt in statements(&tokens, &spans, end, &mut diags) {
        if stmt.is_word(0, "end") {
            if let Some(after) = stmt.after_end {
                diags.push(Diagnostic::warning(after, "text after 'end;' is ignored"));
            }
            break;
        }
        if let Err(d) = statement(stmt, &mut data) {
            diags.push(d);
        }
    }
    match assemble::puzzle(data, &mut diags) {
        Some(p) if !diags.has_errors() => Ok((p, diags)),
        _ => Err(diags),
    }
}

/// Reads one statement into `data`.
fn statement(mut s: Stmt, data: &mut Data) -> Result<(), Diagnostic> {
    let span = s.here();
    match s.peek().as_ref().and_then(Token::word) {
        Some("data") => {
            s.pos += 1;
            s.done()
        }
        Some("param") => {
            s.pos += 1;
            if s.eat(Tok::Colon) {
                table(s, data)
            } else {
                param(s, data)
            }
        }
        Some("set") => {
            s.pos += 1;
            match s.name()? {
                "cage" => cage(s, span, data),
                "prime_numbers" => primes(s, span, data),
                other => Err(Diagnostic::error(
                    span,
                    format!("unknown set '{other}' (expected cage[…] or prime_numbers)"),
                )),
            }
        }
        _ if s.at_end() => Ok(()),
        _ => Err(s.expected("a statement ('param' or 'set')")),
    }
}

/// `param n := 5`, `param t := 10`, `param target_number := 1 9 2 1 …`,
/// `param operation := 1 "product" …`.
fn param(mut s: Stmt, data: &mut Data) -> Result<(), Diagnostic> {
    let at = s.here();
    let name = s.name()?;
    match name {
        "n" | "t" => {
            let key = if name == "n" { "n" } else { "t" };
            let item = scalar(&mut s, key, &mut data.typos);
            let item = item.inspect_err(|_| data.unreadable_params.push(key))?;
            let slot = if name == "n" {
                &mut data.n
            } else {
                &mut data.t
            };
            if let Some(first) = slot {
                return Err(twice(at, &format!("param {name}"), first.span));
            }
            *slot = Some(item);
            Ok(())
        }
        "target_number" | "operation" => {
            s.assign(&mut data.typos)?;
            let column = [name];
            rows(&mut s, &column, data)
        }
        // The no-good cuts of cagec's own data files (`cagec solve --keep`):
        // solver state, not part of the puzzle.
        "ncuts" | "cutval" => Ok(()),
        other => Err(Diagnostic::error(
            at,
            format!("unknown parameter '{other}' (expected n, t, target_number or operation)"),
        )),
    }
}

/// `:= value` to the end of the statement.
fn scalar(s: &mut Stmt, name: &str, typos: &mut Vec<Span>) -> Result<Item<u64>, Diagnostic> {
    s.assign(typos)?;
    let item = s.int(name)?;
    s.done()?;
    Ok(item)
}

/// `param: target_number operation := c t op …` (columns in any order).
fn table(mut s: Stmt, data: &mut Data) -> Result<(), Diagnostic> {
    let mut columns = Vec::new();
    while let Some(w) = s.peek().as_ref().and_then(Token::word) {
        if !matches!(w, "target_number" | "operation") {
            return Err(s.expected("target_number or operation"));
        }
        if columns.contains(&w) {
            return Err(s.expected("each column once"));
        }
        columns.push(w);
        s.pos += 1;
    }
    if columns.is_empty() {
        return Err(s.expected("the column names target_number and operation"));
    }
    s.assign(&mut data.typos)?;
    rows(&mut s, &columns, data)
}

/// Rows `c v1 v2 …` until the end of the statement, one value per column.
/// A bad value is reported and skipped, so the rows after it are still read.
fn rows(s: &mut Stmt, columns: &[&str], data: &mut Data) -> Result<(), Diagnostic> {
    while !s.at_end() {
        s.eat(Tok::Comma);
        let key = s.int("a cage number")?;
        for &column in columns {
            s.eat(Tok::Comma);
            let value = if column == "target_number" {
                s.int(&format!("the target of cage {}", key.value))
                    .map(|t| {
                        insert(
                            &mut data.targets,
                            key,
                            t.value,
                            "target_number",
                            &mut data.errors,
                        )
                    })
            } else {
                operation(s, data)
                    .map(|op| insert(&mut data.ops, key, op, "operation", &mut data.errors))
            };
            if let Err(e) = value {
                data.unreadable.push(key.value);
                // One value token: skip it and go on; anything else ends the statement.
                match s.peek().map(|t| t.tok) {
                    Some(Tok::Word(_) | Tok::Str { .. }) => {
                        data.errors.push(e);
                        s.pos += 1;
                    }
                    _ => return Err(e),
                }
            }
        }
    }
    Ok(())
}

/// Records a clue; a second one for the same cage is an error (the first stays).
fn insert<T>(
    map: &mut BTreeMap<u64, Item<T>>,
    key: Item<u64>,
    value: T,
    what: &str,
    errors: &mut Vec<Diagnostic>,
) {
    match map.get(&key.value) {
        Some(first) => errors.push(twice(
            key.span,
            &format!("{what} of cage {}", key.value),
            first.span,
        )),
        None => {
            map.insert(
                key.value,
                Item {
                    value,
                    span: key.span,
                },
            );
        }
    }
}

fn twice(at: Span, what: &str, first: Span) -> Diagnostic {
    Diagnostic::error(
        at,
        format!("{what} is given twice (first on line {})", first.line),
    )
}

const OPS: &str = "\"sum\", \"difference\", \"product\", \"ratio\", \"given\" or \"hidden\"";

/// `"sum"` (or 'sum', or sum unquoted) and the other paper words.
fn operation(s: &mut Stmt, data: &mut Data) -> Result<Op, Diagnostic> {
    let (text, curly) = match s.peek().map(|t| t.tok) {
        Some(Tok::Str { text, curly }) => (text, curly),
        Some(Tok::Word(w)) if !w.starts_with(|c: char| c.is_ascii_digit()) => (w, false),
        _ => return Err(s.expected(&format!("an operation ({OPS})"))),
    };
    let Some(op) = Op::ALL.into_iter().find(|op| op.paper_name() == text) else {
        return Err(s.expected(&format!("an operation ({OPS})")));
    };
    if curly {
        data.curly.push(s.here());
    }
    s.pos += 1;
    Ok(op)
}

/// `set cage[c] := (i,j) (i, j) …` or `… := i j i j …`; commas optional.
fn cage(mut s: Stmt, span: Span, data: &mut Data) -> Result<(), Diagnostic> {
    s.expect(Tok::LBrack, "'['")?;
    let c = s.int("a cage number")?;
    s.expect(Tok::RBrack, "']'")?;
    let cells = members(&mut s, &mut data.typos).inspect_err(|_| data.unreadable.push(c.value))?;
    if let Some(first) = data.cages.get(&c.value) {
        return Err(twice(span, &format!("cage[{}]", c.value), first.span));
    }
    data.cages.insert(c.value, CageSet { span, cells });
    Ok(())
}

/// `:= (i,j) (i, j) …` to the end of the statement.
fn members(s: &mut Stmt, typos: &mut Vec<Span>) -> Result<Vec<Item<(u64, u64)>>, Diagnostic> {
    s.assign(typos)?;
    let mut cells = Vec::new();
    while !s.at_end() {
        if s.eat(Tok::Comma) {
            continue;
        }
        let at = s.here();
        let paren = s.eat(Tok::LParen);
        let i = s.int("a row number")?;
        s.eat(Tok::Comma);
        let j = s.int("a column number")?;
        if paren {
            s.expect(Tok::RParen, "')'")?;
        }
        cells.push(Item {
            value: (i.value, j.value),
            span: at,
        });
    }
    Ok(cells)
}

/// `set prime_numbers := 2 3 5 7`.
fn primes(mut s: Stmt, span: Span, data: &mut Data) -> Result<(), Diagnostic> {
    s.assign(&mut data.typos)?;
    let mut list = Vec::new();
    while !s.at_end() {
        if !s.eat(Tok::Comma) {
            list.push(s.int("a prime number")?);
        }
    }
    if let Some((first, _)) = data.primes {
        return Err(twice(span, "set prime_numbers", first));
    }
    data.primes = Some((span, list));
    Ok(())
}
