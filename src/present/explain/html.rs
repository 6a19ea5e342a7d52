//! `cagec explain --html`: one self-contained page for a class. The puzzle's
//! picture (`crate::present::svg`, selectable); beside it the explanation of the
//! selected cage and its rows exactly as `cagec compile --to lp` writes them;
//! the whole model's rows with a filter by family and the counts of `cagec
//! stats`; the options that made the model.
//!
//! The rows are the LP back-end's own text ([`crate::back::lp_row`]), never
//! printed a second time here. Names in rows and prose become `<var>`s that
//! the page's script maps to cells through a JSON table built from the model
//! (`markup.rs`). No network, no timestamps, no paths: the same input gives
//! the same bytes. Without the script every cage is shown, and so is print.

mod markup;
#[cfg(test)]
mod tests;

use askama::Template;

use super::{Ctx, ExplainError, cage_body, heading, preamble};
use crate::formulate::Options;
use crate::present::stats::Stats;
use crate::present::svg;
use crate::puzzle::ir::{Grid, Puzzle};
use markup::{CellMap, lone_banner, lp_rows};

/// Models with more non-zeros are refused: the page would pass a few MB and
/// its listing would be unreadable. A 16×16 model has about 19,000, a 9×9
/// one about 4,000 (a page of 250 kB).
pub const MAX_NONZEROS: usize = 25_000;

/// What the page says besides the puzzle and its model.
#[derive(Clone, Copy, Debug, Default)]
pub struct Page<'a> {
    /// The puzzle's name (a file name without directories).
    pub title: &'a str,
    /// The command line that made the page, shown on it.
    pub command: &'a str,
    /// A solution to draw; callers pass a grid [`crate::puzzle::verify::check`] accepted.
    pub solution: Option<&'a Grid>,
    /// The cage selected when the page opens (1-based); the first by default.
    pub selected: Option<usize>,
}

/// The page for `puzzle` under the formulation options `opts`.
pub fn page(puzzle: &Puzzle, opts: &Options, page: &Page) -> Result<String, ExplainError> {
    let count = puzzle.cages.len();
    let selected = page.selected.unwrap_or(1);
    if !(1..=count).contains(&selected) {
        return Err(ExplainError::NoSuchCage {
            cage: selected,
            count,
        });
    }
    let mut ctx = Ctx::new(puzzle, opts)?;
    // One line per paragraph: the page wraps them to its own width.
    ctx.width = usize::MAX;
    let model = &ctx.model;
    if model.num_nonzeros() > MAX_NONZEROS {
        return Err(ExplainError::TooLargeForPage {
            nonzeros: model.num_nonzeros(),
            limit: MAX_NONZEROS,
        });
    }
    let ranges: Vec<_> = ctx.cages.iter().map(|c| c.rows.clone()).collect();
    let map = CellMap::new(puzzle, model, &ranges);
    let mut cages = Vec::with_capacity(count);
    for (c, rows) in ranges.iter().enumerate() {
        let mut body = String::new();
        cage_body(&ctx, c, &mut body)?;
        let section = &model.sections[ctx.cage(c).section..=ctx.cage(c).section];
        cages.push(CageView {
            number: c + 1,
            heading: heading(&puzzle.cages[c], c),
            body: map.markup(&dedent(&body)),
            rows: match rows.is_empty() {
                true => lone_banner(model, section, &map),
                false => lp_rows(model, section, rows.clone(), &map),
            },
            empty: rows.is_empty(),
        });
    }
    let mut about = String::new();
    preamble(&ctx, &mut about)?;
    let mut picture = String::new();
    svg::write_inline_svg(
        puzzle,
        &svg::Options {
            solution: page.solution,
            title: Some(page.title),
            selectable: true,
        },
        &mut picture,
    )?;
    let stats = Stats::of(model);
    let families = stats
        .families
        .iter()
        .map(|f| FamilyView {
            eq: f.family.label(),
            // As the LP file's comments label rows: `(2.1)`, but `given`.
            label: match f.family.is_numbered() {
                true => format!("({})", f.family.label()),
                false => f.family.label().to_string(),
            },
            name: f.family.describe(),
            rows: f.rows,
            nonzeros: f.nonzeros,
        })
        .collect();
    let template = PageTemplate {
        title: page.title,
        command: page.command,
        version: env!("CARGO_PKG_VERSION"),
        n: puzzle.size,
        selected,
        solved: page.solution.is_some(),
        picture,
        about: map.markup(about.trim_end()),
        cages,
        stats,
        families,
        listing: lp_rows(model, &model.sections, 0..model.num_rows(), &map),
        cells_json: map.json(),
    };
    Ok(template.render().map_err(|_| std::fmt::Error)?)
}

/// `text` without the indentation its lines share (the text layout indents
/// under the cage's heading, which the page sets apart already), and without
/// the final newline.
fn dedent(text: &str) -> String {
    let lines = text.trim_end().lines();
    let common = (lines.clone().filter(|l| !l.trim().is_empty()))
        .map(|l| l.len() - l.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0);
    let lines: Vec<&str> = lines.map(|l| l.get(common..).unwrap_or("")).collect();
    lines.join("\n")
}

#[derive(Template)]
#[template(path = "explain.html")]
struct PageTemplate<'a> {
    title: &'a str,
    command: &'a str,
    version: &'static str,
    n: usize,
    selected: usize,
    solved: bool,
    /// Markup, like every `String` below but the ones in views said otherwise.
    picture: String,
    about: String,
    cages: Vec<CageView>,
    stats: Stats,
    families: Vec<FamilyView>,
    listing: String,
    /// JSON made safe for a `<script>` element.
    cells_json: String,
}

struct CageView {
    number: usize,
    /// Plain text (the template escapes it).
    heading: String,
    body: String,
    rows: String,
    /// Presolve left the cage no rows: the panel says so.
    empty: bool,
}

struct FamilyView {
    eq: &'static str,
    label: String,
    name: &'static str,
    rows: usize,
    nonzeros: usize,
}
