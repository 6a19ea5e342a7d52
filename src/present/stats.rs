//! Size of a model, in total and per row family: what `cagec stats` prints.

use serde::Serialize;

use crate::model::{Domain, Model, PresolveReport, RowFamily};

/// Counts for one family of rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Family {
    /// Written as its equation label (`"eq": "2.1"`, `"5.3"`, `"given"`).
    #[serde(rename = "eq")]
    pub family: RowFamily,
    pub rows: usize,
    pub nonzeros: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stats {
    pub variables: usize,
    pub binaries: usize,
    pub integers: usize,
    pub continuous: usize,
    pub rows: usize,
    pub nonzeros: usize,
    /// In order of first appearance in the model.
    pub families: Vec<Family>,
    /// What presolve removed, when it ran.
    pub presolve: Option<PresolveReport>,
}

impl Stats {
    pub fn of(model: &Model) -> Stats {
        let mut s = Stats {
            variables: model.num_vars(),
            binaries: 0,
            integers: 0,
            continuous: 0,
            rows: model.num_rows(),
            nonzeros: model.num_nonzeros(),
            families: Vec::new(),
            presolve: model.presolve,
        };
        for v in model.vars() {
            match model.domain(v) {
                Domain::Binary => s.binaries += 1,
                Domain::Integer { .. } => s.integers += 1,
                Domain::Continuous { .. } => s.continuous += 1,
            }
        }
        for row in model.rows() {
            let family = row.info.family;
            match s.families.iter_mut().find(|f| f.family == family) {
                Some(f) => {
                    f.rows += 1;
                    f.nonzeros += row.terms.len();
                }
                None => s.families.push(Family {
                    family,
                    rows: 1,
                    nonzeros: row.terms.len(),
                }),
            }
        }
        s
    }
}
