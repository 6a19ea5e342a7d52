//! CPLEX-LP: the one text format HiGHS, CBC and glpsol read identically when
//! the rules of `solver-formats.md` §1 hold. How each rule is met:
//!
//! - `Minimize`, ` obj:` naming every variable once (`+ 0 v` when its cost is
//!   0), so every solver numbers columns in declaration order and glpsol never
//!   sees an empty objective;
//! - rows `name: + 3 v - 2 w = 5`: one sign, absolute value, name; the RHS
//!   carries its sign; lines wrap at 255 characters between terms, and
//!   continuation lines start with a space and a sign;
//! - `Bounds` only for non-default bounds and never for binaries (a binary
//!   with a bound turns into a general integer in HiGHS and glpsol);
//! - `Generals`, `Binaries`, then `End` (CBC hangs without it);
//! - no rows: `dummy_row: + 1 dummy_var = 0` (glpsol needs a row).

use std::fmt::{self, Display, Formatter};
use std::io::{self, Write};

use askama::Template;

use super::text::{Comments, Header, LineBuf, Wrap, banner, each_row, row_comment};
use crate::model::{Domain, Model, Section, VarId};

const COMMENTS: Comments = Comments::plain("\\");

/// Lines are wrapped at this many characters.
pub(crate) const LINE_LIMIT: usize = 255;

/// Writes `model` as a CPLEX-LP file (minimisation; an empty objective is
/// written as `+ 0 v` for every variable).
pub fn write_lp(model: &Model, out: &mut dyn Write) -> io::Result<()> {
    let costs = super::costs(model);
    let file = LpFile {
        model,
        header: Header {
            model,
            comments: COMMENTS,
        },
        objective: Objective {
            model,
            costs: &costs,
        },
        kinds: Kinds::of(model),
    };
    super::render(&file, out)
}

#[derive(Template)]
#[template(path = "model.lp", escape = "none")]
struct LpFile<'a> {
    model: &'a Model,
    header: Header<'a>,
    objective: Objective<'a>,
    kinds: Kinds,
}

impl<'a> LpFile<'a> {
    fn rows(&self) -> LpRows<'a> {
        LpRows(self.model)
    }

    fn bounds(&self) -> LpBounds<'a> {
        LpBounds(self.model)
    }

    fn names(&self, kind: Kind) -> NameList<'a> {
        NameList {
            model: self.model,
            kind,
        }
    }
}

/// Which optional sections the file has.
struct Kinds {
    bounds: bool,
    generals: bool,
    binaries: bool,
}

impl Kinds {
    fn of(model: &Model) -> Kinds {
        let mut k = Kinds {
            bounds: false,
            generals: false,
            binaries: false,
        };
        for v in model.vars() {
            let d = model.domain(v);
            k.bounds |= bound_of(d).is_some();
            k.generals |= Kind::General.has(d);
            k.binaries |= Kind::Binary.has(d);
        }
        k
    }
}

/// ` obj: + 0 x_1_1_1 + 0 x_1_1_2 …`, wrapped.
struct Objective<'a> {
    model: &'a Model,
    costs: &'a [i64],
}

impl Display for Objective<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        LineBuf::with(f, |line| {
            let mut w = Wrap::new(line, LINE_LIMIT);
            w.lead(" obj:")?;
            for v in self.model.vars() {
                let cost = self.costs.get(v.index()).copied().unwrap_or(0);
                w.var_term(cost, self.model, v)?;
            }
            if self.model.num_rows() == 0 {
                w.term(0, "dummy_var")?;
            }
            w.end_line()
        })
    }
}

/// Every row, each after the banners of the sections it starts.
struct LpRows<'a>(&'a Model);

impl Display for LpRows<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        each_row(f, COMMENTS, self.0, |line, index| {
            let mut w = Wrap::new(line, LINE_LIMIT);
            row_lines(&mut w, self.0, index)?;
            w.next_line()
        })
    }
}

/// The lines [`write_lp`] writes for row `index`: its comment, then the row
/// (wrapped as in the file), without the banners of sections starting there.
/// For pages that show a model's rows exactly as the file has them.
pub fn lp_row(model: &Model, index: usize) -> impl Display + '_ {
    RowLines { model, index }
}

/// The banner lines [`write_lp`] writes before the first row of `section`.
pub fn lp_banner(section: &Section) -> impl Display + '_ {
    Banner(section)
}

struct Banner<'a>(&'a Section);

impl Display for Banner<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        banner(f, COMMENTS, self.0)
    }
}

/// A row's comment and its own lines.
struct RowLines<'a> {
    model: &'a Model,
    index: usize,
}

impl Display for RowLines<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        LineBuf::with(f, |line| {
            let mut w = Wrap::new(line, LINE_LIMIT);
            row_lines(&mut w, self.model, self.index)?;
            w.end_line()
        })
    }
}

/// Row `index`'s comment and the row, up to its last line's end.
fn row_lines(w: &mut Wrap<'_, '_, '_>, model: &Model, index: usize) -> fmt::Result {
    let row = model.row(index);
    row_comment(w.buffer(), COMMENTS, &row)?;
    w.lead(row.name)?;
    w.lead(":")?;
    for (i, t) in row.terms.iter().enumerate() {
        if let Some(ahead) = row.terms.get(i + PREFETCH_AHEAD) {
            model.prefetch_name(ahead.var);
        }
        w.var_term(i64::from(t.coef), model, t.var)?;
    }
    w.sense(row.info.sense.symbol(), row.info.rhs)
}

/// How many terms ahead a row's writer asks for a name to be loaded.
const PREFETCH_AHEAD: usize = 8;

/// A `Bounds` line, if the variable needs one.
enum Bound {
    Fixed(i64),
    Free,
    Lower(i64),
    Upper(i64),
    Both(i64, i64),
}

fn bound_of(domain: Domain) -> Option<Bound> {
    if domain == Domain::Binary {
        return None;
    }
    Some(match super::finite_bounds(domain) {
        (Some(0), None) => return None,
        (Some(lo), Some(hi)) if lo == hi => Bound::Fixed(lo),
        (None, None) => Bound::Free,
        (Some(lo), None) => Bound::Lower(lo),
        (None, Some(hi)) => Bound::Upper(hi),
        (Some(lo), Some(hi)) => Bound::Both(lo, hi),
    })
}

/// The `Bounds` section body, in declaration order.
struct LpBounds<'a>(&'a Model);

impl Display for LpBounds<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for v in self.0.vars() {
            let Some(bound) = bound_of(self.0.domain(v)) else {
                continue;
            };
            let name = self.0.var_name(v);
            match bound {
                Bound::Fixed(x) => writeln!(f, " {name} = {x}")?,
                Bound::Free => writeln!(f, " {name} free")?,
                Bound::Lower(lo) => writeln!(f, " {name} >= {lo}")?,
                Bound::Upper(hi) => writeln!(f, " -inf <= {name} <= {hi}")?,
                Bound::Both(lo, hi) => writeln!(f, " {lo} <= {name} <= {hi}")?,
            }
        }
        Ok(())
    }
}

/// The integer kinds listed after `Bounds`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    General,
    Binary,
}

impl Kind {
    fn has(self, domain: Domain) -> bool {
        match self {
            Kind::General => matches!(domain, Domain::Integer { .. }),
            Kind::Binary => domain == Domain::Binary,
        }
    }
}

/// The names of one kind, several per line.
struct NameList<'a> {
    model: &'a Model,
    kind: Kind,
}

impl Display for NameList<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        LineBuf::with(f, |line| {
            let mut w = Wrap::new(line, LINE_LIMIT);
            let of_kind = |v: &VarId| self.kind.has(self.model.domain(*v));
            for v in self.model.vars().filter(of_kind) {
                w.var_word(self.model, v)?;
            }
            w.end_line()
        })
    }
}
