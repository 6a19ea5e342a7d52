//! The `cagec` command: a thin layer of flags, progress bars and signal
//! handling over the library.

use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    cli::run(cli::Cli::parse())
}
