//! Cage tuples: every assignment of values to a cage's cells that meets its
//! clue and keeps values distinct among cells sharing a row or column — the
//! J-wiki essay's "initial possibilities". They drive validation (no tuple ⇒
//! unsatisfiable cage), presolve, the tuple formulation and the native solver.
//!
//! Enumeration is a depth-first search over the cells in row-major order with
//! pruning per operation (sum bounds, divisibility), writing into one flat
//! buffer: no allocation per tuple.

use crate::puzzle::ir::{Cage, Cell, Op, Puzzle, Rules};

/// The tuples of one cage: `count()` rows of `width` values, row-major,
/// over `cells` (the cage's cells in row-major order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tuples {
    pub cells: Vec<Cell>,
    values: Vec<u8>,
}

impl Tuples {
    /// Tuples over `cells` from their values, row-major (a subset of an
    /// enumeration, such as the tuples presolve keeps).
    pub fn from_values(cells: Vec<Cell>, values: Vec<u8>) -> Tuples {
        debug_assert_eq!(values.len() % cells.len().max(1), 0);
        Tuples { cells, values }
    }

    pub fn width(&self) -> usize {
        self.cells.len()
    }

    pub fn count(&self) -> usize {
        self.values.len() / self.cells.len().max(1)
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Tuple `t`: the values of `cells`, in order.
    pub fn get(&self, t: usize) -> &[u8] {
        let w = self.width();
        &self.values[t * w..(t + 1) * w]
    }

    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        self.values.chunks_exact(self.width().max(1))
    }
}

/// The cage has more tuples than the limit allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("more than {limit} tuples")]
pub struct TooMany {
    pub limit: usize,
}

/// Default limit: big enough for every cage of a printed puzzle, small enough
/// that a 30-cell sum cage falls back quickly.
pub const DEFAULT_LIMIT: usize = 200_000;

/// Every tuple of `cage` in an `n`×`n` grid (n ≤ 255), at most `limit` of
/// them; values repeat only between cells that share no row or column.
pub fn enumerate(cage: &Cage, n: usize, limit: usize) -> Result<Tuples, TooMany> {
    enumerate_under(Rules::KenKen, cage, n, limit)
}

/// As [`enumerate`], under `rules`: in Killer Sudoku a cage's values are all
/// distinct, and cells in one box are distinct too.
pub fn enumerate_under(
    rules: Rules,
    cage: &Cage,
    n: usize,
    limit: usize,
) -> Result<Tuples, TooMany> {
    let (search, ok) = run(rules, cage, n, limit, NODE_BUDGET);
    if !ok {
        return Err(TooMany { limit });
    }
    Ok(Tuples {
        cells: cage.sorted_cells(),
        values: search.out,
    })
}

/// The tuples of a puzzle's cages, each enumerated the first time it is
/// asked for. Column `z_C_T` of a model names tuple T of cage C in this
/// enumeration: the limit a formulation met never changes the order.
pub struct Tables<'p> {
    puzzle: &'p Puzzle,
    tables: Vec<Option<Tuples>>,
}

impl<'p> Tables<'p> {
    pub fn new(puzzle: &'p Puzzle) -> Tables<'p> {
        Tables {
            puzzle,
            tables: vec![None; puzzle.cages.len()],
        }
    }

    /// Cage `c`'s tuples (None for a cage the puzzle lacks, or one too
    /// large to list).
    pub fn get(&mut self, c: usize) -> Option<&Tuples> {
        let cage = self.puzzle.cages.get(c)?;
        let slot = &mut self.tables[c];
        if slot.is_none() {
            let p = self.puzzle;
            *slot = Some(enumerate_under(p.rules, cage, p.size, usize::MAX).ok()?);
        }
        slot.as_ref()
    }
}

/// Whether the cage has at least one tuple: `Some(false)` when provably
/// none, `None` when the search gave up after `budget` nodes.
pub fn exists(rules: Rules, cage: &Cage, n: usize, budget: u64) -> Option<bool> {
    let (search, ok) = run(rules, cage, n, 0, budget);
    match (ok, search.gave_up) {
        (true, _) => Some(!search.out.is_empty()),
        (false, true) => None,
        // Stopped at the first tuple: the limit of 0 was passed.
        (false, false) => Some(true),
    }
}

/// The search behind [`enumerate_under`] and [`exists`]; false when it
/// stopped early (limit passed or budget spent).
fn run(rules: Rules, cage: &Cage, n: usize, limit: usize, budget: u64) -> (Search, bool) {
    let cells = cage.sorted_cells();
    let w = cells.len();
    let must_differ = |a: Cell, b: Cell| match rules {
        Rules::KenKen => a.row == b.row || a.col == b.col,
        Rules::Killer { .. } => true,
    };
    // conflicts[i]: earlier cells whose value cell i must not repeat.
    let conflicts: Vec<Vec<usize>> = (0..w)
        .map(|i| {
            (0..i)
                .filter(|&j| must_differ(cells[j], cells[i]))
                .collect()
        })
        .collect();
    let mut search = Search {
        n: n.min(255) as u64,
        target: cage.target,
        conflicts,
        current: vec![0; w],
        out: Vec::new(),
        limit: limit.saturating_mul(w.max(1)),
        budget,
        gave_up: false,
    };
    let ok = match cage.op {
        Op::Given => {
            if (1..=search.n).contains(&cage.target) && w == 1 {
                search.out.push(cage.target as u8);
            }
            true
        }
        Op::Add => search.sum(0, cage.target),
        Op::Mul => search.product(0, cage.target),
        Op::Sub if w == 2 => search.pairs(|lo, hi, t| hi - lo == t),
        Op::Div if w == 2 => search.pairs(|lo, hi, t| hi == lo * t),
        // Long differences and ratios, and hidden operations: every filling,
        // checked by the verifier's own rule at the leaf.
        Op::Sub | Op::Div | Op::Hidden => search.any(0, cage),
    };
    (search, ok)
}

/// Nodes an enumeration may visit before it gives up (reported as too many).
const NODE_BUDGET: u64 = 20_000_000;

struct Search {
    n: u64,
    target: u64,
    conflicts: Vec<Vec<usize>>,
    current: Vec<u8>,
    out: Vec<u8>,
    limit: usize,
    /// Nodes left to visit; at 0 the search gives up.
    budget: u64,
    gave_up: bool,
}

impl Search {
    /// Counts a node; false (and `gave_up`) once the budget is spent.
    fn visit(&mut self) -> bool {
        if self.budget == 0 {
            self.gave_up = true;
            return false;
        }
        self.budget -= 1;
        true
    }

    fn allowed(&self, i: usize, v: u64) -> bool {
        self.conflicts[i]
            .iter()
            .all(|&j| self.current[j] as u64 != v)
    }

    /// Records the current tuple; false once the limit is passed.
    fn emit(&mut self) -> bool {
        self.out.extend_from_slice(&self.current);
        self.out.len() <= self.limit
    }

    /// Cells `i..` must add up to `rest`.
    fn sum(&mut self, i: usize, rest: u64) -> bool {
        if !self.visit() {
            return false;
        }
        let left = (self.current.len() - i) as u64;
        if left == 0 {
            return rest != 0 || self.emit();
        }
        // Each remaining cell holds 1..=n: prune on the reachable range.
        let lo = rest.saturating_sub((left - 1) * self.n).max(1);
        let hi = rest.saturating_sub(left - 1).min(self.n);
        for v in lo..=hi {
            if self.allowed(i, v) {
                self.current[i] = v as u8;
                if !self.sum(i + 1, rest - v) {
                    return false;
                }
            }
        }
        true
    }

    /// Cells `i..` must multiply to `rest`.
    fn product(&mut self, i: usize, rest: u64) -> bool {
        if !self.visit() {
            return false;
        }
        if i == self.current.len() {
            return rest != 1 || self.emit();
        }
        let left = self.current.len() - i;
        if left == 1 {
            if rest > self.n || !self.allowed(i, rest) {
                return true;
            }
            self.current[i] = rest as u8;
            return self.emit();
        }
        // n^left bounds what `left` cells can multiply to: without this cut a
        // large target explores every small prefix (n^(left-1) nodes) in vain.
        if self
            .n
            .checked_pow(left as u32)
            .is_some_and(|most| rest > most)
        {
            return true;
        }
        for v in 1..=self.n.min(rest) {
            if !rest.is_multiple_of(v) || !self.allowed(i, v) {
                continue;
            }
            self.current[i] = v as u8;
            if !self.product(i + 1, rest / v) {
                return false;
            }
        }
        true
    }

    /// Every filling of cells `i..`, kept when the cage's clue holds.
    fn any(&mut self, i: usize, cage: &Cage) -> bool {
        if !self.visit() {
            return false;
        }
        if i == self.current.len() {
            let values: Vec<u32> = self.current.iter().map(|&v| v as u32).collect();
            return !crate::puzzle::verify::cage_holds(cage, &values) || self.emit();
        }
        for v in 1..=self.n {
            if self.allowed(i, v) {
                self.current[i] = v as u8;
                if !self.any(i + 1, cage) {
                    return false;
                }
            }
        }
        true
    }

    /// Two-cell difference and ratio cages, either order: `meets(lo, hi,
    /// target)` is the clue's rule on the smaller and the larger value.
    fn pairs(&mut self, meets: impl Fn(u64, u64, u64) -> bool) -> bool {
        if self.current.len() != 2 {
            return true;
        }
        for a in 1..=self.n {
            self.current[0] = a as u8;
            for b in 1..=self.n {
                let (lo, hi) = (a.min(b), a.max(b));
                if meets(lo, hi, self.target) && self.allowed(1, b) {
                    self.current[1] = b as u8;
                    if !self.emit() {
                        return false;
                    }
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::diag::Span;

    fn cage(target: u64, op: Op, cells: &[usize], n: usize) -> Cage {
        Cage {
            target,
            op,
            cells: cells.iter().map(|&c| Cell::from_index(c, n)).collect(),
            span: Span::default(),
        }
    }

    fn all(t: &Tuples) -> Vec<Vec<u8>> {
        t.iter().map(<[u8]>::to_vec).collect()
    }

    #[test]
    fn the_essays_initial_possibilities_for_kk0() {
        // Counts printed in the essay: 1 12 2 6 6 2 4.
        let n = 4;
        let cages = [
            cage(1, Op::Given, &[0], n),
            cage(11, Op::Add, &[1, 2, 5, 6], n),
            cage(4, Op::Add, &[3, 7], n),
            cage(8, Op::Mul, &[4, 8, 9], n),
            cage(1, Op::Sub, &[10, 11], n),
            cage(7, Op::Add, &[12, 13], n),
            cage(2, Op::Div, &[14, 15], n),
        ];
        let counts: Vec<usize> = cages
            .iter()
            .map(|c| enumerate(c, n, DEFAULT_LIMIT).unwrap().count())
            .collect();
        assert_eq!(counts, [1, 12, 2, 6, 6, 2, 4]);
        let div = enumerate(&cages[6], n, DEFAULT_LIMIT).unwrap();
        assert_eq!(all(&div), [vec![1, 2], vec![2, 1], vec![2, 4], vec![4, 2]]);
        // The essay lists the 11+ tuples in the same lexicographic order.
        let sum = enumerate(&cages[1], n, DEFAULT_LIMIT).unwrap();
        assert_eq!(sum.get(0), [1, 3, 3, 4]);
        assert_eq!(sum.get(11), [4, 3, 3, 1]);
    }

    #[test]
    fn empty_when_unsatisfiable_and_bounded_by_the_limit() {
        assert!(
            enumerate(&cage(7, Op::Mul, &[0, 1], 6), 6, 10)
                .unwrap()
                .is_empty()
        );
        assert!(
            enumerate(&cage(1, Op::Div, &[0, 1], 6), 6, 10)
                .unwrap()
                .is_empty()
        );
        assert!(
            enumerate(&cage(9, Op::Given, &[0], 6), 6, 10)
                .unwrap()
                .is_empty()
        );
        // 1 + 2 + 3 is the smallest sum of a straight 3-cell cage.
        assert!(
            enumerate(&cage(5, Op::Add, &[0, 1, 2], 6), 6, 10)
                .unwrap()
                .is_empty()
        );
        let big = cage(45, Op::Add, &(0..9).collect::<Vec<_>>(), 9);
        assert_eq!(enumerate(&big, 9, 1000), Err(TooMany { limit: 1000 }));
    }

    #[test]
    fn long_differences_ratios_and_hidden_operations() {
        // 1- over a row of three in a 4×4: largest minus the other two is 1.
        let t = enumerate(&cage(1, Op::Sub, &[0, 1, 2], 4), 4, 100).unwrap();
        assert!(t.iter().all(|v| {
            let max = *v.iter().max().unwrap() as i32;
            let rest: i32 = v.iter().map(|&x| x as i32).sum::<i32>() - max;
            max - rest == 1
        }));
        assert_eq!(t.count(), 6, "{{1,2,4}} in any order");
        // 6? on two cells of a row in a 6×6: 1+5, 2+4, 2·3, 1·6, 6−... and 6%? no (max 6).
        let h = enumerate(&cage(6, Op::Hidden, &[0, 1], 6), 6, 100).unwrap();
        let mut sets: Vec<Vec<u8>> = h
            .iter()
            .map(|v| {
                let mut s = v.to_vec();
                s.sort();
                s
            })
            .collect();
        sets.sort();
        sets.dedup();
        assert_eq!(sets, [vec![1, 5], vec![1, 6], vec![2, 3], vec![2, 4]]);
    }

    #[test]
    fn existence_stops_at_the_first_tuple_or_the_budget() {
        let k = Rules::KenKen;
        assert_eq!(
            exists(k, &cage(16, Op::Mul, &[0, 1], 4), 4, 1000),
            Some(false)
        );
        assert_eq!(
            exists(k, &cage(12, Op::Mul, &[0, 1], 4), 4, 1000),
            Some(true)
        );
        // Ten cells of a row summing to 10·32 in a 64×64: found fast.
        let big = cage(10 * 32, Op::Add, &(0..10).collect::<Vec<_>>(), 64);
        assert_eq!(exists(k, &big, 64, 100_000), Some(true));
        let hidden = cage(3, Op::Hidden, &(0..12).collect::<Vec<_>>(), 64);
        assert_eq!(exists(k, &hidden, 64, 1000), None, "gives up");
    }

    #[test]
    fn bent_cages_may_repeat_values() {
        // Like the paper's A4 example: in (1,1) (1,2) (2,1), the cells (1,2)
        // and (2,1) share no line, so 25 = 1·5·5 is possible, one way only.
        let t = enumerate(&cage(25, Op::Mul, &[0, 1, 9], 9), 9, 100).unwrap();
        assert_eq!(all(&t), [vec![1, 5, 5]]);
    }
}
