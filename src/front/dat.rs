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

use std::collections::BTreeMap;

use lex::{Tok, Token};

use super::text::{Locator, number, quote};
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::ir::{Op, Puzzle};

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
}

pub fn parse(src: &str) -> Result<(Puzzle, Diagnostics), Diagnostics> {
    let tokens = lex::tokens(src);
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

/// The tokens of one statement, without its `;`.
struct Stmt<'t, 'a> {
    toks: &'t [Token<'a>],
    spans: &'t [Span],
    pos: usize,
    /// Where the statement ends (its `;`, or what stands in for it).
    end: Span,
    /// For `end;`: where the next token stands, if any.
    after_end: Option<Span>,
}

/// Splits the token list into statements at `;`, and before a `param` or
/// `set` that starts a new statement when a `;` was forgotten.
fn statements<'t, 'a>(
    toks: &'t [Token<'a>],
    spans: &'t [Span],
    eof: Span,
    diags: &mut Diagnostics,
) -> Vec<Stmt<'t, 'a>> {
    let mut out = Vec::new();
    let mut start = 0;
    let is_keyword = |t: &Token| matches!(t.word(), Some("param" | "set"));
    while start < toks.len() {
        let mut i = start;
        while i < toks.len() && toks[i].tok != Tok::Semi && !(i > start && is_keyword(&toks[i])) {
            i += 1;
        }
        let end = spans.get(i).copied().unwrap_or(eof);
        if toks.get(i).is_none_or(|t| t.tok != Tok::Semi) {
            let found = toks
                .get(i)
                .map_or("end of file".to_string(), |t| quote(t.text));
            diags.push(Diagnostic::error(
                end,
                format!("expected ';' to end the statement, found {found}"),
            ));
        }
        let next = if toks.get(i).is_some_and(|t| t.tok == Tok::Semi) {
            i + 1
        } else {
            i
        };
        out.push(Stmt {
            toks: &toks[start..i],
            spans: &spans[start..i],
            pos: 0,
            end,
            after_end: spans.get(next).copied(),
        });
        start = next;
    }
    out
}

impl<'a> Stmt<'_, 'a> {
    fn is_word(&self, i: usize, w: &str) -> bool {
        self.toks.get(i).and_then(Token::word) == Some(w)
    }

    fn peek(&self) -> Option<Token<'a>> {
        self.toks.get(self.pos).copied()
    }

    fn here(&self) -> Span {
        self.spans.get(self.pos).copied().unwrap_or(self.end)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    /// "expected X, found Y" at the current token.
    fn expected(&self, what: &str) -> Diagnostic {
        if self.peek().is_some_and(|t| t.tok == Tok::Unclosed) {
            return Diagnostic::error(self.here(), "this string has no closing quote on its line");
        }
        let found = self.peek().map_or("';'".to_string(), |t| quote(t.text));
        Diagnostic::error(self.here(), format!("expected {what}, found {found}"))
    }

    /// Consumes the current token if it is `tok`.
    fn eat(&mut self, tok: Tok) -> bool {
        let hit = self.peek().is_some_and(|t| t.tok == tok);
        self.pos += hit as usize;
        hit
    }

    fn expect(&mut self, tok: Tok, what: &str) -> Result<(), Diagnostic> {
        if self.eat(tok) {
            Ok(())
        } else {
            Err(self.expected(what))
        }
    }

    /// `:=` (or `: =`, noted in `typos`).
    fn assign(&mut self, typos: &mut Vec<Span>) -> Result<(), Diagnostic> {
        match self.peek().map(|t| t.tok) {
            Some(Tok::Assign { typo }) => {
                if typo {
                    typos.push(self.here());
                }
                self.pos += 1;
                Ok(())
            }
            _ => Err(self.expected("':='")),
        }
    }

    fn name(&mut self) -> Result<&'a str, Diagnostic> {
        match self.peek().as_ref().and_then(Token::word) {
            Some(w) if !w.starts_with(|c: char| c.is_ascii_digit()) => {
                self.pos += 1;
                Ok(w)
            }
            _ => Err(self.expected("a name")),
        }
    }

    /// A whole number that fits in a u64, with its span.
    fn int(&mut self, what: &str) -> Result<Item<u64>, Diagnostic> {
        let span = self.here();
        match self.peek().as_ref().and_then(Token::word) {
            Some(w) if w.bytes().all(|b| b.is_ascii_digit()) => {
                let value = number(w, what).map_err(|m| Diagnostic::error(span, m))?;
                self.pos += 1;
                Ok(Item { value, span })
            }
            _ => Err(self.expected(&format!("{what} (a whole number)"))),
        }
    }

    fn done(&self) -> Result<(), Diagnostic> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.expected("';'"))
        }
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
            s.assign(&mut data.typos)?;
            let item = s.int(name)?;
            s.done()?;
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
        other => Err(Diagnostic::error(
            at,
            format!("unknown parameter '{other}' (expected n, t, target_number or operation)"),
        )),
    }
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
fn rows(s: &mut Stmt, columns: &[&str], data: &mut Data) -> Result<(), Diagnostic> {
    while !s.at_end() {
        s.eat(Tok::Comma);
        let key = s.int("a cage number")?;
        for &column in columns {
            s.eat(Tok::Comma);
            if column == "target_number" {
                let t = s.int(&format!("the target of cage {}", key.value))?;
                insert(&mut data.targets, key, t.value, "target_number")?;
            } else {
                let op = operation(s, data)?;
                insert(&mut data.ops, key, op, "operation")?;
            }
        }
    }
    Ok(())
}

fn insert<T>(
    map: &mut BTreeMap<u64, Item<T>>,
    key: Item<u64>,
    value: T,
    what: &str,
) -> Result<(), Diagnostic> {
    if let Some(first) = map.get(&key.value) {
        return Err(twice(
            key.span,
            &format!("{what} of cage {}", key.value),
            first.span,
        ));
    }
    map.insert(
        key.value,
        Item {
            value,
            span: key.span,
        },
    );
    Ok(())
}

fn twice(at: Span, what: &str, first: Span) -> Diagnostic {
    Diagnostic::error(
        at,
        format!("{what} is given twice (first on line {})", first.line),
    )
}

const OPS: &str = "\"sum\", \"difference\", \"product\", \"ratio\" or \"given\"";

/// `"sum"` (or 'sum', or sum unquoted) and the other paper words.
fn operation(s: &mut Stmt, data: &mut Data) -> Result<Op, Diagnostic> {
    let (text, curly) = match s.peek().map(|t| t.tok) {
        Some(Tok::Str { text, curly }) => (text, curly),
        Some(Tok::Word(w)) if !w.starts_with(|c: char| c.is_ascii_digit()) => (w, false),
        _ => return Err(s.expected(&format!("an operation ({OPS})"))),
    };
    let op = match text {
        "sum" => Op::Add,
        "difference" => Op::Sub,
        "product" => Op::Mul,
        "ratio" => Op::Div,
        "given" => Op::Given,
        _ => return Err(s.expected(&format!("an operation ({OPS})"))),
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
    s.assign(&mut data.typos)?;
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
    if let Some(first) = data.cages.get(&c.value) {
        return Err(twice(span, &format!("cage[{}]", c.value), first.span));
    }
    data.cages.insert(c.value, CageSet { span, cells });
    Ok(())
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
