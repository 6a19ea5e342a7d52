//! The built-in solver: the J-wiki essay's elimination and guessing on cage
//! tuples, with stronger propagation. Domains are bitsets (bit v−1 = value
//! v), so n ≤ 64.
//!
//! Propagation, repeated to a fixpoint:
//! - a cage keeps only tuples inside the current domains, and each of its
//!   cells keeps only the values some live tuple gives it;
//! - if every live tuple of a cage places value v in line L (a row or
//!   column), no other cell of L can hold v. This generalises the essay's rule,
//!   which asks that all tuples use the same digits in L;
//! - Latin singles: a fixed cell removes its value from its row and column, and
//!   a value with a single place in a line goes there.
//!
//! Search fans out the cage with the fewest live tuples, or the cell with the
//! fewest values if that is smaller. Cages with too many tuples to list (huge
//! sum cages) are checked by bounds instead.

use crate::ir::{Grid, Op, Puzzle};
use crate::tuples::{self, Tuples};

/// Largest grid the native solver takes.
pub const MAX_SIZE: usize = 64;

#[derive(Clone, Debug)]
pub struct Options {
    /// Stop after this many solutions (1 to solve, 2 to prove uniqueness).
    pub max_solutions: usize,
    /// Cages with more tuples than this are propagated by bounds.
    pub tuple_limit: usize,
    /// Give up (with `complete: false`) after this moment.
    pub deadline: Option<std::time::Instant>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            max_solutions: 1,
            tuple_limit: tuples::DEFAULT_LIMIT,
            deadline: None,
        }
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Distinct solutions, in the order found.
    pub solutions: Vec<Grid>,
    /// True when the whole search space was explored, so `solutions` is all
    /// of them; false when it stopped at `max_solutions`.
    pub complete: bool,
    /// Search nodes (propagation + branch) visited.
    pub nodes: u64,
    /// True when the deadline stopped the search.
    pub timed_out: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NativeError {
    #[error("the native solver handles grids up to {MAX_SIZE}x{MAX_SIZE}, not {0}x{0}")]
    TooLarge(usize),
}

/// Solves `puzzle` (which must have passed validation).
pub fn solve(puzzle: &Puzzle, opts: &Options) -> Result<Outcome, NativeError> {
    let n = puzzle.size;
    if n > MAX_SIZE {
        return Err(NativeError::TooLarge(n));
    }
    let problem = Problem::new(puzzle, opts.tuple_limit);
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut search = SearchState {
        p: &problem,
        max: opts.max_solutions.max(1),
        solutions: Vec::new(),
        nodes: 0,
        deadline: opts.deadline,
        timed_out: false,
    };
    let complete = search.dfs(vec![full; n * n]);
    Ok(Outcome {
        solutions: search.solutions,
        complete,
        nodes: search.nodes,
        timed_out: search.timed_out,
    })
}

/// The cell domains after propagation at the root (bit v−1 = value v, cells
/// row-major), or None when propagation alone proves there is no solution.
pub fn root_domains(puzzle: &Puzzle, tuple_limit: usize) -> Result<Option<Vec<u64>>, NativeError> {
    let n = puzzle.size;
    if n > MAX_SIZE {
        return Err(NativeError::TooLarge(n));
    }
    let problem = Problem::new(puzzle, tuple_limit);
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut dom = vec![full; n * n];
    Ok(propagate(&problem, &mut dom).map(|_| dom))
}

/// A cage as the solver sees it.
struct CageInfo {
    cells: Vec<usize>,
    rule: Rule,
    /// For each line the cage touches: the line, the tuple positions in it,
    /// and the cells of the line outside the cage.
    lines: Vec<(usize, Vec<usize>, Vec<usize>)>,
}

enum Rule {
    Table(Tuples),
    /// Too many tuples: sum by bounds, product by divisibility; `distinct`
    /// when the cage's values must all differ (Killer Sudoku).
    Bounds {
        op: Op,
        target: u64,
        distinct: bool,
    },
}

struct Problem {
    n: usize,
    cages: Vec<CageInfo>,
    /// `lines[l]`: the cells of row l (l < n), column l − n, or, in Killer
    /// Sudoku, box l − 2n: each holds every value exactly once.
    lines: Vec<Vec<usize>>,
}

impl Problem {
    fn new(puzzle: &Puzzle, tuple_limit: usize) -> Problem {
        let n = puzzle.size;
        let boxes = puzzle.boxes();
        let lines: Vec<Vec<usize>> = (0..n)
            .map(|r| (0..n).map(|c| r * n + c).collect())
            .chain((0..n).map(|c| (0..n).map(|r| r * n + c).collect()))
            .chain(boxes.iter().map(|b| b.iter().map(|c| c.index(n)).collect()))
            .collect();
        let mut box_of = vec![usize::MAX; n * n];
        for (b, cells) in boxes.iter().enumerate() {
            for c in cells {
                box_of[c.index(n)] = 2 * n + b;
            }
        }
        let distinct = matches!(puzzle.rules, crate::ir::Rules::Killer { .. });
        let cages = puzzle
            .cages
            .iter()
            .map(|cage| {
                let rule = match tuples::enumerate_under(puzzle.rules, cage, n, tuple_limit) {
                    Ok(t) => Rule::Table(t),
                    Err(_) => Rule::Bounds {
                        op: cage.op,
                        target: cage.target,
                        distinct,
                    },
                };
                let cells: Vec<usize> = cage.sorted_cells().iter().map(|c| c.index(n)).collect();
                let mut touched: Vec<usize> = cells
                    .iter()
                    .flat_map(|&c| [c / n, n + c % n, box_of[c]])
                    .filter(|&l| l != usize::MAX)
                    .collect();
                touched.sort_unstable();
                touched.dedup();
                let lines_of = touched
                    .into_iter()
                    .map(|l| {
                        let pos = (0..cells.len())
                            .filter(|&i| lines[l].contains(&cells[i]))
                            .collect();
                        let others = lines[l]
                            .iter()
                            .copied()
                            .filter(|c| !cells.contains(c))
                            .collect();
                        (l, pos, others)
                    })
                    .collect();
                CageInfo {
                    cells,
                    rule,
                    lines: lines_of,
                }
            })
            .collect();
        Problem { n, cages, lines }
    }
}

struct SearchState<'a> {
    p: &'a Problem,
    max: usize,
    solutions: Vec<Grid>,
    nodes: u64,
    deadline: Option<std::time::Instant>,
    timed_out: bool,
}

/// Branching choice after propagation.
enum Branch {
    Solved,
    Cage { cage: usize, live: Vec<usize> },
    Cell { cell: usize },
}

impl SearchState<'_> {
    /// Explores from `dom`; false when the solution limit stopped the search.
    fn dfs(&mut self, mut dom: Vec<u64>) -> bool {
        self.nodes += 1;
        // The clock is read every 256 nodes: cheap, and nodes take microseconds.
        if self.nodes.is_multiple_of(256)
            && self
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
        {
            self.timed_out = true;
        }
        if self.timed_out {
            return false;
        }
        let Some(branch) = propagate(self.p, &mut dom) else {
            return true;
        };
        match branch {
            Branch::Solved => {
                let n = self.p.n;
                let values = (0..n)
                    .map(|r| {
                        (0..n)
                            .map(|c| dom[r * n + c].trailing_zeros() + 1)
                            .collect()
                    })
                    .collect();
                self.solutions.push(Grid { values });
                self.solutions.len() < self.max
            }
            Branch::Cage { cage, live } => {
                let info = &self.p.cages[cage];
                let Rule::Table(t) = &info.rule else {
                    unreachable!("only table cages are fanned out")
                };
                for i in live {
                    let mut next = dom.clone();
                    for (&cell, &v) in info.cells.iter().zip(t.get(i)) {
                        next[cell] = 1 << (v - 1);
                    }
                    if !self.dfs(next) {
                        return false;
                    }
                }
                true
            }
            Branch::Cell { cell } => {
                let mut bits = dom[cell];
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    bits &= bits - 1;
                    let mut next = dom.clone();
                    next[cell] = bit;
                    if !self.dfs(next) {
                        return false;
                    }
                }
                true
            }
        }
    }
}

/// Propagates to a fixpoint. None: a contradiction. Otherwise what to branch on.
fn propagate(p: &Problem, dom: &mut [u64]) -> Option<Branch> {
    let mut live_counts = vec![0usize; p.cages.len()];
    loop {
        let mut changed = false;
        for (ci, cage) in p.cages.iter().enumerate() {
            let (c, live) = match &cage.rule {
                Rule::Table(t) => filter_table(cage, t, dom)?,
                Rule::Bounds {
                    op,
                    target,
                    distinct,
                } => (filter_bounds(cage, *op, *target, *distinct, dom)?, 0),
            };
            changed |= c;
            live_counts[ci] = live;
        }
        changed |= latin(p, dom)?;
        if !changed {
            break;
        }
    }
    choose(p, dom, &live_counts)
}

/// Keeps the tuples inside the domains; narrows the cage's cells to them and
/// removes, from each line, the values every live tuple places in it.
fn filter_table(cage: &CageInfo, t: &Tuples, dom: &mut [u64]) -> Option<(bool, usize)> {
    let mut union = vec![0u64; cage.cells.len()];
    let mut required: Vec<u64> = vec![u64::MAX; cage.lines.len()];
    let mut live = 0;
    for tuple in t.iter() {
        if !tuple
            .iter()
            .zip(&cage.cells)
            .all(|(&v, &c)| dom[c] >> (v - 1) & 1 == 1)
        {
            continue;
        }
        live += 1;
        for (u, &v) in union.iter_mut().zip(tuple) {
            *u |= 1 << (v - 1);
        }
        for (req, (_, pos, _)) in required.iter_mut().zip(&cage.lines) {
            let placed = pos.iter().fold(0u64, |acc, &i| acc | 1 << (tuple[i] - 1));
            *req &= placed;
        }
    }
    if live == 0 {
        return None;
    }
    let mut changed = false;
    for (&c, &u) in cage.cells.iter().zip(union.iter()) {
        changed |= narrow(dom, c, u)?;
    }
    for (req, (_, _, others)) in required.iter().zip(&cage.lines) {
        if *req != 0 {
            for &c in others {
                changed |= narrow(dom, c, !req)?;
            }
        }
    }
    Some((changed, live))
}

/// Bounds reasoning for cages too large to tabulate.
fn filter_bounds(
    cage: &CageInfo,
    op: Op,
    target: u64,
    distinct: bool,
    dom: &mut [u64],
) -> Option<bool> {
    let min = |d: u64| d.trailing_zeros() as u64 + 1;
    let max = |d: u64| 64 - d.leading_zeros() as u64;
    let mut changed = false;
    if distinct {
        // A fixed value leaves the cage's other cells.
        for &c in &cage.cells {
            if dom[c].count_ones() == 1 {
                for &other in cage.cells.iter().filter(|&&o| o != c) {
                    changed |= narrow(dom, other, !dom[c])?;
                }
            }
        }
    }
    match op {
        Op::Add => {
            let lo: u64 = cage.cells.iter().map(|&c| min(dom[c])).sum();
            let hi: u64 = cage.cells.iter().map(|&c| max(dom[c])).sum();
            if target < lo || target > hi {
                return None;
            }
            for &c in &cage.cells {
                // Each cell must leave room for the others' extremes.
                let others_lo = lo - min(dom[c]);
                let others_hi = hi - max(dom[c]);
                let cell_hi = target - others_lo;
                let cell_lo = target.saturating_sub(others_hi);
                let mask = range_mask(cell_lo.max(1), cell_hi.min(64));
                changed |= narrow(dom, c, mask)?;
            }
        }
        Op::Mul => {
            for &c in &cage.cells {
                let mask = (1..=64u64)
                    .filter(|v| target.is_multiple_of(*v))
                    .fold(0u64, |m, v| m | 1 << (v - 1));
                changed |= narrow(dom, c, mask)?;
            }
            if cage.cells.iter().all(|&c| dom[c].count_ones() == 1) {
                let product = cage
                    .cells
                    .iter()
                    .try_fold(1u64, |acc, &c| acc.checked_mul(min(dom[c])));
                if product != Some(target) {
                    return None;
                }
            }
        }
        // No bounds reasoning: checked when every cell is fixed.
        Op::Sub | Op::Div | Op::Hidden | Op::Given => {}
    }
    Some(changed)
}

fn range_mask(lo: u64, hi: u64) -> u64 {
    if lo > hi {
        return 0;
    }
    let upto = |v: u64| if v >= 64 { u64::MAX } else { (1u64 << v) - 1 };
    upto(hi) & !upto(lo - 1)
}

/// `dom[c] &= mask`; None if it empties, Some(changed) otherwise.
fn narrow(dom: &mut [u64], c: usize, mask: u64) -> Option<bool> {
    let new = dom[c] & mask;
    if new == 0 {
        return None;
    }
    let changed = new != dom[c];
    dom[c] = new;
    Some(changed)
}

/// Naked and hidden singles over rows and columns.
fn latin(p: &Problem, dom: &mut [u64]) -> Option<bool> {
    let mut changed = false;
    for line in &p.lines {
        // Naked singles: fixed values leave the rest of the line.
        let mut fixed = 0u64;
        for &c in line {
            if dom[c].count_ones() == 1 {
                if fixed & dom[c] != 0 {
                    return None;
                }
                fixed |= dom[c];
            }
        }
        for &c in line {
            if dom[c].count_ones() > 1 {
                changed |= narrow(dom, c, !fixed)?;
            }
        }
        // Hidden singles: a value with one place goes there.
        let mut once = 0u64;
        let mut twice = 0u64;
        for &c in line {
            twice |= once & dom[c];
            once |= dom[c];
        }
        let full = if p.n == 64 {
            u64::MAX
        } else {
            (1u64 << p.n) - 1
        };
        if once != full {
            return None;
        }
        let single = once & !twice;
        if single != 0 {
            for &c in line {
                let s = dom[c] & single;
                if s != 0 && dom[c] != s {
                    if s.count_ones() > 1 {
                        return None;
                    }
                    dom[c] = s;
                    changed = true;
                }
            }
        }
    }
    Some(changed)
}

/// Picks the branch with the fewest alternatives, or reports a solution.
fn choose(p: &Problem, dom: &[u64], live_counts: &[usize]) -> Option<Branch> {
    let cell = (0..dom.len())
        .filter(|&c| dom[c].count_ones() > 1)
        .min_by_key(|&c| dom[c].count_ones());
    let Some(cell) = cell else {
        // All fixed: the bounds cages still need their exact check.
        return all_cages_hold(p, dom).then_some(Branch::Solved);
    };
    let cell_width = dom[cell].count_ones() as usize;
    let cage = (0..p.cages.len())
        .filter(|&i| live_counts[i] > 1)
        .min_by_key(|&i| (live_counts[i], usize::MAX - p.cages[i].cells.len()));
    match cage {
        Some(ci) if live_counts[ci] < cell_width => {
            let Rule::Table(t) = &p.cages[ci].rule else {
                unreachable!("bounds cages report no live count")
            };
            let cells = &p.cages[ci].cells;
            let live = (0..t.count())
                .filter(|&i| {
                    t.get(i)
                        .iter()
                        .zip(cells)
                        .all(|(&v, &c)| dom[c] >> (v - 1) & 1 == 1)
                })
                .collect();
            Some(Branch::Cage { cage: ci, live })
        }
        _ => Some(Branch::Cell { cell }),
    }
}

fn all_cages_hold(p: &Problem, dom: &[u64]) -> bool {
    p.cages.iter().all(|cage| match cage.rule {
        Rule::Table(_) => true,
        Rule::Bounds {
            op,
            target,
            distinct,
        } => {
            let seen = cage.cells.iter().fold(0u64, |acc, &c| acc | dom[c]);
            if distinct && seen.count_ones() as usize != cage.cells.len() {
                return false;
            }
            let values: Vec<u32> = cage
                .cells
                .iter()
                .map(|&c| dom[c].trailing_zeros() + 1)
                .collect();
            crate::verify::op_holds(op, target as u128, &values)
        }
    })
}

#[cfg(test)]
mod tests;
