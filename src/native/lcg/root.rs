//! What the earlier stages left, fixed for the whole conflict-driven search:
//! the cells' domains and the tables' live tuples. A value outside them has
//! no literal and a tuple outside them needs no killing, so explanations
//! never mention either.

use crate::native::propagation::State;

pub(super) struct Root {
    dom: Vec<u64>,
    live: Vec<u64>,
}

impl Root {
    pub fn new(root: &State) -> Root {
        Root {
            dom: root.dom.clone(),
            live: root.live.clone(),
        }
    }

    #[inline]
    pub fn dom(&self, cell: usize) -> u64 {
        self.dom[cell]
    }

    /// The live tuples of every table.
    #[inline]
    pub fn live(&self) -> &[u64] {
        &self.live
    }
}
