//! Diagnostics: every complaint about an input, with where it is and what was
//! expected versus found. Front-ends and validation collect all of them for a
//! file; the CLI renders them (with the source line and a caret) and exits 2.

use std::fmt;

/// A 1-based line and column in the source text (0 = unknown).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    pub line: u32,
    pub col: u32,
}

impl Span {
    pub fn new(line: u32, col: u32) -> Span {
        Span { line, col }
    }

    /// The span of byte `offset` in `src` (columns count characters).
    pub fn at_offset(src: &str, offset: usize) -> Span {
        let offset = offset.min(src.len());
        let before = &src[..offset];
        let line = before.matches('\n').count() as u32 + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() as u32 + 1;
        Span { line, col }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

/// One message about an input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub span: Span,
    /// What is wrong, lower-case, no trailing period.
    pub message: String,
    /// What the reader wanted there, if that helps (`a cell number`).
    pub expected: Option<String>,
    /// What it found instead (`'x'`, `end of line`).
    pub found: Option<String>,
    /// Other places that explain the error (`cell 3 is first listed here`),
    /// rendered after it.
    pub notes: Vec<Note>,
}

/// A place in the source that explains an error, such as the first of two
/// listings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub span: Span,
    pub message: String,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            span,
            message: message.into(),
            expected: None,
            found: None,
            notes: Vec::new(),
        }
    }

    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }

    pub fn expected(mut self, expected: impl Into<String>, found: impl Into<String>) -> Diagnostic {
        self.expected = Some(expected.into());
        self.found = Some(found.into());
        self
    }

    /// Adds a note at `span`, shown after the error with its source line.
    pub fn note(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.notes.push(Note {
            span,
            message: message.into(),
        });
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `file:line:col: error: message (expected X, found Y)`, then the source
    /// line and a caret under the column when the line exists; then each note
    /// the same way (`file:line:col: note: message`).
    pub fn render(&self, file: &str, src: &str) -> String {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut message = self.message.clone();
        if let (Some(e), Some(f)) = (&self.expected, &self.found) {
            message.push_str(&format!(" (expected {e}, found {f})"));
        }
        let mut out = String::new();
        excerpt(&mut out, file, src, self.span, kind, &message);
        for note in &self.notes {
            excerpt(&mut out, file, src, note.span, "note", &note.message);
        }
        out
    }
}

/// `file:line:col: kind: message`, then the source line and a caret under the
/// column when the line exists.
fn excerpt(out: &mut String, file: &str, src: &str, span: Span, kind: &str, message: &str) {
    if span.line > 0 {
        out.push_str(&format!("{file}:{}:{}: ", span.line, span.col));
    } else {
        out.push_str(&format!("{file}: "));
    }
    out.push_str(&format!("{kind}: {message}\n"));
    if span.line > 0
        && let Some(text) = src.lines().nth(span.line as usize - 1)
    {
        let text = text.trim_end_matches('\r');
        // Long lines are cut around the column so the caret stays readable.
        let col = span.col.max(1) as usize - 1;
        let chars: Vec<char> = text.chars().collect();
        let start = col.saturating_sub(60);
        let end = (col + 60).min(chars.len());
        let shown: String = chars[start.min(end)..end]
            .iter()
            .map(|c| if c.is_control() { '?' } else { *c })
            .collect();
        let prefix = if start > 0 { "..." } else { "" };
        out.push_str(&format!("  | {prefix}{shown}\n"));
        out.push_str(&format!(
            "  | {}^\n",
            " ".repeat(prefix.len() + col - start.min(col))
        ));
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.span.line, self.span.col, self.message)?;
        if let (Some(e), Some(found)) = (&self.expected, &self.found) {
            write!(f, " (expected {e}, found {found})")?;
        }
        for note in &self.notes {
            write!(
                f,
                "; {}:{}: note: {}",
                note.span.line, note.span.col, note.message
            )?;
        }
        Ok(())
    }
}

/// All diagnostics for one input, errors and warnings alike.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    /// Sorted by position so the report reads top to bottom.
    pub fn sorted(mut self) -> Diagnostics {
        self.0.sort_by_key(|d| d.span);
        self
    }

    pub fn render(&self, file: &str, src: &str) -> String {
        self.0.iter().map(|d| d.render(file, src)).collect()
    }
}

/// At most this many errors are kept; a last one says how many were dropped.
/// Rendering quotes the source line of each, so an unbounded count on a huge
/// line would take quadratic time.
pub const MAX_ERRORS: usize = 100;

/// Keeps the first [`MAX_ERRORS`] errors (and every warning) of `diags`.
pub fn cap(diags: Diagnostics) -> Diagnostics {
    let errors = diags.0.iter().filter(|d| d.is_error()).count();
    if errors <= MAX_ERRORS {
        return diags;
    }
    let mut kept = Vec::new();
    let mut seen = 0;
    let mut last = Span::default();
    for d in diags.0 {
        if d.is_error() {
            seen += 1;
            if seen > MAX_ERRORS {
                continue;
            }
            last = last.max(d.span);
        }
        kept.push(d);
    }
    let dropped = errors - MAX_ERRORS;
    kept.push(Diagnostic::error(
        last,
        format!("too many errors: {dropped} more not shown"),
    ));
    Diagnostics(kept)
}
