//! The canonical, solver-safe names of emitted variables and rows. Every name
//! is 1-based and starts with a lower-case letter and an underscore, so no name
//! can be read as a keyword, a number or `inf` by any LP reader.

/// `x_I_J_K`: cell (I,J) holds K. Arguments are 0-based cells, value `k` as is.
pub fn x(row: usize, col: usize, k: usize) -> String {
    format!("x_{}_{}_{k}", row + 1, col + 1)
}

/// `y_I_J`: the value of cell (I,J).
pub fn y(row: usize, col: usize) -> String {
    format!("y_{}_{}", row + 1, col + 1)
}

/// `u_C`: orientation of cage C (0-based index in, 1-based name out).
pub fn u(cage: usize) -> String {
    format!("u_{}", cage + 1)
}

/// `z_C_T`: cage C takes its tuple T (0-based indices in, 1-based name out).
pub fn z(cage: usize, tuple: usize) -> String {
    format!("z_{}_{}", cage + 1, tuple + 1)
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

/// Parses `x_I_J_K` into 0-based `(row, col)` and the value K.
pub fn parse_x(name: &str) -> Option<(usize, usize, usize)> {
    let mut it = name.strip_prefix("x_")?.split('_');
    let i: usize = it.next()?.parse().ok()?;
    let j: usize = it.next()?.parse().ok()?;
    let k: usize = it.next()?.parse().ok()?;
    (it.next().is_none() && i >= 1 && j >= 1 && k >= 1).then(|| (i - 1, j - 1, k))
}

/// Parses `y_I_J` into a 0-based `(row, col)`.
pub fn parse_y(name: &str) -> Option<(usize, usize)> {
    let mut it = name.strip_prefix("y_")?.split('_');
    let i: usize = it.next()?.parse().ok()?;
    let j: usize = it.next()?.parse().ok()?;
    (it.next().is_none() && i >= 1 && j >= 1).then(|| (i - 1, j - 1))
}

/// What a column of the model stands for, read from its name. Cells are
/// 0-based, cages, tuples and value sets 0-based indices, values as they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// `x_I_J_K`: cell (row, col) holds k.
    X { row: usize, col: usize, k: usize },
    /// `y_I_J`: the value of cell (row, col).
    Y { row: usize, col: usize },
    /// `u_C`: the orientation of difference or ratio cage `cage`.
    U { cage: usize },
    /// `w_C_S`: product cage `cage` takes its value set `set`.
    W { cage: usize, set: usize },
    /// `z_C_T`: cage `cage` takes its tuple `tuple`.
    Z { cage: usize, tuple: usize },
}

/// Parses any column name the formulation writes.
pub fn parse_column(name: &str) -> Option<Column> {
    let (prefix, rest) = name.split_once('_')?;
    let mut numbers = Vec::with_capacity(3);
    for part in rest.split('_') {
        // Plain decimal, 1-based: no sign, no leading zero.
        if part.is_empty() || part.starts_with('0') || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        numbers.push(part.parse::<usize>().ok()? - 1);
    }
    Some(match (prefix, &numbers[..]) {
        ("x", &[row, col, k]) => Column::X { row, col, k: k + 1 },
        ("y", &[row, col]) => Column::Y { row, col },
        ("u", &[cage]) => Column::U { cage },
        ("w", &[cage, set]) => Column::W { cage, set },
        ("z", &[cage, tuple]) => Column::Z { cage, tuple },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::Column;

    #[test]
    fn every_column_kind_parses() {
        let parse = super::parse_column;
        assert_eq!(
            parse("x_3_4_7"),
            Some(Column::X {
                row: 2,
                col: 3,
                k: 7
            })
        );
        assert_eq!(parse("y_10_2"), Some(Column::Y { row: 9, col: 1 }));
        assert_eq!(parse("u_12"), Some(Column::U { cage: 11 }));
        assert_eq!(parse("w_5_2"), Some(Column::W { cage: 4, set: 1 }));
        assert_eq!(
            parse("z_1_300"),
            Some(Column::Z {
                cage: 0,
                tuple: 299
            })
        );
        for bad in [
            "x_3_4", "x_0_1_1", "u_01", "u_+1", "v_1", "u", "u_", "z_1_2_3", "y_1__2",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn names_parse_back() {
        assert_eq!(super::x(2, 3, 7), "x_3_4_7");
        assert_eq!(super::parse_x("x_3_4_7"), Some((2, 3, 7)));
        assert_eq!(super::parse_x("x_3_4"), None);
        assert_eq!(super::parse_x("x_0_4_1"), None);
        assert_eq!(super::parse_x("x_3_4_7_1"), None);
        assert_eq!(super::parse_y("y_10_2"), Some((9, 1)));
        assert_eq!(super::parse_y("y_a_2"), None);
        assert_eq!(super::cage_part(4, "r1").to_string(), "cage_5_r1");
        assert_eq!(
            super::cage_part(4, format_args!("p{}", 2)).to_string(),
            "cage_5_p2"
        );
        assert_eq!(super::cage(4).to_string(), "cage_5");
    }
}
