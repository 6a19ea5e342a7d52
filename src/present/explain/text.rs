//! Text layout of the explanation: rows as LP-like text, notes without the
//! cage prefix, and line wrapping that never breaks a formula.

use crate::model::{Model, Sense};

/// Lines of explanation are wrapped at this width.
pub(super) const WIDTH: usize = 96;

/// A row as text, in pieces that may wrap: `cage_7_r1:`, `y_4_4`, `- 2 y_4_3`,
/// `+ 6 u_7`, `>= 0`.
pub(super) fn row_pieces(model: &Model, r: usize) -> Vec<String> {
    let row = model.row(r);
    let mut pieces = vec![format!("{}:", row.name)];
    for (i, t) in row.terms.iter().enumerate() {
        let coef = match t.coef.unsigned_abs() {
            1 => String::new(),
            a => format!("{a} "),
        };
        let sign = match (i, t.coef < 0) {
            (0, false) => "",
            (0, true) => "-",
            (_, false) => "+ ",
            (_, true) => "- ",
        };
        pieces.push(format!("{sign}{coef}{}", model.var_name(t.var)));
    }
    let sense = match row.info.sense {
        Sense::Le => "<=",
        Sense::Ge => ">=",
        Sense::Eq => "=",
    };
    pieces.push(format!("{sense} {}", row.info.rhs));
    pieces
}

/// The note without its `cage 7 (2%): ` prefix, which the heading already says.
pub(super) fn short_note(note: &str, cn: usize) -> &str {
    let Some(rest) = note.strip_prefix(&format!("cage {cn}")) else {
        return note;
    };
    if let Some(after) = rest.strip_prefix(" (") {
        return after.split_once("): ").map_or(note, |(_, n)| n);
    }
    rest.strip_prefix(": ").unwrap_or(note)
}

/// Joins `pieces` with spaces into lines of at most [`WIDTH`] characters
/// (a piece longer than that gets a line of its own).
pub(super) fn wrap(pieces: &[String], first: &str, rest: &str) -> String {
    wrap_at(pieces, first, rest, WIDTH)
}

/// [`wrap`] at `width` characters.
fn wrap_at(pieces: &[String], first: &str, rest: &str, width: usize) -> String {
    let mut out = String::from(first);
    let mut line_len = first.chars().count();
    let mut at_start = true;
    for piece in pieces {
        let len = piece.chars().count();
        if !at_start && line_len + 1 + len > width {
            out.push('\n');
            out.push_str(rest);
            line_len = rest.chars().count();
            at_start = true;
        }
        if !at_start {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(piece);
        line_len += len;
        at_start = false;
    }
    out
}

/// Wraps prose, never inside a formula: an operator stays on the line of
/// the words on both its sides (`M >= 3·2 = 6` is never broken).
pub(super) fn wrap_words(text: &str, first: &str, rest: &str) -> String {
    wrap_words_at(text, first, rest, WIDTH)
}

/// [`wrap_words`] at `width` characters (`usize::MAX`: one line).
pub(super) fn wrap_words_at(text: &str, first: &str, rest: &str, width: usize) -> String {
    const OPERATORS: &[&str] = &["=", "<=", ">=", "+", "-", "·"];
    let mut pieces: Vec<String> = Vec::new();
    let mut glue = false;
    for word in text.split_whitespace() {
        let op = OPERATORS.contains(&word);
        match pieces.last_mut() {
            Some(last) if glue || op => {
                last.push(' ');
                last.push_str(word);
            }
            _ => pieces.push(word.to_string()),
        }
        glue = op;
    }
    wrap_at(&pieces, first, rest, width)
}
