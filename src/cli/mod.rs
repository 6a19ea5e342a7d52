//! The command line: clap definitions and dispatch. Each subcommand lives in
//! its own file and is a thin layer over the library.

pub mod batch;
mod certify;
pub mod check;
mod compile;
mod convert;
mod explain;
mod generate;
pub mod interrupt;
pub mod model_args;
pub mod output;
pub mod progress;
mod render;
pub mod solve;
mod stats;
pub mod words;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit codes, documented in `--help` and the README.
pub mod exit {
    /// Success.
    pub const OK: u8 = 0;
    /// A negative answer: the grid is not a solution, or no solution was found.
    pub const NO: u8 = 1;
    /// Invalid input or usage (the puzzle file, a grid file, the arguments).
    pub const INVALID: u8 = 2;
    /// A solver failed: missing binary, crash, unreadable or wrong output.
    pub const SOLVER: u8 = 3;
    /// Reading or writing a file failed.
    pub const IO: u8 = 4;
    /// Interrupted: Ctrl-C (SIGINT).
    pub const INTERRUPTED: u8 = 130;
    /// Stopped by SIGTERM (`kill`, `timeout`, systemd, CI runners).
    pub const TERMINATED: u8 = 143;
    /// Stopped by SIGHUP (the terminal closed).
    pub const HANGUP: u8 = 129;
}

const EXIT_CODES: &str = "\
Exit codes:
  0    success
  1    negative answer (grid is not a solution; no solution found)
  2    invalid input or usage (errors are shown as file:line:column)
  3    solver failure (missing binary, crash, unreadable or wrong output)
  4    I/O error
  129  stopped by SIGHUP (the terminal closed)
  130  interrupted (Ctrl-C)
  143  stopped by SIGTERM (kill, timeout, CI runners)
On 129, 130 and 143 a running solver is killed, temporary files are removed
and no output file is written.";

/// Compile KenKen puzzles into integer programs (CPLEX-LP, MPS, AMPL) and
/// solve them with HiGHS, CBC or glpsol.
#[derive(Parser, Debug)]
#[command(name = "cagec", version, after_help = EXIT_CODES, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Write the integer program of a puzzle for an external solver.
    #[command(after_help = compile::AFTER_HELP)]
    Compile(compile::CompileArgs),
    /// Convert a puzzle between formats: J-wiki cage lines, AMPL .dat, cage
    /// map, Keen game ID.
    #[command(after_help = convert::AFTER_HELP)]
    Convert(convert::ConvertArgs),
    /// Count variables, binaries, rows and non-zeros, per constraint family.
    #[command(after_help = EXIT_CODES)]
    Stats(stats::StatsArgs),
    /// Solve puzzles with HiGHS, CBC or glpsol; verify, prove uniqueness, enumerate.
    #[command(after_help = solve::AFTER_HELP)]
    Solve(solve::SolveArgs),
    /// Check a certificate of uniqueness that `solve --certify` wrote.
    #[command(after_help = certify::AFTER_HELP)]
    Certify(certify::CertifyArgs),
    /// Check a grid against a puzzle: OK, or every broken rule.
    #[command(after_help = EXIT_CODES)]
    Check(check::CheckArgs),
    /// Generate random puzzles (deterministic for a seed), optionally unique.
    #[command(after_help = EXIT_CODES)]
    Generate(generate::GenerateArgs),
    /// Explain which rows each cage generates and why, with the paper's
    /// equation numbers; as text, or with --html as one interactive page.
    #[command(after_help = explain::AFTER_HELP)]
    Explain(explain::ExplainArgs),
    /// Draw the puzzle as an SVG picture, as newspapers print it, optionally
    /// with a checked solution.
    #[command(after_help = render::AFTER_HELP)]
    Render(render::RenderArgs),
}

/// Runs the parsed command line and returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    interrupt::install();
    let code = match cli.command {
        Command::Compile(args) => compile::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Stats(args) => stats::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Certify(args) => certify::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Render(args) => render::run(&args),
    };
    ExitCode::from(code)
}

/// Prints a load error the way every subcommand does and returns its exit code.
pub fn report_load_error(err: &cagec::io::input::LoadError) -> u8 {
    let (text, code) = load_error_text(err);
    eprint!("{text}");
    code
}

/// A load error as every subcommand reports it, and its exit code.
pub fn load_error_text(err: &cagec::io::input::LoadError) -> (String, u8) {
    use cagec::io::input::LoadError;
    use cagec::words::Message;
    use words::Flags;
    match err {
        LoadError::Invalid {
            rendered, count, ..
        } => (
            format!(
                "{rendered}cagec: {count} error{} in the puzzle; nothing was written\n",
                if *count == 1 { "" } else { "s" }
            ),
            exit::INVALID,
        ),
        LoadError::Io { .. } => (format!("cagec: {err}\n"), exit::IO),
        LoadError::NotText(..) => (format!("{err}\n"), exit::INVALID),
        LoadError::UnknownFormat(_) => (format!("cagec: {}\n", err.message(&Flags)), exit::INVALID),
    }
}
