//! The last stage of the native solver: conflict-driven search with lazy
//! clause generation (Ohrimenko, Stuckey and Codish 2009; Chuffed, CP-SAT),
//! in pure Rust, so WebAssembly has it too.
//!
//! The Boolean variables are the literals `cell = value` over what the root
//! left open. The propagators are the depth-first search's own: compact
//! tables on the cages, matching on the lines (every Hall set), and the
//! cage arithmetic where a cage is too large to table. Each removal they
//! make carries an explanation, a clause over earlier literals: a Hall set
//! for a line, the removed values that killed every supporting tuple for a
//! table (computed only when conflict analysis asks for it). So the clauses
//! it learns speak of cells and values alone, and it never encodes a table
//! tuple by tuple, as a SAT encoding must.
//!
//! - [`core`]: the CDCL machinery (trail, watched clauses, first-UIP
//!   learning, VSIDS, restarts, clause reduction);
//! - [`domains`]: the cells' domains as literals, each cell's single value
//!   and each line's single place for every value (the direct encoding's
//!   unit propagation, done on bitsets);
//! - [`props`]: the cage and line propagators and their explanations.

mod clauses;
mod core;
mod domains;
mod props;

use super::CdclRun;
use super::Clock;
use super::bits;
use super::problem::{CageKind, Problem};
use super::propagation::State;
use super::queue::PropQueue;
use clauses::Clauses;
use core::{Heap, Lit, Reason, Watch};

/// No variable for this cell and value (decided at the root).
const NO_VAR: u32 = u32::MAX;
/// Conflicts before the first learnt-clause reduction, and the growth of the
/// interval after each (glucose's schedule).
const REDUCE_FIRST: u64 = 2000;
const REDUCE_STEP: u64 = 300;
/// Glucose's restarts: when the LBD of recent learnt clauses (a fast moving
/// average) exceeds the long-run average by this factor, after at least
/// `RESTART_MIN` conflicts. Measured against Luby restarts on the hard
/// 20×20s of the held-out corpus: fewer conflicts on both.
const RESTART_MARGIN: f64 = 1.25;
const RESTART_MIN: u64 = 50;

pub(super) struct Lcg<'a> {
    p: &'a Problem,
    n: usize,
    // The variables: cell and value bit of each, and back.
    var_cell: Vec<u16>,
    var_bit: Vec<u8>,
    var_of: Vec<u32>,
    root_dom: Vec<u64>,
    /// Values whose literal is not false, per cell.
    dom: Vec<u64>,
    /// Per line and value bit: the line's cells whose domain has it.
    count: Vec<u16>,
    /// The lines through each cell.
    lines_of: Vec<Vec<u32>>,

    // The CDCL core (see `core`).
    value: Vec<i8>,
    var_level: Vec<u32>,
    trail_pos: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<Lit>,
    qhead: usize,
    level_starts: Vec<u32>,
    expl: Vec<Lit>,
    expl_starts: Vec<u32>,
    /// Table explanations computed by conflict analysis, kept while their
    /// literal is on the trail (see `Reason::Explained`).
    explained: Vec<Lit>,
    clauses: Clauses,
    watches: Vec<Vec<Watch>>,
    learnts: usize,
    activity: Vec<f64>,
    var_inc: f64,
    clause_inc: f32,
    heap: Heap,
    marked: Vec<bool>,
    conflict: Vec<Lit>,
    stamp: u32,
    level_stamp: Vec<u32>,

    // The propagators (see `props`).
    queue: PropQueue,
    /// The tables' live tuples, then their cells' domains at their last run,
    /// then each cage's count of live words (see `live_index`).
    words: Vec<u64>,
    /// Where the live-word counts start in `words`, one per cage.
    limits_at: usize,
    /// Per table, a permutation of its word indices whose first `limit`
    /// (its count in `words`) are the words with live tuples: the compact
    /// table's sparse set (Demeulenaere et al. 2016), so a table deep in
    /// the search visits only the words it has left. Restoring the count on
    /// backtracking restores the set; the order needs no undo.
    live_index: Vec<u32>,
    /// The live tuples at the root: explanations need not mention the rest.
    root_live: Vec<u64>,
    /// Undo log of `words`: (index, old value), with the log's length at
    /// the start of each level, and a stamp so a word is logged once a level.
    saves: Vec<(u32, u64)>,
    save_starts: Vec<u32>,
    word_stamp: Vec<u32>,
    level_ids: Vec<u32>,
    next_id: u32,
    residues: Vec<u32>,
    mates: Vec<u8>,
    dom_scratch: Vec<u64>,
    changed: Vec<u16>,
    line_removals: Vec<crate::native::alldiff::Removal>,
    /// The tuples an explanation has still to kill.
    uncovered: Vec<(u32, u64)>,
    /// An explanation's candidate literals: (trail position, cage position, bit).
    candidates: Vec<(u32, u8, u8)>,
    /// An explanation's chosen values, per cage position.
    chosen: Vec<u64>,
}

impl<'a> Lcg<'a> {
    fn new(p: &'a Problem, root: &State) -> Lcg<'a> {
        let n = p.n;
        let mut var_of = vec![NO_VAR; n * n * n];
        let (mut var_cell, mut var_bit) = (Vec::new(), Vec::new());
        for (c, &d) in root.dom.iter().enumerate() {
            if d.count_ones() > 1 {
                for b in bits(d) {
                    var_of[c * n + b as usize] = var_cell.len() as u32;
                    var_cell.push(c as u16);
                    var_bit.push(b as u8);
                }
            }
        }
        let vars = var_cell.len();
        let mut count = vec![0u16; p.lines.len() * n];
        let mut lines_of = vec![Vec::new(); n * n];
        for (l, cells) in p.lines.iter().enumerate() {
            for &c in cells {
                lines_of[c as usize].push(l as u32);
                for b in bits(root.dom[c as usize]) {
                    count[l * n + b as usize] += 1;
                }
            }
        }
        let mut words = root.live.clone();
        words.extend_from_slice(&root.seen);
        let limits_at = words.len();
        let mut live_index = vec![0u32; root.live.len()];
        for cage in &p.cages {
            let live = match &cage.kind {
                CageKind::Table(t) => {
                    let index = &mut live_index[t.at.live..t.at.live + t.words];
                    let (full, empty): (Vec<u32>, Vec<u32>) =
                        (0..t.words as u32).partition(|&w| root.live[t.at.live + w as usize] != 0);
                    index[..full.len()].copy_from_slice(&full);
                    index[full.len()..].copy_from_slice(&empty);
                    full.len()
                }
                CageKind::Fallback(_) => 0,
            };
            words.push(live as u64);
        }
        let mut activity = vec![0.0; vars];
        let mut heap = Heap::new(vars);
        for v in 0..vars {
            // Smallest domains first until conflicts say otherwise.
            activity[v] = 1e-3 / f64::from(root.dom[var_cell[v] as usize].count_ones());
            heap.push(v, &activity);
        }
        let props = p.cages.len() + p.lines.len();
        Lcg {
            p,
            n,
            var_cell,
            var_bit,
            var_of,
            root_dom: root.dom.clone(),
            dom: root.dom.clone(),
            count,
            lines_of,
            value: vec![0; vars],
            var_level: vec![0; vars],
            trail_pos: vec![0; vars],
            reason: vec![Reason::Decision; vars],
            trail: Vec::with_capacity(vars),
            qhead: 0,
            level_starts: Vec::new(),
            expl: Vec::new(),
            expl_starts: Vec::new(),
            explained: Vec::new(),
            clauses: Clauses::default(),
            watches: vec![Vec::new(); 2 * vars],
            learnts: 0,
            activity,
            var_inc: 1.0,
            clause_inc: 1.0,
            heap,
            marked: vec![false; vars],
            conflict: Vec::new(),
            stamp: 0,
            level_stamp: vec![0; vars + 2],
            queue: PropQueue::new(props, p.cages.len()),
            word_stamp: vec![0; words.len()],
            words,
            limits_at,
            live_index,
            root_live: root.live.clone(),
            saves: Vec::new(),
            save_starts: Vec::new(),
            level_ids: Vec::new(),
            next_id: 1,
            residues: vec![0; p.residues],
            mates: vec![u8::MAX; p.lines.len() * n],
            dom_scratch: Vec::new(),
            changed: Vec::new(),
            line_removals: Vec::new(),
            uncovered: Vec::new(),
            candidates: Vec::new(),
            chosen: Vec::new(),
        }
    }

    /// The literal `cell = bit + 1`, if it is a variable.
    fn eq(&self, cell: usize, bit: u32) -> Option<Lit> {
        match self.var_of[cell * self.n + bit as usize] {
            NO_VAR => None,
            v => Some(Lit::new(v as usize, true)),
        }
    }

    /// Unit propagation and the propagators to a fixpoint; false on a
    /// conflict (its clause in `self.conflict`).
    fn propagate(&mut self) -> bool {
        loop {
            while self.qhead < self.trail.len() {
                let l = self.trail[self.qhead];
                self.qhead += 1;
                if !self.propagate_domains(l) || !self.propagate_clauses(l) {
                    return false;
                }
            }
            let Some(id) = self.queue.pop() else {
                return true;
            };
            if !self.run_propagator(id as usize) {
                return false;
            }
        }
    }

    /// The next decision: the most active open variable, always as
    /// `cell = value`, as a depth-first search branches. No phase saving: a
    /// saved `cell ≠ value` is a weak decision that propagates little, and
    /// deciding positively cut the conflicts on the hardest held-out puzzles
    /// by 1.4–2.3× (docs/lab/2026-11-26-native-solver.md).
    fn decide(&mut self) -> Option<Lit> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.value[v] == 0 {
                return Some(Lit::new(v, true));
            }
        }
        None
    }

    /// Every cell fixed: the values, unless a cage kept by its arithmetic
    /// fails its exact check (then the cage's clause is the conflict).
    fn solution(&mut self) -> Option<Vec<u8>> {
        for cage in &self.p.cages {
            if let CageKind::Fallback(f) = &cage.kind
                && !f.holds(&cage.cells, &self.dom)
            {
                self.conflict = cage
                    .cells
                    .iter()
                    .filter_map(|&c| {
                        let c = c as usize;
                        self.eq(c, self.dom[c].trailing_zeros()).map(|l| !l)
                    })
                    .collect();
                return None;
            }
        }
        Some(
            self.dom
                .iter()
                .map(|d| d.trailing_zeros() as u8 + 1)
                .collect(),
        )
    }

    /// The clause forbidding one complete solution.
    fn blocking(&self, values: &[u8]) -> Vec<Lit> {
        values
            .iter()
            .enumerate()
            .filter_map(|(c, &v)| self.eq(c, u32::from(v) - 1).map(|l| !l))
            .collect()
    }
}

/// Up to `max_new` solutions not in `known`, from the root state; stops at
/// the clock or after `conflicts` conflicts.
pub(super) fn search(
    p: &Problem,
    root: &State,
    known: &[Vec<u8>],
    max_new: usize,
    clock: Clock<'_>,
    conflicts: Option<u64>,
) -> CdclRun {
    let mut s = Lcg::new(p, root);
    let mut run = CdclRun {
        solutions: Vec::new(),
        complete: false,
        timed_out: false,
        out_of_effort: false,
        conflicts: 0,
    };
    for sol in known {
        // A known solution the root excludes needs no clause.
        if root
            .dom
            .iter()
            .zip(sol)
            .any(|(d, &v)| d >> (v - 1) & 1 == 0)
        {
            continue;
        }
        if !s.add_root_clause(s.blocking(sol)) {
            run.complete = true;
            return run;
        }
    }
    let limit = conflicts.unwrap_or(u64::MAX);
    let mut since_restart = 0u64;
    let (mut fast, mut slow) = (0.0f64, 0.0f64);
    let mut next_reduce = REDUCE_FIRST;
    let mut reductions = 0;
    loop {
        if s.propagate() {
            if let Some(lit) = s.decide() {
                s.new_level();
                s.enqueue(lit, Reason::Decision);
                continue;
            }
            if let Some(values) = s.solution() {
                let block = s.blocking(&values);
                run.solutions.push(values);
                s.backtrack(0);
                if run.solutions.len() >= max_new {
                    break;
                }
                if !s.add_root_clause(block) {
                    run.complete = true;
                    break;
                }
                continue;
            }
        }
        run.conflicts += 1;
        if s.level() == 0 {
            run.complete = true;
            break;
        }
        let (learnt, back) = s.analyze();
        s.backtrack(back);
        let lbd = f64::from(s.lbd(&learnt));
        fast += (lbd - fast) / 32.0;
        slow += (lbd - slow) / (run.conflicts as f64).min(8192.0);
        s.learn(learnt);
        s.decay();
        since_restart += 1;
        if run.conflicts.is_multiple_of(256) {
            clock.conflicts(run.conflicts);
            if clock.expired() {
                run.timed_out = true;
                break;
            }
        }
        if run.conflicts >= limit {
            run.out_of_effort = true;
            break;
        }
        if run.conflicts >= next_reduce {
            reductions += 1;
            next_reduce = run.conflicts + REDUCE_FIRST + REDUCE_STEP * reductions;
            s.reduce();
        }
        if since_restart >= RESTART_MIN && fast > RESTART_MARGIN * slow {
            since_restart = 0;
            s.backtrack(0);
        }
    }
    run
}
