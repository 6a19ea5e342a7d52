//! Certificates: an answer "unique" (or "no solution") that anyone can
//! check without trusting cagec's solvers. A certificate folder holds the
//! puzzle, a deliberately plain CNF of its rules ([`reference`]), the
//! no-good that excludes the grid found, the grid, CaDiCaL's DRAT proof
//! that the CNF with the no-good is unsatisfiable, and a manifest with
//! every file's SHA-256 ([`manifest`]). An answer is certified only once a
//! proof checker that is not cagec's code (`rate`) has accepted the proof
//! and the grid satisfies both the reference CNF and the verifier
//! ([`check`]). docs/certificates.md tells the whole story.
//!
//! The folder is written beside its target and renamed into place once
//! checked ([`write`]); `cagec certify check DIR` re-checks one received
//! from someone else ([`check::check_folder`]).

pub mod check;
pub mod claim;
pub mod error;
pub mod manifest;
pub mod proof;
pub mod reference;
pub mod write;

pub use check::{Checked, check_folder};
pub use claim::Claim;
pub use error::{CertifyError, Step};
pub use write::{Request, Tools, certify};

#[cfg(test)]
mod tests;
