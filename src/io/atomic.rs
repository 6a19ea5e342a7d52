//! Writing files atomically: every file of one job is written to a temporary
//! file in its target directory and renamed into place only when all of them
//! were written, so an error or an interrupt never leaves a partial file.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::thread::{Scope, ScopedJoinHandle};

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

    /// Writes `fill` into a temporary file beside `path`; a `path` that is
    /// a device or a pipe (`-o /dev/null`) is written in place instead, since
    /// renaming over it would replace it with a regular file.
    pub fn write(&mut self, path: &Path, fill: Fill<'_>) -> io::Result<()> {
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| annotate(e, path))?;
            return write_pipelined(&mut file, self.cancel, fill).map_err(|e| annotate(e, path));
        }
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
        write_pipelined(tmp.as_file_mut(), self.cancel, fill).map_err(|e| annotate(e, path))?;
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

/// Bytes go to the file in chunks of this size.
const CHUNK: usize = 1 << 20;

/// Runs `fill` into `file`. Once the output passes one chunk, a second thread
/// does the writing while `fill` goes on formatting: on large models the
/// kernel's copy of the bytes is a tenth of the time, and it then overlaps.
/// Every chunk first checks the cancel flag.
fn write_pipelined(file: &mut File, cancel: Option<&AtomicBool>, fill: Fill<'_>) -> io::Result<()> {
    std::thread::scope(|scope| {
        let mut w = Chunks {
            buf: Vec::with_capacity(CHUNK),
            file: Some(file),
            pipe: None,
            cancel,
            scope,
        };
        let filled = fill(&mut w).and_then(|()| w.flush());
        let written = w.close();
        filled.and(written)
    })
}

/// The writer `fill` sees: a buffer, flushed to the file directly until the
/// output turns out large, then through a writer thread.
struct Chunks<'s, 'e, 'f> {
    buf: Vec<u8>,
    /// The file, until the writer thread takes it.
    file: Option<&'f mut File>,
    /// Full chunks to the writer thread, and empty ones back for reuse.
    pipe: Option<Pipe<'s>>,
    cancel: Option<&'e AtomicBool>,
    scope: &'s Scope<'s, 'e>,
}

struct Pipe<'s> {
    full: SyncSender<Vec<u8>>,
    empty: Receiver<Vec<u8>>,
    thread: ScopedJoinHandle<'s, io::Result<()>>,
}

impl<'s, 'e: 's, 'f: 's> Chunks<'s, 'e, 'f> {
    /// Hands the buffer on: to the file, or to the writer thread (started
    /// on the second chunk, so small outputs never start a thread).
    fn send(&mut self) -> io::Result<()> {
        if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(io::Error::other(Cancelled));
        }
        if self.pipe.is_none() && self.file.is_some() && self.buf.len() < CHUNK {
            // A small output's last piece.
            return self
                .file
                .as_mut()
                .map_or(Ok(()), |f| f.write_all(&self.buf))
                .map(|()| self.buf.clear());
        }
        if self.pipe.is_none() {
            let file = self
                .file
                .take()
                .ok_or_else(|| io::Error::other("file gone"))?;
            let (full, to_write) = mpsc::sync_channel::<Vec<u8>>(1);
            let (give_back, empty) = mpsc::channel();
            let thread = self.scope.spawn(move || {
                let mut written = 0;
                for chunk in to_write {
                    file.write_all(&chunk)?;
                    start_writeback(file, written, chunk.len());
                    written += chunk.len() as u64;
                    let _ = give_back.send(chunk);
                }
                Ok(())
            });
            self.pipe = Some(Pipe {
                full,
                empty,
                thread,
            });
        }
        let pipe = self
            .pipe
            .as_ref()
            .ok_or_else(|| io::Error::other("no pipe"))?;
        let mut next = pipe
            .empty
            .try_recv()
            .unwrap_or_else(|_| Vec::with_capacity(CHUNK));
        next.clear();
        let chunk = std::mem::replace(&mut self.buf, next);
        if pipe.full.send(chunk).is_err() {
            // The writer stopped on an error, which `close` reports; a chunk
            // that could not be handed on is an error in any case.
            let stopped = self.close().err();
            return Err(stopped.unwrap_or_else(|| io::Error::other("the writer thread stopped")));
        }
        Ok(())
    }

    /// Waits for the writer thread and reports its error, if any.
    fn close(&mut self) -> io::Result<()> {
        match self.pipe.take() {
            None => Ok(()),
            Some(Pipe { full, thread, .. }) => {
                drop(full);
                thread
                    .join()
                    .unwrap_or_else(|_| Err(io::Error::other("the writer thread panicked")))
            }
        }
    }
}

/// Starts writing `len` bytes at `offset` of `file` to disk, without waiting
/// for them. Renaming a file over another makes ext4 write out all of the
/// new file at once (`auto_da_alloc`, so a crash cannot leave it empty),
/// and on a large model that wait came at the very end, after the last
/// byte; begun chunk by chunk, it overlaps the formatting. Only advice:
/// where it fails (a pipe) or does not exist, nothing changes.
fn start_writeback(file: &File, offset: u64, len: usize) {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: the descriptor is open for the whole call, and the call
        // only schedules writeback of data already written.
        unsafe {
            libc::sync_file_range(
                file.as_raw_fd(),
                offset as libc::off64_t,
                len as libc::off64_t,
                libc::SYNC_FILE_RANGE_WRITE,
            );
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (file, offset, len);
}

impl<'s, 'e: 's, 'f: 's> Write for Chunks<'s, 'e, 'f> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.write_all(data).map(|()| data.len())
    }

    fn write_all(&mut self, mut data: &[u8]) -> io::Result<()> {
        while !data.is_empty() {
            let room = CHUNK - self.buf.len();
            let (now, later) = data.split_at(room.min(data.len()));
            self.buf.extend_from_slice(now);
            data = later;
            if self.buf.len() == CHUNK {
                self.send()?;
            }
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.buf.is_empty() {
            self.send()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_pipe_is_written_in_place_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("out.lp");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).unwrap())
        };
        let mut files = AtomicFiles::default();
        files
            .write(&fifo, Box::new(|w| w.write_all(b"model")))
            .unwrap();
        files.commit().unwrap();
        assert_eq!(reader.join().unwrap(), b"model");
        use std::os::unix::fs::FileTypeExt;
        assert!(
            std::fs::metadata(&fifo).unwrap().file_type().is_fifo(),
            "still a pipe"
        );
    }

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

    /// An output of several chunks (the writer thread, each chunk's
    /// writeback started as it goes) replaces the file it is written over,
    /// byte for byte.
    #[test]
    fn a_large_output_replaces_the_old_file_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.lp");
        std::fs::write(&path, b"the old model").unwrap();
        let bytes: Vec<u8> = (0..3 * CHUNK + 12_345).map(|i| (i % 251) as u8).collect();
        let mut files = AtomicFiles::default();
        let fill = bytes.clone();
        let pieces = Box::new(move |w: &mut dyn Write| {
            fill.chunks(65_537).try_for_each(|piece| w.write_all(piece))
        });
        files.write(&path, pieces).unwrap();
        files.commit().unwrap();
        assert!(std::fs::read(&path).unwrap() == bytes, "the bytes differ");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    /// A disk that fills up: the error comes back whether the bytes went to
    /// the file directly (small output) or through the writer thread.
    #[cfg(target_os = "linux")]
    #[test]
    fn write_errors_come_back_from_either_path() {
        for size in [10, 3 * CHUNK + 5] {
            let mut full = File::options().write(true).open("/dev/full").unwrap();
            let err = write_pipelined(
                &mut full,
                None,
                Box::new(move |w| w.write_all(&vec![b'x'; size])),
            )
            .unwrap_err();
            assert_eq!(err.raw_os_error(), Some(28), "{size} bytes: {err}"); // ENOSPC
        }
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
