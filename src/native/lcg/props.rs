//! The cage and line propagators of the depth-first search, rerun on the
//! conflict-driven search's domains, each removal with its explanation:
//! - a line (matching): the Hall set that excludes the value, so the clause
//!   says "these cells hold none of their other values";
//! - a table cage (compact table): the removed values of the cage's other
//!   cells that killed every tuple supporting the value, chosen greedily and
//!   computed lazily, when conflict analysis first needs it;
//! - a cage kept by its arithmetic: every value removed from its cells.
//!
//! The tables' live tuples and remembered domains are words logged on write
//! and restored on backtrack ([`Lcg::set_word`]).

use super::core::{Lit, Reason};
use super::{Lcg, bits};
use crate::native::alldiff::{self, Hall};
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

    fn line(&mut self, l: usize) -> bool {
        let p = self.p;
        let cells = &p.lines[l];
        let mates = &mut self.mates[l * self.n..(l + 1) * self.n];
        let mut removals = std::mem::take(&mut self.line_removals);
        let result = alldiff::removals(cells, &self.dom, mates, &mut removals);
        let ok = match result {
            Err(hall) => {
                self.conflict.clear();
                let mut lits = std::mem::take(&mut self.conflict);
                self.hall_lits(cells, hall, &mut lits);
                self.conflict = lits;
                false
            }
            Ok(()) => removals.iter().all(|r| {
                let c = cells[r.cell as usize] as usize;
                let lit = self
                    .eq(c, u32::from(r.bit))
                    .expect("a line never narrows a fixed cell");
                let mut expl = vec![!lit];
                self.hall_lits(cells, r.hall, &mut expl);
                self.imply_or_conflict(lit, expl)
            }),
        };
        self.line_removals = removals;
        ok
    }

    /// The false literals that say the Hall set's cells hold only its values.
    fn hall_lits(&self, cells: &[u16], hall: Hall, out: &mut Vec<Lit>) {
        debug_assert!(
            bits(hall.cells).all(|i| self.dom[cells[i as usize] as usize] & !hall.values == 0),
            "a Hall set's cells hold only its values"
        );
        for i in bits(hall.cells) {
            let c = cells[i as usize] as usize;
            self.cell_lits(c, self.root_dom[c] & !hall.values, u32::MAX, out);
        }
    }

    /// Literals, false before trail position `before`, saying that cell `c`
    /// holds none of the values `gone`: one literal `c = u` when the cell was
    /// fixed to u by then and that is shorter, else each value's own.
    fn cell_lits(&self, c: usize, gone: u64, before: u32, out: &mut Vec<Lit>) {
        let d = self.dom[c];
        if gone.count_ones() >= 2
            && d.count_ones() == 1
            && let Some(fixed) = self.eq(c, d.trailing_zeros())
            && self.lit_value(fixed) == 1
            && self.trail_pos[fixed.var()] < before
        {
            out.push(!fixed);
            return;
        }
        for w in bits(gone) {
            out.extend(self.eq(c, w));
        }
    }

    /// Makes `lit` false with `expl` (`!lit` first, then false literals), or
    /// records the conflict if `lit` is true.
    fn imply_or_conflict(&mut self, lit: Lit, expl: Vec<Lit>) -> bool {
        match self.lit_value(lit) {
            0 => {
                self.enqueue_explained(&expl);
                true
            }
            1 => {
                self.conflict = expl;
                false
            }
            _ => true,
        }
    }

    fn table(&mut self, k: usize, t: &Table, cells: &[u16]) -> bool {
        let live_at = t.at.live;
        let seen_at = self.p.live_words + t.at.seen;
        let limit_at = self.limits_at + k;
        let mut limit = self.words[limit_at] as usize;
        for (pos, &c) in cells.iter().enumerate() {
            let d = self.dom[c as usize];
            let s = self.words[seen_at + pos];
            if d == s {
                continue;
            }
            // Clear the tuples of the removed values, or keep those of the
            // values left, whichever is fewer; a word left empty leaves the
            // live set.
            let removed = s & !d;
            let (mask, keep_mask) = if removed.count_ones() <= d.count_ones() {
                (removed, false)
            } else {
                (d, true)
            };
            let mut i = 0;
            while i < limit {
                let w = self.live_index[live_at + i] as usize;
                let m = bits(mask).fold(0, |m, bit| m | t.support(pos, bit)[w]);
                let old = self.words[live_at + w];
                let new = if keep_mask { old & m } else { old & !m };
                self.set_word(live_at + w, new);
                if new == 0 {
                    limit -= 1;
                    self.live_index.swap(live_at + i, live_at + limit);
                } else {
                    i += 1;
                }
            }
            self.set_word(seen_at + pos, d);
        }
        self.set_word(limit_at, limit as u64);
        if limit == 0 {
            let mut lits = std::mem::take(&mut self.conflict);
            lits.clear();
            self.table_hitting_set(k, None, u32::MAX, &mut lits);
            self.conflict = lits;
            return false;
        }
        let live_words = live_at..live_at + limit;
        let res_at = t.at.residues;
        for (pos, &c) in cells.iter().enumerate() {
            let c = c as usize;
            let d = self.dom[c];
            let mut unsupported = 0u64;
            for bit in bits(d) {
                let r = &mut self.residues[res_at + pos * self.n + bit as usize];
                let sup = t.support(pos, bit);
                let live = &self.words[live_at..live_at + t.words];
                if live[*r as usize] & sup[*r as usize] != 0 {
                    continue;
                }
                let found = self.live_index[live_words.clone()]
                    .iter()
                    .find(|&&w| live[w as usize] & sup[w as usize] != 0);
                match found {
                    Some(&w) => *r = w,
                    None => unsupported |= 1 << bit,
                }
            }
            for bit in bits(unsupported) {
                let lit = self.eq(c, bit).expect("a fixed cell keeps a live tuple");
                match self.lit_value(lit) {
                    0 => self.enqueue(!lit, Reason::Table(k as u32)),
                    1 => {
                        let mut lits = vec![!lit];
                        self.table_hitting_set(k, Some(lit), u32::MAX, &mut lits);
                        self.conflict = lits;
                        return false;
                    }
                    _ => {}
                }
            }
            if unsupported != 0 {
                self.set_word(seen_at + pos, self.dom[c]);
            }
        }
        true
    }

    /// The lazy explanation of a table's removal `implied` (¬ cell = value),
    /// from the literals false before trail position `before`.
    pub(super) fn explain_table(
        &mut self,
        cage: usize,
        implied: Lit,
        before: u32,
        out: &mut Vec<Lit>,
    ) {
        self.table_hitting_set(cage, Some(!implied), before, out);
    }

    /// False literals (set before trail position `before`) of the cage's
    /// cells that together kill every root tuple giving `value` its value,
    /// or every root tuple when `value` is None; pushed on `out`.
    fn table_hitting_set(
        &mut self,
        cage: usize,
        value: Option<Lit>,
        before: u32,
        out: &mut Vec<Lit>,
    ) {
        let p = self.p;
        let cells = &p.cages[cage].cells;
        let CageKind::Table(t) = &p.cages[cage].kind else {
            unreachable!("a table's explanation")
        };
        let root = &self.root_live[t.at.live..t.at.live + t.words];
        // The tuples still to kill, as (word index, bits) of the words with
        // any: most words of a large table are empty for one value, and each
        // candidate below visits only the rest.
        let mut uncovered = std::mem::take(&mut self.uncovered);
        uncovered.clear();
        let nonzero = |(w, u): (usize, u64)| (u != 0).then_some((w as u32, u));
        let skip = match value {
            Some(lit) => {
                let (c, b) = (self.var_cell[lit.var()], self.var_bit[lit.var()]);
                let pos = cells
                    .iter()
                    .position(|&x| x == c)
                    .expect("a cell of the cage");
                let support = t.support(pos, u32::from(b));
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
        let mut candidates = std::mem::take(&mut self.candidates);
        candidates.clear();
        for (pos, &d) in cells.iter().enumerate() {
            if pos == skip {
                continue;
            }
            let d = d as usize;
            for bit in bits(self.root_dom[d] & !self.dom[d]) {
                let lit = self.eq(d, bit).expect("an open value");
                let at = self.trail_pos[lit.var()];
                if at < before {
                    candidates.push((at, pos as u8, bit as u8));
                }
            }
        }
        candidates.sort_unstable();
        let mut chosen = std::mem::take(&mut self.chosen);
        chosen.clear();
        chosen.resize(cells.len(), 0);
        for &(_, pos, bit) in &candidates {
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
        self.chosen = chosen;
        self.candidates = candidates;
        debug_assert!(uncovered.is_empty(), "an explanation kills every tuple");
        self.uncovered = uncovered;
    }

    /// A cage too large to table: its arithmetic propagator on a copy of
    /// the domains, every removal explained by all the cage's removed values.
    fn arithmetic(&mut self, k: usize) -> bool {
        let p = self.p;
        let cage = &p.cages[k];
        let CageKind::Fallback(f) = &cage.kind else {
            unreachable!("an arithmetic cage")
        };
        self.dom_scratch.clone_from(&self.dom);
        self.changed.clear();
        let failed = f
            .filter(&cage.cells, &mut self.dom_scratch, &mut self.changed)
            .is_err();
        let mut base = Vec::new();
        for &c in &cage.cells {
            let c = c as usize;
            self.cell_lits(c, self.root_dom[c] & !self.dom[c], u32::MAX, &mut base);
        }
        if failed {
            self.conflict = base;
            return false;
        }
        for &c in &cage.cells {
            let c = c as usize;
            for bit in bits(self.dom[c] & !self.dom_scratch[c]) {
                let Some(lit) = self.eq(c, bit) else {
                    // A fixed cell emptied: the cage fails.
                    self.conflict = base;
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
