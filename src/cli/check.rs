//! `cagec check`: is this grid a solution of this puzzle?

use std::io::Read;
use std::path::PathBuf;

use cagec::front::InputFormat;
use cagec::front::solution::parse_grid;
use cagec::io::input;
use cagec::puzzle::verify;

use super::exit;

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Puzzle file (`-` for standard input).
    pub puzzle: PathBuf,
    /// Grid file: n lines of n integers separated by spaces (`-` for standard input).
    pub grid: PathBuf,
    /// Input format of the puzzle; by default from the extension.
    #[arg(long, value_enum)]
    pub from: Option<InputFormat>,
}

pub fn run(args: &CheckArgs) -> u8 {
    if args.puzzle.as_os_str() == "-" && args.grid.as_os_str() == "-" {
        eprintln!("cagec: the puzzle and the grid cannot both come from standard input");
        return exit::INVALID;
    }
    let loaded = match input::load(&args.puzzle, args.from) {
        Ok(l) => l,
        Err(e) => return super::report_load_error(&e),
    };
    eprint!("{}", loaded.warnings);
    let (grid_name, text) = match read_grid_text(&args.grid) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let grid = match parse_grid(&text, loaded.puzzle.size) {
        Ok(g) => g,
        Err(diags) => {
            eprint!("{}", diags.render(&grid_name, &text));
            return exit::INVALID;
        }
    };
    let violations = verify::check(&loaded.puzzle, &grid);
    if violations.is_empty() {
        println!("OK: {grid_name} solves {}", loaded.display_name);
        return exit::OK;
    }
    for v in &violations {
        println!("{grid_name}: {v}");
    }
    println!(
        "{grid_name}: not a solution of {} ({} violation{})",
        loaded.display_name,
        violations.len(),
        if violations.len() == 1 { "" } else { "s" }
    );
    exit::NO
}

fn read_grid_text(path: &PathBuf) -> Result<(String, String), u8> {
    let (name, bytes) = if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        let r = std::io::stdin().read_to_end(&mut buf).map(|_| buf);
        ("<stdin>".to_string(), r)
    } else {
        (path.display().to_string(), std::fs::read(path))
    };
    let bytes = bytes.map_err(|e| {
        eprintln!("cagec: {name}: cannot read: {e}");
        exit::IO
    })?;
    let text = String::from_utf8(bytes).map_err(|_| {
        eprintln!("cagec: {name}: the grid file is not UTF-8 text");
        exit::INVALID
    })?;
    Ok((name, text))
}
