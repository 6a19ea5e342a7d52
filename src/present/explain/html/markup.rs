//! Text made into page markup: every variable or row name of the model
//! wrapped in `<var>` (the page's script looks it up in [`CellMap`] to light
//! its cells), everything else HTML-escaped; and the model's rows as the LP
//! back-end writes them, in one span per row tagged with its family.

use std::collections::BTreeMap;
use std::ops::Range;

use crate::back::{lp_banner, lp_row};
use crate::model::{Model, Section};
use crate::present::svg::escape;
use crate::puzzle::ir::Puzzle;

/// For each variable and row name, the cells it is about (row-major indices,
/// 0-based, sorted): an x or y its cell; a cage's own variable (u, z, w) or
/// row that cage's cells; any other row the cells of its x and y terms.
pub(super) struct CellMap(BTreeMap<String, Vec<u32>>);

impl CellMap {
    /// `cage_rows[c]`: the rows of cage `c`'s section.
    pub(super) fn new(puzzle: &Puzzle, model: &Model, cage_rows: &[Range<usize>]) -> CellMap {
        let n = puzzle.size;
        let mut var_cells: Vec<Vec<u32>> = model
            .vars()
            .map(|v| {
                let cell = model.column(v).and_then(|c| c.cell());
                cell.map_or_else(Vec::new, |(r, c)| vec![(r * n + c) as u32])
            })
            .collect();
        let mut row_cells: Vec<Vec<u32>> = vec![Vec::new(); model.num_rows()];
        for (c, rows) in cage_rows.iter().enumerate() {
            let mut cage: Vec<u32> = puzzle.cages[c]
                .cells
                .iter()
                .map(|cell| cell.index(n) as u32)
                .collect();
            cage.sort_unstable();
            for r in rows.clone() {
                for t in model.row_terms(r) {
                    let cells = &mut var_cells[t.var.index()];
                    if cells.is_empty() {
                        cells.clone_from(&cage);
                    }
                }
                row_cells[r].clone_from(&cage);
            }
        }
        for (r, cells) in row_cells.iter_mut().enumerate() {
            if cells.is_empty() {
                for t in model.row_terms(r) {
                    cells.extend(&var_cells[t.var.index()]);
                }
                cells.sort_unstable();
                cells.dedup();
            }
        }
        let vars = model.vars().map(|v| model.var_name(v)).zip(var_cells);
        let rows = (0..model.num_rows())
            .map(|r| model.row_name(r))
            .zip(row_cells);
        CellMap(
            vars.chain(rows)
                .filter(|(_, cells)| !cells.is_empty())
                .map(|(name, cells)| (name.to_string(), cells))
                .collect(),
        )
    }

    /// The map as JSON, safe inside a `<script>` element.
    pub(super) fn json(&self) -> String {
        let json = serde_json::to_string(&self.0).expect("a map of names to numbers serialises");
        // Names are [A-Za-z0-9_], but a `</script>` must never be possible.
        json.replace('<', "\\u003c")
    }

    /// `text` HTML-escaped, with each name of the map in a `<var>`.
    pub(super) fn markup(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() * 2);
        let mut rest = text;
        while !rest.is_empty() {
            let word_len = rest
                .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
                .unwrap_or(rest.len());
            let (word, after) = if word_len == 0 {
                let ch = rest.chars().next().map_or(1, char::len_utf8);
                rest.split_at(ch)
            } else {
                rest.split_at(word_len)
            };
            if word_len > 0 && self.0.contains_key(word) {
                out.push_str("<var>");
                out.push_str(word);
                out.push_str("</var>");
            } else {
                out.push_str(&escape(word));
            }
            rest = after;
        }
        out
    }
}

/// The rows `rows` of `model` as the LP file has them, with the banners of
/// `sections` that start at one of them: one `<span class="sec">` per
/// section, one `<span class="row" data-eq="…">` per row. Stripped of its
/// tags and unescaped, it is the LP file's text for those rows.
pub(super) fn lp_rows(
    model: &Model,
    sections: &[Section],
    rows: Range<usize>,
    map: &CellMap,
) -> String {
    let mut out = String::new();
    let mut open = false;
    let mut next = sections.partition_point(|s| s.first_row < rows.start);
    for r in rows {
        // An empty section shares its start with the next, as in the file.
        while let Some(s) = sections.get(next).filter(|s| s.first_row == r) {
            if open {
                out.push_str("</span>");
            }
            out.push_str(r#"<span class="sec">"#);
            out.push_str(&map.markup(&lp_banner(s).to_string()));
            open = true;
            next += 1;
        }
        let eq = model.row(r).info.family.label();
        out.push_str(&format!(r#"<span class="row" data-eq="{}">"#, escape(eq)));
        out.push_str(&map.markup(&lp_row(model, r).to_string()));
        out.push_str("</span>");
    }
    if open {
        out.push_str("</span>");
    }
    out
}

/// The banner of a section that has no rows (presolve emptied the cage), as
/// the LP file has it: before the next section's, or nowhere after the last row.
pub(super) fn lone_banner(model: &Model, section: &[Section], map: &CellMap) -> String {
    match section.first() {
        Some(s) if s.first_row < model.num_rows() => format!(
            r#"<span class="sec">{}</span>"#,
            map.markup(&lp_banner(s).to_string())
        ),
        _ => String::new(),
    }
}
