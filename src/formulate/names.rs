//! The canonical, solver-safe names of emitted rows, and of columns as the
//! model's namer writes them ([`Column`]'s `Display`: a column's name is
//! rendered from what it stands for, never read back). Every name is
//! 1-based and starts with a lower-case letter and an underscore, so no
//! name can be read as a keyword, a number or `inf` by any LP reader.

use crate::model::Column;

/// `x_I_J_K`: cell (I,J) holds K. Arguments are 0-based cells, value `k` as is.
pub fn x(row: usize, col: usize, k: usize) -> String {
    Column::x(row, col, k).to_string()
}

/// `y_I_J`: the value of cell (I,J).
pub fn y(row: usize, col: usize) -> String {
    Column::y(row, col).to_string()
}

/// `u_C`: orientation of cage C (0-based index in, 1-based name out).
pub fn u(cage: usize) -> String {
    Column::U { cage: cage as u32 }.to_string()
}

/// `z_C_T`: cage C takes its tuple T (0-based indices in, 1-based name out).
pub fn z(cage: usize, tuple: usize) -> String {
    let (cage, tuple) = (cage as u32, tuple as u32);
    Column::Z { cage, tuple }.to_string()
}

pub fn cell(row: usize, col: usize) -> Indexed {
    Indexed("cell", row + 1, col + 1)
}

pub fn row(row: usize, k: usize) -> Indexed {
    Indexed("row", row + 1, k)
}

pub fn col(col: usize, k: usize) -> Indexed {
    Indexed("col", col + 1, k)
}

pub fn link(row: usize, col: usize) -> Indexed {
    Indexed("link", row + 1, col + 1)
}

/// `PREFIX_A_B`, written without the formatting machinery: the Latin rows
/// are 3n² of every model.
pub struct Indexed(&'static str, usize, usize);

impl std::fmt::Display for Indexed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)?;
        for v in [self.1, self.2] {
            f.write_str("_")?;
            match crate::model::decimal::small_decimal(v as u64) {
                Some(digits) => f.write_str(digits)?,
                None => write!(f, "{v}")?,
            }
        }
        Ok(())
    }
}

/// A comment of words and numbers (`value 7 appears once in row 3`),
/// written piece by piece: the Latin and link rows' 4n² notes went through
/// the formatting machinery, a tenth of formulating a model.
pub struct Note<'a, const K: usize>(pub [Piece<'a>; K]);

/// Text as it is, or a number in decimal.
#[derive(Clone, Copy)]
pub enum Piece<'a> {
    T(&'a str),
    N(usize),
}

impl<const K: usize> std::fmt::Display for Note<'_, K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for piece in self.0 {
            match piece {
                Piece::T(text) => f.write_str(text)?,
                Piece::N(v) => match crate::model::decimal::small_decimal(v as u64) {
                    Some(digits) => f.write_str(digits)?,
                    None => write!(f, "{v}")?,
                },
            }
        }
        Ok(())
    }
}

/// `cage_C`: a cage's one row, or the name its other rows extend.
pub fn cage(cage: usize) -> CageRow<&'static str> {
    CageRow(cage, None)
}

/// `cage_C_SUFFIX` (`cage_7_r1`, `cage_7_p2`): one of a cage's rows,
/// written without building a string (the tuple rows are millions at
/// n = 100).
pub fn cage_part<S: std::fmt::Display>(cage: usize, suffix: S) -> CageRow<S> {
    CageRow(cage, Some(suffix))
}

/// A cage's row name; see [`cage`] and [`cage_part`].
pub struct CageRow<S>(usize, Option<S>);

impl<S: std::fmt::Display> std::fmt::Display for CageRow<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cage_{}", self.0 + 1)?;
        match &self.1 {
            Some(suffix) => write!(f, "_{suffix}"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_are_the_namers() {
        assert_eq!(super::x(2, 3, 7), "x_3_4_7");
        assert_eq!(super::y(9, 1), "y_10_2");
        assert_eq!(super::u(11), "u_12");
        assert_eq!(super::z(0, 299), "z_1_300");
        assert_eq!(super::cage_part(4, "r1").to_string(), "cage_5_r1");
        assert_eq!(
            super::cage_part(4, format_args!("p{}", 2)).to_string(),
            "cage_5_p2"
        );
        assert_eq!(super::cage(4).to_string(), "cage_5");
    }
}
