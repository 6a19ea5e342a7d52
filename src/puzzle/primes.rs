//! Primes and prime exponents for the product rows (6.1.5), computed from n
//! rather than hard-coded, so every grid size is right (16 = 2⁴, 11, 13, …).

/// The primes `p ≤ n`, increasing.
pub fn primes_up_to(n: usize) -> Vec<usize> {
    let mut composite = vec![false; n + 1];
    let mut out = Vec::new();
    for p in 2..=n {
        if !composite[p] {
            out.push(p);
            let mut m = p * p;
            while m <= n {
                composite[m] = true;
                m += p;
            }
        }
    }
    out
}

/// `v_p(m)`: the exponent of prime `p` in `m` (`v_2(24) = 3`); 0 for `m = 0`.
pub fn exponent(mut m: u64, p: u64) -> u32 {
    let mut e = 0;
    while m != 0 && m.is_multiple_of(p) {
        m /= p;
        e += 1;
    }
    e
}

/// The prime factorisation of `m ≥ 1` as `(p, e)` pairs, increasing.
pub fn factorize(mut m: u64) -> Vec<(u64, u32)> {
    let mut out = Vec::new();
    let mut p = 2u64;
    while p.saturating_mul(p) <= m {
        if m.is_multiple_of(p) {
            let e = exponent(m, p);
            m /= p.pow(e);
            out.push((p, e));
        }
        p += if p == 2 { 1 } else { 2 };
    }
    if m > 1 {
        out.push((m, 1));
    }
    out
}

/// The big-M of the ratio rows (5.1)–(5.4): `r·(n − n mod r) − n div r`, the
/// smallest value that leaves the inactive pair of rows slack.
pub fn ratio_big_m(n: u64, r: u64) -> u64 {
    r * (n - n % r) - n / r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes_and_exponents() {
        assert_eq!(primes_up_to(1), Vec::<usize>::new());
        assert_eq!(primes_up_to(16), vec![2, 3, 5, 7, 11, 13]);
        assert_eq!(exponent(24, 2), 3);
        assert_eq!(exponent(16, 2), 4);
        assert_eq!(exponent(7, 2), 0);
        assert_eq!(factorize(2520), vec![(2, 3), (3, 2), (5, 1), (7, 1)]);
        assert_eq!(factorize(1), vec![]);
        assert_eq!(factorize(13 * 11 * 16), vec![(2, 4), (11, 1), (13, 1)]);
    }

    #[test]
    fn big_m_matches_the_paper_and_is_tight() {
        // The paper's example: n = 8, r = 3 gives 16.
        assert_eq!(ratio_big_m(8, 3), 16);
        // Tight: it equals the largest slack any ratio pair needs, (r²−1)·(n div r).
        for n in 2..=20u64 {
            for r in 2..=n {
                let worst = (1..=n / r).map(|a| (r * r - 1) * a).max().unwrap();
                assert_eq!(ratio_big_m(n, r), worst, "n={n} r={r}");
            }
        }
    }
}
