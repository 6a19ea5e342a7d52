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
use crate::native::table::{LiveTuples, Table, Tables};

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

    pub fn new_level(&mut self) {
        self.words.new_level();
    }

    pub fn backtrack(&mut self, level: usize) {
        self.words.backtrack(level);
    }
}

impl Tables for SparseTables {
    type Live<'a> = Sparse<'a>;

    #[inline]
    fn live(&mut self, cage: usize, t: &Table) -> Sparse<'_> {
        Sparse {
            words: &mut self.words,
            index: &mut self.live_index[t.at.live..t.at.live + t.words],
            live_at: t.at.live,
            seen_at: self.seen_at + t.at.seen,
            count_at: self.counts_at + cage,
        }
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

impl LiveTuples for Sparse<'_> {
    #[inline]
    fn seen(&self, pos: usize) -> u64 {
        self.words.get(self.seen_at + pos)
    }

    #[inline]
    fn set_seen(&mut self, pos: usize, d: u64) {
        self.words.set(self.seen_at + pos, d);
    }

    /// A word left empty leaves the live set.
    #[inline]
    fn kill<'t>(&mut self, values: u64, keep: bool, support: impl Fn(u32) -> &'t [u64]) {
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

    #[inline]
    fn is_empty(&self) -> bool {
        self.words.get(self.count_at) == 0
    }

    #[inline]
    fn words(&self) -> &[u64] {
        self.words.slice(self.live_at, self.index.len())
    }

    /// Only the live words are searched.
    #[inline]
    fn find(&self, support: &[u64]) -> Option<usize> {
        let count = self.words.get(self.count_at) as usize;
        let live = self.words();
        self.index[..count]
            .iter()
            .map(|&w| w as usize)
            .find(|&w| live[w] & support[w] != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Options, Rng, puzzle};
    use crate::native::bits;
    use crate::native::domains::Plain;
    use crate::native::hints::Hints;
    use crate::native::undo::{DenseTables, Undo};
    use crate::puzzle::ir::Op;
    use crate::puzzle::tuples;

    /// The one compact-table filter, on the depth-first search's dense words
    /// (undone by `Undo`) and on these sparse sets (undone by the trailed
    /// words), through random narrowings and backtracks: the same domains
    /// and the same failures at every step.
    #[test]
    fn dense_and_sparse_live_tuples_filter_alike() {
        let mut rng = Rng::new(42);
        let (mut runs, mut narrowed, mut failed) = (0, 0, 0);
        for seed in 0..30 {
            let (puzzle, _) = puzzle(&Options {
                size: 5 + seed as usize % 4,
                seed,
                max_cage: 3 + seed as usize % 3,
                ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
                ..Default::default()
            });
            let p = Problem::new(&puzzle, tuples::DEFAULT_LIMIT);
            let root = State::unpropagated(&p);
            let (mut dense, mut undo) = (root.clone(), Undo::new(p.cages.len()));
            let mut sparse = SparseTables::new(&p, &root);
            let mut sparse_dom = root.dom.clone();
            let mut saved: Vec<Vec<u64>> = Vec::new();
            let (mut hints_a, mut hints_b) = (Hints::new(&p), Hints::new(&p));
            let (mut scratch, mut changed) = (Vec::new(), Vec::new());
            for _ in 0..200 {
                let mut fails = false;
                undo.mark(&dense.dom);
                saved.push(sparse_dom.clone());
                sparse.new_level();
                let cell = rng.below(p.n * p.n);
                let d = dense.dom[cell];
                if d.count_ones() > 1 {
                    let pick = rng.below(d.count_ones() as usize);
                    let bit = bits(d).nth(pick).expect("a value");
                    dense.dom[cell] &= !(1 << bit);
                    sparse_dom[cell] &= !(1 << bit);
                }
                for (k, cage) in p.cages.iter().enumerate() {
                    let CageKind::Table(t) = &cage.kind else {
                        continue;
                    };
                    let mut tables = DenseTables {
                        live: &mut dense.live,
                        seen: &mut dense.seen,
                        undo: &mut undo,
                        scratch: &mut scratch,
                    };
                    let mut plain = Plain {
                        dom: &mut dense.dom,
                        changed: &mut changed,
                    };
                    let a = t.filter(
                        k,
                        &cage.cells,
                        &mut plain,
                        &mut tables.live(k, t),
                        hints_a.table(t),
                    );
                    let mut plain = Plain {
                        dom: &mut sparse_dom,
                        changed: &mut changed,
                    };
                    let b = t.filter(
                        k,
                        &cage.cells,
                        &mut plain,
                        &mut sparse.live(k, t),
                        hints_b.table(t),
                    );
                    runs += 1;
                    assert_eq!(a.is_ok(), b.is_ok(), "seed {seed}, cage {k}");
                    assert_eq!(dense.dom, sparse_dom, "seed {seed}, cage {k}");
                    if a.is_err() {
                        failed += 1;
                        fails = true;
                        break;
                    }
                }
                narrowed += changed.len();
                changed.clear();
                // Back a level after a failure, as a search does, and now
                // and then a few levels more.
                let levels = usize::from(fails)
                    + if rng.below(10) == 0 {
                        1 + rng.below(3)
                    } else {
                        0
                    };
                for _ in 0..levels {
                    let Some(dom) = saved.pop() else { break };
                    undo.undo(&p, &mut dense.dom, &mut dense.live, &mut dense.seen);
                    sparse_dom = dom;
                    sparse.backtrack(saved.len());
                }
            }
        }
        // The walks did narrow and fail, so there was something to agree on.
        assert!(
            runs > 30_000 && narrowed > 10_000 && failed > 500,
            "{runs} {narrowed} {failed}"
        );
    }
}
