//! Certificates on the command line: `cagec solve P --unique --certify DIR`
//! writes one (the glue `solve.rs` calls), `cagec certify check DIR`
//! re-checks one someone sent you.

use std::path::{Path, PathBuf};

use cagec::certify::{self, Checked, Claim, Request, Tools};
use cagec::puzzle::ir::Puzzle;
use cagec::solve::report::Record;
use cagec::solve::{Engine, Outcome};

use super::solve::SolveArgs;
use super::{exit, interrupt};

pub const AFTER_HELP: &str = "\
A certificate folder (written by `cagec solve P --unique --certify DIR`) holds
puzzle.cage, reference.cnf (a plain CNF of the puzzle's rules), nogood.cnf and
solution.grid (for the claim \"unique\"), proof.drat (CaDiCaL's DRAT proof that
reference.cnf with the no-good is unsatisfiable) and manifest.json (SHA-256 of
every file, tool versions, sizes, times). `cagec certify check DIR` checks it
step by step: the hashes, the puzzle read again, the reference CNF derived
again and compared byte for byte, the grid against the verifier and the CNF,
the no-good, and the proof through the checker `rate` (CAGEC_RATE, then PATH;
cargo install rate --version 0.3.0 --locked). It says which file and which
step fail. See docs/certificates.md.

Exit codes: 0 certified, 1 not certified (a step failed), 2 usage, 3 the
checker is missing or failed, 4 I/O error, 130 interrupted.";

#[derive(clap::Args, Debug)]
pub struct CertifyArgs {
    #[command(subcommand)]
    pub command: CertifyCommand,
}

#[derive(clap::Subcommand, Debug)]
pub enum CertifyCommand {
    /// Check a certificate folder: hashes, puzzle, reference CNF, grid,
    /// no-good, and the proof through an independent checker.
    Check {
        /// The certificate folder.
        #[arg(value_name = "DIR")]
        dir: PathBuf,
        /// Seconds the checker may run.
        #[arg(long, value_name = "SECS")]
        time_limit: Option<f64>,
    },
}

pub fn run(args: &CertifyArgs) -> u8 {
    let CertifyCommand::Check { dir, time_limit } = &args.command;
    let checker = match certify::proof::checker() {
        Ok(c) => c,
        Err(e) => return fail(dir, &e),
    };
    match certify::check_folder(dir, &checker, *time_limit, interrupt::flag()) {
        Ok(checked) => {
            println!("{}", certified_line(&checked, dir));
            exit::OK
        }
        Err(e) => fail(dir, &e),
    }
}

fn fail(dir: &Path, e: &certify::CertifyError) -> u8 {
    eprintln!("cagec: {e}");
    println!("{}: not certified", dir.display());
    match e {
        certify::CertifyError::Interrupted => interrupt::exit_code(),
        e => e.exit_code(),
    }
}

fn certified_line(checked: &Checked, dir: &Path) -> String {
    let what = match &checked.claim {
        Claim::Unique(_) => "the solution in solution.grid is unique",
        Claim::NoSolution => "the puzzle has no solution",
    };
    format!(
        "{}: certified: {what} ({} accepted proof.drat, {} bytes, in {:.3} s)",
        dir.display(),
        checked.manifest.checker.program,
        checked
            .manifest
            .files
            .iter()
            .find(|f| f.name == certify::manifest::PROOF)
            .map_or(0, |f| f.bytes),
        checked.checker.as_secs_f64()
    )
}

/// Before any solve: `--certify` takes one puzzle, and needs CaDiCaL and
/// the checker.
pub fn preflight(args: &SolveArgs, puzzles: usize) -> Result<(), u8> {
    if args.certify.is_none() {
        return Ok(());
    }
    if puzzles != 1 {
        eprintln!(
            "cagec: --certify DIR writes the certificate of one puzzle; {puzzles} were given"
        );
        return Err(exit::INVALID);
    }
    Tools::locate().map(|_| ()).map_err(|e| {
        eprintln!("cagec: --certify: {e}");
        e.exit_code()
    })
}

/// After a solve, with `--certify DIR`: writes and checks the certificate,
/// says so in the report and the record (`certified`), and makes the exit
/// code non-zero when it is not certified.
pub fn after_solve(
    args: &SolveArgs,
    engine: &Engine,
    puzzle: &Puzzle,
    out: &Outcome,
    record: &mut Record,
) -> Option<(String, String)> {
    let dir = args.certify.as_deref()?;
    let result = Claim::of(out).and_then(|claim| {
        let tools = Tools::locate()?;
        let request = Request {
            puzzle,
            claim,
            solver: certify::write::solver_tool(engine),
            solve_seconds: out.seconds,
            time_limit: args.time_limit,
            cancel: interrupt::flag(),
        };
        certify::certify(&request, &tools, dir)
    });
    record.certified = Some(result.is_ok());
    match result {
        Ok(checked) => Some((
            format!("{}\n", certified_line(&checked, dir)),
            String::new(),
        )),
        Err(e) => {
            let code = match e {
                certify::CertifyError::Interrupted => interrupt::exit_code(),
                ref e => e.exit_code(),
            };
            record.exit = record.exit.max(code);
            record
                .error
                .get_or_insert_with(|| format!("not certified: {e}"));
            Some((
                format!("{}: not certified\n", dir.display()),
                format!("cagec: not certified: {e}\n"),
            ))
        }
    }
}
