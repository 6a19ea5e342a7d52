//! Text pieces shared by the back-ends: comment lines, equation labels,
//! section banners, line wrapping and the line buffer. They are `Display`
//! adapters so templates stream them without building strings; numbers are
//! the model's ([`crate::model::decimal`]).

use std::fmt::{self, Display, Formatter, Write};

use crate::model::decimal::{Int, SMALL};
use crate::model::{Model, Row, RowFamily, Section, VarId, VarName};

/// Spaces for padding, sliced as needed.
const SPACES: &str = "                                                                ";

/// Comment text made safe for every reader: printable ASCII on one line
/// (glpsol rejects control characters; a newline would end the comment).
pub(crate) struct CommentText<'a>(pub &'a str);

impl Display for CommentText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while !rest.is_empty() {
            let safe = rest
                .bytes()
                .take_while(|b| (b' '..=b'~').contains(b))
                .count();
            f.write_str(&rest[..safe])?;
            rest = &rest[safe..];
            if let Some(c) = rest.chars().next() {
                f.write_char(if c == '\t' { ' ' } else { '?' })?;
                rest = &rest[c.len_utf8()..];
            }
        }
        Ok(())
    }
}

/// One comment line `P (2.1) note` for a row, `P` being the format's comment
/// marker.
pub(crate) fn row_comment(f: &mut dyn Write, comments: Comments, row: &Row<'_>) -> fmt::Result {
    comment_of(f, comments, None, row)
}

/// One comment line `P name (2.1) note` for a row of a format whose rows
/// have no names of their own (OPB, CNF, FlatZinc).
pub(crate) fn named_row_comment(
    f: &mut dyn Write,
    comments: Comments,
    row: &Row<'_>,
) -> fmt::Result {
    comment_of(f, comments, Some(row.name), row)
}

fn comment_of(
    f: &mut dyn Write,
    comments: Comments,
    name: Option<&str>,
    row: &Row<'_>,
) -> fmt::Result {
    let info = row.info;
    // Piece by piece, not through `write!`: a large model has a hundred
    // thousand of these lines, and the formatting machinery cost more than
    // the text.
    comments.line(f, |w| {
        if let Some(name) = name {
            w.write_str(" ")?;
            comment_text(w, name)?;
        }
        w.write_str(" ")?;
        label(w, info.family)?;
        if !row.note.is_empty() {
            w.write_str(" ")?;
            comment_text(w, row.note)?;
        }
        Ok(())
    })
}

/// [`CommentText`], with no formatting machinery for text that needs no
/// change.
fn comment_text(w: &mut dyn Write, text: &str) -> fmt::Result {
    if text.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        w.write_str(text)
    } else {
        write!(w, "{}", CommentText(text))
    }
}

/// A row's equation label: in parentheses when it is an equation number
/// (`(2.1)`, `(6.1.5)`, the appendix's `(A.11)`), the word itself (`given`,
/// `nogood`) otherwise.
fn label(w: &mut dyn Write, family: RowFamily) -> fmt::Result {
    if family.is_numbered() {
        w.write_str("(")?;
        w.write_str(family.label())?;
        w.write_str(")")
    } else {
        w.write_str(family.label())
    }
}

/// Every row of `model` in order, each after the banners of the sections
/// it starts, written by `row` into one buffer. The rows of a large model
/// are most of its file: in one buffer they are handed on in large pieces
/// that the writers after it pass through, not copied again row by row.
pub(crate) fn each_row(
    f: &mut Formatter<'_>,
    comments: Comments,
    model: &Model,
    mut row: impl FnMut(&mut LineBuf<'_, '_>, usize) -> fmt::Result,
) -> fmt::Result {
    LineBuf::with(f, |line| {
        let mut sections = model.sections.iter().peekable();
        for index in 0..model.num_rows() {
            while let Some(section) = sections.next_if(|s| s.first_row <= index) {
                banner(line, comments, section)?;
            }
            row(line, index)?;
        }
        Ok(())
    })
}

/// The banner of one section: an empty comment line, then `P === title ===`.
pub(crate) fn banner(f: &mut dyn Write, comments: Comments, section: &Section) -> fmt::Result {
    comments.line(f, |_| Ok(()))?;
    comments.line(f, |w| write!(w, " === {} ===", CommentText(&section.title)))
}

/// The header block of every format: `model.header`, then the model's size.
pub(crate) struct Header<'a> {
    pub model: &'a Model,
    pub comments: Comments,
}

impl Display for Header<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let (m, comments) = (self.model, self.comments);
        for line in &m.header {
            comments.line(f, |w| write!(w, " {}", CommentText(line)))?;
        }
        comments.line(f, |w| {
            write!(
                w,
                " {} rows, {} columns, {} nonzeros",
                m.num_rows(),
                m.num_vars(),
                m.num_nonzeros()
            )
        })
    }
}

/// How a format writes comment lines: its marker and, for a card-image
/// format (fixed MPS: 80 columns), the widest line.
#[derive(Clone, Copy)]
pub(crate) struct Comments {
    pub marker: &'static str,
    pub width: Option<usize>,
}

/// Fixed MPS is read as 80-column cards; glpsol warns about longer records.
pub(crate) const CARD_WIDTH: usize = 80;

/// What a folded comment line starts with after the marker: an indent that no
/// comment's own text starts with.
const CONTINUED: &str = "     ";

impl Comments {
    /// Comments that are never folded.
    pub(crate) const fn plain(marker: &'static str) -> Comments {
        Comments {
            marker,
            width: None,
        }
    }

    /// One comment line: the marker, then what `body` writes (it starts with
    /// a space). With a width, a longer line is folded at spaces into lines of
    /// at most that many characters, each continuation line starting with the
    /// marker and [`CONTINUED`]; a word too long for a line is cut.
    pub(crate) fn line(
        self,
        f: &mut dyn Write,
        body: impl FnOnce(&mut dyn Write) -> fmt::Result,
    ) -> fmt::Result {
        match self.width {
            None => {
                f.write_str(self.marker)?;
                body(f)?;
                f.write_char('\n')
            }
            Some(width) => {
                let mut folded = Folded::new(f, self.marker, width);
                body(&mut folded)?;
                folded.finish()
            }
        }
    }
}

/// The longest folded line.
const MAX_WIDTH: usize = 128;

/// A comment line being folded (see [`Comments::line`]): the current line is
/// held until it is full or finished.
struct Folded<'f> {
    f: &'f mut dyn Write,
    marker: &'static str,
    width: usize,
    buf: [u8; MAX_WIDTH],
    len: usize,
    /// Where the line's own text starts: after the marker, or after the
    /// marker and [`CONTINUED`].
    start: usize,
}

impl<'f> Folded<'f> {
    fn new(f: &'f mut dyn Write, marker: &'static str, width: usize) -> Self {
        let width = width.clamp(marker.len() + CONTINUED.len() + 1, MAX_WIDTH);
        let mut folded = Folded {
            f,
            marker,
            width,
            buf: [0; MAX_WIDTH],
            len: 0,
            start: marker.len(),
        };
        folded.buf[..marker.len()].copy_from_slice(marker.as_bytes());
        folded.len = marker.len();
        folded
    }

    fn push(&mut self, b: u8) -> fmt::Result {
        let continued = self.start > self.marker.len();
        if b == b' ' && continued && self.len == self.start {
            return Ok(());
        }
        if self.len == self.width {
            if b == b' ' {
                return self.fold(self.len);
            }
            let space = self.buf[self.start + 1..self.len]
                .iter()
                .rposition(|&c| c == b' ')
                .map(|i| i + self.start + 1);
            self.fold(space.unwrap_or(self.len))?;
        }
        self.buf[self.len] = b;
        self.len += 1;
        Ok(())
    }

    /// Ends the line before `at` and carries the rest (after a space there)
    /// onto a continuation line.
    fn fold(&mut self, at: usize) -> fmt::Result {
        let end = at
            - self.buf[..at]
                .iter()
                .rev()
                .take_while(|&&c| c == b' ')
                .count();
        self.emit(end)?;
        let mut carry = [0u8; MAX_WIDTH];
        let rest = &self.buf[at..self.len];
        carry[..rest.len()].copy_from_slice(rest);
        let carried = rest.len();
        let prefix = self.marker.len() + CONTINUED.len();
        self.buf[self.marker.len()..prefix].copy_from_slice(CONTINUED.as_bytes());
        (self.len, self.start) = (prefix, prefix);
        carry[..carried].iter().try_for_each(|&b| self.push(b))
    }

    /// Writes the first `end` bytes as a line.
    fn emit(&mut self, end: usize) -> fmt::Result {
        // Only printable ASCII was pushed.
        let text = std::str::from_utf8(&self.buf[..end]).map_err(|_| fmt::Error)?;
        self.f.write_str(text)?;
        self.f.write_char('\n')
    }

    fn finish(mut self) -> fmt::Result {
        self.emit(self.len)
    }
}

impl Write for Folded<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        // CommentText made the text printable; anything else is replaced the
        // same way, so a line never breaks inside a character.
        for c in s.chars() {
            let b = match c {
                ' '..='~' => c as u8,
                '\t' => b' ',
                _ => b'?',
            };
            self.push(b)?;
        }
        Ok(())
    }
}

/// Text gathered in a buffer and written to the formatter in one call: rows
/// and columns are most of every file, and a formatter call per token was
/// most of the cost of writing them. The buffer is a `String` (nothing is
/// validated again on the way out) borrowed from the thread, so a million
/// columns do not mean a million allocations.
///
/// A buffer exists only inside [`LineBuf::with`], which writes out what is
/// left when its body succeeds: no writer can forget the last flush and
/// lose the end of its output.
pub(crate) struct LineBuf<'f, 'g> {
    f: &'f mut Formatter<'g>,
    buf: String,
}

/// A buffer this full is written out before more is added.
const FLUSH_AT: usize = 1 << 16;

thread_local! {
    static SPARE: std::cell::Cell<String> = const { std::cell::Cell::new(String::new()) };
}

impl<'f, 'g> LineBuf<'f, 'g> {
    /// Runs `body` with a buffer over `f`, then writes out what it left. On
    /// an error nothing more is written: the output is abandoned anyway.
    pub(crate) fn with(
        f: &'f mut Formatter<'g>,
        body: impl FnOnce(&mut LineBuf<'f, 'g>) -> fmt::Result,
    ) -> fmt::Result {
        let mut buf = SPARE.take();
        buf.clear();
        let mut line = LineBuf { f, buf };
        body(&mut line)?;
        line.flush()
    }

    #[inline]
    pub(crate) fn push(&mut self, text: &str) -> fmt::Result {
        self.buf.push_str(text);
        if self.buf.len() >= FLUSH_AT {
            self.flush()?;
        }
        Ok(())
    }

    /// An integer in decimal: from the static table when small, else by
    /// `itoa` (OPB and CNF write millions of variable numbers).
    #[inline]
    pub(crate) fn push_int(&mut self, value: i64) -> fmt::Result {
        if value.unsigned_abs() <= SMALL as u64 {
            return self.push(Int::new(value).as_str());
        }
        self.push(itoa::Buffer::new().format(value))
    }

    /// A variable's name.
    #[inline]
    pub(crate) fn push_var(&mut self, model: &Model, var: VarId) -> fmt::Result {
        self.push_name(model.name_of(var))
    }

    /// A variable's name (see [`Model::name_of`]).
    #[inline]
    pub(crate) fn push_name(&mut self, name: VarName<'_>) -> fmt::Result {
        name.push_to(&mut self.buf);
        if self.buf.len() >= FLUSH_AT {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes what is buffered.
    pub(crate) fn flush(&mut self) -> fmt::Result {
        self.f.write_str(&self.buf)?;
        self.buf.clear();
        Ok(())
    }
}

impl Write for LineBuf<'_, '_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push(s)
    }
}

impl Drop for LineBuf<'_, '_> {
    fn drop(&mut self) {
        SPARE.set(std::mem::take(&mut self.buf));
    }
}

/// Writes tokens on lines of at most `limit` characters, breaking only
/// between tokens. Every token starts with a space, so a continuation line
/// starts with a space and then the token's sign or keyword.
///
pub(crate) struct Wrap<'b, 'f, 'g> {
    line: &'b mut LineBuf<'f, 'g>,
    col: usize,
    limit: usize,
}

impl<'b, 'f, 'g> Wrap<'b, 'f, 'g> {
    /// Wrapped lines in `line`, starting on a fresh line.
    pub(crate) fn new(line: &'b mut LineBuf<'f, 'g>, limit: usize) -> Self {
        Wrap {
            line,
            col: 0,
            limit,
        }
    }

    fn push(&mut self, text: &str) -> fmt::Result {
        self.line.push(text)
    }

    fn flush(&mut self) -> fmt::Result {
        self.line.flush()
    }

    /// The buffer itself, for whole lines written before the wrapped one
    /// (a row's comment).
    pub(crate) fn buffer(&mut self) -> &mut LineBuf<'f, 'g> {
        self.line
    }

    /// Starts a new line if a token of `len` characters would not fit.
    fn make_room(&mut self, len: usize) -> fmt::Result {
        if self.col > 0 && self.col + len > self.limit {
            self.push("\n")?;
            self.col = 0;
        }
        self.col += len;
        Ok(())
    }

    /// Text that never starts a line of its own (a row's `name:`).
    pub(crate) fn lead(&mut self, text: &str) -> fmt::Result {
        self.col += text.len();
        self.push(text)
    }

    /// ` + 3 v` / ` - 2 v`: one sign, the absolute value, the name.
    pub(crate) fn term(&mut self, coef: i64, name: &str) -> fmt::Result {
        self.coefficient(coef, name.len())?;
        self.push(name)
    }

    /// [`term`](Self::term) for a variable of `model`, written straight
    /// from the model (see [`Model::name_of`]).
    #[inline]
    pub(crate) fn var_term(&mut self, coef: i64, model: &Model, var: VarId) -> fmt::Result {
        let name = model.name_of(var);
        self.coefficient(coef, name.len())?;
        self.line.push_name(name)
    }

    /// A term's ` + 3 ` before a name of `name_len` bytes, with room for both.
    // Always: most of an LP file is terms (measured: 4% more instructions
    // writing one when the compiler chose a call).
    #[inline(always)]
    fn coefficient(&mut self, coef: i64, name_len: usize) -> fmt::Result {
        // Most coefficients are ±1 (and 0 in an empty objective): one
        // piece instead of three.
        let unit = match coef {
            1 => " + 1 ",
            -1 => " - 1 ",
            0 => " + 0 ",
            _ => "",
        };
        if !unit.is_empty() {
            self.make_room(unit.len() + name_len)?;
            return self.push(unit);
        }
        let sign = if coef < 0 { " - " } else { " + " };
        let abs = Int::with_sign(false, coef.unsigned_abs());
        self.make_room(sign.len() + abs.as_str().len() + 1 + name_len)?;
        self.push(sign)?;
        self.push(abs.as_str())?;
        self.push(" ")
    }

    /// ` name` for a variable of `model`, as in a `Generals` list.
    #[inline]
    pub(crate) fn var_word(&mut self, model: &Model, var: VarId) -> fmt::Result {
        let name = model.name_of(var);
        self.make_room(1 + name.len())?;
        self.push(" ")?;
        self.line.push_name(name)
    }

    /// ` <= -6`: the sense and the right-hand side, its sign attached.
    pub(crate) fn sense(&mut self, symbol: &str, rhs: i64) -> fmt::Result {
        let rhs = Int::new(rhs);
        self.make_room(2 + symbol.len() + rhs.as_str().len())?;
        self.push(" ")?;
        self.push(symbol)?;
        self.push(" ")?;
        self.push(rhs.as_str())
    }

    /// Ends the current line, if anything is on it, and writes what is buffered.
    pub(crate) fn end_line(&mut self) -> fmt::Result {
        self.next_line()?;
        self.flush()
    }

    /// Ends the current line, if anything is on it, and keeps the buffer
    /// for the next one: a writer of many short lines (the rows of an LP
    /// file) hands them on in large pieces, which the buffers after it pass
    /// through instead of copying again.
    pub(crate) fn next_line(&mut self) -> fmt::Result {
        if self.col > 0 {
            self.col = 0;
            self.push("\n")?;
        }
        Ok(())
    }
}

/// Writes the fields of an MPS line at fixed columns when they fit, so free
/// MPS reads like fixed MPS for short names; a field that cannot start at its
/// column is set off by one space (free MPS only: fixed MPS names fit).
pub(crate) struct Fields<'b, 'f, 'g> {
    line: &'b mut LineBuf<'f, 'g>,
    col: usize,
    /// The first write error; reported by `end`.
    result: fmt::Result,
}

impl<'b, 'f, 'g> Fields<'b, 'f, 'g> {
    /// Lines of fields in `line`, starting on a fresh line.
    pub(crate) fn new(line: &'b mut LineBuf<'f, 'g>) -> Self {
        Fields {
            line,
            col: 0,
            result: Ok(()),
        }
    }

    /// Writes `text` starting at 1-based column `start` if possible.
    #[inline]
    pub(crate) fn at(&mut self, start: usize, text: &str) -> &mut Self {
        let target = start - 1;
        let pad = if self.col < target {
            target - self.col
        } else {
            usize::from(self.col > 0)
        };
        if self.result.is_ok() {
            self.result = self
                .line
                .push(&SPACES[..pad.min(SPACES.len())])
                .and_then(|()| self.line.push(text));
        }
        self.col += pad + text.len();
        self
    }

    /// Starts the line with `fields`, the line a first field wrote (its
    /// padding included): a column's name begins each of its entries.
    #[inline]
    pub(crate) fn repeat(&mut self, fields: &Repeated) -> &mut Self {
        if self.result.is_ok() {
            self.result = self.line.push(&fields.text);
        }
        self.col = fields.text.len();
        self
    }

    /// Ends the line and starts the next one, keeping them buffered.
    #[inline]
    pub(crate) fn next_line(&mut self) -> &mut Self {
        if self.result.is_ok() {
            self.result = self.line.push("\n");
        }
        self.col = 0;
        self
    }

    /// The first failed write so far, if any; the lines stay buffered.
    pub(crate) fn result(&self) -> fmt::Result {
        self.result
    }
}

/// The start of a line that [`Fields::repeat`] writes again and again: the
/// text of `Fields::at(start, text)` on an empty line.
pub(crate) struct Repeated {
    text: String,
}

impl Repeated {
    /// In `buf`'s memory (given back by [`into_buf`](Self::into_buf)): MPS
    /// makes one per column, a million of them.
    pub(crate) fn at(mut buf: String, start: usize, text: &str) -> Repeated {
        buf.clear();
        buf.push_str(&SPACES[..(start - 1).min(SPACES.len())]);
        buf.push_str(text);
        Repeated { text: buf }
    }

    pub(crate) fn into_buf(self) -> String {
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct W<F: Fn(&mut Formatter<'_>) -> fmt::Result>(F);
    impl<F: Fn(&mut Formatter<'_>) -> fmt::Result> Display for W<F> {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            (self.0)(f)
        }
    }

    #[test]
    fn integers_format_like_std() {
        let edges = [0, 1, -1, 9, 10, -10, 123_456, i64::MAX, i64::MIN];
        let tens = (0..19).flat_map(|k| {
            let p = 10i64.pow(k);
            [p - 1, p, p + 1, -p, 2 * p + 37]
        });
        for v in (-20_000..=20_000).chain(edges).chain(tens) {
            assert_eq!(Int::new(v).as_str(), v.to_string());
        }
        assert_eq!(Int::with_sign(true, 0).as_str(), "0");
    }

    #[test]
    fn comments_stay_on_one_printable_line() {
        let s = CommentText("a\tb\nc é\r").to_string();
        assert_eq!(s, "a b?c ??");
    }

    #[test]
    fn labels() {
        let label = |family| {
            let mut out = String::new();
            label(&mut out, family).unwrap();
            out
        };
        assert_eq!(label(RowFamily::CellValue), "(2.1)");
        assert_eq!(label(RowFamily::PrimeExponents), "(6.1.5)");
        assert_eq!(label(RowFamily::ValueSetMembers), "(A.11)");
        assert_eq!(label(RowFamily::Given), "given");
        assert_eq!(label(RowFamily::NoGood), "nogood");
        // Labels go into comments as they are: each must be safe there.
        for family in RowFamily::ALL {
            let shown = label(family);
            assert_eq!(CommentText(&shown).to_string(), shown);
        }
    }

    #[test]
    fn comments_fold_at_spaces_into_marked_lines() {
        let card = Comments {
            marker: "*",
            width: Some(30),
        };
        let fold = |text: &'static str| W(move |f| card.line(f, |w| w.write_str(text))).to_string();
        // A line that fits is written as it is.
        assert_eq!(fold(" short enough"), "* short enough\n");
        assert_eq!(fold(""), "*\n");
        let long = " (5.4) cage 7 (2%): with u_7 = 1, y_a <= 2 y_b; big-M = 6";
        let out = fold(long);
        assert_eq!(
            out,
            "* (5.4) cage 7 (2%): with u_7\n\
             *     = 1, y_a <= 2 y_b; big-M\n\
             *     = 6\n"
        );
        assert!(out.lines().all(|l| l.len() <= 30), "{out}");
        // The words come back when the continuation marks are taken off.
        let words: Vec<&str> = out
            .lines()
            .flat_map(|l| l[1..].split_whitespace())
            .collect();
        assert_eq!(words, long.split_whitespace().collect::<Vec<_>>());
        // A word longer than a line is cut; tabs and other characters are
        // made printable as in CommentText.
        let out = fold(" abcdefghijklmnopqrstuvwxyz0123456789\tz\u{e9}");
        assert_eq!(out, "* abcdefghijklmnopqrstuvwxyz01\n*     23456789 z?\n");
        // Unlimited comments are never folded.
        let plain = Comments::plain("#");
        let out = W(|f| plain.line(f, |w| w.write_str(long))).to_string();
        assert_eq!(out, format!("#{long}\n"));
    }

    #[test]
    fn a_line_buffer_writes_everything_its_body_leaves() {
        // Past the flush threshold and a tail below it: all of it comes out.
        let text = "0123456789".repeat(FLUSH_AT / 10 + 7);
        let out = W(|f| LineBuf::with(f, |line| line.push(&text))).to_string();
        assert_eq!(out, text);
        // A body that fails abandons its tail (the output is abandoned).
        let failed = W(|f| {
            LineBuf::with(f, |line| {
                line.push("kept only on success")?;
                Err(fmt::Error)
            })
        });
        assert!(std::fmt::write(&mut String::new(), format_args!("{failed}")).is_err());
    }

    #[test]
    fn wrap_breaks_between_terms() {
        let out = W(|f| {
            LineBuf::with(f, |line| {
                let mut w = Wrap::new(line, 20);
                w.lead("r:")?;
                for _ in 0..4 {
                    w.term(-12, "abc")?;
                }
                w.sense("<=", -6)?;
                w.end_line()
            })
        })
        .to_string();
        assert_eq!(out, "r: - 12 abc - 12 abc\n - 12 abc - 12 abc\n <= -6\n");
        assert!(out.lines().all(|l| l.len() <= 20));
    }

    #[test]
    fn fields_align_or_fall_back_to_one_space() {
        let out = W(|f| {
            LineBuf::with(f, |line| {
                Fields::new(line)
                    .at(5, "x_1")
                    .at(15, "cell_1_1")
                    .at(25, "1")
                    .next_line()
                    .result()?;
                Fields::new(line)
                    .at(5, "a_long_column_name")
                    .at(15, "r")
                    .next_line()
                    .result()
            })
        })
        .to_string();
        assert_eq!(out, "    x_1       cell_1_1  1\n    a_long_column_name r\n");
    }
}
