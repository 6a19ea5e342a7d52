//! The puzzle itself: the IR every front-end produces ([`ir`]), the
//! diagnostics that point into its text ([`diag`]), each cage's tuples
//! ([`tuples`]), the arithmetic of products and ratios ([`primes`]), the validation a puzzle passes before it is formulated
//! ([`valid`]) and the independent verifier every solution passes before it
//! is shown ([`verify`]). Nothing here knows a model or a solver.

pub mod diag;
pub mod ir;
pub mod primes;
pub mod tuples;
pub mod valid;
pub mod verify;
