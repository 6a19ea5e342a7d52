//! `cagec explain`: which rows each cage generates and why, with the numbers
//! filled in, for a student reading the LP file beside the paper.
//!
//! Row names, equation labels, coefficients and notes are read off the real
//! [`Model`] that [`formulate_cages`] builds, with what it wrote for each
//! cage (its encoding, rows and variables), so the explanation cannot drift
//! from what `cagec compile` writes with the same options. The arithmetic
//! behind the rows (big-M, prime exponents, value sets, tuples) is
//! recomputed with the functions the formulation itself uses.

pub mod html;
mod ops;
#[cfg(test)]
mod tests;
mod text;

use std::cell::OnceCell;
use std::fmt::{self, Write};
use std::ops::Range;

use crate::formulate::{
    CageEncoding, CageRows, FormulateError, Formulated, Formulation, Options, ProductMethod,
    formulate_cages,
};
use crate::model::{Model, RowFamily};
use crate::puzzle::ir::{Cage, Cell, Op, Puzzle};
use crate::puzzle::tuples::{self, Tuples};
use crate::words::{Message, Rust, Setting, Words};
use text::{WIDTH, row_pieces, short_note, wrap, wrap_words, wrap_words_at};

/// Tuples are listed one by one up to this many.
const LISTED_TUPLES: usize = 12;

/// Why no explanation was written. A message that names a setting says it
/// in each face's words ([`Message`]); `Display` in the Rust API's.
#[derive(Debug)]
pub enum ExplainError {
    Formulate(FormulateError),
    /// `--cage 9` on a puzzle with 7 cages.
    NoSuchCage {
        cage: usize,
        count: usize,
    },
    /// A page for a model this large would be too heavy to read.
    TooLargeForPage {
        nonzeros: usize,
        limit: usize,
    },
    Fmt(fmt::Error),
}

impl From<FormulateError> for ExplainError {
    fn from(e: FormulateError) -> ExplainError {
        ExplainError::Formulate(e)
    }
}

impl From<fmt::Error> for ExplainError {
    fn from(e: fmt::Error) -> ExplainError {
        ExplainError::Fmt(e)
    }
}

impl Message for ExplainError {
    fn message(&self, words: &dyn Words) -> String {
        match self {
            ExplainError::Formulate(e) => e.message(words),
            ExplainError::NoSuchCage { cage, count } => {
                format!("there is no cage {cage}: the puzzle has cages 1 to {count}")
            }
            ExplainError::TooLargeForPage { nonzeros, limit } => format!(
                "the model has {nonzeros} non-zeros, more than the {limit} a page can show \
                 legibly; explain it as text (without {}), or one cage with {}",
                words.setting(Setting::Html),
                words.setting(Setting::Cage)
            ),
            ExplainError::Fmt(_) => "formatting failed".to_string(),
        }
    }
}

impl fmt::Display for ExplainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(&Rust))
    }
}

impl std::error::Error for ExplainError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ExplainError::Formulate(e) => e.source(),
            ExplainError::Fmt(e) => Some(e),
            _ => None,
        }
    }
}

/// The explanation of every cage of `puzzle` (or only of cage `cage`, 1-based)
/// under the formulation options `opts`.
pub fn explain(
    puzzle: &Puzzle,
    opts: &Options,
    cage: Option<usize>,
) -> Result<String, ExplainError> {
    let mut s = String::new();
    write_explanation(puzzle, opts, cage, &mut s)?;
    Ok(s)
}

/// [`explain`] into any `fmt::Write`.
pub fn write_explanation(
    puzzle: &Puzzle,
    opts: &Options,
    cage: Option<usize>,
    out: &mut dyn Write,
) -> Result<(), ExplainError> {
    let count = puzzle.cages.len();
    let chosen: Range<usize> = match cage {
        Some(c) if (1..=count).contains(&c) => c - 1..c,
        Some(c) => return Err(ExplainError::NoSuchCage { cage: c, count }),
        None => 0..count,
    };
    let ctx = Ctx::new(puzzle, opts)?;
    preamble(&ctx, out)?;
    for c in chosen {
        writeln!(out)?;
        explain_cage(&ctx, c, out)?;
    }
    Ok(())
}

/// What every part of the explanation reads.
struct Ctx<'a> {
    puzzle: &'a Puzzle,
    opts: &'a Options,
    model: Model,
    /// What the formulation wrote for each cage.
    cages: Vec<CageRows>,
    /// The same model with products by primes and by sets, built on demand to
    /// show what `--product auto` compared.
    alternatives: OnceCell<Option<(Formulated, Formulated)>>,
    /// Prose is wrapped at this many characters (a page wraps its own).
    width: usize,
}

impl<'a> Ctx<'a> {
    fn new(puzzle: &'a Puzzle, opts: &'a Options) -> Result<Ctx<'a>, FormulateError> {
        let Formulated { model, cages } = formulate_cages(puzzle, opts)?;
        Ok(Ctx {
            puzzle,
            opts,
            model,
            cages,
            alternatives: OnceCell::new(),
            width: WIDTH,
        })
    }

    /// Prose wrapped at the context's width.
    fn wrap_words(&self, text: &str, first: &str, rest: &str) -> String {
        wrap_words_at(text, first, rest, self.width)
    }

    fn n(&self) -> usize {
        self.puzzle.size
    }

    /// What the formulation wrote for cage `c` (0-based).
    fn cage(&self, c: usize) -> &CageRows {
        &self.cages[c]
    }

    fn alternatives(&self) -> Option<&(Formulated, Formulated)> {
        self.alternatives
            .get_or_init(|| {
                let with = |product| {
                    let opts = Options {
                        product,
                        ..self.opts.clone()
                    };
                    formulate_cages(self.puzzle, &opts).ok()
                };
                Some((with(ProductMethod::Primes)?, with(ProductMethod::Sets)?))
            })
            .as_ref()
    }
}

fn preamble(ctx: &Ctx, out: &mut dyn Write) -> fmt::Result {
    let (n, model) = (ctx.n(), &ctx.model);
    let text = format!(
        "{n}x{n} grid, {} cages. Model: {}.",
        ctx.puzzle.cages.len(),
        describe_options(ctx.opts)
    );
    writeln!(out, "{}", ctx.wrap_words(&text, "", ""))?;
    if let Some(p) = model.presolve {
        writeln!(
            out,
            "Presolve removed {} of {} x columns (values no cage tuple allows) and {} rows.",
            p.columns_removed,
            n * n * n,
            p.rows_removed
        )?;
    }
    let text = format!(
        "Equation numbers in parentheses are those of Melkonian (2016); row and variable \
         names are exactly those `cagec compile` writes with the same options. Cells are \
         (row, column), 1-based; J-wiki cage files number them 0..{} row-major. \
         Variables: x_I_J_K = 1 when cell (I,J) holds K (binary); y_I_J = the value of \
         cell (I,J) (continuous, integral by (3.2)); u_C = the orientation of difference \
         or ratio cage C (binary). A cage's tuples are the assignments of values to its \
         cells that meet its clue with distinct values in each row and column (the J-wiki \
         essay's initial possibilities); up to {LISTED_TUPLES} are listed.",
        n * n - 1
    );
    writeln!(out, "{}", ctx.wrap_words(&text, "", ""))?;
    writeln!(out, "Rows every {n}x{n} puzzle has, not repeated below:")?;
    for (family, pattern) in [
        (RowFamily::CellValue, "cell_I_J"),
        (RowFamily::ValueOncePerRow, "row_I_K"),
        (RowFamily::ValueOncePerColumn, "col_J_K"),
        (RowFamily::ValueLink, "link_I_J"),
    ] {
        let rows = model.rows().filter(|r| r.info.family == family).count();
        writeln!(
            out,
            "  {:<8}{pattern:<10}{:<28}{rows:>5} rows",
            format!("({})", family.label()),
            family.describe()
        )?;
    }
    Ok(())
}

fn describe_options(opts: &Options) -> String {
    let formulation = match opts.formulation {
        Formulation::Melkonian => "the paper's rows (--formulation melkonian)".to_string(),
        Formulation::Tuples => format!(
            "one binary per cage tuple (--formulation tuples), cages with more than {} \
             tuples keep the paper's rows",
            opts.tuple_limit
        ),
        Formulation::Cover => format!(
            "one binary per cage tuple with x projected out, an exact cover (--formulation \
             cover), cages with more than {} tuples keep the paper's rows",
            opts.tuple_limit
        ),
    };
    let product = match opts.product {
        ProductMethod::Primes => "products by prime exponents (--product primes)",
        ProductMethod::Sets => "products by value sets on straight cages (--product sets)",
        ProductMethod::Auto => "products by the smaller exact encoding (--product auto)",
    };
    let presolve = if opts.presolve {
        "presolve on"
    } else {
        "no presolve"
    };
    format!("{formulation}; {product}; {presolve}")
}

fn explain_cage(ctx: &Ctx, c: usize, out: &mut dyn Write) -> fmt::Result {
    writeln!(out, "{}", heading(&ctx.puzzle.cages[c], c))?;
    let rows = cage_body(ctx, c, out)?;
    write_rows(&ctx.model, c, rows, out)
}

/// `cage 7: 2% (ratio: one value is 2 times the other)`.
fn heading(cage: &Cage, c: usize) -> String {
    format!(
        "cage {}: {}{} ({}: {})",
        c + 1,
        cage.target,
        cage.op.symbol(),
        cage.op.paper_name(),
        clue_words(cage)
    )
}

/// Everything between the heading and the rows: cells, tuples and the
/// arithmetic. Returns the cage's rows.
fn cage_body(ctx: &Ctx, c: usize, out: &mut dyn Write) -> Result<Range<usize>, fmt::Error> {
    let cage = &ctx.puzzle.cages[c];
    let cells = cage.sorted_cells();
    let n = ctx.n();
    let coords: Vec<String> = cells.iter().map(|&cell| coord(cell)).collect();
    let jwiki: Vec<String> = cells.iter().map(|c| c.index(n).to_string()).collect();
    let text = format!("cells {}; J-wiki {}", coords.join(" "), jwiki.join(" "));
    writeln!(out, "{}", ctx.wrap_words(&text, "  ", "    "))?;
    let written = ctx.cage(c);
    let rows = written.rows.clone();
    let table = tuples::enumerate(cage, n, ctx.opts.tuple_limit.max(tuples::DEFAULT_LIMIT));
    write_tuples(ctx, c, &table, out)?;
    if written.encoding.is_tabulated() {
        ops::tupled(ctx, c, out)?;
    } else {
        if let CageEncoding::Paper {
            past_tuple_limit: true,
        } = written.encoding
        {
            let text = format!(
                "More than {} tuples (--tuple-limit): the tuple formulation keeps the paper's \
                 rows for this cage.",
                ctx.opts.tuple_limit
            );
            writeln!(out, "{}", ctx.wrap_words(&text, "  ", "  "))?;
        }
        match cage.op {
            Op::Given => ops::given(ctx, c, out)?,
            Op::Add => ops::sum(ctx, c, out)?,
            Op::Sub => ops::difference(ctx, c, out)?,
            Op::Div => ops::ratio(ctx, c, out)?,
            Op::Mul => ops::product(ctx, c, table.as_ref().ok(), out)?,
            // Always tabulated (the branch above); kept for exhaustiveness.
            Op::Hidden => ops::tupled(ctx, c, out)?,
        }
    }
    Ok(rows)
}

fn clue_words(cage: &Cage) -> String {
    let t = cage.target;
    match cage.op {
        Op::Given => format!("the cell holds {t}"),
        Op::Add => format!("the values add up to {t}"),
        Op::Sub if cage.cells.len() > 2 => format!("the largest value minus the others is {t}"),
        Op::Sub => format!("the two values differ by {t}"),
        Op::Mul => format!("the values multiply to {t}"),
        Op::Div if cage.cells.len() > 2 => {
            format!("the largest value divided by the others is {t}")
        }
        Op::Div => format!("one value is {t} times the other"),
        Op::Hidden => format!("one of + - * % (not shown) gives {t}"),
    }
}

/// `(2,3)`, 1-based.
fn coord(cell: Cell) -> String {
    format!("({},{})", cell.row + 1, cell.col + 1)
}

/// The tuple count, and the tuples themselves when few (with their z
/// variable when the tuple formulation wrote one).
fn write_tuples(
    ctx: &Ctx,
    c: usize,
    table: &Result<Tuples, tuples::TooMany>,
    out: &mut dyn Write,
) -> fmt::Result {
    let t = match table {
        Ok(t) => t,
        Err(e) => return writeln!(out, "  {e}: too many to list"),
    };
    let count = t.count();
    writeln!(
        out,
        "  {count} tuple{}{}",
        plural(count),
        if count <= LISTED_TUPLES { ":" } else { "" }
    )?;
    if count > LISTED_TUPLES {
        return Ok(());
    }
    let z: Vec<(usize, &str)> = (ctx.cage(c).z.iter())
        .map(|&(t, var)| (t, ctx.model.var_name(var)))
        .collect();
    let label_width = z.iter().map(|(_, name)| name.len() + 2).max().unwrap_or(0);
    let heads: Vec<String> = t.cells.iter().map(|&cell| coord(cell)).collect();
    writeln!(out, "    {:label_width$}{}", "", heads.join(" "))?;
    for (i, tuple) in t.iter().enumerate() {
        let label = z
            .iter()
            .find(|(ti, _)| *ti == i)
            .map_or("", |(_, name)| name);
        let values: Vec<String> = tuple
            .iter()
            .zip(&heads)
            .map(|(v, h)| format!("{v:^w$}", w = h.len()))
            .collect();
        let line = format!("    {label:label_width$}{}", values.join(" "));
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

fn write_rows(model: &Model, c: usize, rows: Range<usize>, out: &mut dyn Write) -> fmt::Result {
    if rows.is_empty() {
        return writeln!(
            out,
            "  no rows: presolve already fixed every value this cage allows"
        );
    }
    writeln!(out, "  rows:")?;
    for r in rows {
        let row = model.row(r);
        let eq = format!("({})", row.info.family.label());
        let pieces = row_pieces(model, r);
        writeln!(
            out,
            "{}",
            wrap(&pieces, &format!("    {eq:<8}"), "              ")
        )?;
        let note = short_note(row.note, c + 1);
        writeln!(out, "{}", wrap_words(note, "            ", "            "))?;
    }
    Ok(())
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}
