//! What the depth-first search undoes when it leaves a branch: the domains as
//! they were, and the live tuples and remembered domains of every table the
//! branch touched, saved when it first touched them. Copying a whole state
//! per branch cost more than the propagation on puzzles with large tables.
//!
//! So a table's words need no log of their own while it runs: they are
//! dense ([`Dense`]), and the filter's loops over them vectorise.

use super::problem::{CageKind, Problem};
use super::table::{LiveTuples, Table, Tables};

#[derive(Default)]
pub(super) struct Undo {
    /// Domain snapshots, one per open mark, end to end.
    doms: Vec<u64>,
    /// Saved table words and where each goes back: (cage, start in `words`).
    tables: Vec<(u32, u32)>,
    words: Vec<u64>,
    /// Per open mark: lengths of `tables` and `words` when it was made.
    marks: Vec<(u32, u32)>,
    /// Per cage: the mark (by serial) under which its words were saved.
    saved_under: Vec<u32>,
    serials: Vec<u32>,
    next_serial: u32,
}

impl Undo {
    pub fn new(cages: usize) -> Undo {
        Undo {
            saved_under: vec![0; cages],
            next_serial: 1,
            ..Undo::default()
        }
    }

    /// Remembers the domains `dom` (and, as they are first touched, the
    /// tables' words) until [`Undo::undo`]; marks nest.
    #[inline]
    pub fn mark(&mut self, dom: &[u64]) {
        self.doms.extend_from_slice(dom);
        self.marks
            .push((self.tables.len() as u32, self.words.len() as u32));
        self.serials.push(self.next_serial);
        self.next_serial += 1;
    }

    /// Puts the domains and the tables' words back as they were at the
    /// latest mark, and drops the mark.
    pub fn undo(&mut self, p: &Problem, dom: &mut [u64], live: &mut [u64], seen: &mut [u64]) {
        let (tables, words) = self.marks.pop().expect("a mark to undo");
        self.serials.pop();
        // Newest first, so a table saved twice ends as it was first saved.
        for i in (tables as usize..self.tables.len()).rev() {
            let (cage, at) = self.tables[i];
            if let CageKind::Table(t) = &p.cages[cage as usize].kind {
                let at = at as usize;
                let cells = p.cages[cage as usize].cells.len();
                live[t.at.live..t.at.live + t.words].copy_from_slice(&self.words[at..at + t.words]);
                seen[t.at.seen..t.at.seen + cells]
                    .copy_from_slice(&self.words[at + t.words..at + t.words + cells]);
            }
        }
        self.tables.truncate(tables as usize);
        self.words.truncate(words as usize);
        let from = self.doms.len() - dom.len();
        dom.copy_from_slice(&self.doms[from..]);
        self.doms.truncate(from);
    }

    /// Saves table `t`'s (cage `cage`'s) words before it first changes them
    /// under the current mark.
    #[inline]
    fn save_table(&mut self, cage: usize, t: &Table, live: &[u64], seen: &[u64]) {
        let Some(&serial) = self.serials.last() else {
            return;
        };
        if self.saved_under[cage] == serial {
            return;
        }
        self.saved_under[cage] = serial;
        self.tables.push((cage as u32, self.words.len() as u32));
        self.words
            .extend_from_slice(&live[t.at.live..t.at.live + t.words]);
        self.words
            .extend_from_slice(&seen[t.at.seen..t.at.seen + t.tuples.width()]);
    }
}

/// The tables' words of a search state, which the depth-first search's
/// propagation changes in place, each table saved under the current mark
/// before it runs.
pub(super) struct DenseTables<'a> {
    pub live: &'a mut [u64],
    pub seen: &'a mut [u64],
    pub undo: &'a mut Undo,
    /// Room for a union of supports.
    pub scratch: &'a mut Vec<u64>,
}

impl Tables for DenseTables<'_> {
    type Live<'b>
        = Dense<'b>
    where
        Self: 'b;

    #[inline]
    fn live(&mut self, cage: usize, t: &Table) -> Dense<'_> {
        self.undo.save_table(cage, t, self.live, self.seen);
        Dense {
            live: &mut self.live[t.at.live..t.at.live + t.words],
            seen: &mut self.seen[t.at.seen..t.at.seen + t.tuples.width()],
            scratch: self.scratch,
        }
    }
}

/// One table's live tuples as dense words.
pub(super) struct Dense<'a> {
    live: &'a mut [u64],
    seen: &'a mut [u64],
    scratch: &'a mut Vec<u64>,
}

impl LiveTuples for Dense<'_> {
    #[inline]
    fn seen(&self, pos: usize) -> u64 {
        self.seen[pos]
    }

    #[inline]
    fn set_seen(&mut self, pos: usize, d: u64) {
        self.seen[pos] = d;
    }

    #[inline]
    fn kill<'t>(&mut self, values: u64, keep: bool, support: impl Fn(u32) -> &'t [u64]) {
        if !keep {
            for bit in super::bits(values) {
                for (l, s) in self.live.iter_mut().zip(support(bit)) {
                    *l &= !s;
                }
            }
            return;
        }
        self.scratch.clear();
        self.scratch.resize(self.live.len(), 0);
        for bit in super::bits(values) {
            for (t, s) in self.scratch.iter_mut().zip(support(bit)) {
                *t |= s;
            }
        }
        for (l, t) in self.live.iter_mut().zip(self.scratch.iter()) {
            *l &= t;
        }
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.live.iter().all(|&w| w == 0)
    }

    #[inline]
    fn words(&self) -> &[u64] {
        self.live
    }

    #[inline]
    fn find(&self, support: &[u64]) -> Option<usize> {
        self.live.iter().zip(support).position(|(l, s)| l & s != 0)
    }
}
