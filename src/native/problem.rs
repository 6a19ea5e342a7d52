//! The puzzle as the native solver sees it: cells numbered row-major, lines
//! (rows, columns, Killer boxes) that each hold every value once, and one
//! propagator per cage. Built once per solve; read-only during search.

use super::arithmetic::Fallback;
use super::table::{Offsets, Table};
use crate::puzzle::ir::{Puzzle, Rules};
use crate::puzzle::tuples;

/// Propagator ids: cages first (`0..cages.len()`), then lines.
pub(super) type PropId = u32;

pub(super) struct Problem {
    pub n: usize,
    /// All values: the n low bits.
    pub full: u64,
    pub cages: Vec<CageProp>,
    /// `lines[l]`: the cells of row l (l < n), column l − n, or box l − 2n.
    pub lines: Vec<Vec<u16>>,
    /// The propagators that read each cell: its cage, then its lines.
    pub watchers: Vec<Vec<PropId>>,
    /// Size of the search state's live-tuple words and remembered domains.
    pub live_words: usize,
    pub seen_words: usize,
    /// Size of the engine's table residues.
    pub residues: usize,
}

pub(super) struct CageProp {
    /// The cage's cells, row-major (the order of its tuples).
    pub cells: Vec<u16>,
    pub kind: CageKind,
    /// The cage's arithmetic, for encoding a sum or product as a decision
    /// diagram of partial results (CaDiCaL's encoding).
    #[cfg_attr(not(feature = "cdcl"), allow(dead_code))]
    pub arith: Fallback,
}

pub(super) enum CageKind {
    /// Every tuple listed: generalised arc consistency by compact table.
    Table(Table),
    /// Too many tuples to list: a weaker propagator, checked exactly at leaves.
    Fallback(Fallback),
}

/// Largest support table a cage may build (bits: cells × values × tuples);
/// past it the cage is propagated by its fallback. 2 MB a cage.
const SUPPORT_BITS: usize = 16 << 20;

impl Problem {
    pub fn new(puzzle: &Puzzle, tuple_limit: usize) -> Problem {
        let n = puzzle.size;
        let boxes = puzzle.boxes();
        let lines: Vec<Vec<u16>> = (0..n)
            .map(|r| (0..n).map(|c| (r * n + c) as u16).collect())
            .chain((0..n).map(|c| (0..n).map(|r| (r * n + c) as u16).collect()))
            .chain(
                boxes
                    .iter()
                    .map(|b| b.iter().map(|c| c.index(n) as u16).collect()),
            )
            .collect();
        let mut line_of: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        for (l, cells) in lines.iter().enumerate() {
            for &c in cells {
                line_of[c as usize].push(l);
            }
        }
        let distinct = matches!(puzzle.rules, Rules::Killer { .. });
        let (mut live_words, mut seen_words, mut residues) = (0, 0, 0);
        let cages: Vec<CageProp> = puzzle
            .cages
            .iter()
            .map(|cage| {
                let cells: Vec<u16> = cage
                    .sorted_cells()
                    .iter()
                    .map(|c| c.index(n) as u16)
                    .collect();
                let per_table = tuple_limit.min(SUPPORT_BITS / (cells.len() * n).max(1));
                let kind = match tuples::enumerate_under(puzzle.rules, cage, n, per_table) {
                    Ok(t) => {
                        let table = Table::new(
                            t,
                            &cells,
                            n,
                            &lines,
                            &line_of,
                            Offsets {
                                live: live_words,
                                seen: seen_words,
                                residues,
                            },
                        );
                        live_words += table.words;
                        seen_words += cells.len();
                        residues += cells.len() * n;
                        CageKind::Table(table)
                    }
                    Err(_) => CageKind::Fallback(Fallback::new(cage, distinct)),
                };
                CageProp {
                    cells,
                    kind,
                    arith: Fallback::new(cage, distinct),
                }
            })
            .collect();
        let mut watchers: Vec<Vec<PropId>> = vec![Vec::new(); n * n];
        for (ci, cage) in cages.iter().enumerate() {
            for &c in &cage.cells {
                watchers[c as usize].push(ci as PropId);
            }
        }
        for (c, ls) in line_of.iter().enumerate() {
            watchers[c].extend(ls.iter().map(|&l| (cages.len() + l) as PropId));
        }
        Problem {
            n,
            full: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
            cages,
            lines,
            watchers,
            live_words,
            seen_words,
            residues,
        }
    }
}
