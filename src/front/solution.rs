//! Solution grids as text: n lines of n values, as `cagec check` reads them
//! and every face (the command line, Python, the page) accepts them.

use crate::puzzle::diag::{Diagnostic, Diagnostics, Span};
use crate::puzzle::ir::Grid;

/// Parses n lines of n non-negative integers. Blank lines and `#` comments are
/// skipped. Every malformed token and every short or long line is reported.
pub fn parse_grid(text: &str, n: usize) -> Result<Grid, Diagnostics> {
    let mut diags = Diagnostics::default();
    let mut rows: Vec<Vec<u32>> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i as u32 + 1;
        let line = raw.split('#').next().unwrap_or("").trim_end_matches('\r');
        if line.trim().is_empty() {
            continue;
        }
        let mut row = Vec::new();
        for (offset, token) in tokens(line) {
            let col = line[..offset].chars().count() as u32 + 1;
            match token.parse::<u32>() {
                Ok(v) => row.push(v),
                Err(_) => diags.push(
                    Diagnostic::error(Span::new(line_no, col), "not a cell value")
                        .expected("a number 1..n", format!("'{token}'")),
                ),
            }
        }
        let end = Span::new(line_no, line.chars().count() as u32 + 1);
        if rows.len() == n {
            diags.push(
                Diagnostic::error(Span::new(line_no, 1), "too many rows")
                    .expected(format!("{n} rows"), "another row"),
            );
        } else if row.len() != n && !diags.has_errors() {
            diags.push(
                Diagnostic::error(end, format!("row {} has the wrong length", rows.len() + 1))
                    .expected(format!("{n} values"), row.len().to_string()),
            );
        }
        rows.push(row);
    }
    if rows.len() < n && !diags.has_errors() {
        diags.push(
            // At the end of the text, which is on the last line when no newline ends it.
            Diagnostic::error(Span::at_offset(text, text.len()), "the grid ends early")
                .expected(format!("{n} rows"), rows.len().to_string()),
        );
    }
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(Grid { values: rows })
}

/// Whitespace-separated tokens with their byte offsets.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split_whitespace()
        .map(move |t| (t.as_ptr() as usize - line.as_ptr() as usize, t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_grid_with_comments_and_blank_lines() {
        let g = parse_grid("# kk0\n1 2\n\n2 1  # last\n", 2).unwrap();
        assert_eq!(g.values, vec![vec![1, 2], vec![2, 1]]);
    }

    #[test]
    fn malformed_text_points_at_line_and_column() {
        let d = parse_grid("1 2\n2 x\n", 2).unwrap_err();
        let r = d.render("g.txt", "1 2\n2 x\n");
        assert!(
            r.starts_with("g.txt:2:3: error: not a cell value (expected a number 1..n, found 'x')"),
            "{r}"
        );
        let d = parse_grid("1 2\n2\n", 2).unwrap_err();
        assert!(
            d.render("g", "")
                .contains("g:2:2: error: row 2 has the wrong length (expected 2 values, found 1)")
        );
        let d = parse_grid("1 2\n", 2).unwrap_err();
        assert!(
            d.render("g", "")
                .contains("g:2:1: error: the grid ends early")
        );
        let d = parse_grid("1 2\n2 1\n1 2\n", 2).unwrap_err();
        assert!(d.render("g", "").contains("g:3:1: error: too many rows"));
        assert!(parse_grid("-1 2\n2 1\n", 2).is_err());
    }
}
