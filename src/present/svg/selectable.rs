//! The selectable layers of the picture on the page of `cagec explain
//! --html`: under the grid lines, one focusable group per cage holding a
//! rectangle per cell (what a click or Tab reaches, and what lights up);
//! over everything, each cage's outline, drawn only when the page's style
//! sheet says so. The two fill patterns make a selected or lit cell visible
//! without colour.

use std::fmt::{self, Write};

use super::{CELL, at, clue_text, escape};
use crate::puzzle::ir::{Cell, Puzzle};

/// The patterns, then the cells grouped by cage.
pub(super) fn cells(puzzle: &Puzzle, out: &mut dyn Write) -> fmt::Result {
    // Diagonal hatching for the selected cage, dots for lit cells.
    writeln!(
        out,
        r##"<defs><pattern id="hatch" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="#dbe5f6"/><path d="M0 10L10 0M-1 1L1 -1M9 11L11 9" stroke="#3d63ad" stroke-width="1.5"/></pattern><pattern id="dots" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#ffd84d"/><circle cx="4" cy="4" r="1.6" fill="#5c4600"/></pattern></defs>"##
    )?;
    writeln!(out, r#"<g class="cells">"#)?;
    for (c, cage) in puzzle.cages.iter().enumerate() {
        let cells = cage.sorted_cells();
        let coords: Vec<String> = cells.iter().map(|&cell| coord(cell)).collect();
        let label = format!(
            "cage {}: {}, cells {}",
            c + 1,
            clue_text(cage),
            coords.join(" ")
        );
        let cn = c + 1;
        writeln!(
            out,
            r#"<g class="cage" id="cage-{cn}" data-cage="{cn}" tabindex="0" role="button" aria-pressed="false" aria-controls="explain-{cn}" aria-label="{}">"#,
            escape(&label)
        )?;
        for cell in cells {
            let (r, col) = (cell.row as usize, cell.col as usize);
            writeln!(
                out,
                r##"<rect class="cell" id="cell_{}_{}" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="#ffffff"/>"##,
                r + 1,
                col + 1,
                at(col),
                at(r)
            )?;
        }
        writeln!(out, "</g>")?;
    }
    writeln!(out, "</g>")
}

/// Each cage's boundary as one path of unit segments, not stroked until the
/// page selects the cage.
pub(super) fn outlines(puzzle: &Puzzle, out: &mut dyn Write) -> fmt::Result {
    writeln!(
        out,
        r#"<g class="outlines" fill="none" stroke="none" stroke-width="7" stroke-linecap="square">"#
    )?;
    let n = puzzle.size;
    for (c, cage) in puzzle.cages.iter().enumerate() {
        let inside = |r: isize, col: isize| {
            r >= 0
                && col >= 0
                && (r as usize) < n
                && (col as usize) < n
                && cage.cells.contains(&Cell::new(r as usize, col as usize))
        };
        let mut d = String::new();
        for cell in cage.sorted_cells() {
            let (r, col) = (cell.row as usize, cell.col as usize);
            let (ri, ci) = (r as isize, col as isize);
            let (x0, x1, y0, y1) = (at(col), at(col + 1), at(r), at(r + 1));
            if !inside(ri - 1, ci) {
                write!(d, "M{x0} {y0}H{x1}")?;
            }
            if !inside(ri + 1, ci) {
                write!(d, "M{x0} {y1}H{x1}")?;
            }
            if !inside(ri, ci - 1) {
                write!(d, "M{x0} {y0}V{y1}")?;
            }
            if !inside(ri, ci + 1) {
                write!(d, "M{x1} {y0}V{y1}")?;
            }
        }
        writeln!(
            out,
            r#"<path class="outline" id="outline-{}" d="{d}"/>"#,
            c + 1
        )?;
    }
    writeln!(out, "</g>")
}

/// `(2,3)`, 1-based.
fn coord(cell: Cell) -> String {
    format!("({},{})", cell.row + 1, cell.col + 1)
}
