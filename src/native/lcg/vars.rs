//! The Boolean variables: one literal `cell = value` for each value the
//! root left in a cell it did not fix, numbered cell by cell; the values the
//! root decided have none.

use super::lit::Lit;
use crate::native::bits;

/// No variable for this cell and value (decided at the root).
const NO_VAR: u32 = u32::MAX;

pub(super) struct Vars {
    n: usize,
    /// The cell and value bit of each variable.
    cell: Vec<u16>,
    bit: Vec<u8>,
    /// Per cell and value bit: its variable, or `NO_VAR`.
    of: Vec<u32>,
}

impl Vars {
    pub fn new(n: usize, root: &[u64]) -> Vars {
        let mut of = vec![NO_VAR; n * n * n];
        let (mut cell, mut bit) = (Vec::new(), Vec::new());
        for (c, &d) in root.iter().enumerate() {
            if d.count_ones() > 1 {
                for b in bits(d) {
                    of[c * n + b as usize] = cell.len() as u32;
                    cell.push(c as u16);
                    bit.push(b as u8);
                }
            }
        }
        Vars { n, cell, bit, of }
    }

    /// How many variables there are.
    pub fn len(&self) -> usize {
        self.cell.len()
    }

    /// The literal `cell = bit + 1`, if it is a variable.
    #[inline]
    pub fn eq(&self, cell: usize, bit: u32) -> Option<Lit> {
        match self.of[cell * self.n + bit as usize] {
            NO_VAR => None,
            v => Some(Lit::new(v as usize, true)),
        }
    }

    /// The cell and value bit of `l`'s variable.
    #[inline]
    pub fn cell_bit(&self, l: Lit) -> (usize, usize) {
        let v = l.var();
        (self.cell[v] as usize, self.bit[v] as usize)
    }
}
