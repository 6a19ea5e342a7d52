//! The row families of cagec's models: which equation of Melkonian (2016),
//! or which extension of it (`docs/formulation.md`), each row instantiates.
//!
//! Every row carries its family, so back-ends, `explain` and `stats` select
//! rows by a value the compiler checks, and the label a comment shows is
//! data of the family, not a string to compare.

/// The family of a row.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, strum::VariantArray, strum::EnumCount,
)]
pub enum RowFamily {
    /// (2.1) a cell holds exactly one value.
    CellValue,
    /// (2.2) each value appears once in each row of the grid.
    ValueOncePerRow,
    /// (2.3) each value appears once in each column.
    ValueOncePerColumn,
    /// (3.2) `y_I_J` is the value whose x is 1.
    ValueLink,
    /// A given: the cell's value is fixed (the paper writes it as a one-cell sum).
    Given,
    /// (3.1) a sum cage.
    Sum,
    /// (4.1) a difference cage, its sign chosen by `u_C`.
    Difference,
    /// (5.1) ratio cage, `u_C = 0`: `y_b >= r y_a`.
    RatioBAtLeast,
    /// (5.2) ratio cage, `u_C = 0`: `y_b <= r y_a`.
    RatioBAtMost,
    /// (5.3) ratio cage, `u_C = 1`: `y_a >= r y_b`.
    RatioAAtLeast,
    /// (5.4) ratio cage, `u_C = 1`: `y_a <= r y_b`.
    RatioAAtMost,
    /// (6.1.5) a product cage: the exponents of one prime add up.
    PrimeExponents,
    /// (6.2.4) a two-cell product cage with one value set.
    PairValueSet,
    /// (A.9) a straight product cage with one value set.
    ValueSet,
    /// (A.11) a straight product cage's value set S, chosen by `w_C_S`.
    ValueSetMembers,
    /// (A.12) exactly one of the cage's value sets.
    ValueSetChoice,
    /// (T.1) exactly one tuple per cage (beyond the paper).
    TupleChoice,
    /// (T.2) x tied to the chosen tuple (beyond the paper).
    TupleLink,
    /// (K.1) Killer Sudoku: each value once per box.
    BoxValueOnce,
    /// (K.2) Killer Sudoku: a cage's values are distinct.
    CageValuesDistinct,
    /// (K.3) Killer Sudoku: a cage's sum, written with `k x`.
    KillerCageSum,
    /// A no-good cut: one solution found, excluded (uniqueness runs).
    NoGood,
}

impl RowFamily {
    /// Every family, in the order of the enum.
    pub const ALL: [RowFamily; <RowFamily as strum::EnumCount>::COUNT] =
        crate::words::every(<RowFamily as strum::VariantArray>::VARIANTS);

    /// The label comments show: the equation number (`2.1`, `6.1.5`,
    /// `A.11`, `T.1`), or a word (`given`, `nogood`).
    #[inline]
    pub fn label(self) -> &'static str {
        match self {
            RowFamily::CellValue => "2.1",
            RowFamily::ValueOncePerRow => "2.2",
            RowFamily::ValueOncePerColumn => "2.3",
            RowFamily::ValueLink => "3.2",
            RowFamily::Given => "given",
            RowFamily::Sum => "3.1",
            RowFamily::Difference => "4.1",
            RowFamily::RatioBAtLeast => "5.1",
            RowFamily::RatioBAtMost => "5.2",
            RowFamily::RatioAAtLeast => "5.3",
            RowFamily::RatioAAtMost => "5.4",
            RowFamily::PrimeExponents => "6.1.5",
            RowFamily::PairValueSet => "6.2.4",
            RowFamily::ValueSet => "A.9",
            RowFamily::ValueSetMembers => "A.11",
            RowFamily::ValueSetChoice => "A.12",
            RowFamily::TupleChoice => "T.1",
            RowFamily::TupleLink => "T.2",
            RowFamily::BoxValueOnce => "K.1",
            RowFamily::CageValuesDistinct => "K.2",
            RowFamily::KillerCageSum => "K.3",
            RowFamily::NoGood => "nogood",
        }
    }

    /// Whether the label is an equation number, which comments put in
    /// parentheses (`(2.1)`), rather than a word (`given`).
    #[inline]
    pub fn is_numbered(self) -> bool {
        !matches!(self, RowFamily::Given | RowFamily::NoGood)
    }

    /// What the rows of the family say, in a few words (`stats`, `explain`).
    pub fn describe(self) -> &'static str {
        match self {
            RowFamily::CellValue => "one value per cell",
            RowFamily::ValueOncePerRow => "each value once per row",
            RowFamily::ValueOncePerColumn => "each value once per column",
            RowFamily::ValueLink => "y is the cell's value",
            RowFamily::Given => "given cells",
            RowFamily::Sum => "sum cages",
            RowFamily::Difference => "difference cages",
            RowFamily::RatioBAtLeast
            | RowFamily::RatioBAtMost
            | RowFamily::RatioAAtLeast
            | RowFamily::RatioAAtMost => "ratio cages (big-M)",
            RowFamily::PrimeExponents => "product cages (prime exponents)",
            RowFamily::NoGood => "no-good cuts",
            RowFamily::PairValueSet | RowFamily::ValueSet => "product cages (one value set)",
            RowFamily::ValueSetMembers | RowFamily::ValueSetChoice => {
                "product cages (several value sets)"
            }
            RowFamily::TupleChoice => "tuple choice (one tuple per cage)",
            RowFamily::TupleLink => "x tied to the chosen tuple",
            RowFamily::BoxValueOnce => "each value once per box",
            RowFamily::CageValuesDistinct => "cage values distinct",
            RowFamily::KillerCageSum => "cage sums (k x)",
        }
    }
}

/// A family is written as its label (`"2.1"`): `stats --json` and the
/// Python `stats()` dict have always shown labels.
impl serde::Serialize for RowFamily {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_has_its_own_label() {
        let mut labels: Vec<&str> = RowFamily::ALL.iter().map(|f| f.label()).collect();
        labels.sort_unstable();
        labels.dedup();
        assert_eq!(labels.len(), RowFamily::ALL.len());
        // Numbered labels have a digit; words have none.
        for f in RowFamily::ALL {
            assert_eq!(
                f.is_numbered(),
                f.label().bytes().any(|b| b.is_ascii_digit()),
                "{f:?}"
            );
        }
    }
}
