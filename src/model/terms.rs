//! A row's terms as the model keeps them. Most rows keep their variables in
//! one array, and their coefficients in a second one only when they are not
//! all ones. The rows of a model that has every x (the Latin rows and the
//! links, four fifths of its non-zeros) keep nothing at all: their variables
//! are an arithmetic progression, a [`Run`], computed as they are read. A
//! large model's memory is most of the time it takes to build it, and the
//! kernel's zeroing of fresh pages most of that.

use super::{Term, VarId};

/// Terms that follow a rule: an optional `head`, then `len` variables
/// `first, first + stride, …` whose coefficients go `coef, coef + coef_step,
/// …`. A Latin row is `1·x` over every n-th (or n²-th) x; a link row (3.2) is
/// `y` then `−1·x_1 … −n·x_n` over a cell's x.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    pub head: Option<Term>,
    pub first: VarId,
    pub stride: u32,
    pub len: u32,
    pub coef: i32,
    pub coef_step: i32,
}

impl Run {
    /// `len` variables from `first`, `stride` apart, every coefficient 1.
    pub fn ones(first: VarId, stride: u32, len: u32) -> Run {
        Run {
            head: None,
            first,
            stride,
            len,
            coef: 1,
            coef_step: 0,
        }
    }

    fn total(&self) -> usize {
        self.len as usize + usize::from(self.head.is_some())
    }

    #[inline]
    fn get(&self, i: usize) -> Option<Term> {
        let i = match self.head {
            Some(head) if i == 0 => return Some(head),
            Some(_) => i - 1,
            None => i,
        };
        (i < self.len as usize).then(|| Term {
            var: VarId(self.first.0 + i as u32 * self.stride),
            coef: self.coef + i as i32 * self.coef_step,
        })
    }
}

/// A borrowed view of one row's terms, in order.
#[derive(Clone, Copy, Debug)]
pub struct Terms<'a> {
    repr: Repr<'a>,
}

#[derive(Clone, Copy, Debug)]
enum Repr<'a> {
    Stored { vars: &'a [VarId], coefs: Coefs<'a> },
    Run(Run),
}

/// The coefficients of stored terms.
#[derive(Clone, Copy, Debug)]
pub(super) enum Coefs<'a> {
    /// Every one is 1 (the Latin rows after presolve, tuple choices).
    Ones,
    /// 1, then −1 for the rest (x tied to its tuples, T.2).
    OneThenMinusOnes,
    Listed(&'a [i32]),
}

impl Coefs<'_> {
    /// The pattern `coefs` follow, if one does.
    pub(super) fn pattern(coefs: &[i32]) -> Option<Coefs<'static>> {
        match coefs.split_first() {
            _ if coefs.iter().all(|&c| c == 1) => Some(Coefs::Ones),
            Some((1, rest)) if rest.iter().all(|&c| c == -1) => Some(Coefs::OneThenMinusOnes),
            _ => None,
        }
    }

    #[inline]
    fn get(&self, i: usize) -> i32 {
        match self {
            Coefs::Ones => 1,
            Coefs::OneThenMinusOnes => 1 - 2 * i32::from(i > 0),
            Coefs::Listed(c) => c[i],
        }
    }
}

impl<'a> Terms<'a> {
    pub(super) fn new(vars: &'a [VarId], coefs: Coefs<'a>) -> Terms<'a> {
        debug_assert!(!matches!(coefs, Coefs::Listed(c) if c.len() != vars.len()));
        Terms {
            repr: Repr::Stored { vars, coefs },
        }
    }

    pub(super) fn run(run: Run) -> Terms<'a> {
        Terms {
            repr: Repr::Run(run),
        }
    }

    pub fn len(&self) -> usize {
        match &self.repr {
            Repr::Stored { vars, .. } => vars.len(),
            Repr::Run(run) => run.total(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th term.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Term> {
        match &self.repr {
            Repr::Stored { vars, coefs } => {
                let var = *vars.get(i)?;
                let coef = coefs.get(i);
                Some(Term { var, coef })
            }
            Repr::Run(run) => run.get(i),
        }
    }

    /// The rule the terms follow, when the model keeps them as one (the
    /// tests check which rows are runs).
    #[cfg(test)]
    pub(crate) fn as_run(&self) -> Option<Run> {
        match self.repr {
            Repr::Run(run) => Some(run),
            Repr::Stored { .. } => None,
        }
    }

    pub fn first(&self) -> Option<Term> {
        self.get(0)
    }

    /// True when every coefficient is 1.
    pub fn all_ones(&self) -> bool {
        match &self.repr {
            Repr::Stored { vars, coefs } => match coefs {
                Coefs::Ones => true,
                Coefs::OneThenMinusOnes => vars.len() <= 1,
                Coefs::Listed(c) => c.iter().all(|&c| c == 1),
            },
            Repr::Run(run) => {
                run.head.is_none_or(|t| t.coef == 1)
                    && (run.len == 0 || (run.coef == 1 && (run.coef_step == 0 || run.len == 1)))
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_reads_as_its_terms() {
        let run = Run {
            head: Some(Term {
                var: VarId(40),
                coef: 1,
            }),
            first: VarId(3),
            stride: 5,
            len: 3,
            coef: -1,
            coef_step: -1,
        };
        let terms = Terms::run(run);
        let got: Vec<(u32, i32)> = terms.iter().map(|t| (t.var.0, t.coef)).collect();
        assert_eq!(got, [(40, 1), (3, -1), (8, -2), (13, -3)]);
        assert_eq!((terms.len(), terms.iter().len()), (4, 4));
        assert!(!terms.all_ones());
        let ones = Terms::run(Run::ones(VarId(7), 100, 2));
        assert_eq!(
            ones.to_vec().iter().map(|t| t.var.0).collect::<Vec<_>>(),
            [7, 107]
        );
        assert!(ones.all_ones() && ones.get(2).is_none());
    }
}
