//! The trail: the literals made true, oldest first, each with its decision
//! level, its position and its reason; and the literals of the reasons that
//! are not clauses, which live and die with their levels.

use super::lit::{Lit, Reason};

pub(super) struct Trail {
    /// Per variable: 1 true, −1 false, 0 unassigned.
    values: Vec<i8>,
    /// Per variable: the level and trail position of its assignment, and why.
    levels: Vec<u32>,
    positions: Vec<u32>,
    reasons: Vec<Reason>,
    /// The true literals, oldest first.
    lits: Vec<Lit>,
    /// The first literal whose consequences are not propagated yet.
    qhead: usize,
    /// Where each decision level starts in `lits`.
    level_starts: Vec<u32>,
    /// Explanations stored on assignment (`Reason::Stored`), and where each
    /// level's start.
    stored: Vec<Lit>,
    stored_starts: Vec<u32>,
    /// Table explanations computed by conflict analysis, kept while their
    /// literal is on the trail (`Reason::Explained`).
    explained: Vec<Lit>,
}

impl Trail {
    pub fn new(vars: usize) -> Trail {
        Trail {
            values: vec![0; vars],
            levels: vec![0; vars],
            positions: vec![0; vars],
            reasons: vec![Reason::Decision; vars],
            lits: Vec::with_capacity(vars),
            qhead: 0,
            level_starts: Vec::new(),
            stored: Vec::new(),
            stored_starts: Vec::new(),
            explained: Vec::new(),
        }
    }

    /// The value of `l`: 1 true, −1 false, 0 unassigned.
    #[inline]
    pub fn value(&self, l: Lit) -> i8 {
        let v = self.values[l.var()];
        if l.positive() { v } else { -v }
    }

    #[inline]
    pub fn is_assigned(&self, v: usize) -> bool {
        self.values[v] != 0
    }

    /// The current decision level.
    #[inline]
    pub fn level(&self) -> usize {
        self.level_starts.len()
    }

    #[inline]
    pub fn level_of(&self, v: usize) -> u32 {
        self.levels[v]
    }

    #[inline]
    pub fn position(&self, v: usize) -> u32 {
        self.positions[v]
    }

    #[inline]
    pub fn reason(&self, v: usize) -> Reason {
        self.reasons[v]
    }

    /// The true literals, oldest first.
    #[inline]
    pub fn lits(&self) -> &[Lit] {
        &self.lits
    }

    /// Makes `l` true for `reason` at the current level.
    #[inline]
    pub fn assign(&mut self, l: Lit, reason: Reason) {
        let v = l.var();
        debug_assert_eq!(self.values[v], 0);
        self.values[v] = if l.positive() { 1 } else { -1 };
        self.levels[v] = self.level() as u32;
        self.positions[v] = self.lits.len() as u32;
        self.reasons[v] = reason;
        self.lits.push(l);
    }

    /// Stores an explanation (the implied literal first) until its level is
    /// undone; the reason that names it.
    pub fn store(&mut self, lits: &[Lit]) -> Reason {
        let start = self.stored.len() as u32;
        self.stored.extend_from_slice(lits);
        Reason::Stored(start, lits.len() as u32)
    }

    /// A stored explanation's literals other than the implied one.
    pub fn stored(&self, start: u32, len: u32) -> &[Lit] {
        let s = start as usize;
        &self.stored[s + 1..s + len as usize]
    }

    /// Keeps `lits` as the explanation of `v`'s table reason, for the
    /// conflicts to come while `v` stays on the trail.
    pub fn keep_explained(&mut self, v: usize, lits: &[Lit]) {
        let start = self.explained.len() as u32;
        self.explained.extend_from_slice(lits);
        self.reasons[v] = Reason::Explained(start, lits.len() as u32);
    }

    pub fn explained(&self, start: u32, len: u32) -> &[Lit] {
        let s = start as usize;
        &self.explained[s..s + len as usize]
    }

    /// The next literal whose consequences are to be propagated.
    #[inline]
    pub fn next(&mut self) -> Option<Lit> {
        let l = *self.lits.get(self.qhead)?;
        self.qhead += 1;
        Some(l)
    }

    pub fn new_level(&mut self) {
        self.level_starts.push(self.lits.len() as u32);
        self.stored_starts.push(self.stored.len() as u32);
    }

    /// Unassigns every level above `level` (which must be below the
    /// current one), newest literal first, handing each to `unassigned`.
    pub fn backtrack(&mut self, level: usize, mut unassigned: impl FnMut(Lit)) {
        let start = self.level_starts[level] as usize;
        for i in (start..self.lits.len()).rev() {
            let l = self.lits[i];
            unassigned(l);
            self.values[l.var()] = 0;
        }
        self.lits.truncate(start);
        self.stored.truncate(self.stored_starts[level] as usize);
        if level == 0 {
            // No literal left on the trail has an explained reason (those at
            // level 0 are never explained).
            self.explained.clear();
        }
        self.level_starts.truncate(level);
        self.stored_starts.truncate(level);
        self.qhead = start;
    }

    /// Renames the clauses that the trail's literals name as their reason
    /// (the others are never read again).
    pub fn rename_clauses(&mut self, new_of: impl Fn(u32) -> u32) {
        for l in &self.lits {
            if let Reason::Clause(c) = &mut self.reasons[l.var()] {
                *c = new_of(*c);
            }
        }
    }
}
