//! The propagators by id, for either engine: cages first (`0..cages`, a
//! compact table or the cage's arithmetic), then lines (matching). The
//! depth-first search's propagation and lazy clause generation both run a
//! propagator through [`run`], each on its own [`Domains`], [`Tables`] and
//! [`Hints`]; the compiler makes a copy of it for each.

use super::Fail;
use super::alldiff;
use super::domains::Domains;
use super::hints::Hints;
use super::problem::{CageKind, Problem, PropId};
use super::table::Tables;

/// Runs propagator `id` once.
#[inline]
pub(super) fn run<D: Domains, T: Tables>(
    p: &Problem,
    id: PropId,
    d: &mut D,
    tables: &mut T,
    hints: &mut Hints,
) -> Result<(), Fail> {
    let id = id as usize;
    match p.cages.get(id) {
        Some(cage) => match &cage.kind {
            CageKind::Table(t) => {
                let mut live = tables.live(id, t);
                t.filter(id, &cage.cells, d, &mut live, hints.table(t))
            }
            CageKind::Fallback(f) => {
                d.unexplained(&cage.cells, |plain| f.filter(&cage.cells, plain))
            }
        },
        None => {
            let l = id - p.cages.len();
            alldiff::filter(&p.lines[l], d, hints.line(l))
        }
    }
}

/// Whether one run of propagator `id` reaches its own fixpoint, so that
/// its own narrowings need not schedule it again: tables and lines do;
/// a cage's arithmetic (bounds) may not.
#[inline]
pub(super) fn idempotent(p: &Problem, id: PropId) -> bool {
    match p.cages.get(id as usize) {
        Some(cage) => matches!(cage.kind, CageKind::Table(_)),
        None => true,
    }
}
