//! Where a batch of `compile` writes: one file name per puzzle in the output
//! directory (the files themselves are [`cagec::compile::Compiled`]'s).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use cagec::back::OutputFormat;
use cagec::io::input;

/// The extension of a model file of `format` (`mps`, or `mps.gz`).
pub fn extension(format: OutputFormat, gz: bool) -> String {
    let ext = format.extension();
    match gz {
        true => format!("{ext}.gz"),
        false => ext.to_string(),
    }
}

/// `DIR/NAME.EXT` for every puzzle; two puzzles with one name are an error.
pub fn output_paths(
    paths: &[PathBuf],
    dir: &Path,
    format: OutputFormat,
    gz: bool,
) -> Result<Vec<PathBuf>, String> {
    let ext = extension(format, gz);
    let mut first: HashMap<String, &Path> = HashMap::new();
    let mut clashes = String::new();
    let mut out = Vec::with_capacity(paths.len());
    for path in paths {
        let stem = input::stem_of(path);
        if let Some(earlier) = first.insert(stem.clone(), path) {
            clashes.push_str(&format!(
                "cagec: {} and {} would both be written to {stem}.{ext}\n",
                earlier.display(),
                path.display()
            ));
        }
        out.push(dir.join(format!("{stem}.{ext}")));
    }
    match clashes.is_empty() {
        true => Ok(out),
        false => Err(clashes),
    }
}
