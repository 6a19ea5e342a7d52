//! The rows of each cage: givens, (3.1) sums, (4.1) differences, (5.1)–(5.4)
//! ratios and (6.1.5) products by prime exponents, or the cage's tuples,
//! as its [`CageEncoding`] says.

use super::encoding::{CageEncoding, Trace};
use super::primes::{exponent, primes_up_to, ratio_big_m};
use super::{FormulateError, Formulation, Layout, Options, ProductMethod, names, products, tupled};
use crate::model::{Domain, Model, ModelError, RowFamily, Sense, VarId};
use crate::puzzle::ir::{Cage, Cell, Op, Puzzle};
use crate::puzzle::tuples::{self, TooMany, Tuples};

/// Each cage's encoding, or the error its rows would raise (a clue the
/// paper has no rows for, with too many tuples): raised when the cage is
/// reached, so the model's errors come in the order its rows do.
pub(super) type Encodings = Vec<Result<CageEncoding, FormulateError>>;

/// How every cage of a KenKen model is written (not the cover formulation,
/// which decides its own): the paper's rows, its value sets, or its tuples.
/// `present` says whether x[cell, k] is in the model (presolve removes some),
/// which `--product auto` weighs.
pub(super) fn encodings(
    puzzle: &Puzzle,
    opts: &Options,
    present: impl Fn(Cell, usize) -> bool,
) -> Encodings {
    let primes = primes_up_to(puzzle.size);
    let by_sets = matches!(opts.product, ProductMethod::Sets | ProductMethod::Auto);
    (puzzle.cages.iter().enumerate())
        .map(|(c, cage)| {
            let wanted = opts.formulation == Formulation::Tuples
                || beyond_the_paper(cage)
                || (by_sets && cage.op == Op::Mul);
            let table = wanted.then(|| tuples::enumerate(cage, puzzle.size, opts.tuple_limit));
            encoding(puzzle.size, opts, c, cage, table, &primes, &present)
        })
        .collect()
}

/// One cage's encoding, from its tuples where the options read them.
fn encoding(
    n: usize,
    opts: &Options,
    c: usize,
    cage: &Cage,
    table: Option<Result<Tuples, TooMany>>,
    primes: &[usize],
    present: &impl Fn(Cell, usize) -> bool,
) -> Result<CageEncoding, FormulateError> {
    if beyond_the_paper(cage) {
        // The paper has no rows for these: the tuple rows are exact.
        return match table {
            Some(Ok(tuples)) => Ok(CageEncoding::Tuples {
                tuples,
                beyond_the_paper: true,
            }),
            _ => Err(FormulateError::TooManyTuples {
                cage: c + 1,
                limit: opts.tuple_limit,
            }),
        };
    }
    if opts.formulation != Formulation::Melkonian {
        return Ok(match table {
            Some(Ok(tuples)) => CageEncoding::Tuples {
                tuples,
                beyond_the_paper: false,
            },
            _ => CageEncoding::Paper {
                past_tuple_limit: true,
            },
        });
    }
    let cells = cage.sorted_cells();
    if let Some(Ok(t)) = &table
        && cage.op == Op::Mul
        && is_straight(&cells)
    {
        let sets = products::value_sets(t);
        if products::prefer_sets(opts.product, n, &cells, primes, &sets, present) {
            return Ok(CageEncoding::ValueSets(sets));
        }
    }
    Ok(CageEncoding::Paper {
        past_tuple_limit: false,
    })
}

/// Declares `u_C` for every difference or ratio cage written with the
/// paper's rows, in cage order (after x and y, before any z or w).
pub(super) fn declare_u(
    model: &mut Model,
    puzzle: &Puzzle,
    tabulated: impl Fn(usize) -> bool,
) -> Vec<Option<VarId>> {
    puzzle
        .cages
        .iter()
        .enumerate()
        .map(|(c, cage)| {
            (matches!(cage.op, Op::Sub | Op::Div) && !tabulated(c))
                .then(|| model.add_var(format_args!("{}", names::u(c)), Domain::Binary))
        })
        .collect()
}

/// Variables, rows and non-zeros of the tuple rows (T.1, T.2) of the cages
/// written as their tuples, at most (presolve leaves some out).
pub(super) fn tuple_room(n: usize, encodings: &Encodings) -> [usize; 3] {
    let mut room = [0; 3];
    for encoding in encodings {
        if let Ok(CageEncoding::Tuples { tuples: t, .. }) = encoding {
            let (z, cells) = (t.count(), t.cells.len());
            room[0] += z;
            room[1] += 1 + cells * n;
            room[2] += z + cells * (n + z);
        }
    }
    room
}

/// Every cage's rows, in input order, as its encoding says: the cover
/// formulation's (T.1) row over the z it declared, the tuple rows, the
/// value sets, or the paper's rows on x, y and `u`.
#[allow(clippy::too_many_arguments)]
pub(super) fn cage_rows(
    model: &mut Model,
    l: &Layout,
    puzzle: &Puzzle,
    opts: &Options,
    encodings: Encodings,
    u: &[Option<VarId>],
    cover: Option<&super::cover::Cover>,
    trace: &mut Trace,
) -> Result<(), FormulateError> {
    let primes = primes_up_to(l.n);
    let multiples = prime_multiples(&primes, l.n);
    for ((c, cage), encoding) in puzzle.cages.iter().enumerate().zip(encodings) {
        let encoding = encoding?;
        let cells = cage.sorted_cells();
        let title = format!(
            "cage {}: {}{} on {}",
            c + 1,
            cage.target,
            cage.op.symbol(),
            describe_cells(&cells)
        );
        let (section, first) = (model.sections.len(), model.num_rows());
        let mut z = Vec::new();
        match &encoding {
            CageEncoding::Cover { .. } => {
                let cover = cover.expect("cover encodings come with the cover");
                let zs = cover.z(c).expect("the cover tabulates this cage");
                model.section(cover.section_title(c, &title));
                tupled::choice_row(model, c, zs)?;
                z = zs.to_vec();
            }
            CageEncoding::Tuples {
                tuples: t,
                beyond_the_paper,
            } => {
                model.section(match beyond_the_paper {
                    true => format!(
                        "{title}; {} tuples (T.1, T.2): no linear rows in the paper for this clue",
                        t.count()
                    ),
                    false => format!("{title}; {} tuples (T.1, T.2)", t.count()),
                });
                z = tupled::rows(model, l, c, t)?;
            }
            CageEncoding::ValueSets(sets) => {
                model.section(title);
                products::set_rows(model, l, c, cage, &cells, sets)?;
            }
            CageEncoding::Paper { past_tuple_limit } => {
                model.section(match past_tuple_limit {
                    true => format!(
                        "{title}; more than {} tuples: the paper's rows instead",
                        opts.tuple_limit
                    ),
                    false => title,
                });
                paper_rows(model, l, c, cage, &cells, u[c], &primes, &multiples)?;
            }
        }
        trace.push(&encoding, section, first..model.num_rows(), u[c], &z);
    }
    Ok(())
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

/// Clues the paper has no rows for: a hidden operation, and differences or
/// ratios over more than two cells (largest against the rest).
pub(super) fn beyond_the_paper(cage: &Cage) -> bool {
    match cage.op {
        Op::Hidden => true,
        Op::Sub | Op::Div => cage.cells.len() > 2,
        Op::Given | Op::Add | Op::Mul => false,
    }
}

/// All cells in one row or in one column (method 2 is exact only then).
fn is_straight(cells: &[Cell]) -> bool {
    cells.iter().all(|c| c.row == cells[0].row) || cells.iter().all(|c| c.col == cells[0].col)
}

/// Adds a row, except one that presolve left without terms and that 0
/// satisfies: that row is dropped and counted.
pub(super) fn add_row_or_drop(
    model: &mut Model,
    name: impl std::fmt::Display,
    family: RowFamily,
    note: impl std::fmt::Display,
    terms: impl IntoIterator<Item = (VarId, i64)>,
    sense: Sense,
    rhs: i64,
) -> Result<(), ModelError> {
    // `add_row` refuses an empty row and leaves no trace of it.
    let added = model.add_row(name, family, note, terms, sense, rhs);
    if let (Err(ModelError::EmptyRow(_)), Some(report)) = (&added, model.presolve.as_mut())
        && sense.holds(0, rhs)
    {
        report.rows_removed += 1;
        return Ok(());
    }
    added
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

/// `(1,1) (1,2)` in 1-based coordinates; long cages are shortened so comment
/// lines stay readable.
pub(super) fn describe_cells(cells: &[Cell]) -> String {
    const SHOWN: usize = 8;
    let mut s = cells
        .iter()
        .take(SHOWN)
        .map(|c| format!("({},{})", c.row + 1, c.col + 1))
        .collect::<Vec<_>>()
        .join(" ");
    if cells.len() > SHOWN {
        s.push_str(&format!(" ... ({} cells)", cells.len()));
    }
    s
}
