//! The conquer of cube-and-conquer: workers, each with its own CaDiCaL over
//! the same clauses (the root's encoding), search the space together and
//! share what they learn.
//!
//! With two workers or more, two of them search the whole space (the empty
//! cube), one in CaDiCaL's focused mode and one in its stable mode over
//! negated variables ([`Tuning::sign`]): a portfolio of two unlike
//! searches, so that a puzzle one mode serves badly is settled by the
//! other, and each prunes with the other's clauses. The workers beyond
//! two, and a lone worker, take cubes from a shared queue, largest first,
//! and solve each under its literals as assumptions; a worker's learnt
//! clauses stay with it from cube to cube.
//!
//! Every worker offers its short learnt clauses, and the negation of the
//! assumptions a refuted cube failed on, to the others, and takes theirs
//! every [`IMPORT_INTERVAL`] conflicts: CaDiCaL adds clauses only between
//! two `solve` calls, so a worker solves in slices of that many conflicts.
//! A slice's end resets CaDiCaL's switching between its two modes, which
//! is why every worker keeps to one mode.
//!
//! The cubes partition the space, so a solution lies in one cube alone and
//! is blocked only in the worker that found it (which goes on in the same
//! cube for more); a whole-space worker may find it again, and the board
//! keeps it once. The run ends when the solutions wanted are found, when
//! every cube is searched, or when a worker refutes the root itself (a
//! refutation that failed on no assumption: the whole space searched).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering};

use super::cadical_stage::{Encoded, Tuning, Watch};
use super::cube::{CubeStats, Literal};
use super::exchange::Exchange;
use super::lookahead::Leaf;
use super::problem::Problem;
use super::propagation::State;
use super::{CdclRun, Clock};

/// Learnt clauses up to this length are shared between workers. Eight
/// took the busiest worker fewer conflicts than two (units and binaries)
/// or sixteen on the hard peer puzzles (docs/performance.md).
const SHARED_LENGTH: usize = 8;

/// Conflicts a worker makes between two looks at the others' clauses.
const IMPORT_INTERVAL: i32 = 1_000;

/// Workers that search the whole space when there are two or more, and
/// their modes.
const WHOLE_SPACE: [Tuning; 2] = [Tuning::Focused, Tuning::Stable];

/// How a cube worker's CaDiCaL searches.
const CUBE_TUNING: Tuning = Tuning::Focused;

/// A cube's state on the board: not searched to the end, searched with no
/// new solution in it, or with one.
const OPEN: u8 = 0;
const REFUTED: u8 = 1;
const SATISFIED: u8 = 2;

/// What the run shares from its start (the warm-up before the split, whose
/// solver goes on as a worker): the clauses, and the flag that ends it.
pub(super) struct Shared {
    pub exchange: Exchange,
    /// Raised when the run is over: the solutions wanted found, every cube
    /// searched, or the root refuted; every worker's CaDiCaL stops at its
    /// next check.
    done: AtomicBool,
}

impl Shared {
    pub fn new() -> Shared {
        Shared {
            exchange: Exchange::new(SHARED_LENGTH),
            done: AtomicBool::new(false),
        }
    }

    /// `clock`, stopped too when the run is over.
    pub fn clock<'a>(&'a self, clock: Clock<'a>) -> Clock<'a> {
        Clock {
            lost: Some(&self.done),
            ..clock
        }
    }
}

/// What the workers solve: the root (its encoding, every solution of
/// `known` blocked) and the cubes (None: no split, the whole-space workers
/// alone), for up to `wanted` solutions.
pub(super) struct Work<'a> {
    pub p: &'a Problem,
    pub root: &'a State,
    pub known: &'a [Vec<u8>],
    pub wanted: usize,
    pub cubes: Option<&'a [Leaf]>,
}

/// What the workers share besides clauses.
struct Board<'a> {
    next: AtomicUsize,
    done: &'a AtomicBool,
    root_refuted: AtomicBool,
    solutions: Mutex<Vec<Vec<u8>>>,
    wanted: usize,
    /// Per entry of the queue: [`OPEN`], [`REFUTED`] or [`SATISFIED`].
    state: Vec<AtomicU8>,
    /// Cubes of the split searched to the end (not the whole space).
    finished: AtomicUsize,
    /// The most conflicts one worker made.
    busiest: AtomicU64,
}

/// How many of `threads` workers search the whole space.
pub(super) fn whole_space_workers(threads: usize) -> usize {
    if threads >= 2 { WHOLE_SPACE.len() } else { 0 }
}

/// How worker `me` of `threads` searches (worker 0's solver is the
/// warm-up's, when there is one).
pub(super) fn tuning(me: usize, threads: usize) -> Tuning {
    if me < whole_space_workers(threads) {
        WHOLE_SPACE[me]
    } else {
        CUBE_TUNING
    }
}

/// Solves `work` on `threads` workers, sharing `shared`. `warm`, the
/// warm-up's solver, is worker 0's.
pub(super) fn conquer<'a>(
    work: Work<'_>,
    threads: usize,
    clock: Clock<'a>,
    shared: &'a Shared,
    mut warm: Option<Encoded<'a>>,
) -> (CdclRun, CubeStats) {
    let Work {
        p,
        root,
        known,
        wanted,
        cubes: split,
    } = work;
    let whole = whole_space_workers(threads);
    let cubes = split.unwrap_or_default();
    // No more cube workers than cubes.
    let workers = (whole + (threads.max(1) - whole).min(cubes.len())).max(1);
    if split.is_some_and(<[Leaf]>::is_empty) {
        // The split refuted every cube: the space is searched.
        shared.done.store(true, Ordering::SeqCst);
    }
    let queue: Vec<&[Literal]> = cubes.iter().map(|c| c.literals.as_slice()).collect();
    let board = Board {
        next: AtomicUsize::new(0),
        done: &shared.done,
        root_refuted: AtomicBool::new(false),
        solutions: Mutex::new(Vec::new()),
        wanted,
        state: queue.iter().map(|_| AtomicU8::new(OPEN)).collect(),
        finished: AtomicUsize::new(0),
        busiest: AtomicU64::new(0),
    };
    let exchange = &shared.exchange;
    let timed_out = AtomicBool::new(false);
    // The warm-up's conflicts held up every worker.
    let before = warm.as_mut().map_or(0, |w| w.conflicts());
    let encode = |me: usize| {
        Encoded::new(
            p,
            &root.dom,
            &root.live,
            known,
            Watch::new(clock, Some((exchange, me))),
            tuning(me, threads),
        )
    };
    std::thread::scope(|scope| {
        for me in 0..workers {
            let (board, timed_out, queue) = (&board, &timed_out, &queue);
            let encode = &encode;
            let warm = if me == 0 { warm.take() } else { None };
            scope.spawn(move || {
                let (mut enc, held) = match warm {
                    Some(enc) => (enc, 0),
                    None => (encode(me), before),
                };
                let mut seen = 0;
                let next = || {
                    if me < whole {
                        return Some((&[][..], None));
                    }
                    let i = board.next.fetch_add(1, Ordering::SeqCst);
                    queue.get(i).map(|&cube| (cube, Some(i)))
                };
                while let Some((cube, i)) = next() {
                    match search(&mut enc, cube, i, board, (exchange, me), &mut seen) {
                        Some(true) if i.is_some() => {}
                        // The whole space searched: the run is over.
                        Some(true) => break,
                        Some(false) => {
                            timed_out.store(true, Ordering::SeqCst);
                            break;
                        }
                        None => break,
                    }
                }
                board
                    .busiest
                    .fetch_max(held + enc.conflicts(), Ordering::SeqCst);
            });
        }
    });
    let mut solutions = board
        .solutions
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    solutions.truncate(wanted);
    let enough = solutions.len() >= wanted;
    let root_refuted = board.root_refuted.load(Ordering::SeqCst);
    let searched =
        root_refuted || split.is_some_and(|c| board.finished.load(Ordering::SeqCst) == c.len());
    let complete = searched && !enough;
    let mut stats = CubeStats {
        count: cubes.len(),
        busiest: board.busiest.load(Ordering::SeqCst),
        ..CubeStats::default()
    };
    for (cube, state) in cubes.iter().zip(&board.state) {
        // A solution lies in one cube, whichever worker found it (worker 0,
        // or the cube's, before clauses learnt elsewhere refuted the rest).
        if solutions.iter().any(|v| inside(&cube.literals, v)) {
            stats.satisfied += 1;
        } else if complete || state.load(Ordering::SeqCst) != OPEN {
            // Searched to the end, by its worker or by worker 0.
            stats.refuted += 1;
        }
    }
    let run = CdclRun {
        complete,
        timed_out: !searched && !enough && timed_out.load(Ordering::SeqCst),
        out_of_effort: false,
        conflicts: exchange.conflicts(),
        solutions,
    };
    (run, stats)
}

/// Whether the solution `values` (row-major) satisfies every literal.
fn inside(literals: &[Literal], values: &[u8]) -> bool {
    literals
        .iter()
        .all(|l| (u32::from(values[l.cell]) == l.value) == l.holds)
}

/// Searches `cube` (entry `i` of the queue; None: the whole space):
/// Some(true) when it is done with it, Some(false) when the clock stopped
/// it, None when the run is over.
fn search(
    enc: &mut Encoded<'_>,
    cube: &[Literal],
    i: Option<usize>,
    board: &Board<'_>,
    (exchange, me): (&Exchange, usize),
    seen: &mut usize,
) -> Option<bool> {
    if board.done.load(Ordering::SeqCst) {
        return None;
    }
    let state = i.map(|i| &board.state[i]);
    let finish = |found: bool| {
        if let Some(state) = state {
            state.store(if found { SATISFIED } else { REFUTED }, Ordering::SeqCst);
            // Every cube searched: the space is, whatever worker 0's search
            // of the whole has left.
            if board.finished.fetch_add(1, Ordering::SeqCst) + 1 == board.state.len() {
                board.done.store(true, Ordering::SeqCst);
            }
        }
    };
    import(enc, exchange, me, seen);
    let Some(assumptions) = assumptions(enc, cube) else {
        // A literal the root already contradicts.
        finish(false);
        return Some(true);
    };
    let mut found = false;
    loop {
        enc.solver
            .set_limit("conflicts", IMPORT_INTERVAL)
            .expect("CaDiCaL has a conflict limit");
        match enc.solver.solve_with(assumptions.iter().copied()) {
            Some(true) => {
                let values = enc.solution();
                let block = enc.blocking(&values);
                found = true;
                if let Some(state) = state {
                    state.store(SATISFIED, Ordering::SeqCst);
                }
                let mut all = board.solutions.lock().unwrap_or_else(|e| e.into_inner());
                if !all.contains(&values) {
                    all.push(values);
                }
                if all.len() >= board.wanted {
                    board.done.store(true, Ordering::SeqCst);
                }
                drop(all);
                if block.is_empty() {
                    // The root fixed every cell: nothing else anywhere.
                    board.root_refuted.store(true, Ordering::SeqCst);
                    board.done.store(true, Ordering::SeqCst);
                }
                if board.done.load(Ordering::SeqCst) {
                    return None;
                }
                enc.solver.add_clause(block);
            }
            Some(false) => {
                let core: Vec<i32> = assumptions
                    .iter()
                    .filter(|&&l| enc.solver.failed(l))
                    .map(|&l| -l)
                    .collect();
                let core = enc.to_shared(&core);
                if core.is_empty() {
                    // No solution left anywhere, whatever the cube.
                    board.root_refuted.store(true, Ordering::SeqCst);
                    board.done.store(true, Ordering::SeqCst);
                } else {
                    exchange.offer(me, core);
                }
                finish(found);
                return Some(true);
            }
            // Stopped: by the run's end, by the clock, or at the end of a
            // slice.
            None if board.done.load(Ordering::SeqCst) => return None,
            None if enc.expired() => return Some(false),
            None => import(enc, exchange, me, seen),
        }
    }
}

/// Adds the clauses the other workers offered since `seen`.
fn import(enc: &mut Encoded<'_>, exchange: &Exchange, me: usize, seen: &mut usize) {
    for clause in exchange.take(me, seen) {
        enc.add_shared(&clause);
    }
}

/// The cube's literals as CaDiCaL's: None when the root contradicts one,
/// and without those the root already holds.
fn assumptions(enc: &Encoded<'_>, literals: &[Literal]) -> Option<Vec<i32>> {
    let mut out = Vec::with_capacity(literals.len());
    for lit in literals {
        match enc.lit(lit.cell, lit.value as usize - 1) {
            Ok(x) => out.push(if lit.holds { x } else { -x }),
            Err(truth) if truth == lit.holds => {}
            Err(_) => return None,
        }
    }
    Some(out)
}
