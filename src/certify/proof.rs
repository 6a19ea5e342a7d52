//! The two programs behind a certificate, neither of them cagec's code:
//! CaDiCaL (the `cadical` program the SAT family runs, `CAGEC_CADICAL`)
//! writes the DRAT proof that a CNF is unsatisfiable, and `rate`, a DRAT
//! checker (`CAGEC_RATE`), checks it. Both run through `solve::process`:
//! no shell, their own process group, a wall-clock limit and Ctrl-C.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::CertifyError;
use crate::back::decode::Values;
use crate::puzzle::ir::{Cell, Grid, Puzzle};
use crate::puzzle::verify;
use crate::solve::locate::{self, Env};
use crate::solve::process::{self, Exit, Invocation, RunError};
use crate::solve::{Solver, Stop, Via, competition};

/// The checker's program, environment variable and install hint.
pub const CHECKER: &str = "rate";
pub const CHECKER_VAR: &str = "CAGEC_RATE";
const CHECKER_HINT: &str = "install it with `cargo install rate --version 0.3.0 --locked` \
                            (scripts/install-solvers --certify)";

/// A program found, with the environment it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub name: &'static str,
    pub path: PathBuf,
    pub env: Vec<(String, String)>,
}

/// CaDiCaL, as `cagec solve --solver cadical` finds it.
pub fn prover() -> Result<Program, CertifyError> {
    let found = locate::locate_for(Solver::Cadical, Via::Cnf).map_err(|e| match e {
        crate::solve::SolveError::NotFound {
            program, detail, ..
        } => CertifyError::NotFound {
            program,
            detail,
            hint: "install it with `apt-get install cadical`",
        },
        other => CertifyError::Tool {
            program: "cadical".into(),
            file: PathBuf::new(),
            reason: other.to_string(),
            output: String::new(),
        },
    })?;
    Ok(Program {
        name: found.name,
        path: found.program,
        env: found.env,
    })
}

/// The checker: `CAGEC_RATE`, then `rate` on `PATH`.
pub fn checker() -> Result<Program, CertifyError> {
    checker_with(&|k| std::env::var_os(k))
}

/// [`checker`] in `env`.
pub fn checker_with(env: Env<'_>) -> Result<Program, CertifyError> {
    let path = locate::find_program(CHECKER, CHECKER_VAR, env).map_err(|detail| {
        CertifyError::NotFound {
            program: CHECKER,
            detail,
            hint: CHECKER_HINT,
        }
    })?;
    Ok(Program {
        name: CHECKER,
        path,
        env: Vec::new(),
    })
}

/// The program's `--version`, first line, or `unknown`.
pub fn version(program: &Program) -> String {
    std::process::Command::new(&program.path)
        .arg("--version")
        .envs(program.env.iter().map(|(k, v)| (k, v)))
        .stdin(std::process::Stdio::null())
        .output()
        .ok()
        .and_then(|out| {
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            text.lines().next().map(|l| l.trim().to_string())
        })
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "unknown".to_string())
}

/// Where and how long the tools run: `scratch` takes their output files.
pub struct Run<'a> {
    pub scratch: &'a Path,
    pub time_limit: Option<f64>,
    pub cancel: &'a AtomicBool,
}

/// The prover's arguments: quiet, the CNF, the proof (binary DRAT).
pub fn prover_args(cnf: &str, proof: &str) -> Vec<String> {
    vec!["-q".into(), cnf.into(), proof.into()]
}

/// The checker's arguments. `-d` ignores the deletion of unit clauses, as
/// drat-trim and the SAT competitions do ("operational" DRAT): the checker
/// then keeps clauses the proof meant to delete, and every clause it keeps
/// is an input clause or a checked lemma, so a refutation it accepts is
/// still one (sound); it skips re-propagating after each such deletion,
/// about four times faster on a 16x16. `-p` tries only the first literal
/// of a RAT lemma as its pivot, where CaDiCaL puts it: stricter, never
/// looser.
pub fn checker_args(cnf: &str, proof: &str) -> Vec<String> {
    vec!["-d".into(), "-p".into(), cnf.into(), proof.into()]
}

/// Runs CaDiCaL on `cnf`, writing its proof to `proof`: Ok when it says
/// unsatisfiable. A model it finds instead is decoded as a grid of
/// `puzzle` and verified, for the error.
pub fn prove(
    prover: &Program,
    puzzle: &Puzzle,
    cnf: &Path,
    proof: &Path,
    run: &Run<'_>,
) -> Result<Duration, CertifyError> {
    let args = prover_args(&cnf.to_string_lossy(), &proof.to_string_lossy());
    let (finished, out, err) = execute(prover, args, "cadical", run, proof)?;
    let tool = |reason: String| CertifyError::Tool {
        program: prover.name.to_string(),
        file: proof.to_path_buf(),
        reason,
        output: crate::solve::error::tail(&out, &err),
    };
    let answer = competition::parse(&out, false).map_err(|e| tool(e.to_string()))?;
    match (answer.stop, finished.exit) {
        (Stop::Infeasible, Exit::Code(20)) => Ok(finished.elapsed),
        (Stop::Optimal, Exit::Code(10)) => {
            let grid = grid_of(puzzle, answer.values);
            let verified = verify::check(puzzle, &grid).is_empty();
            Err(CertifyError::Satisfiable {
                file: cnf.to_path_buf(),
                grid,
                verified,
            })
        }
        (stop, exit) => Err(tool(format!("{exit}, answer: {stop}"))),
    }
}

/// Runs the checker on `cnf` and `proof`: Ok when it says `s VERIFIED`.
pub fn check(
    checker: &Program,
    cnf: &Path,
    proof: &Path,
    run: &Run<'_>,
) -> Result<Duration, CertifyError> {
    let args = checker_args(&cnf.to_string_lossy(), &proof.to_string_lossy());
    let (finished, out, err) = execute(checker, args, "rate", run, proof)?;
    let verified = out.lines().any(|l| l.trim() == "s VERIFIED");
    if finished.exit == Exit::Code(0) && verified {
        return Ok(finished.elapsed);
    }
    Err(CertifyError::Rejected {
        file: proof.to_path_buf(),
        step: super::Step::Proof,
        reason: format!(
            "{} does not accept it ({}){}",
            checker.name,
            finished.exit,
            frame(&crate::solve::error::tail(&out, &err))
        ),
    })
}

fn frame(output: &str) -> String {
    match output.trim().is_empty() {
        true => String::new(),
        false => format!("\n--- output ---\n{}\n---", output.trim_end()),
    }
}

/// Runs `program` with its output in `run.scratch` (`STEM.log`,
/// `STEM.err`), and reads that output back.
fn execute(
    program: &Program,
    args: Vec<String>,
    stem: &str,
    run: &Run<'_>,
    file: &Path,
) -> Result<(process::Finished, String, String), CertifyError> {
    let inv = Invocation {
        program: program.path.clone(),
        args,
        env: program.env.clone(),
        stdout: format!("{stem}.log"),
        stderr: format!("{stem}.err"),
        interrupt_after: None,
    };
    let wall = run.time_limit.map(Duration::from_secs_f64);
    let finished = process::run(&inv, run.scratch, wall, run.cancel).map_err(|e| match e {
        RunError::Interrupted => CertifyError::Interrupted,
        other => CertifyError::Tool {
            program: program.name.to_string(),
            file: file.to_path_buf(),
            reason: other.to_string(),
            output: String::new(),
        },
    })?;
    let read = |name: &str| std::fs::read_to_string(run.scratch.join(name)).unwrap_or_default();
    let (out, err) = (read(&inv.stdout), read(&inv.stderr));
    if finished.exit == Exit::Killed {
        return Err(CertifyError::Tool {
            program: program.name.to_string(),
            file: file.to_path_buf(),
            reason: format!(
                "still running at the time limit after {:.1} s; killed",
                finished.elapsed.as_secs_f64()
            ),
            output: crate::solve::error::tail(&out, &err),
        });
    }
    Ok((finished, out, err))
}

/// The grid a model's x variables spell (0 where a cell has no value).
fn grid_of(puzzle: &Puzzle, values: Option<Values>) -> Grid {
    let n = puzzle.size;
    let mut grid = Grid {
        values: vec![vec![0; n]; n],
    };
    if let Some(Values::Numbered(lits)) = values {
        for (k, value) in lits {
            if value > 0.5 && (1..=n * n * n).contains(&k) {
                let cell = Cell::from_index((k - 1) / n, n);
                grid.values[cell.row as usize][cell.col as usize] = ((k - 1) % n + 1) as u32;
            }
        }
    }
    grid
}
