//! Conflict analysis: first-UIP learning from the conflict clause, MiniSat's
//! recursive minimisation, and a last shortening by the cells (a cell that
//! holds none of its values but one holds that one); and glucose's literal
//! block distance. [`Analysis`] is its state between conflicts; the analysis
//! itself coordinates the trail, the reasons, the branching activity and the
//! clause store, so it is [`Lcg`]'s.

use super::Lcg;
use super::explain::Explainer;
use super::lit::{Lit, Reason};
use super::trail::Trail;

pub(super) struct Analysis {
    /// The clause of the last conflict, false literals: what propagation
    /// hands the analysis.
    pub conflict: Vec<Lit>,
    /// Per variable: in the clause being learnt (or known implied by it).
    marked: Vec<bool>,
    /// Per level: the stamp of the last clause counted with it.
    level_stamp: Vec<u32>,
    stamp: u32,
}

impl Analysis {
    pub fn new(vars: usize) -> Analysis {
        Analysis {
            conflict: Vec::new(),
            marked: vec![false; vars],
            level_stamp: vec![0; vars + 2],
            stamp: 0,
        }
    }

    /// Glucose's literal block distance: the levels in a clause.
    pub fn lbd(&mut self, trail: &Trail, lits: &[Lit]) -> u32 {
        self.stamp += 1;
        let mut count = 0;
        for l in lits {
            let lv = trail.level_of(l.var()) as usize;
            if self.level_stamp[lv] != self.stamp {
                self.level_stamp[lv] = self.stamp;
                count += 1;
            }
        }
        count
    }
}

impl Lcg<'_> {
    /// The literals of `v`'s reason other than the implied literal.
    pub(super) fn reason_into(&mut self, v: usize, out: &mut Vec<Lit>) {
        out.clear();
        match self.trail.reason(v) {
            Reason::Decision => {}
            Reason::Clause(c) => out.extend(self.clauses.lits(c).skip(1)),
            Reason::Stored(start, len) => out.extend_from_slice(self.trail.stored(start, len)),
            Reason::Explained(start, len) => {
                out.extend_from_slice(self.trail.explained(start, len));
            }
            Reason::Table(cage) => {
                let implied = Lit::new(v, self.trail.value(Lit::new(v, true)) == 1);
                let explainer = Explainer {
                    p: self.p,
                    vars: &self.vars,
                    root: &self.root,
                    doms: &self.doms,
                    trail: &self.trail,
                };
                let before = self.trail.position(v);
                explainer.table(
                    &mut self.scratch,
                    cage as usize,
                    Some(!implied),
                    before,
                    out,
                );
                // The same literal is explained again in later conflicts
                // (and by minimisation in this one) while it stays on the
                // trail; the hitting set was a third of the search's time.
                self.trail.keep_explained(v, out);
            }
        }
    }

    /// First-UIP analysis of the conflict: the learnt clause (asserting
    /// literal first) and the level to go back to.
    pub(super) fn analyze(&mut self) -> (Vec<Lit>, usize) {
        let mut learnt = vec![Lit::from_raw(0)];
        let mut pending = 0usize;
        let mut lits = std::mem::take(&mut self.analysis.conflict);
        let mut reason = Vec::new();
        let mut index = self.trail.lits().len();
        let current = self.trail.level() as u32;
        let mut p: Option<Lit> = None;
        loop {
            for &q in &lits {
                let v = q.var();
                if self.analysis.marked[v] || self.trail.level_of(v) == 0 {
                    continue;
                }
                self.vsids.bump(v);
                self.analysis.marked[v] = true;
                if self.trail.level_of(v) == current {
                    pending += 1;
                } else {
                    learnt.push(q);
                }
            }
            if let Reason::Clause(c) = p.map_or(Reason::Decision, |p| self.trail.reason(p.var())) {
                self.clauses.bump(c);
            }
            // The next literal of this level on the trail.
            loop {
                index -= 1;
                if self.analysis.marked[self.trail.lits()[index].var()] {
                    break;
                }
            }
            let pl = self.trail.lits()[index];
            self.analysis.marked[pl.var()] = false;
            pending -= 1;
            if pending == 0 {
                learnt[0] = !pl;
                break;
            }
            p = Some(pl);
            self.reason_into(pl.var(), &mut reason);
            std::mem::swap(&mut lits, &mut reason);
        }
        self.analysis.conflict = lits;
        let marked: Vec<usize> = learnt[1..].iter().map(|l| l.var()).collect();
        self.minimize(&mut learnt);
        for v in marked {
            self.analysis.marked[v] = false;
        }
        self.fold_cells(&mut learnt);
        // The second watch: the highest level among the rest.
        let mut back = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for i in 2..learnt.len() {
                if self.trail.level_of(learnt[i].var()) > self.trail.level_of(learnt[best].var()) {
                    best = i;
                }
            }
            learnt.swap(1, best);
            back = self.trail.level_of(learnt[1].var()) as usize;
        }
        (learnt, back)
    }

    /// Replaces "cell d holds none of its values but u" by "d ≠ u... is
    /// false", i.e. the one literal `d = u`: the same clause, given that a
    /// cell holds one value, and far shorter.
    fn fold_cells(&mut self, learnt: &mut Vec<Lit>) {
        let mut by_cell: Vec<(usize, u64)> = Vec::new();
        for l in &learnt[1..] {
            if l.positive() {
                let (c, b) = self.vars.cell_bit(*l);
                match by_cell.iter_mut().find(|(x, _)| *x == c) {
                    Some((_, m)) => *m |= 1 << b,
                    None => by_cell.push((c, 1 << b)),
                }
            }
        }
        for (c, gone) in by_cell {
            let root = self.root.dom(c);
            let left = root & !gone;
            if left.count_ones() != 1 || gone.count_ones() < 2 {
                continue;
            }
            let Some(eq) = self.vars.eq(c, left.trailing_zeros()) else {
                continue;
            };
            let uip = learnt[0];
            let mut kept = vec![uip];
            kept.extend(
                learnt[1..]
                    .iter()
                    .copied()
                    .filter(|l| !(l.positive() && self.vars.cell_bit(*l).0 == c)),
            );
            kept.push(!eq);
            *learnt = kept;
        }
    }

    /// Drops literals implied by the others (recursive minimisation,
    /// MiniSat's). `marked` holds the clause's variables on entry and on exit.
    fn minimize(&mut self, learnt: &mut Vec<Lit>) {
        let levels = learnt[1..]
            .iter()
            .fold(0u64, |m, l| m | 1 << (self.trail.level_of(l.var()) & 63));
        let mut cleared = Vec::new();
        let mut keep = vec![learnt[0]];
        for &l in &learnt[1..] {
            if matches!(self.trail.reason(l.var()), Reason::Decision)
                || !self.redundant(l, levels, &mut cleared)
            {
                keep.push(l);
            }
        }
        for v in cleared {
            self.analysis.marked[v] = false;
        }
        *learnt = keep;
    }

    /// Whether `l`'s reason is implied by literals marked.
    fn redundant(&mut self, l: Lit, levels: u64, cleared: &mut Vec<usize>) -> bool {
        let mut stack = vec![l.var()];
        let top = cleared.len();
        let mut reason = Vec::new();
        while let Some(v) = stack.pop() {
            self.reason_into(v, &mut reason);
            for &q in &reason {
                let u = q.var();
                if self.analysis.marked[u] || self.trail.level_of(u) == 0 {
                    continue;
                }
                let decision = matches!(self.trail.reason(u), Reason::Decision);
                if decision || levels >> (self.trail.level_of(u) & 63) & 1 == 0 {
                    for w in cleared.drain(top..) {
                        self.analysis.marked[w] = false;
                    }
                    return false;
                }
                self.analysis.marked[u] = true;
                stack.push(u);
                cleared.push(u);
            }
        }
        true
    }
}
