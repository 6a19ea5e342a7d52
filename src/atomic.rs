//! Writing files atomically: every file of one job is written to a temporary
//! file in its target directory and renamed into place only when all of them
//! were written, so an error or an interrupt never leaves a partial file.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use tempfile::NamedTempFile;

/// A writer callback: fills one output.
pub type Fill<'a> = Box<dyn FnOnce(&mut dyn Write) -> io::Result<()> + 'a>;

/// The error a write fails with once the cancel flag is set.
#[derive(Debug, thiserror::Error)]
#[error("interrupted")]
pub struct Cancelled;

/// Whether `e` is a [`Cancelled`] write.
pub fn is_cancelled(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<Cancelled>())
}

/// Files written together: all appear, or none does.
#[derive(Default)]
pub struct AtomicFiles<'c> {
    done: Vec<(PathBuf, NamedTempFile)>,
    cancel: Option<&'c AtomicBool>,
}

impl<'c> AtomicFiles<'c> {
    /// Files whose writes fail with [`Cancelled`] as soon as `cancel` is set
    /// (Ctrl-C): the temporary files are then removed and nothing appears.
    pub fn cancellable(cancel: &'c AtomicBool) -> AtomicFiles<'c> {
        AtomicFiles {
            done: Vec::new(),
            cancel: Some(cancel),
        }
    }

    /// Writes `fill` into a temporary file beside `path`.
    pub fn write(&mut self, path: &Path, fill: Fill<'_>) -> io::Result<()> {
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".cagec-").suffix(".tmp");
        // Temporary files are private (0600); an output is an ordinary file.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o644));
        }
        let mut tmp = builder.tempfile_in(dir).map_err(|e| annotate(e, path))?;
        {
            let checked = Checked {
                inner: tmp.as_file_mut(),
                cancel: self.cancel,
            };
            let mut w = BufWriter::with_capacity(1 << 16, checked);
            fill(&mut w).map_err(|e| annotate(e, path))?;
            w.flush().map_err(|e| annotate(e, path))?;
        }
        self.done.push((path.to_path_buf(), tmp));
        Ok(())
    }

    /// Moves every file into place. Dropping without committing removes them.
    pub fn commit(self) -> io::Result<()> {
        if self.cancel.is_some_and(|c| c.load(Ordering::SeqCst)) {
            return Err(io::Error::other(Cancelled));
        }
        for (path, tmp) in self.done {
            tmp.persist(&path).map_err(|e| annotate(e.error, &path))?;
        }
        Ok(())
    }
}

/// Keeps the error's kind and source (a [`Cancelled`] stays recognisable)
/// and names the file.
fn annotate(e: io::Error, path: &Path) -> io::Error {
    if is_cancelled(&e) {
        return e;
    }
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// A writer that refuses to go on once the cancel flag is set. It sits under
/// the 64 KB buffer, so the flag is read once per buffer, not per token.
struct Checked<'a, 'c> {
    inner: &'a mut std::fs::File,
    cancel: Option<&'c AtomicBool>,
}

impl Write for Checked<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(io::Error::other(Cancelled));
        }
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_appears_unless_every_file_was_written() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.lp");
        let b = dir.path().join("b.lp");
        let mut files = AtomicFiles::default();
        files.write(&a, Box::new(|w| w.write_all(b"ok"))).unwrap();
        let err = files.write(&b, Box::new(|_| Err(io::Error::other("boom"))));
        assert!(err.is_err());
        drop(files);
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(left.is_empty(), "no partial or temporary file may remain");

        let mut files = AtomicFiles::default();
        files.write(&a, Box::new(|w| w.write_all(b"one"))).unwrap();
        files.write(&b, Box::new(|w| w.write_all(b"two"))).unwrap();
        files.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "one");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&a).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o644, "outputs are not private temp files");
        }
        assert_eq!(std::fs::read_to_string(&b).unwrap(), "two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[test]
    fn a_cancelled_write_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let flag = AtomicBool::new(false);
        let mut files = AtomicFiles::cancellable(&flag);
        let big = dir.path().join("big.lp");
        let err = files
            .write(
                &big,
                Box::new(|w| {
                    for i in 0..1_000_000u32 {
                        if i == 1000 {
                            flag.store(true, Ordering::SeqCst);
                        }
                        writeln!(w, "line {i}")?;
                    }
                    Ok(())
                }),
            )
            .unwrap_err();
        assert!(is_cancelled(&err), "{err}");
        drop(files);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);

        // Set after every write but before the commit: still nothing.
        let flag = AtomicBool::new(false);
        let mut files = AtomicFiles::cancellable(&flag);
        files.write(&big, Box::new(|w| w.write_all(b"x"))).unwrap();
        flag.store(true, Ordering::SeqCst);
        assert!(is_cancelled(&files.commit().unwrap_err()));
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
