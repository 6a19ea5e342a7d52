#![no_main]
//! sniff → parse → validate → formulate → every back-end (twice), and the
//! native solver on tiny puzzles: byte 0 picks the options, byte 1 the input
//! format. Invariants in `cagec::fuzzing::pipeline`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cagec::fuzzing::pipeline(data);
});
