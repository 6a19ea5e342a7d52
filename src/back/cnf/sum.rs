//! Any other linear row `Σ w·v (=, ≤, ≥) t` as clauses: its partial sums in
//! the order encoding.
//!
//! The row's variables are taken in layers: the x of one cell form one layer
//! (exactly one of them is 1, by the cell's row (2.1)), contributing the
//! weight of the x that is 1 (0 for the cell's x the row does not name); any
//! other variable is a layer of its own, contributing its weight or 0. After
//! layer i the partial sum is P_i, and `o(i,s)` is true exactly when
//! P_i ≥ s, tied to the layer before in both directions:
//! `option ∧ o(i−1, s−w) → o(i,s)` and `option ∧ ¬o(i−1, s−w) → ¬o(i,s)`.
//! Thresholds that no filling can reach, or that the row's right-hand side
//! rules out from the layers still to come, are constants rather than
//! variables, so the last layer is the right-hand side itself. Every `o` is
//! a function of the row's variables: the encoding adds no solutions.

use super::{Groups, Lit, Sink};
use crate::model::{Row, Sense};

/// What `o(i,s)` is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    True,
    False,
    Var(Lit),
}

/// The thresholds of one layer: `o(i,s)` is true for `s ≤ lo`, false for
/// `s > hi`, a variable in between.
struct Thresholds {
    lo: i64,
    hi: i64,
    vars: Vec<Lit>,
}

impl Thresholds {
    fn state(&self, s: i64) -> State {
        if s <= self.lo {
            State::True
        } else if s > self.hi {
            State::False
        } else {
            State::Var(self.vars[(s - self.lo - 1) as usize])
        }
    }
}

/// The layers of `row`: each a list of `(literal, weight)` options of which
/// exactly one holds.
pub(super) fn layers(row: &Row<'_>, groups: &Groups) -> Vec<Vec<(Lit, i64)>> {
    let mut layers: Vec<Vec<(Lit, i64)>> = Vec::new();
    let mut layer_of_group = std::collections::HashMap::new();
    for t in row.terms {
        let (lit, w) = (super::lit(t.var), i64::from(t.coef));
        match groups.group(t.var) {
            Some((g, members)) => {
                let at = *layer_of_group.entry(g).or_insert_with(|| {
                    layers.push(members.iter().map(|&m| (super::lit(m), 0)).collect());
                    layers.len() - 1
                });
                if let Some(option) = layers[at].iter_mut().find(|o| o.0 == lit) {
                    option.1 = w;
                }
            }
            None => layers.push(vec![(-lit, 0), (lit, w)]),
        }
    }
    layers
}

/// Writes `row` through its partial sums.
pub(super) fn encode(row: &Row<'_>, groups: &Groups, sink: &mut dyn Sink) {
    let layers = layers(row, groups);
    let rhs = row.info.rhs;
    let (low, high) = match row.info.sense {
        Sense::Eq => (Some(rhs), Some(rhs)),
        Sense::Le => (None, Some(rhs)),
        Sense::Ge => (Some(rhs), None),
    };
    let range = |l: &[(Lit, i64)]| {
        let ws = l.iter().map(|o| o.1);
        (ws.clone().min().unwrap_or(0), ws.max().unwrap_or(0))
    };
    let m = layers.len();
    // rest[i]: the least and most the layers after i can add.
    let mut rest = vec![(0i64, 0i64); m + 1];
    for i in (0..m).rev() {
        let (a, b) = range(&layers[i]);
        rest[i] = (rest[i + 1].0 + a, rest[i + 1].1 + b);
    }
    let bounds = |i: usize, least: i64, most: i64| {
        let lo = low.map_or(least, |l| least.max(l - rest[i].1));
        let hi = high.map_or(most, |h| most.min(h - rest[i].0));
        (lo, hi)
    };
    let (lo, hi) = bounds(0, 0, 0);
    if lo > hi {
        // No filling meets the row.
        let a = sink.aux(false);
        sink.clause(&[a]);
        sink.clause(&[-a]);
        return;
    }
    let mut before = Thresholds {
        lo,
        hi,
        vars: Vec::new(),
    };
    let (mut least, mut most, mut partial) = (0i64, 0i64, 0i64);
    for (i, layer) in layers.iter().enumerate() {
        let (a, b) = range(layer);
        (least, most) = (least + a, most + b);
        partial += layer
            .iter()
            .filter(|o| sink.value(o.0))
            .map(|o| o.1)
            .sum::<i64>();
        let (lo, hi) = bounds(i + 1, least, most);
        let vars = (lo + 1..=hi).map(|s| sink.aux(partial >= s)).collect();
        let now = Thresholds { lo, hi, vars };
        for &(lit, w) in layer {
            tie(&before, &now, lit, w, sink);
        }
        before = now;
    }
}

/// Under `lit` (an option of weight `w`), `o(i,s)` is `o(i−1, s−w)`.
fn tie(before: &Thresholds, now: &Thresholds, lit: Lit, w: i64, sink: &mut dyn Sink) {
    let from = now.lo.min(before.lo + w);
    let to = now.hi.max(before.hi + w) + 1;
    let pairs = (from..=to).map(|s| (before.state(s - w), now.state(s)));
    let impossible = pairs
        .clone()
        .any(|p| matches!(p, (State::True, State::False) | (State::False, State::True)));
    if impossible {
        sink.clause(&[-lit]);
        return;
    }
    for pair in pairs {
        match pair {
            (State::True, State::Var(b)) => sink.clause(&[-lit, b]),
            (State::False, State::Var(b)) => sink.clause(&[-lit, -b]),
            (State::Var(a), State::True) => sink.clause(&[-lit, a]),
            (State::Var(a), State::False) => sink.clause(&[-lit, -a]),
            (State::Var(a), State::Var(b)) => {
                sink.clause(&[-lit, -a, b]);
                sink.clause(&[-lit, a, -b]);
            }
            _ => {}
        }
    }
}
