//! Cages no assignment can satisfy, with the reason in puzzle terms.
//!
//! Cheap arithmetic reasons come first (they make the best messages); a small
//! bounded search then catches what they miss, such as `16*` on two cells of
//! one row of a 4×4 grid (4·4 would repeat a value).

use crate::diag::Diagnostic;
use crate::ir::{Cage, Cell, Op};

/// Nodes the exhaustive search may visit per cage before giving up (and
/// assuming the cage can be met).
const SEARCH_BUDGET: usize = 20_000;

/// Larger cages are left to the arithmetic bounds: each search node costs
/// time linear in the cage size.
const SEARCH_CELLS: usize = 8;

/// Why no values `1..=n` meet the clue of `cage` (whose `cells` are distinct,
/// inside the grid, of the right number, and whose target is positive).
pub fn unsatisfiable(cage: &Cage, cells: &[Cell], n: usize) -> Option<Diagnostic> {
    let t = cage.target;
    let reason = match cage.op {
        Op::Given => given(t, n),
        Op::Sub => difference(t, n),
        Op::Div => ratio(t, cells, n),
        Op::Mul => product(t, cells.len(), n),
        Op::Add => return sum(cage, cells, n),
        // Any of the four operations: only the search below can tell.
        Op::Hidden => None,
    };
    let reason = reason.or_else(|| search(cage, cells, n))?;
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

fn sum(cage: &Cage, cells: &[Cell], n: usize) -> Option<Diagnostic> {
    let t = cage.target;
    let (lo, hi) = sum_range(cells, n);
    let k = cells.len();
    if (lo..=hi).contains(&t) {
        let reason = search(cage, cells, n)?;
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

/// Bounded depth-first search for values meeting the clue, distinct within
/// each row and column of the cage. `Some(reason)` only when the search ran
/// to the end without finding any.
fn search(cage: &Cage, cells: &[Cell], n: usize) -> Option<String> {
    if cells.len() > SEARCH_CELLS {
        return None;
    }
    let mut s = Search {
        cage,
        cells,
        n: n as u64,
        values: Vec::with_capacity(cells.len()),
        budget: SEARCH_BUDGET,
    };
    match s.fill() {
        Found::No => Some(format!(
            "no values 1..{n} meet '{}{}' in these {} cells when cells sharing a row or column differ",
            cage.target,
            cage.op.symbol(),
            cells.len()
        )),
        Found::Yes | Found::GaveUp => None,
    }
}

#[derive(PartialEq)]
enum Found {
    Yes,
    No,
    GaveUp,
}

struct Search<'a> {
    cage: &'a Cage,
    cells: &'a [Cell],
    n: u64,
    values: Vec<u64>,
    budget: usize,
}

impl Search<'_> {
    fn fill(&mut self) -> Found {
        if self.budget == 0 {
            return Found::GaveUp;
        }
        self.budget -= 1;
        let i = self.values.len();
        if i == self.cells.len() {
            return if self.meets() { Found::Yes } else { Found::No };
        }
        let mut result = Found::No;
        for v in 1..=self.n {
            if !self.may_place(i, v) {
                continue;
            }
            self.values.push(v);
            let r = self.fill();
            self.values.pop();
            match r {
                Found::Yes => return Found::Yes,
                Found::GaveUp => result = Found::GaveUp,
                Found::No => {}
            }
        }
        result
    }

    /// Distinct in rows and columns, and not already past the target.
    fn may_place(&self, i: usize, v: u64) -> bool {
        let cell = self.cells[i];
        let clash = self.cells[..i]
            .iter()
            .zip(&self.values)
            .any(|(c, &w)| w == v && (c.row == cell.row || c.col == cell.col));
        if clash {
            return false;
        }
        let t = self.cage.target;
        let left = (self.cells.len() - i - 1) as u64;
        match self.cage.op {
            Op::Add => {
                let s: u64 = self.values.iter().sum::<u64>() + v;
                s + left <= t && s + left * self.n >= t
            }
            Op::Mul => {
                let p = self.values.iter().product::<u64>().checked_mul(v);
                p.is_some_and(|p| t.is_multiple_of(p))
            }
            Op::Given | Op::Sub | Op::Div | Op::Hidden => true,
        }
    }

    fn meets(&self) -> bool {
        let values: Vec<u32> = self.values.iter().map(|&v| v as u32).collect();
        crate::verify::cage_holds(self.cage, &values)
    }
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
