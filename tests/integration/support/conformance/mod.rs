//! What the two sections of the conformance tier share
//! (`readers_conform`, `families_conform`): their readers, how their answers
//! are read and judged, and the fixtures. The readers' Python driver,
//! `tests/conformance/read.py`, and the probe files sit outside this binary.

pub mod answers;
pub mod families;
pub mod fixtures;
pub mod judge;
pub mod readers;
