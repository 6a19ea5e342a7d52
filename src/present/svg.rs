//! Pictures of puzzles as newspapers print them, in SVG: thin grid lines,
//! thick borders between cages and round the grid, each cage's clue (`12×`,
//! `3−`, `2÷`, `11+`, or the bare number of a given) small in the top-left
//! corner of its first cell (row-major), and optionally a solution's digits
//! large in the middle of each cell.
//!
//! The output depends only on its inputs: integer coordinates, fixed
//! attribute order, no timestamps. It does not check the solution; callers
//! pass grids that [`crate::puzzle::verify::check`] accepted.
//!
//! With [`Options::selectable`] the picture also carries what the page of
//! `cagec explain --html` needs (`selectable.rs`): one focusable group per
//! cage with a rectangle per cell (`id="cell_I_J"`), and each cage's outline
//! (`id="outline-C"`), drawn only when the page selects it.

use std::fmt::{self, Write};

use crate::puzzle::ir::{Cage, Cell, Grid, Puzzle};

/// Side of a cell, in SVG user units (pixels).
const CELL: usize = 60;
/// White space round the grid; more than half the outer border's width.
const MARGIN: usize = 10;
const CLUE_SIZE: usize = 14;
const DIGIT_SIZE: usize = 32;
const FONT: &str = "Helvetica, Arial, sans-serif";

/// What to draw besides the puzzle.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options<'a> {
    /// Digits to write in the cells (n×n, values 1..=n).
    pub solution: Option<&'a Grid>,
    /// The picture's `<title>` (a file name, say); escaped as needed.
    pub title: Option<&'a str>,
    /// Cells and cages as elements a page's script can select and light up.
    pub selectable: bool,
}

/// The SVG document for `puzzle`.
pub fn render(puzzle: &Puzzle, opts: &Options) -> String {
    let mut s = String::new();
    write_svg(puzzle, opts, &mut s).expect("writing to a String");
    s
}

/// [`render`] into any `fmt::Write`.
pub fn write_svg(puzzle: &Puzzle, opts: &Options, out: &mut dyn Write) -> fmt::Result {
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    element(
        puzzle,
        opts,
        r#" xmlns="http://www.w3.org/2000/svg" version="1.1""#,
        out,
    )
}

/// The `<svg>` element to put inside an HTML page: no XML declaration, and
/// no namespace (HTML gives `<svg>` its own), so the page names no URL.
pub fn write_inline_svg(puzzle: &Puzzle, opts: &Options, out: &mut dyn Write) -> fmt::Result {
    element(puzzle, opts, "", out)
}

/// The `<svg>` element, with `attributes` after its name.
fn element(puzzle: &Puzzle, opts: &Options, attributes: &str, out: &mut dyn Write) -> fmt::Result {
    let n = puzzle.size;
    let side = 2 * MARGIN + n * CELL;
    writeln!(
        out,
        r#"<svg{attributes} width="{side}" height="{side}" viewBox="0 0 {side} {side}">"#
    )?;
    let title = match opts.title {
        Some(t) => format!("{t} ({n}×{n} KenKen)"),
        None => format!("{n}×{n} KenKen"),
    };
    writeln!(out, "<title>{}</title>", escape(&title))?;
    writeln!(
        out,
        r##"<rect width="{side}" height="{side}" fill="#ffffff"/>"##
    )?;
    if opts.selectable {
        selectable::cells(puzzle, out)?;
    }
    grid_lines(n, out)?;
    cage_lines(puzzle, out)?;
    let inner = n * CELL;
    writeln!(
        out,
        r##"<rect class="border" x="{MARGIN}" y="{MARGIN}" width="{inner}" height="{inner}" fill="none" stroke="#000000" stroke-width="4"/>"##
    )?;
    clues(puzzle, out)?;
    if let Some(grid) = opts.solution {
        digits(grid, out)?;
    }
    if opts.selectable {
        selectable::outlines(puzzle, out)?;
    }
    writeln!(out, "</svg>")
}

/// The clue as printed: `12×`, `3−`, `2÷`, `11+`, or `5` for a given. A
/// one-cell cage of any operation (the paper's `3 sum` on one cell) is a
/// given, and newspapers print it as the bare number.
pub fn clue_text(cage: &Cage) -> String {
    if cage.cells.len() == 1 {
        return cage.target.to_string();
    }
    // Puzzles with hidden operations print the bare target.
    format!("{}{}", cage.target, cage.op.sign())
}

/// Escapes text for XML character data and attribute values.
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0 at all.
            c if c.is_control() && !matches!(c, '\n' | '\t') => s.push('\u{fffd}'),
            c => s.push(c),
        }
    }
    s
}

/// Position of grid line `i` (0..=n).
fn at(i: usize) -> usize {
    MARGIN + i * CELL
}

fn grid_lines(n: usize, out: &mut dyn Write) -> fmt::Result {
    writeln!(
        out,
        r##"<g class="grid" stroke="#999999" stroke-width="1">"##
    )?;
    let (lo, hi) = (at(0), at(n));
    for i in 1..n {
        let p = at(i);
        writeln!(out, r#"<line x1="{p}" y1="{lo}" x2="{p}" y2="{hi}"/>"#)?;
        writeln!(out, r#"<line x1="{lo}" y1="{p}" x2="{hi}" y2="{p}"/>"#)?;
    }
    writeln!(out, "</g>")
}

/// Unit segments `(x1, y1, x2, y2)` in grid coordinates wherever two
/// neighbouring cells lie in different cages (the outer border excluded).
pub fn cage_segments(puzzle: &Puzzle) -> Vec<(usize, usize, usize, usize)> {
    let n = puzzle.size;
    let mut owner = vec![usize::MAX; n * n];
    for (c, cage) in puzzle.cages.iter().enumerate() {
        for cell in &cage.cells {
            if let Some(slot) = owner.get_mut(cell.index(n)) {
                *slot = c;
            }
        }
    }
    let mut segs = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let here = owner[r * n + c];
            if c + 1 < n && owner[r * n + c + 1] != here {
                segs.push((c + 1, r, c + 1, r + 1));
            }
            if r + 1 < n && owner[(r + 1) * n + c] != here {
                segs.push((c, r + 1, c + 1, r + 1));
            }
        }
    }
    segs
}

fn cage_lines(puzzle: &Puzzle, out: &mut dyn Write) -> fmt::Result {
    // Square caps fill the corner where two segments meet at a right angle.
    writeln!(
        out,
        r##"<g class="cages" stroke="#000000" stroke-width="3" stroke-linecap="square">"##
    )?;
    for (x1, y1, x2, y2) in cage_segments(puzzle) {
        writeln!(
            out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            at(x1),
            at(y1),
            at(x2),
            at(y2)
        )?;
    }
    writeln!(out, "</g>")
}

fn clues(puzzle: &Puzzle, out: &mut dyn Write) -> fmt::Result {
    writeln!(
        out,
        r##"<g class="clues" font-family="{FONT}" font-size="{CLUE_SIZE}" font-weight="bold" fill="#000000">"##
    )?;
    for cage in &puzzle.cages {
        let Some(&first) = cage.cells.iter().min() else {
            continue;
        };
        let text = clue_text(cage);
        let (x, y) = (at(first.col as usize) + 5, at(first.row as usize) + 17);
        // A long clue shrinks to stay inside its cell: bold digits are up to
        // 0.7 em wide, and about CELL - 8 units are free.
        let len = text.chars().count().max(1);
        let fit = (CELL - 8) * 10 / (7 * len);
        let size = if fit >= CLUE_SIZE {
            String::new()
        } else {
            format!(r#" font-size="{}""#, fit.max(6))
        };
        writeln!(
            out,
            r#"<text x="{x}" y="{y}"{size}>{}</text>"#,
            escape(&text)
        )?;
    }
    writeln!(out, "</g>")
}

fn digits(grid: &Grid, out: &mut dyn Write) -> fmt::Result {
    writeln!(
        out,
        r##"<g class="digits" font-family="{FONT}" font-size="{DIGIT_SIZE}" text-anchor="middle" fill="#000000">"##
    )?;
    for (r, row) in grid.values.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            let cell = Cell::new(r, c);
            // The baseline sits about 0.35 em below the centre, so the digit
            // looks centred without relying on dominant-baseline support.
            let x = at(cell.col as usize) + CELL / 2;
            let y = at(cell.row as usize) + CELL / 2 + DIGIT_SIZE * 35 / 100 + 4;
            writeln!(out, r#"<text x="{x}" y="{y}">{v}</text>"#)?;
        }
    }
    writeln!(out, "</g>")
}

mod selectable;
#[cfg(test)]
mod tests;
