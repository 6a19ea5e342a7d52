use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    cagec::cli::run(cagec::cli::Cli::parse())
}
