//! The propagators on lazy clause generation's domains ([`Explaining`]):
//! the depth-first search's own (`native::propagators`), each removal put on
//! the trail with its explanation:
//! - a line (matching): the Hall set that excludes the value, so the clause
//!   says "these cells hold none of their other values";
//! - a table cage (compact table): a reason to be explained when conflict
//!   analysis first needs it (`Reason::Table`, [`super::explain`]);
//! - a cage kept by its arithmetic: every value removed from its cells.

use super::domains::CellDomains;
use super::explain::Explainer;
use super::lit::{Lit, Reason};
use super::root::Root;
use super::scratch::Scratch;
use super::trail::Trail;
use super::vars::Vars;
use crate::native::domains::{Domains, Hall, Plain};
use crate::native::problem::Problem;
use crate::native::{Fail, bits};

/// The domains as the propagators see them during one run: literals
/// underneath, each removal assigned with its reason, each failure left as
/// the conflict clause.
pub(super) struct Explaining<'a> {
    pub p: &'a Problem,
    pub vars: &'a Vars,
    pub root: &'a Root,
    pub doms: &'a mut CellDomains,
    pub trail: &'a mut Trail,
    /// Where a failure leaves its clause.
    pub conflict: &'a mut Vec<Lit>,
    pub scratch: &'a mut Scratch,
}

impl Explaining<'_> {
    /// What explanations read, and the buffers they use.
    fn explainer(&mut self) -> (Explainer<'_>, &mut Scratch) {
        let explainer = Explainer {
            p: self.p,
            vars: self.vars,
            root: self.root,
            doms: &*self.doms,
            trail: &*self.trail,
        };
        (explainer, &mut *self.scratch)
    }

    /// Makes `lit` false with `expl` (`!lit` first, then false literals), or
    /// records the conflict if `lit` is true.
    fn imply_or_conflict(&mut self, lit: Lit, expl: Vec<Lit>) -> Result<(), Fail> {
        match self.trail.value(lit) {
            0 => {
                let reason = self.trail.store(&expl);
                self.trail.assign(expl[0], reason);
                self.doms.assign(self.vars, expl[0]);
                Ok(())
            }
            1 => {
                *self.conflict = expl;
                Err(Fail)
            }
            _ => Ok(()),
        }
    }
}

impl Domains for Explaining<'_> {
    #[inline]
    fn get(&self, cell: usize) -> u64 {
        self.doms.get(cell)
    }

    #[inline]
    fn plain(&mut self) -> Option<Plain<'_>> {
        None
    }

    /// Each value the table no longer supports becomes false, its reason
    /// the table, explained when analysis asks.
    #[inline]
    fn table_keeps(&mut self, cage: usize, cell: usize, keep: u64) -> Result<(), Fail> {
        for bit in bits(self.doms.get(cell) & !keep) {
            let lit = self
                .vars
                .eq(cell, bit)
                .expect("a fixed cell keeps a live tuple");
            match self.trail.value(lit) {
                0 => {
                    self.trail.assign(!lit, Reason::Table(cage as u32));
                    self.doms.assign(self.vars, !lit);
                }
                1 => {
                    let mut lits = vec![!lit];
                    let (explainer, scratch) = self.explainer();
                    explainer.table(scratch, cage, Some(lit), u32::MAX, &mut lits);
                    *self.conflict = lits;
                    return Err(Fail);
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn table_fails(&mut self, cage: usize) -> Fail {
        let mut lits = std::mem::take(self.conflict);
        lits.clear();
        let (explainer, scratch) = self.explainer();
        explainer.table(scratch, cage, None, u32::MAX, &mut lits);
        *self.conflict = lits;
        Fail
    }

    fn line_keeps(
        &mut self,
        cells: &[u16],
        i: usize,
        keep: u64,
        mut hall: impl FnMut(u32) -> Hall,
    ) -> Result<(), Fail> {
        let c = cells[i] as usize;
        for bit in bits(self.doms.get(c) & !keep) {
            let lit = self
                .vars
                .eq(c, bit)
                .expect("a line never narrows a fixed cell");
            let mut expl = vec![!lit];
            self.explainer().0.hall_lits(cells, hall(bit), &mut expl);
            self.imply_or_conflict(lit, expl)?;
        }
        Ok(())
    }

    fn line_fails(&mut self, cells: &[u16], hall: Hall) -> Fail {
        let mut lits = std::mem::take(self.conflict);
        lits.clear();
        self.explainer().0.hall_lits(cells, hall, &mut lits);
        *self.conflict = lits;
        Fail
    }

    /// The propagator runs on a copy of the domains, and each value it
    /// removes is explained by every value the cage's cells had lost.
    fn unexplained(
        &mut self,
        cells: &[u16],
        propagate: impl FnOnce(&mut Plain<'_>) -> Result<(), Fail>,
    ) -> Result<(), Fail> {
        let Scratch { dom, changed, .. } = &mut *self.scratch;
        dom.clear();
        dom.extend_from_slice(self.doms.all());
        changed.clear();
        let failed = propagate(&mut Plain { dom, changed }).is_err();
        let mut base = Vec::new();
        for &c in cells {
            let c = c as usize;
            let gone = self.root.dom(c) & !self.doms.get(c);
            self.explainer().0.cell_lits(c, gone, u32::MAX, &mut base);
        }
        if failed {
            *self.conflict = base;
            return Err(Fail);
        }
        for &c in cells {
            let c = c as usize;
            for bit in bits(self.doms.get(c) & !self.scratch.dom[c]) {
                let Some(lit) = self.vars.eq(c, bit) else {
                    // A fixed cell emptied: the cage fails.
                    *self.conflict = base;
                    return Err(Fail);
                };
                let mut expl = vec![!lit];
                expl.extend_from_slice(&base);
                self.imply_or_conflict(lit, expl)?;
            }
        }
        Ok(())
    }
}
