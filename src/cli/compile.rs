//! `cagec compile`: puzzle in, solver input file(s) out.

use std::path::{Path, PathBuf};

use crate::back::{self, OutputFormat};
use crate::formulate::formulate_with;
use crate::front::InputFormat;
use crate::input;
use crate::ir::Puzzle;
use crate::model::Model;

use super::exit;
use super::output::{self, Fill};

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

Without --to, the format comes from the -o extension (.lp, .mps, .mod).
Files are written atomically: on any error nothing is written.

Exit codes: 0 success, 2 invalid input or usage, 4 I/O error.";

#[derive(clap::Args, Debug)]
pub struct CompileArgs {
    /// Puzzle file (`-` for standard input).
    pub puzzle: PathBuf,
    /// Input format; by default from the extension.
    #[arg(long, value_enum)]
    pub from: Option<InputFormat>,
    #[command(flatten)]
    pub model: super::model_args::ModelArgs,
    /// Output format; by default from the -o extension.
    #[arg(long, value_enum)]
    pub to: Option<OutputFormat>,
    /// Output file (`-` or absent: standard output).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

pub fn run(args: &CompileArgs) -> u8 {
    let out = args.output.as_deref().filter(|p| p.as_os_str() != "-");
    let Some(format) = args.to.or_else(|| out.and_then(format_from_path)) else {
        eprintln!("cagec: say which format to write with --to lp|mps|fixed-mps|ampl");
        return exit::INVALID;
    };
    let loaded = match input::load_with(&args.puzzle, args.from, args.model.killer) {
        Ok(l) => l,
        Err(e) => return super::report_load_error(&e),
    };
    eprint!("{}", loaded.warnings);
    let mut model = match formulate_with(&loaded.puzzle, &args.model.options()) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("cagec: {}: {e}", loaded.display_name);
            return exit::INVALID;
        }
    };
    model.name = loaded.stem.clone();
    // The paper-shaped AMPL pair encodes only the paper's formulation; any
    // other option is written as the flat model itself.
    let format = match format {
        OutputFormat::Ampl
            if !crate::formulate::paper_ampl_applies(&loaded.puzzle, &args.model.options()) =>
        {
            eprintln!(
                "cagec: the paper's AMPL pair encodes only its own KenKen model: \
                 writing one flat MathProg model (every row explicit, no .dat); run it with glpsol -m"
            );
            Flat::Yes
        }
        other => Flat::No(other),
    };
    let result = match (format, out) {
        (Flat::Yes, None) => output::to_stdout(Box::new(|w| back::write_mathprog(&model, w))),
        (Flat::Yes, Some(path)) => {
            let mut files = output::files();
            files
                .write(path, Box::new(|w| back::write_mathprog(&model, w)))
                .and_then(|()| files.commit())
        }
        (Flat::No(format), None) => output::to_stdout(stdout_fill(format, &model, &loaded.puzzle)),
        (Flat::No(format), Some(path)) => write_files(format, &model, &loaded.puzzle, path),
    };
    match result {
        Ok(()) => exit::OK,
        Err(e) => output::write_error(&e),
    }
}

/// Whether the AMPL output is the flat model.
#[derive(Clone, Copy)]
enum Flat {
    Yes,
    No(OutputFormat),
}

fn format_from_path(path: &Path) -> Option<OutputFormat> {
    match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
        "lp" => Some(OutputFormat::Lp),
        "mps" => Some(OutputFormat::Mps),
        "mod" => Some(OutputFormat::Ampl),
        _ => None,
    }
}

/// Everything of one format as a single stream (the AMPL pair as one MathProg
/// file with a data section; the fixed-MPS rename map as leading comments).
fn stdout_fill<'a>(format: OutputFormat, model: &'a Model, puzzle: &'a Puzzle) -> Fill<'a> {
    match format {
        OutputFormat::Lp => Box::new(|w| back::write_lp(model, w)),
        OutputFormat::Mps => Box::new(|w| back::write_mps(model, w)),
        OutputFormat::FixedMps => Box::new(|w| {
            let names = back::fixed_names(model);
            if names.renamed_count() > 0 {
                let mut map = Vec::new();
                back::write_rename_map(&names, &mut map)?;
                for line in String::from_utf8_lossy(&map).lines() {
                    writeln!(w, "* {line}")?;
                }
            }
            back::write_fixed_mps(model, &names, w)
        }),
        OutputFormat::Ampl => Box::new(|w| {
            back::ampl::write_model(w)?;
            writeln!(w, "\ndata;\n")?;
            back::ampl::write_data(puzzle, &[], w)
        }),
    }
}

fn write_files(
    format: OutputFormat,
    model: &Model,
    puzzle: &Puzzle,
    path: &Path,
) -> std::io::Result<()> {
    let mut files = output::files();
    match format {
        OutputFormat::Lp => files.write(path, Box::new(|w| back::write_lp(model, w)))?,
        OutputFormat::Mps => files.write(path, Box::new(|w| back::write_mps(model, w)))?,
        OutputFormat::FixedMps => {
            let names = back::fixed_names(model);
            files.write(path, Box::new(|w| back::write_fixed_mps(model, &names, w)))?;
            if names.renamed_count() > 0 {
                let map = output::sibling(path, "map");
                files.write(&map, Box::new(|w| back::write_rename_map(&names, w)))?;
            }
        }
        OutputFormat::Ampl => {
            let data = output::sibling(path, "dat");
            if data == path {
                return Err(std::io::Error::other(format!(
                    "{}: the AMPL model needs a name other than .dat (its data goes there)",
                    path.display()
                )));
            }
            files.write(path, Box::new(|w| back::ampl::write_model(w)))?;
            files.write(&data, Box::new(|w| back::ampl::write_data(puzzle, &[], w)))?;
        }
    }
    files.commit()
}
