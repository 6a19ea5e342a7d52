//! `cagec convert`: a puzzle read in one format, written in another.

use std::path::PathBuf;

use cagec::front::write::{self, Format};
use cagec::front::{InputFormat, keen};
use cagec::io::input;

use super::exit;
use super::output;

pub const AFTER_HELP: &str = "\
Formats (--from and --to; by default from the file extensions):
  jwiki  J-wiki cage lines (.cage .cages .kk .txt); alias: cages
  dat    AMPL data in the layout of Melkonian (2016) §7.2 (.dat)
  grid   cage map: n rows of n cage labels, then `LABEL TARGET[OP]` lines (.cmap); alias: cmap
  keen   Keen game ID of Simon Tatham's Puzzles, `N:BLOCKS,CLUES` (.keen)
Without --from, a file that starts with a Keen ID is read as one whatever its name.

The puzzle is validated first. Cage order and cell order are kept where the format
can keep them (a cage map lists cells row-major; a Keen ID orders cages by their
first cell). Keen IDs cannot hold givens (unless --givens-as-sums), hidden operations
(`12?`), `-` or `%` over more than two cells, or Killer Sudoku rules: those are refused.
Killer rules (a `# cagec: killer` line, or --killer) are kept by the other formats. A Keen ID above 9×9 is written with a warning: cagec
reads it, sgt-keen does not.
The output is written atomically.

Exit codes: 0 success, 2 invalid input, usage, or a puzzle the format cannot hold,
4 I/O error.";

#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// Puzzle file (`-` for standard input).
    pub puzzle: PathBuf,
    /// Input format; by default a Keen ID if the text is one, else from the extension.
    #[arg(long, value_enum)]
    pub from: Option<InputFormat>,
    /// Output format; by default from the -o extension.
    #[arg(long, value_enum)]
    pub to: Option<Format>,
    /// Output file (`-` or absent: standard output).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Read the puzzle as a Killer Sudoku (n = b², b×b boxes, every cage a sum
    /// of distinct values); the output then carries a `# cagec: killer` line.
    #[arg(long)]
    pub killer: bool,
    /// Write each given (a one-cell cage without an operation) as a one-cell
    /// sum, which Keen IDs can hold; the puzzle is the same for any solver.
    #[arg(long)]
    pub givens_as_sums: bool,
}

pub fn run(args: &ConvertArgs) -> u8 {
    let out = args.output.as_deref().filter(|p| p.as_os_str() != "-");
    let Some(format) = args.to.or_else(|| out.and_then(Format::from_path)) else {
        eprintln!("cagec: say which format to write with --to jwiki|dat|grid|keen");
        return exit::INVALID;
    };
    let loaded = match input::load_with(&args.puzzle, args.from, args.killer) {
        Ok(l) => l,
        Err(e) => return super::report_load_error(&e),
    };
    eprint!("{}", loaded.warnings);
    let puzzle = if args.givens_as_sums {
        write::givens_as_sums(&loaded.puzzle)
    } else {
        loaded.puzzle
    };
    let text = match write::to_string(format, &puzzle) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cagec: {}: {e}; nothing was written", loaded.display_name);
            if let write::WriteError::Keen(keen::EncodeError::Given { .. }) = e {
                eprintln!("cagec: --givens-as-sums writes every given as a one-cell sum ('5+')");
            }
            return exit::INVALID;
        }
    };
    for w in write::warnings(format, &puzzle) {
        eprintln!("cagec: warning: {w}");
    }
    output::emit_text(out, &text)
}
