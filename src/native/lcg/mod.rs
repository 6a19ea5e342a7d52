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
//! The engine's state is in parts, each with a small API, and [`Lcg`] holds
//! them; the main loop ([`search`]), propagation and conflict analysis
//! coordinate them:
//! - [`vars`] and [`root`]: the literals, and what the earlier stages left;
//! - [`trail`]: the assignment, with each literal's level, position and
//!   reason, and the literals of the reasons that are not clauses;
//! - [`domains`]: the cells' domains as bitsets beside the literals, which
//!   the propagators read, and [`latin`]: the rules that each cell holds one
//!   value and each line each value once (the direct encoding's unit
//!   propagation, done on those bitsets);
//! - [`clause_db`]: the original and learnt clauses ([`clauses`], the arena),
//!   watched literals, clause activity and reduction;
//! - [`vsids`]: the branching order ([`heap`]);
//! - [`tables`]: the tables' live tuples as sparse sets, in words that
//!   follow the trail ([`trailed`]); the propagators' hints and queue are
//!   the depth-first search's kinds;
//! - [`props`]: the domains the shared propagators narrow here
//!   ([`props::Explaining`]: each removal assigned with its reason), and
//!   [`explain`]: what a reason says in literals;
//! - [`analysis`]: first-UIP learning, minimisation, LBD;
//! - [`scratch`]: buffers reused across calls.

mod analysis;
mod clause_db;
mod clauses;
mod domains;
mod explain;
mod heap;
mod latin;
mod lit;
mod props;
mod root;
mod scratch;
mod tables;
mod trail;
mod trailed;
mod vars;
mod vsids;

use super::CdclRun;
use super::Clock;
use super::hints::Hints;
use super::problem::{CageKind, Problem, PropId};
use super::propagation::State;
use super::propagators;
use super::queue::PropQueue;
use analysis::Analysis;
use clause_db::ClauseDb;
use domains::CellDomains;
use lit::{Lit, Reason};
use props::Explaining;
use root::Root;
use scratch::Scratch;
use tables::SparseTables;
use trail::Trail;
use vars::Vars;
use vsids::Vsids;

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
    vars: Vars,
    root: Root,
    doms: CellDomains,
    trail: Trail,
    clauses: ClauseDb,
    vsids: Vsids,
    analysis: Analysis,
    /// The propagators waiting to run.
    queue: PropQueue,
    tables: SparseTables,
    hints: Hints,
    scratch: Scratch,
}

impl<'a> Lcg<'a> {
    fn new(p: &'a Problem, root: &State) -> Lcg<'a> {
        let vars = Vars::new(p.n, &root.dom);
        let count = vars.len();
        let vsids = Vsids::new((0..count).map(|v| {
            let (c, _) = vars.cell_bit(Lit::new(v, true));
            root.dom[c]
        }));
        Lcg {
            p,
            root: Root::new(root),
            doms: CellDomains::new(p, &root.dom),
            trail: Trail::new(count),
            clauses: ClauseDb::new(count),
            vsids,
            analysis: Analysis::new(count),
            queue: PropQueue::new(p.cages.len() + p.lines.len(), p.cages.len()),
            tables: SparseTables::new(p, root),
            hints: Hints::new(p),
            scratch: Scratch::default(),
            vars,
        }
    }

    /// Makes `l` true for `reason`; the domains follow at once.
    #[inline]
    fn enqueue(&mut self, l: Lit, reason: Reason) {
        self.trail.assign(l, reason);
        self.doms.assign(&self.vars, l);
    }

    /// Stores an explanation (implied literal first) and enqueues it.
    fn enqueue_explained(&mut self, lits: &[Lit]) {
        let reason = self.trail.store(lits);
        self.enqueue(lits[0], reason);
    }

    fn new_level(&mut self) {
        self.trail.new_level();
        self.tables.new_level();
    }

    /// Undoes every level above `level`.
    fn backtrack(&mut self, level: usize) {
        if self.trail.level() <= level {
            return;
        }
        let (doms, vars, vsids) = (&mut self.doms, &self.vars, &mut self.vsids);
        self.trail.backtrack(level, |l| {
            doms.unassign(vars, l);
            vsids.push(l.var());
        });
        self.tables.backtrack(level);
        self.queue.clear();
    }

    /// Unit propagation, the exactly-one rules and the propagators to a
    /// fixpoint; false on a conflict (its clause in `analysis.conflict`).
    fn propagate(&mut self) -> bool {
        loop {
            while let Some(l) = self.trail.next() {
                if !self.propagate_latin(l) || !self.propagate_clauses(l) {
                    return false;
                }
            }
            let Some(id) = self.queue.pop() else {
                return true;
            };
            if !self.run_propagator(id) {
                return false;
            }
        }
    }

    /// Runs one cage or line propagator on the literals' domains.
    fn run_propagator(&mut self, id: PropId) -> bool {
        let mut domains = Explaining {
            p: self.p,
            vars: &self.vars,
            root: &self.root,
            doms: &mut self.doms,
            trail: &mut self.trail,
            conflict: &mut self.analysis.conflict,
            scratch: &mut self.scratch,
        };
        propagators::run(self.p, id, &mut domains, &mut self.tables, &mut self.hints).is_ok()
    }

    /// Unit propagation over the clauses watching `!l`.
    fn propagate_clauses(&mut self, l: Lit) -> bool {
        let (doms, vars) = (&mut self.doms, &self.vars);
        match self
            .clauses
            .propagate(l, &mut self.trail, |l| doms.assign(vars, l))
        {
            None => true,
            Some(c) => {
                self.analysis.conflict.clear();
                self.analysis.conflict.extend(self.clauses.lits(c));
                false
            }
        }
    }

    /// The next decision: the most active open variable, always as
    /// `cell = value`, as a depth-first search branches. No phase saving: a
    /// saved `cell ≠ value` is a weak decision that propagates little, and
    /// deciding positively cut the conflicts on the hardest held-out puzzles
    /// by 1.4–2.3× (docs/lab/2026-11-26-native-solver.md).
    fn decide(&mut self) -> Option<Lit> {
        while let Some(v) = self.vsids.pop() {
            if !self.trail.is_assigned(v) {
                return Some(Lit::new(v, true));
            }
        }
        None
    }

    /// Learns the clause of an analysis after backtracking to its level.
    fn learn(&mut self, learnt: Vec<Lit>) {
        if learnt.len() == 1 {
            self.enqueue(learnt[0], Reason::Decision);
            // A unit at level 0 has no reason to explain: it is a fact.
            return;
        }
        let lbd = self.analysis.lbd(&self.trail, &learnt);
        let id = self.clauses.attach(&learnt, true, lbd);
        self.clauses.bump(id);
        self.enqueue(learnt[0], Reason::Clause(id));
    }

    /// Adds a permanent clause at level 0 (a blocking clause). False when
    /// the clause is false there: no more solutions.
    fn add_root_clause(&mut self, mut lits: Vec<Lit>) -> bool {
        debug_assert_eq!(self.trail.level(), 0);
        lits.retain(|&l| self.trail.value(l) != -1);
        if lits.iter().any(|&l| self.trail.value(l) == 1) {
            return true;
        }
        match lits.len() {
            0 => false,
            1 => {
                self.enqueue(lits[0], Reason::Decision);
                true
            }
            _ => {
                self.clauses.attach(&lits, false, 0);
                true
            }
        }
    }

    /// Every cell fixed: the values, unless a cage kept by its arithmetic
    /// fails its exact check (then the cage's clause is the conflict).
    fn solution(&mut self) -> Option<Vec<u8>> {
        let dom = self.doms.all();
        for cage in &self.p.cages {
            if let CageKind::Fallback(f) = &cage.kind
                && !f.holds(&cage.cells, dom)
            {
                self.analysis.conflict = cage
                    .cells
                    .iter()
                    .filter_map(|&c| {
                        let c = c as usize;
                        self.vars.eq(c, dom[c].trailing_zeros()).map(|l| !l)
                    })
                    .collect();
                return None;
            }
        }
        Some(dom.iter().map(|d| d.trailing_zeros() as u8 + 1).collect())
    }

    /// The clause forbidding one complete solution.
    fn blocking(&self, values: &[u8]) -> Vec<Lit> {
        values
            .iter()
            .enumerate()
            .filter_map(|(c, &v)| self.vars.eq(c, u32::from(v) - 1).map(|l| !l))
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
    let mut run = CdclRun::default();
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
        if s.trail.level() == 0 {
            run.complete = true;
            break;
        }
        let (learnt, back) = s.analyze();
        s.backtrack(back);
        let lbd = f64::from(s.analysis.lbd(&s.trail, &learnt));
        fast += (lbd - fast) / 32.0;
        slow += (lbd - slow) / (run.conflicts as f64).min(8192.0);
        s.learn(learnt);
        s.vsids.decay();
        s.clauses.decay();
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
            s.clauses.reduce(&mut s.trail);
        }
        if since_restart >= RESTART_MIN && fast > RESTART_MARGIN * slow {
            since_restart = 0;
            s.backtrack(0);
        }
    }
    run
}
