//! Short names for fixed MPS, whose name fields hold at most 8 characters
//! (glpsol rejects longer ones). A canonical name of at most 8 printable
//! ASCII characters is kept; every other row becomes `R0000001`, `R0000002`,
//! … and every other column `C0000001`, … in file order. Generated names are
//! upper-case and canonical names of that exact shape are renamed too, so a
//! short name never means two things. [`write_rename_map`] writes the map.

use std::collections::HashSet;
use std::fmt::{self, Display, Formatter};
use std::io::{self, Write};
use std::sync::OnceLock;

use askama::Template;

use super::text::CommentText;
use crate::model::{Model, VarId};

/// The short name of every row and column of one model, for
/// [`write_fixed_mps`](super::write_fixed_mps), and the way back.
#[derive(Clone, Debug)]
pub struct FixedNames {
    /// The `NAME` field (at most 8 characters).
    name: String,
    /// The model's own name, for the map's header.
    model_name: String,
    /// Per row: 0 if the canonical name is kept, else its `R` number.
    row_code: Vec<u32>,
    /// Per column: 0 if kept, else its `C` number.
    col_code: Vec<u32>,
    /// The renamed rows (their indices), by number − 1: the names stay in
    /// the model, which has millions of them at n = 100.
    renamed_rows: Vec<u32>,
    /// The renamed columns (their indices), by number − 1.
    renamed_cols: Vec<u32>,
    /// The renamed rows' short names, 8 bytes each, by number − 1: MPS
    /// names a row on every one of its entries, millions of times.
    row_shorts: String,
    /// Canonical names used as they are: gathered only when a solver's
    /// answer is read back, since writing the file does not need them (a
    /// set of a million names was a third of the time fixed MPS took).
    kept: OnceLock<HashSet<Box<str>>>,
}

/// Chooses fixed-MPS names for `model`: canonical names of at most 8
/// characters stay, the others are numbered (see the module docs).
pub fn fixed_names(model: &Model) -> FixedNames {
    let mut names = FixedNames {
        name: short_model_name(&model.name),
        model_name: model.name.clone(),
        row_code: Vec::with_capacity(model.num_rows()),
        col_code: Vec::with_capacity(model.num_vars()),
        renamed_rows: Vec::new(),
        renamed_cols: Vec::new(),
        row_shorts: String::new(),
        kept: OnceLock::new(),
    };
    for (r, row) in model.rows().enumerate() {
        let name = row.name;
        // `obj` is the objective row's name in our MPS files.
        let code = names.assign_row(name, name != "obj", r);
        names.row_code.push(code);
        if code != 0 {
            names
                .row_shorts
                .push_str(Short::Made(encode(b'R', code)).as_str());
        }
    }
    let mut renamed = 0;
    for v in model.vars() {
        let code = column_code(model.var_name(v), &mut renamed);
        if code != 0 {
            names.renamed_cols.push(v.0);
        }
        names.col_code.push(code);
    }
    names
}

/// Fixed MPS's rule for a column, in column order: 0 when its canonical
/// `name` is kept, else the next `C` number (`renamed` counts them).
fn column_code(name: &str, renamed: &mut u32) -> u32 {
    if keepable(name) {
        return 0;
    }
    *renamed += 1;
    *renamed
}

/// Each column's name in a fixed-MPS file, from the canonical names in
/// column order, by [`fixed_names`]' rule: the name itself where it is
/// kept, else `C` and its number, counted in column order. What a solver
/// answering a fixed-MPS file calls each column, without the model.
pub(crate) fn short_column_names<'a>(names: impl Iterator<Item = &'a str>) -> Vec<Short<'a>> {
    let mut renamed = 0;
    names
        .map(|name| match column_code(name, &mut renamed) {
            0 => Short::Kept(name),
            code => Short::Made(encode(b'C', code)),
        })
        .collect()
}

/// Equal when they name the same things (`kept` is only a cache).
impl PartialEq for FixedNames {
    fn eq(&self, other: &Self) -> bool {
        (&self.name, &self.model_name, &self.row_code, &self.col_code)
            == (
                &other.name,
                &other.model_name,
                &other.row_code,
                &other.col_code,
            )
    }
}

impl Eq for FixedNames {}

impl FixedNames {
    /// Keeps row `index`'s `name` (returns 0) or gives it the next `R`
    /// number.
    fn assign_row(&mut self, name: &str, may_keep: bool, index: usize) -> u32 {
        if may_keep && keepable(name) {
            return 0;
        }
        self.renamed_rows.push(index as u32);
        self.renamed_rows.len() as u32
    }

    /// How many rows and columns were renamed.
    pub fn renamed_count(&self) -> usize {
        self.renamed_rows.len() + self.renamed_cols.len()
    }

    /// The canonical name behind a short name of the fixed-MPS file (a row or
    /// a column); `None` if the file has no such name. Drivers use it to read
    /// a solver's answer to a fixed-MPS file back.
    pub fn canonical<'a>(&'a self, model: &'a Model, short: &str) -> Option<&'a str> {
        if let Some((prefix, code)) = decode(short) {
            let index = *self.renamed(prefix).get(code as usize - 1)? as usize;
            return Some(match prefix {
                b'R' => model.row_name(index),
                _ => model.var_name(VarId(index as u32)),
            });
        }
        let kept = self.kept.get_or_init(|| {
            let rows = (0..model.num_rows())
                .filter(|&r| self.row_code[r] == 0)
                .map(|r| model.row_name(r).into());
            let cols = (model.vars())
                .filter(|v| self.col_code[v.index()] == 0)
                .map(|v| model.var_name(v).into());
            rows.chain(cols).collect()
        });
        kept.get(short).map(|s| &**s)
    }

    fn renamed(&self, prefix: u8) -> &[u32] {
        match prefix {
            b'R' => &self.renamed_rows,
            _ => &self.renamed_cols,
        }
    }

    /// The `NAME` field of the file.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// True when these names were made for a model of this shape.
    pub(crate) fn fits(&self, model: &Model) -> bool {
        self.row_code.len() == model.num_rows() && self.col_code.len() == model.num_vars()
    }

    /// The short name of row `r` of `model`.
    pub(crate) fn row<'m>(&'m self, model: &'m Model, r: usize) -> Short<'m> {
        match self.row_code[r] as usize {
            0 => Short::Kept(model.row_name(r)),
            code => Short::Kept(&self.row_shorts[(code - 1) * 8..code * 8]),
        }
    }

    /// The short name of column `v` of `model`.
    pub(crate) fn col<'m>(&self, model: &'m Model, v: VarId) -> Short<'m> {
        match self.col_code[v.index()] {
            0 => Short::Kept(model.var_name(v)),
            code => Short::Made(encode(b'C', code)),
        }
    }
}

/// A name as written in a fixed-MPS file.
pub(crate) enum Short<'m> {
    Kept(&'m str),
    Made([u8; 8]),
}

impl Short<'_> {
    pub(crate) fn as_str(&self) -> &str {
        match self {
            Short::Kept(s) => s,
            // Only ASCII letters and digits are ever generated.
            Short::Made(b) => std::str::from_utf8(b).unwrap_or("?"),
        }
    }
}

/// At most 8 printable ASCII characters, not empty, and not shaped like a
/// generated name.
fn keepable(name: &str) -> bool {
    (1..=8).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_graphic())
        && !looks_generated(name)
}

fn looks_generated(name: &str) -> bool {
    let b = name.as_bytes();
    b.len() == 8
        && matches!(b[0], b'R' | b'C')
        && b[1..]
            .iter()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
}

const DECIMAL_CODES: u32 = 9_999_999;
const DIGITS36: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// `R0000001` … `R9999999`, then `RA000000`, `RA000001`, … (a letter, then
/// six base-36 digits), so n = 255 (16.6 million columns) still fits.
fn encode(prefix: u8, code: u32) -> [u8; 8] {
    let mut out = [b'0'; 8];
    out[0] = prefix;
    let (mut v, base, lead) = if code <= DECIMAL_CODES {
        (u64::from(code), 10, None)
    } else {
        let k = u64::from(code - DECIMAL_CODES - 1);
        (k % 36u64.pow(6), 36, Some(b'A' + (k / 36u64.pow(6)) as u8))
    };
    for slot in out[1..].iter_mut().rev() {
        *slot = DIGITS36[(v % base) as usize];
        v /= base;
    }
    if let Some(lead) = lead {
        out[1] = lead;
    }
    out
}

/// The inverse of [`encode`]: `Some((prefix, code))` only for names it makes.
fn decode(short: &str) -> Option<(u8, u32)> {
    if !looks_generated(short) {
        return None;
    }
    let b = short.as_bytes();
    let digit = |c: u8| DIGITS36.iter().position(|&d| d == c).map(|d| d as u64);
    let code = if b[1..].iter().all(u8::is_ascii_digit) {
        b[1..]
            .iter()
            .try_fold(0u64, |acc, &c| Some(acc * 10 + digit(c)?))?
    } else {
        let lead = u64::from(b[1].checked_sub(b'A')?);
        let rest = b[2..]
            .iter()
            .try_fold(0u64, |acc, &c| Some(acc * 36 + digit(c)?))?;
        u64::from(DECIMAL_CODES) + 1 + lead * 36u64.pow(6) + rest
    };
    let code = u32::try_from(code).ok().filter(|&c| c >= 1)?;
    (encode(b[0], code) == b[..]).then_some((b[0], code))
}

/// The model name cut to the 8 printable characters fixed MPS allows.
fn short_model_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .filter(char::is_ascii_graphic)
        .take(8)
        .collect();
    if clean.is_empty() {
        "cagec".to_string()
    } else {
        clean
    }
}

/// Writes the rename map of a fixed-MPS file: a commented header explaining
/// it, then one `SHORT CANONICAL` line per renamed row, then per renamed
/// column. The body is empty when nothing was renamed.
pub fn write_rename_map(model: &Model, names: &FixedNames, out: &mut dyn Write) -> io::Result<()> {
    super::render(&RenameMap { model, names }, out)
}

#[derive(Template)]
#[template(path = "rename.map", escape = "none")]
struct RenameMap<'a> {
    model: &'a Model,
    names: &'a FixedNames,
}

impl<'a> RenameMap<'a> {
    fn model_name(&self) -> CommentText<'a> {
        CommentText(&self.names.model_name)
    }

    fn lines(&self) -> impl Iterator<Item = MapLine<'a>> + 'a {
        let (n, model) = (self.names, self.model);
        let rows = (n.renamed_rows.iter().enumerate())
            .map(|(i, &r)| (b'R', i, model.row_name(r as usize)));
        let cols =
            (n.renamed_cols.iter().enumerate()).map(|(i, &v)| (b'C', i, model.var_name(VarId(v))));
        rows.chain(cols).map(|(prefix, i, canonical)| MapLine {
            short: encode(prefix, i as u32 + 1),
            canonical,
        })
    }
}

/// `SHORT CANONICAL`.
struct MapLine<'a> {
    short: [u8; 8],
    canonical: &'a str,
}

impl Display for MapLine<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let short = Short::Made(self.short);
        write!(f, "{} {}", short.as_str(), self.canonical)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::RowFamily;
    use crate::model::{Domain, Sense};

    #[test]
    fn codes_round_trip_and_never_collide() {
        for code in [
            1,
            2,
            99,
            DECIMAL_CODES,
            DECIMAL_CODES + 1,
            20_000_000,
            u32::MAX,
        ] {
            let short = encode(b'C', code);
            let s = std::str::from_utf8(&short).unwrap();
            assert_eq!(s.len(), 8);
            assert_eq!(decode(s), Some((b'C', code)), "{s}");
        }
        assert_eq!(&encode(b'R', 1), b"R0000001");
        assert_eq!(&encode(b'C', DECIMAL_CODES + 1), b"CA000000");
        assert_eq!(decode("R0000000"), None);
        assert_eq!(decode("x_1_1_1"), None);
    }

    #[test]
    fn short_names_are_kept_long_ones_numbered() {
        let mut m = Model::new("a model name");
        let a = m.add_var(format_args!("x_1_1_1"), Domain::Binary);
        let b = m.add_var(format_args!("x_10_10_10"), Domain::Binary);
        let c = m.add_var(format_args!("C0000001"), Domain::Binary);
        m.add_row(
            "cell_1_1",
            RowFamily::CellValue,
            "n",
            [(a, 1)],
            Sense::Eq,
            1,
        )
        .unwrap();
        m.add_row(
            "cell_10_10",
            RowFamily::CellValue,
            "n",
            [(b, 1), (c, 1)],
            Sense::Eq,
            1,
        )
        .unwrap();
        m.add_row("obj", RowFamily::NoGood, "", [(a, 1)], Sense::Le, 1)
            .unwrap();
        let names = fixed_names(&m);
        assert_eq!(names.name(), "amodelna");
        assert_eq!(names.renamed_count(), 4);
        assert_eq!(names.row(&m, 0).as_str(), "cell_1_1");
        assert_eq!(names.row(&m, 1).as_str(), "R0000001");
        assert_eq!(names.row(&m, 2).as_str(), "R0000002");
        assert_eq!(names.col(&m, a).as_str(), "x_1_1_1");
        assert_eq!(names.col(&m, b).as_str(), "C0000001");
        assert_eq!(names.col(&m, c).as_str(), "C0000002");
        assert_eq!(names.canonical(&m, "C0000001"), Some("x_10_10_10"));
        assert_eq!(names.canonical(&m, "C0000002"), Some("C0000001"));
        assert_eq!(names.canonical(&m, "R0000002"), Some("obj"));
        assert_eq!(names.canonical(&m, "x_1_1_1"), Some("x_1_1_1"));
        assert_eq!(names.canonical(&m, "C0000003"), None);
        assert_eq!(names.canonical(&m, "nothere"), None);

        let mut map = Vec::new();
        write_rename_map(&m, &names, &mut map).unwrap();
        let map = String::from_utf8(map).unwrap();
        let body: Vec<&str> = map.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(
            body,
            [
                "R0000001 cell_10_10",
                "R0000002 obj",
                "C0000001 x_10_10_10",
                "C0000002 C0000001"
            ]
        );
        assert!(map.starts_with("# "), "{map}");
    }

    #[test]
    fn nothing_renamed_gives_an_empty_body() {
        let mut m = Model::new("t");
        let a = m.add_var(format_args!("x_1_1_1"), Domain::Binary);
        m.add_row(
            "cell_1_1",
            RowFamily::CellValue,
            "n",
            [(a, 1)],
            Sense::Eq,
            1,
        )
        .unwrap();
        let names = fixed_names(&m);
        assert_eq!(names.renamed_count(), 0);
        let mut map = Vec::new();
        write_rename_map(&m, &names, &mut map).unwrap();
        let map = String::from_utf8(map).unwrap();
        assert!(map.lines().all(|l| l.starts_with('#')), "{map}");
    }
}
