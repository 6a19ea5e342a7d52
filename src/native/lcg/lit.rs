//! Literals, and why each literal on the trail is true.

/// A variable `cell = value` or its negation: `var << 1 | negated`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Lit(u32);

impl Lit {
    #[inline]
    pub fn new(var: usize, positive: bool) -> Lit {
        Lit((var as u32) << 1 | u32::from(!positive))
    }
    #[inline]
    pub fn var(self) -> usize {
        (self.0 >> 1) as usize
    }
    #[inline]
    pub fn positive(self) -> bool {
        self.0 & 1 == 0
    }
    /// A dense index over both signs of every variable.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub fn raw(self) -> u32 {
        self.0
    }
    #[inline]
    pub fn from_raw(raw: u32) -> Lit {
        Lit(raw)
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    #[inline]
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// Why a literal is true.
#[derive(Clone, Copy, Debug)]
pub(super) enum Reason {
    Decision,
    /// A clause of the database; its first literal is the implied one.
    Clause(u32),
    /// An explanation stored on assignment (see [`super::trail::Trail::store`]):
    /// its start and length, the implied literal first.
    Stored(u32, u32),
    /// A table cage's removal, explained when conflict analysis asks (lazy
    /// clause generation): the cage index.
    Table(u32),
    /// A table's removal once explained (see
    /// [`super::trail::Trail::keep_explained`]): its start and length, the
    /// literals other than the implied one.
    Explained(u32, u32),
}
