//! A text picture of a puzzle, optionally filled with a grid: heavy lines
//! between cages, light lines inside them, each cage's clue in its top-left
//! cell. Two text lines per cell (clue, then value). An ASCII style draws cage
//! walls with `+ - |` and leaves the inside of a cage open.
//!
//! ```text
//! ┏━━━━━┳━━━━━┯━━━━━┓
//! ┃ 1   ┃ 3+  │     ┃
//! ┃  1  ┃  2  │  1  ┃
//! ```

use crate::puzzle::ir::{Grid, Op, Puzzle};

/// Box-drawing junctions indexed by arm weights (0 none, 1 light, 2 heavy):
/// `up * 27 + right * 9 + down * 3 + left`.
const JUNCTIONS: &str =
    " ╴╸╷┐┑╻┒┓╶─╾┌┬┭┎┰┱╺╼━┍┮┯┏┲┳╵┘┙│┤┥╽┧┪└┴┵├┼┽┟╁╅┕┶┷┝┾┿┢╆╈╹┚┛╿┦┩┃┨┫┖┸┹┞╀╃┠╂╉┗┺┻┡╄╇┣╊╋";

/// How to draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// `+ - |` instead of box-drawing characters.
    pub ascii: bool,
    /// ANSI colour: clues cyan, values bold.
    pub color: bool,
}

/// The clue as printed in its cage (`11+`, `2%`, `4` for a given).
pub fn clue(target: u64, op: Op) -> String {
    format!("{target}{}", op.symbol())
}

/// Draws `puzzle`, with the values of `grid` when given.
pub fn draw(puzzle: &Puzzle, grid: Option<&Grid>, style: Style) -> String {
    let n = puzzle.size;
    let mut owner = vec![vec![usize::MAX; n]; n];
    let mut label = vec![vec![String::new(); n]; n];
    for (c, cage) in puzzle.cages.iter().enumerate() {
        for cell in &cage.cells {
            if let Some(slot) = owner
                .get_mut(cell.row as usize)
                .and_then(|r| r.get_mut(cell.col as usize))
            {
                *slot = c;
            }
        }
        if let Some(first) = cage.sorted_cells().first() {
            label[first.row as usize][first.col as usize] = clue(cage.target, cage.op);
        }
    }
    let value_width = n.to_string().len();
    let inner = label
        .iter()
        .flatten()
        .map(String::len)
        .max()
        .unwrap_or(0)
        .max(value_width)
        + 2;
    let p = Painter {
        n,
        owner,
        style,
        inner,
    };
    let mut out = String::new();
    for (r, labels) in label.iter().enumerate() {
        out.push_str(&p.rule(r));
        let clues: Vec<String> = labels
            .iter()
            .map(|l| p.paint(&format!(" {l:<w$}", w = inner - 1), CYAN))
            .collect();
        out.push_str(&p.cells(r, &clues));
        let values: Vec<String> = (0..n)
            .map(|c| {
                let v = grid
                    .and_then(|g| g.values.get(r).and_then(|row| row.get(c)))
                    .map_or(String::new(), u32::to_string);
                p.paint(&format!("{v:^inner$}"), BOLD)
            })
            .collect();
        out.push_str(&p.cells(r, &values));
    }
    out.push_str(&p.rule(n));
    out
}

const CYAN: &str = "\x1b[36m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

struct Painter {
    n: usize,
    owner: Vec<Vec<usize>>,
    style: Style,
    inner: usize,
}

impl Painter {
    fn owner(&self, r: usize, c: usize) -> Option<usize> {
        self.owner.get(r).and_then(|row| row.get(c)).copied()
    }

    /// Weight of the wall between two cells (either may be off the grid).
    fn wall(&self, a: Option<(usize, usize)>, b: Option<(usize, usize)>) -> u8 {
        let id = |x: Option<(usize, usize)>| x.and_then(|(r, c)| self.owner(r, c));
        match (id(a), id(b)) {
            (Some(x), Some(y)) if x == y && x != usize::MAX => 1,
            _ => 2,
        }
    }

    fn cell(&self, r: isize, c: isize) -> Option<(usize, usize)> {
        let ok = |v: isize| v >= 0 && (v as usize) < self.n;
        (ok(r) && ok(c)).then_some((r as usize, c as usize))
    }

    /// The wall left of cell (r, c), i.e. between (r, c-1) and (r, c).
    fn vertical(&self, r: usize, c: usize) -> u8 {
        let (r, c) = (r as isize, c as isize);
        self.wall(self.cell(r, c - 1), self.cell(r, c))
    }

    /// The wall above cell (r, c).
    fn horizontal(&self, r: usize, c: usize) -> u8 {
        let (r, c) = (r as isize, c as isize);
        self.wall(self.cell(r - 1, c), self.cell(r, c))
    }

    /// The line above cell row `r` (r = n: the bottom line).
    fn rule(&self, r: usize) -> String {
        let n = self.n;
        let mut s = String::new();
        for c in 0..=n {
            let up = if r > 0 { self.vertical(r - 1, c) } else { 0 };
            let down = if r < n { self.vertical(r, c) } else { 0 };
            let left = if c > 0 { self.horizontal(r, c - 1) } else { 0 };
            let right = if c < n { self.horizontal(r, c) } else { 0 };
            s.push_str(&self.junction(up, right, down, left));
            if c < n {
                let h = self.horizontal(r, c);
                let piece = match (self.style.ascii, h) {
                    (true, 2) => "-",
                    (true, _) => " ",
                    (false, 2) => "━",
                    (false, _) => "─",
                };
                s.push_str(&piece.repeat(self.inner));
            }
        }
        s.push('\n');
        s
    }

    fn junction(&self, up: u8, right: u8, down: u8, left: u8) -> String {
        if self.style.ascii {
            let vertical = up == 2 || down == 2;
            let horizontal = left == 2 || right == 2;
            let s = match (vertical, horizontal) {
                (true, true) => "+",
                (true, false) => "|",
                (false, true) => "-",
                (false, false) => " ",
            };
            return s.to_string();
        }
        let i = up as usize * 27 + right as usize * 9 + down as usize * 3 + left as usize;
        JUNCTIONS.chars().nth(i).unwrap_or('+').to_string()
    }

    /// One text line of cell row `r` with the given cell contents.
    fn cells(&self, r: usize, contents: &[String]) -> String {
        let mut s = String::new();
        for (c, text) in contents.iter().enumerate() {
            s.push_str(self.bar(self.vertical(r, c)));
            s.push_str(text);
        }
        s.push_str(self.bar(self.vertical(r, self.n)));
        s.push('\n');
        s
    }

    fn bar(&self, weight: u8) -> &'static str {
        match (self.style.ascii, weight) {
            (true, 2) => "|",
            (true, _) => " ",
            (false, 2) => "┃",
            (false, _) => "│",
        }
    }

    fn paint(&self, text: &str, color: &str) -> String {
        if self.style.color && !text.trim().is_empty() {
            format!("{color}{text}{RESET}")
        } else {
            text.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::diag::Span;
    use crate::puzzle::ir::{Cage, Cell};

    fn cage(target: u64, op: Op, cells: &[usize], n: usize) -> Cage {
        Cage {
            target,
            op,
            cells: cells.iter().map(|&i| Cell::from_index(i, n)).collect(),
            span: Span::default(),
        }
    }

    fn amb2() -> Puzzle {
        Puzzle {
            size: 2,
            cages: vec![
                cage(1, Op::Given, &[0], 2),
                cage(3, Op::Add, &[1, 3], 2),
                cage(2, Op::Given, &[2], 2),
            ],
            rules: crate::puzzle::ir::Rules::KenKen,
        }
    }

    #[test]
    fn unicode_picture_has_heavy_cage_walls_and_light_inner_lines() {
        let g = Grid {
            values: vec![vec![1, 2], vec![2, 1]],
        };
        let pic = draw(&amb2(), Some(&g), Style::default());
        let want = "\
┏━━━━┳━━━━┓
┃ 1  ┃ 3+ ┃
┃ 1  ┃ 2  ┃
┣━━━━╉────┨
┃ 2  ┃    ┃
┃ 2  ┃ 1  ┃
┗━━━━┻━━━━┛
";
        assert_eq!(pic, want, "\n{pic}");
    }

    #[test]
    fn ascii_picture_opens_the_inside_of_cages() {
        let pic = draw(
            &amb2(),
            None,
            Style {
                ascii: true,
                color: false,
            },
        );
        let want = "\
+----+----+
| 1  | 3+ |
|    |    |
+----+    |
| 2  |    |
|    |    |
+----+----+
";
        assert_eq!(pic, want, "\n{pic}");
    }

    #[test]
    fn colour_wraps_clues_and_values_only() {
        let g = Grid {
            values: vec![vec![1, 2], vec![2, 1]],
        };
        let pic = draw(
            &amb2(),
            Some(&g),
            Style {
                ascii: false,
                color: true,
            },
        );
        assert!(pic.contains("\x1b[36m 3+ \x1b[0m"));
        assert!(pic.contains("\x1b[1m 2  \x1b[0m"));
    }
}
