//! The cells' domains kept as bitsets beside the literals: the values whose
//! literal is not false, and per line and value the cells that still have
//! it. Assigning a literal updates them at once, so the propagators and the
//! exactly-one rules ([`super::latin`]) read them as the depth-first search
//! reads its own.

use super::lit::Lit;
use super::vars::Vars;
use crate::native::bits;
use crate::native::problem::Problem;

pub(super) struct CellDomains {
    n: usize,
    /// Values whose literal is not false, per cell.
    now: Vec<u64>,
    /// Per line and value bit: the line's cells whose domain has it.
    count: Vec<u16>,
    /// The lines through each cell.
    lines_of: Vec<Vec<u32>>,
}

impl CellDomains {
    pub fn new(p: &Problem, root: &[u64]) -> CellDomains {
        let n = p.n;
        let mut count = vec![0u16; p.lines.len() * n];
        let mut lines_of = vec![Vec::new(); n * n];
        for (l, cells) in p.lines.iter().enumerate() {
            for &c in cells {
                lines_of[c as usize].push(l as u32);
                for b in bits(root[c as usize]) {
                    count[l * n + b as usize] += 1;
                }
            }
        }
        CellDomains {
            n,
            now: root.to_vec(),
            count,
            lines_of,
        }
    }

    /// The values of `cell` whose literal is not false.
    #[inline]
    pub fn get(&self, cell: usize) -> u64 {
        self.now[cell]
    }

    /// Every cell's values whose literal is not false.
    #[inline]
    pub fn all(&self) -> &[u64] {
        &self.now
    }

    /// The lines through `cell`.
    #[inline]
    pub fn lines_of(&self, cell: usize) -> &[u32] {
        &self.lines_of[cell]
    }

    /// The cells of `line` whose domain has value bit `b`.
    #[inline]
    pub fn count(&self, line: usize, b: usize) -> u16 {
        self.count[line * self.n + b]
    }

    /// `l` became true: a false `cell = value` leaves the cell.
    #[inline]
    pub fn assign(&mut self, vars: &Vars, l: Lit) {
        if l.positive() {
            return;
        }
        let (c, b) = vars.cell_bit(l);
        self.now[c] &= !(1 << b);
        for &line in &self.lines_of[c] {
            self.count[line as usize * self.n + b] -= 1;
        }
    }

    /// `l` was unassigned: what [`CellDomains::assign`] did is undone.
    #[inline]
    pub fn unassign(&mut self, vars: &Vars, l: Lit) {
        if l.positive() {
            return;
        }
        let (c, b) = vars.cell_bit(l);
        self.now[c] |= 1 << b;
        for &line in &self.lines_of[c] {
            self.count[line as usize * self.n + b] += 1;
        }
    }
}
