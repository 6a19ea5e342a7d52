//! MPS, free and fixed, from one template. The rules of `solver-formats.md`
//! §3 and how they are met:
//!
//! - free MPS starts with `NAME <name> FREE` (no comment or blank line before
//!   it, no blank lines at all); fixed MPS puts fields at columns 2, 5, 15,
//!   25, 40 and 50 and uses the ≤ 8-character names of [`FixedNames`]; free
//!   MPS uses the same columns when names fit, so both read alike;
//! - one `N obj` row, no `OBJSENSE` (CBC ignores it), no RHS on `obj`;
//! - every column has an entry (`v obj 0` if it is in no row and costs 0);
//! - integer columns sit between `'MARKER'` `'INTORG'`/`'INTEND'` lines and
//!   always get explicit bounds (`BV` for binaries; `LO` and `UP` otherwise,
//!   since glpsol gives a marked column with only `LO` an upper bound of 1);
//! - the `RHS` header is always present (CBC needs it), even when empty;
//! - comments are `*` lines: header, section banners and one per row; in
//!   fixed MPS they are folded to 80 columns, since every record is a card
//!   (glpsol warns about longer ones).

use std::cell::{Ref, RefCell};
use std::fmt::{self, Display, Formatter};
use std::io::{self, Write};

use askama::Template;

use super::fixed::{FixedNames, Short};
use super::text::{
    CARD_WIDTH, CommentText, Comments, Fields, Header, LineBuf, Repeated, each_row, row_comment,
};
use crate::model::decimal::Int;
use crate::model::{Domain, Model, Sense, VarId};

/// Writes `model` as free MPS with its canonical names.
pub fn write_mps(model: &Model, out: &mut dyn Write) -> io::Result<()> {
    let name = free_name(&model.name);
    let line = format!("NAME {name} FREE");
    write(model, Names::Canonical, line, Comments::plain("*"), out)
}

/// Writes `model` as fixed-column MPS with the short names of `names`, which
/// must come from [`fixed_names`](super::fixed_names) of this model (an
/// `InvalidInput` error otherwise). Numbers wider than the 12-character field
/// (beyond ±10¹¹) cannot be written in fixed MPS and are refused the same way.
pub fn write_fixed_mps(model: &Model, names: &FixedNames, out: &mut dyn Write) -> io::Result<()> {
    if !names.fits(model) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "fixed-MPS names were made for another model",
        ));
    }
    if let Some(v) = widest_number(model).filter(|v| Int::new(*v).as_str().len() > 12) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{v} does not fit a 12-character fixed-MPS field"),
        ));
    }
    let line = format!("NAME          {}", names.name());
    write(model, Names::Fixed(names), line, FIXED_COMMENTS, out)
}

/// Fixed-MPS comments: `*` cards of at most 80 columns.
const FIXED_COMMENTS: Comments = Comments {
    marker: "*",
    width: Some(CARD_WIDTH),
};

/// Writes `text` (lines) as fixed-MPS comment cards, folded to 80 columns:
/// how a fixed-MPS stream carries its rename map.
pub fn write_fixed_comments(text: &str, out: &mut dyn Write) -> io::Result<()> {
    struct Lines<'a>(&'a str);
    impl Display for Lines<'_> {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            for line in self.0.lines() {
                FIXED_COMMENTS.line(f, |w| write!(w, " {}", CommentText(line)))?;
            }
            Ok(())
        }
    }
    write!(out, "{}", Lines(text))
}

fn write(
    model: &Model,
    names: Names<'_>,
    name_line: String,
    comments: Comments,
    out: &mut dyn Write,
) -> io::Result<()> {
    let columns = Columns::of(model);
    let costs = super::costs(model);
    let ctx = Ctx {
        model,
        names,
        comments,
        columns: &columns,
        costs: &costs,
    };
    let has_bounds = model
        .vars()
        .any(|v| bound_lines(model.domain(v)).iter().any(Option::is_some));
    let file = MpsFile {
        ctx,
        name_line,
        header: Header { model, comments },
        has_bounds,
    };
    super::render(&file, out)
}

/// The model name as one free-MPS token.
fn free_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .filter(char::is_ascii_graphic)
        .take(100)
        .collect();
    if clean.is_empty() {
        "cagec".to_string()
    } else {
        clean
    }
}

/// The largest-magnitude number the file would hold.
fn widest_number(model: &Model) -> Option<i64> {
    let rhs = model.rows().map(|r| r.info.rhs);
    let bounds = model.vars().flat_map(|v| {
        let (lo, hi) = super::finite_bounds(model.domain(v));
        lo.into_iter().chain(hi)
    });
    let costs = super::costs(model);
    rhs.chain(bounds)
        .chain(costs)
        .max_by_key(|v| v.unsigned_abs())
}

#[derive(Clone, Copy)]
enum Names<'a> {
    Canonical,
    Fixed(&'a FixedNames),
}

/// What every adapter needs.
#[derive(Clone, Copy)]
struct Ctx<'a> {
    model: &'a Model,
    names: Names<'a>,
    comments: Comments,
    columns: &'a Columns<'a>,
    costs: &'a [i64],
}

impl<'a> Ctx<'a> {
    fn row_name(&self, r: usize) -> Short<'a> {
        match self.names {
            Names::Canonical => Short::Kept(self.model.row_name(r)),
            Names::Fixed(n) => n.row(self.model, r),
        }
    }

    fn col_name(&self, v: VarId) -> Short<'a> {
        match self.names {
            Names::Canonical => Short::Kept(self.model.var_name(v)),
            Names::Fixed(n) => n.col(self.model, v),
        }
    }

    fn is_integer(&self, index: usize) -> bool {
        index < self.model.num_vars() && self.model.domain(VarId(index as u32)).is_integer()
    }
}

/// The model transposed, a block of columns at a time: each column's
/// `(row, coef)` entries in row order. The whole transpose would add the
/// non-zeros a second time to the memory the model takes; a block holds at
/// most a sixteenth of them, for the price of a pass over the rows per block.
struct Columns<'m> {
    model: &'m Model,
    /// Where each column's entries start, counted over all columns.
    start: Vec<u32>,
    /// Each row's smallest and largest column: a block skips the rows that
    /// cannot touch it (most of them; the rows of a cell are contiguous).
    spans: Vec<(u32, u32)>,
    /// Most entries a block holds (unless one column has more).
    budget: usize,
    block: RefCell<Block>,
}

/// The entries of columns `first..end`.
#[derive(Default)]
struct Block {
    first: usize,
    end: usize,
    entries: Vec<(u32, i32)>,
}

impl<'m> Columns<'m> {
    fn of(model: &'m Model) -> Columns<'m> {
        Columns::with_budget(model, (model.num_nonzeros() / 16).max(1 << 18))
    }

    fn with_budget(model: &'m Model, budget: usize) -> Columns<'m> {
        let mut start = vec![0u32; model.num_vars() + 1];
        let mut spans = Vec::with_capacity(model.num_rows());
        for r in 0..model.num_rows() {
            let mut span = (u32::MAX, 0);
            for t in model.row_terms(r) {
                start[t.var.index() + 1] += 1;
                span = (span.0.min(t.var.0), span.1.max(t.var.0));
            }
            spans.push(span);
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        Columns {
            model,
            start,
            spans,
            budget,
            block: RefCell::default(),
        }
    }

    fn of_var(&self, v: VarId) -> Ref<'_, [(u32, i32)]> {
        let i = v.index();
        if !(self.block.borrow().first..self.block.borrow().end).contains(&i) {
            // The last block's memory is reused: fresh memory is faulted in
            // and zeroed page by page, which cost more than filling it.
            let spare = std::mem::take(&mut self.block.borrow_mut().entries);
            *self.block.borrow_mut() = self.load(i, spare);
        }
        let (from, to) = (self.start[i] as usize, self.start[i + 1] as usize);
        Ref::map(self.block.borrow(), |b| {
            let base = self.start[b.first] as usize;
            &b.entries[from - base..to - base]
        })
    }

    /// The block of columns from `first` on that fits the budget.
    fn load(&self, first: usize, mut entries: Vec<(u32, i32)>) -> Block {
        let budget = self.budget;
        let base = self.start[first] as usize;
        let within = self.start[first + 1..].partition_point(|&s| s as usize - base <= budget);
        let end = (first + within.max(1)).min(self.model.num_vars());
        let mut next: Vec<u32> = self.start[first..end]
            .iter()
            .map(|&s| s - base as u32)
            .collect();
        entries.clear();
        entries.resize(self.start[end] as usize - base, (0, 0));
        let (lo, hi) = (first as u32, end as u32);
        for (r, _) in (self.spans.iter().enumerate()).filter(|(_, s)| s.0 < hi && s.1 >= lo) {
            for t in self.model.row_terms(r) {
                if let Some(slot) = t
                    .var
                    .index()
                    .checked_sub(first)
                    .and_then(|k| next.get_mut(k))
                {
                    entries[*slot as usize] = (r as u32, t.coef);
                    *slot += 1;
                }
            }
        }
        Block {
            first,
            end,
            entries,
        }
    }
}

#[derive(Template)]
#[template(path = "model.mps", escape = "none")]
struct MpsFile<'a> {
    ctx: Ctx<'a>,
    name_line: String,
    header: Header<'a>,
    has_bounds: bool,
}

impl<'a> MpsFile<'a> {
    fn rows(&self) -> MpsRows<'a> {
        MpsRows(self.ctx)
    }

    fn rhs(&self) -> MpsRhs<'a> {
        MpsRhs(self.ctx)
    }

    fn columns(&self) -> MpsColumns<'a> {
        MpsColumns(self.ctx)
    }

    fn bounds(&self) -> MpsBounds<'a> {
        MpsBounds(self.ctx)
    }
}

/// The `ROWS` section's lines: each row's banners, comment and ` E  name`.
struct MpsRows<'a>(Ctx<'a>);

impl Display for MpsRows<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let ctx = self.0;
        each_row(f, ctx.comments, ctx.model, |line, index| {
            let row = ctx.model.row(index);
            row_comment(line, ctx.comments, &row)?;
            let kind = match row.info.sense {
                Sense::Eq => "E",
                Sense::Le => "L",
                Sense::Ge => "G",
            };
            let name = ctx.row_name(index);
            Fields::new(line)
                .at(2, kind)
                .at(5, name.as_str())
                .next_line()
                .result()
        })
    }
}

/// The `RHS` section's lines, `    RHS       name  value`, for each row
/// whose right-hand side is not zero.
struct MpsRhs<'a>(Ctx<'a>);

impl Display for MpsRhs<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let ctx = self.0;
        LineBuf::with(f, |line| {
            for index in 0..ctx.model.num_rows() {
                let rhs = ctx.model.row(index).info.rhs;
                if rhs == 0 {
                    continue;
                }
                let name = ctx.row_name(index);
                let value = Int::new(rhs);
                Fields::new(line)
                    .at(5, "RHS")
                    .at(15, name.as_str())
                    .at(25, value.as_str())
                    .next_line()
                    .result()?;
            }
            Ok(())
        })
    }
}

/// A column's `COLUMNS` lines, with integer markers around runs of integer
/// columns.
struct MpsColumn<'a> {
    ctx: Ctx<'a>,
    var: VarId,
}

fn marker(line: &mut LineBuf<'_, '_>, which: &str) -> fmt::Result {
    Fields::new(line)
        .at(5, "MARKER")
        .at(15, "'MARKER'")
        .at(40, which)
        .next_line()
        .result()
}

thread_local! {
    /// The memory of each column's [`Repeated`] head, one for all columns.
    static HEAD: std::cell::Cell<String> = const { std::cell::Cell::new(String::new()) };
}

/// The `COLUMNS` section's lines, column after column, in one buffer: they
/// are most of the file.
struct MpsColumns<'a>(Ctx<'a>);

impl Display for MpsColumns<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        LineBuf::with(f, |line| {
            for var in self.0.model.vars() {
                MpsColumn { ctx: self.0, var }.lines(line)?;
            }
            Ok(())
        })
    }
}

impl MpsColumn<'_> {
    #[inline]
    fn lines(&self, line: &mut LineBuf<'_, '_>) -> fmt::Result {
        let (ctx, i) = (self.ctx, self.var.index());
        let integer = ctx.is_integer(i);
        if integer && (i == 0 || !ctx.is_integer(i - 1)) {
            marker(line, "'INTORG'")?;
        }
        let name = ctx.col_name(self.var);
        let cost = ctx.costs.get(i).copied().unwrap_or(0);
        let entries = ctx.columns.of_var(self.var);
        let mut lines = Fields::new(line);
        if cost != 0 || entries.is_empty() {
            let value = Int::new(cost);
            lines
                .at(5, name.as_str())
                .at(15, "obj")
                .at(25, value.as_str())
                .next_line();
        }
        let head = Repeated::at(HEAD.take(), 5, name.as_str());
        for &(r, coef) in entries.iter() {
            let row = ctx.row_name(r as usize);
            let value = Int::new(i64::from(coef));
            lines
                .repeat(&head)
                .at(15, row.as_str())
                .at(25, value.as_str())
                .next_line();
        }
        HEAD.set(head.into_buf());
        lines.result()?;
        if integer && !ctx.is_integer(i + 1) {
            marker(line, "'INTEND'")?;
        }
        Ok(())
    }
}

/// The `BOUNDS` section's lines, column after column.
struct MpsBounds<'a>(Ctx<'a>);

/// One `BOUNDS` line: its type and value.
type BoundLine = (&'static str, Option<i64>);

/// The `BOUNDS` lines of a column: binaries get `BV`, every other integer
/// both bounds (glpsol keeps 1 as the upper bound of a marked column with only
/// `LO`), continuous columns only what differs from [0, +inf).
fn bound_lines(domain: Domain) -> [Option<BoundLine>; 2] {
    let (lo, hi) = super::finite_bounds(domain);
    let one = |l: BoundLine| [Some(l), None];
    match (domain, lo, hi) {
        (Domain::Binary, _, _) => one(("BV", None)),
        (_, Some(l), Some(h)) if l == h => one(("FX", Some(l))),
        (_, None, None) => one(("FR", None)),
        (_, None, Some(h)) => [Some(("MI", None)), Some(("UP", Some(h)))],
        (Domain::Integer { .. }, Some(l), h) => [
            Some(("LO", Some(l))),
            Some(h.map_or(("PL", None), |h| ("UP", Some(h)))),
        ],
        (Domain::Continuous { .. }, Some(l), h) => {
            // An upper bound below 0 needs its lower bound spelt out.
            let lo = (l != 0 || h.is_some_and(|h| h < 0)).then_some(("LO", Some(l)));
            [lo, h.map(|h| ("UP", Some(h)))]
        }
    }
}

impl Display for MpsBounds<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let ctx = self.0;
        LineBuf::with(f, |buf| {
            for var in ctx.model.vars() {
                let name = ctx.col_name(var);
                for (kind, value) in bound_lines(ctx.model.domain(var)).into_iter().flatten() {
                    let mut line = Fields::new(buf);
                    line.at(2, kind).at(5, "BND").at(15, name.as_str());
                    if let Some(v) = value {
                        line.at(25, Int::new(v).as_str());
                    }
                    line.next_line().result()?;
                }
            }
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_in_blocks_are_the_transpose() {
        let text = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";
        let (puzzle, _) = crate::front::parse(crate::front::InputFormat::Cages, text).unwrap();
        let model = crate::formulate::formulate(&puzzle).unwrap();
        let whole = model.columns();
        for budget in [1, 7, 64, usize::MAX] {
            let blocks = Columns::with_budget(&model, budget);
            for v in model.vars() {
                assert_eq!(
                    *blocks.of_var(v),
                    whole[v.index()][..],
                    "budget {budget}, {v:?}"
                );
            }
        }
    }
}
