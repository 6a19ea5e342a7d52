//! A row's terms as the model keeps them: the variables in one array, and
//! the coefficients in a second one only for rows that are not all ones.
//! The Latin rows, three fifths of a model's non-zeros, are all ones: they
//! take 4 bytes a term instead of 8, and a large model's memory is most of
//! the time it takes to build it.

use super::{Term, VarId};

/// A borrowed view of one row's terms, in order.
#[derive(Clone, Copy, Debug)]
pub struct Terms<'a> {
    vars: &'a [VarId],
    /// `None`: every coefficient is 1.
    coefs: Option<&'a [i32]>,
}

impl<'a> Terms<'a> {
    pub(super) fn new(vars: &'a [VarId], coefs: Option<&'a [i32]>) -> Terms<'a> {
        debug_assert!(coefs.is_none_or(|c| c.len() == vars.len()));
        Terms { vars, coefs }
    }

    pub fn len(&self) -> usize {
        self.vars.len()
    }

    pub fn is_empty(&self) -> bool {
        self.vars.is_empty()
    }

    /// The `i`-th term.
    pub fn get(&self, i: usize) -> Option<Term> {
        let var = *self.vars.get(i)?;
        let coef = self.coefs.map_or(1, |c| c[i]);
        Some(Term { var, coef })
    }

    pub fn first(&self) -> Option<Term> {
        self.get(0)
    }

    /// True when every coefficient is 1.
    pub fn all_ones(&self) -> bool {
        self.coefs.is_none_or(|c| c.iter().all(|&c| c == 1))
    }

    pub fn iter(&self) -> TermIter<'a> {
        TermIter {
            terms: *self,
            at: 0,
        }
    }

    pub fn to_vec(&self) -> Vec<Term> {
        self.iter().collect()
    }
}

impl<'a> IntoIterator for Terms<'a> {
    type Item = Term;
    type IntoIter = TermIter<'a>;

    fn into_iter(self) -> TermIter<'a> {
        self.iter()
    }
}

/// The terms of a row, in order.
#[derive(Clone, Debug)]
pub struct TermIter<'a> {
    terms: Terms<'a>,
    at: usize,
}

impl Iterator for TermIter<'_> {
    type Item = Term;

    #[inline]
    fn next(&mut self) -> Option<Term> {
        let term = self.terms.get(self.at)?;
        self.at += 1;
        Some(term)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.terms.len() - self.at;
        (left, Some(left))
    }
}

impl ExactSizeIterator for TermIter<'_> {}
