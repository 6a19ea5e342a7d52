//! `cagec compile`: puzzle in, solver input file(s) out.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::back::{self, OutputFormat};
use crate::formulate::formulate_with;
use crate::front::InputFormat;
use crate::input;
use crate::ir::Puzzle;
use crate::model::Model;

use super::output::{self, Fill};
use super::{batch, exit, interrupt, progress};

pub const AFTER_HELP: &str = "\
Input formats (--from, or from the extension):
  cages  J-wiki cage lines (.txt .kk .cage): one cage per line, `TARGET[OP],CELL CELL ...`,
         cells numbered 0..n*n-1 row-major; OP is + - * % (aliases: / and ÷ for %, x X × for *,
         − for -); no OP means a one-cell given. Comments: lines starting with # or NB.
  dat    AMPL data in the layout of Melkonian (2016) §7.2 (.dat), 1-based cells.
  grid   cage map (.cmap): n rows of n cage labels, then one `LABEL TARGET[OP]` line per label.
  keen   Keen game ID of Simon Tatham's Puzzles (.keen), `N:BLOCKS,CLUES`; a file that
         starts with one is read as one whatever its name.

Outputs:
  lp         CPLEX-LP (HiGHS, CBC and glpsol read it identically)
  mps        free MPS
  fixed-mps  fixed-column MPS; names longer than 8 characters are renamed and the
             rename map is written beside the file (OUT with extension .map)
  ampl       AMPL model OUT (.mod) and data beside it (.dat); on stdout, one MathProg
             stream with a data section. Run: glpsol -m NAME.mod -d NAME.dat
             (a flat model, for options or puzzles beyond the paper, gets a .dat with no data)

Without --to, the format comes from the -o extension (.lp, .mps, .mod).
Files are written atomically: on any error, Ctrl-C, SIGTERM or SIGHUP nothing
is written.

Batches: several puzzles or a directory, with --out-dir DIR and --to, are
compiled over --jobs threads (one per core) with a progress bar; each puzzle's
files are atomic, a bad puzzle is reported and the others are still written.

Exit codes: 0 success, 2 invalid input or usage, 4 I/O error, 130 interrupted
(143 on SIGTERM, 129 on SIGHUP) (a batch: the worst of its puzzles).";

#[derive(clap::Args, Debug)]
pub struct CompileArgs {
    /// Puzzle files or directories (`-` for standard input). Several, or a
    /// directory, make a batch: give --out-dir.
    #[arg(required = true, value_name = "PUZZLE")]
    pub puzzles: Vec<PathBuf>,
    /// Input format; by default from the extension.
    #[arg(long, value_enum)]
    pub from: Option<InputFormat>,
    #[command(flatten)]
    pub model: super::model_args::ModelArgs,
    /// Output format; by default from the -o extension.
    #[arg(long, value_enum)]
    pub to: Option<OutputFormat>,
    /// Output file (`-` or absent: standard output), for one puzzle.
    #[arg(short, long, conflicts_with = "out_dir")]
    pub output: Option<PathBuf>,
    /// Batch: write each puzzle's model as DIR/NAME.EXT (NAME from the
    /// puzzle's file name); needs --to.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Batch: puzzles compiled at once (default: one per core).
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
}

/// Why one puzzle was not compiled: what to print, and the exit code.
struct Failure {
    message: String,
    code: u8,
}

pub fn run(args: &CompileArgs) -> u8 {
    if let Some(dir) = &args.out_dir {
        return run_batch(args, dir);
    }
    let [puzzle] = &args.puzzles[..] else {
        eprintln!("cagec: several puzzles make a batch: say where with --out-dir DIR");
        return exit::INVALID;
    };
    if puzzle.is_dir() {
        eprintln!(
            "cagec: {}: a directory makes a batch: say where with --out-dir DIR",
            puzzle.display()
        );
        return exit::INVALID;
    }
    let out = args.output.as_deref().filter(|p| p.as_os_str() != "-");
    let Some(format) = args.to.or_else(|| out.and_then(format_from_path)) else {
        eprintln!("cagec: say which format to write with --to lp|mps|fixed-mps|ampl");
        return exit::INVALID;
    };
    match compile_one(args, puzzle, format, out) {
        Ok(warnings) => {
            eprint!("{warnings}");
            exit::OK
        }
        Err(f) => {
            eprint!("{}", f.message);
            f.code
        }
    }
}

/// Loads, formulates and writes one puzzle (to `out`, or standard output);
/// returns the warnings to print.
fn compile_one(
    args: &CompileArgs,
    puzzle: &Path,
    format: OutputFormat,
    out: Option<&Path>,
) -> Result<String, Failure> {
    let loaded = input::load_with(puzzle, args.from, args.model.killer).map_err(|e| {
        let (message, code) = super::load_error_text(&e);
        Failure { message, code }
    })?;
    let mut notes = loaded.warnings.to_string();
    let opts = args.model.options();
    // The paper's AMPL pair formulates in MathProg itself: no model to build.
    let pair =
        format == OutputFormat::Ampl && crate::formulate::paper_ampl_applies(&loaded.puzzle, &opts);
    let result = if pair {
        match out {
            None => output::to_stdout(Box::new(|w| {
                back::ampl::write_stream(&loaded.puzzle, &[], w)
            })),
            Some(path) => write_pair(&loaded.puzzle, path),
        }
    } else {
        if format == OutputFormat::Ampl {
            notes.push_str(&format!(
                "cagec: {}: the paper's AMPL pair encodes only its own KenKen model: \
                 writing one flat MathProg model, every row explicit, that needs no data\n",
                loaded.display_name
            ));
        }
        let mut model = formulate_with(&loaded.puzzle, &opts).map_err(|e| Failure {
            message: format!("{notes}cagec: {}: {e}\n", loaded.display_name),
            code: exit::INVALID,
        })?;
        model.name = loaded.stem.clone();
        match out {
            None => output::to_stdout(stdout_fill(format, &model)),
            Some(path) => write_files(format, &model, path),
        }
    };
    match result {
        Ok(()) => Ok(notes),
        Err(e) => {
            let (message, code) = output::write_error_text(&e);
            Err(Failure {
                message: notes + &message,
                code,
            })
        }
    }
}

/// Every puzzle of the inputs to `DIR/NAME.EXT`, over `--jobs` threads, with a
/// progress bar; the report comes in input order.
fn run_batch(args: &CompileArgs, dir: &Path) -> u8 {
    let Some(format) = args.to else {
        eprintln!("cagec: a batch needs the format: --to lp|mps|fixed-mps|ampl");
        return exit::INVALID;
    };
    let paths = match batch::expand(&args.puzzles) {
        Ok(p) => p,
        Err(message) => {
            eprintln!("cagec: {message}");
            return exit::INVALID;
        }
    };
    let outputs = match output_paths(&paths, dir, format) {
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
    batch::run_ordered(
        &jobs,
        batch::jobs(args.jobs.map(usize::from)),
        |(puzzle, out)| compile_one(args, puzzle, format, Some(out)),
        |_, result| {
            match result {
                Ok(warnings) => {
                    bar.suspend(|| eprint!("{warnings}"));
                    compiled += 1;
                }
                Err(f) => {
                    bar.suspend(|| eprint!("{}", f.message));
                    code = worse(code, f.code);
                }
            }
            bar.inc(1);
        },
    );
    bar.finish_and_clear();
    if interrupt::requested() {
        code = interrupt::exit_code();
    }
    eprintln!(
        "cagec: compiled {compiled} of {} puzzles into {}",
        jobs.len(),
        dir.display()
    );
    code
}

/// `DIR/NAME.EXT` for every puzzle; two puzzles with one name are an error.
fn output_paths(
    paths: &[PathBuf],
    dir: &Path,
    format: OutputFormat,
) -> Result<Vec<PathBuf>, String> {
    let ext = match format {
        OutputFormat::Lp => "lp",
        OutputFormat::Mps | OutputFormat::FixedMps => "mps",
        OutputFormat::Ampl => "mod",
    };
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

/// The exit code of a batch: an invalid input outranks an I/O error, and an
/// interrupt outranks both.
fn worse(a: u8, b: u8) -> u8 {
    let rank = |c: u8| match c {
        exit::OK => 0,
        exit::IO => 1,
        exit::INVALID => 2,
        _ => 3,
    };
    if rank(b) > rank(a) { b } else { a }
}

fn format_from_path(path: &Path) -> Option<OutputFormat> {
    match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
        "lp" => Some(OutputFormat::Lp),
        "mps" => Some(OutputFormat::Mps),
        "mod" => Some(OutputFormat::Ampl),
        _ => None,
    }
}

/// Everything of one format as a single stream (the fixed-MPS rename map as
/// leading comments; for AMPL, the flat MathProg model).
fn stdout_fill(format: OutputFormat, model: &Model) -> Fill<'_> {
    match format {
        OutputFormat::Lp => Box::new(|w| back::write_lp(model, w)),
        OutputFormat::Mps => Box::new(|w| back::write_mps(model, w)),
        OutputFormat::FixedMps => Box::new(|w| {
            let names = back::fixed_names(model);
            if names.renamed_count() > 0 {
                let mut map = Vec::new();
                back::write_rename_map(model, &names, &mut map)?;
                back::write_fixed_comments(&String::from_utf8_lossy(&map), w)?;
            }
            back::write_fixed_mps(model, &names, w)
        }),
        OutputFormat::Ampl => Box::new(|w| back::write_mathprog(model, w)),
    }
}

/// The paper's AMPL pair: the model at `path`, its data beside it (`.dat`).
fn write_pair(puzzle: &Puzzle, path: &Path) -> std::io::Result<()> {
    let data = data_path(path)?;
    let mut files = output::files();
    files.write(path, Box::new(|w| back::ampl::write_model(w)))?;
    files.write(&data, Box::new(|w| back::ampl::write_data(puzzle, &[], w)))?;
    files.commit()
}

/// Where the `.dat` of an AMPL model at `path` goes.
fn data_path(path: &Path) -> std::io::Result<PathBuf> {
    let data = output::sibling(path, "dat");
    if data == path {
        return Err(std::io::Error::other(format!(
            "{}: the AMPL model needs a name other than .dat (its data goes there)",
            path.display()
        )));
    }
    Ok(data)
}

/// The model's file(s) at `path`: for fixed MPS with its rename map beside
/// it (always, with no lines when nothing was renamed, so a map left by an
/// earlier compile never describes this file); for AMPL, the flat MathProg model and a `.dat` with no data, so that
/// `glpsol -m NAME.mod -d NAME.dat` runs whichever model was written last.
fn write_files(format: OutputFormat, model: &Model, path: &Path) -> std::io::Result<()> {
    let mut files = output::files();
    match format {
        OutputFormat::Lp => files.write(path, Box::new(|w| back::write_lp(model, w)))?,
        OutputFormat::Mps => files.write(path, Box::new(|w| back::write_mps(model, w)))?,
        OutputFormat::FixedMps => {
            let names = back::fixed_names(model);
            files.write(path, Box::new(|w| back::write_fixed_mps(model, &names, w)))?;
            let map = output::sibling(path, "map");
            files.write(&map, Box::new(|w| back::write_rename_map(model, &names, w)))?;
        }
        OutputFormat::Ampl => {
            let data = data_path(path)?;
            files.write(path, Box::new(|w| back::write_mathprog(model, w)))?;
            files.write(&data, Box::new(back::write_mathprog_data))?;
        }
    }
    files.commit()
}
