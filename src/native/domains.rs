//! The one interface between the propagators and the engines that run them:
//! the cells' domains, and how a propagator narrows them. The depth-first
//! search's domains are plain bitsets ([`Plain`]) that take a removal as it
//! is; lazy clause generation's are literals on a trail, and each removal
//! goes there with its reason. The propagators (`table`, `alldiff`,
//! `arithmetic`) are written once against [`Domains`], and each engine runs
//! its own monomorphised copy: no dynamic call in the hot loops.

use super::Fail;

/// A Hall set: `cells` (bits of line positions) whose domains lie within
/// `values`. With as many values as cells, no other cell of the line can
/// take those values; with fewer, the line fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Hall {
    pub cells: u64,
    pub values: u64,
}

/// The cells' domains (bit v−1 = value v), as a propagator reads and narrows
/// them. Each narrowing says which propagator made it and, for an engine
/// that explains, how to explain it.
pub(super) trait Domains {
    /// The values `cell` may still take.
    fn get(&self, cell: usize) -> u64;

    /// The domains as plain bitsets, when the engine takes a removal without
    /// a reason (the depth-first search); None when every removal needs one.
    /// What has no explanation runs only on plain domains: a table's line
    /// rule, and a filled line checked without its matching.
    fn plain(&mut self) -> Option<Plain<'_>>;

    /// Table cage `cage` has live tuples giving `cell` only the values `keep`.
    fn table_keeps(&mut self, cage: usize, cell: usize, keep: u64) -> Result<(), Fail>;

    /// Table cage `cage` has no live tuple left.
    fn table_fails(&mut self, cage: usize) -> Fail;

    /// The matching of the line of `cells` leaves `cells[i]` only the values
    /// `keep`; `hall(bit)` is the Hall set that excludes value `bit + 1`
    /// there, computed only for an engine that asks.
    fn line_keeps(
        &mut self,
        cells: &[u16],
        i: usize,
        keep: u64,
        hall: impl FnMut(u32) -> Hall,
    ) -> Result<(), Fail>;

    /// The line of `cells` has no perfect matching: `hall` holds more cells
    /// than values.
    fn line_fails(&mut self, cells: &[u16], hall: Hall) -> Fail;

    /// Runs `propagate`, a propagator of `cells` that cannot explain its
    /// removals, on plain domains. Lazy clause generation runs it on a copy
    /// and explains each removal by everything `cells` had lost before.
    fn unexplained(
        &mut self,
        cells: &[u16],
        propagate: impl FnOnce(&mut Plain<'_>) -> Result<(), Fail>,
    ) -> Result<(), Fail>;
}

/// Plain bitset domains: the depth-first search's, and the copy on which
/// lazy clause generation runs what cannot explain itself. A narrowed cell
/// goes on `changed`, so its other propagators can be scheduled.
pub(super) struct Plain<'a> {
    pub dom: &'a mut [u64],
    pub changed: &'a mut Vec<u16>,
}

impl Plain<'_> {
    /// `dom[cell] &= mask`; fails when the domain empties.
    #[inline]
    pub fn narrow(&mut self, cell: usize, mask: u64) -> Result<(), Fail> {
        let d = self.dom[cell];
        let keep = d & mask;
        if keep == 0 {
            return Err(Fail);
        }
        if keep != d {
            self.set(cell, keep);
        }
        Ok(())
    }

    /// `dom[cell] = keep`, a narrowing that the caller knows leaves a value.
    #[inline]
    pub fn set(&mut self, cell: usize, keep: u64) {
        self.dom[cell] = keep;
        self.changed.push(cell as u16);
    }
}

impl Domains for Plain<'_> {
    #[inline]
    fn get(&self, cell: usize) -> u64 {
        self.dom[cell]
    }

    #[inline]
    fn plain(&mut self) -> Option<Plain<'_>> {
        Some(Plain {
            dom: &mut *self.dom,
            changed: &mut *self.changed,
        })
    }

    #[inline]
    fn table_keeps(&mut self, _cage: usize, cell: usize, keep: u64) -> Result<(), Fail> {
        self.set(cell, keep);
        Ok(())
    }

    #[inline]
    fn table_fails(&mut self, _cage: usize) -> Fail {
        Fail
    }

    #[inline]
    fn line_keeps(
        &mut self,
        cells: &[u16],
        i: usize,
        keep: u64,
        _hall: impl FnMut(u32) -> Hall,
    ) -> Result<(), Fail> {
        self.set(cells[i] as usize, keep);
        Ok(())
    }

    #[inline]
    fn line_fails(&mut self, _cells: &[u16], _hall: Hall) -> Fail {
        Fail
    }

    #[inline]
    fn unexplained(
        &mut self,
        _cells: &[u16],
        propagate: impl FnOnce(&mut Plain<'_>) -> Result<(), Fail>,
    ) -> Result<(), Fail> {
        propagate(self)
    }
}
