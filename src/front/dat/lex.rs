//! Tokens of the AMPL data subset: words (names and numbers), quoted strings,
//! `:=` (and the paper's `: =`), and punctuation. `#` starts a comment.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till, take_while, take_while1};
use nom::character::complete::{anychar, char, one_of};
use nom::combinator::{map, recognize, value};
use nom::sequence::preceded;
use nom::{IResult, Parser};

type Res<'a, T> = IResult<&'a str, T, ()>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok<'a> {
    /// A name or a number: a run of letters, digits, `_` and `.`.
    Word(&'a str),
    /// A quoted string, without its quotes; `curly` for “…” or ‘…’.
    Str {
        text: &'a str,
        curly: bool,
    },
    /// `:=`; `typo` when written `: =` as in the paper.
    Assign {
        typo: bool,
    },
    Colon,
    Semi,
    LParen,
    RParen,
    LBrack,
    RBrack,
    Comma,
    /// A string whose closing quote is missing on its line.
    Unclosed,
    /// Any other character.
    Bad(char),
}

#[derive(Clone, Copy, Debug)]
pub struct Token<'a> {
    pub tok: Tok<'a>,
    /// Byte offset in the source.
    pub off: usize,
    /// The text as written.
    pub text: &'a str,
}

impl<'a> Token<'a> {
    pub fn word(&self) -> Option<&'a str> {
        match self.tok {
            Tok::Word(w) => Some(w),
            _ => None,
        }
    }
}

/// Spaces, tabs, newlines and `#` comments.
fn skip(mut i: &str) -> &str {
    loop {
        let (rest, _) = take_while::<_, _, ()>(char::is_whitespace)(i).unwrap_or((i, ""));
        match preceded(char::<_, ()>('#'), take_till(|c| c == '\n')).parse(rest) {
            Ok((after, _)) => i = after,
            Err(_) => return rest,
        }
    }
}

fn word(i: &str) -> Res<'_, Tok<'_>> {
    map(
        take_while1(|c: char| c.is_alphanumeric() || c == '_' || c == '.'),
        Tok::Word,
    )
    .parse(i)
}

fn assign(i: &str) -> Res<'_, Tok<'_>> {
    alt((
        value(Tok::Assign { typo: false }, tag(":=")),
        value(
            Tok::Assign { typo: true },
            recognize((
                char(':'),
                take_while1(|c: char| c == ' ' || c == '\t'),
                char('='),
            )),
        ),
        value(Tok::Colon, char(':')),
    ))
    .parse(i)
}

fn string(i: &str) -> Res<'_, Tok<'_>> {
    let (rest, open) = one_of("\"'\u{201c}\u{2018}")(i)?;
    let (close, curly) = match open {
        '\u{201c}' => ('\u{201d}', true),
        '\u{2018}' => ('\u{2019}', true),
        c => (c, false),
    };
    let (rest, text) = take_till(|c| c == close || c == '\n')(rest)?;
    match rest.strip_prefix(close) {
        Some(rest) => Ok((rest, Tok::Str { text, curly })),
        None => Ok((rest, Tok::Unclosed)),
    }
}

fn punct(i: &str) -> Res<'_, Tok<'_>> {
    alt((
        value(Tok::Semi, char(';')),
        value(Tok::LParen, char('(')),
        value(Tok::RParen, char(')')),
        value(Tok::LBrack, char('[')),
        value(Tok::RBrack, char(']')),
        value(Tok::Comma, char(',')),
        map(anychar, Tok::Bad),
    ))
    .parse(i)
}

/// Every token of `src`, in order.
pub fn tokens(src: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut rest = src;
    loop {
        rest = skip(rest);
        if rest.is_empty() {
            return out;
        }
        let Ok((after, tok)) = alt((word, assign, string, punct)).parse(rest) else {
            return out;
        };
        let off = src.len() - rest.len();
        let text = &rest[..rest.len() - after.len()];
        out.push(Token { tok, off, text });
        rest = after;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(src: &str) -> Vec<Tok<'_>> {
        tokens(src).into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn the_papers_lines() {
        assert_eq!(
            toks("set cage[1]: = (1, 1) # c\nparam n:=5;"),
            vec![
                Tok::Word("set"),
                Tok::Word("cage"),
                Tok::LBrack,
                Tok::Word("1"),
                Tok::RBrack,
                Tok::Assign { typo: true },
                Tok::LParen,
                Tok::Word("1"),
                Tok::Comma,
                Tok::Word("1"),
                Tok::RParen,
                Tok::Word("param"),
                Tok::Word("n"),
                Tok::Assign { typo: false },
                Tok::Word("5"),
                Tok::Semi,
            ]
        );
        assert_eq!(
            toks("1 9 \"product\" 'ratio' “sum” \"x\n="),
            vec![
                Tok::Word("1"),
                Tok::Word("9"),
                Tok::Str {
                    text: "product",
                    curly: false
                },
                Tok::Str {
                    text: "ratio",
                    curly: false
                },
                Tok::Str {
                    text: "sum",
                    curly: true
                },
                Tok::Unclosed,
                Tok::Bad('='),
            ]
        );
    }
}
