//! Checking a point (a value for every column) against a model: bounds and
//! every row, evaluated exactly in integers. Values are `i64`, so every
//! column, continuous ones included, is integral by construction.

use std::fmt;

use super::{Model, Sense, VarId};

/// The first way a point breaks a model, and how many there are in all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{first}{}", if *.count > 1 { format!(" (and {} more)", .count - 1) } else { String::new() })]
pub struct PointError {
    pub first: Violation,
    pub count: usize,
}

/// One broken requirement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The point has `got` values for `expected` columns.
    Length { expected: usize, got: usize },
    /// A column outside its bounds.
    Bound {
        column: String,
        value: i64,
        lo: i64,
        hi: i64,
    },
    /// A row whose left-hand side does not meet its right-hand side.
    Row {
        row: String,
        lhs: i64,
        sense: Sense,
        rhs: i64,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Length { expected, got } => {
                write!(f, "the point has {got} values for {expected} columns")
            }
            Violation::Bound {
                column,
                value,
                lo,
                hi,
            } => {
                let show = |b: i64, inf: &str| match b {
                    i64::MIN | i64::MAX => inf.to_string(),
                    b => b.to_string(),
                };
                write!(
                    f,
                    "column {column} = {value} is outside [{}, {}]",
                    show(*lo, "-inf"),
                    show(*hi, "+inf")
                )
            }
            Violation::Row {
                row,
                lhs,
                sense,
                rhs,
            } => write!(
                f,
                "row {row} has {lhs} on its left, which is not {} {rhs}",
                sense.symbol()
            ),
        }
    }
}

impl Model {
    /// Whether `point` (one value per column, in column order) lies within
    /// every bound and satisfies every row. Sums are taken in `i128`, so no
    /// row can overflow into a false "holds".
    pub fn check_point(&self, point: &[i64]) -> Result<(), PointError> {
        if point.len() != self.num_vars() {
            return Err(PointError {
                first: Violation::Length {
                    expected: self.num_vars(),
                    got: point.len(),
                },
                count: 1,
            });
        }
        let mut first = None;
        let mut count = 0;
        let mut note = |v: Violation| {
            count += 1;
            first.get_or_insert(v);
        };
        for (i, &value) in point.iter().enumerate() {
            let var = VarId(i as u32);
            let (lo, hi) = self.domain(var).bounds();
            if value < lo || value > hi {
                note(Violation::Bound {
                    column: self.var_name(var).to_string(),
                    value,
                    lo,
                    hi,
                });
            }
        }
        for row in self.rows() {
            let lhs: i128 = row
                .terms
                .iter()
                .map(|t| i128::from(t.coef) * i128::from(point[t.var.index()]))
                .sum();
            let rhs = i128::from(row.info.rhs);
            let holds = match row.info.sense {
                Sense::Le => lhs <= rhs,
                Sense::Ge => lhs >= rhs,
                Sense::Eq => lhs == rhs,
            };
            if !holds {
                note(Violation::Row {
                    row: row.name.to_string(),
                    lhs: lhs.clamp(i64::MIN.into(), i64::MAX.into()) as i64,
                    sense: row.info.sense,
                    rhs: row.info.rhs,
                });
            }
        }
        match first {
            None => Ok(()),
            Some(first) => Err(PointError { first, count }),
        }
    }

    /// The objective's value at `point` (which must have one value per column).
    pub fn objective_value(&self, point: &[i64]) -> i128 {
        self.objective
            .iter()
            .map(|t| i128::from(t.coef) * i128::from(point[t.var.index()]))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Domain;

    /// `a + 2b = 4`, `b - y <= 0`, a binary, b integer in 0..3, y in [1, 5].
    fn small() -> Model {
        let mut m = Model::new("t");
        let a = m.add_var(format_args!("a"), Domain::Binary);
        let b = m.add_var(format_args!("b"), Domain::Integer { lo: 0, hi: 3 });
        let y = m.add_var(format_args!("y"), Domain::Continuous { lo: 1, hi: 5 });
        m.add_row(
            "r1",
            crate::model::RowFamily::Sum,
            String::new(),
            [(a, 1), (b, 2)],
            Sense::Eq,
            4,
        )
        .unwrap();
        m.add_row(
            "r2",
            crate::model::RowFamily::Sum,
            String::new(),
            [(b, 1), (y, -1)],
            Sense::Le,
            0,
        )
        .unwrap();
        m.objective = vec![crate::model::Term { var: y, coef: 3 }];
        m
    }

    #[test]
    fn a_feasible_point_passes_and_its_objective_is_exact() {
        let m = small();
        assert_eq!(m.check_point(&[0, 2, 2]), Ok(()));
        assert_eq!(m.objective_value(&[0, 2, 2]), 6);
    }

    #[test]
    fn every_kind_of_violation_is_named_and_counted() {
        let m = small();
        let e = m.check_point(&[0, 2]).unwrap_err();
        assert_eq!(e.to_string(), "the point has 2 values for 3 columns");
        let e = m.check_point(&[2, 1, 1]).unwrap_err();
        assert_eq!(e.to_string(), "column a = 2 is outside [0, 1]");
        assert_eq!(e.count, 1, "a + 2b = 4 holds with a = 2, b = 1");
        let e = m.check_point(&[1, 2, 1]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "row r1 has 5 on its left, which is not = 4 (and 1 more)"
        );
        assert!(matches!(&e.first, Violation::Row { row, .. } if row == "r1"));
    }

    #[test]
    fn huge_values_do_not_wrap_into_a_pass() {
        let mut m = Model::new("t");
        let a = m.add_var(
            format_args!("a"),
            Domain::Integer {
                lo: i64::MIN,
                hi: i64::MAX,
            },
        );
        m.add_row(
            "r",
            crate::model::RowFamily::Sum,
            String::new(),
            [(a, 4)],
            Sense::Eq,
            0,
        )
        .unwrap();
        // 4 · 2^62 wraps to 0 in i64.
        assert!(m.check_point(&[1 << 62]).is_err());
    }
}
