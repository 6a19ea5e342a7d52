//! The cage and line propagators of the depth-first search, rerun on the
//! conflict-driven search's domains, each removal with its explanation:
//! - a line (matching): the Hall set that excludes the value, so the clause
//!   says "these cells hold none of their other values";
//! - a table cage (compact table): the removed values of the cage's other
//!   cells that killed every tuple supporting the value, chosen greedily and
//!   computed lazily, when conflict analysis first needs it;
//! - a cage kept by its arithmetic: every value removed from its cells.

use super::Lcg;
use super::explain::Explainer;
use super::lit::{Lit, Reason};
use crate::native::alldiff;
use crate::native::bits;
use crate::native::problem::CageKind;
use crate::native::table::Table;

impl Lcg<'_> {
    pub(super) fn run_propagator(&mut self, id: usize) -> bool {
        let p = self.p;
        match p.cages.get(id) {
            Some(cage) => match &cage.kind {
                CageKind::Table(t) => self.table(id, t, &cage.cells),
                CageKind::Fallback(_) => self.arithmetic(id),
            },
            None => self.line(id - p.cages.len()),
        }
    }

    fn explainer(&self) -> Explainer<'_> {
        Explainer {
            p: self.p,
            vars: &self.vars,
            root: &self.root,
            doms: &self.doms,
            trail: &self.trail,
        }
    }

    fn line(&mut self, l: usize) -> bool {
        let p = self.p;
        let cells = &p.lines[l];
        let mates = self.hints.line(l);
        let mut removals = std::mem::take(&mut self.scratch.line_removals);
        let result = alldiff::removals(cells, self.doms.all(), mates, &mut removals);
        let ok = match result {
            Err(hall) => {
                let mut lits = std::mem::take(&mut self.analysis.conflict);
                lits.clear();
                self.explainer().hall_lits(cells, hall, &mut lits);
                self.analysis.conflict = lits;
                false
            }
            Ok(()) => removals.iter().all(|r| {
                let c = cells[r.cell as usize] as usize;
                let lit = self
                    .vars
                    .eq(c, u32::from(r.bit))
                    .expect("a line never narrows a fixed cell");
                let mut expl = vec![!lit];
                self.explainer().hall_lits(cells, r.hall, &mut expl);
                self.imply_or_conflict(lit, expl)
            }),
        };
        self.scratch.line_removals = removals;
        ok
    }

    /// Makes `lit` false with `expl` (`!lit` first, then false literals), or
    /// records the conflict if `lit` is true.
    fn imply_or_conflict(&mut self, lit: Lit, expl: Vec<Lit>) -> bool {
        match self.trail.value(lit) {
            0 => {
                self.enqueue_explained(&expl);
                true
            }
            1 => {
                self.analysis.conflict = expl;
                false
            }
            _ => true,
        }
    }

    fn table(&mut self, k: usize, t: &Table, cells: &[u16]) -> bool {
        let n = self.p.n;
        let mut live = self.tables.table(k, t);
        for (pos, &c) in cells.iter().enumerate() {
            let d = self.doms.get(c as usize);
            let s = live.seen(pos);
            if d == s {
                continue;
            }
            // Clear the tuples of the removed values, or keep those of the
            // values left, whichever is fewer.
            let removed = s & !d;
            let support = |bit| t.support(pos, bit);
            if removed.count_ones() <= d.count_ones() {
                live.kill(removed, false, support);
            } else {
                live.kill(d, true, support);
            }
            live.set_seen(pos, d);
        }
        if live.is_empty() {
            let mut lits = std::mem::take(&mut self.analysis.conflict);
            lits.clear();
            let explainer = Explainer {
                p: self.p,
                vars: &self.vars,
                root: &self.root,
                doms: &self.doms,
                trail: &self.trail,
            };
            explainer.table(&mut self.scratch, k, None, u32::MAX, &mut lits);
            self.analysis.conflict = lits;
            return false;
        }
        let res_at = t.at.residues;
        for (pos, &c) in cells.iter().enumerate() {
            let c = c as usize;
            let d = self.doms.get(c);
            let mut unsupported = 0u64;
            for bit in bits(d) {
                let r = &mut self.hints.residues[res_at + pos * n + bit as usize];
                let sup = t.support(pos, bit);
                let words = live.words();
                if words[*r as usize] & sup[*r as usize] != 0 {
                    continue;
                }
                match live.find(sup) {
                    Some(w) => *r = w as u32,
                    None => unsupported |= 1 << bit,
                }
            }
            for bit in bits(unsupported) {
                let lit = self
                    .vars
                    .eq(c, bit)
                    .expect("a fixed cell keeps a live tuple");
                match self.trail.value(lit) {
                    0 => {
                        self.trail.assign(!lit, Reason::Table(k as u32));
                        self.doms.assign(&self.vars, !lit);
                    }
                    1 => {
                        let mut lits = vec![!lit];
                        let explainer = Explainer {
                            p: self.p,
                            vars: &self.vars,
                            root: &self.root,
                            doms: &self.doms,
                            trail: &self.trail,
                        };
                        explainer.table(&mut self.scratch, k, Some(lit), u32::MAX, &mut lits);
                        self.analysis.conflict = lits;
                        return false;
                    }
                    _ => {}
                }
            }
            if unsupported != 0 {
                live.set_seen(pos, self.doms.get(c));
            }
        }
        true
    }

    /// A cage too large to table: its arithmetic propagator on a copy of
    /// the domains, every removal explained by all the cage's removed values.
    fn arithmetic(&mut self, k: usize) -> bool {
        let p = self.p;
        let cage = &p.cages[k];
        let CageKind::Fallback(f) = &cage.kind else {
            unreachable!("an arithmetic cage")
        };
        self.scratch.dom.clear();
        self.scratch.dom.extend_from_slice(self.doms.all());
        self.scratch.changed.clear();
        let failed = f
            .filter(
                &cage.cells,
                &mut self.scratch.dom,
                &mut self.scratch.changed,
            )
            .is_err();
        let mut base = Vec::new();
        for &c in &cage.cells {
            let c = c as usize;
            self.explainer().cell_lits(
                c,
                self.root.dom(c) & !self.doms.get(c),
                u32::MAX,
                &mut base,
            );
        }
        if failed {
            self.analysis.conflict = base;
            return false;
        }
        for &c in &cage.cells {
            let c = c as usize;
            for bit in bits(self.doms.get(c) & !self.scratch.dom[c]) {
                let Some(lit) = self.vars.eq(c, bit) else {
                    // A fixed cell emptied: the cage fails.
                    self.analysis.conflict = base;
                    return false;
                };
                let mut expl = vec![!lit];
                expl.extend_from_slice(&base);
                if !self.imply_or_conflict(lit, expl) {
                    return false;
                }
            }
        }
        true
    }
}
