//! What the propagators remember from one run to the next to start closer to
//! the answer, and that needs no undo, since a stale hint is only checked
//! and dropped: each table's residues (per cell and value, the word where a
//! support was last found) and each line's last matching. Each engine keeps
//! its own.

use super::problem::Problem;
use super::table::Table;

pub(super) struct Hints {
    /// Per table cell and value: the word where a support was last found.
    residues: Vec<u32>,
    /// Per line and cell: the value bit matched to it last time.
    mates: Vec<u8>,
    n: usize,
}

impl Hints {
    pub fn new(p: &Problem) -> Hints {
        Hints {
            residues: vec![0; p.residues],
            mates: vec![u8::MAX; p.lines.len() * p.n],
            n: p.n,
        }
    }

    /// Table `t`'s residues, by cage position and value bit.
    #[inline]
    pub fn table(&mut self, t: &Table) -> &mut [u32] {
        let at = t.at.residues;
        &mut self.residues[at..at + t.tuples.width() * self.n]
    }

    /// Line `l`'s last matching, by cell of the line.
    #[inline]
    pub fn line(&mut self, l: usize) -> &mut [u8] {
        &mut self.mates[l * self.n..(l + 1) * self.n]
    }
}
