//! Explanations, in literals false on the trail: that a cell holds none of
//! some values; that a Hall set's cells hold only its values; and, for a
//! table, the removed values that together killed every root tuple giving a
//! cell its value (a greedy hitting set, oldest literals first, computed
//! only when conflict analysis asks for it).

use super::domains::CellDomains;
use super::lit::Lit;
use super::root::Root;
use super::scratch::Scratch;
use super::trail::Trail;
use super::vars::Vars;
use crate::native::bits;
use crate::native::domains::Hall;
use crate::native::problem::{CageKind, Problem};

/// What explanations read: the variables, the root, the domains and the
/// trail.
pub(super) struct Explainer<'a> {
    pub p: &'a Problem,
    pub vars: &'a Vars,
    pub root: &'a Root,
    pub doms: &'a CellDomains,
    pub trail: &'a Trail,
}

impl Explainer<'_> {
    /// Literals, false before trail position `before`, saying that cell `c`
    /// holds none of the values `gone`: one literal `c = u` when the cell was
    /// fixed to u by then and that is shorter, else each value's own.
    pub fn cell_lits(&self, c: usize, gone: u64, before: u32, out: &mut Vec<Lit>) {
        let d = self.doms.get(c);
        if gone.count_ones() >= 2
            && d.count_ones() == 1
            && let Some(fixed) = self.vars.eq(c, d.trailing_zeros())
            && self.trail.value(fixed) == 1
            && self.trail.position(fixed.var()) < before
        {
            out.push(!fixed);
            return;
        }
        for w in bits(gone) {
            out.extend(self.vars.eq(c, w));
        }
    }

    /// The false literals that say the Hall set's cells hold only its values.
    pub fn hall_lits(&self, cells: &[u16], hall: Hall, out: &mut Vec<Lit>) {
        debug_assert!(
            bits(hall.cells).all(|i| self.doms.get(cells[i as usize] as usize) & !hall.values == 0),
            "a Hall set's cells hold only its values"
        );
        for i in bits(hall.cells) {
            let c = cells[i as usize] as usize;
            self.cell_lits(c, self.root.dom(c) & !hall.values, u32::MAX, out);
        }
    }

    /// False literals (set before trail position `before`) of the cage's
    /// cells that together kill every root tuple giving `value` its value,
    /// or every root tuple when `value` is None; pushed on `out`.
    pub fn table(
        &self,
        scratch: &mut Scratch,
        cage: usize,
        value: Option<Lit>,
        before: u32,
        out: &mut Vec<Lit>,
    ) {
        let cells = &self.p.cages[cage].cells;
        let CageKind::Table(t) = &self.p.cages[cage].kind else {
            unreachable!("a table's explanation")
        };
        let root = &self.root.live()[t.at.live..t.at.live + t.words];
        // The tuples still to kill, as (word index, bits) of the words with
        // any: most words of a large table are empty for one value, and each
        // candidate below visits only the rest.
        let uncovered = &mut scratch.uncovered;
        uncovered.clear();
        let nonzero = |(w, u): (usize, u64)| (u != 0).then_some((w as u32, u));
        let skip = match value {
            Some(lit) => {
                let (c, b) = self.vars.cell_bit(lit);
                let pos = cells
                    .iter()
                    .position(|&x| x as usize == c)
                    .expect("a cell of the cage");
                let support = t.support(pos, b as u32);
                uncovered.extend(
                    (root.iter().zip(support).map(|(r, s)| r & s))
                        .enumerate()
                        .filter_map(nonzero),
                );
                pos
            }
            None => {
                uncovered.extend(root.iter().copied().enumerate().filter_map(nonzero));
                usize::MAX
            }
        };
        // Oldest first: clauses learnt from old literals hold more widely.
        let candidates = &mut scratch.candidates;
        candidates.clear();
        for (pos, &d) in cells.iter().enumerate() {
            if pos == skip {
                continue;
            }
            let d = d as usize;
            for bit in bits(self.root.dom(d) & !self.doms.get(d)) {
                let lit = self.vars.eq(d, bit).expect("an open value");
                let at = self.trail.position(lit.var());
                if at < before {
                    candidates.push((at, pos as u8, bit as u8));
                }
            }
        }
        candidates.sort_unstable();
        let chosen = &mut scratch.chosen;
        chosen.clear();
        chosen.resize(cells.len(), 0);
        for &(_, pos, bit) in candidates.iter() {
            let support = t.support(pos as usize, u32::from(bit));
            let mut hit = false;
            uncovered.retain_mut(|(w, u)| {
                let s = support[*w as usize];
                if *u & s != 0 {
                    *u &= !s;
                    hit = true;
                }
                *u != 0
            });
            if hit {
                chosen[pos as usize] |= 1 << bit;
                if uncovered.is_empty() {
                    break;
                }
            }
        }
        for (pos, &c) in cells.iter().enumerate() {
            if chosen[pos] != 0 {
                self.cell_lits(c as usize, chosen[pos], before, out);
            }
        }
        debug_assert!(uncovered.is_empty(), "an explanation kills every tuple");
    }
}
