//! The conquer of cube-and-conquer: workers, each with its own CaDiCaL over
//! the same clauses (the root's encoding), take cubes from a shared queue,
//! largest first, and solve each under its literals as assumptions. A
//! worker's learnt clauses stay with it from cube to cube; its short ones,
//! and the negation of the assumptions a refuted cube failed on, go to the
//! other workers, which add them before their next cube.
//!
//! The cubes partition the space, so a solution lies in one cube alone and
//! is blocked only in the worker that found it (which goes on in the same
//! cube for more). The run ends when the solutions wanted are found, when
//! every cube is searched, or when a worker refutes the root itself (a
//! refutation that failed on no assumption).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use super::cadical_stage::{Encoded, Watch};
use super::cube::{CubeStats, Literal};
use super::exchange::Exchange;
use super::lookahead::Leaf;
use super::problem::Problem;
use super::propagation::State;
use super::{CdclRun, Clock};

/// Learnt clauses up to this length are shared between workers.
const SHARED_LENGTH: usize = 2;

/// What the workers share besides clauses.
struct Board {
    next: AtomicUsize,
    /// Raised when the run is over: the solutions wanted found, or the root
    /// refuted; every worker's CaDiCaL stops at its next check.
    done: AtomicBool,
    root_refuted: AtomicBool,
    solutions: Mutex<Vec<Vec<u8>>>,
    wanted: usize,
    refuted: AtomicUsize,
    satisfied: AtomicUsize,
    /// Cubes searched to the end.
    finished: AtomicUsize,
    /// The most conflicts one worker made.
    busiest: AtomicU64,
}

/// Solves `cubes` on `workers` threads: up to `wanted` solutions not in
/// `known`.
pub(super) fn conquer(
    p: &Problem,
    root: &State,
    known: &[Vec<u8>],
    wanted: usize,
    cubes: &[Leaf],
    workers: usize,
    clock: Clock<'_>,
) -> (CdclRun, CubeStats) {
    let board = Board {
        next: AtomicUsize::new(0),
        done: AtomicBool::new(false),
        root_refuted: AtomicBool::new(false),
        solutions: Mutex::new(Vec::new()),
        wanted,
        refuted: AtomicUsize::new(0),
        satisfied: AtomicUsize::new(0),
        finished: AtomicUsize::new(0),
        busiest: AtomicU64::new(0),
    };
    let exchange = Exchange::new(SHARED_LENGTH);
    let workers = workers.clamp(1, cubes.len().max(1));
    let timed_out = AtomicBool::new(false);
    let clock = Clock {
        lost: Some(&board.done),
        ..clock
    };
    let encode = |me: usize| {
        Encoded::new(
            p,
            &root.dom,
            &root.live,
            known,
            Watch::new(clock, Some((&exchange, me))),
        )
    };
    std::thread::scope(|scope| {
        for me in 0..workers {
            let (board, exchange, timed_out) = (&board, &exchange, &timed_out);
            let encode = &encode;
            scope.spawn(move || {
                let mut enc = encode(me);
                let mut seen = 0;
                loop {
                    match next_cube(&mut enc, cubes, board, (exchange, me), &mut seen) {
                        Some(true) => {}
                        Some(false) => {
                            timed_out.store(true, Ordering::SeqCst);
                            break;
                        }
                        None => break,
                    }
                }
                board.busiest.fetch_max(enc.conflicts(), Ordering::SeqCst);
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
    let searched = board.finished.load(Ordering::SeqCst) == cubes.len() || root_refuted;
    let run = CdclRun {
        complete: searched && !enough,
        timed_out: !searched && !enough && timed_out.load(Ordering::SeqCst),
        out_of_effort: false,
        conflicts: exchange.conflicts(),
        solutions,
    };
    let satisfied = board.satisfied.load(Ordering::SeqCst);
    let refuted = match root_refuted {
        // The cubes no worker reached are refuted too.
        true => cubes.len() - satisfied,
        false => board.refuted.load(Ordering::SeqCst),
    };
    let stats = CubeStats {
        count: cubes.len(),
        refuted,
        satisfied,
        busiest: board.busiest.load(Ordering::SeqCst),
    };
    (run, stats)
}

/// Takes the next cube from the queue and searches it: Some(true) when it
/// is done with it, Some(false) when the clock stopped it, None when there
/// is no cube left or the run is over.
fn next_cube(
    enc: &mut Encoded<'_>,
    cubes: &[Leaf],
    board: &Board,
    (exchange, me): (&Exchange, usize),
    seen: &mut usize,
) -> Option<bool> {
    if board.done.load(Ordering::SeqCst) {
        return None;
    }
    let cube = cubes.get(board.next.fetch_add(1, Ordering::SeqCst))?;
    for clause in exchange.take(me, seen) {
        enc.solver.add_clause(clause.iter().copied());
    }
    let Some(assumptions) = assumptions(enc, &cube.literals) else {
        // A literal the root already contradicts.
        board.refuted.fetch_add(1, Ordering::SeqCst);
        board.finished.fetch_add(1, Ordering::SeqCst);
        return Some(true);
    };
    let mut found = false;
    loop {
        match enc.solver.solve_with(assumptions.iter().copied()) {
            Some(true) => {
                let values = enc.solution();
                let block = enc.blocking(&values);
                found = true;
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
                    board.satisfied.fetch_add(1, Ordering::SeqCst);
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
                if core.is_empty() {
                    // No solution left anywhere, whatever the cube.
                    board.root_refuted.store(true, Ordering::SeqCst);
                    board.done.store(true, Ordering::SeqCst);
                } else {
                    exchange.offer(me, &core);
                }
                let tally = if found {
                    &board.satisfied
                } else {
                    &board.refuted
                };
                tally.fetch_add(1, Ordering::SeqCst);
                board.finished.fetch_add(1, Ordering::SeqCst);
                return Some(true);
            }
            None => {
                if found {
                    board.satisfied.fetch_add(1, Ordering::SeqCst);
                }
                // Stopped: by the run's end, or by the clock.
                return if board.done.load(Ordering::SeqCst) {
                    None
                } else {
                    Some(false)
                };
            }
        }
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
