//! Cages with too many tuples to list (long sums and products, huge hidden
//! cages). Sums and products keep generalised arc consistency on the
//! arithmetic alone, by dynamic programming over reachable partial sums or
//! divisors of the target, while that stays small; past that, bounds and
//! divisibility. Every such cage is checked exactly once its cells are fixed.

use super::domains::Plain;
use super::{Fail, bits};
use crate::puzzle::ir::{Cage, Op};

pub(super) struct Fallback {
    op: Op,
    target: u64,
    /// Killer Sudoku: the cage's values must all differ.
    distinct: bool,
    /// Divisors of a product's target, ascending (empty for other ops).
    divisors: Vec<u64>,
}

/// Work allowed per run of the dynamic programme (cells × values × states).
const DP_BUDGET: usize = 1 << 20;

impl Fallback {
    pub fn new(cage: &Cage, distinct: bool) -> Fallback {
        let divisors = if cage.op == Op::Mul && cage.target <= 1 << 40 {
            let t = cage.target;
            let mut small: Vec<u64> = (1..)
                .take_while(|d| d * d <= t)
                .filter(|d| t.is_multiple_of(*d))
                .collect();
            let large: Vec<u64> = small
                .iter()
                .rev()
                .map(|d| t / d)
                .filter(|&q| q * q != t)
                .collect();
            small.extend(large);
            small
        } else {
            Vec::new()
        };
        Fallback {
            op: cage.op,
            target: cage.target,
            distinct,
            divisors,
        }
    }

    // Read by the CDCL encoding alone.
    #[cfg_attr(not(feature = "cdcl"), allow(dead_code))]
    pub fn op(&self) -> Op {
        self.op
    }

    #[cfg_attr(not(feature = "cdcl"), allow(dead_code))]
    pub fn target(&self) -> u64 {
        self.target
    }

    /// Killer Sudoku: the cage's values must all differ.
    #[cfg_attr(not(feature = "cdcl"), allow(dead_code))]
    pub fn distinct(&self) -> bool {
        self.distinct
    }

    /// Narrows the cage's cells (on plain domains: it has no explanations;
    /// lazy clause generation explains its removals for it).
    pub fn filter(&self, cells: &[u16], d: &mut Plain<'_>) -> Result<(), Fail> {
        if self.distinct {
            for &c in cells {
                let fixed = d.dom[c as usize];
                if fixed.count_ones() == 1 {
                    for &o in cells.iter().filter(|&&o| o != c) {
                        d.narrow(o as usize, !fixed)?;
                    }
                }
            }
        }
        let n = 64
            - cells
                .iter()
                .fold(0u64, |a, &c| a | d.dom[c as usize])
                .leading_zeros() as usize;
        match self.op {
            Op::Add if cells.len() * n * (self.target as usize / 64 + 1) <= DP_BUDGET => {
                self.sum_dp(cells, d)
            }
            Op::Add => self.sum_bounds(cells, d),
            Op::Mul
                if !self.divisors.is_empty()
                    && cells.len() * n * self.divisors.len() <= DP_BUDGET =>
            {
                self.product_dp(cells, d)
            }
            Op::Mul => {
                let t = self.target;
                let mask = (1..=64u64)
                    .filter(|v| t.is_multiple_of(*v))
                    .fold(0u64, |m, v| m | 1 << (v - 1));
                for &c in cells {
                    d.narrow(c as usize, mask)?;
                }
                Ok(())
            }
            Op::Sub | Op::Div | Op::Hidden | Op::Given => Ok(()),
        }
    }

    /// Whether the fixed cells meet the cage.
    pub fn holds(&self, cells: &[u16], dom: &[u64]) -> bool {
        let seen = cells.iter().fold(0u64, |a, &c| a | dom[c as usize]);
        if self.distinct && seen.count_ones() as usize != cells.len() {
            return false;
        }
        let values: Vec<u32> = cells
            .iter()
            .map(|&c| dom[c as usize].trailing_zeros() + 1)
            .collect();
        crate::puzzle::verify::op_holds(self.op, self.target as u128, &values)
    }

    /// Generalised arc consistency on Σ cells = target, by reachable sums.
    fn sum_dp(&self, cells: &[u16], d: &mut Plain<'_>) -> Result<(), Fail> {
        let t = self.target as usize;
        let words = t / 64 + 1;
        let w = cells.len();
        // fwd[i]: sums reachable by cells[..i]; bwd[i]: sums s such that
        // cells[i..] can add t − s.
        let mut fwd = vec![0u64; (w + 1) * words];
        let mut bwd = vec![0u64; (w + 1) * words];
        fwd[0] = 1;
        set(&mut bwd[w * words..], t);
        for i in 0..w {
            let (a, b) = fwd.split_at_mut((i + 1) * words);
            for v in bits(d.dom[cells[i] as usize]) {
                shift_or(&a[i * words..], &mut b[..words], v as usize + 1, true);
            }
        }
        for i in (0..w).rev() {
            let (a, b) = bwd.split_at_mut((i + 1) * words);
            for v in bits(d.dom[cells[i] as usize]) {
                shift_or(&b[..words], &mut a[i * words..], v as usize + 1, false);
            }
        }
        if fwd[w * words..]
            .iter()
            .zip(&bwd[w * words..])
            .all(|(f, b)| f & b == 0)
        {
            return Err(Fail);
        }
        let mut shifted = vec![0u64; words];
        for (i, &c) in cells.iter().enumerate() {
            let mut keep = 0u64;
            for v in bits(d.dom[c as usize]) {
                shifted.fill(0);
                shift_or(
                    &fwd[i * words..(i + 1) * words],
                    &mut shifted,
                    v as usize + 1,
                    true,
                );
                if shifted
                    .iter()
                    .zip(&bwd[(i + 1) * words..(i + 2) * words])
                    .any(|(f, b)| f & b != 0)
                {
                    keep |= 1 << v;
                }
            }
            d.narrow(c as usize, keep)?;
        }
        Ok(())
    }

    /// Bounds on Σ cells = target: each cell leaves room for the others.
    fn sum_bounds(&self, cells: &[u16], d: &mut Plain<'_>) -> Result<(), Fail> {
        let min = |x: u64| x.trailing_zeros() as u64 + 1;
        let max = |x: u64| 64 - x.leading_zeros() as u64;
        let lo: u64 = cells.iter().map(|&c| min(d.dom[c as usize])).sum();
        let hi: u64 = cells.iter().map(|&c| max(d.dom[c as usize])).sum();
        if self.target < lo || self.target > hi {
            return Err(Fail);
        }
        for &c in cells {
            let now = d.dom[c as usize];
            let cell_hi = self.target - (lo - min(now));
            let cell_lo = self.target.saturating_sub(hi - max(now));
            d.narrow(c as usize, range_mask(cell_lo.max(1), cell_hi.min(64)))?;
        }
        Ok(())
    }

    /// Generalised arc consistency on Π cells = target, over its divisors.
    fn product_dp(&self, cells: &[u16], d: &mut Plain<'_>) -> Result<(), Fail> {
        let ds = &self.divisors;
        let idx = |x: u64| ds.binary_search(&x).ok();
        let w = cells.len();
        let (k, words) = (ds.len(), ds.len().div_ceil(64));
        let mut fwd = vec![0u64; (w + 1) * words];
        let mut bwd = vec![0u64; (w + 1) * words];
        fwd[0] = 1; // divisor 1
        set(&mut bwd[w * words..], k - 1); // the target itself
        // step(d, v): the divisor index of d·v, if it divides the target.
        let step =
            |d: usize, v: u64| idx(ds[d] * v).filter(|_| self.target.is_multiple_of(ds[d] * v));
        for i in 0..w {
            let now = d.dom[cells[i] as usize];
            for from in 0..k {
                if fwd[i * words + from / 64] >> (from % 64) & 1 == 1 {
                    for v in bits(now) {
                        if let Some(to) = step(from, v as u64 + 1) {
                            set(&mut fwd[(i + 1) * words..], to);
                        }
                    }
                }
            }
        }
        for i in (0..w).rev() {
            let now = d.dom[cells[i] as usize];
            for from in 0..k {
                let reach = bits(now).any(|v| {
                    step(from, v as u64 + 1)
                        .is_some_and(|to| bwd[(i + 1) * words + to / 64] >> (to % 64) & 1 == 1)
                });
                if reach {
                    set(&mut bwd[i * words..], from);
                }
            }
        }
        if bwd[0] & 1 == 0 {
            return Err(Fail);
        }
        for (i, &c) in cells.iter().enumerate() {
            let mut keep = 0u64;
            for v in bits(d.dom[c as usize]) {
                let ok = (0..k).any(|from| {
                    fwd[i * words + from / 64] >> (from % 64) & 1 == 1
                        && step(from, v as u64 + 1)
                            .is_some_and(|to| bwd[(i + 1) * words + to / 64] >> (to % 64) & 1 == 1)
                });
                if ok {
                    keep |= 1 << v;
                }
            }
            d.narrow(c as usize, keep)?;
        }
        Ok(())
    }
}

fn set(words: &mut [u64], bit: usize) {
    words[bit / 64] |= 1 << (bit % 64);
}

/// `dst |= src << by` (left) or `dst |= src >> by`, over equal-length words.
fn shift_or(src: &[u64], dst: &mut [u64], by: usize, left: bool) {
    let (q, r) = (by / 64, by % 64);
    for (i, out) in dst.iter_mut().enumerate() {
        let word = if left {
            let hi = i.checked_sub(q).map_or(0, |j| src[j] << r);
            let lo = match (i.checked_sub(q + 1), r) {
                (Some(j), 1..) => src[j] >> (64 - r),
                _ => 0,
            };
            hi | lo
        } else {
            let lo = src.get(i + q).map_or(0, |&w| w >> r);
            let hi = match (src.get(i + q + 1), r) {
                (Some(&w), 1..) => w << (64 - r),
                _ => 0,
            };
            lo | hi
        };
        *out |= word;
    }
}

fn range_mask(lo: u64, hi: u64) -> u64 {
    if lo > hi {
        return 0;
    }
    let upto = |v: u64| if v >= 64 { u64::MAX } else { (1u64 << v) - 1 };
    upto(hi) & !upto(lo - 1)
}
