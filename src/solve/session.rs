//! Solving one puzzle: the first solve, then, for `--unique` or `--all`, the
//! same model again with a no-good cut per solution found: a row of the
//! model (in CNF, a blocking clause; in OPB, a `>=` row), or data for the
//! paper's AMPL pair and the MiniZinc model.
//!
//! The cut for a solution x* is `Σ_(i,j) x[i,j,k*(i,j)] ≤ n² − 1` (Kalvelagen,
//! "Unique Solutions in KenKen", 2016): every grid has exactly n² ones, so the
//! cut removes x* and nothing else. An infeasible cut model proves that the
//! solutions found are all there are.

use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::attempt::{Hints, RunSpec, attempt};
use super::in_process::Runner;
use super::outcome::{Mode, Outcome, Uniqueness};
use super::{Existence, SolveError, Stop, Via};
use crate::compile::Encoded;
use crate::formulate::{self, FormulateError, names};
use crate::model::{Model, RowFamily, Sense, VarId};
use crate::puzzle::ir::{Grid, Puzzle};
use crate::puzzle::tuples;

/// How every run of a session is made: made only by resolving a
/// [`Request`](super::request::Request), so every setting in it has been
/// checked against the others and against the solver.
pub struct Config {
    pub(super) runner: Runner,
    pub(super) via: Via,
    /// Seconds, passed to the solver for each run.
    pub(super) time_limit: Option<f64>,
    pub(super) threads: Option<u32>,
    pub(super) mode: Mode,
    /// Formulation options for the model routes.
    pub(super) formulation: formulate::Options,
    /// Start the first run from the native solver's solution (a MIP start,
    /// HiGHS and CBC); the no-good runs start cold.
    pub(super) start: bool,
}

impl Config {
    /// What runs the solver: its binary, or a solver linked in.
    pub fn runner(&self) -> &Runner {
        &self.runner
    }

    pub fn via(&self) -> Via {
        self.via
    }

    pub fn time_limit(&self) -> Option<f64> {
        self.time_limit
    }

    pub fn threads(&self) -> Option<u32> {
        self.threads
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The model the solver is given.
    pub fn formulation(&self) -> &formulate::Options {
        &self.formulation
    }

    /// Whether the first run starts from the native solver's solution.
    pub fn start(&self) -> bool {
        self.start
    }
}

/// The directory the runs happen in: private and removed afterwards, or the
/// user's `--keep` directory.
pub struct Workspace {
    dir: PathBuf,
    _temp: Option<tempfile::TempDir>,
    /// `commands.txt`; puzzles solved in parallel append whole lines to it.
    commands: Mutex<File>,
}

impl Workspace {
    pub fn temporary() -> Result<Workspace, SolveError> {
        let temp = tempfile::Builder::new()
            .prefix("cagec-solve-")
            .tempdir()
            .map_err(|source| io_error("creating a temporary directory", source))?;
        let dir = temp.path().to_path_buf();
        Workspace::open(dir, Some(temp))
    }

    /// Keeps every file in `dir` (created if needed).
    pub fn keep(dir: &Path) -> Result<Workspace, SolveError> {
        fs::create_dir_all(dir).map_err(|e| io_error(&format!("creating {}", dir.display()), e))?;
        let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
        Workspace::open(dir, None)
    }

    fn open(dir: PathBuf, temp: Option<tempfile::TempDir>) -> Result<Workspace, SolveError> {
        let path = dir.join("commands.txt");
        let mut commands = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| io_error(&format!("creating {}", path.display()), e))?;
        let header = format!(
            "# cagec solve: every solver run, in order for each puzzle (puzzles solved at once\n# with --jobs interleave). Reproduce them with\n#   cd {} && sh commands.txt\n",
            dir.display()
        );
        commands
            .write_all(header.as_bytes())
            .map_err(|e| io_error("writing commands.txt", e))?;
        Ok(Workspace {
            dir,
            _temp: temp,
            commands: Mutex::new(commands),
        })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// Appends to `commands.txt`, each write whole under the lock.
struct CommandLog<'a>(&'a Mutex<File>);

impl Write for CommandLog<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut file = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        file.write_all(buf)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn io_error(what: &str, source: std::io::Error) -> SolveError {
    SolveError::Io {
        what: what.to_string(),
        source,
    }
}

/// Solves `puzzle`, writing its files as `stem…` in `ws`.
pub fn solve_puzzle(
    puzzle: &Puzzle,
    stem: &str,
    cfg: &Config,
    ws: &Workspace,
    cancel: &AtomicBool,
) -> Result<Outcome, SolveError> {
    let start = Instant::now();
    // The paper's AMPL pair formulates in MathProg itself, and the MiniZinc
    // model reads the puzzle's data; with formulation options, the AMPL
    // route runs the flat MathProg form of cagec's model.
    let mut encoded = match Encoded::new(puzzle, &cfg.formulation, cfg.via.format(), stem) {
        Ok(e) => e,
        Err(FormulateError::NoSolution) => return Ok(presolved_infeasible(start)),
        Err(e) => return Err(e.into()),
    };
    let mut spec = RunSpec {
        runner: &cfg.runner,
        via: cfg.via,
        time_limit: cfg.time_limit,
        threads: cfg.threads,
        dir: &ws.dir,
        commands: &mut CommandLog(&ws.commands),
        cancel,
    };
    let point = match (cfg.start, encoded.model()) {
        (true, Some(model)) => native_start(puzzle, model, cfg.time_limit)?,
        _ => None,
    };
    let hints = Hints {
        start: point.as_deref(),
        cut_run: false,
    };
    let first = attempt(&mut spec, stem, &encoded, puzzle, &[], hints)?;
    let mut out = Outcome {
        stop: first.stop.clone(),
        existence: match (&first.grid, &first.stop) {
            (Some(_), _) => Existence::Found,
            (None, Stop::Infeasible) => Existence::None,
            (None, _) => Existence::NotProven,
        },
        solutions: first.grid.into_iter().collect(),
        uniqueness: Uniqueness::NotAsked,
        complete: None,
        last_stop: first.stop,
        runs: 1,
        seconds: 0.0,
        cut_error: None,
        native: None,
    };
    if out.existence == Existence::Found && cfg.mode != Mode::First {
        match enumerate(&mut spec, puzzle, &mut encoded, stem, cfg.mode, &mut out) {
            Err(SolveError::Interrupted) => return Err(SolveError::Interrupted),
            Err(e) => {
                out.uniqueness = Uniqueness::NotProven(Stop::Other("solver failure".into()));
                out.cut_error = Some((e.to_string(), e.exit_code()));
            }
            Ok(()) => {}
        }
    }
    out.seconds = start.elapsed().as_secs_f64();
    Ok(out)
}

/// The native solver's first solution as a point of `model`, or None when
/// it finds none within the time limit (the run then starts cold).
fn native_start(
    puzzle: &Puzzle,
    model: &Model,
    time_limit: Option<f64>,
) -> Result<Option<Vec<i64>>, SolveError> {
    let out = super::solve_native(puzzle, Mode::First, time_limit, 1, None, None)?;
    let Some(grid) = out.solutions.first() else {
        return Ok(None);
    };
    let point =
        formulate::point::feasible_point(model, puzzle, grid).map_err(|e| SolveError::Decode {
            file: model.name.clone(),
            reason: format!("the native solution is no point of the model: {e}"),
        })?;
    Ok(Some(point))
}

/// Presolve proved the puzzle has no solution: no solver run is needed.
fn presolved_infeasible(start: Instant) -> Outcome {
    let stop = Stop::Other("presolve found a contradiction".into());
    Outcome {
        stop: stop.clone(),
        existence: Existence::None,
        solutions: Vec::new(),
        uniqueness: Uniqueness::NotAsked,
        complete: None,
        last_stop: stop,
        runs: 0,
        seconds: start.elapsed().as_secs_f64(),
        cut_error: None,
        native: None,
    }
}

/// Adds one cut per solution and solves again until the cut model is
/// infeasible, the mode's goal is met, or a run ends without an answer.
fn enumerate(
    spec: &mut RunSpec<'_>,
    puzzle: &Puzzle,
    encoded: &mut Encoded<'_>,
    stem: &str,
    mode: Mode,
    out: &mut Outcome,
) -> Result<(), SolveError> {
    let wanted = match mode {
        Mode::First => 1,
        Mode::Unique => 2,
        Mode::All { limit } => limit.max(1),
    };
    if wanted <= 1 {
        // `--all --limit 1`: nothing to cut, nothing proven.
        out.complete = Some(false);
        return Ok(());
    }
    let index = encoded.model().map(var_index);
    if let Some(m) = encoded.model_mut() {
        m.section("no-good cuts: each forbids one solution found (uniqueness check)");
    }
    while out.solutions.len() < wanted {
        let k = out.solutions.len();
        if let (Some(m), Some(index)) = (encoded.model_mut(), &index) {
            add_cut(m, index, puzzle, &out.solutions[k - 1], k)?;
        }
        let file_stem = format!("{stem}.cut{k}");
        let hints = Hints {
            start: None,
            cut_run: true,
        };
        let run = attempt(spec, &file_stem, encoded, puzzle, &out.solutions, hints)?;
        out.runs += 1;
        out.last_stop = run.stop.clone();
        match run.grid {
            Some(g) => {
                if let Some(i) = out.solutions.iter().position(|s| *s == g) {
                    let solver = spec.runner.name().to_string();
                    return Err(SolveError::CutIgnored {
                        solver,
                        index: i + 1,
                    });
                }
                out.solutions.push(g);
            }
            None => break,
        }
    }
    let proven_all = out.last_stop == Stop::Infeasible && out.solutions.len() < wanted;
    out.uniqueness = match (out.solutions.len(), proven_all) {
        (2.., _) => Uniqueness::NotUnique,
        (_, true) => Uniqueness::Unique,
        _ => Uniqueness::NotProven(out.last_stop.clone()),
    };
    if let Mode::All { .. } = mode {
        out.complete = Some(proven_all);
    }
    Ok(())
}

fn var_index(model: &Model) -> HashMap<String, VarId> {
    model
        .vars()
        .map(|v| (model.var_name(v).to_string(), v))
        .collect()
}

/// Appends `nogood_<k>`, which forbids `grid` (solution number `k`): the
/// sum of its cells' x is at most n² − 1. A cell without x (the cover
/// formulation's tabulated cages) counts through its cage's tuple: z of
/// the tuple the grid gives the cage, once per cage. Another grid differs
/// in some cell, so in that cell's x or its cage's tuple.
fn add_cut(
    model: &mut Model,
    index: &HashMap<String, VarId>,
    puzzle: &Puzzle,
    grid: &Grid,
    k: usize,
) -> Result<(), SolveError> {
    let n = grid.size();
    let missing = |name: &str| SolveError::Decode {
        file: model.name.clone(),
        reason: format!("the model has no variable {name} for the no-good cut"),
    };
    let mut cage_of = vec![0; n * n];
    for (c, cage) in puzzle.cages.iter().enumerate() {
        for cell in &cage.cells {
            cage_of[cell.index(n)] = c;
        }
    }
    let mut tables = tuples::Tables::new(puzzle);
    let mut counted = vec![false; puzzle.cages.len()];
    let mut terms = Vec::with_capacity(n * n);
    for (i, row) in grid.values.iter().enumerate() {
        for (j, &v) in row.iter().enumerate() {
            let name = names::x(i, j, v as usize);
            if let Some(&var) = index.get(&name) {
                terms.push((var, 1));
                continue;
            }
            let c = cage_of[i * n + j];
            if std::mem::replace(&mut counted[c], true) {
                continue;
            }
            let table = tables.get(c).ok_or_else(|| missing(&name))?;
            let here: Vec<u8> = table.cells.iter().map(|&c| grid.get(c) as u8).collect();
            let tuple = table.iter().position(|t| t == &here[..]);
            let z = tuple.map(|t| names::z(c, t)).unwrap_or(name);
            terms.push((*index.get(&z).ok_or_else(|| missing(&z))?, 1));
        }
    }
    let note = match terms.len() == n * n {
        true => format!(
            "forbids solution {k}: at most n^2-1 of its n^2 cell values \
             (Kalvelagen 2016, Unique Solutions in KenKen)"
        ),
        false => format!(
            "forbids solution {k}: at most {} of its {} cell values and cage tuples \
             (Kalvelagen 2016, Unique Solutions in KenKen)",
            terms.len() - 1,
            terms.len()
        ),
    };
    let rhs = terms.len() as i64 - 1;
    model
        .add_row(
            format!("nogood_{k}"),
            RowFamily::NoGood,
            note,
            terms,
            Sense::Le,
            rhs,
        )
        .map_err(|e| SolveError::Model(e.into()))
}
