//! The model in the only variables a reader has.
//!
//! - OPB and DIMACS CNF know 0/1 variables alone: their model is built in
//!   that form ([`formulate_zero_one`](super::formulate_zero_one)), with
//!   `Σ_k k·x_I_J_K` wherever the paper has `y_I_J`, and no y or link rows.
//!   (It was once the paper's model rewritten, a second copy of a model that
//!   is hundreds of MB at n = 100; the tests keep that rewrite, and check
//!   that both write the same bytes.)
//! - FlatZinc knows integers: its model
//!   ([`formulate_integer_cells`](super::formulate_integer_cells)) has
//!   `y_I_J` an integer (it is integral by (3.2)), and gives a Killer Sudoku
//!   model, which has no y, its y and link rows, so that a FlatZinc reader
//!   can print the grid.

use super::{Layout, link_rows};
use crate::model::{Column, Domain, Model, ModelError};

/// The header line that describes y when it is an integer.
pub(super) const INTEGER_Y_LINE: &str =
    "y_I_J   = the value of cell (I,J), 1..n (an integer, tied to the x by (3.2))";

/// Makes the model's `y_I_J` integers; a Killer Sudoku model, which has no
/// y, gets them, with their link rows (3.2) and header line, after
/// everything else.
pub(super) fn integer_cells(model: &mut Model, mut layout: Layout) -> Result<(), ModelError> {
    let n = layout.n;
    if layout.y.is_empty() {
        for i in 0..n {
            for j in 0..n {
                let mut ks = layout.xs(i, j).map(|(k, _)| k as i64);
                let lo = ks.next().unwrap_or(1);
                let hi = ks.last().unwrap_or(lo);
                let domain = Domain::Integer { lo, hi };
                layout.y.push(model.add_column(Column::y(i, j), domain).0);
            }
        }
        link_rows(model, &layout)?;
        model.header.push(INTEGER_Y_LINE.to_string());
    }
    for y in (0..layout.y.len()).filter_map(|cell| layout.y_of(cell / n, cell % n)) {
        let (lo, hi) = model.domain(y).bounds();
        model.set_domain(y, Domain::Integer { lo, hi });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formulate::{self, Formulation, Options};
    use crate::model::{RowFamily, Sense, VarId};

    /// Where the x and y of a formulated model are, from its columns: the
    /// rewrite below works from the model alone, as a reader would.
    fn layout_of(model: &Model, n: usize) -> Layout {
        let mut x = vec![Layout::ABSENT; n * n * n];
        let mut y = vec![None; n * n];
        for (v, column) in model.column_table().iter() {
            match column {
                Column::X { row, col, k } => {
                    let (i, j, k) = (row as usize, col as usize, k as usize);
                    x[(i * n + j) * n + k - 1] = v.0;
                }
                Column::Y { row, col } => y[row as usize * n + col as usize] = Some(v),
                _ => {}
            }
        }
        // KenKen declares every y, Killer Sudoku none.
        let y = y
            .into_iter()
            .map(|y| y.map(|v: VarId| v.0))
            .collect::<Option<Vec<_>>>()
            .unwrap_or_default();
        Layout {
            n,
            x,
            dense_from: None,
            y,
        }
    }

    fn load(name: &str) -> crate::puzzle::ir::Puzzle {
        let path = format!("{}/fixtures/puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
        crate::io::input::load(path.as_ref(), None).unwrap().puzzle
    }

    /// `model` with every variable 0/1, y written out as `Σ_k k·x`: the 0/1
    /// form as a rewrite of the paper's model, what `formulate_zero_one`
    /// must equal.
    fn zero_one(model: &Model, n: usize) -> Result<Model, ModelError> {
        let layout = layout_of(model, n);
        let mut y_cell = vec![None; model.num_vars()];
        for cell in 0..layout.y.len() {
            if let Some(y) = layout.y_of(cell / n, cell % n) {
                y_cell[y.index()] = Some((cell / n, cell % n));
            }
        }
        let mut out = Model::new(model.name.clone());
        out.header = model.header.clone();
        let paper_y = "y_I_J   = the value of cell (I,J), 1..n (continuous: integral by (3.2))";
        if let Some(line) = out.header.iter_mut().find(|l| *l == paper_y) {
            *line = "y_I_J   = sum_k k x_I_J_K, written out wherever the paper has y \
                     (every variable is 0/1)"
                .to_string();
        }
        out.presolve = model.presolve;
        let mut id = vec![None; model.num_vars()];
        for v in model.vars().filter(|v| y_cell[v.index()].is_none()) {
            let name = model.var_name(v);
            id[v.index()] = Some(out.add_var(format_args!("{name}"), model.domain(v)));
        }
        let new = |v: VarId| id[v.index()].expect("only y has no 0/1 copy");
        let mut sections = model.sections.iter().peekable();
        let mut terms = Vec::new();
        for r in 0..model.num_rows() {
            let row = model.row(r);
            let link = row.info.family == RowFamily::ValueLink;
            while let Some(s) = sections.next_if(|s| s.first_row <= r) {
                // The link rows' section goes with them.
                if !link {
                    out.section(s.title.clone());
                }
            }
            if link {
                continue;
            }
            let (sense, rhs) = (row.info.sense, row.info.rhs);
            terms.clear();
            for t in row.terms {
                let coef = i64::from(t.coef);
                match y_cell[t.var.index()] {
                    Some((i, j)) => {
                        terms.extend(layout.xs(i, j).map(|(k, x)| (new(x), coef * k as i64)))
                    }
                    None => terms.push((new(t.var), coef)),
                }
            }
            out.add_row(
                row.name,
                row.info.family,
                row.note,
                terms.iter().copied(),
                sense,
                rhs,
            )?;
        }
        for s in sections {
            out.section(s.title.clone());
        }
        out.objective = model
            .objective
            .iter()
            .filter(|t| y_cell[t.var.index()].is_none())
            .map(|t| crate::model::Term {
                var: new(t.var),
                coef: t.coef,
            })
            .collect();
        Ok(out)
    }

    #[test]
    fn zero_one_writes_y_out_and_keeps_every_solution() {
        let p = load("kk0.cage");
        let paper = formulate::formulate(&p).unwrap();
        let m = formulate::formulate_zero_one(&p, &Options::default()).unwrap();
        assert!(m.vars().all(|v| m.domain(v) == Domain::Binary));
        assert!(m.rows().all(|r| r.info.family != RowFamily::ValueLink));
        assert_eq!(m.num_rows(), paper.num_rows() - 16);
        assert!(!m.sections.iter().any(|s| s.title.starts_with("(3.2)")));
        // The sum cage 11+ on four cells: y written as 1 x + 2 x + ...
        let cage = m.rows().find(|r| r.name == "cage_2").unwrap();
        assert_eq!(cage.terms.len(), 16);
        assert_eq!(cage.info.sense, Sense::Eq);
        assert_eq!(cage.info.rhs, 11);
        let grid = crate::native::solve(&p, &Default::default())
            .unwrap()
            .solutions[0]
            .clone();
        let point = formulate::point::feasible_point(&m, &p, &grid).unwrap();
        assert_eq!(m.check_point(&point), Ok(()));
    }

    #[test]
    fn the_zero_one_model_is_the_paper_model_rewritten() {
        let dir = format!("{}/fixtures/puzzles", env!("CARGO_MANIFEST_DIR"));
        let mut compared = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let Ok(loaded) = crate::io::input::load(&path, None) else {
                continue;
            };
            let p = loaded.puzzle;
            // Cover models are MIP-only (`FormulateError::CoverIsMip`).
            let options = formulate::tests::all_options().into_iter();
            for opts in options.filter(|o| o.formulation != Formulation::Cover) {
                let Ok(paper) = formulate::formulate_with(&p, &opts) else {
                    continue;
                };
                let direct = formulate::formulate_zero_one(&p, &opts).unwrap();
                let rewritten = zero_one(&paper, p.size).unwrap();
                let bytes = |m: &Model| {
                    let (mut opb, mut cnf) = (Vec::new(), Vec::new());
                    crate::back::write_opb(m, &mut opb).unwrap();
                    crate::back::write_cnf(m, crate::back::Amo::Auto, &mut cnf).unwrap();
                    (opb, cnf)
                };
                let what = format!("{} with {}", path.display(), opts.label());
                assert!(bytes(&direct) == bytes(&rewritten), "{what}");
                assert_eq!(direct.presolve, rewritten.presolve, "{what}");
                compared += 1;
            }
        }
        assert!(compared > 50, "only {compared} models compared");
    }

    #[test]
    fn integer_cells_for_kenken_and_killer() {
        let p = load("kk0.cage");
        let opts = Options {
            formulation: Formulation::Tuples,
            presolve: true,
            ..Options::default()
        };
        let m = formulate::formulate_integer_cells(&p, &opts).unwrap();
        let y = m.find_var("y_1_1").unwrap();
        assert!(matches!(m.domain(y), Domain::Integer { .. }));
        let paper = formulate::formulate_with(&p, &opts).unwrap();
        assert_eq!(
            (m.num_vars(), m.num_rows()),
            (paper.num_vars(), paper.num_rows())
        );
        assert!(m.header.iter().any(|l| l == INTEGER_Y_LINE));
        let killer = load("killer9.cage");
        let base = formulate::formulate(&killer).unwrap();
        let m = formulate::formulate_integer_cells(&killer, &Options::default()).unwrap();
        assert_eq!(m.num_vars(), base.num_vars() + 81);
        assert_eq!(m.num_rows(), base.num_rows() + 81);
        assert_eq!(m.header.last().map(String::as_str), Some(INTEGER_Y_LINE));
        let link = m.rows().last().unwrap();
        assert_eq!(
            (link.name, link.info.family),
            ("link_9_9", RowFamily::ValueLink)
        );
        assert_eq!(
            m.domain(m.find_var("y_9_9").unwrap()),
            Domain::Integer { lo: 1, hi: 9 }
        );
        let grid = crate::native::solve(&killer, &Default::default())
            .unwrap()
            .solutions[0]
            .clone();
        assert!(formulate::point::feasible_point(&m, &killer, &grid).is_ok());
    }
}
