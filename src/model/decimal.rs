//! Integers in decimal, fast: names like `x_12_3_7`, coefficients and
//! right-hand sides are most of every model file, and OPB and DIMACS CNF
//! number millions of variables. The model names its variables with these,
//! and every back-end writes its numbers with them.

use std::fmt::{self, Display, Formatter};

/// Integers from −[`SMALL`] to +[`SMALL`], each right-aligned in a slot of
/// [`SLOT`] characters, so the common ones need no formatting (and no UTF-8
/// check) at all.
pub(crate) const SMALL: i64 = 9_999;
const SLOT: usize = 5;
static SMALL_TABLE: [u8; (2 * SMALL as usize + 1) * SLOT] = {
    let mut t = [b' '; (2 * SMALL as usize + 1) * SLOT];
    let mut v = -SMALL;
    while v <= SMALL {
        let end = (v + SMALL) as usize * SLOT + SLOT;
        let mut i = end;
        let mut x = v.unsigned_abs();
        loop {
            i -= 1;
            t[i] = b'0' + (x % 10) as u8;
            x /= 10;
            if x == 0 {
                break;
            }
        }
        if v < 0 {
            t[i - 1] = b'-';
        }
        v += 1;
    }
    t
};
static SMALL_TEXT: &str = match std::str::from_utf8(&SMALL_TABLE) {
    Ok(s) => s,
    Err(_) => panic!("the table is ASCII"),
};

/// "00" to "99", for formatting two digits at a time.
static DIGIT_PAIRS: [u8; 200] = {
    let mut t = [0u8; 200];
    let mut v = 0;
    while v < 100 {
        t[2 * v] = b'0' + (v / 10) as u8;
        t[2 * v + 1] = b'0' + (v % 10) as u8;
        v += 1;
    }
    t
};

/// `v` in decimal from the static table, when `v` ≤ 9999.
#[inline]
pub(crate) fn small_decimal(v: u64) -> Option<&'static str> {
    if v > SMALL as u64 {
        return None;
    }
    let end = (v as usize + SMALL as usize) * SLOT + SLOT;
    let digits = 1 + usize::from(v >= 10) + usize::from(v >= 100) + usize::from(v >= 1000);
    Some(&SMALL_TEXT[end - digits..end])
}

/// An `i64` in decimal: from a static table when small, else formatted into
/// a stack buffer (itoa-style). Integers never print as `-0`.
pub(crate) struct Int {
    small: Option<&'static str>,
    buf: [u8; 21],
    start: u8,
}

impl Int {
    #[inline]
    pub(crate) fn new(value: i64) -> Int {
        Int::with_sign(value < 0, value.unsigned_abs())
    }

    /// `-abs` when `negative`, else `abs`.
    pub(crate) fn with_sign(negative: bool, abs: u64) -> Int {
        if abs <= SMALL as u64 {
            let v = if negative { -(abs as i64) } else { abs as i64 };
            let end = (v + SMALL) as usize * SLOT + SLOT;
            let digits =
                1 + usize::from(abs >= 10) + usize::from(abs >= 100) + usize::from(abs >= 1000);
            let len = digits + usize::from(v < 0);
            return Int {
                small: Some(&SMALL_TEXT[end - len..end]),
                buf: [0; 21],
                start: 0,
            };
        }
        // Two digits a step: OPB and CNF number millions of variables.
        let mut buf = [0u8; 21];
        let mut i = buf.len();
        let mut v = abs;
        while v >= 100 {
            let pair = (v % 100) as usize * 2;
            v /= 100;
            i -= 2;
            buf[i..i + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
        }
        if v >= 10 {
            let pair = v as usize * 2;
            i -= 2;
            buf[i..i + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
        } else {
            i -= 1;
            buf[i] = b'0' + v as u8;
        }
        if negative {
            i -= 1;
            buf[i] = b'-';
        }
        Int {
            small: None,
            buf,
            start: i as u8,
        }
    }

    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        match self.small {
            Some(s) => s,
            // Only ASCII digits and '-' were written.
            None => std::str::from_utf8(&self.buf[self.start as usize..]).unwrap_or("0"),
        }
    }
}

impl Display for Int {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
