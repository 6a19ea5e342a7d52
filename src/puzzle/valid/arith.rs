//! Cages no assignment can satisfy, with the reason in puzzle terms.
//!
//! Cheap arithmetic reasons come first (they make the best messages); the
//! cage's tuples then catch what they miss, such as `16*` on two cells of one
//! row of a 4×4 grid (4·4 would repeat a value): a cage with no tuple is an
//! input error.

use crate::puzzle::diag::Diagnostic;
use crate::puzzle::ir::{Cage, Cell, Op, Rules};

/// Nodes the tuple search may visit per cage before giving up (and assuming
/// the cage can be met): validation stays fast on any input.
const SEARCH_BUDGET: u64 = 20_000;

/// Larger cages are left to the arithmetic bounds.
const SEARCH_CELLS: usize = 8;

/// Why no values `1..=n` meet the clue of `cage` (whose `cells` are distinct,
/// inside the grid, of the right number, and whose target is positive).
pub fn unsatisfiable(cage: &Cage, cells: &[Cell], n: usize, rules: Rules) -> Option<Diagnostic> {
    let t = cage.target;
    let reason = match cage.op {
        Op::Given => given(t, n),
        Op::Sub => difference(t, n),
        Op::Div => ratio(t, cells, n),
        Op::Mul => product(t, cells.len(), n),
        Op::Add => return sum(cage, cells, n, rules),
        // Any of the four operations: only the search below can tell.
        Op::Hidden => None,
    };
    let reason = reason.or_else(|| search(cage, rules, n))?;
    Some(Diagnostic::error(cage.span, reason))
}

fn given(t: u64, n: usize) -> Option<String> {
    (t > n as u64).then(|| format!("given {t} is outside the values 1..{n}"))
}

fn difference(t: u64, n: usize) -> Option<String> {
    (t >= n as u64).then(|| {
        format!(
            "a difference of {t} is impossible: values 1..{n} differ by at most {}",
            n - 1
        )
    })
}

fn ratio(t: u64, cells: &[Cell], n: usize) -> Option<String> {
    if t == 1 && shares_line(cells) {
        return Some(
            "a ratio of 1 is impossible: the two cells share a row or column, so they hold different values"
                .to_string(),
        );
    }
    (t > n as u64).then(|| {
        format!("a ratio of {t} needs a value of at least {t}, but values run only 1..{n}")
    })
}

fn shares_line(cells: &[Cell]) -> bool {
    cells.iter().enumerate().any(|(i, a)| {
        cells[i + 1..]
            .iter()
            .any(|b| a.row == b.row || a.col == b.col)
    })
}

/// The least and greatest sums of `cells`: cells sharing a row (or a column)
/// hold distinct values, so a row with k of them adds at least 1+…+k.
pub fn sum_range(cells: &[Cell], n: usize) -> (u64, u64) {
    let bound = |key: fn(&Cell) -> u16| {
        let mut count = std::collections::HashMap::new();
        for c in cells {
            *count.entry(key(c)).or_insert(0u64) += 1;
        }
        let n = n as u64;
        count.values().fold((0, 0), |(lo, hi), &k| {
            (lo + k * (k + 1) / 2, hi + k * (2 * n + 1 - k.min(n)) / 2)
        })
    };
    let (lo_r, hi_r) = bound(|c| c.row);
    let (lo_c, hi_c) = bound(|c| c.col);
    (lo_r.max(lo_c), hi_r.min(hi_c))
}

fn sum(cage: &Cage, cells: &[Cell], n: usize, rules: Rules) -> Option<Diagnostic> {
    let t = cage.target;
    let (lo, hi) = sum_range(cells, n);
    let k = cells.len();
    if (lo..=hi).contains(&t) {
        let reason = search(cage, rules, n)?;
        return Some(Diagnostic::error(cage.span, reason));
    }
    let why = if lo > k as u64 || hi < (k * n) as u64 {
        ", different within each row and column,"
    } else {
        ""
    };
    let (range, expected) = if lo == hi {
        (format!("exactly {lo}"), format!("a sum of {lo}"))
    } else {
        (
            format!("between {lo} and {hi}"),
            format!("a sum from {lo} to {hi}"),
        )
    };
    let cells = if k == 1 {
        "1 cell"
    } else {
        &format!("{k} cells")
    };
    Some(
        Diagnostic::error(
            cage.span,
            format!(
                "a sum of {t} is out of reach: {cells} of values 1..{n}{why} add up to {range}"
            ),
        )
        .expected(expected, t.to_string()),
    )
}

fn primes_up_to(n: usize) -> impl Iterator<Item = u64> {
    (2..=n as u64).filter(|&p| (2..p).take_while(|d| d * d <= p).all(|d| p % d != 0))
}

fn product(t: u64, k: usize, n: usize) -> Option<String> {
    let mut rest = t;
    let mut powers = Vec::new();
    for p in primes_up_to(n) {
        let mut e = 0;
        while rest.is_multiple_of(p) {
            rest /= p;
            e += 1;
        }
        if e > 0 {
            powers.push((p, e));
        }
    }
    if rest > 1 {
        return Some(big_factor(t, rest, n));
    }
    let cells = if k == 1 {
        "1 cell"
    } else {
        &format!("{k} cells")
    };
    for (p, e) in powers {
        // The largest power of p among the values 1..n.
        let per_cell = (1..)
            .take_while(|&i| p.pow(i) <= n as u64)
            .last()
            .unwrap_or(0);
        let most = per_cell as usize * k;
        if e as usize > most {
            return Some(format!(
                "a product of {t} contains {p}^{e}, but {cells} of values 1..{n} hold at most {p}^{most} ({} per cell)",
                p.pow(per_cell)
            ));
        }
    }
    let most = (n as u128)
        .checked_pow(k as u32)
        .filter(|_| k <= u32::MAX as usize);
    match most {
        Some(most) if t as u128 > most => Some(format!(
            "a product of {t} is too large for {cells}: values 1..{n} multiply to at most {n}^{k} = {most}"
        )),
        _ => None,
    }
}

/// The message for a target with a prime factor above n; `rest` is what is
/// left after dividing out every prime ≤ n.
fn big_factor(t: u64, rest: u64, n: usize) -> String {
    let limit = rest.isqrt().min(1_000_000);
    let smallest = (n as u64 + 1..=limit).find(|d| rest.is_multiple_of(*d));
    let prime = match smallest {
        Some(p) => Some(p),
        None if rest.isqrt() <= limit => Some(rest),
        None => None,
    };
    match prime {
        Some(p) => {
            format!("a product of {t} needs the prime factor {p}, but values run only 1..{n}")
        }
        None => format!(
            "a product of {t} has the factor {rest}, whose prime factors all exceed the largest value {n}"
        ),
    }
}

/// The cage's tuples (`crate::puzzle::tuples`) decide what the arithmetic cannot:
/// `Some(reason)` when there is provably none. One tuple is enough to stop,
/// and an enumeration that gives up counts as satisfiable.
fn search(cage: &Cage, rules: Rules, n: usize) -> Option<String> {
    if cage.cells.len() > SEARCH_CELLS {
        return None;
    }
    let none = !crate::puzzle::tuples::exists(rules, cage, n, SEARCH_BUDGET)?;
    let differ = match rules {
        Rules::KenKen => "cells sharing a row or column differ",
        Rules::Killer { .. } => "all its values differ",
    };
    none.then(|| {
        format!(
            "no values 1..{n} meet '{}{}' in these {} cells when {differ}",
            cage.target,
            cage.op.symbol(),
            cage.cells.len()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(list: &[(usize, usize)]) -> Vec<Cell> {
        list.iter().map(|&(r, c)| Cell::new(r, c)).collect()
    }

    #[test]
    fn sum_range_counts_distinct_rows_and_columns() {
        // Three cells in one row of a 5×5 grid: 1+2+3 ..= 3+4+5.
        assert_eq!(sum_range(&cells(&[(0, 0), (0, 1), (0, 2)]), 5), (6, 12));
        // An L: two in row 0, two in column 0.
        assert_eq!(sum_range(&cells(&[(0, 1), (0, 0), (1, 0)]), 4), (4, 11));
        assert_eq!(sum_range(&cells(&[(3, 3)]), 9), (1, 9));
    }

    #[test]
    fn product_reasons() {
        assert!(product(14, 2, 5).unwrap().contains("prime factor 7"));
        assert!(product(17 * 19, 2, 16).unwrap().contains("prime factor 17"));
        assert!(product(512, 2, 16).unwrap().contains("2^9"));
        assert_eq!(product(512, 3, 16), None);
        assert_eq!(product(143, 2, 13), None);
        assert!(product(3 * 3 * 3 * 5, 2, 5).unwrap().contains("3^3"));
        assert!(
            product(5 * 5 * 4 * 4 * 3, 4, 5)
                .unwrap()
                .contains("too large")
        );
        assert!(product(5 * 5 * 4 * 3, 4, 5).is_none());
        assert!(product(u64::MAX, 3, 255).is_some());
    }
}
