//! Buffers the conflict-driven search reuses from call to call, so that its
//! hot paths allocate nothing.

#[derive(Default)]
pub(super) struct Scratch {
    /// A table explanation's tuples still to kill, as (word, bits).
    pub uncovered: Vec<(u32, u64)>,
    /// Its candidate literals: (trail position, cage position, bit).
    pub candidates: Vec<(u32, u8, u8)>,
    /// Its chosen values, per cage position.
    pub chosen: Vec<u64>,
    /// The domains, copied for a propagator that cannot explain itself, and
    /// the cells it narrowed there.
    pub dom: Vec<u64>,
    pub changed: Vec<u16>,
}
