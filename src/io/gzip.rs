//! Gzip outputs (`-o NAME.mps.gz`): a writer callback wrapped so that its
//! bytes go out as one gzip member, compressed as they stream, into the same
//! atomic temporary file as plain output.
//!
//! The bytes are deterministic: the header carries no file name, a zero
//! modification time and the "unknown" operating system byte (255), so the
//! same model gives the same `.gz` on every run and every machine with the
//! same build.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use flate2::{Compression, GzBuilder};

use crate::io::atomic::Fill;

/// zlib's default level. Level 3 is about five times faster on a 36 MB
/// model and 1–7% larger (docs/outputs.md); 6 keeps bundles small.
const LEVEL: Compression = Compression::new(6);

/// Whether `path` names a gzip file (`.gz`, any case).
pub fn is_gzip_path(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("gz"))
}

/// `path` without a final `.gz` (`kk0.mps.gz` → `kk0.mps`); others as they are.
pub fn strip_gz(path: &Path) -> PathBuf {
    match is_gzip_path(path) {
        true => path.with_extension(""),
        false => path.to_path_buf(),
    }
}

/// `fill`, compressed: what it writes goes through a gzip encoder into the
/// writer the result is given.
pub fn compressed(fill: Fill<'_>) -> Fill<'_> {
    Box::new(move |out: &mut dyn Write| {
        let mut gz = GzBuilder::new()
            .mtime(0)
            .operating_system(255)
            .write(out, LEVEL);
        fill(&mut gz)?;
        gz.try_finish()?;
        Ok::<(), io::Error>(())
    })
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    fn gzip(text: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let owned = text.to_vec();
        compressed(Box::new(move |w| w.write_all(&owned)))(&mut out).unwrap();
        out
    }

    #[test]
    fn round_trip_with_a_header_that_names_nothing() {
        let text = b"NAME kk0 FREE\nROWS\n N obj\nENDATA\n".repeat(1000);
        let gz = gzip(&text);
        // ID, deflate, no flags, mtime 0, then XFL and OS 255.
        assert_eq!(&gz[..8], &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0]);
        assert_eq!(gz[9], 255);
        assert!(gz.len() < text.len() / 10, "compressed: {} bytes", gz.len());
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, text);
        assert_eq!(gzip(&text), gz, "same input, same bytes");
    }

    #[test]
    fn a_failing_fill_fails_the_whole_write() {
        let mut out = Vec::new();
        let err = compressed(Box::new(|_| Err(io::Error::other("boom"))))(&mut out);
        assert_eq!(err.unwrap_err().to_string(), "boom");
    }

    #[test]
    fn gz_names() {
        assert!(is_gzip_path(Path::new("a/kk0.mps.gz")));
        assert!(is_gzip_path(Path::new("KK0.LP.GZ")));
        assert!(!is_gzip_path(Path::new("kk0.mps")));
        assert!(!is_gzip_path(Path::new("gz")));
        assert_eq!(strip_gz(Path::new("d/kk0.mps.gz")), Path::new("d/kk0.mps"));
        assert_eq!(strip_gz(Path::new("kk0.lp")), Path::new("kk0.lp"));
    }
}
