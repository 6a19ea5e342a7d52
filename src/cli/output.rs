//! Where commands write: files atomically ([`cagec::io::atomic`], cancelled by
//! Ctrl-C), or standard output.

use std::io::{self, BufWriter, Write};
use std::path::Path;

pub use cagec::io::atomic::Fill;

/// Files written together, atomically, that Ctrl-C cancels (see
/// [`super::interrupt`]).
pub fn files() -> cagec::io::atomic::AtomicFiles<'static> {
    cagec::io::atomic::AtomicFiles::cancellable(super::interrupt::flag())
}

/// The exit code and message for a failed write: an interrupt is 130 (143,
/// 129: see [`super::interrupt`]), any other error an I/O error.
pub fn write_error(e: &io::Error) -> u8 {
    let (text, code) = write_error_text(e);
    eprint!("{text}");
    code
}

/// [`write_error`]'s message and exit code, without printing.
pub fn write_error_text(e: &io::Error) -> (String, u8) {
    if cagec::io::atomic::is_cancelled(e) {
        (
            "cagec: interrupted; nothing was written\n".into(),
            super::interrupt::exit_code(),
        )
    } else {
        (
            format!("cagec: {e}; nothing was written\n"),
            super::exit::IO,
        )
    }
}

/// Writes `text` to `path` atomically, or to standard output when there is
/// no path or it is `-`; returns the exit code, having reported any error.
pub fn emit_text(path: Option<&Path>, text: &str) -> u8 {
    let fill: Fill = Box::new(|w| w.write_all(text.as_bytes()));
    let result = match path.filter(|p| p.as_os_str() != "-") {
        None => to_stdout(fill),
        Some(path) => {
            let mut files = files();
            files.write(path, fill).and_then(|()| files.commit())
        }
    };
    match result {
        Ok(()) => super::exit::OK,
        Err(e) => write_error(&e),
    }
}

/// Writes to standard output, buffered. A closed pipe (`| head`) is not an error.
pub fn to_stdout(fill: Fill<'_>) -> io::Result<()> {
    let stdout = io::stdout();
    let mut w = BufWriter::with_capacity(1 << 16, stdout.lock());
    match fill(&mut w).and_then(|()| w.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}
