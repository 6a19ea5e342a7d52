//! One solver run: write the model, run the binary, read the solution file,
//! decode and verify the grid.
//!
//! Success is judged from the solution *file*. The old file is deleted first,
//! so a file that exists was written by this run; a missing file, a crash, a
//! hang, an error line in CBC's log, a malformed file, renamed columns or a
//! grid that breaks the rules are all errors. Only a verified grid comes out.
//! The solvers of the other families print their answer instead of writing
//! a file: their standard output is the answer, read the same way, and an
//! exit code that is not one of their answers' is a failure.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::emit::{self, Printed, Written};
use super::error::tail;
use super::in_process::{self, InProcess, Runner};
use super::locate::Located;
use super::process::{self, Exit, Invocation};
use super::solvers::{Answer, Answered, Run, SolverSpec, TimeLimit};
use super::{RawSolution, SolveError, Stop, Values, Via, decode, glpk};
use crate::compile::Encoded;
use crate::model::Model;
use crate::puzzle::ir::{Grid, Puzzle};
use crate::puzzle::verify;

/// What one run established.
#[derive(Clone, Debug, PartialEq)]
pub struct Attempt {
    pub stop: Stop,
    /// A grid that passed [`verify::check`].
    pub grid: Option<Grid>,
    pub seconds: f64,
}

/// Everything a run needs besides its model.
pub struct RunSpec<'a> {
    pub runner: &'a Runner,
    pub via: Via,
    pub time_limit: Option<f64>,
    pub threads: Option<u32>,
    pub dir: &'a Path,
    /// `commands.txt`, where each command line is appended.
    pub commands: &'a mut dyn Write,
    pub cancel: &'a AtomicBool,
}

/// What cagec tells the solver about one run besides its model.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hints<'a> {
    /// A feasible point of the model, one value per column, to start from
    /// (a MIP start: HiGHS and CBC read it).
    pub start: Option<&'a [i64]>,
    /// A no-good run: its answer is usually "infeasible".
    pub cut_run: bool,
}

/// The wall-clock kill: a little after the solver's own limit.
pub fn wall_limit(time_limit: Option<f64>) -> Option<Duration> {
    time_limit.map(|t| Duration::from_secs_f64(t + 5.0 + 0.1 * t))
}

/// Solves `encoded` once: a model with its cut rows, or the paper's AMPL
/// pair or the MiniZinc pair of `puzzle` with `cuts` as data.
pub fn attempt(
    spec: &mut RunSpec<'_>,
    file_stem: &str,
    encoded: &Encoded<'_>,
    puzzle: &Puzzle,
    cuts: &[Grid],
    hints: Hints<'_>,
) -> Result<Attempt, SolveError> {
    let written = emit::write(spec.via, spec.dir, file_stem, encoded, puzzle, cuts)?;
    let solver = spec.runner.solver().spec();
    let located = match spec.runner {
        Runner::Binary(located) => located,
        Runner::InProcess(linked) => {
            return linked_attempt(
                spec,
                linked.as_ref(),
                solver,
                &written,
                encoded,
                puzzle,
                hints,
            );
        }
    };
    let mut files = Files::new(solver, located, &written);
    if let Some(model) = encoded.model() {
        files.extra = extras(spec, solver, &written, model, hints)?;
    }
    for stale in [Some(&files.solution), files.printed.as_ref()]
        .into_iter()
        .flatten()
    {
        remove_stale(&spec.dir.join(stale))?;
    }
    let inv = invocation(spec, located, solver, &written, &files);
    log_command(spec, &process::shell_line(&inv))?;
    let finished = process::run(&inv, spec.dir, wall_limit(spec.time_limit), spec.cancel)?;
    let raw = read_result(
        spec,
        located,
        solver,
        &written,
        &files,
        finished.exit,
        puzzle.size,
    )?;
    let answer = files.printed.as_ref().unwrap_or(&files.solution);
    let grid = raw
        .values
        .map(|values| grid_of(spec, encoded.model(), puzzle, &written, answer, values))
        .transpose()?;
    Ok(Attempt {
        stop: raw.stop,
        grid,
        seconds: finished.elapsed.as_secs_f64(),
    })
}

/// Appends `line` to `commands.txt`, in one write: puzzles solved in
/// parallel share the file.
fn log_command(spec: &mut RunSpec<'_>, line: &str) -> Result<(), SolveError> {
    spec.commands
        .write_all(format!("{line}\n").as_bytes())
        .map_err(|source| SolveError::Io {
            what: "writing commands.txt".into(),
            source,
        })
}

/// The solver options of one run (what HiGHS reads from its options file).
fn settings(
    solver: &SolverSpec,
    model: &Model,
    hints: Hints<'_>,
) -> Vec<(&'static str, &'static str)> {
    solver
        .options_file
        .map(|o| (o.settings)(hints.cut_run, model.presolve.is_some()))
        .unwrap_or_default()
}

/// The output files of one run, relative to the run directory.
struct Files {
    /// The answer: a solution file, or the solver's standard output.
    solution: String,
    /// The AMPL model's `printf` output (`-y`).
    printed: Option<String>,
    stdout: String,
    stderr: String,
    extra: Extras,
}

/// Input files of a run beyond the model, relative to the run directory.
#[derive(Default)]
struct Extras {
    /// The MIP start, in the solver's format.
    start: Option<String>,
    /// A HiGHS options file.
    options: Option<String>,
}

/// Writes the MIP start and the solver options of one run, if any.
fn extras(
    spec: &RunSpec<'_>,
    solver: &SolverSpec,
    written: &Written,
    model: &Model,
    hints: Hints<'_>,
) -> Result<Extras, SolveError> {
    let base = &written.model;
    let mut extra = Extras::default();
    let names = written.names.as_ref();
    if let (Some(point), Some(start)) = (hints.start, solver.mip_start) {
        let name = format!("{base}.{}", start.suffix);
        extra.start = Some(emit::file(spec.dir, &name, |w| {
            (start.write)(model, names, point, w)
        })?);
    }
    if let Some(options) = solver.options_file {
        let settings = settings(solver, model, hints);
        if !settings.is_empty() {
            let text: String = settings
                .iter()
                .map(|(k, v)| format!("{k} = {v}\n"))
                .collect();
            let name = format!("{base}.{}", options.suffix);
            extra.options = Some(emit::file(spec.dir, &name, |w| {
                w.write_all(text.as_bytes())
            })?);
        }
    }
    Ok(extra)
}

impl Files {
    /// Named after the input file (`kk0.cut1.lp.highs.sol`), so runs of one
    /// puzzle by different routes or solvers never share a file.
    fn new(solver: &SolverSpec, located: &Located, written: &Written) -> Files {
        let base = written.data.as_deref().unwrap_or(&written.model);
        let s = located.name;
        let stdout = format!("{base}.{s}.log");
        let solution = match solver.answer {
            Answer::Stdout { .. } => stdout.clone(),
            Answer::File { extension } => format!("{base}.{s}.{extension}"),
        };
        Files {
            solution,
            printed: written.printed.map(|_| format!("{base}.{s}.out")),
            stdout,
            stderr: format!("{base}.{s}.err"),
            extra: Extras::default(),
        }
    }
}

fn remove_stale(path: &Path) -> Result<(), SolveError> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(SolveError::Io {
            what: format!("removing the old solution file {}", path.display()),
            source: e,
        }),
        _ => Ok(()),
    }
}

fn invocation(
    spec: &RunSpec<'_>,
    located: &Located,
    solver: &SolverSpec,
    written: &Written,
    files: &Files,
) -> Invocation {
    let t = spec.time_limit;
    let args = (solver.args)(&Run {
        via: spec.via,
        model: &written.model,
        data: written.data.as_deref(),
        printed: files.printed.as_deref(),
        solution: &files.solution,
        start: files.extra.start.as_deref(),
        options: files.extra.options.as_deref(),
        time_limit: t,
        threads: spec.threads,
    });
    Invocation {
        program: located.program.clone(),
        args,
        env: located.env.clone(),
        stdout: files.stdout.clone(),
        stderr: files.stderr.clone(),
        interrupt_after: t
            .filter(|_| solver.time_limit == TimeLimit::Interrupted)
            .map(Duration::from_secs_f64),
    }
}

fn read_lossy(path: &Path) -> Option<String> {
    fs::read(path)
        .ok()
        .map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// Judges the run from its exit, its log and its solution file.
fn read_result(
    spec: &RunSpec<'_>,
    located: &Located,
    solver: &SolverSpec,
    written: &Written,
    files: &Files,
    exit: Exit,
    n: usize,
) -> Result<RawSolution, SolveError> {
    let log = read_lossy(&spec.dir.join(&files.stdout)).unwrap_or_default();
    let text = judge_run(spec, located, solver, files, exit, &log)?;
    let printed = written.printed;
    let parsed = (solver.parse)(&Answered {
        via: spec.via,
        text: &text,
        log: &log,
        size: n,
        timed: spec.time_limit.is_some(),
    });
    let bad = |file: &str, e: super::ParseError| SolveError::BadSolution {
        file: file.to_string(),
        line: e.line,
        reason: e.reason,
    };
    let mut raw = parsed.map_err(|e| bad(&files.solution, e))?;
    // MathProg columns are glpsol's own; the values come from the printf
    // lines, which glpsol skips when there is no solution.
    if let (Some(file), Some(kind), Some(_)) = (&files.printed, printed, &raw.values) {
        let text = read_lossy(&spec.dir.join(file)).unwrap_or_default();
        let values = match kind {
            Printed::Cells => glpk::parse_printed(&text),
            Printed::Names => glpk::parse_printed_names(&text),
        };
        raw.values = Some(values.map_err(|e| bad(file, e))?);
    }
    Ok(raw)
}

/// The solution file's text, or why the run failed: killed, crashed, an
/// error in CBC's log, or no file at all.
fn judge_run(
    spec: &RunSpec<'_>,
    located: &Located,
    solver: &SolverSpec,
    files: &Files,
    exit: Exit,
    log: &str,
) -> Result<String, SolveError> {
    let program = located.name.to_string();
    let err = read_lossy(&spec.dir.join(&files.stderr)).unwrap_or_default();
    let output = tail(log, &err);
    if exit == Exit::Killed {
        let after = wall_limit(spec.time_limit).unwrap_or_default();
        let limit = spec.time_limit.unwrap_or_default();
        return Err(SolveError::Hung {
            program,
            after,
            limit,
            output,
        });
    }
    if let Exit::Signal(_) = exit {
        return Err(SolveError::Crashed {
            program,
            exit,
            output,
        });
    }
    // An answer on standard output is there whatever happened: the exit
    // code tells a crash (a file it could not read) from an answer.
    if let (Answer::Stdout { exit_codes }, Exit::Code(code)) = (solver.answer, exit)
        && !exit_codes.contains(&code)
    {
        return Err(SolveError::Crashed {
            program,
            exit,
            output,
        });
    }
    if let Some(message) = solver.log_error.and_then(|find| find(log)) {
        return Err(SolveError::Reported {
            program,
            message,
            output,
        });
    }
    match read_lossy(&spec.dir.join(&files.solution)) {
        Some(text) => Ok(text),
        None if exit == Exit::Code(0) => Err(SolveError::NoSolutionFile {
            program,
            file: files.solution.clone(),
            exit,
            output,
        }),
        None => Err(SolveError::Crashed {
            program,
            exit,
            output,
        }),
    }
}

/// Decodes and verifies the values of a run, read from `file`.
fn grid_of(
    spec: &RunSpec<'_>,
    model: Option<&Model>,
    puzzle: &Puzzle,
    written: &Written,
    file: &str,
    values: Values,
) -> Result<Grid, SolveError> {
    let values = match (&written.names, model) {
        (Some(names), Some(model)) => decode::canonical(values, names, model),
        _ => values,
    };
    let file = file.to_string();
    let empty = Model::default();
    let grid = decode::grid(model.unwrap_or(&empty), puzzle, &values)
        .map_err(|reason| SolveError::Decode { file, reason })?;
    let violations = verify::check(puzzle, &grid);
    if !violations.is_empty() {
        return Err(SolveError::WrongGrid {
            solver: spec.runner.name().to_string(),
            violations,
        });
    }
    Ok(grid)
}

/// One run of a solver linked into this process: the same model file, the
/// options its binary would read from the options file, and the same
/// decoding and verification; no MIP start (the request refuses one).
fn linked_attempt(
    spec: &mut RunSpec<'_>,
    linked: &dyn InProcess,
    solver: &SolverSpec,
    written: &Written,
    encoded: &Encoded<'_>,
    puzzle: &Puzzle,
    hints: Hints<'_>,
) -> Result<Attempt, SolveError> {
    let settings = encoded
        .model()
        .map(|model| settings(solver, model, hints))
        .unwrap_or_default();
    log_command(
        spec,
        &format!("# in process: {} reads {}", linked.name(), written.model),
    )?;
    let model = spec.dir.join(&written.model);
    let run = in_process::Run {
        model: &model,
        via: spec.via,
        settings: &settings,
        time_limit: spec.time_limit,
        threads: spec.threads,
    };
    let started = std::time::Instant::now();
    let raw = linked.solve(&run, spec.cancel)?;
    if spec.cancel.load(std::sync::atomic::Ordering::SeqCst) {
        return Err(SolveError::Interrupted);
    }
    let grid = raw
        .values
        .map(|values| {
            grid_of(
                spec,
                encoded.model(),
                puzzle,
                written,
                &written.model,
                values,
            )
        })
        .transpose()?;
    Ok(Attempt {
        stop: raw.stop,
        grid,
        seconds: started.elapsed().as_secs_f64(),
    })
}
