//! cagec compiles cage puzzles (KenKen) into integer programs for external
//! solvers, runs those solvers, and checks what they return.
//!
//! Data flows one way:
//! text → [`front`] → [`puzzle::ir::Puzzle`] → [`puzzle::valid`] → [`formulate`]
//! → [`model::Model`] → [`back`] → bytes ([`compile`] puts those steps
//! together for every face); `solve` runs a solver on a model and returns a
//! grid that [`puzzle::verify`] has checked against the puzzle rules.
//!
//! The folders are the layers (`docs/architecture.md`): [`puzzle`] (the IR,
//! diagnostics, cage tuples, validation and the verifier), [`front`] (the
//! readers and writers of puzzle text), [`io`] (loading files, atomic and
//! gzip output), [`formulate`] and [`model`], [`back`], [`native`],
//! `solve` (the external solvers), [`present`] (`explain`, pictures,
//! statistics). Each module is also re-exported at the root under the name
//! it had before the folders (`cagec::puzzle::ir`, `cagec::io::input`, …).
//!
//! Layers, by Cargo feature (all three are on by default):
//! - the core, with no feature: front-ends, IR, validation, formulation,
//!   model, back-ends, the native solver, the verifier, `explain`, pictures
//!   and the generator. It spawns no process, handles no signal and knows no
//!   command line, so it builds for `wasm32-unknown-unknown` and under the
//!   Python module;
//! - `cdcl`: the native solver's CDCL stage, CaDiCaL, built from C++;
//! - `external-solvers`: `solve`, the drivers that run HiGHS, CBC and glpsol
//!   as subprocesses;
//! - `cli`: builds the `cagec` binary (clap, progress bars, signal
//!   handling), on top of `external-solvers`. The command line is not part
//!   of the library: `src/main.rs` and `src/cli/` use the library as any
//!   other face does.
//!
//! ```
//! use cagec::{back, formulate, front, native, puzzle::valid, puzzle::verify};
//!
//! // The J-wiki essay's 4×4 puzzle kk0, one cage per line.
//! let text = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";
//! let (puzzle, _warnings) = front::parse(front::InputFormat::Cages, text).unwrap();
//! assert!(!valid::check(&puzzle).has_errors());
//!
//! // Melkonian's integer program as CPLEX-LP.
//! let model = formulate::formulate(&puzzle).unwrap();
//! let mut lp = Vec::new();
//! back::write_lp(&model, &mut lp).unwrap();
//! let lp = String::from_utf8(lp).unwrap();
//! assert!(lp.contains("cage_7_r1: + 1 y_4_4 - 2 y_4_3 + 6 u_7 >= 0"));
//!
//! // The built-in solver, checked by the independent verifier.
//! let out = native::solve(&puzzle, &native::Options::default()).unwrap();
//! assert!(verify::check(&puzzle, &out.solutions[0]).is_empty());
//! assert_eq!(out.solutions[0].values[0], [1, 2, 4, 3]);
//! ```

// The layers, in the order data flows through them.
pub mod back;
#[cfg(feature = "external-solvers")]
pub mod certify;
pub mod compile;
pub mod formulate;
pub mod front;
#[doc(hidden)]
pub mod fuzzing;
pub mod generate;
pub mod io;
pub mod model;
pub mod native;
pub mod present;
pub mod puzzle;
#[cfg(feature = "external-solvers")]
pub mod solve;
pub mod words;
