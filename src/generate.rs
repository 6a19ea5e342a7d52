//! Synthetic puzzles: a random Latin square cut into random connected cages
//! whose clues are read off the square. Deterministic for a seed (a small
//! SplitMix64, so the sequence never changes with a dependency's version).

use crate::puzzle::diag::Span;
use crate::puzzle::ir::{Cage, Cell, Grid, Op, Puzzle};

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

/// The name of the puzzle generated for `size` and `seed`, as every face
/// names it and its files (`kenken6-s1`).
pub fn name(size: usize, seed: u64) -> String {
    format!("kenken{size}-s{seed}")
}

/// Why [`unique_puzzle`] made no puzzle.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    #[error(transparent)]
    Native(#[from] crate::native::NativeError),
    /// The `stop` flag was raised.
    #[error("interrupted")]
    Interrupted,
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
    /// Weight of each operation of `ops` when several fit a cage; empty:
    /// equal weights.
    pub op_weights: Vec<u32>,
    /// `cage_weights[k − 1]`: weight of cages of k cells. Empty: sizes
    /// 2..=max_cage equally, with cells left alone folded into a neighbour.
    pub cage_weights: Vec<u32>,
    /// With [`unique_puzzle`]: the search failures one uniqueness check may
    /// spend; a cage whose check needs more is not placed. An effort count,
    /// not a clock, so the same seed gives the same puzzle on every machine.
    /// Higher: harder puzzles with fewer givens, made more slowly.
    pub check_effort: u64,
    /// With [`unique_puzzle`]: give up with [`GenerateError::Interrupted`]
    /// once this flag is raised (the command line's signal handler).
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            size: 9,
            seed: 1,
            max_cage: 4,
            ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
            op_weights: Vec::new(),
            cage_weights: Vec::new(),
            check_effort: CHECK_EFFORT,
            stop: None,
        }
    }
}

/// `+-*%` or `+3-2*3%2`: the operations and their weights (1 when unsaid).
pub fn parse_ops(spec: &str) -> Result<(Vec<Op>, Vec<u32>), String> {
    let mut ops = Vec::new();
    let mut weights: Vec<u32> = Vec::new();
    let mut chars = spec.chars().peekable();
    while let Some(ch) = chars.next() {
        let op = match Op::from_char(ch) {
            Some(op) if op != Op::Hidden => op,
            _ => {
                return Err(format!(
                    "unknown operation '{ch}' (expected + - * %, each optionally followed by a weight)"
                ));
            }
        };
        let mut digits = String::new();
        while let Some(d) = chars.next_if(char::is_ascii_digit) {
            digits.push(d);
        }
        let weight = if digits.is_empty() {
            1
        } else {
            digits
                .parse()
                .map_err(|_| format!("weight '{digits}' of '{ch}' is too large"))?
        };
        if ops.contains(&op) {
            return Err(format!("'{ch}' is given twice"));
        }
        ops.push(op);
        weights.push(weight);
    }
    if weights.iter().all(|&w| w == 0) {
        return Err("needs at least one of + - * % with a weight above 0".to_string());
    }
    Ok((ops, weights))
}

/// `1:4,2:40,3:32`: weight per cage size, indexed by size − 1.
pub fn parse_cage_sizes(spec: &str) -> Result<Vec<u32>, String> {
    let mut weights: Vec<u32> = Vec::new();
    for item in spec.split(',').map(str::trim) {
        let (size, weight) = item
            .split_once(':')
            .ok_or_else(|| format!("'{item}' is not SIZE:WEIGHT"))?;
        let size: usize = size
            .trim()
            .parse()
            .ok()
            .filter(|s| (1..=64).contains(s))
            .ok_or_else(|| format!("cage size '{size}' is not a number in 1..=64"))?;
        let weight: u32 = weight
            .trim()
            .parse()
            .map_err(|_| format!("weight '{weight}' is not a number"))?;
        if weights.len() < size {
            weights.resize(size, 0);
        }
        weights[size - 1] = weight;
    }
    if weights.iter().all(|&w| w == 0) {
        return Err("needs at least one size with a weight above 0".to_string());
    }
    Ok(weights)
}

/// A random Latin square, from the Jacobson–Matthews Markov chain (1996)
/// started on the cyclic square: its moves keep a Latin square (allowing one
/// "improper" cell of value −1 between steps) and mix towards the uniform
/// distribution. A permuted cyclic square alone would be a poor sample: its
/// many 2×2 sub-squares make puzzles cut from it ambiguous far more often.
pub fn latin_square(n: usize, rng: &mut Rng) -> Grid {
    // cube[(r * n + c) * n + s] ∈ {−1, 0, 1}: whether cell (r, c) holds s.
    let at = |r: usize, c: usize, s: usize| (r * n + c) * n + s;
    let mut cube = vec![0i8; n * n * n];
    for r in 0..n {
        for c in 0..n {
            cube[at(r, c, (r + c) % n)] = 1;
        }
    }
    // n³ moves, as is usual; capped so that n = 255 stays well under a second.
    // Below n = 2 there is only one square (and no empty entry to move to).
    let moves = if n < 2 {
        0
    } else {
        (n * n * n).min(20_000_000 / n)
    };
    let mut improper: Option<(usize, usize, usize)> = None;
    let mut step = 0;
    while step < moves || improper.is_some() {
        step += 1;
        let (r, c, s) = match improper {
            Some(cell) => cell,
            None => loop {
                let (r, c, s) = (rng.below(n), rng.below(n), rng.below(n));
                if cube[at(r, c, s)] == 0 {
                    break (r, c, s);
                }
            },
        };
        // A 1 in each line through (r, c, s); when improper there are two
        // and one is drawn at random.
        let mut pick =
            |line: &mut dyn Iterator<Item = usize>, cube: &[i8], idx: &dyn Fn(usize) -> usize| {
                let ones: Vec<usize> = line.filter(|&k| cube[idx(k)] == 1).collect();
                if improper.is_some() {
                    ones[rng.below(ones.len())]
                } else {
                    ones[0]
                }
            };
        let r2 = pick(&mut (0..n), &cube, &|k| at(k, c, s));
        let c2 = pick(&mut (0..n), &cube, &|k| at(r, k, s));
        let s2 = pick(&mut (0..n), &cube, &|k| at(r, c, k));
        for (a, b, k) in [(r, c, s), (r, c2, s2), (r2, c, s2), (r2, c2, s)] {
            cube[at(a, b, k)] += 1;
        }
        for (a, b, k) in [(r, c, s2), (r, c2, s), (r2, c, s), (r2, c2, s2)] {
            cube[at(a, b, k)] -= 1;
        }
        improper = (cube[at(r2, c2, s2)] < 0).then_some((r2, c2, s2));
    }
    let values = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| (0..n).find(|&s| cube[at(r, c, s)] == 1).expect("proper") as u32 + 1)
                .collect()
        })
        .collect();
    Grid { values }
}

/// A puzzle and the grid it was cut from (a solution, not always the only one).
pub fn puzzle(opts: &Options) -> (Puzzle, Grid) {
    let n = opts.size;
    let mut rng = Rng::new(opts.seed);
    let grid = latin_square(n, &mut rng);
    let regions = regions(n, opts, &mut rng);
    let cages = regions
        .into_iter()
        .map(|cells| clue(&cells, &grid, opts, &mut rng))
        .collect();
    (
        Puzzle {
            size: n,
            cages,
            rules: crate::puzzle::ir::Rules::KenKen,
        },
        grid,
    )
}

/// Random connected regions covering the grid, grown from cells in a random order.
fn regions(n: usize, opts: &Options, rng: &mut Rng) -> Vec<Vec<Cell>> {
    let max_cage = opts.max_cage.max(1);
    let mut owner = vec![usize::MAX; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut out: Vec<Vec<usize>> = Vec::new();
    for start in order {
        if owner[start] != usize::MAX {
            continue;
        }
        let id = out.len();
        // Singletons make puzzles easy: unless weights say otherwise, aim
        // for 2.. cells, and fold the singletons that could not grow into a
        // neighbour below.
        let target = if !opts.cage_weights.is_empty() {
            1 + weighted(&opts.cage_weights, rng)
        } else if max_cage >= 2 {
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
    if opts.cage_weights.first().is_none_or(|&w| w == 0) {
        fold_singletons(&mut out, &mut owner, n, max_cage);
    }
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

/// Index drawn with probability proportional to `weights` (some non-zero).
fn weighted(weights: &[u32], rng: &mut Rng) -> usize {
    let total: u64 = weights.iter().map(|&w| w as u64).sum();
    let mut x = rng.below(total as usize) as u64;
    for (i, &w) in weights.iter().enumerate() {
        if x < w as u64 {
            return i;
        }
        x -= w as u64;
    }
    unreachable!("x < total")
}

/// A clue for `cells` that the grid satisfies, from the allowed operations.
fn clue(cells: &[Cell], grid: &Grid, opts: &Options, rng: &mut Rng) -> Cage {
    let ops = &opts.ops;
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
        let weight = |op: Op| {
            let i = ops.iter().position(|&o| o == op).expect("an allowed op");
            opts.op_weights.get(i).copied().unwrap_or(1)
        };
        let weights: Vec<u32> = candidates.iter().map(|&(op, _)| weight(op)).collect();
        if weights.iter().all(|&w| w == 0) {
            candidates[rng.below(candidates.len())]
        } else {
            candidates[weighted(&weights, rng)]
        }
    };
    Cage {
        target,
        op,
        cells: cells.to_vec(),
        span: Span::default(),
    }
}

/// A unique puzzle, how it was made, and how hard it is to solve.
#[derive(Clone, Debug)]
pub struct Unique {
    pub puzzle: Puzzle,
    pub solution: Grid,
    /// Cages changed to rule out other solutions.
    pub reshapes: usize,
    /// The native solver's effort proving that no other solution exists
    /// (given this one): the puzzle's difficulty figure.
    pub proof: crate::native::Stats,
}

/// Other solutions asked of the solver per check: each is ruled out by one
/// reshape, so a check does the work of several.
const ALTERNATIVES: usize = 4;

/// Search failures one uniqueness check may spend by default.
pub const CHECK_EFFORT: u64 = 1_000;

/// A puzzle with exactly one solution, built from the generating square.
///
/// Cutting the whole grid into cages and then asking whether the result is
/// unique starts where puzzles are hardest: a 16×16 cut at random is a
/// quasigroup completion problem that no solver finishes in seconds. So the
/// puzzle starts with every cell given (unique, trivially) and the planned
/// cages are placed one at a time. After each, the native solver, told the
/// square, looks for other solutions; each one found is ruled out by a
/// reshape (a new clue it breaks, or a cell split off as a given), until none
/// is left. A cage whose check would cost more than `opts.check_effort` is not
/// placed and its cells stay given. Every intermediate puzzle is unique and
/// mostly determined, so each check is cheap.
pub fn unique_puzzle(opts: &Options) -> Result<Unique, GenerateError> {
    let (planned, grid) = puzzle(opts);
    let n = planned.size;
    if n > crate::native::MAX_SIZE {
        return Err(crate::native::NativeError::TooLarge(n).into());
    }
    let mut rng = Rng::new(opts.seed ^ 0x05EE_D0F0_AB1E);
    let mut p = Puzzle {
        cages: (0..n * n)
            .map(|i| given(Cell::from_index(i, n), &grid))
            .collect(),
        ..planned.clone()
    };
    let mut order: Vec<Cage> = planned
        .cages
        .into_iter()
        .filter(|c| c.cells.len() > 1)
        .collect();
    rng.shuffle(&mut order);
    let native_opts = crate::native::Options {
        max_solutions: ALTERNATIVES,
        known: vec![grid.clone()],
        effort: Some(opts.check_effort),
        // Probing pays for itself on a hard proof, not on a cheap check.
        strategy: crate::native::Strategy::DepthFirst,
        stop: opts.stop.clone(),
        ..Default::default()
    };
    let mut reshapes = 0;
    let mut proof = crate::native::Stats::default();
    for cage in order {
        let before = (p.cages.clone(), reshapes);
        p.cages
            .retain(|c| !(c.cells.len() == 1 && cage.cells.contains(&c.cells[0])));
        p.cages.push(cage);
        loop {
            let out = crate::native::solve(&p, &native_opts)?;
            // An interrupted check proves nothing: stop, keep no cage.
            if (opts.stop.as_ref()).is_some_and(|f| f.load(std::sync::atomic::Ordering::SeqCst)) {
                return Err(GenerateError::Interrupted);
            }
            if out.solutions.is_empty() {
                if out.complete {
                    proof = out.stats;
                } else {
                    (p.cages, reshapes) = before;
                }
                break;
            }
            for other in &out.solutions {
                // An earlier reshape of this check may have ruled it out.
                if crate::puzzle::verify::check(&p, other).is_empty() {
                    reshape(&mut p, &grid, other, opts, &mut rng);
                    reshapes += 1;
                }
            }
        }
    }
    // Cages in order of their first cell, as a printed puzzle lists them.
    p.cages.sort_by_key(|c| c.cells.iter().min().copied());
    Ok(Unique {
        puzzle: p,
        solution: grid,
        reshapes,
        proof,
    })
}

/// Changes one cage that holds a cell where `other` differs from `grid`: a
/// new clue that `other` breaks if there is one, else the cell leaves its cage
/// as a given. Each step removes `other` or shrinks a cage, so it terminates.
fn reshape(p: &mut Puzzle, grid: &Grid, other: &Grid, opts: &Options, rng: &mut Rng) {
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
        !crate::puzzle::verify::cage_holds(cage, &values)
    };
    for _ in 0..8 {
        let candidate = clue(&cells, grid, opts, rng);
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
            replacement.push(clue(&rest, grid, opts, rng));
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
                ..Options::default()
            };
            let (p, g) = puzzle(&opts);
            assert_eq!(crate::puzzle::verify::check(&p, &g), vec![], "size {size}");
            assert!(
                crate::puzzle::valid::check(&p)
                    .0
                    .iter()
                    .all(|d| !d.is_error())
            );
            let covered: usize = p.cages.iter().map(|c| c.cells.len()).sum();
            assert_eq!(covered, size * size);
            assert_eq!(puzzle(&opts), (p, g), "same seed, same puzzle");
        }
    }

    #[test]
    fn latin_squares_are_latin_and_vary_with_the_seed() {
        for n in [1, 2, 3, 7, 16, 64] {
            let g = latin_square(n, &mut Rng::new(n as u64));
            let full: Vec<u32> = (1..=n as u32).collect();
            for i in 0..n {
                let mut row = g.values[i].clone();
                let mut col: Vec<u32> = (0..n).map(|r| g.values[r][i]).collect();
                row.sort_unstable();
                col.sort_unstable();
                assert_eq!((&row, &col), (&full, &full), "n = {n}, line {i}");
            }
        }
        let a = latin_square(9, &mut Rng::new(1));
        assert_eq!(a, latin_square(9, &mut Rng::new(1)));
        assert_ne!(a, latin_square(9, &mut Rng::new(2)));
    }

    #[test]
    fn unique_puzzles_have_one_solution() {
        for (size, seed) in [(4, 1), (6, 2), (9, 3)] {
            let opts = Options {
                size,
                seed,
                ..Options::default()
            };
            let Unique {
                puzzle: p,
                solution: g,
                ..
            } = unique_puzzle(&opts).unwrap();
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
            assert_eq!(unique_puzzle(&opts).unwrap().puzzle, p, "deterministic");
        }
    }
}
