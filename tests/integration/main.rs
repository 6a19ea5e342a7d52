//! The integration tests, in one test binary: `cargo test --test integration`
//! builds and links it once. Each module below was a test binary of its own
//! and keeps its name, so `cargo test --test integration solve_real::` runs
//! what `cargo test --test solve_real` ran. A test that needs a solver, a
//! reader or the browser fails when `CI` is set and is skipped loudly
//! otherwise (`support::need_solver`, `support::browser`).
//!
//! Shared helpers are in `support/`; what the tests drive that is not Rust
//! stays beside this folder: `tests/browser/` (the Node scripts of the
//! browser tests), `tests/conformance/` (the conformance tier's `read.py` and
//! probe files) and `tests/fake-solvers/`.

mod support;

mod backends_solvers;
mod bundles;
mod certify;
mod cli;
mod convert;
mod diagnostics;
mod explain;
mod explain_browser;
mod explain_html;
mod families_conform;
mod family_files;
mod fixtures;
mod fuzz_regressions;
mod glpsol_reads;
mod keen_game;
mod killer;
mod lp_mps_agree;
mod readers_conform;
mod render;
mod snapshots;
mod solve_check;
mod solve_families;
mod solve_faults;
mod solve_mip;
mod solve_native;
mod solve_real;
// The solver is looked for in /proc.
#[cfg(target_os = "linux")]
mod solve_signals;
mod solve_statuses;
mod version;
mod web_browser;
