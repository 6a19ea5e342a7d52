//! Synthetic puzzles: a random Latin square cut into random connected cages
//! whose clues are read off the square. Deterministic for a seed (a small
//! SplitMix64, so the sequence never changes with a dependency's version).

use crate::diag::Span;
use crate::ir::{Cage, Cell, Grid, Op, Puzzle};

/// SplitMix64: tiny, fast, and stable across platforms and releases.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` (`bound > 0`).
    pub fn below(&mut self, bound: usize) -> usize {
        ((self.next_u64() as u128 * bound as u128) >> 64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// Options of the generator.
#[derive(Clone, Debug)]
pub struct Options {
    pub size: usize,
    pub seed: u64,
    /// Largest cage, in cells.
    pub max_cage: usize,
    /// Operations allowed (`Op::Given` is used only for cells left alone).
    pub ops: Vec<Op>,
}

/// A random Latin square: a cyclic square with rows, columns and symbols permuted.
pub fn latin_square(n: usize, rng: &mut Rng) -> Grid {
    let mut rows: Vec<usize> = (0..n).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    let mut syms: Vec<u32> = (1..=n as u32).collect();
    rng.shuffle(&mut rows);
    rng.shuffle(&mut cols);
    rng.shuffle(&mut syms);
    let values = (0..n)
        .map(|i| (0..n).map(|j| syms[(rows[i] + cols[j]) % n]).collect())
        .collect();
    Grid { values }
}

/// A puzzle and the grid it was cut from (a solution, not always the only one).
pub fn puzzle(opts: &Options) -> (Puzzle, Grid) {
    let n = opts.size;
    let mut rng = Rng::new(opts.seed);
    let grid = latin_square(n, &mut rng);
    let regions = regions(n, opts.max_cage.max(1), &mut rng);
    let cages = regions
        .into_iter()
        .map(|cells| clue(&cells, &grid, &opts.ops, &mut rng))
        .collect();
    (
        Puzzle {
            size: n,
            cages,
            rules: crate::ir::Rules::KenKen,
        },
        grid,
    )
}

/// Random connected regions covering the grid, grown from cells in a random order.
fn regions(n: usize, max_cage: usize, rng: &mut Rng) -> Vec<Vec<Cell>> {
    let mut owner = vec![usize::MAX; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut out: Vec<Vec<usize>> = Vec::new();
    for start in order {
        if owner[start] != usize::MAX {
            continue;
        }
        let id = out.len();
        // Singletons make puzzles easy: aim for 2.. cells, and fold the
        // singletons that could not grow into a neighbour below.
        let target = if max_cage >= 2 {
            2 + rng.below(max_cage - 1)
        } else {
            1
        };
        let mut cells = vec![start];
        owner[start] = id;
        while cells.len() < target {
            let mut frontier: Vec<usize> = cells
                .iter()
                .flat_map(|&c| neighbours(c, n))
                .filter(|&c| owner[c] == usize::MAX)
                .collect();
            frontier.sort_unstable();
            frontier.dedup();
            if frontier.is_empty() {
                break;
            }
            let next = frontier[rng.below(frontier.len())];
            owner[next] = id;
            cells.push(next);
        }
        out.push(cells);
    }
    fold_singletons(&mut out, &mut owner, n, max_cage);
    let mut out: Vec<Vec<Cell>> = out
        .into_iter()
        .filter(|cells| !cells.is_empty())
        .map(|mut cells| {
            cells.sort_unstable();
            cells.into_iter().map(|c| Cell::from_index(c, n)).collect()
        })
        .collect();
    // Cages in order of their first cell, as a printed puzzle lists them.
    out.sort_by_key(|cells| cells[0]);
    out
}

/// Moves each single-cell region into its smallest neighbouring region that
/// has room, as Keen's generator does; singletons with no such neighbour stay.
fn fold_singletons(regions: &mut [Vec<usize>], owner: &mut [usize], n: usize, max_cage: usize) {
    for id in 0..regions.len() {
        if regions[id].len() != 1 {
            continue;
        }
        let cell = regions[id][0];
        let target = neighbours(cell, n)
            .map(|c| owner[c])
            .filter(|&o| o != id && regions[o].len() < max_cage)
            .min_by_key(|&o| (regions[o].len(), o));
        if let Some(o) = target {
            regions[id].clear();
            regions[o].push(cell);
            owner[cell] = o;
        }
    }
}

fn neighbours(c: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, col) = (c / n, c % n);
    let up = (r > 0).then(|| c - n);
    let down = (r + 1 < n).then_some(c + n);
    let left = (col > 0).then(|| c - 1);
    let right = (col + 1 < n).then_some(c + 1);
    [up, down, left, right].into_iter().flatten()
}

/// A clue for `cells` that the grid satisfies, from the allowed operations.
fn clue(cells: &[Cell], grid: &Grid, ops: &[Op], rng: &mut Rng) -> Cage {
    let values: Vec<u64> = cells.iter().map(|&c| grid.get(c) as u64).collect();
    let mut candidates: Vec<(Op, u64)> = Vec::new();
    if let [a, b] = values[..] {
        let (lo, hi) = (a.min(b), a.max(b));
        if ops.contains(&Op::Sub) {
            candidates.push((Op::Sub, hi - lo));
        }
        if ops.contains(&Op::Div) && hi % lo == 0 {
            candidates.push((Op::Div, hi / lo));
        }
    }
    if values.len() > 1 {
        if ops.contains(&Op::Add) {
            candidates.push((Op::Add, values.iter().sum()));
        }
        let product = values.iter().try_fold(1u64, |p, &v| p.checked_mul(v));
        if let (true, Some(p)) = (ops.contains(&Op::Mul), product) {
            candidates.push((Op::Mul, p));
        }
    }
    let (op, target) = if candidates.is_empty() {
        if values.len() == 1 {
            (Op::Given, values[0])
        } else {
            (Op::Add, values.iter().sum())
        }
    } else {
        candidates[rng.below(candidates.len())]
    };
    Cage {
        target,
        op,
        cells: cells.to_vec(),
        span: Span::default(),
    }
}

/// A puzzle with exactly one solution: generated as by [`puzzle`], then
/// reshaped where two solutions differ until the native solver proves it
/// unique. Returns the puzzle, its solution and the number of reshapes.
pub fn unique_puzzle(opts: &Options) -> Result<(Puzzle, Grid, usize), crate::native::NativeError> {
    let (mut p, grid) = puzzle(opts);
    let mut rng = Rng::new(opts.seed ^ 0x05EE_D0F0_AB1E);
    let native_opts = crate::native::Options {
        max_solutions: 2,
        ..Default::default()
    };
    for reshapes in 0.. {
        let out = crate::native::solve(&p, &native_opts)?;
        let other = match out.solutions.iter().find(|g| **g != grid) {
            Some(g) => g.clone(),
            None => return Ok((p, grid, reshapes)),
        };
        reshape(&mut p, &grid, &other, &opts.ops, &mut rng);
    }
    unreachable!("the loop returns")
}

/// Changes one cage that holds a cell where `other` differs from `grid`: a
/// new clue that `other` breaks if there is one, else the cell leaves its cage
/// as a given. Each step removes `other` or shrinks a cage, so it terminates.
fn reshape(p: &mut Puzzle, grid: &Grid, other: &Grid, ops: &[Op], rng: &mut Rng) {
    let n = p.size;
    let differing: Vec<Cell> = (0..n * n)
        .map(|i| Cell::from_index(i, n))
        .filter(|&c| grid.get(c) != other.get(c))
        .collect();
    let cell = differing[rng.below(differing.len())];
    let ci = p
        .cages
        .iter()
        .position(|c| c.cells.contains(&cell))
        .expect("covered");
    let cells = p.cages[ci].cells.clone();
    let broken_by_other = |cage: &Cage| {
        let values: Vec<u32> = cage.cells.iter().map(|&c| other.get(c)).collect();
        !crate::verify::cage_holds(cage, &values)
    };
    for _ in 0..8 {
        let candidate = clue(&cells, grid, ops, rng);
        if broken_by_other(&candidate) {
            p.cages[ci] = Cage {
                span: p.cages[ci].span,
                ..candidate
            };
            return;
        }
    }
    // Split: the cell becomes a given; the rest stays a cage if still connected,
    // else each remaining cell is given too (rare, and always unique-making).
    let rest: Vec<Cell> = cells.iter().copied().filter(|&c| c != cell).collect();
    let mut replacement = vec![given(cell, grid)];
    if !rest.is_empty() {
        if connected(&rest) {
            replacement.push(clue(&rest, grid, ops, rng));
        } else {
            replacement.extend(rest.iter().map(|&c| given(c, grid)));
        }
    }
    p.cages.splice(ci..=ci, replacement);
}

fn given(cell: Cell, grid: &Grid) -> Cage {
    Cage {
        target: grid.get(cell) as u64,
        op: Op::Given,
        cells: vec![cell],
        span: Span::default(),
    }
}

fn connected(cells: &[Cell]) -> bool {
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        for (j, s) in seen.iter_mut().enumerate() {
            if !*s && cells[i].is_adjacent(cells[j]) {
                *s = true;
                stack.push(j);
            }
        }
    }
    seen.iter().all(|&s| s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_puzzles_are_solved_by_their_square_and_deterministic() {
        for (size, seed) in [(1, 1), (2, 7), (5, 3), (9, 42), (16, 5)] {
            let opts = Options {
                size,
                seed,
                max_cage: 4,
                ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
            };
            let (p, g) = puzzle(&opts);
            assert_eq!(crate::verify::check(&p, &g), vec![], "size {size}");
            assert!(crate::valid::check(&p).0.iter().all(|d| !d.is_error()));
            let covered: usize = p.cages.iter().map(|c| c.cells.len()).sum();
            assert_eq!(covered, size * size);
            assert_eq!(puzzle(&opts), (p, g), "same seed, same puzzle");
        }
    }

    #[test]
    fn unique_puzzles_have_one_solution() {
        for (size, seed) in [(4, 1), (6, 2), (9, 3)] {
            let opts = Options {
                size,
                seed,
                max_cage: 4,
                ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
            };
            let (p, g, _) = unique_puzzle(&opts).unwrap();
            let out = crate::native::solve(
                &p,
                &crate::native::Options {
                    max_solutions: 2,
                    ..Default::default()
                },
            )
            .unwrap();
            assert!(out.complete);
            assert_eq!(out.solutions, vec![g]);
            assert_eq!(unique_puzzle(&opts).unwrap().0, p, "deterministic");
        }
    }
}
