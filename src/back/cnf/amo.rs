//! At-most-one over a few literals: pairwise (k(k−1)/2 binary clauses, no
//! new variables) or the sequential counter of Sinz (2005): 3k−4 clauses and
//! k−1 auxiliaries `s_i`, each true when one of the first i literals is.

use super::{Lit, Sink};

/// How an at-most-one is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Amo {
    /// Pairwise up to [`PAIRWISE_MAX`] literals, the sequential counter above.
    #[default]
    Auto,
    /// Every pair of literals: `¬a ∨ ¬b`.
    Pairwise,
    /// Sinz's sequential counter.
    Sequential,
}

/// The largest at-most-one [`Amo::Auto`] writes pairwise (measured in
/// docs/outputs.md: `cargo bench --bench families`).
pub const PAIRWISE_MAX: usize = 9;

impl Amo {
    /// Whether an at-most-one over `k` literals is written pairwise.
    fn pairwise(self, k: usize) -> bool {
        match self {
            Amo::Auto => k <= PAIRWISE_MAX,
            Amo::Pairwise => true,
            Amo::Sequential => false,
        }
    }
}

/// At most one of `lits` is true.
pub(super) fn at_most_one(lits: &[Lit], amo: Amo, sink: &mut dyn Sink) {
    let k = lits.len();
    if k < 2 {
        return;
    }
    if amo.pairwise(k) {
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                sink.clause(&[-a, -b]);
            }
        }
        return;
    }
    // s_i: one of lits[0..=i] is true (i < k-1).
    let mut before = sink.value(lits[0]);
    let mut s = sink.aux(before);
    sink.clause(&[-lits[0], s]);
    for &x in &lits[1..k - 1] {
        let now = before || sink.value(x);
        let next = sink.aux(now);
        sink.clause(&[-x, next]);
        sink.clause(&[-s, next]);
        sink.clause(&[-x, -s]);
        (s, before) = (next, now);
    }
    sink.clause(&[-lits[k - 1], -s]);
}
