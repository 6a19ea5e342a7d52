//! Small helpers shared by the front-ends: positions, token descriptions for
//! "found …" messages, numbers that may overflow, and the error cap.

use crate::puzzle::diag::Span;

/// Turns byte offsets into spans. Offsets usually come in increasing order, so
/// it walks forward from the last one: linear time even on a 10 MB line with
/// many errors (columns count characters, like [`Span::at_offset`]).
pub struct Locator<'a> {
    src: &'a str,
    off: usize,
    span: Span,
}

impl<'a> Locator<'a> {
    pub fn new(src: &'a str) -> Locator<'a> {
        Locator {
            src,
            off: 0,
            span: Span::new(1, 1),
        }
    }

    pub fn span(&mut self, off: usize) -> Span {
        let mut off = off.min(self.src.len());
        while !self.src.is_char_boundary(off) {
            off -= 1;
        }
        if off < self.off {
            self.off = 0;
            self.span = Span::new(1, 1);
        }
        for c in self.src[self.off..off].chars() {
            if c == '\n' {
                self.span = Span::new(self.span.line + 1, 1);
            } else {
                self.span.col += 1;
            }
        }
        self.off = off;
        self.span
    }
}

/// Quotes `token` for a message: at most 24 characters, control characters
/// escaped, `end of line` when empty.
pub fn quote(token: &str) -> String {
    if token.is_empty() {
        return "end of line".to_string();
    }
    let mut out = String::new();
    for c in token.chars().take(24) {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    if token.chars().nth(24).is_some() {
        out.push('…');
    }
    format!("'{out}'")
}

/// The word at the start of `rest` as it should appear after "found": the run
/// of characters up to white space (or one character when it is punctuation).
pub fn found(rest: &str) -> String {
    let word: &str = match rest.char_indices().find(|&(_, c)| c.is_whitespace()) {
        Some((i, _)) => &rest[..i],
        None => rest,
    };
    match word.chars().next() {
        Some(c) if !c.is_alphanumeric() => quote(&word[..c.len_utf8()]),
        _ => quote(word),
    }
}

/// A decimal number that must fit in a `u64`; `Err` carries the message.
pub fn number(digits: &str, what: &str) -> Result<u64, String> {
    digits.parse::<u64>().map_err(|_| {
        format!(
            "{what} {} is too large (the largest accepted is {})",
            quote(digits).trim_matches('\''),
            u64::MAX
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locator_matches_at_offset() {
        let src = "ab\r\n÷cd\n\nxyz";
        let mut loc = Locator::new(src);
        for off in (0..=src.len()).filter(|&o| src.is_char_boundary(o)) {
            assert_eq!(loc.span(off), Span::at_offset(src, off), "offset {off}");
        }
        assert_eq!(loc.span(1), Span::new(1, 2));
    }

    #[test]
    fn found_describes_the_next_token() {
        assert_eq!(found("q 1 2"), "'q'");
        assert_eq!(found(""), "end of line");
        assert_eq!(found(",3"), "','");
        assert_eq!(found("5x 3"), "'5x'");
        assert_eq!(found("\u{0}\u{1}"), "'\\0'");
        assert_eq!(quote(&"9".repeat(30)), format!("'{}…'", "9".repeat(24)));
    }

    #[test]
    fn number_reports_overflow() {
        assert_eq!(number("18446744073709551615", "target"), Ok(u64::MAX));
        let e = number("18446744073709551616", "target").unwrap_err();
        assert!(
            e.starts_with("target 18446744073709551616 is too large"),
            "{e}"
        );
    }
}
