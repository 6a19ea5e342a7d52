//! The arithmetic behind each kind of cage row: the a/b cells and u of a
//! difference, the big-M of a ratio, the prime exponents and value sets of a
//! product, the z variables of the tuple formulation.

use std::fmt::{self, Write};

use super::{Ctx, coord, plural};
use crate::formulate::names;
use crate::formulate::products::value_sets;
use crate::formulate::{CageEncoding, Formulated, Formulation, ProductMethod};
use crate::model::RowFamily;
use crate::puzzle::ir::Cell;
use crate::puzzle::primes::{exponent, factorize, primes_up_to, ratio_big_m};
use crate::puzzle::tuples::Tuples;

/// Writes `text` as a wrapped paragraph indented under the cage heading.
fn para(ctx: &Ctx, out: &mut dyn Write, text: &str) -> fmt::Result {
    writeln!(out, "{}", ctx.wrap_words(text, "  ", "  "))
}

fn y(cell: Cell) -> String {
    names::y(cell.row as usize, cell.col as usize)
}

/// The binary u of cage `c` as the model names it.
fn u_name(ctx: &Ctx, c: usize) -> String {
    ctx.cage(c)
        .u
        .map_or("u", |u| ctx.model.var_name(u))
        .to_string()
}

pub(super) fn given(ctx: &Ctx, c: usize, out: &mut dyn Write) -> fmt::Result {
    let cage = &ctx.puzzle.cages[c];
    let (cell, t) = (cage.cells[0], cage.target);
    para(
        ctx,
        out,
        &format!(
            "A given has no operation; the paper writes it as a one-cell sum (3.1). cagec \
             fixes {} = {t}, and through (3.2) and (2.1) that makes x_{}_{}_{t} = 1.",
            y(cell),
            cell.row + 1,
            cell.col + 1
        ),
    )
}

pub(super) fn sum(ctx: &Ctx, c: usize, out: &mut dyn Write) -> fmt::Result {
    let cage = &ctx.puzzle.cages[c];
    if cage.cells.len() == 1 {
        return para(
            ctx,
            out,
            &format!(
                "(3.1) over a single cell is a given in disguise: {} = {}.",
                y(cage.cells[0]),
                cage.target
            ),
        );
    }
    para(
        ctx,
        out,
        &format!(
            "(3.1) the y of the cage's cells add up to {}. y is continuous, but (3.2) ties it \
             to the binary x, so this one row is the whole clue.",
            cage.target
        ),
    )
}

pub(super) fn difference(ctx: &Ctx, c: usize, out: &mut dyn Write) -> fmt::Result {
    let cage = &ctx.puzzle.cages[c];
    let cells = cage.sorted_cells();
    let (a, b, t, u) = (cells[0], cells[1], cage.target, u_name(ctx, c));
    let (ya, yb) = (y(a), y(b));
    para(
        ctx,
        out,
        &format!(
            "a = {} and b = {}: a is the cell with the smaller row-major index. \
             |{yb} - {ya}| = {t} is not linear; (4.1) lets the binary {u} choose the sign: \
             {yb} - {ya} + {}·{u} = {t} (the coefficient is 2t).",
            coord(a),
            coord(b),
            2 * t
        ),
    )?;
    para(
        ctx,
        out,
        &format!("{u} = 0: {yb} - {ya} = {t}, b holds the larger value."),
    )?;
    para(
        ctx,
        out,
        &format!(
            "{u} = 1: {yb} - {ya} = -{t}, that is {ya} - {yb} = {t}: a holds the larger value."
        ),
    )
}

pub(super) fn ratio(ctx: &Ctx, c: usize, out: &mut dyn Write) -> fmt::Result {
    let cage = &ctx.puzzle.cages[c];
    let cells = cage.sorted_cells();
    let (a, b, u) = (cells[0], cells[1], u_name(ctx, c));
    let (n, r) = (ctx.n() as u64, cage.target);
    let m = ratio_big_m(n, r);
    let (ya, yb) = (y(a), y(b));
    para(
        ctx,
        out,
        &format!(
            "a = {} and b = {}: a is the cell with the smaller row-major index. \
             {u} = 0 means {yb} = {r}·{ya}: (5.1) and (5.2) hold it, (5.3) and (5.4) must be \
             slack. {u} = 1 means {ya} = {r}·{yb}: (5.3) and (5.4) hold it, (5.1) and (5.2) \
             must be slack.",
            coord(a),
            coord(b)
        ),
    )?;
    let (q, rem) = (n / r, n % r);
    para(
        ctx,
        out,
        &format!(
            "big-M: M = r·(n - n mod r) - n div r = {r}·({n} - {n} mod {r}) - {n} div {r} \
             = {r}·({n} - {rem}) - {q} = {m}, the smallest M that works."
        ),
    )?;
    para(
        ctx,
        out,
        &format!(
            "Why: with {u} = 1, (5.1) reads {yb} - {r}·{ya} + M >= 0 while {ya} = {r}·{yb}, \
             so it needs M >= ({r}² - 1)·{yb} = {}·{yb}. The largest {yb} with {r}·{yb} <= {n} \
             is n div r = {q} ({ya} = {}), so M >= {}·{q} = {m}. (5.3) with {u} = 0 is the \
             mirror image; (5.2) and (5.4) are slack for any M >= 0. A smaller M would cut off \
             the solution {ya} = {}, {yb} = {q}; a larger one is valid but weakens the LP \
             relaxation. The paper's example: n = 8, r = 3 gives 3·(8 - 2) - 2 = 16.",
            r * r - 1,
            r * q,
            r * r - 1,
            r * q
        ),
    )
}

/// Prime exponents (method 1), value sets (method 2) or why not, and which
/// one the model uses.
pub(super) fn product(
    ctx: &Ctx,
    c: usize,
    table: Option<&Tuples>,
    out: &mut dyn Write,
) -> fmt::Result {
    exponent_tables(ctx, c, out)?;
    let cells = ctx.puzzle.cages[c].sorted_cells();
    let straight =
        cells.iter().all(|x| x.row == cells[0].row) || cells.iter().all(|x| x.col == cells[0].col);
    if straight {
        value_set_text(ctx, c, table, out)?;
    } else {
        bent_text(ctx, &cells, table, out)?;
    }
    para(ctx, out, &choice_text(ctx, c, straight, table))?;
    let m = &ctx.model;
    let written = (ctx.cage(c).rows.clone())
        .filter(|&r| m.row(r).info.family == RowFamily::PrimeExponents)
        .count();
    let primes = primes_up_to(ctx.n()).len();
    if m.presolve.is_some() && written > 0 && written < primes {
        para(
            ctx,
            out,
            &format!(
                "Presolve dropped {} of the {primes} prime rows: no value they count is left in \
                 the cage's cells.",
                primes - written
            ),
        )?;
    }
    Ok(())
}

fn exponent_tables(ctx: &Ctx, c: usize, out: &mut dyn Write) -> fmt::Result {
    let (n, t, cn) = (ctx.n(), ctx.puzzle.cages[c].target, c + 1);
    let primes = primes_up_to(n);
    let w = primes.last().map_or(1, |p| p.to_string().len()) + 2;
    let label = format!("v_p({t})").len().max(8) + 2;
    para(
        ctx,
        out,
        &format!(
            "Method 1 (6.1.5): {t} = {}; one row cage_{cn}_pP for every prime p <= {n}, \
             whose right-hand side is v_p({t}), the exponent of p in {t}:",
            factor_text(t)
        ),
    )?;
    let heads: String = primes.iter().map(|p| format!("{p:>w$}")).collect();
    let rhs: String = primes
        .iter()
        .map(|&p| format!("{:>w$}", exponent(t, p as u64)))
        .collect();
    writeln!(out, "    {:<label$}{heads}", "p")?;
    writeln!(out, "    {:<label$}{rhs}", format!("v_p({t})"))?;
    para(
        ctx,
        out,
        &format!(
            "The exponents of each value K <= {n}, the coefficient of x_I_J_K in row \
             cage_{cn}_pP for every cell (I,J) of the cage:"
        ),
    )?;
    writeln!(out, "    {:<label$}{heads}", "K")?;
    for k in 1..=n {
        let row: String = primes
            .iter()
            .map(|&p| format!("{:>w$}", exponent(k as u64, p as u64)))
            .collect();
        writeln!(out, "    {k:<label$}{row}")?;
    }
    let excluded: Vec<String> = (2..=n)
        .filter(|&k| {
            primes
                .iter()
                .any(|&p| k % p == 0 && exponent(t, p as u64) == 0)
        })
        .map(|k| k.to_string())
        .collect();
    let mut text = "Each row adds up the exponents of p over the cage's values and must \
                    equal v_p. 1 has no prime factor, so x_I_J_1 is in no product row."
        .to_string();
    if !excluded.is_empty() {
        text.push_str(&format!(
            " The rows with right-hand side 0 keep out {}, whose prime factors {t} lacks.",
            excluded.join(", ")
        ));
    }
    para(ctx, out, &text)
}

/// `2^3 · 3`, or `1`.
fn factor_text(t: u64) -> String {
    let f = factorize(t);
    if f.is_empty() {
        return "1".to_string();
    }
    f.iter()
        .map(|&(p, e)| match e {
            1 => p.to_string(),
            _ => format!("{p}^{e}"),
        })
        .collect::<Vec<_>>()
        .join("·")
}

fn show_set(set: &[u8]) -> String {
    let v: Vec<String> = set.iter().map(u8::to_string).collect();
    format!("{{{}}}", v.join(","))
}

fn value_set_text(ctx: &Ctx, c: usize, table: Option<&Tuples>, out: &mut dyn Write) -> fmt::Result {
    let cage = &ctx.puzzle.cages[c];
    let (w, t, n, cn) = (cage.cells.len(), cage.target, ctx.n(), c + 1);
    let (line, rule) = if cage.cells.iter().all(|x| x.row == cage.cells[0].row) {
        ("row", "(2.2)")
    } else {
        ("column", "(2.3)")
    };
    let Some(table) = table else {
        return para(
            ctx,
            out,
            "Method 2 (value sets, §6.2 and Appendix A): too many tuples to list the sets.",
        );
    };
    let sets = value_sets(table);
    let shown: Vec<String> = sets.iter().map(|s| show_set(s)).collect();
    para(
        ctx,
        out,
        &format!(
            "Method 2 (value sets, §6.2 and Appendix A): the cells lie in one {line}, so {rule} \
             makes their values distinct, and the cage holds exactly when they form \
             one of the sets of {w} values from 1..{n} with product {t}: {}.",
            shown.join(" ")
        ),
    )?;
    let how = match sets.len() {
        1 => format!(
            "One set: a single row, ({}), saying the x of the cage's cells over these values \
             add up to {w}.",
            if w == 2 { "6.2.4" } else { "A.9" }
        ),
        m => format!(
            "{m} sets: a binary w_{cn}_S per set S, a row (A.11) per set, x over the set's \
             values >= {w}·w_{cn}_S, and (A.12) w_{cn}_1 + … + w_{cn}_{m} = 1."
        ),
    };
    para(ctx, out, &how)
}

fn bent_text(
    ctx: &Ctx,
    cells: &[Cell],
    table: Option<&Tuples>,
    out: &mut dyn Write,
) -> fmt::Result {
    let mut text = "Method 2 (value sets) does not apply: the cells are not in one row or \
                    column, so two of them may hold the same value, which no set of values \
                    can say. The paper's counter-example (Appendix A4): cells (1,1) (1,2) \
                    (2,1) with 35 = 1·5·7; the set row x_1_1_{1,5,7} + x_1_2_{1,5,7} + \
                    x_2_1_{1,5,7} = 3 also admits 1, 5, 5 (product 25), and (2.1)-(2.3) do \
                    not forbid it. So bent cages always use method 1."
        .to_string();
    if let Some(t) = table {
        let repeats: Vec<&[u8]> = t
            .iter()
            .filter(|tuple| {
                let mut s = tuple.to_vec();
                s.sort_unstable();
                s.windows(2).any(|p| p[0] == p[1])
            })
            .collect();
        if let Some(first) = repeats.first() {
            let v: Vec<String> = first.iter().map(u8::to_string).collect();
            let on: Vec<String> = cells.iter().map(|&c| coord(c)).collect();
            let how_many = match (repeats.len(), t.count()) {
                (r, c) if r == c => "every tuple repeats a value".to_string(),
                (1, c) => format!("1 of the {c} tuples repeats a value"),
                (r, c) => format!("{r} of the {c} tuples repeat a value"),
            };
            text.push_str(&format!(
                " Here {how_many}, e.g. {} on {}.",
                v.join(" "),
                on.join(" ")
            ));
        }
    }
    para(ctx, out, &text)
}

/// Which method the model's rows use, and why under the options given.
fn choice_text(ctx: &Ctx, c: usize, straight: bool, table: Option<&Tuples>) -> String {
    let by_sets = matches!(ctx.cage(c).encoding, CageEncoding::ValueSets(_));
    let used = if by_sets {
        "value sets"
    } else {
        "prime exponents (6.1.5)"
    };
    let limit = ctx.opts.tuple_limit;
    let why = match ctx.opts.product {
        _ if ctx.opts.formulation != Formulation::Melkonian => {
            "the tuple formulation keeps the paper's method 1 for cages it does not tabulate"
                .to_string()
        }
        ProductMethod::Primes => "--product primes, the paper's method 1 and the default".into(),
        _ if !straight => "value sets apply to straight cages only".into(),
        _ if table.is_none_or(|t| t.count() > limit) => {
            format!("more than {limit} tuples (--tuple-limit), too many to list the sets")
        }
        ProductMethod::Sets => "--product sets on a straight cage".into(),
        ProductMethod::Auto => auto_text(ctx, c),
    };
    format!("The model writes this cage with {used}: {why}.")
}

fn auto_text(ctx: &Ctx, c: usize) -> String {
    let Some((primes, sets)) = ctx.alternatives() else {
        return "--product auto".into();
    };
    let nonzeros = |f: &Formulated| -> usize {
        (f.cages[c].rows.clone())
            .map(|r| f.model.row(r).terms.len())
            .sum()
    };
    let (p, s) = (nonzeros(primes), nonzeros(sets));
    format!(
        "--product auto keeps the encoding with fewer non-zeros, and here value sets need \
         {s} against {p} for prime exponents (a tie keeps prime exponents)"
    )
}

pub(super) fn tupled(ctx: &Ctx, c: usize, out: &mut dyn Write) -> fmt::Result {
    let cn = c + 1;
    let z = ctx.cage(c).z.len();
    let count =
        crate::puzzle::tuples::enumerate(&ctx.puzzle.cages[c], ctx.n(), ctx.opts.tuple_limit)
            .map_or(z, |t| t.count());
    if z < count {
        para(
            ctx,
            out,
            &format!(
                "Presolve left a z for {z} of the {count} tuples: the others give some cell a \
                 value presolve removed."
            ),
        )?;
    }
    let text = match ctx.opts.formulation {
        Formulation::Cover => format!(
            "Exact cover (beyond the paper): one binary z_{cn}_T per tuple T ({z} \
             variable{}). (T.1) cage_{cn}: exactly one z is 1. This cage's cells have no x \
             and no y: by (T.2), x_I_J_K would be the sum of the z whose tuple puts K in \
             (I,J), and the row and column rules (2.2) and (2.3) are written with those z \
             instead. So a tuple covers its cage and, for each cell, one (row, value) and \
             one (column, value) pair.",
            plural(z)
        ),
        _ => format!(
            "Tuple formulation (beyond the paper): one binary z_{cn}_T per tuple T ({z} \
             variable{}). (T.1) cage_{cn}: exactly one z is 1. (T.2) cage_{cn}_I_J_K: x_I_J_K \
             equals the sum of the z whose tuple puts K in (I,J). The clue lives in the list \
             of tuples, so no y, u or big-M row is needed, and over this cage's cells the rows \
             describe the convex hull of its tuples.",
            plural(z)
        ),
    };
    para(ctx, out, &text)
}
