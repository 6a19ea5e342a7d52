//! Propagation to a fixpoint, for the depth-first search and probing. A
//! propagator runs when a cell it reads has narrowed; cages run before
//! lines, because a cage is cheap and a line's matching is not, and a line
//! should see every narrowing the cages can give before it runs. A
//! propagator that fails gains weight (dom/wdeg, Boussemart et al. 2004):
//! the search branches first on cells whose constraints fail most.
//!
//! The domains are plain bitsets ([`Plain`]), and a branch is undone by
//! [`Undo`]: the domains copied at each mark, a table's words saved when
//! the branch first runs it.

use super::Fail;
use super::domains::Plain;
use super::hints::Hints;
use super::problem::{CageKind, Problem, PropId};
use super::propagators;
use super::queue::PropQueue;
use super::undo::{DenseTables, Undo};

/// What changes along a search path.
#[derive(Clone, Debug, Default)]
pub(super) struct State {
    /// Cell domains, bit v−1 = value v.
    pub dom: Vec<u64>,
    /// Live tuples of every table cage.
    pub live: Vec<u64>,
    /// Each table cell's domain when its cage last ran.
    pub seen: Vec<u64>,
}

impl State {
    /// Every value of every cell, every tuple live: the state before
    /// propagation.
    pub fn unpropagated(p: &Problem) -> State {
        let mut st = State {
            dom: vec![p.full; p.n * p.n],
            live: vec![0; p.live_words],
            seen: vec![0; p.seen_words],
        };
        for cage in &p.cages {
            if let CageKind::Table(t) = &cage.kind {
                t.init(&mut st.live, &mut st.seen, p.full);
            }
        }
        st
    }
}

pub(super) struct Propagator {
    undo: Undo,
    queue: PropQueue,
    hints: Hints,
    /// Room for the tables' unions of supports.
    scratch: Vec<u64>,
    /// The cells the running propagator narrowed.
    changed: Vec<u16>,
    /// Failures caused by each propagator, plus one.
    pub weights: Vec<u32>,
}

impl Propagator {
    pub fn new(p: &Problem) -> Propagator {
        let props = p.cages.len() + p.lines.len();
        Propagator {
            undo: Undo::new(p.cages.len()),
            queue: PropQueue::new(props, p.cages.len()),
            hints: Hints::new(p),
            scratch: Vec::new(),
            changed: Vec::new(),
            weights: vec![1; props],
        }
    }

    /// The root state, propagated; Err when propagation alone refutes the puzzle.
    pub fn root(&mut self, p: &Problem) -> Result<State, Fail> {
        let mut st = State::unpropagated(p);
        for id in 0..(p.cages.len() + p.lines.len()) as PropId {
            self.queue.schedule(id);
        }
        self.run(p, &mut st)?;
        Ok(st)
    }

    /// `dom[cell] &= mask`, then propagates.
    pub fn narrow(
        &mut self,
        p: &Problem,
        st: &mut State,
        cell: usize,
        mask: u64,
    ) -> Result<(), Fail> {
        let d = st.dom[cell] & mask;
        if d == 0 {
            return Err(Fail);
        }
        if d != st.dom[cell] {
            st.dom[cell] = d;
            for &w in &p.watchers[cell] {
                self.queue.schedule(w);
            }
        }
        self.run(p, st)
    }

    /// Remembers `st` so that [`Propagator::undo`] brings it back; marks nest.
    pub fn mark(&mut self, st: &State) {
        self.undo.mark(&st.dom);
    }

    /// Puts `st` back as it was at the latest mark, and drops the mark.
    pub fn undo(&mut self, p: &Problem, st: &mut State) {
        self.undo.undo(p, &mut st.dom, &mut st.live, &mut st.seen);
    }

    fn run(&mut self, p: &Problem, st: &mut State) -> Result<(), Fail> {
        loop {
            let Some(id) = self.queue.pop() else {
                return Ok(());
            };
            self.changed.clear();
            let mut dom = Plain {
                dom: &mut st.dom,
                changed: &mut self.changed,
            };
            let mut tables = DenseTables {
                live: &mut st.live,
                seen: &mut st.seen,
                undo: &mut self.undo,
                scratch: &mut self.scratch,
            };
            if let Err(fail) = propagators::run(p, id, &mut dom, &mut tables, &mut self.hints) {
                self.weights[id as usize] += 1;
                self.queue.clear();
                return Err(fail);
            }
            let idempotent = propagators::idempotent(p, id);
            for i in 0..self.changed.len() {
                let c = self.changed[i] as usize;
                for &w in &p.watchers[c] {
                    if w != id || !idempotent {
                        self.queue.schedule(w);
                    }
                }
            }
        }
    }
}
