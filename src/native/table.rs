//! A cage whose tuples are all listed, filtered by compact table (Demeulenaere
//! et al., CP 2016): the live tuples are a bitset; a precomputed support
//! bitset per (cell, value) updates it by the values each cell lost since the
//! last run, and a value stays while some live tuple gives it. That is
//! generalised arc consistency on the cage, in time proportional to what
//! changed.
//!
//! One more rule rides on the live tuples when few remain: if every live tuple
//! places value v in a line the cage shares with other cells, none of those
//! other cells can hold v. (The essay's rule asks that all tuples use the same
//! digits in the line; this one needs only the digit in question.) It has no
//! explanation, so only the depth-first search runs it.
//!
//! The filter is written once, over the engine's [`Domains`] and its
//! [`LiveTuples`]: the depth-first search keeps a table's tuples as dense
//! words, saved whole before a run, whose loops vectorise; lazy clause
//! generation keeps a sparse set of the live words, logged word by word.

use super::domains::{Domains, Plain};
use super::{Fail, bits};
use crate::puzzle::tuples::Tuples;

/// One table's live tuples, and its cells' domains when it last ran, as an
/// engine keeps them.
pub(super) trait LiveTuples {
    /// The domain of the cage's position `pos` when the table last ran.
    fn seen(&self, pos: usize) -> u64;

    fn set_seen(&mut self, pos: usize, d: u64);

    /// Kills the live tuples whose value at a position is one of `values`
    /// (or, with `keep`, is none of them), `support(bit)` being the tuples
    /// that give the position value `bit + 1`.
    fn kill<'t>(&mut self, values: u64, keep: bool, support: impl Fn(u32) -> &'t [u64]);

    /// Whether no tuple is left.
    fn is_empty(&self) -> bool;

    /// The live-tuple bitset, every word of it.
    fn words(&self) -> &[u64];

    /// A live word holding one of the tuples of `support`, searched in the
    /// engine's order.
    fn find(&self, support: &[u64]) -> Option<usize>;
}

/// Where an engine keeps its tables' [`LiveTuples`].
pub(super) trait Tables {
    type Live<'a>: LiveTuples
    where
        Self: 'a;

    /// The live tuples of table `t` (cage `cage`), before it runs.
    fn live(&mut self, cage: usize, t: &Table) -> Self::Live<'_>;
}

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

    /// Filters the cage of `cells` (cage number `cage`): updates its live
    /// tuples from the cells' domains, then narrows each cell to the values
    /// live tuples give it, then applies the line rule. `residues` are the
    /// table's: per cell and value, the word where a support was last found.
    #[inline]
    pub fn filter<D: Domains>(
        &self,
        cage: usize,
        cells: &[u16],
        d: &mut D,
        live: &mut impl LiveTuples,
        residues: &mut [u32],
    ) -> Result<(), Fail> {
        for (pos, &c) in cells.iter().enumerate() {
            let now = d.get(c as usize);
            let seen = live.seen(pos);
            if now == seen {
                continue;
            }
            // Kill the tuples of the removed values, or keep those of the
            // values left, whichever is fewer.
            let removed = seen & !now;
            let support = |bit| self.support(pos, bit);
            if removed.count_ones() <= now.count_ones() {
                live.kill(removed, false, support);
            } else {
                live.kill(now, true, support);
            }
            live.set_seen(pos, now);
        }
        if live.is_empty() {
            return Err(d.table_fails(cage));
        }
        for (pos, &c) in cells.iter().enumerate() {
            let now = d.get(c as usize);
            let mut keep = 0u64;
            let words = live.words();
            for bit in bits(now) {
                let r = &mut residues[pos * self.n + bit as usize];
                let sup = self.support(pos, bit);
                if words[*r as usize] & sup[*r as usize] != 0 {
                    keep |= 1 << bit;
                } else if let Some(w) = live.find(sup) {
                    *r = w as u32;
                    keep |= 1 << bit;
                }
            }
            if keep != now {
                d.table_keeps(cage, c as usize, keep)?;
                live.set_seen(pos, d.get(c as usize));
            }
        }
        match d.plain() {
            Some(mut plain) => self.line_rule(live.words(), &mut plain),
            None => Ok(()),
        }
    }

    /// Removes from the other cells of a shared line each value that every
    /// live tuple places in it.
    #[inline]
    fn line_rule(&self, live: &[u64], d: &mut Plain<'_>) -> Result<(), Fail> {
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
                let now = d.dom[c as usize];
                if now & required != 0 {
                    let keep = now & !required;
                    if keep == 0 {
                        return Err(Fail);
                    }
                    d.set(c as usize, keep);
                }
            }
        }
        Ok(())
    }
}
