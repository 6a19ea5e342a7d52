//! Choosing the rules of a puzzle: KenKen unless the file says
//! `# cagec: killer` (or `NB. cagec: killer`) on a comment line, or the user
//! passes `--killer`. Under Killer Sudoku rules every cage is a sum: a clue
//! written without an operator is read as one, and n must be a square b².

use crate::puzzle::diag::{Diagnostic, Diagnostics, Span};
use crate::puzzle::ir::{Op, Puzzle, Rules};

/// The directive that marks a file as Killer Sudoku.
pub const KILLER_DIRECTIVE: &str = "cagec: killer";

/// The 1-based line of the killer directive in `src`, if any.
pub fn killer_directive(src: &str) -> Option<u32> {
    src.lines()
        .position(|line| {
            let t = line.trim_start_matches('\u{feff}').trim();
            let comment = t
                .strip_prefix('#')
                .or_else(|| t.strip_prefix("NB."))
                .map(str::trim);
            comment.is_some_and(|c| c.eq_ignore_ascii_case(KILLER_DIRECTIVE))
        })
        .map(|i| i as u32 + 1)
}

/// Applies Killer rules to a parsed puzzle when asked; errors for a size that
/// is not a square and for cages that are not sums.
pub fn apply(mut puzzle: Puzzle, src: &str, force_killer: bool) -> Result<Puzzle, Diagnostics> {
    let directive = killer_directive(src);
    if !force_killer && directive.is_none() {
        return Ok(puzzle);
    }
    let mut diags = Diagnostics::default();
    let n = puzzle.size;
    let b = (1..=n).find(|b| b * b >= n).unwrap_or(1);
    if b * b != n {
        diags.push(
            Diagnostic::error(
                Span::new(directive.unwrap_or(0), 1),
                format!("Killer Sudoku needs an n×n grid with n a square (b×b boxes), but n = {n}"),
            )
            .expected("n = 1, 4, 9, 16, 25, ...", format!("n = {n}")),
        );
    }
    for (i, cage) in puzzle.cages.iter_mut().enumerate() {
        match cage.op {
            Op::Add => {}
            // A bare number is the cage's sum (a one-cell sum is a given).
            Op::Given => cage.op = Op::Add,
            other => diags.push(
                Diagnostic::error(
                    cage.span,
                    format!(
                        "Killer Sudoku cages are sums, but cage {} is '{}'",
                        i + 1,
                        other.symbol()
                    ),
                )
                .expected(
                    "a sum (TARGET or TARGET+)",
                    format!("'{}{}'", cage.target, other.symbol()),
                ),
            ),
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    puzzle.rules = Rules::Killer { box_size: b };
    Ok(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::ir::{Cage, Cell};

    fn cage(target: u64, op: Op, cells: &[usize], n: usize) -> Cage {
        Cage {
            target,
            op,
            cells: cells.iter().map(|&c| Cell::from_index(c, n)).collect(),
            span: Span::new(2, 1),
        }
    }

    #[test]
    fn directive_switches_rules_and_reads_bare_clues_as_sums() {
        let src = "# cagec: killer\n3,0 1\n7,2 3\n";
        assert_eq!(killer_directive(src), Some(1));
        assert_eq!(killer_directive("NB.  CAGEC: Killer\n"), Some(1));
        assert_eq!(killer_directive("# killer\n"), None);
        let p = Puzzle::kenken(
            4,
            vec![cage(3, Op::Given, &[0, 1], 4), cage(7, Op::Add, &[2, 3], 4)],
        );
        let k = apply(p.clone(), src, false).unwrap();
        assert_eq!(k.rules, Rules::Killer { box_size: 2 });
        assert!(k.cages.iter().all(|c| c.op == Op::Add));
        assert_eq!(
            apply(p.clone(), "3,0 1\n", false).unwrap(),
            p,
            "no directive: KenKen"
        );
    }

    #[test]
    fn non_square_sizes_and_non_sum_cages_are_errors() {
        let p = Puzzle::kenken(6, vec![cage(2, Op::Div, &[0, 1], 6)]);
        let errs = apply(p, "", true).unwrap_err();
        assert_eq!(errs.0.len(), 2);
        assert!(errs.0[0].message.contains("n = 6"));
        assert!(errs.0[1].message.contains("cage 1 is '%'"));
    }
}
