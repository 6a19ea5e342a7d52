//! A line (row, column or Killer box) holds every value exactly once:
//! all-different with as many values as cells, filtered by matching (Régin,
//! AAAI 1994). A value stays in a cell only if some perfect matching of the
//! line's cells to values uses it. That subsumes naked and hidden singles,
//! pairs, triples and every larger Hall set.
//!
//! With n ≤ 64 every set is one `u64`. A matching is found by augmenting
//! paths, starting from the line's previous matching (kept between calls as a
//! hint, checked before use). In the graph on values where mate(c) → v when
//! cell c can take v, a value v ≠ mate(c) is kept iff mate(c) and v lie in
//! the same strongly connected component, found with bitsets (a node's
//! edges are its cell's domain).

use super::domains::{Domains, Hall};
use super::{Fail, bits};

/// No value matched.
const NONE: u8 = u8::MAX;

/// Filters one line whose cells are `cells`; `mates[i]` is the value bit
/// matched to `cells[i]` last time (a hint, checked before use).
#[inline]
pub(super) fn filter<D: Domains>(cells: &[u16], d: &mut D, mates: &mut [u8]) -> Result<(), Fail> {
    let k = cells.len();
    let mut dom = [0u64; 64];
    for (i, &c) in cells.iter().enumerate() {
        dom[i] = d.get(c as usize);
    }
    let dom = &dom[..k];
    if d.plain().is_some() && dom.iter().all(|x| x.count_ones() == 1) {
        // All fixed: the line is right iff the values are distinct. (An
        // engine that explains needs the Hall set of a failure, and keeps
        // the matching as the next run's hint: it matches.)
        let union = dom.iter().fold(0, |a, x| a | x);
        return if union.count_ones() as usize == k {
            Ok(())
        } else {
            Err(Fail)
        };
    }
    let mut m = Matching {
        d: dom,
        cell_mate: mates,
        val_mate: [NONE; 64],
        matched: 0,
    };
    if let Err(hall) = m.complete() {
        return Err(d.line_fails(cells, hall));
    }
    let adj = mate_graph(dom, m.cell_mate);
    let component = component_sets(&adj, k);
    // The values reachable from each value: with the cells matched to them,
    // a Hall set. Computed when an explanation asks.
    let mut reach = [0u64; 64];
    for i in 0..k {
        let keep = dom[i] & component[m.cell_mate[i] as usize];
        if keep != dom[i] {
            d.line_keeps(cells, i, keep, |v| {
                hall_excluding(v as usize, &adj, &m.val_mate, &mut reach)
            })?;
        }
    }
    Ok(())
}

/// The Hall set that excludes value bit `v` from the cells whose mates do
/// not reach it: the values `v` reaches in the matching's graph, with the
/// cells matched to them. `reach` caches each value's.
fn hall_excluding(v: usize, adj: &[u64; 64], val_mate: &[u8; 64], reach: &mut [u64; 64]) -> Hall {
    if reach[v] == 0 {
        let (mut seen, mut frontier) = (1u64 << v, 1u64 << v);
        while frontier != 0 {
            let next = bits(frontier).fold(0, |a, x| a | adj[x as usize]);
            frontier = next & !seen;
            seen |= next;
        }
        reach[v] = seen;
    }
    let values = reach[v];
    let cells = bits(values).fold(0u64, |a, x| a | 1 << val_mate[x as usize]);
    Hall { cells, values }
}

struct Matching<'a> {
    d: &'a [u64],
    cell_mate: &'a mut [u8],
    val_mate: [u8; 64],
    matched: u64,
}

impl Matching<'_> {
    /// Keeps the hint's still-valid pairs, then augments to a perfect
    /// matching; on failure, a Hall violator: cells (bits of line
    /// positions) whose domains lie within fewer values.
    fn complete(&mut self) -> Result<(), Hall> {
        for i in 0..self.d.len() {
            let v = self.cell_mate[i];
            if v != NONE && self.d[i] >> v & 1 == 1 && self.matched >> v & 1 == 0 {
                self.val_mate[v as usize] = i as u8;
                self.matched |= 1 << v;
            } else {
                self.cell_mate[i] = NONE;
            }
        }
        for i in 0..self.d.len() {
            if self.cell_mate[i] == NONE {
                let mut visited = 0u64;
                if !self.augment(i, &mut visited) {
                    let cells =
                        bits(visited).fold(1u64 << i, |m, v| m | 1 << self.val_mate[v as usize]);
                    return Err(Hall {
                        cells,
                        values: visited,
                    });
                }
            }
        }
        Ok(())
    }

    /// An augmenting path from cell `i` (Kuhn's algorithm on bitsets).
    fn augment(&mut self, i: usize, visited: &mut u64) -> bool {
        let open = self.d[i] & !*visited;
        let free = open & !self.matched;
        if free != 0 {
            let v = free.trailing_zeros() as u8;
            self.matched |= 1 << v;
            self.take(i, v);
            return true;
        }
        *visited |= open;
        for v in bits(open) {
            let j = self.val_mate[v as usize] as usize;
            if self.augment(j, visited) {
                self.take(i, v as u8);
                return true;
            }
        }
        false
    }

    fn take(&mut self, i: usize, v: u8) {
        self.cell_mate[i] = v;
        self.val_mate[v as usize] = i as u8;
    }
}

/// The matching's graph with each cell named by its mate: with as many
/// values as cells the mates are the values `0..k`, and the node of value u
/// leads to every other value its cell may take. (A value v ≠ mate(c) may
/// stay in cell c iff the nodes of mate(c) and v share a component.)
fn mate_graph(d: &[u64], cell_mate: &[u8]) -> [u64; 64] {
    debug_assert!(cell_mate.iter().all(|&u| (u as usize) < d.len()));
    let mut adj = [0u64; 64];
    for (&di, &u) in d.iter().zip(cell_mate) {
        adj[u as usize] = di & !(1 << u);
    }
    adj
}

/// The strongly connected components of the graph on nodes `0..k`, as each
/// node's component (a set of nodes). Sinks are peeled off first (a fixed
/// cell has no edge out); then each component is what a pivot reaches both
/// ways, found breadth-first a set of nodes at a time.
fn component_sets(adj: &[u64; 64], k: usize) -> [u64; 64] {
    let mut component = [0u64; 64];
    let mut left = u64::MAX >> (64 - k);
    loop {
        let mut sinks = 0;
        for u in bits(left) {
            if adj[u as usize] & left == 0 {
                sinks |= 1 << u;
            }
        }
        if sinks == 0 {
            break;
        }
        for u in bits(sinks) {
            component[u as usize] = 1 << u;
        }
        left &= !sinks;
    }
    while left != 0 {
        let pivot = left.trailing_zeros();
        let mut reach = 1u64 << pivot;
        let mut frontier = reach;
        while frontier != 0 {
            let next = bits(frontier).fold(0, |a, u| a | adj[u as usize]) & left & !reach;
            reach |= next;
            frontier = next;
        }
        // The nodes of `reach` that lead back to the pivot.
        let mut back = 1u64 << pivot;
        loop {
            let next = bits(reach & !back)
                .fold(0u64, |a, u| a | u64::from(adj[u as usize] & back != 0) << u);
            if next == 0 {
                break;
            }
            back |= next;
        }
        for u in bits(back) {
            component[u as usize] = back;
        }
        left &= !back;
    }
    component
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::domains::Plain;

    fn run(doms: &[u64]) -> Result<Vec<u64>, Fail> {
        let cells: Vec<u16> = (0..doms.len() as u16).collect();
        let mut dom = doms.to_vec();
        let mut mates = vec![NONE; doms.len()];
        let mut changed = Vec::new();
        let mut plain = Plain {
            dom: &mut dom,
            changed: &mut changed,
        };
        filter(&cells, &mut plain, &mut mates)?;
        Ok(dom)
    }

    /// Domains that explain, as lazy clause generation's do: each removal
    /// is recorded with the Hall set the line gives for it (and the domains
    /// left as they were), and so is the Hall set of a failure.
    #[derive(Default)]
    struct Recorder {
        dom: Vec<u64>,
        /// (line position, value bit, Hall set)
        removed: Vec<(usize, u32, Hall)>,
        failed: Option<Hall>,
    }

    impl Domains for Recorder {
        fn get(&self, cell: usize) -> u64 {
            self.dom[cell]
        }
        fn plain(&mut self) -> Option<Plain<'_>> {
            None
        }
        fn table_keeps(&mut self, _: usize, _: usize, _: u64) -> Result<(), Fail> {
            unreachable!("no table on a line")
        }
        fn table_fails(&mut self, _: usize) -> Fail {
            unreachable!("no table on a line")
        }
        fn line_keeps(
            &mut self,
            cells: &[u16],
            i: usize,
            keep: u64,
            mut hall: impl FnMut(u32) -> Hall,
        ) -> Result<(), Fail> {
            for bit in bits(self.dom[cells[i] as usize] & !keep) {
                self.removed.push((i, bit, hall(bit)));
            }
            Ok(())
        }
        fn line_fails(&mut self, _: &[u16], hall: Hall) -> Fail {
            self.failed = Some(hall);
            Fail
        }
        fn unexplained(
            &mut self,
            _: &[u16],
            _: impl FnOnce(&mut Plain<'_>) -> Result<(), Fail>,
        ) -> Result<(), Fail> {
            unreachable!("no arithmetic on a line")
        }
    }

    #[test]
    fn hall_pairs_and_hidden_singles() {
        // Cells 0 and 1 hold {1,2} between them: 1 and 2 leave cells 2 and 3,
        // so cell 3 ({2,4}) is left with 4 and cell 2 with 3.
        assert_eq!(
            run(&[0b0011, 0b0011, 0b1111, 0b1010]),
            Ok(vec![0b0011, 0b0011, 0b0100, 0b1000])
        );
        assert_eq!(
            run(&[0b0011, 0b0011, 0b1111, 0b1110]),
            Ok(vec![0b0011, 0b0011, 0b1100, 0b1100])
        );
        // Value 4 fits only cell 0 (a hidden single).
        assert_eq!(
            run(&[0b1111, 0b0111, 0b0111, 0b0111]),
            Ok(vec![0b1000, 0b0111, 0b0111, 0b0111])
        );
    }

    #[test]
    fn no_perfect_matching_fails() {
        // Three cells share two values.
        assert_eq!(run(&[0b0011, 0b0011, 0b0011, 0b1111]), Err(Fail));
        assert_eq!(run(&[0b01, 0b01]), Err(Fail));
    }

    #[test]
    fn agrees_with_brute_force_on_random_lines() {
        let mut rng = crate::generate::Rng::new(7);
        for _ in 0..2000 {
            let k = 2 + rng.below(6);
            let full = (1u64 << k) - 1;
            let doms: Vec<u64> = (0..k).map(|_| (rng.next_u64() & full).max(1)).collect();
            // Brute force: the values each cell takes over all permutations.
            let mut support = vec![0u64; k];
            let mut perm: Vec<usize> = (0..k).collect();
            let mut any = false;
            permutations(&mut perm, 0, &mut |p| {
                if p.iter().enumerate().all(|(i, &v)| doms[i] >> v & 1 == 1) {
                    any = true;
                    for (i, &v) in p.iter().enumerate() {
                        support[i] |= 1 << v;
                    }
                }
            });
            let expected = if any { Ok(support) } else { Err(Fail) };
            assert_eq!(run(&doms), expected, "{doms:?}");
        }
    }

    #[test]
    fn components_agree_with_mutual_reachability() {
        let mut rng = crate::generate::Rng::new(11);
        for round in 0..3000 {
            let k = 1 + rng.below(64);
            let full = u64::MAX >> (64 - k);
            // Sparse to dense graphs, self-loops and all.
            let density = 1 + rng.below(4);
            let mut adj = [0u64; 64];
            for a in adj.iter_mut().take(k) {
                *a = (0..density).fold(full, |m, _| m & rng.next_u64());
            }
            let mut reach = [0u64; 64];
            for (v, r) in reach.iter_mut().enumerate().take(k) {
                *r = 1 << v;
                loop {
                    let next = bits(*r).fold(*r, |m, u| m | adj[u as usize]);
                    if next == *r {
                        break;
                    }
                    *r = next;
                }
            }
            let component = component_sets(&adj, k);
            for v in 0..k {
                let both = bits(reach[v])
                    .filter(|&u| reach[u as usize] >> v & 1 == 1)
                    .fold(0u64, |m, u| m | 1 << u);
                assert_eq!(component[v], both, "round {round}, node {v}: {adj:?}");
            }
        }
    }

    #[test]
    fn every_removal_comes_with_a_hall_set_that_excludes_it() {
        let mut rng = crate::generate::Rng::new(5);
        let mut removed = 0;
        for _ in 0..3000 {
            let k = 2 + rng.below(9);
            let full = (1u64 << k) - 1;
            let doms: Vec<u64> = (0..k)
                .map(|_| (rng.next_u64() & rng.next_u64() & full).max(1 << rng.below(k)))
                .collect();
            let cells: Vec<u16> = (0..k as u16).collect();
            let expected = run(&doms);
            let mut recorder = Recorder {
                dom: doms.clone(),
                ..Recorder::default()
            };
            match filter(&cells, &mut recorder, &mut vec![NONE; k]) {
                Err(Fail) => {
                    assert!(expected.is_err(), "{doms:?}");
                    let hall = recorder.failed.expect("a failure's Hall set");
                    // Cells whose domains lie within fewer values.
                    assert!(
                        hall.cells.count_ones() > hall.values.count_ones(),
                        "{doms:?}"
                    );
                    for c in bits(hall.cells) {
                        assert_eq!(doms[c as usize] & !hall.values, 0, "{doms:?}");
                    }
                }
                Ok(()) => {
                    let filtered = expected.expect("plain domains agree");
                    let mut after = doms.clone();
                    for &(cell, bit, h) in &recorder.removed {
                        assert_eq!(h.cells.count_ones(), h.values.count_ones(), "{doms:?}");
                        assert_eq!(h.cells >> cell & 1, 0, "{doms:?}");
                        assert_eq!(h.values >> bit & 1, 1, "{doms:?}");
                        for c in bits(h.cells) {
                            assert_eq!(doms[c as usize] & !h.values, 0, "{doms:?}");
                        }
                        after[cell] &= !(1 << bit);
                    }
                    assert_eq!(
                        after, filtered,
                        "the removals explained are what plain domains lose: {doms:?}"
                    );
                    removed += recorder.removed.len();
                }
            }
        }
        assert!(removed > 1000, "{removed}");
    }

    fn permutations(p: &mut Vec<usize>, i: usize, f: &mut impl FnMut(&[usize])) {
        if i == p.len() {
            f(p);
            return;
        }
        for j in i..p.len() {
            p.swap(i, j);
            permutations(p, i + 1, f);
            p.swap(i, j);
        }
    }
}
