//! `cagec explain`: the rows each cage generates and why, for reading an LP
//! file beside the paper.

use std::path::PathBuf;

use crate::explain::{ExplainError, write_explanation};
use crate::front::InputFormat;
use crate::input;

use super::exit;
use super::output;

#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// Puzzle file (`-` for standard input).
    pub puzzle: PathBuf,
    /// Input format; by default from the extension (.txt/.kk/.cage: cage lines, .dat: AMPL data).
    #[arg(long, value_enum)]
    pub from: Option<InputFormat>,
    /// Explain only cage C (1-based, in input order).
    #[arg(long, value_name = "C")]
    pub cage: Option<usize>,
    #[command(flatten)]
    pub model: super::model_args::ModelArgs,
}

pub fn run(args: &ExplainArgs) -> u8 {
    let loaded = match input::load_with(&args.puzzle, args.from, args.model.killer) {
        Ok(l) => l,
        Err(e) => return super::report_load_error(&e),
    };
    eprint!("{}", loaded.warnings);
    let mut text = String::new();
    match write_explanation(&loaded.puzzle, &args.model.options(), args.cage, &mut text) {
        Ok(()) => {}
        Err(e @ (ExplainError::Formulate(_) | ExplainError::NoSuchCage { .. })) => {
            eprintln!("cagec: {}: {e}", loaded.display_name);
            return exit::INVALID;
        }
        Err(e @ ExplainError::Fmt(_)) => {
            eprintln!("cagec: {e}");
            return exit::IO;
        }
    }
    match output::to_stdout(Box::new(|w| w.write_all(text.as_bytes()))) {
        Ok(()) => exit::OK,
        Err(e) => {
            eprintln!("cagec: {e}");
            exit::IO
        }
    }
}
