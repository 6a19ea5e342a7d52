//! Back-ends: a [`Model`](crate::model::Model) in, solver input files out.
//! Each writes straight into an `io::Write`, so memory does not grow with the
//! output.

/// The output formats of `cagec compile --to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// CPLEX-LP, read identically by HiGHS, CBC and glpsol.
    Lp,
    /// Free MPS.
    Mps,
    /// Fixed-column MPS (names longer than 8 characters renamed, with a map).
    FixedMps,
    /// AMPL model + data pair (runs in glpsol).
    Ampl,
}
