//! Random models, not puzzles: every domain kind and infinite bound, costs,
//! negative right-hand sides, names longer than 8 characters and notes with
//! characters no format may carry. Puzzle models reach only some of the
//! back-ends' paths (no `Generals`, no costs, no free or negative bounds).

use cagec::model::{Domain, Model, RowFamily, Sense, Term, VarId};
use proptest::prelude::*;
use proptest::sample::Index;

use super::check_agreement;

/// A variable: long name?, kind (0 binary, 1 integer, 2 continuous), lower
/// bound (−6 is −inf), width (11 is +inf).
type VarSpec = (bool, u8, i64, i64);
/// A row: long name?, terms, sense (0 ≤, 1 ≥, 2 =), right-hand side.
type RowSpec = (bool, Vec<(Index, i64)>, u8, i64);

fn build(vars: &[VarSpec], rows: &[RowSpec], costs: &[(Index, i64)]) -> Model {
    let mut m = Model::new("random");
    m.header = vec!["a header with a tab\there, é and a newline\nin it".into()];
    let ids: Vec<VarId> = vars
        .iter()
        .enumerate()
        .map(|(i, &(long, kind, lo, width))| {
            let lo = if lo == -6 { i64::MIN } else { lo };
            let hi = match width {
                11 => i64::MAX,
                _ if lo == i64::MIN => width - 5,
                _ => lo + width,
            };
            let domain = match kind {
                0 => Domain::Binary,
                1 => Domain::Integer { lo, hi },
                _ => Domain::Continuous { lo, hi },
            };
            if long {
                m.add_var(format_args!("a_long_column_{i}"), domain)
            } else {
                m.add_var(format_args!("c{i}"), domain)
            }
        })
        .collect();
    for (i, (long, terms, sense, rhs)) in rows.iter().enumerate() {
        if i % 3 == 0 {
            m.section(format!("section {i}: ünïcode\r\nand control characters"));
        }
        let mut seen = Vec::new();
        let terms: Vec<(VarId, i64)> = terms
            .iter()
            .map(|(at, coef)| (ids[at.index(ids.len())], if *coef == 0 { 1 } else { *coef }))
            .filter(|(v, _)| {
                let new = !seen.contains(v);
                seen.push(*v);
                new
            })
            .collect();
        let name = if *long {
            format!("a_long_row_name_{i}")
        } else {
            format!("r{i}")
        };
        let sense = [Sense::Le, Sense::Ge, Sense::Eq][*sense as usize % 3];
        let note = format!("row {i}\twith a tab");
        m.add_row(name, RowFamily::Sum, note, terms, sense, *rhs)
            .expect("terms are distinct and nonzero");
    }
    let mut seen = Vec::new();
    for (at, coef) in costs {
        let var = ids[at.index(ids.len())];
        if !seen.contains(&var) {
            seen.push(var);
            m.objective.push(Term {
                var,
                coef: *coef as i32,
            });
        }
    }
    m
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Rows of up to 60 terms, so LP lines wrap.
    #[test]
    fn random_models_read_the_same_in_every_format(
        vars in prop::collection::vec((any::<bool>(), 0u8..3, -6i64..6, 0i64..12), 1..40),
        rows in prop::collection::vec(
            (any::<bool>(), prop::collection::vec((any::<Index>(), -1000i64..1000), 1..60),
             0u8..3, -100_000i64..100_000),
            1..12,
        ),
        costs in prop::collection::vec((any::<Index>(), -50i64..50), 0..8),
    ) {
        let model = build(&vars, &rows, &costs);
        check_agreement("random model", &model);
    }
}
