//! Writing outputs atomically: every file of a command is written to a
//! temporary file in its target directory and renamed into place only when all
//! of them were written, so an error or Ctrl-C never leaves a partial file.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

/// A writer callback: fills one output.
pub type Fill<'a> = Box<dyn FnOnce(&mut dyn Write) -> io::Result<()> + 'a>;

/// Files written together: all appear, or none does.
#[derive(Default)]
pub struct AtomicFiles {
    done: Vec<(PathBuf, NamedTempFile)>,
}

impl AtomicFiles {
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
            let mut w = BufWriter::with_capacity(1 << 16, tmp.as_file_mut());
            fill(&mut w).map_err(|e| annotate(e, path))?;
            w.flush().map_err(|e| annotate(e, path))?;
        }
        self.done.push((path.to_path_buf(), tmp));
        Ok(())
    }

    /// Moves every file into place. Dropping without committing removes them.
    pub fn commit(self) -> io::Result<()> {
        for (path, tmp) in self.done {
            tmp.persist(&path).map_err(|e| annotate(e.error, &path))?;
        }
        Ok(())
    }
}

fn annotate(e: io::Error, path: &Path) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
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

/// `path` with its extension replaced (`kk0.mod` → `kk0.dat`).
pub fn sibling(path: &Path, extension: &str) -> PathBuf {
    path.with_extension(extension)
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
}
