//! `cagec render`: the puzzle as an SVG picture, optionally with a solution
//! that the independent verifier has accepted.

use std::path::{Path, PathBuf};

use cagec::front::InputFormat;
use cagec::io::input::{self, Loaded};
use cagec::puzzle::ir::Grid;
use cagec::{native, present::svg, puzzle::verify};

use super::exit;
use super::output;

pub const AFTER_HELP: &str = "\
The picture is drawn as newspapers print KenKen: thin grid lines, thick cage borders,
each clue (12×, 3−, 2÷, 11+, or the number of a given) in the top-left corner of the
cage's first cell. With --solution or --solve the digits are written in; every grid is
checked against the puzzle rules first.

A --solution file has n lines of n integers (the grid format of `cagec check`).

Exit codes: 0 success, 1 the --solution grid is not a solution (or --solve found none),
2 invalid input or usage, 3 solver failure, 4 I/O error.";

#[derive(clap::Args, Debug)]
pub struct RenderArgs {
    /// Puzzle file (`-` for standard input).
    pub puzzle: PathBuf,
    /// Input format; by default from the extension (.txt/.kk/.cage: cage lines, .dat: AMPL data).
    #[arg(long, value_enum)]
    pub from: Option<InputFormat>,
    /// Draw this solution (n lines of n integers); it must solve the puzzle.
    #[arg(long, value_name = "GRID", conflicts_with = "solve")]
    pub solution: Option<PathBuf>,
    /// Solve the puzzle with the built-in solver and draw the solution.
    #[arg(long)]
    pub solve: bool,
    /// Output file (`-` or absent: standard output).
    #[arg(short, long, value_name = "FILE.svg")]
    pub output: Option<PathBuf>,
}

pub fn run(args: &RenderArgs) -> u8 {
    let loaded = match input::load(&args.puzzle, args.from) {
        Ok(l) => l,
        Err(e) => return super::report_load_error(&e),
    };
    eprint!("{}", loaded.warnings);
    let solution = match solution(args, &loaded) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let title = title_of(&loaded);
    let text = svg::render(
        &loaded.puzzle,
        &svg::Options {
            solution: solution.as_ref(),
            title: Some(&title),
            selectable: false,
        },
    );
    output::emit_text(args.output.as_deref(), &text)
}

/// The grid to draw, checked; `Err` holds the exit code after a message.
fn solution(args: &RenderArgs, loaded: &Loaded) -> Result<Option<Grid>, u8> {
    let puzzle = &loaded.puzzle;
    let (grid, source) = if let Some(path) = &args.solution {
        let text = std::fs::read_to_string(path).map_err(|e| {
            eprintln!("cagec: {}: cannot read: {e}", path.display());
            exit::IO
        })?;
        let grid = cagec::front::solution::parse_grid(&text, puzzle.size).map_err(|d| {
            eprint!("{}", d.render(&path.display().to_string(), &text));
            exit::INVALID
        })?;
        (grid, path.display().to_string())
    } else if args.solve {
        return solved(loaded).map(Some);
    } else {
        return Ok(None);
    };
    checked(loaded, grid, &source, exit::NO).map(Some)
}

/// The built-in solver's grid, checked like a user's; `Err` holds the exit
/// code after a message (shared with `explain --html --solve`).
pub(super) fn solved(loaded: &Loaded) -> Result<Grid, u8> {
    let grid = solve(loaded)?;
    // A wrong grid from our solver is a bug: a solver failure.
    checked(loaded, grid, "the built-in solver's grid", exit::SOLVER)
}

/// `grid` if it solves the puzzle; else every violation and `Err(wrong)`.
fn checked(loaded: &Loaded, grid: Grid, source: &str, wrong: u8) -> Result<Grid, u8> {
    let violations = verify::check(&loaded.puzzle, &grid);
    if violations.is_empty() {
        return Ok(grid);
    }
    eprintln!(
        "cagec: {source} is not a solution of {}:",
        loaded.display_name
    );
    for v in &violations {
        eprintln!("  {v}");
    }
    Err(wrong)
}

fn solve(loaded: &Loaded) -> Result<Grid, u8> {
    let opts = native::Options {
        stop: Some(super::interrupt::shared_flag()),
        ..Default::default()
    };
    match native::solve(&loaded.puzzle, &opts) {
        Ok(_) if super::interrupt::requested() => Err(super::interrupt::exit_code()),
        Ok(out) => out.solutions.into_iter().next().ok_or_else(|| {
            eprintln!("cagec: {} has no solution", loaded.display_name);
            exit::NO
        }),
        Err(e) => {
            eprintln!(
                "cagec: {}: {e}; draw a grid with --solution",
                loaded.display_name
            );
            Err(exit::INVALID)
        }
    }
}

/// The file name without directories and extension, or `stdin`.
pub(super) fn title_of(loaded: &Loaded) -> String {
    if loaded.display_name == "<stdin>" {
        return "stdin".to_string();
    }
    Path::new(&loaded.display_name)
        .file_stem()
        .map_or_else(|| loaded.stem.clone(), |s| s.to_string_lossy().into_owned())
}
