//! Probing at the root, on the depth-first search's propagation: singleton
//! arc consistency on the cells' values, and singleton consistency on the
//! tuples of tabulated cages. Each probe is a mark, a narrowing, and an undo.

use super::Clock;
use super::Fail;
use super::problem::{CageKind, Problem};
use super::propagation::{Propagator, State};

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
