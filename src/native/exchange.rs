//! What the workers of cube-and-conquer share while they run: the short
//! clauses they learn (each worker's CaDiCaL holds the same variables, and a
//! learnt clause follows from the clauses every worker holds, whatever cube
//! it was learnt under: CaDiCaL treats assumptions as decisions), and the
//! count of their conflicts together, for the progress a face shows.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

pub(super) struct Exchange {
    /// Every clause offered so far, with the worker that offered it; only
    /// ever appended to, so a worker reads on from where it stopped.
    clauses: Mutex<Vec<(usize, Box<[i32]>)>>,
    conflicts: AtomicU64,
    /// Learnt clauses up to this length are offered (0: none).
    max_len: usize,
}

impl Exchange {
    pub fn new(max_len: usize) -> Exchange {
        Exchange {
            clauses: Mutex::new(Vec::new()),
            conflicts: AtomicU64::new(0),
            max_len,
        }
    }

    /// Worker `me`, whose literals are the shared ones times `sign`, learnt
    /// `clause`: a conflict, and a clause to share if it is short.
    pub fn learnt(&self, me: usize, clause: &[i32], sign: i32) {
        self.conflicts.fetch_add(1, Ordering::Relaxed);
        if clause.len() <= self.max_len {
            self.offer(me, clause.iter().map(|&l| l * sign));
        }
    }

    /// Shares `clause` (shared literals) with the other workers, whatever
    /// its length (a refuted cube's failed assumptions, negated).
    pub fn offer(&self, me: usize, clause: impl IntoIterator<Item = i32>) {
        let clause = clause.into_iter().collect();
        let mut all = self.clauses.lock().unwrap_or_else(|e| e.into_inner());
        all.push((me, clause));
    }

    /// The clauses the other workers offered since `seen`, which moves on.
    pub fn take(&self, me: usize, seen: &mut usize) -> Vec<Box<[i32]>> {
        let all = self.clauses.lock().unwrap_or_else(|e| e.into_inner());
        let new = all[*seen..]
            .iter()
            .filter(|(from, _)| *from != me)
            .map(|(_, c)| c.clone())
            .collect();
        *seen = all.len();
        new
    }

    /// Conflicts of all workers so far.
    pub fn conflicts(&self) -> u64 {
        self.conflicts.load(Ordering::Relaxed)
    }
}
