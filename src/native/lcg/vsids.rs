//! The branching order, VSIDS: a variable's activity grows each time it takes
//! part in a conflict, by an increment that itself grows (so older bumps
//! decay), and the next decision is the most active variable not assigned.

use super::heap::Heap;

const DECAY: f64 = 0.95;

pub(super) struct Vsids {
    activity: Vec<f64>,
    inc: f64,
    /// The variables not known to be assigned, by activity.
    heap: Heap,
}

impl Vsids {
    /// `domains` gives each variable's cell's domain at the root: smallest
    /// domains first until conflicts say otherwise.
    pub fn new(domains: impl ExactSizeIterator<Item = u64>) -> Vsids {
        let vars = domains.len();
        let mut activity = vec![0.0; vars];
        let mut heap = Heap::new(vars);
        for (v, d) in domains.enumerate() {
            activity[v] = 1e-3 / f64::from(d.count_ones());
            heap.push(v, &activity);
        }
        Vsids {
            activity,
            inc: 1.0,
            heap,
        }
    }

    pub fn bump(&mut self, v: usize) {
        self.activity[v] += self.inc;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.inc *= 1e-100;
        }
        self.heap.raise(v, &self.activity);
    }

    pub fn decay(&mut self) {
        self.inc /= DECAY;
    }

    /// `v` was unassigned: a candidate again.
    pub fn push(&mut self, v: usize) {
        self.heap.push(v, &self.activity);
    }

    /// The most active candidate (it may have been assigned since it was
    /// pushed: the caller skips those).
    pub fn pop(&mut self) -> Option<usize> {
        self.heap.pop(&self.activity)
    }
}
