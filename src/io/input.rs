//! Reading a puzzle file: bytes → text → front-end → validation, with every
//! diagnostic rendered against the file it came from.

use std::path::{Path, PathBuf};

use crate::front::{self, InputFormat};
use crate::puzzle::diag::Diagnostics;
use crate::puzzle::ir::Puzzle;
use crate::words::{Message, Rust, Setting, Words};

/// A puzzle that parsed and validated, with the warnings met on the way.
#[derive(Debug)]
pub struct Loaded {
    pub puzzle: Puzzle,
    /// Rendered warnings (`file:line:col: warning: …`), possibly empty.
    pub warnings: String,
    /// The file name used in messages (`<stdin>` for `-`).
    pub display_name: String,
    /// A solver-safe stem for output names (`kk0`).
    pub stem: String,
    /// The format it was read as, and the text (for a face that keeps the
    /// puzzle as it was given: Python pickles it).
    pub format: InputFormat,
    pub source: String,
}

/// Why a puzzle could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{path}: cannot read: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{0}:{1}:{2}: error: the file is not UTF-8 text (binary data?): its first byte that is not UTF-8 is here"
    )]
    NotText(String, usize, usize),
    #[error("{}", unknown_format(.0, &Rust))]
    UnknownFormat(String),
    /// Parse or validation errors, already rendered with file:line:col, and
    /// the same diagnostics (warnings too), sorted, for faces that show them
    /// their own way.
    #[error("{rendered}")]
    Invalid {
        rendered: String,
        count: usize,
        diagnostics: Diagnostics,
    },
}

impl Message for LoadError {
    fn message(&self, words: &dyn Words) -> String {
        match self {
            LoadError::UnknownFormat(name) => unknown_format(name, words),
            other => other.to_string(),
        }
    }
}

fn unknown_format(name: &str, words: &dyn Words) -> String {
    format!(
        "{name}: cannot tell the input format from the file name; use {}",
        words.setting(Setting::From)
    )
}

/// Reads `path` (`-` is stdin) as `format`; without one, as a Keen ID if the
/// text starts like one, else as the format its extension names (stdin: cage
/// lines).
pub fn load(path: &Path, format: Option<InputFormat>) -> Result<Loaded, LoadError> {
    load_with(path, format, false)
}

/// As [`load`]; `killer` forces Killer Sudoku rules (the file can also ask
/// for them with a `# cagec: killer` line).
pub fn load_with(
    path: &Path,
    format: Option<InputFormat>,
    killer: bool,
) -> Result<Loaded, LoadError> {
    let is_stdin = path.as_os_str() == "-";
    let display_name = if is_stdin {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let bytes = if is_stdin {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut buf).map(|_| buf)
    } else {
        std::fs::read(path)
    }
    .map_err(|source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let src = String::from_utf8(bytes).map_err(|e| {
        // Where the text stops being UTF-8, as a line and a column of bytes.
        let good = std::str::from_utf8(&e.as_bytes()[..e.utf8_error().valid_up_to()]).unwrap_or("");
        let line = 1 + good.matches('\n').count();
        let col = 1 + good
            .rsplit('\n')
            .next()
            .map_or(0, |last| last.chars().count());
        LoadError::NotText(display_name.clone(), line, col)
    })?;
    // A Keen ID is recognised whatever the file is called (`puzzle.txt`).
    let format = match format
        .or_else(|| InputFormat::sniff(&src))
        .or_else(|| InputFormat::from_path(path))
    {
        Some(f) => f,
        None if is_stdin => InputFormat::Cages,
        None => return Err(LoadError::UnknownFormat(display_name)),
    };
    let stem = stem_of(path);
    load_str_with(&src, format, display_name, stem, killer)
}

/// Parses and validates text already in memory.
pub fn load_str(
    src: &str,
    format: InputFormat,
    display_name: String,
    stem: String,
) -> Result<Loaded, LoadError> {
    load_str_with(src, format, display_name, stem, false)
}

/// As [`load_str`], with Killer Sudoku rules forced when `killer` is set.
pub fn load_str_with(
    src: &str,
    format: InputFormat,
    display_name: String,
    stem: String,
    killer: bool,
) -> Result<Loaded, LoadError> {
    let (puzzle, mut diags) = match front::parse(format, src) {
        Ok(ok) => ok,
        Err(diags) => return Err(invalid(diags, &display_name, src)),
    };
    let puzzle = match crate::front::rules::apply(puzzle, src, killer) {
        Ok(p) => p,
        Err(errors) => {
            diags.0.extend(errors.0);
            return Err(invalid(diags, &display_name, src));
        }
    };
    diags.0.extend(crate::puzzle::valid::check(&puzzle).0);
    if diags.has_errors() {
        return Err(invalid(diags, &display_name, src));
    }
    Ok(Loaded {
        puzzle,
        warnings: diags.sorted().render(&display_name, src),
        display_name,
        stem,
        format,
        source: src.to_string(),
    })
}

fn invalid(diags: Diagnostics, name: &str, src: &str) -> LoadError {
    let diags = diags.sorted();
    let count = diags.0.iter().filter(|d| d.is_error()).count();
    LoadError::Invalid {
        rendered: diags.render(name, src),
        count,
        diagnostics: diags,
    }
}

/// A solver-safe identifier from a file name: `[A-Za-z0-9_]`, not starting
/// with a digit, at most 32 characters.
pub fn stem_of(path: &Path) -> String {
    let raw = path
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| *s != "-")
        .unwrap_or("puzzle");
    let mut s: String = raw
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .take(32)
        .collect();
    if !s.starts_with(|c: char| c.is_ascii_alphabetic()) {
        s.insert(0, 'p');
    }
    s
}
