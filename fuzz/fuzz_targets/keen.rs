#![no_main]
//! The keen front-end on arbitrary bytes; invariants in `cagec::fuzzing::front_end`.
use cagec::front::InputFormat;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cagec::fuzzing::front_end(InputFormat::Keen, data);
});
