//! A cage whose tuples are all listed, filtered by compact table (Demeulenaere
//! et al., CP 2016): the live tuples are a bitset in the search state; a
//! precomputed support bitset per (cell, value) updates it by the values each
//! cell lost since the last run, and a value stays while some live tuple
//! gives it. That is generalised arc consistency on the cage, in time
//! proportional to what changed.
//!
//! One more rule rides on the live tuples when few remain: if every live tuple
//! places value v in a line the cage shares with other cells, none of those
//! other cells can hold v. (The essay's rule asks that all tuples use the same
//! digits in the line; this one needs only the digit in question.)

use super::{Fail, bits};
use crate::puzzle::tuples::Tuples;

pub(super) struct Table {
    pub tuples: Tuples,
    /// 64-bit words of the live-tuple bitset.
    pub words: usize,
    n: usize,
    pub at: Offsets,
    /// `supports[((pos * n) + bit) * words ..][..words]`: the tuples giving
    /// position `pos` the value `bit + 1`.
    supports: Vec<u64>,
    /// Lines holding two or more of the cage's cells: the tuple positions in
    /// the line, and the line's cells outside the cage.
    shared: Vec<(Vec<usize>, Vec<u16>)>,
}

/// Where a table's words live in the search state and the engine.
pub(super) struct Offsets {
    pub live: usize,
    pub seen: usize,
    pub residues: usize,
}

/// The line rule runs only while at most this many tuples are live: with more,
/// a value common to all of them is rare and the scan would cost more than it
/// finds.
const LINE_RULE_TUPLES: u32 = 256;

impl Table {
    pub fn new(
        tuples: Tuples,
        cells: &[u16],
        n: usize,
        lines: &[Vec<u16>],
        line_of: &[Vec<usize>],
        at: Offsets,
    ) -> Table {
        let words = tuples.count().div_ceil(64).max(1);
        let mut supports = vec![0u64; cells.len() * n * words];
        for (t, tuple) in tuples.iter().enumerate() {
            for (pos, &v) in tuple.iter().enumerate() {
                supports[(pos * n + v as usize - 1) * words + t / 64] |= 1 << (t % 64);
            }
        }
        let mut touched: Vec<usize> = cells
            .iter()
            .flat_map(|&c| line_of[c as usize].iter().copied())
            .collect();
        touched.sort_unstable();
        touched.dedup();
        let shared = touched
            .into_iter()
            .filter_map(|l| {
                let pos: Vec<usize> = (0..cells.len())
                    .filter(|&i| lines[l].contains(&cells[i]))
                    .collect();
                let others = lines[l]
                    .iter()
                    .copied()
                    .filter(|c| !cells.contains(c))
                    .collect();
                (pos.len() >= 2).then_some((pos, others))
            })
            .collect();
        Table {
            tuples,
            words,
            n,
            at,
            supports,
            shared,
        }
    }

    /// The root state: every tuple live, every value seen.
    pub fn init(&self, live: &mut [u64], seen: &mut [u64], full: u64) {
        let count = self.tuples.count();
        let live = &mut live[self.at.live..self.at.live + self.words];
        for (w, word) in live.iter_mut().enumerate() {
            let bits = count.saturating_sub(w * 64).min(64);
            *word = if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
        }
        seen[self.at.seen..self.at.seen + self.tuples.width()].fill(full);
    }

    pub fn support(&self, pos: usize, bit: u32) -> &[u64] {
        let at = (pos * self.n + bit as usize) * self.words;
        &self.supports[at..at + self.words]
    }

    /// The live tuples, by index.
    // Read by the CDCL encoding alone.
    #[cfg_attr(not(feature = "cdcl"), allow(dead_code))]
    pub fn live_tuples<'a>(&self, live: &'a [u64]) -> impl Iterator<Item = usize> + 'a {
        let live = &live[self.at.live..self.at.live + self.words];
        live.iter()
            .enumerate()
            .flat_map(|(w, &word)| bits(word).map(move |b| w * 64 + b as usize))
    }

    /// Filters the cage: updates the live tuples from the cells' domains,
    /// then narrows each cell to the values live tuples give it, then applies
    /// the line rule. Cells it narrows are pushed on `changed`.
    #[allow(clippy::too_many_arguments)]
    pub fn filter(
        &self,
        cells: &[u16],
        dom: &mut [u64],
        live: &mut [u64],
        seen: &mut [u64],
        residues: &mut [u32],
        scratch: &mut Vec<u64>,
        changed: &mut Vec<u16>,
    ) -> Result<(), Fail> {
        let live = &mut live[self.at.live..self.at.live + self.words];
        let seen = &mut seen[self.at.seen..self.at.seen + cells.len()];
        let residues = &mut residues[self.at.residues..self.at.residues + cells.len() * self.n];
        for (pos, &c) in cells.iter().enumerate() {
            let d = dom[c as usize];
            if d == seen[pos] {
                continue;
            }
            let removed = seen[pos] & !d;
            if removed.count_ones() <= d.count_ones() {
                for bit in bits(removed) {
                    for (l, s) in live.iter_mut().zip(self.support(pos, bit)) {
                        *l &= !s;
                    }
                }
            } else {
                scratch.clear();
                scratch.resize(self.words, 0);
                for bit in bits(d) {
                    for (t, s) in scratch.iter_mut().zip(self.support(pos, bit)) {
                        *t |= s;
                    }
                }
                for (l, t) in live.iter_mut().zip(scratch.iter()) {
                    *l &= t;
                }
            }
            seen[pos] = d;
        }
        if live.iter().all(|&w| w == 0) {
            return Err(Fail);
        }
        for (pos, &c) in cells.iter().enumerate() {
            let d = dom[c as usize];
            let mut keep = 0u64;
            for bit in bits(d) {
                let r = &mut residues[pos * self.n + bit as usize];
                let sup = self.support(pos, bit);
                if live[*r as usize] & sup[*r as usize] != 0 {
                    keep |= 1 << bit;
                } else if let Some(w) = live.iter().zip(sup).position(|(l, s)| l & s != 0) {
                    *r = w as u32;
                    keep |= 1 << bit;
                }
            }
            if keep != d {
                dom[c as usize] = keep;
                seen[pos] = keep;
                changed.push(c);
            }
        }
        self.line_rule(live, dom, changed)
    }

    /// Removes from the other cells of a shared line each value that every
    /// live tuple places in it.
    fn line_rule(&self, live: &[u64], dom: &mut [u64], changed: &mut Vec<u16>) -> Result<(), Fail> {
        if self.shared.is_empty()
            || live.iter().map(|w| w.count_ones()).sum::<u32>() > LINE_RULE_TUPLES
        {
            return Ok(());
        }
        for (pos, others) in &self.shared {
            // Usually a few tuples disagree and end the scan.
            let mut required = u64::MAX;
            'scan: for (w, &word) in live.iter().enumerate() {
                for b in bits(word) {
                    let tuple = self.tuples.get(w * 64 + b as usize);
                    required &= pos.iter().fold(0u64, |m, &i| m | 1 << (tuple[i] - 1));
                    if required == 0 {
                        break 'scan;
                    }
                }
            }
            if required == 0 {
                continue;
            }
            for &c in others {
                let d = dom[c as usize];
                if d & required != 0 {
                    let keep = d & !required;
                    if keep == 0 {
                        return Err(Fail);
                    }
                    dom[c as usize] = keep;
                    changed.push(c);
                }
            }
        }
        Ok(())
    }
}
