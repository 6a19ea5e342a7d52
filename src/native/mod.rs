//! The built-in solver: constraint propagation, then search in two stages.
//!
//! Domains are bitsets (bit v−1 = value v), so n ≤ 64. Propagation, to a
//! fixpoint (see [`propagation`]):
//! - each cage keeps generalised arc consistency on its tuples by compact
//!   table ([`table`]), and removes from a line it shares with other cells a
//!   value that all its live tuples place there; cages with too many tuples
//!   to list are propagated by their arithmetic ([`arithmetic`]);
//! - each row and column (and Killer box) keeps every value once, filtered by
//!   matching ([`alldiff`]): every Hall set, not only singles.
//!
//! The propagators are written once, against [`domains::Domains`] (the
//! domains, and how a propagator narrows them), and [`propagators::run`]
//! runs one by its id for either engine: the depth-first search's plain
//! bitsets ([`domains::Plain`], undone by [`undo`]), or lazy clause
//! generation's literals, where each removal goes on the trail with its
//! reason.
//!
//! Search, by default ([`Strategy::Auto`]):
//! 1. a depth-first search ([`search`]) with a small failure budget: most
//!    puzzles end here, in a few dozen nodes;
//! 2. probing at the root ([`probe`]; singleton arc consistency: a value
//!    whose assignment propagates to a contradiction is removed), then the
//!    depth-first search again with a larger budget;
//! 3. when the tree is still large, conflict-driven search with clause
//!    learning, which the depth-first search lacks: CaDiCaL on a direct
//!    encoding of what the root left (`cadical_stage`, with the `cdcl` feature), or
//!    lazy clause generation on the same propagators ([`lcg`], pure Rust:
//!    the WebAssembly build, a machine with no C++ compiler, and any puzzle
//!    the encoding cannot take). [`Learner`] chooses; docs/performance.md
//!    measures the two.
//!
//! Every stage is deterministic: the same puzzle gives the same solutions in
//! the same order, and the same effort figures.

// The puzzle as the solver sees it.
mod problem;
// The propagators, written once against the domains' interface, and
// the memory they keep between runs.
mod alldiff;
mod arithmetic;
mod domains;
mod hints;
mod propagators;
mod table;
// Propagation to a fixpoint for the depth-first search (its queue is lazy
// clause generation's too), its undo, and probing.
mod probe;
mod propagation;
mod queue;
mod undo;
// Search: depth-first, then learning (CaDiCaL, or lazy clause generation).
#[cfg(feature = "cdcl")]
mod cadical_stage;
mod lcg;
mod search;
// Cube-and-conquer: the split by look-ahead, and CaDiCaL workers.
#[cfg(feature = "cdcl")]
mod conquer;
mod cube;
mod cubes;
#[cfg(feature = "cdcl")]
mod exchange;
mod lookahead;

pub use cube::{Cube, CubeError, CubeStats, Literal};
pub use cubes::{CUBES_PER_THREAD, Split, merge, solve_cube, split};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};

/// The clock of deadlines: std's, except on WebAssembly, where std's traps
/// and `web-time` reads `performance.now()`.
#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;
#[cfg(target_arch = "wasm32")]
pub use web_time::Instant;

use crate::puzzle::ir::{Grid, Puzzle};
use crate::puzzle::tuples;
use search::End;

/// Largest grid the native solver takes.
pub const MAX_SIZE: usize = 64;

#[derive(Clone, Debug)]
pub struct Options {
    /// Stop after this many solutions (1 to solve, 2 to prove uniqueness).
    pub max_solutions: usize,
    /// Cages with more tuples than this are propagated by their arithmetic.
    pub tuple_limit: usize,
    /// Give up (with `complete: false`) after this moment.
    pub deadline: Option<Instant>,
    /// Give up (with `complete: false`) once this flag is raised: the
    /// command line's signal handler, so SIGTERM does not wait for a search;
    /// Python's Ctrl-C. Shared with whoever raises it.
    pub stop: Option<Arc<AtomicBool>>,
    /// Which stages run.
    pub strategy: Strategy,
    /// Solutions already known: never reported, and not counted.
    pub known: Vec<Grid>,
    /// Give up (with `complete: false`) after about this many failures and
    /// conflicts: a limit on effort that, unlike the deadline, gives the same
    /// answer on every machine.
    pub effort: Option<u64>,
    /// The conflict-driven engine of the last stage.
    pub learner: Learner,
    /// Where to publish the effort while the search runs, for a face that
    /// shows it (the command line's spinner, Python's `progress` callback).
    pub progress: Option<Arc<Progress>>,
    /// Threads the conflict-driven stage may use. With 2 or more (and
    /// CaDiCaL built in, and no `effort` limit, which must give the same
    /// answer everywhere), two CaDiCaL workers search the whole space in
    /// its two modes, sharing short learnt clauses, and the threads beyond
    /// two solve cubes ([`Stats::cubes`]); with 1, the search is exactly
    /// the single engine's.
    pub threads: usize,
    /// The cubes the threads beyond two split the conflict-driven stage
    /// into (by default [`CUBES_PER_THREAD`] per such thread, the split a
    /// cluster gets too); with one thread, Some(k) has it solve k cubes in
    /// turn (the cubes bench's measure of work inflation). None, Some(0)
    /// or Some(1): the default. An `effort` limit never splits.
    pub cubes: Option<usize>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            max_solutions: 1,
            tuple_limit: tuples::DEFAULT_LIMIT,
            deadline: None,
            stop: None,
            strategy: Strategy::Auto,
            known: Vec::new(),
            effort: None,
            learner: Learner::Auto,
            progress: None,
            threads: 1,
            cubes: None,
        }
    }
}

/// The conflict-driven engine of the last stage (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Learner {
    /// CaDiCaL where it is built in (the `cdcl` feature) and the puzzle has
    /// an encoding; lazy clause generation otherwise.
    #[default]
    Auto,
    /// Lazy clause generation, even where CaDiCaL is built in.
    Lcg,
}

/// The stages of the search (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Strategy {
    /// Depth-first search; probing, then conflict-driven search, when its
    /// tree grows.
    #[default]
    Auto,
    /// Depth-first search only (no probing, no learning), bounded by
    /// `effort` alone.
    DepthFirst,
    /// Probing, then conflict-driven search at once.
    Cdcl,
}

/// Failures of the first depth-first stage, and of the second.
const QUICK_FAILURES: u64 = 100;
const DEEP_FAILURES: u64 = 2_000;

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Distinct solutions, in the order found.
    pub solutions: Vec<Grid>,
    /// True when the whole search space was explored, so `solutions` (with
    /// the known ones) are all of them; false when it stopped at
    /// `max_solutions` or the deadline.
    pub complete: bool,
    /// Search nodes of the depth-first stages.
    pub nodes: u64,
    /// True when the deadline stopped the search.
    pub timed_out: bool,
    pub stats: Stats,
}

/// Effort figures, also a measure of how hard a puzzle is.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    /// Cells fixed by propagation at the root, before any guess.
    pub root_fixed: usize,
    /// Depth-first search nodes: each branch propagated.
    pub nodes: u64,
    /// Depth-first branches refuted by propagation.
    pub failures: u64,
    /// Cells fixed after probing (0 when it did not run).
    pub probed_fixed: usize,
    /// Conflicts of the conflict-driven stage (0 when it did not run).
    pub conflicts: u64,
    /// The stage that finished the search: `propagation`, `search`,
    /// `probing`, `cdcl`.
    pub stage: &'static str,
    /// The conflict-driven engine that answered, when that stage ran:
    /// `cadical` or `lcg` (lazy clause generation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<&'static str>,
    /// The conflict-driven stage's workers, when it ran on several (or on
    /// cubes): the cubes (`count` 0 when two threads searched the whole
    /// space alone) and the busiest worker's conflicts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cubes: Option<CubeStats>,
}

/// The stages in the order they run; [`Stats::stage`] is one of them.
const STAGES: [&str; 4] = ["propagation", "search", "probing", "cdcl"];

/// A running solve's effort, readable from another thread while it runs.
/// The solver updates it every 256 nodes or conflicts, and to the final
/// [`Stats`] when it returns.
#[derive(Debug, Default)]
pub struct Progress {
    stage: AtomicU8,
    nodes: AtomicU64,
    conflicts: AtomicU64,
}

impl Progress {
    pub const fn new() -> Progress {
        Progress {
            stage: AtomicU8::new(0),
            nodes: AtomicU64::new(0),
            conflicts: AtomicU64::new(0),
        }
    }

    /// The stage running: `propagation`, `search`, `probing` or `cdcl`.
    pub fn stage(&self) -> &'static str {
        STAGES[usize::from(self.stage.load(Ordering::Relaxed)).min(STAGES.len() - 1)]
    }

    /// Depth-first search nodes so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Conflicts of the conflict-driven stage so far.
    pub fn conflicts(&self) -> u64 {
        self.conflicts.load(Ordering::Relaxed)
    }

    fn set_stage(&self, stage: &'static str) {
        let i = STAGES.iter().position(|&s| s == stage).unwrap_or(0);
        self.stage.store(i as u8, Ordering::Relaxed);
    }

    fn publish(&self, stats: &Stats) {
        self.set_stage(stats.stage);
        self.nodes.store(stats.nodes, Ordering::Relaxed);
        self.conflicts.store(stats.conflicts, Ordering::Relaxed);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NativeError {
    #[error("the native solver handles grids up to {MAX_SIZE}x{MAX_SIZE}, not {0}x{0}")]
    TooLarge(usize),
}

/// A propagator found a contradiction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fail;

/// The set bits of `word`, lowest first.
pub(crate) fn bits(mut word: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (word != 0).then(|| {
            let b = word.trailing_zeros();
            word &= word - 1;
            b
        })
    })
}

/// When a search gives up early: at a moment, or when a flag is raised.
/// It also carries where progress is published, since the searches read it
/// at the moments they would publish.
#[derive(Clone, Copy, Default)]
struct Clock<'a> {
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    /// Raised when the run is over elsewhere: another worker of
    /// cube-and-conquer found the solutions wanted or refuted the root.
    lost: Option<&'a AtomicBool>,
    progress: Option<&'a Progress>,
}

impl Clock<'_> {
    fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.stop.is_some_and(|f| f.load(Ordering::Relaxed))
            || self.lost.is_some_and(|f| f.load(Ordering::Relaxed))
    }

    fn nodes(&self, nodes: u64) {
        if let Some(p) = self.progress {
            p.nodes.store(nodes, Ordering::Relaxed);
        }
    }

    fn conflicts(&self, conflicts: u64) {
        if let Some(p) = self.progress {
            p.conflicts.store(conflicts, Ordering::Relaxed);
        }
    }

    fn stage(&self, stage: &'static str) {
        if let Some(p) = self.progress {
            p.set_stage(stage);
        }
    }
}

/// Solves `puzzle` (which must have passed validation).
pub fn solve(puzzle: &Puzzle, opts: &Options) -> Result<Outcome, NativeError> {
    if puzzle.size > MAX_SIZE {
        return Err(NativeError::TooLarge(puzzle.size));
    }
    let clock = Clock {
        deadline: opts.deadline,
        stop: opts.stop.as_deref(),
        lost: None,
        progress: opts.progress.as_deref(),
    };
    if let Some(p) = clock.progress {
        p.publish(&Stats::default());
    }
    let out = run_stages(puzzle, opts, clock);
    if let Some(p) = clock.progress {
        p.publish(&out.stats);
    }
    Ok(out)
}

fn run_stages(puzzle: &Puzzle, opts: &Options, clock: Clock<'_>) -> Outcome {
    let n = puzzle.size;
    let problem = problem::Problem::new(puzzle, opts.tuple_limit);
    let Prelude {
        root,
        mut engine,
        known,
        mut solutions,
        mut stats,
    } = match Prelude::run(&problem, opts, clock) {
        Ok(pre) => pre,
        Err(settled) => return *settled,
    };
    stats.stage = "cdcl";
    clock.stage(stats.stage);
    let wanted = opts.max_solutions.max(1) - solutions.len();
    let conflicts = opts.effort.map(|e| e.saturating_sub(stats.failures));
    let stage = Stage {
        problem: &problem,
        root: &root,
        known: &known,
        wanted,
        conflicts,
    };
    let learnt = learn(&stage, &mut engine, clock, opts);
    let run = learnt.run;
    stats.conflicts = run.conflicts;
    stats.engine = Some(learnt.engine.name());
    stats.cubes = learnt.cubes;
    solutions.extend(run.solutions.iter().map(|v| search::grid(v, n)));
    let end = match (run.complete, run.timed_out, run.out_of_effort) {
        (true, _, _) => End::Complete,
        (_, true, _) => End::TimedOut,
        (_, _, true) => End::OutOfBudget,
        _ => End::Enough,
    };
    outcome(solutions, end, stats)
}

/// What the stages before learning leave to it: the root after probing, the
/// propagator (with its failure weights), the solutions already reported or
/// found, and the effort so far.
struct Prelude {
    root: propagation::State,
    engine: propagation::Propagator,
    /// Solutions not to report again: the caller's and those found.
    known: Vec<Vec<u8>>,
    /// Solutions found, in order.
    solutions: Vec<Grid>,
    stats: Stats,
}

impl Prelude {
    /// Propagation, depth-first search and probing, as the strategy asks;
    /// Err(outcome) when they settle the question or spend the effort.
    fn run(
        problem: &problem::Problem,
        opts: &Options,
        clock: Clock<'_>,
    ) -> Result<Prelude, Box<Outcome>> {
        let mut engine = propagation::Propagator::new(problem);
        let mut stats = Stats {
            stage: "propagation",
            ..Stats::default()
        };
        let Ok(mut root) = engine.root(problem) else {
            return Err(Box::new(outcome(Vec::new(), End::Complete, stats)));
        };
        stats.root_fixed = fixed(&root.dom);
        let known = opts
            .known
            .iter()
            .map(|g| g.values.iter().flatten().map(|&v| v as u8).collect())
            .collect();
        let mut search = search::Search::new(problem, engine, opts.max_solutions, known, clock);
        let mut end = End::OutOfBudget;
        let effort = opts.effort.unwrap_or(u64::MAX);
        if opts.strategy != Strategy::Cdcl {
            stats.stage = "search";
            clock.stage(stats.stage);
            let budget = match opts.strategy {
                Strategy::Auto => QUICK_FAILURES,
                _ => u64::MAX,
            };
            end = search.run(&root, budget.min(effort));
        }
        if end == End::OutOfBudget && opts.strategy != Strategy::DepthFirst {
            stats.stage = "probing";
            clock.stage(stats.stage);
            clock.nodes(search.stats.nodes);
            if search.engine.probe(problem, &mut root, clock).is_err() {
                end = End::Complete;
            }
            stats.probed_fixed = fixed(&root.dom);
        }
        let spent = search.stats.failures;
        if end == End::OutOfBudget && opts.strategy == Strategy::Auto && spent < effort {
            end = search.run(&root, DEEP_FAILURES.min(effort - spent));
        }
        let spent = search.stats.failures;
        let solutions = std::mem::take(&mut search.solutions);
        stats.nodes = search.stats.nodes;
        stats.failures = spent;
        clock.nodes(stats.nodes);
        if end != End::OutOfBudget || spent >= effort || opts.strategy == Strategy::DepthFirst {
            // Settled, or out of effort: give up.
            return Err(Box::new(outcome(solutions, end, stats)));
        }
        let search::Search { engine, known, .. } = search;
        Ok(Prelude {
            root,
            engine,
            known,
            solutions,
            stats,
        })
    }
}

/// What a conflict-driven stage found, and why it stopped.
#[derive(Default)]
pub(crate) struct CdclRun {
    /// New solutions, row-major values.
    pub solutions: Vec<Vec<u8>>,
    /// The search space was exhausted.
    pub complete: bool,
    pub timed_out: bool,
    /// Stopped at the conflict limit.
    pub out_of_effort: bool,
    pub conflicts: u64,
}

/// What the conflict-driven stage is given: the root the earlier stages
/// left, the solutions they found, and how many more are wanted.
struct Stage<'a> {
    problem: &'a problem::Problem,
    root: &'a propagation::State,
    known: &'a [Vec<u8>],
    wanted: usize,
    /// A conflict limit (from `effort`).
    conflicts: Option<u64>,
}

/// A conflict-driven engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Engine {
    #[cfg(feature = "cdcl")]
    Cadical,
    Lcg,
}

impl Engine {
    fn name(self) -> &'static str {
        match self {
            #[cfg(feature = "cdcl")]
            Engine::Cadical => "cadical",
            Engine::Lcg => "lcg",
        }
    }

    fn search(self, stage: &Stage<'_>, clock: Clock<'_>) -> CdclRun {
        let Stage {
            problem,
            root,
            known,
            wanted,
            conflicts,
        } = *stage;
        match self {
            #[cfg(feature = "cdcl")]
            Engine::Cadical => {
                cadical_stage::search(problem, root, known, wanted, clock, conflicts)
            }
            Engine::Lcg => lcg::search(problem, root, known, wanted, clock, conflicts),
        }
    }
}

/// What the conflict-driven stage did, and which engine did it.
struct Learnt {
    run: CdclRun,
    engine: Engine,
    cubes: Option<CubeStats>,
}

/// The conflict-driven stage, by the engine `opts.learner` asks for
/// (CaDiCaL only where it is built in and has an encoding for every cage);
/// on `opts.threads` CaDiCaL workers when there are two or more, or when
/// `opts` asks for cubes ([`cubes::conquer`]). `engine` is the search's
/// propagator, for the split's look-ahead.
fn learn(
    stage: &Stage<'_>,
    engine: &mut propagation::Propagator,
    clock: Clock<'_>,
    opts: &Options,
) -> Learnt {
    #[cfg(feature = "cdcl")]
    if opts.learner == Learner::Auto && cadical_stage::encodable(stage.problem) {
        let count = cubes::count(opts);
        // An effort limit promises the same answer on every machine: one
        // worker, and no cubes.
        if stage.conflicts.is_none() && (opts.threads >= 2 || count.is_some()) {
            let (run, cubes) = cubes::conquer(stage, engine, clock, count, opts.threads);
            return Learnt {
                run,
                engine: Engine::Cadical,
                cubes,
            };
        }
        return Learnt {
            run: Engine::Cadical.search(stage, clock),
            engine: Engine::Cadical,
            cubes: None,
        };
    }
    let _ = (engine, opts);
    Learnt {
        run: Engine::Lcg.search(stage, clock),
        engine: Engine::Lcg,
        cubes: None,
    }
}

/// Whether this build has CaDiCaL (the `cdcl` feature) for its
/// conflict-driven stage; every build has lazy clause generation.
pub const HAS_CDCL: bool = cfg!(feature = "cdcl");

fn outcome(solutions: Vec<Grid>, end: End, stats: Stats) -> Outcome {
    Outcome {
        solutions,
        complete: end == End::Complete,
        nodes: stats.nodes,
        timed_out: end == End::TimedOut,
        stats,
    }
}

fn fixed(dom: &[u64]) -> usize {
    dom.iter().filter(|d| d.count_ones() == 1).count()
}

/// Tuple probes [`root_domains`] may try in all: a bound on its time that
/// does not depend on the machine. The held-out 16×16 it settles tries
/// 2,340, the held-out 20×20s up to about 5,400 (about a second); a
/// generated 40×40 spends them all (about 7 s, nothing removed).
const TUPLE_PROBES: u64 = 10_000;

/// Tuple probes in a row that remove nothing before probing gives up. The
/// held-out 16×16 it settles needs 2,000 (1,000 leaves it open); on puzzles
/// with many solutions, where it finds nothing, it keeps a 25×25's presolve
/// at 1.3 s instead of 2.0 s (1.2 s without tuple probing).
const TUPLE_PATIENCE: u64 = 2_500;

/// The cell domains after propagation and probing at the root (bit v−1 =
/// value v, cells row-major), or None when they prove there is no solution.
/// Probing removes only values that propagation refutes, so every solution
/// keeps its values: first each value of each cell, then each tuple of each
/// tabulated cage (a value no surviving tuple gives is removed), the two in
/// turn until neither removes anything.
pub fn root_domains(puzzle: &Puzzle, tuple_limit: usize) -> Result<Option<Vec<u64>>, NativeError> {
    let n = puzzle.size;
    if n > MAX_SIZE {
        return Err(NativeError::TooLarge(n));
    }
    let problem = problem::Problem::new(puzzle, tuple_limit);
    let mut engine = propagation::Propagator::new(&problem);
    let Ok(mut root) = engine.root(&problem) else {
        return Ok(None);
    };
    if engine.probe(&problem, &mut root, Clock::default()).is_err() {
        return Ok(None);
    }
    let mut budget = probe::TupleBudget::new(TUPLE_PROBES, TUPLE_PATIENCE);
    loop {
        match engine.probe_tuples(&problem, &mut root, &mut budget) {
            Err(_) => return Ok(None),
            Ok(false) => break,
            Ok(true) => {
                if engine.probe(&problem, &mut root, Clock::default()).is_err() {
                    return Ok(None);
                }
            }
        }
    }
    Ok(Some(root.dom))
}

#[cfg(test)]
mod tests;
