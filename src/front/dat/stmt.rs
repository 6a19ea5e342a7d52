//! The statement cursor of the .dat reader: the token list split into
//! statements, and "expected X, found Y" at the current token.

use super::Item;
use super::lex::{Tok, Token};
use crate::front::text::{number, quote};
use crate::puzzle::diag::{Diagnostic, Diagnostics, Span};

/// The tokens of one statement, without its `;`.
pub struct Stmt<'t, 'a> {
    pub toks: &'t [Token<'a>],
    pub spans: &'t [Span],
    pub pos: usize,
    /// Where the statement ends (its `;`, or what stands in for it).
    pub end: Span,
    /// For `end;`: where the next token stands, if any.
    pub after_end: Option<Span>,
}

/// Splits the token list into statements at `;`, and before a `param` or
/// `set` that starts a new statement when a `;` was forgotten.
pub fn statements<'t, 'a>(
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
            // Point just after the statement's last token, as compilers do.
            let last = &toks[i - 1];
            let after = Span {
                col: spans[i - 1].col + last.text.chars().count() as u32,
                ..spans[i - 1]
            };
            diags.push(Diagnostic::error(
                after,
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
    pub fn is_word(&self, i: usize, w: &str) -> bool {
        self.toks.get(i).and_then(Token::word) == Some(w)
    }

    pub fn peek(&self) -> Option<Token<'a>> {
        self.toks.get(self.pos).copied()
    }

    pub fn here(&self) -> Span {
        self.spans.get(self.pos).copied().unwrap_or(self.end)
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    /// "expected X, found Y" at the current token.
    pub fn expected(&self, what: &str) -> Diagnostic {
        if self.peek().is_some_and(|t| t.tok == Tok::Unclosed) {
            return Diagnostic::error(self.here(), "this string has no closing quote on its line");
        }
        let found = match self.peek() {
            None => "';'".to_string(),
            // A string shows with its own quotes.
            Some(t) if matches!(t.tok, Tok::Str { .. }) => t.text.to_string(),
            Some(t) => quote(t.text),
        };
        Diagnostic::error(self.here(), format!("expected {what}, found {found}"))
    }

    /// Consumes the current token if it is `tok`.
    pub fn eat(&mut self, tok: Tok) -> bool {
        let hit = self.peek().is_some_and(|t| t.tok == tok);
        self.pos += hit as usize;
        hit
    }

    pub fn expect(&mut self, tok: Tok, what: &str) -> Result<(), Diagnostic> {
        if self.eat(tok) {
            Ok(())
        } else {
            Err(self.expected(what))
        }
    }

    /// `:=` (or `: =`, noted in `typos`).
    pub fn assign(&mut self, typos: &mut Vec<Span>) -> Result<(), Diagnostic> {
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

    pub fn name(&mut self) -> Result<&'a str, Diagnostic> {
        match self.peek().as_ref().and_then(Token::word) {
            Some(w) if !w.starts_with(|c: char| c.is_ascii_digit()) => {
                self.pos += 1;
                Ok(w)
            }
            _ => Err(self.expected("a name")),
        }
    }

    /// A whole number that fits in a u64, with its span.
    pub fn int(&mut self, what: &str) -> Result<Item<u64>, Diagnostic> {
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

    pub fn done(&self) -> Result<(), Diagnostic> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.expected("';'"))
        }
    }
}
