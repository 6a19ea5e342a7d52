//! A solver-neutral linear model: named variables, named rows with comments.
//!
//! It knows nothing of puzzles. Every coefficient and right-hand side is an
//! integer and stays one end to end. Storage is compact because models grow
//! with n³: variable names live in fixed 16-byte slots, row names and notes
//! in arena strings, and row terms in one flat array (compressed sparse
//! rows), except those of rows that follow a rule (a [`Run`]: the Latin
//! rows and links when every x is there), which are not stored at all. A
//! 100×100 model stays in tens of MB.

mod columns;
pub(crate) mod decimal;
mod family;
mod pages;
pub mod point;
mod terms;
use terms::Coefs;
pub use terms::{Run, TermIter, Terms};
mod var_names;
pub use columns::{Column, ColumnTable};
pub use family::RowFamily;
pub use point::PointError;
pub use var_names::{ColumnNames, VarName};

/// A variable, by its position in declaration order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VarId(pub u32);

impl VarId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What values a variable may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Domain {
    Binary,
    /// Integer in `lo..=hi`.
    Integer {
        lo: i64,
        hi: i64,
    },
    /// Real in `[lo, hi]`.
    Continuous {
        lo: i64,
        hi: i64,
    },
}

impl Domain {
    pub fn is_integer(self) -> bool {
        !matches!(self, Domain::Continuous { .. })
    }

    /// `(lo, hi)` of the domain.
    pub fn bounds(self) -> (i64, i64) {
        match self {
            Domain::Binary => (0, 1),
            Domain::Integer { lo, hi } | Domain::Continuous { lo, hi } => (lo, hi),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sense {
    Le,
    Ge,
    Eq,
}

impl Sense {
    /// The LP-format operator.
    pub fn symbol(self) -> &'static str {
        match self {
            Sense::Le => "<=",
            Sense::Ge => ">=",
            Sense::Eq => "=",
        }
    }

    /// Does `lhs (sense) rhs` hold?
    pub fn holds(self, lhs: i64, rhs: i64) -> bool {
        match self {
            Sense::Le => lhs <= rhs,
            Sense::Ge => lhs >= rhs,
            Sense::Eq => lhs == rhs,
        }
    }
}

/// One coefficient of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    pub var: VarId,
    pub coef: i32,
}

/// A row's metadata; its terms are `Model::terms(row)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowInfo {
    /// The equation (or extension) the row instantiates; its label is
    /// what comments show (`2.1`, `given`).
    pub family: RowFamily,
    pub sense: Sense,
    pub rhs: i64,
    terms: TermsAt,
}

/// Where a row's terms are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TermsAt {
    /// `Model::term_vars[start..end]`; the coefficients from `coefs` in
    /// `Model::coefs`, or [`ALL_ONES`] or [`ONE_THEN_MINUS_ONES`] when
    /// they follow that pattern and none are stored.
    Stored { start: u32, end: u32, coefs: u32 },
    /// Nowhere: they follow a rule.
    Run(Run),
}

/// `TermsAt::Stored::coefs` of a row whose coefficients are all 1.
const ALL_ONES: u32 = u32::MAX;
/// `TermsAt::Stored::coefs` of a row whose coefficients are 1, then −1.
const ONE_THEN_MINUS_ONES: u32 = u32::MAX - 1;

/// A borrowed view of one row.
#[derive(Clone, Copy, Debug)]
pub struct Row<'a> {
    /// Solver-safe, unique (`cell_3_4`, `cage_7_r1`).
    pub name: &'a str,
    /// A short plain-language comment (`cell (3,4) holds exactly one value`).
    pub note: &'a str,
    pub info: &'a RowInfo,
    pub terms: Terms<'a>,
}

/// A comment block that precedes the rows of a family in every back-end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// Index of the first row of the section.
    pub first_row: usize,
    pub title: String,
}

/// The model: minimise `objective` subject to the rows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    /// Short identifier used as the MPS `NAME` (solver-safe).
    pub name: String,
    /// Comment lines written at the top of every format.
    pub header: Vec<String>,
    /// Variable names, by variable.
    names: var_names::VarNames,
    /// What each variable stands for, by variable: its name is rendered
    /// from it.
    columns: ColumnTable,
    /// Row names and notes, by row (arenas: many short strings in one).
    row_names: NameArena,
    row_notes: NameArena,
    /// Each variable's domain, as an index into `domain_table`: models have a
    /// handful of distinct domains and millions of variables.
    domains: Vec<u32>,
    domain_table: Vec<Domain>,
    domain_slots: std::collections::HashMap<Domain, u32>,
    rows: Vec<RowInfo>,
    /// Every row's variables, row after row.
    term_vars: Vec<VarId>,
    /// The coefficients of the rows that are not all ones, row after row.
    coefs: Vec<i32>,
    pub sections: Vec<Section>,
    /// Objective coefficients (minimised); empty means a feasibility problem.
    pub objective: Vec<Term>,
    /// What presolve left out, when it ran.
    pub presolve: Option<PresolveReport>,
    /// Non-zeros of every row, stored or a run.
    nonzeros: usize,
    /// [`add_row`](Self::add_row) refuses to go beyond this many non-zeros.
    max_nonzeros: Option<usize>,
}

/// Columns and rows a presolve left out of the model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct PresolveReport {
    pub columns_removed: usize,
    pub rows_removed: usize,
}

/// Why a row could not be added.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ModelError {
    #[error("row {0} has no terms")]
    EmptyRow(String),
    #[error("row {0} lists a variable twice")]
    RepeatedVar(String),
    #[error("row {0} has a zero coefficient")]
    ZeroCoefficient(String),
    #[error("coefficient {coef} in row {row} does not fit in 32 bits")]
    CoefficientTooLarge { row: String, coef: i64 },
    #[error("the model would have more than {limit} non-zeros")]
    TooLarge { limit: usize },
    #[error("the model's names or comments would pass 4 GiB")]
    TextTooLarge,
}

impl Model {
    pub fn new(name: impl Into<String>) -> Model {
        Model {
            name: name.into(),
            ..Model::default()
        }
    }

    /// Rows that would take the model beyond `limit` non-zeros are refused
    /// with [`ModelError::TooLarge`], so an absurd model fails before it
    /// takes the machine's memory.
    pub fn limit_nonzeros(&mut self, limit: usize) {
        self.max_nonzeros = Some(limit);
    }

    /// Declares the column `column` stands for, named by the namer
    /// (`x_3_4_7`: [`Column`]'s `Display`): how the formulation declares
    /// every column, so that each keeps its meaning beside its name.
    pub fn add_column(&mut self, column: Column, domain: Domain) -> VarId {
        self.names.push_column(column);
        self.columns.push(column, 1);
        self.end_var(domain)
    }

    /// `count` columns of one domain from `first`, each the next of the one
    /// before ([`Column::nth`]: the last number of the name counts up), the
    /// first returned: all of a cell's x in one go.
    pub fn add_columns(&mut self, first: Column, count: usize, domain: Domain) -> VarId {
        let id = VarId(self.domains.len() as u32);
        self.names.push_run(first, count);
        self.columns.push(first, count as u32);
        if count > 0 {
            self.end_var(domain);
            let slot = self.domains[id.index()];
            self.domains.resize(id.index() + count, slot);
        }
        id
    }

    /// Declares a column by its name alone, which means nothing to cagec's
    /// readers (a model made by hand, in tests). Names must be solver-safe
    /// (`[A-Za-z_][A-Za-z0-9_]*`) and unique, which the caller guarantees.
    pub fn add_var(&mut self, name: std::fmt::Arguments<'_>, domain: Domain) -> VarId {
        self.names.push_fmt(name);
        let last = self.domains.len();
        self.columns.push_named(self.names.get(last));
        self.end_var(domain)
    }

    /// Room for about this many more variables, rows and non-zeros, so a
    /// large model is not copied as its arrays grow.
    pub fn reserve(&mut self, vars: usize, rows: usize, nonzeros: usize) {
        self.domains.reserve(vars);
        self.names.reserve(vars);
        self.rows.reserve(rows);
        self.row_names.starts.reserve(rows);
        self.row_notes.starts.reserve(rows);
        // Names like `cage_123_r4`, notes of a line or two.
        self.row_names.text.reserve(rows * 16);
        self.row_notes.text.reserve(rows * 64);
        self.term_vars.reserve(nonzeros);
        // Rows that are all ones keep no coefficients (the Latin rows, most
        // of the paper's model); room that is never used costs nothing.
        self.coefs.reserve(nonzeros / 2);
        pages::prefer_huge(&self.term_vars);
        pages::prefer_huge(&self.coefs);
        pages::prefer_huge(self.names.slots());
        pages::prefer_huge(&self.domains);
    }

    fn end_var(&mut self, domain: Domain) -> VarId {
        let id = VarId(self.domains.len() as u32);
        // Variables come in runs of one domain: look at the last one first.
        let slot = match self.domains.last() {
            Some(&d) if self.domain_table[d as usize] == domain => d,
            _ => {
                let next = self.domain_table.len() as u32;
                let slot = *self.domain_slots.entry(domain).or_insert(next);
                if slot == next {
                    self.domain_table.push(domain);
                }
                slot
            }
        };
        self.domains.push(slot);
        id
    }

    /// Starts a commented block of rows.
    pub fn section(&mut self, title: impl Into<String>) {
        self.sections.push(Section {
            first_row: self.rows.len(),
            title: title.into(),
        });
    }

    /// Adds a row. Terms keep their order; a zero coefficient is dropped.
    /// The name and note are written straight into the model's text.
    pub fn add_row(
        &mut self,
        name: impl std::fmt::Display,
        family: RowFamily,
        note: impl std::fmt::Display,
        terms: impl IntoIterator<Item = (VarId, i64)>,
        sense: Sense,
        rhs: i64,
    ) -> Result<(), ModelError> {
        let (name_at, note_at) = self.write_name_and_note(name, note);
        let (start, coefs_at) = (self.term_vars.len(), self.coefs.len());
        let refuse = |m: &mut Model, error: fn(String) -> ModelError| {
            let name = m.row_names.text[name_at..].to_string();
            m.undo_row(start, coefs_at, name_at, note_at);
            Err(error(name))
        };
        for (var, coef) in terms {
            if coef == 0 {
                continue;
            }
            let Ok(coef) = i32::try_from(coef) else {
                let row = self.row_names.text[name_at..].to_string();
                self.undo_row(start, coefs_at, name_at, note_at);
                return Err(ModelError::CoefficientTooLarge { row, coef });
            };
            self.term_vars.push(var);
            self.coefs.push(coef);
        }
        let added = &self.term_vars[start..];
        if added.is_empty() {
            return refuse(self, ModelError::EmptyRow);
        }
        if has_repeats(added) {
            return refuse(self, ModelError::RepeatedVar);
        }
        if let Err(e) = self.check_room(added.len()) {
            self.undo_row(start, coefs_at, name_at, note_at);
            return Err(e);
        }
        // Rows whose coefficients follow a pattern keep none (the Latin
        // rows, most of the paper's model, and the tuple rows T.1 and T.2,
        // most of the tuple model).
        let coefs = match Coefs::pattern(&self.coefs[coefs_at..]) {
            Some(Coefs::Ones) => ALL_ONES,
            Some(Coefs::OneThenMinusOnes) => ONE_THEN_MINUS_ONES,
            _ => coefs_at as u32,
        };
        if coefs != coefs_at as u32 {
            self.coefs.truncate(coefs_at);
        }
        let end = self.term_vars.len() as u32;
        self.end_row(
            family,
            sense,
            rhs,
            TermsAt::Stored {
                start: start as u32,
                end,
                coefs,
            },
        );
        Ok(())
    }

    /// Adds a row whose terms are `run`: the same row as
    /// [`add_row`](Self::add_row) over `run`'s terms, but none of them is
    /// stored. Its coefficients must not be zero.
    pub fn add_run_row(
        &mut self,
        name: impl std::fmt::Display,
        family: RowFamily,
        note: impl std::fmt::Display,
        run: Run,
        sense: Sense,
        rhs: i64,
    ) -> Result<(), ModelError> {
        let (name_at, note_at) = self.write_name_and_note(name, note);
        let fail = |m: &mut Model, e: ModelError| {
            m.undo_row(m.term_vars.len(), m.coefs.len(), name_at, note_at);
            Err(e)
        };
        let terms = Terms::run(run);
        let name = |m: &Model| m.row_names.text[name_at..].to_string();
        if terms.is_empty() {
            return fail(self, ModelError::EmptyRow(name(self)));
        }
        let last = i64::from(run.coef) + i64::from(run.coef_step) * (i64::from(run.len) - 1).max(0);
        if i32::try_from(last).is_err() {
            let row = name(self);
            return fail(self, ModelError::CoefficientTooLarge { row, coef: last });
        }
        debug_assert!(
            u64::from(run.first.0) + u64::from(run.stride) * u64::from(run.len.max(1) - 1)
                < self.num_vars() as u64,
            "a run past the declared variables"
        );
        if terms.iter().any(|t| t.coef == 0) {
            return fail(self, ModelError::ZeroCoefficient(name(self)));
        }
        let repeats = (run.stride == 0 && run.len > 1)
            || run
                .head
                .is_some_and(|h| terms.iter().skip(1).any(|t| t.var == h.var));
        if repeats {
            return fail(self, ModelError::RepeatedVar(name(self)));
        }
        if let Err(e) = self.check_room(terms.len()) {
            return fail(self, e);
        }
        self.end_row(family, sense, rhs, TermsAt::Run(run));
        Ok(())
    }

    /// Writes a new row's name and note into the model's text, and returns
    /// where each starts (to be ended by `end_row` or undone by `undo_row`).
    fn write_name_and_note(
        &mut self,
        name: impl std::fmt::Display,
        note: impl std::fmt::Display,
    ) -> (usize, usize) {
        use std::fmt::Write;
        let at = (self.row_names.text.len(), self.row_notes.text.len());
        write!(self.row_names.text, "{name}").expect("writing to a String");
        write!(self.row_notes.text, "{note}").expect("writing to a String");
        at
    }

    /// Whether a row of `added` more non-zeros fits the model's limits.
    fn check_room(&self, added: usize) -> Result<(), ModelError> {
        if let Some(limit) = self.max_nonzeros.filter(|&l| self.nonzeros + added > l) {
            return Err(ModelError::TooLarge { limit });
        }
        // Arenas index their text with u32: refuse rather than wrap. Variable
        // names are checked here too, so a model whose names passed the limit
        // fails before it can be written (formulation adds rows after vars).
        let arenas = [&self.row_names, &self.row_notes];
        if (arenas.iter().map(|a| a.text.len()))
            .chain([self.names.long_len()])
            .any(|len| len > u32::MAX as usize)
        {
            return Err(ModelError::TextTooLarge);
        }
        Ok(())
    }

    /// Keeps a row whose name, note and terms were written.
    fn end_row(&mut self, family: RowFamily, sense: Sense, rhs: i64, terms: TermsAt) {
        self.row_names.end_name();
        self.row_notes.end_name();
        self.nonzeros += match terms {
            TermsAt::Stored { start, end, .. } => (end - start) as usize,
            TermsAt::Run(run) => Terms::run(run).len(),
        };
        self.rows.push(RowInfo {
            family,
            sense,
            rhs,
            terms,
        });
    }

    /// Forgets a row that was being added.
    fn undo_row(&mut self, terms: usize, coefs: usize, name_at: usize, note_at: usize) {
        self.term_vars.truncate(terms);
        self.coefs.truncate(coefs);
        self.row_names.text.truncate(name_at);
        self.row_notes.text.truncate(note_at);
    }

    pub fn num_vars(&self) -> usize {
        self.domains.len()
    }

    pub fn num_rows(&self) -> usize {
        self.rows.len()
    }

    pub fn num_nonzeros(&self) -> usize {
        self.nonzeros
    }

    pub fn vars(&self) -> impl ExactSizeIterator<Item = VarId> + '_ {
        (0..self.domains.len() as u32).map(VarId)
    }

    pub fn var_name(&self, var: VarId) -> &str {
        self.names.get(var.index())
    }

    /// What `var` stands for; None for a column declared by name alone.
    pub fn column(&self, var: VarId) -> Option<Column> {
        self.columns.get(var)
    }

    /// What every column stands for.
    pub fn column_table(&self) -> &ColumnTable {
        &self.columns
    }

    /// `var`'s name as back-ends write it: measured, then appended faster
    /// than through [`var_name`](Self::var_name).
    #[inline]
    pub fn name_of(&self, var: VarId) -> VarName<'_> {
        self.names.name(var.index())
    }

    /// A hint that `var`'s name is written soon (see `VarNames::prefetch`).
    #[inline]
    pub fn prefetch_name(&self, var: VarId) {
        self.names.prefetch(var.index());
    }

    /// The LP relaxation: every integer variable becomes continuous on its bounds.
    pub fn relax_integrality(&mut self) {
        for d in &mut self.domain_table {
            let (lo, hi) = d.bounds();
            *d = Domain::Continuous { lo, hi };
        }
        self.domain_slots = (self.domain_table.iter().copied()).zip(0..).collect();
    }

    pub fn domain(&self, var: VarId) -> Domain {
        self.domain_table[self.domains[var.index()] as usize]
    }

    /// Gives `var` another domain.
    pub fn set_domain(&mut self, var: VarId, domain: Domain) {
        let next = self.domain_table.len() as u32;
        let slot = *self.domain_slots.entry(domain).or_insert(next);
        if slot == next {
            self.domain_table.push(domain);
        }
        self.domains[var.index()] = slot;
    }

    /// The variable with this name (a linear scan: for decoding, not hot paths).
    pub fn find_var(&self, name: &str) -> Option<VarId> {
        self.vars().find(|&v| self.var_name(v) == name)
    }

    pub fn row(&self, row: usize) -> Row<'_> {
        Row {
            name: self.row_names.get(row),
            note: self.row_notes.get(row),
            info: &self.rows[row],
            terms: self.row_terms(row),
        }
    }

    /// Row `row`'s terms alone.
    pub fn row_terms(&self, row: usize) -> Terms<'_> {
        match self.rows[row].terms {
            TermsAt::Stored { start, end, coefs } => {
                let range = start as usize..end as usize;
                let coefs = match coefs {
                    ALL_ONES => Coefs::Ones,
                    ONE_THEN_MINUS_ONES => Coefs::OneThenMinusOnes,
                    at => Coefs::Listed(&self.coefs[at as usize..at as usize + range.len()]),
                };
                Terms::new(&self.term_vars[range], coefs)
            }
            TermsAt::Run(run) => Terms::run(run),
        }
    }

    /// Row `row`'s name alone (MPS names a row on every one of its entries).
    #[inline]
    pub fn row_name(&self, row: usize) -> &str {
        self.row_names.get(row)
    }

    pub fn rows(&self) -> impl ExactSizeIterator<Item = Row<'_>> + '_ {
        (0..self.rows.len()).map(|r| self.row(r))
    }

    /// The section title starting at `row`, if one does.
    pub fn section_at(&self, row: usize) -> Option<&str> {
        // Sections are few and in row order; a binary search keeps emission linear.
        let i = self.sections.partition_point(|s| s.first_row < row);
        self.sections
            .get(i)
            .filter(|s| s.first_row == row)
            .map(|s| s.title.as_str())
    }

    /// Column-major view: for each variable, its `(row index, coef)` entries in
    /// row order. Needed by MPS.
    pub fn columns(&self) -> Vec<Vec<(u32, i32)>> {
        let mut cols = vec![Vec::new(); self.num_vars()];
        for r in 0..self.rows.len() {
            for t in self.row_terms(r) {
                cols[t.var.index()].push((r as u32, t.coef));
            }
        }
        cols
    }

    /// Checks an integral point against every row; returns the names of the
    /// violated rows (used by tests and as a second opinion on solver output).
    pub fn violated_rows(&self, value: impl Fn(VarId) -> i64) -> Vec<&str> {
        self.rows()
            .filter(|row| {
                let lhs: i64 = row.terms.iter().map(|t| t.coef as i64 * value(t.var)).sum();
                !row.info.sense.holds(lhs, row.info.rhs)
            })
            .map(|row| row.name)
            .collect()
    }
}

/// Many short strings in one allocation: the i-th is
/// `text[starts[i]..starts[i + 1]]`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct NameArena {
    text: String,
    starts: Vec<u32>,
}

impl Default for NameArena {
    fn default() -> NameArena {
        NameArena {
            text: String::new(),
            starts: vec![0],
        }
    }
}

impl NameArena {
    /// Ends the name written into `text` since the last one.
    fn end_name(&mut self) {
        self.starts.push(self.text.len() as u32);
    }

    #[inline]
    fn get(&self, i: usize) -> &str {
        &self.text[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// Whether a row lists a variable twice. Most rows list their variables in
/// increasing order, which proves them distinct without sorting a copy.
fn has_repeats(vars: &[VarId]) -> bool {
    if vars.windows(2).all(|w| w[0] < w[1]) {
        return false;
    }
    if vars.len() <= 16 {
        return vars
            .iter()
            .enumerate()
            .any(|(i, a)| vars[i + 1..].contains(a));
    }
    let mut seen: Vec<u32> = vars.iter().map(|v| v.0).collect();
    seen.sort_unstable();
    seen.windows(2).any(|w| w[0] == w[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_names_round_trip() {
        let mut m = Model::new("t");
        let a = m.add_var(format_args!("x_{}", 1), Domain::Binary);
        let b = m.add_var(
            format_args!("y_{}_{}", 1, 2),
            Domain::Continuous { lo: 1, hi: 4 },
        );
        m.section("first");
        m.add_row(
            "r1",
            RowFamily::CellValue,
            "note",
            [(a, 1), (b, 0)],
            Sense::Eq,
            1,
        )
        .unwrap();
        m.add_row(
            "r2",
            RowFamily::ValueLink,
            "n",
            [(b, 1), (a, -3)],
            Sense::Le,
            0,
        )
        .unwrap();
        assert_eq!(m.var_name(a), "x_1");
        assert_eq!(m.var_name(b), "y_1_2");
        assert_eq!(m.row(0).terms.len(), 1, "zero coefficient dropped");
        assert_eq!(m.row(1).terms.get(1), Some(Term { var: a, coef: -3 }));
        assert_eq!(m.row(0).terms.get(0), Some(Term { var: a, coef: 1 }));
        assert!(m.row(0).terms.all_ones() && !m.row(1).terms.all_ones());
        assert_eq!(m.section_at(0), Some("first"));
        assert_eq!(m.section_at(1), None);
        assert_eq!(m.columns()[0], vec![(0, 1), (1, -3)]);
        assert_eq!(m.find_var("y_1_2"), Some(b));
        assert_eq!(m.violated_rows(|v| if v == a { 1 } else { 4 }), vec!["r2"]);
    }

    #[test]
    fn a_columns_name_is_rendered_from_what_it_stands_for() {
        let mut m = Model::new("t");
        let x = m.add_columns(Column::x(9, 0, 8), 3, Domain::Binary);
        let y = m.add_column(Column::y(2, 3), Domain::Continuous { lo: 1, hi: 9 });
        let free = m.add_var(format_args!("free"), Domain::Binary);
        let z = m.add_columns(Column::Z { cage: 0, tuple: 98 }, 2, Domain::Binary);
        let names: Vec<&str> = m.vars().map(|v| m.var_name(v)).collect();
        assert_eq!(
            names,
            [
                "x_10_1_8",
                "x_10_1_9",
                "x_10_1_10",
                "y_3_4",
                "free",
                "z_1_99",
                "z_1_100"
            ]
        );
        assert_eq!((x, y, free, z), (VarId(0), VarId(3), VarId(4), VarId(5)));
        assert_eq!(m.column(VarId(2)), Some(Column::x(9, 0, 10)));
        assert_eq!(m.column(free), None);
        assert_eq!(m.domain(VarId(2)), Domain::Binary);
        let rendered = m.column_table().names();
        for v in m.vars() {
            if let Some(column) = m.column(v) {
                assert_eq!(column.to_string(), m.var_name(v));
            }
            assert_eq!(rendered.get(v), m.var_name(v));
        }
        assert_eq!(m.column_table().entries(), 4, "x, y, free and z");
    }

    /// `n` binaries named `v0`, `v1`, …
    fn binaries(m: &mut Model, n: usize) -> Vec<VarId> {
        (0..n)
            .map(|i| m.add_var(format_args!("v{i}"), Domain::Binary))
            .collect()
    }

    #[test]
    fn a_run_row_is_the_row_of_its_terms() {
        let mut m = Model::new("t");
        let v = binaries(&mut m, 7);
        let head = Term { var: v[6], coef: 1 };
        let run = Run {
            head: Some(head),
            first: v[1],
            stride: 2,
            len: 3,
            coef: -1,
            coef_step: -1,
        };
        m.add_run_row("run", RowFamily::ValueLink, "a run", run, Sense::Eq, 0)
            .unwrap();
        let listed = [(v[6], 1), (v[1], -1), (v[3], -2), (v[5], -3)];
        m.add_row(
            "listed",
            RowFamily::ValueLink,
            "a run",
            listed,
            Sense::Eq,
            0,
        )
        .unwrap();
        assert_eq!(m.row(0).terms.to_vec(), m.row(1).terms.to_vec());
        assert_eq!(m.row(0).terms.as_run(), Some(run));
        assert_eq!(m.num_nonzeros(), 8);
        assert_eq!(m.columns()[3], vec![(0, -2), (1, -2)]);
        let point = |x: VarId| if x == v[6] { 2 } else { i64::from(x == v[3]) };
        assert!(m.violated_rows(point).is_empty());
    }

    #[test]
    fn coefficients_that_follow_a_pattern_are_not_stored_but_read_back() {
        let mut m = Model::new("t");
        let v = binaries(&mut m, 3);
        let rows: [&[i64]; 5] = [&[1, -1, -1], &[1, 1, 1], &[-1, 1, 1], &[1, -1, 2], &[1]];
        for (r, coefs) in rows.iter().enumerate() {
            let terms = v.iter().zip(coefs.iter()).map(|(&v, &c)| (v, c));
            m.add_row(format!("r{r}"), RowFamily::Sum, "", terms, Sense::Le, 1)
                .unwrap();
        }
        for (r, coefs) in rows.iter().enumerate() {
            let got: Vec<i64> = m.row(r).terms.iter().map(|t| i64::from(t.coef)).collect();
            assert_eq!(got, *coefs, "row {r}");
            assert_eq!(m.row(r).terms.all_ones(), coefs.iter().all(|&c| c == 1));
        }
        // Only the two rows that follow no pattern keep theirs.
        assert_eq!(m.coefs.len(), 6);
    }

    #[test]
    fn bad_runs_are_refused_and_leave_no_trace() {
        let mut m = Model::new("t");
        let a = m.add_var(format_args!("a"), Domain::Binary);
        let b = m.add_var(format_args!("b"), Domain::Binary);
        let ones = Run::ones(a, 1, 2);
        let bad = [
            (Run { len: 0, ..ones }, ModelError::EmptyRow("r".into())),
            (
                Run { stride: 0, ..ones },
                ModelError::RepeatedVar("r".into()),
            ),
            (
                Run {
                    head: Some(Term { var: b, coef: 1 }),
                    ..ones
                },
                ModelError::RepeatedVar("r".into()),
            ),
            (
                Run {
                    coef: 1,
                    coef_step: -1,
                    ..ones
                },
                ModelError::ZeroCoefficient("r".into()),
            ),
            (
                Run {
                    coef: i32::MAX,
                    coef_step: 1,
                    ..ones
                },
                ModelError::CoefficientTooLarge {
                    row: "r".into(),
                    coef: i64::from(i32::MAX) + 1,
                },
            ),
        ];
        for (run, error) in bad {
            assert_eq!(
                m.add_run_row("r", RowFamily::Sum, "", run, Sense::Eq, 1),
                Err(error)
            );
        }
        m.limit_nonzeros(1);
        let too_many = m.add_run_row("r", RowFamily::Sum, "", ones, Sense::Eq, 1);
        assert_eq!(too_many, Err(ModelError::TooLarge { limit: 1 }));
        assert_eq!((m.num_rows(), m.num_nonzeros()), (0, 0));
        assert_eq!(m.row_names.text, "");
    }

    #[test]
    fn bad_rows_are_refused_and_leave_no_trace() {
        let mut m = Model::new("t");
        let a = m.add_var(format_args!("a"), Domain::Binary);
        assert_eq!(
            m.add_row("e", RowFamily::Sum, String::new(), [(a, 0)], Sense::Eq, 0),
            Err(ModelError::EmptyRow("e".into()))
        );
        assert_eq!(
            m.add_row(
                "d",
                RowFamily::Sum,
                String::new(),
                [(a, 1), (a, 2)],
                Sense::Eq,
                0
            ),
            Err(ModelError::RepeatedVar("d".into()))
        );
        assert!(matches!(
            m.add_row(
                "big",
                RowFamily::Sum,
                String::new(),
                [(a, 1 << 40)],
                Sense::Eq,
                0
            ),
            Err(ModelError::CoefficientTooLarge { .. })
        ));
        assert_eq!(m.num_rows(), 0);
        assert_eq!(m.num_nonzeros(), 0);
    }
}
