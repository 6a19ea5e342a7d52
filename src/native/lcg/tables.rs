//! The tables' state as lazy clause generation keeps it, in trailed words
//! ([`TrailedWords`]): each table's live tuples, its cells' domains when it
//! last ran, and its count of live words. A table's word indices are kept
//! in a permutation whose first `count` are the words with live tuples: the
//! compact table's sparse set (Demeulenaere et al. 2016), so a table deep in
//! the search visits only the words it has left. Restoring the count on
//! backtracking restores the set; the order needs no undo.

use super::trailed::TrailedWords;
use crate::native::bits;
use crate::native::problem::{CageKind, Problem};
use crate::native::propagation::State;
use crate::native::table::Table;

pub(super) struct SparseTables {
    /// The tables' live tuples, then their cells' domains at their last run
    /// (from `seen_at`), then each cage's count of live words (from
    /// `counts_at`).
    words: TrailedWords,
    seen_at: usize,
    counts_at: usize,
    /// Per table, its word indices, the live ones first.
    live_index: Vec<u32>,
}

impl SparseTables {
    pub fn new(p: &Problem, root: &State) -> SparseTables {
        let mut words = root.live.clone();
        words.extend_from_slice(&root.seen);
        let counts_at = words.len();
        let mut live_index = vec![0u32; root.live.len()];
        for cage in &p.cages {
            let live = match &cage.kind {
                CageKind::Table(t) => {
                    let index = &mut live_index[t.at.live..t.at.live + t.words];
                    let (full, empty): (Vec<u32>, Vec<u32>) =
                        (0..t.words as u32).partition(|&w| root.live[t.at.live + w as usize] != 0);
                    index[..full.len()].copy_from_slice(&full);
                    index[full.len()..].copy_from_slice(&empty);
                    full.len()
                }
                CageKind::Fallback(_) => 0,
            };
            words.push(live as u64);
        }
        SparseTables {
            words: TrailedWords::new(words),
            seen_at: p.live_words,
            counts_at,
            live_index,
        }
    }

    /// Table `t`'s (cage `cage`'s) state, ready to change.
    pub fn table(&mut self, cage: usize, t: &Table) -> Sparse<'_> {
        Sparse {
            words: &mut self.words,
            index: &mut self.live_index[t.at.live..t.at.live + t.words],
            live_at: t.at.live,
            seen_at: self.seen_at + t.at.seen,
            count_at: self.counts_at + cage,
        }
    }

    pub fn new_level(&mut self) {
        self.words.new_level();
    }

    pub fn backtrack(&mut self, level: usize) {
        self.words.backtrack(level);
    }
}

/// One table's live tuples in the trailed words: a sparse set of its live
/// words, and its cells' domains when it last ran.
pub(super) struct Sparse<'a> {
    words: &'a mut TrailedWords,
    /// The table's word indices, the `count` live ones first.
    index: &'a mut [u32],
    live_at: usize,
    seen_at: usize,
    count_at: usize,
}

impl Sparse<'_> {
    /// The domain of the cage's position `pos` when the table last ran.
    #[inline]
    pub fn seen(&self, pos: usize) -> u64 {
        self.words.get(self.seen_at + pos)
    }

    #[inline]
    pub fn set_seen(&mut self, pos: usize, d: u64) {
        self.words.set(self.seen_at + pos, d);
    }

    /// Kills the live tuples whose value at a position is one of `values`
    /// (or, with `keep`, is none of them), `support(bit)` being the tuples
    /// that give it value `bit + 1`; a word left empty leaves the live set.
    #[inline]
    pub fn kill<'t>(&mut self, values: u64, keep: bool, support: impl Fn(u32) -> &'t [u64]) {
        let mut count = self.words.get(self.count_at) as usize;
        let mut i = 0;
        while i < count {
            let w = self.index[i] as usize;
            let m = bits(values).fold(0, |m, bit| m | support(bit)[w]);
            let old = self.words.get(self.live_at + w);
            let new = if keep { old & m } else { old & !m };
            self.words.set(self.live_at + w, new);
            if new == 0 {
                count -= 1;
                self.index.swap(i, count);
            } else {
                i += 1;
            }
        }
        self.words.set(self.count_at, count as u64);
    }

    /// Whether no tuple is left.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words.get(self.count_at) == 0
    }

    /// The table's live-tuple words, all of them.
    #[inline]
    pub fn words(&self) -> &[u64] {
        self.words.slice(self.live_at, self.index.len())
    }

    /// A live word that holds one of the tuples of `support`.
    #[inline]
    pub fn find(&self, support: &[u64]) -> Option<usize> {
        let count = self.words.get(self.count_at) as usize;
        let live = self.words();
        self.index[..count]
            .iter()
            .map(|&w| w as usize)
            .find(|&w| live[w] & support[w] != 0)
    }
}
