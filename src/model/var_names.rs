//! Variable names in fixed 16-byte slots. A model of an n×n puzzle has n³
//! variables `x_I_J_K`, and back-ends write each name four or five times,
//! mostly in column order (a Latin row of value k in column j visits every
//! n-th variable). In one string with a table of offsets, each such visit
//! touched two distant cache lines; in a slot it touches one, and a name of
//! up to 15 bytes (every cagec name up to n = 999) needs no offset at all.

use std::fmt::Write;

use super::VarId;
use super::columns::{Column, ColumnTable, Piece};

/// Bytes of a name kept in its slot; the slot's last byte holds its length.
const INLINE: usize = 15;
/// The last byte of a slot whose name is in `long`; the slot's first four
/// bytes are then its number there.
const LONG: u8 = u8::MAX;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct VarNames {
    slots: Vec<[u8; INLINE + 1]>,
    /// Names longer than [`INLINE`], one after another; the k-th ends at
    /// `long_ends[k]`.
    long: String,
    long_ends: Vec<u32>,
}

impl VarNames {
    pub(super) fn reserve(&mut self, vars: usize) {
        self.slots.reserve(vars);
    }

    pub(super) fn slots(&self) -> &Vec<[u8; INLINE + 1]> {
        &self.slots
    }

    /// Bytes of the names kept outside their slots (the model refuses to pass
    /// 4 GiB).
    pub(super) fn long_len(&self) -> usize {
        self.long.len()
    }

    pub(super) fn push(&mut self, name: &str) {
        let mut slot = [0u8; INLINE + 1];
        if name.len() <= INLINE {
            slot[..name.len()].copy_from_slice(name.as_bytes());
            slot[INLINE] = name.len() as u8;
        } else {
            slot[..4].copy_from_slice(&(self.long_ends.len() as u32).to_le_bytes());
            slot[INLINE] = LONG;
            self.long.push_str(name);
            self.long_ends.push(self.long.len() as u32);
        }
        self.slots.push(slot);
    }

    /// `var`'s name as back-ends write it: a name kept in its slot is
    /// copied out as the whole 16-byte slot, one load.
    #[inline]
    pub(super) fn name(&self, var: usize) -> VarName<'_> {
        let slot = self.slots[var];
        match slot[INLINE] {
            LONG => VarName::Long(self.get(var)),
            len => VarName::Inline { bytes: slot, len },
        }
    }

    /// Asks the processor to start loading `var`'s slot. Rows in column
    /// order visit every n-th or n²-th name, so each slot is a cache miss
    /// that no hardware prefetcher predicts; a writer hints a few terms
    /// ahead. Only a hint: it never faults and changes nothing.
    #[inline]
    pub(super) fn prefetch(&self, var: usize) {
        #[cfg(target_arch = "x86_64")]
        if let Some(slot) = self.slots.get(var) {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: SSE is part of every x86_64 target, and a prefetch
            // reads nothing the program sees, whatever the address.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.as_ptr().cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = var;
    }

    /// A formatted name, formatted straight into its slot when it fits.
    pub(super) fn push_fmt(&mut self, name: std::fmt::Arguments<'_>) {
        use std::fmt::Write;
        if let Some(text) = name.as_str() {
            return self.push(text);
        }
        let mut w = SlotWriter::default();
        w.write_fmt(name).expect("writing to memory");
        self.push_written(w);
    }

    /// `column`'s name, as the namer writes it, straight into its slot.
    pub(super) fn push_column(&mut self, column: Column) {
        let mut w = SlotWriter::default();
        let _ = column.write_prefix(&mut w);
        let _ = match super::decimal::small_decimal(column.last_number()) {
            Some(digits) => w.write_str(digits),
            None => write!(w, "{}", column.last_number()),
        };
        self.push_written(w);
    }

    /// The names of `count` columns from `first` (a cell's x, a cage's z):
    /// the prefix the namer writes, once, and the last number counted up.
    pub(super) fn push_run(&mut self, first: Column, count: usize) {
        let mut prefix = SlotWriter::default();
        let _ = first.write_prefix(&mut prefix);
        match &prefix.spilled {
            Some(text) => self.push_counted(text, first.last_number(), count),
            None => {
                // Whole `&str`s only went in.
                let text = std::str::from_utf8(&prefix.slot[..prefix.len]).unwrap_or("");
                self.push_counted(text, first.last_number(), count)
            }
        }
    }

    fn push_written(&mut self, w: SlotWriter) {
        match w.spilled {
            Some(text) => self.push(&text),
            None => {
                let mut slot = w.slot;
                slot[INLINE] = w.len as u8;
                self.slots.push(slot);
            }
        }
    }

    /// `prefix` then `digits`, without building a string first when the
    /// name fits its slot.
    fn push_parts(&mut self, prefix: &str, digits: &str) {
        let len = prefix.len() + digits.len();
        if len > INLINE {
            return self.push(&[prefix, digits].concat());
        }
        let mut slot = [0u8; INLINE + 1];
        slot[..prefix.len()].copy_from_slice(prefix.as_bytes());
        slot[prefix.len()..len].copy_from_slice(digits.as_bytes());
        slot[INLINE] = len as u8;
        self.slots.push(slot);
    }

    /// `prefix{first}`, `prefix{first + 1}`, … `count` names: a cell's x
    /// names, its `x_I_J_` copied once and the number counted up in place,
    /// digit by digit, rather than looked up and copied for each name.
    fn push_counted(&mut self, prefix: &str, first: u64, count: usize) {
        let last = first.saturating_add(count as u64).saturating_sub(1);
        let width = last.checked_ilog10().map_or(1, |d| d as usize + 1);
        if first == 0 || prefix.len() + width > INLINE {
            for k in first..first.saturating_add(count as u64) {
                self.push_parts(prefix, &k.to_string());
            }
            return;
        }
        let mut slot = [0u8; INLINE + 1];
        slot[..prefix.len()].copy_from_slice(prefix.as_bytes());
        // The number before the first, counted up before each name.
        let before = match super::decimal::small_decimal(first - 1) {
            Some(digits) => std::borrow::Cow::Borrowed(digits),
            None => std::borrow::Cow::Owned((first - 1).to_string()),
        };
        let mut len = prefix.len() + before.len();
        slot[prefix.len()..len].copy_from_slice(before.as_bytes());
        for _ in 0..count {
            // Add one to the digits after the prefix.
            let mut at = len - 1;
            loop {
                if slot[at] != b'9' {
                    slot[at] += 1;
                    break;
                }
                slot[at] = b'0';
                if at == prefix.len() {
                    // 9…9 + 1: one digit more, a 1 in front.
                    slot[at] = b'1';
                    slot[len] = b'0';
                    len += 1;
                    break;
                }
                at -= 1;
            }
            slot[INLINE] = len as u8;
            self.slots.push(slot);
        }
    }

    pub(super) fn get(&self, var: usize) -> &str {
        let slot = &self.slots[var];
        let bytes = match slot[INLINE] {
            LONG => {
                let k = u32::from_le_bytes([slot[0], slot[1], slot[2], slot[3]]) as usize;
                let start = k.checked_sub(1).map_or(0, |p| self.long_ends[p] as usize);
                return &self.long[start..self.long_ends[k] as usize];
            }
            len => &slot[..usize::from(len)],
        };
        debug_assert!(std::str::from_utf8(bytes).is_ok());
        // SAFETY: a slot's first `len` bytes are a whole `&str` (`push` and
        // `push_parts` copy in nothing else), so they are UTF-8. Checking
        // them again cost a sixth of the time of writing an LP file.
        unsafe { std::str::from_utf8_unchecked(bytes) }
    }
}

/// A variable's name, ready to be measured and written.
#[derive(Clone, Copy, Debug)]
pub enum VarName<'a> {
    /// The name is the first `len` bytes (a whole `&str`); the rest is
    /// padding.
    Inline {
        bytes: [u8; INLINE + 1],
        len: u8,
    },
    Long(&'a str),
}

impl VarName<'_> {
    /// Bytes of the name.
    #[inline]
    pub fn len(&self) -> usize {
        match self {
            VarName::Inline { len, .. } => usize::from(*len),
            VarName::Long(name) => name.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends the name to `out`: an inline one as its whole 16 bytes, one
    /// store instead of a call to `memcpy`, and the padding cut off again.
    #[inline]
    pub fn push_to(&self, out: &mut String) {
        match self {
            VarName::Inline { bytes, len } => {
                let at = out.len();
                // SAFETY: the first `len` bytes are a whole `&str` (`push`
                // and `push_parts` put nothing else there); the truncation
                // removes the rest before `out` is used again, so it stays
                // UTF-8.
                let out = unsafe { out.as_mut_vec() };
                out.extend_from_slice(bytes);
                out.truncate(at + usize::from(*len));
            }
            VarName::Long(name) => out.push_str(name),
        }
    }
}

/// Every column's name, by column ([`ColumnTable::names`]).
pub struct ColumnNames(VarNames);

impl ColumnNames {
    pub fn get(&self, var: VarId) -> &str {
        self.0.get(var.index())
    }

    pub fn len(&self) -> usize {
        self.0.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl ColumnTable {
    /// Every column's name, rendered by the namer (or as declared, for a
    /// column declared by name alone): the names of a model with these
    /// columns, for reading a solver's answer without the model.
    pub fn names(&self) -> ColumnNames {
        let mut names = VarNames::default();
        names.reserve(self.len());
        for piece in self.pieces() {
            match piece {
                Piece::Run(first, len) => names.push_run(first, len as usize),
                Piece::Named(name) => names.push(name),
            }
        }
        ColumnNames(names)
    }
}

/// Formats into a slot, and into a `String` once the text outgrows it.
#[derive(Default)]
struct SlotWriter {
    slot: [u8; INLINE + 1],
    len: usize,
    spilled: Option<String>,
}

impl std::fmt::Write for SlotWriter {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if let Some(text) = &mut self.spilled {
            text.push_str(s);
        } else if self.len + s.len() <= INLINE {
            self.slot[self.len..self.len + s.len()].copy_from_slice(s.as_bytes());
            self.len += s.len();
        } else {
            let mut text = String::with_capacity(2 * INLINE + s.len());
            // Whole `&str`s only went in: this never fails.
            text.push_str(std::str::from_utf8(&self.slot[..self.len]).unwrap_or(""));
            text.push_str(s);
            self.spilled = Some(text);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_names_come_back() {
        let mut names = VarNames::default();
        let long = "a_name_of_twenty_bytes";
        names.push("x_1_2_3");
        names.push(long);
        names.push_parts("x_100_100_", "100");
        names.push("");
        names.push("fifteen_bytes_x");
        names.push_parts("a_long_prefix_", "12");
        names.push("é_ü");
        names.push_fmt(format_args!("u_{}", 12));
        names.push_fmt(format_args!("{}_{}", "a_twenty_byte_name", 1));
        let got: Vec<&str> = (0..9).map(|v| names.get(v)).collect();
        let mut counted = VarNames::default();
        counted.push_counted("x_3_12_", 1, 1000);
        counted.push_counted("long_prefix_", 1, 120);
        let mut from = VarNames::default();
        from.push_counted("z_4_", 98, 5);
        from.push_counted("z_4_", 99_999, 2);
        let from: Vec<&str> = (0..7).map(|v| from.get(v)).collect();
        assert_eq!(
            from,
            [
                "z_4_98",
                "z_4_99",
                "z_4_100",
                "z_4_101",
                "z_4_102",
                "z_4_99999",
                "z_4_100000"
            ]
        );
        let mut each = VarNames::default();
        (1..=1000).for_each(|k| each.push_parts("x_3_12_", &k.to_string()));
        (1..=120).for_each(|k| each.push_parts("long_prefix_", &k.to_string()));
        assert_eq!(counted, each);
        assert_eq!(
            (counted.get(8), counted.get(9), counted.get(999)),
            ("x_3_12_9", "x_3_12_10", "x_3_12_1000")
        );
        for (v, name) in got.iter().enumerate() {
            let mut pushed = String::from("é");
            names.name(v).push_to(&mut pushed);
            assert_eq!(pushed, format!("é{name}"));
            assert_eq!(names.name(v).len(), name.len());
        }
        assert_eq!(
            got,
            [
                "x_1_2_3",
                long,
                "x_100_100_100",
                "",
                "fifteen_bytes_x",
                "a_long_prefix_12",
                "é_ü",
                "u_12",
                "a_twenty_byte_name_1"
            ]
        );
        assert_eq!(
            names.long_len(),
            long.len() + "a_long_prefix_12".len() + "a_twenty_byte_name_1".len()
        );
    }
}
