//! cagec compiles cage puzzles (KenKen) into integer programs for external
//! solvers, runs those solvers, and checks what they return.
//!
//! Data flows one way:
//! text → [`front`] → [`ir::Puzzle`] → [`valid`] → [`formulate`] → [`model::Model`]
//! → [`back`] → bytes; [`solve`] runs a solver on a model and returns a grid
//! that [`verify`] has checked against the puzzle rules.

pub mod back;
pub mod cli;
pub mod diag;
pub mod explain;
pub mod formulate;
pub mod front;
pub mod generate;
pub mod input;
pub mod ir;
pub mod model;
pub mod native;
pub mod picture;
pub mod rules;
pub mod solve;
pub mod stats;
pub mod svg;
pub mod tuples;
pub mod valid;
pub mod verify;
