//! A line (row, column or Killer box) holds every value exactly once:
//! all-different with as many values as cells, filtered by matching (Régin,
//! AAAI 1994). A value stays in a cell only if some perfect matching of the
//! line's cells to values uses it. That subsumes naked and hidden singles,
//! pairs, triples and every larger Hall set.
//!
//! With n ≤ 64 every set is one `u64`. A matching is found by augmenting
//! paths, starting from the line's previous matching (kept between calls as a
//! hint, checked before use). In the graph on cells where c → c' when c can
//! take the value matched to c', a value v ≠ mate(c) is kept iff c and the
//! cell matched to v lie in the same strongly connected component.

use super::{Fail, bits};

/// No value matched.
const NONE: u8 = u8::MAX;

/// Filters one line whose cells are `cells`; `mates[i]` is the value bit
/// matched to `cells[i]` last time (a hint). Narrowed cells go on `changed`.
pub(super) fn filter(
    cells: &[u16],
    dom: &mut [u64],
    mates: &mut [u8],
    changed: &mut Vec<u16>,
) -> Result<(), Fail> {
    let k = cells.len();
    let mut d = [0u64; 64];
    for (i, &c) in cells.iter().enumerate() {
        d[i] = dom[c as usize];
    }
    let d = &d[..k];
    if d.iter().all(|x| x.count_ones() == 1) {
        // All fixed: the line is right iff the values are distinct.
        let union = d.iter().fold(0, |a, x| a | x);
        return if union.count_ones() as usize == k {
            Ok(())
        } else {
            Err(Fail)
        };
    }
    let mut m = Matching {
        d,
        cell_mate: mates,
        val_mate: [NONE; 64],
        matched: 0,
    };
    m.complete().map_err(|_| Fail)?;
    let comp = components(&adjacency(d, m.cell_mate, &m.val_mate));
    let mut comp_values = [0u64; 64];
    for i in 0..k {
        comp_values[comp[i] as usize] |= 1 << m.cell_mate[i];
    }
    for (i, &c) in cells.iter().enumerate() {
        let keep = d[i] & comp_values[comp[i] as usize];
        if keep != d[i] {
            dom[c as usize] = keep;
            changed.push(c);
        }
    }
    Ok(())
}

/// A Hall set: `cells` (bits of line positions) whose domains lie within
/// `values`. With as many values as cells, no other cell of the line can
/// take those values; with fewer, the line fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Hall {
    pub cells: u64,
    pub values: u64,
}

/// A value the matching removes from a cell (`cell` a line position, `bit`
/// the value's bit), and the Hall set that excludes it there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Removal {
    pub cell: u8,
    pub bit: u8,
    pub hall: Hall,
}

/// [`filter`] for conflict-driven search: reads the domains, and lists what
/// it removes with a reason each, or returns the Hall set that fails.
pub(super) fn removals(
    cells: &[u16],
    dom: &[u64],
    mates: &mut [u8],
    out: &mut Vec<Removal>,
) -> Result<(), Hall> {
    out.clear();
    let k = cells.len();
    let mut d = [0u64; 64];
    for (i, &c) in cells.iter().enumerate() {
        d[i] = dom[c as usize];
    }
    let d = &d[..k];
    let mut m = Matching {
        d,
        cell_mate: mates,
        val_mate: [NONE; 64],
        matched: 0,
    };
    m.complete()?;
    let adj = adjacency(d, m.cell_mate, &m.val_mate);
    let comp = components(&adj);
    let mut comp_values = [0u64; 64];
    for i in 0..k {
        comp_values[comp[i] as usize] |= 1 << m.cell_mate[i];
    }
    // The cells reachable from each cell: a Hall set with their mates.
    let mut reach = [0u64; 64];
    for i in 0..k {
        for v in bits(d[i] & !comp_values[comp[i] as usize]) {
            let j = m.val_mate[v as usize] as usize;
            if reach[j] == 0 {
                let (mut seen, mut frontier) = (1u64 << j, 1u64 << j);
                while frontier != 0 {
                    let next = bits(frontier).fold(0, |a, x| a | adj[x as usize]);
                    frontier = next & !seen;
                    seen |= next;
                }
                reach[j] = seen;
            }
            let values = bits(reach[j]).fold(0u64, |a, x| a | 1 << m.cell_mate[x as usize]);
            out.push(Removal {
                cell: i as u8,
                bit: v as u8,
                hall: Hall {
                    cells: reach[j],
                    values,
                },
            });
        }
    }
    Ok(())
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

/// The graph on cells where i → val_mate[v] for each v in d[i] other than
/// i's own match.
fn adjacency(d: &[u64], cell_mate: &[u8], val_mate: &[u8; 64]) -> Vec<u64> {
    (0..d.len())
        .map(|i| bits(d[i] & !(1 << cell_mate[i])).fold(0u64, |a, v| a | 1 << val_mate[v as usize]))
        .collect()
}

/// Strongly connected components (Tarjan) of the graph `adj`.
fn components(adj: &[u64]) -> [u8; 64] {
    let k = adj.len();
    let mut t = Tarjan {
        adj,
        index: [u8::MAX; 64],
        low: [0; 64],
        comp: [u8::MAX; 64],
        stack: Vec::with_capacity(k),
        on_stack: 0,
        next: 0,
        comps: 0,
    };
    for i in 0..k {
        if t.index[i] == u8::MAX {
            t.visit(i);
        }
    }
    t.comp
}

struct Tarjan<'a> {
    adj: &'a [u64],
    index: [u8; 64],
    low: [u8; 64],
    comp: [u8; 64],
    stack: Vec<u8>,
    on_stack: u64,
    next: u8,
    comps: u8,
}

impl Tarjan<'_> {
    fn visit(&mut self, v: usize) {
        self.index[v] = self.next;
        self.low[v] = self.next;
        self.next += 1;
        self.stack.push(v as u8);
        self.on_stack |= 1 << v;
        for w in bits(self.adj[v]) {
            let w = w as usize;
            if self.index[w] == u8::MAX {
                self.visit(w);
                self.low[v] = self.low[v].min(self.low[w]);
            } else if self.on_stack >> w & 1 == 1 {
                self.low[v] = self.low[v].min(self.index[w]);
            }
        }
        if self.low[v] == self.index[v] {
            loop {
                let w = self.stack.pop().expect("v is on the stack") as usize;
                self.on_stack &= !(1 << w);
                self.comp[w] = self.comps;
                if w == v {
                    break;
                }
            }
            self.comps += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(doms: &[u64]) -> Result<Vec<u64>, Fail> {
        let cells: Vec<u16> = (0..doms.len() as u16).collect();
        let mut dom = doms.to_vec();
        let mut mates = vec![NONE; doms.len()];
        let mut changed = Vec::new();
        filter(&cells, &mut dom, &mut mates, &mut changed)?;
        Ok(dom)
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
            let k = 2 + rng.below(5);
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
