#![no_main]
//! The solution-grid reader of `cagec check` and `render --solution`: byte 0
//! is the size, the rest the grid text. Invariants in `cagec::fuzzing::grid`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cagec::fuzzing::grid(data);
});
