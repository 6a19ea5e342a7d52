//! `compile` over many puzzles (`--out-dir DIR`): every puzzle to
//! `DIR/NAME.EXT` over `--jobs` threads, with a progress bar, the report in
//! input order, and the manifest once the batch is done.

use std::path::{Path, PathBuf};

use super::super::{batch, exit, interrupt, output, progress};
use super::manifest::{self, Entry, ManifestFormat};
use super::{CompileArgs, check_common, compile_one, files};

/// Every puzzle of the inputs to `DIR/NAME.EXT`, over `--jobs` threads, with a
/// progress bar; the report comes in input order, the manifest after it.
pub(super) fn run(args: &CompileArgs, dir: &Path) -> u8 {
    let Some(format) = args.to else {
        eprintln!("cagec: a batch needs the format: --to lp|mps|fixed-mps|ampl|opb|cnf|mzn|fzn");
        return exit::INVALID;
    };
    if let Err(message) = check_common(args, format, args.gzip) {
        eprintln!("cagec: {message}");
        return exit::INVALID;
    }
    let paths = match batch::expand(&args.puzzles) {
        Ok(p) => p,
        Err(message) => {
            eprintln!("cagec: {message}");
            return exit::INVALID;
        }
    };
    let outputs = match files::output_paths(&paths, dir, format, args.gzip) {
        Ok(o) => o,
        Err(message) => {
            eprint!("{message}");
            return exit::INVALID;
        }
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("cagec: {}: {e}", dir.display());
        return exit::IO;
    }
    let jobs: Vec<(&PathBuf, &PathBuf)> = paths.iter().zip(&outputs).collect();
    let bar = progress::bar(jobs.len() as u64, "compiling");
    let (mut compiled, mut code) = (0, exit::OK);
    let mut entries = Vec::with_capacity(jobs.len());
    batch::run_ordered(
        &jobs,
        batch::jobs(args.jobs.map(usize::from)),
        |(puzzle, out)| compile_one(args, puzzle, format, Some(out)),
        |_, report| {
            bar.suspend(|| eprint!("{}", report.text));
            match report.code {
                exit::OK => compiled += 1,
                c => code = worse(code, c),
            }
            entries.push(report.entry);
            bar.inc(1);
        },
    );
    bar.finish_and_clear();
    if interrupt::requested() {
        code = interrupt::exit_code();
    } else if let Some(format) = args.manifest {
        code = worse(code, write_manifest(dir, format, &entries));
    }
    eprintln!(
        "cagec: compiled {compiled} of {} puzzles into {}",
        jobs.len(),
        dir.display()
    );
    code
}

/// `DIR/manifest.EXT`, atomically; returns the exit code.
fn write_manifest(dir: &Path, format: ManifestFormat, entries: &[Entry]) -> u8 {
    let path = dir.join(format.file_name());
    let mut files = output::files();
    let written = files
        .write(&path, Box::new(|w| manifest::write(format, entries, w)))
        .and_then(|()| files.commit());
    match written {
        Ok(()) => exit::OK,
        Err(e) => output::write_error(&e),
    }
}

/// The exit code of a batch: a puzzle with no solution for --with-solution
/// ranks lowest, then an I/O error, an invalid input, and an interrupt.
fn worse(a: u8, b: u8) -> u8 {
    let rank = |c: u8| match c {
        exit::OK => 0,
        exit::NO => 1,
        exit::IO => 2,
        exit::INVALID => 3,
        _ => 4,
    };
    if rank(b) > rank(a) { b } else { a }
}
