//! The second stage of the native solver: what root propagation leaves, as
//! CNF for an embedded CDCL solver (CaDiCaL). Clause learning is what a
//! depth-first search lacks on the hardest puzzles: it remembers why a
//! branch failed and never fails that way again.
//!
//! The encoding is the direct one, over the values still possible at the
//! root (the others are not variables at all):
//! - `x(c,v)`: cell c holds v. Exactly one value per cell, and each value
//!   exactly once per line (row, column, Killer box). Pairwise at-most-one up
//!   to 32 candidates, a sequential counter beyond.
//! - A sum or product: layers of partial sums (or divisors of the target)
//!   after each cell, which must end on the target, as a decision diagram
//!   with a variable per edge, so that unit propagation keeps it arc
//!   consistent in both directions. Smaller than the tuples, and it needed
//!   half the conflicts of a forward-only encoding on the hardest 20×20s.
//! - Any other two-cell cage (difference, ratio): each value of one cell
//!   implies one of its partners in the other.
//! - Any other tabled cage (hidden, longer differences): one variable
//!   per tuple still live, `z → x` for each of its cells, at least one
//!   tuple, and a support clause per cell and value (`x(c,v) → ∨ z` over
//!   the tuples giving c the value v). Unit propagation on this keeps the
//!   cage arc consistent, as the compact table does.
//!
//! Solutions already known get a blocking clause each, so every solution is
//! found once and the last call proves there are no more.

use super::arithmetic::Fallback;
use super::bits;
use super::exchange::Exchange;
use super::problem::{CageKind, Problem};
use super::propagation::State;
use super::{CdclRun, Clock};
use crate::puzzle::ir::Op;

/// How a cage's partial results accumulate, cell by cell, for its layered
/// diagram ([`Encoder::layers`]); `None` for a clue with no such form,
/// which is encoded by its table or not at all.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layered {
    Sum,
    Product,
}

fn layered(op: Op) -> Option<Layered> {
    match op {
        Op::Add => Some(Layered::Sum),
        Op::Mul => Some(Layered::Product),
        Op::Given | Op::Sub | Op::Div | Op::Hidden => None,
    }
}

/// Whether every cage has an encoding (huge hidden or long difference and
/// ratio cages have none; the depth-first search keeps those puzzles).
pub(super) fn encodable(p: &Problem) -> bool {
    p.cages.iter().all(|cage| match &cage.kind {
        CageKind::Table(_) => true,
        CageKind::Fallback(f) => layered(f.op()).is_some(),
    })
}

/// Up to `max_new` solutions not in `known`, from the root state.
pub(super) fn search(
    p: &Problem,
    root: &State,
    known: &[Vec<u8>],
    max_new: usize,
    clock: Clock<'_>,
    conflicts: Option<u64>,
) -> CdclRun {
    Encoded::new(
        p,
        &root.dom,
        &root.live,
        known,
        Watch::new(clock, None),
        Tuning::Default,
    )
    .search(max_new, conflicts)
}

/// The CNF of a root state in a CaDiCaL of its own, with the variable of
/// each cell value: the conflict-driven stage's solver, and each worker's
/// in cube-and-conquer (the same root gives every worker the same
/// variables, so they can share clauses).
pub(super) struct Encoded<'a> {
    pub solver: cadical::Solver<Watch<'a>>,
    /// `x[c * n + v]`, as in the encoder.
    x: Vec<i32>,
    dom: Vec<u64>,
    n: usize,
    /// -1 when every variable is negated ([`Tuning::sign`]).
    sign: i32,
}

impl<'a> Encoded<'a> {
    /// The root's domains `dom` and live tuples `live` as CNF, each solution
    /// of `known` blocked, and `watch` on a solver tuned by `tuning`.
    pub fn new(
        p: &Problem,
        dom: &[u64],
        live: &[u64],
        known: &[Vec<u8>],
        watch: Watch<'a>,
        tuning: Tuning,
    ) -> Encoded<'a> {
        let sign = tuning.sign();
        let mut enc: Encoder<'_, 'a> = Encoder::new(p, dom, tuning.solver(), sign);
        enc.latin();
        for cage in &p.cages {
            // A sum's or product's live tuples are those its cells' domains
            // allow (repeats within a line are the lines' clauses), so its
            // diagram needs the domains alone; `encodable` lets through no
            // other cage without a table.
            match &cage.kind {
                CageKind::Table(t) if layered(cage.arith.op()).is_none() => {
                    let tuples: Vec<&[u8]> = t.live_tuples(live).map(|i| t.tuples.get(i)).collect();
                    enc.table(&cage.cells, &tuples);
                }
                CageKind::Table(_) | CageKind::Fallback(_) => enc.layers(&cage.cells, &cage.arith),
            }
        }
        for sol in known {
            enc.block(sol);
        }
        let Encoder { solver, x, .. } = enc;
        let mut solver = solver;
        solver.set_callbacks(Some(Watch { sign, ..watch }));
        Encoded {
            solver,
            x,
            dom: dom.to_vec(),
            n: p.n,
            sign,
        }
    }

    /// Adds `clause`, which another worker shared (in the shared polarity).
    pub fn add_shared(&mut self, clause: &[i32]) {
        let sign = self.sign;
        self.solver.add_clause(clause.iter().map(|&l| l * sign));
    }

    /// `clause` of this solver's literals, in the shared polarity.
    pub fn to_shared(&self, clause: &[i32]) -> Vec<i32> {
        clause.iter().map(|&l| l * self.sign).collect()
    }

    /// Up to `max_new` more solutions, each blocked once found, within
    /// `conflicts` of this solver's in all (None: no limit). Out of effort
    /// when the limit stopped it, timed out when the watch's clock did.
    pub fn search(&mut self, max_new: usize, conflicts: Option<u64>) -> CdclRun {
        let mut run = CdclRun::default();
        while run.solutions.len() < max_new {
            if let Some(limit) = conflicts {
                let left = limit.saturating_sub(self.conflicts());
                if left == 0 {
                    // CaDiCaL reads a limit of 0 as none: the effort is spent.
                    run.out_of_effort = true;
                    break;
                }
                let left = i32::try_from(left).unwrap_or(i32::MAX);
                self.solver
                    .set_limit("conflicts", left)
                    .expect("CaDiCaL has a conflict limit");
            }
            match self.solver.solve() {
                Some(true) => {
                    let values = self.solution();
                    let block = self.blocking(&values);
                    run.solutions.push(values);
                    if block.is_empty() {
                        // Every cell fixed at the root: no other solution.
                        run.complete = true;
                        break;
                    }
                    self.solver.add_clause(block);
                }
                Some(false) => {
                    run.complete = true;
                    break;
                }
                None => {
                    if self.expired() {
                        run.timed_out = true;
                    } else {
                        run.out_of_effort = true;
                    }
                    break;
                }
            }
        }
        run.conflicts = self.conflicts();
        run
    }

    /// The literal of "cell c holds bit b": Ok(var), or Err(truth) when the
    /// root already decided it.
    pub fn lit(&self, c: usize, b: usize) -> Result<i32, bool> {
        match self.x[c * self.n + b] {
            0 => Err(self.dom[c] == 1 << b),
            v => Ok(v),
        }
    }

    /// The solution the last solve found, row-major values.
    pub fn solution(&self) -> Vec<u8> {
        let n = self.n;
        (0..n * n)
            .map(|c| {
                let d = self.dom[c];
                let v = bits(d)
                    .find(|&b| {
                        d.count_ones() == 1
                            || self.solver.value(self.x[c * n + b as usize]) == Some(true)
                    })
                    .expect("a cell holds a value");
                v as u8 + 1
            })
            .collect()
    }

    /// The clause that forbids `values` (empty when the root fixed every
    /// cell).
    pub fn blocking(&self, values: &[u8]) -> Vec<i32> {
        values
            .iter()
            .enumerate()
            .map(|(c, &v)| self.x[c * self.n + v as usize - 1])
            .filter(|&l| l != 0)
            .map(|l| -l)
            .collect()
    }

    /// How often each cell value (`c * n + v`) occurred in the clauses
    /// learnt so far, with a [`Watch::tallied`] watch (zeros without).
    pub fn activity(&mut self) -> Vec<u32> {
        let tally = self
            .solver
            .get_callbacks()
            .and_then(|w| w.tally.clone())
            .unwrap_or_default();
        self.x
            .iter()
            .map(|&v| {
                tally.get(v.unsigned_abs() as usize).copied().unwrap_or(0) * u32::from(v != 0)
            })
            .collect()
    }

    /// Conflicts so far (this solver's own).
    pub fn conflicts(&mut self) -> u64 {
        self.solver.get_callbacks().map_or(0, |w| w.learnt)
    }

    /// Whether the watch's clock has stopped (the deadline, a signal, or
    /// the run over elsewhere).
    pub fn expired(&mut self) -> bool {
        self.solver
            .get_callbacks()
            .is_some_and(|w| w.clock.expired())
    }
}

/// How a CaDiCaL searches: as one thread does, or in one of the two modes
/// its default alternates between, for the two workers of
/// cube-and-conquer that search the whole space (a portfolio: two searches
/// unlike each other, sharing what they learn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tuning {
    /// CaDiCaL's default: focused and stable phases in turn.
    Default,
    /// Focused mode only (its `unsat` configuration): frequent restarts.
    Focused,
    /// Stable mode only (its `sat` configuration): rare restarts, saved
    /// phases; every variable negated ([`Tuning::sign`]).
    Stable,
}

impl Tuning {
    fn solver<'w>(self) -> cadical::Solver<Watch<'w>> {
        let config = match self {
            Tuning::Default => return cadical::Solver::new(),
            Tuning::Focused => "unsat",
            Tuning::Stable => "sat",
        };
        cadical::Solver::with_config(config).expect("CaDiCaL has its sat and unsat configurations")
    }

    /// -1 for the stable worker, whose every variable is negated: CaDiCaL
    /// first tries each variable true, so negated it first tries each cell
    /// value false, the other way from the focused worker (CaDiCaL's
    /// `phase` option, which the binding does not reach). Two threads then
    /// took 0.72 of one thread's time where they took 0.74, a gain within
    /// the runs' spread (docs/performance.md). Clauses are shared in the
    /// positive polarity.
    pub fn sign(self) -> i32 {
        match self {
            Tuning::Default | Tuning::Focused => 1,
            Tuning::Stable => -1,
        }
    }
}

/// Stops CaDiCaL at the deadline or on a signal, and counts learnt clauses
/// (its conflicts), which it publishes whenever CaDiCaL asks whether to stop.
/// A worker of cube-and-conquer also offers its short learnt clauses to the
/// others, and worker 0 publishes the conflicts of all workers together.
pub(super) struct Watch<'a> {
    clock: Clock<'a>,
    learnt: u64,
    exchange: Option<(&'a Exchange, usize)>,
    /// The solver's [`Tuning::sign`]: learnt clauses are shared times it.
    sign: i32,
    /// When counted: how often each variable occurs in learnt clauses.
    tally: Option<Vec<u32>>,
}

impl<'a> Watch<'a> {
    /// A watch on `clock`; `exchange`: the workers' exchange and this
    /// worker's number in it.
    pub fn new(clock: Clock<'a>, exchange: Option<(&'a Exchange, usize)>) -> Watch<'a> {
        Watch {
            clock,
            learnt: 0,
            exchange,
            sign: 1,
            tally: None,
        }
    }

    /// The same, counting how often each variable occurs in learnt clauses
    /// ([`Encoded::activity`]).
    pub fn tallied(mut self) -> Watch<'a> {
        self.tally = Some(Vec::new());
        self
    }
}

impl cadical::Callbacks for Watch<'_> {
    fn terminate(&mut self) -> bool {
        match self.exchange {
            // Worker 0 alone publishes the workers' conflicts together: two
            // writers could put an older count after a newer one, and the
            // figure a face shows would go back.
            Some((x, 0)) => self.clock.conflicts(x.conflicts()),
            Some(_) => {}
            None => self.clock.conflicts(self.learnt),
        }
        self.clock.expired()
    }

    fn max_length(&self) -> i32 {
        i32::MAX
    }

    fn learn(&mut self, clause: &[i32]) {
        self.learnt += 1;
        if let Some(tally) = &mut self.tally {
            for &l in clause {
                let v = l.unsigned_abs() as usize;
                if tally.len() <= v {
                    tally.resize(v + 1, 0);
                }
                tally[v] += 1;
            }
        }
        if let Some((x, me)) = self.exchange {
            x.learnt(me, clause, self.sign);
        }
    }
}

/// At-most-one groups up to this size are pairwise; larger ones use a
/// sequential counter (3k clauses instead of k²/2). Pairwise lines of a
/// 20×20 cost CaDiCaL less per conflict than counters did (5–10% faster on
/// the hardest held-out puzzles).
const PAIRWISE_AMO: usize = 32;

struct Encoder<'a, 'w> {
    p: &'a Problem,
    dom: &'a [u64],
    solver: cadical::Solver<Watch<'w>>,
    /// `x[c * n + v]`: the literal of cell c holding value v + 1; 0 when
    /// the value was removed at the root, or the cell is fixed there.
    x: Vec<i32>,
    next: i32,
    /// -1: each variable's literal is its CaDiCaL variable negated.
    sign: i32,
}

impl<'a, 'w> Encoder<'a, 'w> {
    fn new(
        p: &'a Problem,
        dom: &'a [u64],
        solver: cadical::Solver<Watch<'w>>,
        sign: i32,
    ) -> Encoder<'a, 'w> {
        let mut enc = Encoder {
            p,
            dom,
            solver,
            x: vec![0; p.n * p.n * p.n],
            next: 1,
            sign,
        };
        for (c, &d) in dom.iter().enumerate() {
            if d.count_ones() > 1 {
                for b in bits(d) {
                    enc.x[c * p.n + b as usize] = enc.fresh();
                }
            }
        }
        enc
    }

    /// A new variable, as the literal that means it holds.
    fn fresh(&mut self) -> i32 {
        self.next += 1;
        (self.next - 1) * self.sign
    }

    /// The literal of "cell c holds bit b": Ok(var), or Err(truth) when the
    /// root already decided it.
    fn lit(&self, c: usize, b: usize) -> Result<i32, bool> {
        match self.x[c * self.p.n + b] {
            0 => Err(self.dom[c] == 1 << b),
            v => Ok(v),
        }
    }

    fn latin(&mut self) {
        let n = self.p.n;
        for c in 0..n * n {
            let lits: Vec<i32> = (0..n).filter_map(|b| self.lit(c, b).ok()).collect();
            if !lits.is_empty() {
                self.exactly_one(&lits);
            }
        }
        for l in 0..self.p.lines.len() {
            for b in 0..n {
                if let Some(lits) = self.open_places(&self.p.lines[l], b) {
                    self.exactly_one(&lits);
                }
            }
        }
    }

    fn exactly_one(&mut self, lits: &[i32]) {
        self.solver.add_clause(lits.iter().copied());
        self.at_most_one(lits);
    }

    fn at_most_one(&mut self, lits: &[i32]) {
        if lits.len() < 2 {
            return;
        }
        if lits.len() <= PAIRWISE_AMO {
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    self.solver.add_clause([-a, -b]);
                }
            }
            return;
        }
        // s_i: one of lits[..=i] is true.
        let s: Vec<i32> = (0..lits.len() - 1).map(|_| self.fresh()).collect();
        for i in 0..lits.len() {
            if i + 1 < lits.len() {
                self.solver.add_clause([-lits[i], s[i]]);
            }
            if i > 0 {
                self.solver.add_clause([-lits[i], -s[i - 1]]);
                if i + 1 < lits.len() {
                    self.solver.add_clause([-s[i - 1], s[i]]);
                }
            }
        }
    }

    /// The support encoding of a table over `cells`.
    fn table(&mut self, cells: &[u16], tuples: &[&[u8]]) {
        let n = self.p.n;
        if cells
            .iter()
            .all(|&c| self.dom[c as usize].count_ones() == 1)
        {
            return;
        }
        if cells.len() == 2 {
            self.pair(cells, tuples);
            return;
        }
        let z: Vec<i32> = tuples.iter().map(|_| self.fresh()).collect();
        self.solver.add_clause(z.iter().copied());
        let mut supports: Vec<Vec<i32>> = vec![Vec::new(); cells.len() * n];
        for (tuple, &z) in tuples.iter().zip(&z) {
            for (pos, &v) in tuple.iter().enumerate() {
                if let Ok(x) = self.lit(cells[pos] as usize, v as usize - 1) {
                    self.solver.add_clause([-z, x]);
                    supports[pos * n + v as usize - 1].push(z);
                }
            }
        }
        for (pos, &c) in cells.iter().enumerate() {
            for b in bits(self.dom[c as usize]) {
                if let Ok(x) = self.lit(c as usize, b as usize) {
                    let support = &supports[pos * n + b as usize];
                    self.solver
                        .add_clause(std::iter::once(-x).chain(support.iter().copied()));
                }
            }
        }
    }

    /// A two-cell table (difference, ratio) with no tuple variables: each
    /// value of one cell implies one of the values the tuples pair it with
    /// in the other. With exactly one value per cell this is the constraint
    /// itself, arc consistent under unit propagation, and about 5% faster
    /// on the hardest held-out 20×20s than tuple variables.
    fn pair(&mut self, cells: &[u16], tuples: &[&[u8]]) {
        for (from, to) in [(0, 1), (1, 0)] {
            let c = cells[from] as usize;
            for b in bits(self.dom[c]) {
                let Ok(x) = self.lit(c, b as usize) else {
                    continue;
                };
                let mut clause = vec![-x];
                let mut holds = false;
                for t in tuples.iter().filter(|t| t[from] == b as u8 + 1) {
                    match self.lit(cells[to] as usize, t[to] as usize - 1) {
                        Ok(y) => clause.push(y),
                        Err(true) => holds = true,
                        Err(false) => {}
                    }
                }
                if !holds {
                    self.solver.add_clause(clause);
                }
            }
        }
    }

    /// A sum or product cage as a layered decision diagram: a state per
    /// partial result after each cell, kept only where it is reachable from
    /// the start and can still reach the target; an edge variable per step
    /// (state, value) → state. Each edge implies its ends and its value; a
    /// state implies one of its edges out and one in, a value one of its
    /// edges, so unit propagation reasons forwards and backwards alike.
    /// A Killer cage's values must also differ: at most one cell per value.
    fn layers(&mut self, cells: &[u16], f: &Fallback) {
        let target = f.target();
        // `encodable` lets no other cage through.
        let form = layered(f.op()).unwrap_or(Layered::Sum);
        let combine = |acc: u64, v: u64| match form {
            Layered::Product => acc.checked_mul(v).filter(|p| target.is_multiple_of(*p)),
            Layered::Sum => acc.checked_add(v).filter(|&s| s <= target),
        };
        let start = match form {
            Layered::Product => 1,
            Layered::Sum => 0,
        };
        // Forward: the results reachable after cells[..i].
        let mut reach: Vec<Vec<u64>> = vec![vec![start]];
        for &c in cells {
            let mut next: Vec<u64> = reach
                .last()
                .expect("a first layer")
                .iter()
                .flat_map(|&acc| {
                    bits(self.dom[c as usize]).filter_map(move |b| combine(acc, b as u64 + 1))
                })
                .collect();
            next.sort_unstable();
            next.dedup();
            reach.push(next);
        }
        // Backward: keep what can still end on the target.
        let k = cells.len();
        reach[k].retain(|&r| r == target);
        for i in (0..k).rev() {
            let (now, later) = reach.split_at_mut(i + 1);
            let c = cells[i] as usize;
            let dom = self.dom[c];
            now[i].retain(|&acc| {
                bits(dom).any(|b| {
                    combine(acc, b as u64 + 1).is_some_and(|r| later[0].binary_search(&r).is_ok())
                })
            });
        }
        if reach[0].is_empty() {
            self.solver.add_clause(std::iter::empty::<i32>());
            return;
        }
        let states: Vec<Vec<i32>> = reach
            .iter()
            .map(|layer| layer.iter().map(|_| self.fresh()).collect())
            .collect();
        self.solver.add_clause([states[0][0]]);
        self.solver.add_clause([states[k][0]]);
        let n = self.p.n;
        for (i, &c) in cells.iter().enumerate() {
            let c = c as usize;
            let mut into: Vec<Vec<i32>> = vec![Vec::new(); reach[i + 1].len()];
            let mut by_value: Vec<Vec<i32>> = vec![Vec::new(); n];
            for (j, &acc) in reach[i].iter().enumerate() {
                let from = states[i][j];
                let mut out = Vec::new();
                for b in bits(self.dom[c]) {
                    let to = combine(acc, b as u64 + 1)
                        .and_then(|r| reach[i + 1].binary_search(&r).ok());
                    match (self.lit(c, b as usize), to) {
                        (Ok(x), Some(t)) => {
                            let e = self.fresh();
                            let to = states[i + 1][t];
                            self.solver.add_clause([-e, from]);
                            self.solver.add_clause([-e, x]);
                            self.solver.add_clause([-e, to]);
                            self.solver.add_clause([-from, -x, e]);
                            out.push(e);
                            into[t].push(e);
                            by_value[b as usize].push(e);
                        }
                        (Ok(x), None) => self.solver.add_clause([-from, -x]),
                        // The cell is fixed: the state is its own edge.
                        (Err(true), Some(t)) => {
                            self.solver.add_clause([-from, states[i + 1][t]]);
                            out.push(from);
                            into[t].push(from);
                        }
                        (Err(true), None) => self.solver.add_clause([-from]),
                        (Err(false), _) => {}
                    }
                }
                self.solver
                    .add_clause(std::iter::once(-from).chain(out.iter().copied()));
            }
            for (t, edges) in into.iter().enumerate() {
                self.solver
                    .add_clause(std::iter::once(-states[i + 1][t]).chain(edges.iter().copied()));
            }
            for b in bits(self.dom[c]) {
                if let Ok(x) = self.lit(c, b as usize) {
                    let edges = &by_value[b as usize];
                    self.solver
                        .add_clause(std::iter::once(-x).chain(edges.iter().copied()));
                }
            }
        }
        if f.distinct() {
            for b in 0..n {
                if let Some(lits) = self.open_places(cells, b) {
                    self.at_most_one(&lits);
                }
            }
        }
    }

    /// The literals of `cells` holding bit b, or None when one of them
    /// holds it from the root on (root propagation then took b from the
    /// others, for a line as for a Killer cage).
    fn open_places(&self, cells: &[u16], b: usize) -> Option<Vec<i32>> {
        if cells.iter().any(|&c| self.lit(c as usize, b) == Err(true)) {
            return None;
        }
        Some(
            cells
                .iter()
                .filter_map(|&c| self.lit(c as usize, b).ok())
                .collect(),
        )
    }

    /// Forbids one complete solution, unless the root already excludes it.
    fn block(&mut self, sol: &[u8]) {
        let mut clause = Vec::new();
        for (c, &v) in sol.iter().enumerate() {
            match self.lit(c, v as usize - 1) {
                Ok(x) => clause.push(-x),
                Err(true) => {}
                Err(false) => return,
            }
        }
        self.solver.add_clause(clause);
    }
}
