//! Cube-and-conquer: the conflict-driven stage split into cubes by
//! look-ahead ([`lookahead`](super::lookahead)), solved by CaDiCaL workers
//! on threads ([`conquer`](super::conquer)); and the same cubes for other
//! machines: [`split`] gives them with the root they start from,
//! [`solve_cube`] solves one anywhere (a pure function of its arguments),
//! [`merge`] puts the answers together.

use super::cube::{Cube, CubeError, CubeStats, Literal};
use super::problem::Problem;
use super::propagation::{Propagator, State};
use super::search::{self, End};
use super::{
    Clock, MAX_SIZE, NativeError, Options, Outcome, Prelude, Stage, Stats, learn, lookahead,
    outcome,
};
use crate::puzzle::ir::{Grid, Puzzle};

/// Cubes per cube worker, when the options leave the count to the solver:
/// several per worker, so that a worker done early takes another cube
/// instead of waiting for the slowest.
pub const CUBES_PER_THREAD: usize = 8;

/// How many cubes `opts` asks for: None for none.
#[cfg(feature = "cdcl")]
pub(super) fn count(opts: &Options) -> Option<usize> {
    let count = opts.cubes.unwrap_or(0);
    (count >= 2).then_some(count)
}

/// The conflict-driven stage on `threads` CaDiCaL workers
/// ([`conquer`](super::conquer)): with two or more, two search the whole
/// space; the others, or one alone, solve cubes, about `count` of them (by
/// default [`CUBES_PER_THREAD`] per cube worker). Before a split, a short
/// run of one CaDiCaL ([`warm_up`], up to [`WARM_UP`] conflicts) settles
/// the puzzles that need few conflicts unsplit (no cube stats), and shows
/// which cell values the conflicts are about: the split branches on those.
#[cfg(feature = "cdcl")]
pub(super) fn conquer(
    stage: &Stage<'_>,
    engine: &mut Propagator,
    clock: Clock<'_>,
    count: Option<usize>,
    threads: usize,
) -> (super::CdclRun, Option<CubeStats>) {
    conquer_after(stage, engine, clock, count, threads, WARM_UP)
}

/// [`conquer`], with a warm-up of `warm` conflicts before a split (0: none,
/// the split by the depth-first search's choice of cells).
#[cfg(feature = "cdcl")]
pub(super) fn conquer_after(
    stage: &Stage<'_>,
    engine: &mut Propagator,
    clock: Clock<'_>,
    count: Option<usize>,
    threads: usize,
    warm: u64,
) -> (super::CdclRun, Option<CubeStats>) {
    use super::conquer::{self, Shared};
    let shared = Shared::new();
    let clock = shared.clock(clock);
    let cube_workers = threads.max(1) - conquer::whole_space_workers(threads);
    let count = (cube_workers > 0).then(|| count.unwrap_or(CUBES_PER_THREAD * cube_workers));
    let warm = warm_up(
        stage,
        clock,
        if count.is_some() { warm } else { 0 },
        &shared,
        conquer::tuning(0, threads),
    );
    if warm.settled {
        return (warm.run, None);
    }
    let mut known = stage.known.to_vec();
    known.extend(warm.run.solutions.iter().cloned());
    let cubing = count.map(|count| {
        lookahead::split(
            stage.problem,
            engine,
            stage.root,
            count,
            clock,
            warm.activity.as_deref(),
        )
    });
    let (mut run, mut stats) = conquer::conquer(
        conquer::Work {
            p: stage.problem,
            root: stage.root,
            known: &known,
            wanted: stage.wanted - warm.run.solutions.len(),
            cubes: cubing.as_ref().map(|c| c.cubes.as_slice()),
        },
        threads,
        clock,
        &shared,
        warm.solver,
    );
    let refuted = cubing.map_or(0, |c| c.refuted);
    stats.count += refuted;
    stats.refuted += refuted;
    let mut solutions = warm.run.solutions;
    solutions.append(&mut run.solutions);
    run.solutions = solutions;
    (run, Some(stats))
}

/// Conflicts of the run before the split ([`warm_up`]).
#[cfg(feature = "cdcl")]
pub(super) const WARM_UP: u64 = 2_000;

/// What the run before the split found.
#[cfg(feature = "cdcl")]
struct WarmUp<'a> {
    run: super::CdclRun,
    /// The run settled the question (or the clock stopped it).
    settled: bool,
    /// How often each cell value occurred in its learnt clauses.
    activity: Option<Vec<u32>>,
    /// Its solver, every solution it found blocked, to go on with the
    /// whole space (None when it did not run).
    solver: Option<super::cadical_stage::Encoded<'a>>,
}

/// Up to `limit` conflicts of CaDiCaL, tuned as worker 0 (which goes on
/// with its solver), on the stage: the solutions it finds on the way, and
/// how often each cell value occurred in the clauses it learnt.
#[cfg(feature = "cdcl")]
fn warm_up<'a>(
    stage: &Stage<'_>,
    clock: Clock<'a>,
    limit: u64,
    shared: &'a super::conquer::Shared,
    tuning: super::cadical_stage::Tuning,
) -> WarmUp<'a> {
    use super::cadical_stage::{Encoded, Watch};
    if limit == 0 {
        return WarmUp {
            run: super::CdclRun::default(),
            settled: false,
            activity: None,
            solver: None,
        };
    }
    let root = stage.root;
    let mut enc = Encoded::new(
        stage.problem,
        &root.dom,
        &root.live,
        stage.known,
        Watch::new(clock, Some((&shared.exchange, 0))).tallied(),
        tuning,
    );
    let run = enc.search(stage.wanted, Some(limit));
    // Stopped by the limit alone: the question is still open.
    let settled = !run.out_of_effort;
    WarmUp {
        run,
        settled,
        activity: Some(enc.activity()),
        solver: Some(enc),
    }
}

/// A puzzle's search split into cubes, to be solved anywhere by
/// [`solve_cube`] and put together by [`merge`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The search before the split: the solutions it found and its effort.
    /// When there are no cubes it is the answer (the stages before
    /// learning settled the question, or the split refuted every cube).
    pub outcome: Outcome,
    /// The cell domains the cubes are searched from, after propagation and
    /// probing (bit v−1 = value v, cells row-major).
    pub root: Vec<u64>,
    /// The cubes, largest first; they partition what `root` leaves.
    pub cubes: Vec<Cube>,
}

/// Runs the stages before learning on `puzzle` and splits what they leave
/// into about `opts.cubes` cubes (by default [`CUBES_PER_THREAD`] per
/// `opts.threads`), whatever the threads and the effort limit.
pub fn split(puzzle: &Puzzle, opts: &Options) -> Result<Split, NativeError> {
    if puzzle.size > MAX_SIZE {
        return Err(NativeError::TooLarge(puzzle.size));
    }
    let clock = clock_of(opts);
    let problem = Problem::new(puzzle, opts.tuple_limit);
    let Prelude {
        root,
        mut engine,
        known: _,
        solutions,
        mut stats,
    } = match Prelude::run(&problem, opts, clock) {
        Ok(pre) => pre,
        Err(settled) => {
            return Ok(Split {
                outcome: *settled,
                root: Vec::new(),
                cubes: Vec::new(),
            });
        }
    };
    stats.stage = "cdcl";
    let target = opts
        .cubes
        .unwrap_or(CUBES_PER_THREAD * opts.threads.max(1))
        .max(1);
    let cubing = lookahead::split(&problem, &mut engine, &root, target, clock, None);
    stats.cubes = Some(CubeStats {
        count: cubing.cubes.len() + cubing.refuted,
        refuted: cubing.refuted,
        ..CubeStats::default()
    });
    let cubes: Vec<Cube> = cubing
        .cubes
        .into_iter()
        .map(|leaf| Cube {
            literals: leaf.literals,
        })
        .collect();
    // Every cube refuted while splitting: the search is over.
    let end = match (cubes.is_empty(), clock.expired()) {
        (true, _) => End::Complete,
        (false, true) => End::TimedOut,
        (false, false) => End::OutOfBudget,
    };
    Ok(Split {
        outcome: outcome(solutions, end, stats),
        root: root.dom,
        cubes,
    })
}

/// Solves one cube of a [`split`] of `puzzle` from its `root`: up to
/// `opts.max_solutions` solutions in the cube that are not in `opts.known`,
/// by the conflict-driven engine alone (CaDiCaL where it is built in, on
/// the cube's own propagated state). `complete` says the cube was searched
/// to the end. A pure function of its arguments: the same cube gives the
/// same answer on any machine, so a lost run can simply be run again.
pub fn solve_cube(
    puzzle: &Puzzle,
    root: &[u64],
    cube: &Cube,
    opts: &Options,
) -> Result<Outcome, CubeError> {
    let n = puzzle.size;
    if n > MAX_SIZE {
        return Err(NativeError::TooLarge(n).into());
    }
    if root.len() != n * n {
        return Err(CubeError::RootSize {
            cells: root.len(),
            n,
        });
    }
    if let Some(lit) = cube
        .literals
        .iter()
        .find(|l| l.cell >= n * n || l.value == 0 || l.value as usize > n)
    {
        return Err(CubeError::BadLiteral {
            cell: lit.cell,
            value: lit.value,
            n,
        });
    }
    let clock = clock_of(opts);
    let problem = Problem::new(puzzle, opts.tuple_limit);
    let mut engine = Propagator::new(&problem);
    let mut stats = Stats {
        stage: "cdcl",
        cubes: Some(CubeStats {
            count: 1,
            ..CubeStats::default()
        }),
        ..Stats::default()
    };
    let Some(st) = cube_state(&problem, &mut engine, root, &cube.literals) else {
        stats.cubes = Some(CubeStats {
            count: 1,
            refuted: 1,
            ..CubeStats::default()
        });
        return Ok(outcome(Vec::new(), End::Complete, stats));
    };
    let known: Vec<Vec<u8>> = opts
        .known
        .iter()
        .map(|g| g.values.iter().flatten().map(|&v| v as u8).collect())
        .collect();
    let stage = Stage {
        problem: &problem,
        root: &st,
        known: &known,
        wanted: opts.max_solutions.max(1),
        conflicts: opts.effort,
    };
    // One engine on one thread: the cube is this run's whole search.
    let alone = Options {
        threads: 1,
        cubes: None,
        learner: opts.learner,
        ..Options::default()
    };
    let learnt = learn(&stage, &mut engine, clock, &alone);
    let run = learnt.run;
    stats.conflicts = run.conflicts;
    stats.engine = Some(learnt.engine.name());
    stats.cubes = Some(CubeStats {
        count: 1,
        refuted: usize::from(run.complete && run.solutions.is_empty()),
        satisfied: usize::from(!run.solutions.is_empty()),
        busiest: run.conflicts,
    });
    let solutions = run.solutions.iter().map(|v| search::grid(v, n)).collect();
    let end = match (run.complete, run.timed_out, run.out_of_effort) {
        (true, _, _) => End::Complete,
        (_, true, _) => End::TimedOut,
        (_, _, true) => End::OutOfBudget,
        _ => End::Enough,
    };
    Ok(outcome(solutions, end, stats))
}

/// The state of a cube: the root narrowed to `root`'s domains, then to the
/// cube's literals, propagated; None when propagation refutes it.
fn cube_state(
    problem: &Problem,
    engine: &mut Propagator,
    root: &[u64],
    literals: &[Literal],
) -> Option<State> {
    let mut st = engine.root(problem).ok()?;
    for (cell, &d) in root.iter().enumerate() {
        if st.dom[cell] & !d != 0 {
            engine.narrow(problem, &mut st, cell, d).ok()?;
        }
    }
    lookahead::replay(problem, engine, &mut st, literals).ok()?;
    Some(st)
}

/// The answer of a [`split`] from the answers of its cubes: `results` pairs
/// a cube's index in `split.cubes` with what [`solve_cube`] returned for it
/// (any subset of the cubes, in any order: those not there are unsearched).
/// The solutions are the split's, then the cubes' in the order given, each
/// once and none of `opts.known`, up to `opts.max_solutions`; the search is
/// complete when every cube was searched to the end, and timed out when
/// one was not and the solutions wanted are not all there.
pub fn merge(split: &Split, results: &[(usize, Outcome)], opts: &Options) -> Outcome {
    if split.cubes.is_empty() {
        return split.outcome.clone();
    }
    let max = opts.max_solutions.max(1);
    let mut solutions: Vec<Grid> = split.outcome.solutions.clone();
    let mut stats = split.outcome.stats.clone();
    let mut cubes = stats.cubes.unwrap_or_default();
    let mut searched = vec![false; split.cubes.len()];
    for (i, out) in results {
        for g in &out.solutions {
            if !solutions.contains(g) && !opts.known.contains(g) {
                solutions.push(g.clone());
            }
        }
        stats.conflicts += out.stats.conflicts;
        cubes.busiest = cubes.busiest.max(out.stats.conflicts);
        if let Some(s) = searched.get_mut(*i) {
            *s |= out.complete;
        }
        if !out.solutions.is_empty() {
            cubes.satisfied += 1;
        } else if out.complete {
            cubes.refuted += 1;
        }
    }
    stats.cubes = Some(cubes);
    stats.engine = results.first().and_then(|(_, o)| o.stats.engine);
    let enough = solutions.len() >= max;
    solutions.truncate(max);
    let end = match (enough, searched.iter().all(|&s| s)) {
        (true, _) => End::Enough,
        (false, true) => End::Complete,
        // A cube unsearched, or searched only in part: the caller's time
        // ran out.
        (false, false) => End::TimedOut,
    };
    outcome(solutions, end, stats)
}

fn clock_of(opts: &Options) -> Clock<'_> {
    Clock {
        deadline: opts.deadline,
        stop: opts.stop.as_deref(),
        lost: None,
        progress: None,
    }
}
