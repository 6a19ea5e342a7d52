//! Propagation to a fixpoint. A propagator runs when a cell it reads has
//! narrowed; cages run before lines, because a cage is cheap and a line's
//! matching is not, and a line should see every narrowing the cages can give
//! before it runs. A propagator that fails gains weight (dom/wdeg, Boussemart
//! et al. 2004): the search branches first on cells whose constraints fail
//! most.

use super::Clock;

use super::Fail;
use super::alldiff;
use super::problem::{CageKind, Problem, PropId};
use super::queue::PropQueue;

/// What changes along a search path: copied on each branch.
#[derive(Clone, Debug, Default)]
pub(super) struct State {
    /// Cell domains, bit v−1 = value v.
    pub dom: Vec<u64>,
    /// Live tuples of every table cage.
    pub live: Vec<u64>,
    /// Each table cell's domain when its cage last ran.
    pub seen: Vec<u64>,
}

impl State {
    /// Every value of every cell, every tuple live: the state before
    /// propagation.
    pub fn unpropagated(p: &Problem) -> State {
        let mut st = State {
            dom: vec![p.full; p.n * p.n],
            live: vec![0; p.live_words],
            seen: vec![0; p.seen_words],
        };
        for cage in &p.cages {
            if let CageKind::Table(t) = &cage.kind {
                t.init(&mut st.live, &mut st.seen, p.full);
            }
        }
        st
    }
}

/// What a search undoes when it leaves a branch: the domains as they were,
/// and the live tuples and remembered domains of every table the branch
/// touched, saved when it first touched them. Copying a whole state per
/// branch cost more than the propagation on puzzles with large tables.
#[derive(Default)]
struct Undo {
    /// Domain snapshots, one per open mark, end to end.
    doms: Vec<u64>,
    /// Saved table words and where each goes back: (cage, start in `words`).
    tables: Vec<(u32, u32)>,
    words: Vec<u64>,
    /// Per open mark: lengths of `tables` and `words` when it was made.
    marks: Vec<(u32, u32)>,
    /// Per cage: the mark (by serial) under which its words were saved.
    saved_under: Vec<u32>,
    serials: Vec<u32>,
    next_serial: u32,
}

pub(super) struct Propagator {
    undo: Undo,
    queue: PropQueue,
    /// Per line: last matching, a hint for the next run.
    mates: Vec<u8>,
    /// Per table cell and value: the word where a support was last found.
    residues: Vec<u32>,
    scratch: Vec<u64>,
    changed: Vec<u16>,
    /// Failures caused by each propagator, plus one.
    pub weights: Vec<u32>,
}

/// How many tuple probes [`Propagator::probe_tuples`] may still try: a count,
/// not a clock, so the result does not depend on the machine. Probing also
/// stops after a run of tries that removed nothing: on puzzles with many
/// solutions it finds nothing, and the whole budget cost a 25×25 0.8 s.
#[derive(Clone, Copy, Debug)]
pub struct TupleBudget {
    left: u64,
    fruitless: u64,
    patience: u64,
}

impl TupleBudget {
    pub fn new(tries: u64, patience: u64) -> TupleBudget {
        TupleBudget {
            left: tries,
            fruitless: 0,
            patience,
        }
    }

    /// Spends one try; false when none is left.
    fn take(&mut self) -> bool {
        if self.left == 0 || self.fruitless >= self.patience {
            return false;
        }
        self.left -= 1;
        self.fruitless += 1;
        true
    }

    /// A value was removed: the run of fruitless tries starts again.
    fn progress(&mut self) {
        self.fruitless = 0;
    }
}

impl Propagator {
    pub fn new(p: &Problem) -> Propagator {
        let props = p.cages.len() + p.lines.len();
        Propagator {
            undo: Undo {
                saved_under: vec![0; p.cages.len()],
                next_serial: 1,
                ..Undo::default()
            },
            queue: PropQueue::new(props, p.cages.len()),
            mates: vec![u8::MAX; p.lines.len() * p.n],
            residues: vec![0; p.residues],
            scratch: Vec::new(),
            changed: Vec::new(),
            weights: vec![1; props],
        }
    }

    /// The root state, propagated; Err when propagation alone refutes the puzzle.
    pub fn root(&mut self, p: &Problem) -> Result<State, Fail> {
        let mut st = State::unpropagated(p);
        for id in 0..(p.cages.len() + p.lines.len()) as PropId {
            self.queue.schedule(id);
        }
        self.run(p, &mut st)?;
        Ok(st)
    }

    /// `dom[cell] &= mask`, then propagates.
    pub fn narrow(
        &mut self,
        p: &Problem,
        st: &mut State,
        cell: usize,
        mask: u64,
    ) -> Result<(), Fail> {
        let d = st.dom[cell] & mask;
        if d == 0 {
            return Err(Fail);
        }
        if d != st.dom[cell] {
            st.dom[cell] = d;
            for &w in &p.watchers[cell] {
                self.queue.schedule(w);
            }
        }
        self.run(p, st)
    }

    /// Singleton arc consistency: a value whose assignment fails under
    /// propagation is removed; repeated until no probe fails.
    ///
    /// A value whose last probe succeeded is probed again only when the root
    /// has since lost a value that the probe's fixpoint still held: if every
    /// value removed from the root was already gone under the probe, the
    /// probe's fixpoint lies within the new root and propagation would reach
    /// it again. The sweeps after the first skip such probes (most of them
    /// on loose puzzles, few on tight ones), with the same removals,
    /// failures and result as probing everything.
    pub fn probe(&mut self, p: &Problem, st: &mut State, clock: Clock<'_>) -> Result<(), Fail> {
        let cells = p.n * p.n;
        let mut memo = ProbeMemo::new(cells * p.n, &st.dom);
        loop {
            let mut removed = false;
            for cell in 0..cells {
                if clock.expired() {
                    return Ok(());
                }
                let d = st.dom[cell];
                if d.count_ones() < 2 {
                    continue;
                }
                for b in super::bits(d) {
                    if st.dom[cell] >> b & 1 == 0 {
                        continue;
                    }
                    let probe = cell * p.n + b as usize;
                    if memo.still_holds(probe) {
                        continue;
                    }
                    self.mark(st);
                    let refuted = self.narrow(p, st, cell, 1 << b).is_err();
                    if !refuted {
                        memo.remember(probe, &st.dom);
                    }
                    self.undo(p, st);
                    if refuted {
                        self.narrow(p, st, cell, !(1u64 << b))?;
                        memo.root_narrowed(&st.dom);
                        removed = true;
                    }
                }
            }
            if !removed {
                return Ok(());
            }
        }
    }

    /// Singleton consistency on cage tuples: every tuple of a tabulated cage
    /// still allowed by the domains is tried (the cage's cells narrowed to
    /// its values, then propagation); a value that no surviving tuple gives
    /// its cell is removed. A tuple whose values all have a surviving tuple
    /// already is not tried. Each try spends one unit of `budget`; when it
    /// is spent, the cage being probed and those after it keep their values
    /// (so the result does not depend on the machine's speed). Returns
    /// whether a value was removed.
    pub fn probe_tuples(
        &mut self,
        p: &Problem,
        st: &mut State,
        budget: &mut TupleBudget,
    ) -> Result<bool, Fail> {
        let mut removed = false;
        for cage in &p.cages {
            let CageKind::Table(t) = &cage.kind else {
                continue;
            };
            let cells = &cage.cells;
            if cells.iter().all(|&c| st.dom[c as usize].count_ones() == 1) {
                continue;
            }
            let mut supported = vec![0u64; cells.len()];
            for tuple in t.tuples.iter() {
                let allowed = |pos: usize, v: u8| st.dom[cells[pos] as usize] >> (v - 1) & 1 == 1;
                if !(0..cells.len()).all(|pos| allowed(pos, tuple[pos])) {
                    continue;
                }
                if (0..cells.len()).all(|pos| supported[pos] >> (tuple[pos] - 1) & 1 == 1) {
                    continue;
                }
                if !budget.take() {
                    // Out of tries: this cage keeps every value.
                    return Ok(removed);
                }
                self.mark(st);
                let survives = (0..cells.len()).all(|pos| {
                    self.narrow(p, st, cells[pos] as usize, 1 << (tuple[pos] - 1))
                        .is_ok()
                });
                self.undo(p, st);
                if survives {
                    for pos in 0..cells.len() {
                        supported[pos] |= 1 << (tuple[pos] - 1);
                    }
                }
            }
            for (pos, &c) in cells.iter().enumerate() {
                if st.dom[c as usize] & !supported[pos] != 0 {
                    self.narrow(p, st, c as usize, supported[pos])?;
                    removed = true;
                    budget.progress();
                }
            }
        }
        Ok(removed)
    }

    /// Remembers `st` so that [`Propagator::undo`] brings it back; marks nest.
    pub fn mark(&mut self, st: &State) {
        let u = &mut self.undo;
        u.doms.extend_from_slice(&st.dom);
        u.marks.push((u.tables.len() as u32, u.words.len() as u32));
        u.serials.push(u.next_serial);
        u.next_serial += 1;
    }

    /// Puts `st` back as it was at the latest mark, and drops the mark.
    pub fn undo(&mut self, p: &Problem, st: &mut State) {
        let u = &mut self.undo;
        let (tables, words) = u.marks.pop().expect("a mark to undo");
        u.serials.pop();
        // Newest first, so a table saved twice ends as it was first saved.
        for i in (tables as usize..u.tables.len()).rev() {
            let (cage, at) = u.tables[i];
            if let CageKind::Table(t) = &p.cages[cage as usize].kind {
                let at = at as usize;
                let cells = p.cages[cage as usize].cells.len();
                st.live[t.at.live..t.at.live + t.words].copy_from_slice(&u.words[at..at + t.words]);
                st.seen[t.at.seen..t.at.seen + cells]
                    .copy_from_slice(&u.words[at + t.words..at + t.words + cells]);
            }
        }
        u.tables.truncate(tables as usize);
        u.words.truncate(words as usize);
        let from = u.doms.len() - st.dom.len();
        st.dom.copy_from_slice(&u.doms[from..]);
        u.doms.truncate(from);
    }

    /// Saves a table's words before it first changes them under the
    /// current mark.
    fn save_table(&mut self, p: &Problem, st: &State, cage: usize) {
        let u = &mut self.undo;
        let Some(&serial) = u.serials.last() else {
            return;
        };
        if u.saved_under[cage] == serial {
            return;
        }
        u.saved_under[cage] = serial;
        if let CageKind::Table(t) = &p.cages[cage].kind {
            u.tables.push((cage as u32, u.words.len() as u32));
            u.words
                .extend_from_slice(&st.live[t.at.live..t.at.live + t.words]);
            let cells = p.cages[cage].cells.len();
            u.words
                .extend_from_slice(&st.seen[t.at.seen..t.at.seen + cells]);
        }
    }

    fn run(&mut self, p: &Problem, st: &mut State) -> Result<(), Fail> {
        loop {
            let Some(id) = self.queue.pop() else {
                return Ok(());
            };
            self.changed.clear();
            if let Err(fail) = self.apply(p, st, id) {
                self.weights[id as usize] += 1;
                self.queue.clear();
                return Err(fail);
            }
            // Tables and lines reach their own fixpoint in one run; the
            // fallback's bounds may not, so it is scheduled again.
            let idempotent = match p.cages.get(id as usize) {
                Some(cage) => matches!(cage.kind, CageKind::Table(_)),
                None => true,
            };
            for i in 0..self.changed.len() {
                let c = self.changed[i] as usize;
                for &w in &p.watchers[c] {
                    if w != id || !idempotent {
                        self.queue.schedule(w);
                    }
                }
            }
        }
    }

    fn apply(&mut self, p: &Problem, st: &mut State, id: PropId) -> Result<(), Fail> {
        match p.cages.get(id as usize) {
            Some(cage) => match &cage.kind {
                CageKind::Table(t) => {
                    self.save_table(p, st, id as usize);
                    t.filter(
                        &cage.cells,
                        &mut st.dom,
                        &mut st.live,
                        &mut st.seen,
                        &mut self.residues,
                        &mut self.scratch,
                        &mut self.changed,
                    )
                }
                CageKind::Fallback(f) => f.filter(&cage.cells, &mut st.dom, &mut self.changed),
            },
            None => {
                let l = id as usize - p.cages.len();
                let mates = &mut self.mates[l * p.n..(l + 1) * p.n];
                alldiff::filter(&p.lines[l], &mut st.dom, mates, &mut self.changed)
            }
        }
    }
}

/// What each successful probe left, so that [`Propagator::probe`] can tell when
/// probing a value again would only repeat it.
struct ProbeMemo {
    /// The root domains as they are now.
    root: Vec<u64>,
    /// Every narrowing of the root, in order: (cell, values removed).
    log: Vec<(u32, u64)>,
    /// Per probe (cell × n + value − 1): the length of `log` when it last
    /// succeeded (`u32::MAX`: not yet), and the values its fixpoint had
    /// removed from the root of then, cell by cell.
    at: Vec<u32>,
    gone: Vec<Vec<(u32, u64)>>,
    /// Room for entries in `gone`, all probes together.
    stored: usize,
    /// Per cell, one probe's removals spread out for lookup; kept zero.
    spread: Vec<u64>,
}

/// Entries the probe memo holds at most (16 MB, which bounds probing's
/// memory on the largest grids); past it, probes are simply repeated.
const MEMO_ENTRIES: usize = 1 << 20;

impl ProbeMemo {
    fn new(probes: usize, root: &[u64]) -> ProbeMemo {
        ProbeMemo {
            root: root.to_vec(),
            log: Vec::new(),
            at: vec![u32::MAX; probes],
            gone: vec![Vec::new(); probes],
            stored: 0,
            spread: vec![0; root.len()],
        }
    }

    /// Records a successful probe's fixpoint `dom`, while the memo has room.
    fn remember(&mut self, probe: usize, dom: &[u64]) {
        let gone = &mut self.gone[probe];
        // Counted by capacity, so that the bound holds for what is allocated.
        self.stored -= gone.capacity();
        gone.clear();
        self.at[probe] = u32::MAX;
        let count = self
            .root
            .iter()
            .zip(dom)
            .filter(|&(&r, &d)| r & !d != 0)
            .count();
        if self.stored + count.max(gone.capacity()) > MEMO_ENTRIES {
            *gone = Vec::new();
            return;
        }
        gone.reserve_exact(count);
        for (c, (&r, &d)) in self.root.iter().zip(dom).enumerate() {
            if r & !d != 0 {
                gone.push((c as u32, r & !d));
            }
        }
        self.stored += gone.capacity();
        self.at[probe] = self.log.len() as u32;
    }

    /// The root is now `dom`: logs what it lost.
    fn root_narrowed(&mut self, dom: &[u64]) {
        for (c, (r, &d)) in self.root.iter_mut().zip(dom).enumerate() {
            if *r & !d != 0 {
                self.log.push((c as u32, *r & !d));
                *r = d;
            }
        }
    }

    /// Whether `probe` succeeded before and the root has lost nothing since
    /// that its fixpoint held.
    fn still_holds(&mut self, probe: usize) -> bool {
        let at = self.at[probe];
        if at == u32::MAX {
            return false;
        }
        let gone = &self.gone[probe];
        for &(c, g) in gone {
            self.spread[c as usize] = g;
        }
        let holds = self.log[at as usize..]
            .iter()
            .all(|&(c, lost)| lost & !self.spread[c as usize] == 0);
        for &(c, _) in gone {
            self.spread[c as usize] = 0;
        }
        holds
    }
}
