//! The split of cube-and-conquer: a look-ahead on the literals the search
//! would branch on cuts what the root left into cubes.
//!
//! The cube tree grows best first: the open cube with the largest search
//! space left (the sum over cells of log2 of the values they keep, after
//! propagation) is split next, so the cubes come out of about one size and
//! no worker is left with the hard half of the tree. A cube is split on one
//! cell-value literal, both ways (the cell takes the value, or does not), so
//! the two halves cover the cube exactly. The literal is chosen as march's
//! look-ahead chooses: each candidate is propagated both ways with the
//! depth-first search's propagator, and the literal whose two halves are
//! both smallest (the product of the two reductions) wins. The candidates
//! are the cell values a warm-up run of CaDiCaL met most in its learnt
//! clauses, or, with no warm-up (a split for other machines), the values of
//! the cells the depth-first search would branch on first (smallest domain
//! per failure weight, dom/wdeg). A literal whose one side
//! propagation refutes is not a split: its other side joins the cube (a
//! failed literal), and a cube whose two sides both fail is refuted.

use std::collections::BinaryHeap;

use super::Clock;
use super::cube::Literal;
use super::problem::Problem;
use super::propagation::{Propagator, State};

/// Cells whose values the look-ahead tries at each split.
const CANDIDATE_CELLS: usize = 8;

/// Literals the look-ahead tries at each split after a warm-up: the cell
/// values met most often in its learnt clauses.
const ACTIVE_LITERALS: usize = 16;

/// One cube of the split: its literals, and its search space left.
pub(super) struct Leaf {
    pub literals: Vec<Literal>,
    /// Sum over cells of log2 of their values, in 1024ths.
    pub size: u32,
}

/// The cubes of a split, largest first, and how many leaves of the tree
/// propagation refuted.
pub(super) struct Cubing {
    pub cubes: Vec<Leaf>,
    pub refuted: usize,
}

/// Splits `root` into about `target` cubes (fewer when propagation settles
/// parts of the tree, or the clock runs out). `engine` is the search's
/// propagator, with its failure weights; every state it touches is undone.
pub(super) fn split(
    p: &Problem,
    engine: &mut Propagator,
    root: &State,
    target: usize,
    clock: Clock<'_>,
    activity: Option<&[u32]>,
) -> Cubing {
    let mut st = root.clone();
    let mut leaves: Vec<Leaf> = vec![Leaf {
        literals: Vec::new(),
        size: size(&st.dom),
    }];
    // Open leaves by size, the older first among equals.
    let mut open: BinaryHeap<(u32, std::cmp::Reverse<usize>)> = BinaryHeap::new();
    open.push((leaves[0].size, std::cmp::Reverse(0)));
    let mut alive = vec![true];
    let mut count = 1;
    let mut refuted = 0;
    while count < target && !clock.expired() {
        let Some((s, std::cmp::Reverse(i))) = open.pop() else {
            break;
        };
        if s == 0 {
            // Every cell fixed: nothing to split.
            continue;
        }
        let mut literals = std::mem::take(&mut leaves[i].literals);
        engine.mark(&st);
        let look = match replay(p, engine, &mut st, &literals) {
            Ok(()) => look(p, engine, &mut st, &mut literals, activity),
            Err(()) => Look::Refuted,
        };
        let halves = match look {
            Look::Branch(lit) => Some(
                [
                    lit,
                    Literal {
                        holds: false,
                        ..lit
                    },
                ]
                .map(|l| {
                    engine.mark(&st);
                    let size = engine
                        .narrow(p, &mut st, l.cell, l.mask())
                        .ok()
                        .map(|()| size(&st.dom));
                    engine.undo(p, &mut st);
                    (l, size)
                }),
            ),
            Look::Refuted | Look::Settled => None,
        };
        engine.undo(p, &mut st);
        match (look, halves) {
            (Look::Settled, _) => {
                // No open cell left: a cube of its own, size 0.
                leaves[i] = Leaf { literals, size: 0 };
            }
            (_, Some(halves)) => {
                alive[i] = false;
                count -= 1;
                for (lit, size) in halves {
                    let Some(size) = size else {
                        refuted += 1;
                        continue;
                    };
                    let mut lits = literals.clone();
                    lits.push(lit);
                    open.push((size, std::cmp::Reverse(leaves.len())));
                    leaves.push(Leaf {
                        literals: lits,
                        size,
                    });
                    alive.push(true);
                    count += 1;
                }
            }
            _ => {
                alive[i] = false;
                count -= 1;
                refuted += 1;
            }
        }
    }
    let mut cubes: Vec<Leaf> = leaves
        .into_iter()
        .zip(alive)
        .filter_map(|(leaf, alive)| alive.then_some(leaf))
        .collect();
    // Largest first: a hard cube started last would leave the other
    // workers idle at the end. The sort is stable: ties keep tree order.
    cubes.sort_by_key(|leaf| std::cmp::Reverse(leaf.size));
    Cubing { cubes, refuted }
}

/// Narrows `st` by each literal in turn, propagating.
pub(super) fn replay(
    p: &Problem,
    engine: &mut Propagator,
    st: &mut State,
    literals: &[Literal],
) -> Result<(), ()> {
    for lit in literals {
        engine.narrow(p, st, lit.cell, lit.mask()).map_err(|_| ())?;
    }
    Ok(())
}

#[derive(Clone, Copy)]
enum Look {
    /// Split on this literal.
    Branch(Literal),
    /// Propagation refuted the cube.
    Refuted,
    /// Every cell is fixed.
    Settled,
}

/// The literal to split the cube at `st` on. Failed literals found on the
/// way narrow `st` and join `literals`.
fn look(
    p: &Problem,
    engine: &mut Propagator,
    st: &mut State,
    literals: &mut Vec<Literal>,
    activity: Option<&[u32]>,
) -> Look {
    let lits = match activity {
        Some(a) => active_literals(p, a, &st.dom),
        None => cell_literals(p, &engine.weights, &st.dom),
    };
    if lits.is_empty() {
        return Look::Settled;
    }
    let mut best: Option<(u64, Literal)> = None;
    for (cell, b) in lits {
        if st.dom[cell] >> b & 1 == 0 || st.dom[cell].count_ones() < 2 {
            continue;
        }
        let lit = Literal {
            cell,
            value: b + 1,
            holds: true,
        };
        let before = size(&st.dom);
        let mut side = |holds: bool| {
            let l = Literal { holds, ..lit };
            engine.mark(st);
            let after = engine
                .narrow(p, st, cell, l.mask())
                .ok()
                .map(|()| size(&st.dom));
            engine.undo(p, st);
            after
        };
        let (yes, no) = (side(true), side(false));
        let forced = match (yes, no) {
            (Some(yes), Some(no)) => {
                let score = u64::from(before - yes + 1) * u64::from(before - no + 1);
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, lit));
                }
                continue;
            }
            (None, None) => return Look::Refuted,
            (None, Some(_)) => Literal {
                holds: false,
                ..lit
            },
            (Some(_), None) => lit,
        };
        if engine.narrow(p, st, cell, forced.mask()).is_err() {
            return Look::Refuted;
        }
        literals.push(forced);
    }
    match best {
        Some((_, lit))
            if st.dom[lit.cell] >> (lit.value - 1) & 1 == 1
                && st.dom[lit.cell].count_ones() > 1 =>
        {
            Look::Branch(lit)
        }
        // Failed literals fixed what the candidates were: look again.
        _ => look(p, engine, st, literals, activity),
    }
}

/// Literals the look-ahead tries: `(cell, bit)`.
type Candidates = Vec<(usize, u32)>;

/// The values of up to [`CANDIDATE_CELLS`] open cells, the depth-first
/// search's choice first: smallest domain per unit of its constraints'
/// failure weight. A cell of two values splits the same way on either: its
/// first value alone.
fn cell_literals(p: &Problem, weights: &[u32], dom: &[u64]) -> Candidates {
    let mut open: Vec<(u64, u64, usize)> = dom
        .iter()
        .enumerate()
        .filter(|(_, d)| d.count_ones() > 1)
        .map(|(c, d)| {
            let weight: u64 = p.watchers[c]
                .iter()
                .map(|&i| u64::from(weights[i as usize]))
                .sum();
            (u64::from(d.count_ones()), weight, c)
        })
        .collect();
    // size / weight, smallest first, compared without division.
    open.sort_by(|a, b| (a.0 * b.1).cmp(&(b.0 * a.1)).then(a.2.cmp(&b.2)));
    let mut out = Vec::new();
    for (_, _, c) in open.into_iter().take(CANDIDATE_CELLS) {
        let d = dom[c];
        if d.count_ones() == 2 {
            out.push((c, d.trailing_zeros()));
        } else {
            out.extend(super::bits(d).map(|b| (c, b)));
        }
    }
    out
}

/// The open cell values the conflict-driven search met most often in its
/// learnt clauses (`activity[c * n + b]`), most first.
fn active_literals(p: &Problem, activity: &[u32], dom: &[u64]) -> Candidates {
    let n = p.n;
    let mut open: Vec<(u32, usize, u32)> = dom
        .iter()
        .enumerate()
        .filter(|(_, d)| d.count_ones() > 1)
        .flat_map(|(c, &d)| super::bits(d).map(move |b| (activity[c * n + b as usize], c, b)))
        .filter(|&(a, _, _)| a > 0)
        .collect();
    // Most active first; ties in cell and value order.
    open.sort_by(|a, b| b.0.cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
    open.truncate(ACTIVE_LITERALS);
    if open.is_empty() {
        // Nothing met yet: the depth-first search's choice.
        return cell_literals(p, &vec![1; p.cages.len() + p.lines.len()], dom);
    }
    open.into_iter().map(|(_, c, b)| (c, b)).collect()
}

/// The search space of `dom`: the sum over cells of log2 of their values,
/// in 1024ths.
pub(super) fn size(dom: &[u64]) -> u32 {
    dom.iter().map(|d| LOG2[d.count_ones() as usize]).sum()
}

/// log2(k) in 1024ths, for k = 0..=64 (0 for 0 and 1).
const LOG2: [u32; 65] = {
    let mut table = [0; 65];
    let mut k = 2;
    while k <= 64 {
        table[k] = log2_fixed(k as u64);
        k += 1;
    }
    table
};

/// log2(k) in 1024ths, by repeated squaring: integer arithmetic, so every
/// machine splits the same way.
const fn log2_fixed(k: u64) -> u32 {
    let int = k.ilog2();
    // k / 2^int in [1, 2), as a 32-bit fraction.
    let mut y: u128 = ((k as u128) << 32) >> int;
    let mut frac = 0;
    let mut i = 0;
    while i < 10 {
        y = (y * y) >> 32;
        frac <<= 1;
        if y >= 2 << 32 {
            y >>= 1;
            frac |= 1;
        }
        i += 1;
    }
    int << 10 | frac
}
