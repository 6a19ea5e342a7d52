//! The paper's rows of a KenKen cage ([`CageEncoding::Paper`]): givens,
//! (3.1) sums, (4.1) differences with their orientation `u`, (5.1)–(5.4)
//! ratios and (6.1.5) products by prime exponents.
//!
//! [`CageEncoding::Paper`]: super::CageEncoding::Paper

use super::encoding::Encodings;
use super::primes::{exponent, primes_up_to, ratio_big_m};
use super::rows::{add_row_or_drop, describe_cells};
use super::{Layout, names};
use crate::model::{Column, Domain, Model, ModelError, RowFamily, Sense, VarId};
use crate::puzzle::ir::{Cage, Cell, Op, Puzzle};

/// Declares `u_C` for every difference or ratio cage written with the
/// paper's rows, in cage order (after x and y, before any z or w).
pub(super) fn declare_u(
    model: &mut Model,
    puzzle: &Puzzle,
    encodings: &Encodings,
) -> Vec<Option<VarId>> {
    let tabulated = |c: usize| matches!(&encodings[c], Ok(e) if e.is_tabulated());
    puzzle
        .cages
        .iter()
        .enumerate()
        .map(|(c, cage)| {
            (matches!(cage.op, Op::Sub | Op::Div) && !tabulated(c))
                .then(|| model.add_column(Column::U { cage: c as u32 }, Domain::Binary))
        })
        .collect()
}

/// What the paper's rows of every cage share, worked out once: the primes
/// up to n and, for each, the values it divides with their exponents.
pub(super) struct PaperRows {
    primes: Vec<usize>,
    multiples: Vec<Vec<(usize, i64)>>,
}

impl PaperRows {
    pub(super) fn new(n: usize) -> PaperRows {
        let primes = primes_up_to(n);
        let multiples = prime_multiples(&primes, n);
        PaperRows { primes, multiples }
    }

    /// The paper's rows for cage `c`'s clue; `u` is its orientation,
    /// declared for differences and ratios.
    pub(super) fn rows(
        &self,
        model: &mut Model,
        l: &Layout,
        c: usize,
        cage: &Cage,
        cells: &[Cell],
        u: Option<VarId>,
    ) -> Result<(), ModelError> {
        paper_rows(model, l, c, cage, cells, u, &self.primes, &self.multiples)
    }
}

/// The paper's rows for cage `c`'s clue; `u` is its orientation, declared
/// for differences and ratios.
#[allow(clippy::too_many_arguments)]
fn paper_rows(
    model: &mut Model,
    l: &Layout,
    c: usize,
    cage: &Cage,
    cells: &[Cell],
    u: Option<VarId>,
    primes: &[usize],
    multiples: &[Vec<(usize, i64)>],
) -> Result<(), ModelError> {
    let t = cage.target as i64;
    match cage.op {
        Op::Given => model.add_row(
            names::cage(c),
            RowFamily::Given,
            format!(
                "cage {}: cell {} is given as {t}",
                c + 1,
                describe_cells(cells)
            ),
            l.value_terms(cells[0], 1),
            Sense::Eq,
            t,
        ),
        Op::Add => model.add_row(
            names::cage(c),
            RowFamily::Sum,
            format!("cage {} ({t}+): the values add up to {t}", c + 1),
            cells.iter().flat_map(|&cell| l.value_terms(cell, 1)),
            Sense::Eq,
            t,
        ),
        Op::Sub => {
            let (a, b) = (cells[0], cells[1]);
            let u = u.expect("u declared for difference cages");
            model.add_row(
                names::cage(c),
                RowFamily::Difference,
                format!(
                    "cage {} ({t}-): |y_b - y_a| = {t}; u_{} = 0: b - a = {t}, u_{} = 1: a - b = {t}",
                    c + 1,
                    c + 1,
                    c + 1
                ),
                (l.value_terms(b, 1).chain(l.value_terms(a, -1))).chain([(u, 2 * t)]),
                Sense::Eq,
                t,
            )
        }
        Op::Div => {
            let u = u.expect("u declared for ratio cages");
            ratio_rows(model, l, c, cage, (cells[0], cells[1]), u)
        }
        Op::Hidden => unreachable!("hidden operations are written as their tuples"),
        Op::Mul => product_rows(model, l, c, cage, cells, primes, multiples),
    }
}

/// Suffix, equation, the two cells' values with their coefficients, u's
/// coefficient, sense, RHS and note of one ratio row.
type RatioRow = (
    &'static str,
    RowFamily,
    [(Cell, i64); 2],
    i64,
    Sense,
    i64,
    String,
);

/// (5.1)–(5.4): u = 0 forces `y_b = r·y_a`, u = 1 forces `y_a = r·y_b`.
fn ratio_rows(
    model: &mut Model,
    l: &Layout,
    c: usize,
    cage: &Cage,
    (a, b): (Cell, Cell),
    u: VarId,
) -> Result<(), ModelError> {
    let n = l.n;
    let r = cage.target as i64;
    let m = ratio_big_m(n as u64, cage.target) as i64;
    let cn = c + 1;
    let rows: [RatioRow; 4] = [
        (
            "r1",
            RowFamily::RatioBAtLeast,
            [(b, 1), (a, -r)],
            m,
            Sense::Ge,
            0,
            format!("cage {cn} ({r}%): with u_{cn} = 0, y_b >= {r} y_a"),
        ),
        (
            "r2",
            RowFamily::RatioBAtMost,
            [(b, 1), (a, -r)],
            -m,
            Sense::Le,
            0,
            format!("cage {cn} ({r}%): with u_{cn} = 0, y_b <= {r} y_a"),
        ),
        (
            "r3",
            RowFamily::RatioAAtLeast,
            [(a, 1), (b, -r)],
            -m,
            Sense::Ge,
            -m,
            format!("cage {cn} ({r}%): with u_{cn} = 1, y_a >= {r} y_b"),
        ),
        (
            "r4",
            RowFamily::RatioAAtMost,
            [(a, 1), (b, -r)],
            m,
            Sense::Le,
            m,
            format!(
                "cage {cn} ({r}%): with u_{cn} = 1, y_a <= {r} y_b; big-M = {r}({n} - {n} mod {r}) - {n} div {r} = {m}"
            ),
        ),
    ];
    for (suffix, eq, values, u_coef, sense, rhs, note) in rows {
        let [(first, f), (second, s)] = values;
        let terms = (l.value_terms(first, f).chain(l.value_terms(second, s))).chain([(u, u_coef)]);
        model.add_row(names::cage_part(c, suffix), eq, note, terms, sense, rhs)?;
    }
    Ok(())
}

/// (6.1.5) for every prime p ≤ n: the exponents of p over the cage's values
/// add up to v_p(t). Primes not dividing t get a row too (with RHS 0): that is
/// what keeps, say, a 6 out of a cage whose target is 8.
fn product_rows(
    model: &mut Model,
    l: &Layout,
    c: usize,
    cage: &Cage,
    cells: &[Cell],
    primes: &[usize],
    multiples: &[Vec<(usize, i64)>],
) -> Result<(), ModelError> {
    let t = cage.target;
    let factors = factor_text(t);
    for (&p, multiples) in primes.iter().zip(multiples) {
        let e = exponent(t, p as u64);
        let terms = cells.iter().flat_map(|cell| {
            multiples.iter().filter_map(move |&(k, e)| {
                let x = l.x(cell.row as usize, cell.col as usize, k)?;
                Some((x, e))
            })
        });
        add_row_or_drop(
            model,
            names::cage_part(c, format_args!("p{p}")),
            RowFamily::PrimeExponents,
            format_args!(
                "cage {} ({t}*): the values hold the prime {p} exactly {e} time{} ({t} = {})",
                c + 1,
                if e == 1 { "" } else { "s" },
                factors
            ),
            terms,
            Sense::Eq,
            e as i64,
        )?;
    }
    Ok(())
}

/// For each of `primes`, the values up to `n` it divides, each with its
/// exponent there: the coefficients of every (6.1.5) row, worked out once
/// rather than by division for every cell of every product cage.
fn prime_multiples(primes: &[usize], n: usize) -> Vec<Vec<(usize, i64)>> {
    let multiples = |p: usize| {
        (p..=n)
            .step_by(p)
            .map(move |k| (k, exponent(k as u64, p as u64) as i64))
    };
    primes.iter().map(|&p| multiples(p).collect()).collect()
}

/// `2^3 * 3` style factorisation for comments.
fn factor_text(t: u64) -> String {
    let f = super::primes::factorize(t);
    if f.is_empty() {
        return "1".to_string();
    }
    f.iter()
        .map(|&(p, e)| {
            if e == 1 {
                p.to_string()
            } else {
                format!("{p}^{e}")
            }
        })
        .collect::<Vec<_>>()
        .join(" * ")
}
