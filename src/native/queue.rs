//! The propagators waiting to run, each at most once: cages before lines,
//! because a cage is cheap and a line's matching is not, and a line should
//! see every narrowing the cages can give before it runs. Shared by the
//! depth-first search's propagation and the conflict-driven search's.

use std::collections::VecDeque;

use super::problem::PropId;

pub(super) struct PropQueue {
    /// Cages, then lines.
    queues: [VecDeque<PropId>; 2],
    queued: Vec<bool>,
    /// Propagators below this id are cages; the rest are lines.
    cages: usize,
}

impl PropQueue {
    /// A queue for `cages` cage propagators, then `props - cages` lines.
    pub(super) fn new(props: usize, cages: usize) -> PropQueue {
        PropQueue {
            queues: [VecDeque::new(), VecDeque::new()],
            queued: vec![false; props],
            cages,
        }
    }

    /// Puts `id` at the back of its queue, unless it is waiting already.
    #[inline]
    pub(super) fn schedule(&mut self, id: PropId) {
        if !self.queued[id as usize] {
            self.queued[id as usize] = true;
            let q = usize::from(id as usize >= self.cages);
            self.queues[q].push_back(id);
        }
    }

    /// The next propagator to run: the first cage waiting, else the first line.
    #[inline]
    pub(super) fn pop(&mut self) -> Option<PropId> {
        let id = (self.queues[0].pop_front()).or_else(|| self.queues[1].pop_front())?;
        self.queued[id as usize] = false;
        Some(id)
    }

    /// Forgets every waiting propagator (after a failure or a backtrack).
    pub(super) fn clear(&mut self) {
        for q in &mut self.queues {
            for id in q.drain(..) {
                self.queued[id as usize] = false;
            }
        }
    }
}
