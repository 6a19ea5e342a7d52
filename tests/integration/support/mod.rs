//! Helpers shared by the test modules: finding a solver or the browser (and
//! failing under `CI` without one), running the real solvers on files,
//! running `cagec` as a user does, puzzles built by hand and the option sets
//! the file-reading tests compile every fixture under.

pub mod browser;
pub mod bundle;
pub mod cells;
pub mod conformance;
pub mod need_solver;
pub mod option_sets;
pub mod puzzles;
pub mod solve;
pub mod solvers;
