//! The root LP relaxation of a model, solved by HiGHS: what `cagec stats
//! --root` reports, so a class can compare formulations by number.
//!
//! Every binary is relaxed to [0, 1] and HiGHS solves the LP with its
//! defaults. The figures are HiGHS's own (status, objective, simplex
//! iterations, run time) and, from its solution file, how far the point is
//! from a grid: the (cell, value) pairs whose x is strictly between 0 and 1,
//! with x read as the sum of its tuples' z where the cover formulation has
//! no x.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use serde::Serialize;

use super::error::tail;
use super::locate::Located;
use super::process::{self, Exit, Invocation};
use super::{SolveError, Stop, Values, decode, emit, highs};
use crate::model::Model;
use crate::puzzle::ir::Puzzle;

/// HiGHS's answer on the LP relaxation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RootLp {
    /// `optimal`, `infeasible`, `time-limit`, ….
    pub status: String,
    pub objective: Option<f64>,
    /// Simplex iterations, as HiGHS counts them.
    pub iterations: Option<u64>,
    /// HiGHS's own run time, in seconds.
    pub seconds: Option<f64>,
    /// (cell, value) pairs of the grid: n³.
    pub x: usize,
    /// Of those, the pairs whose x is strictly between 0 and 1.
    pub fractional_x: usize,
    /// Cells with a fractional x.
    pub fractional_cells: usize,
    /// Every x at 0 or 1: the relaxation is a grid.
    pub integral: bool,
}

/// Solves the LP relaxation of `model` (formulated from `puzzle`) with the
/// HiGHS at `located`, in `dir`, within `time_limit` seconds.
pub fn relaxation(
    model: &Model,
    puzzle: &Puzzle,
    located: &Located,
    dir: &Path,
    time_limit: Option<f64>,
) -> Result<RootLp, SolveError> {
    let mut relaxed = model.clone();
    relaxed.relax_integrality();
    let lp = emit::file(dir, "root.lp", |w| crate::back::write_lp(&relaxed, w))?;
    let solution = "root.lp.highs.sol";
    let inv = Invocation {
        program: located.program.clone(),
        args: highs::args(&lp, solution, time_limit, Some(1), None, None),
        env: located.env.clone(),
        stdout: "root.lp.highs.log".into(),
        stderr: "root.lp.highs.err".into(),
        interrupt_after: None,
    };
    let never = AtomicBool::new(false);
    let finished = process::run(&inv, dir, super::attempt::wall_limit(time_limit), &never)?;
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap_or_default();
    let log = read(&inv.stdout);
    if !matches!(finished.exit, Exit::Code(0 | 1)) {
        return Err(SolveError::Crashed {
            program: located.name.to_string(),
            exit: finished.exit,
            output: tail(&log, &read(&inv.stderr)),
        });
    }
    let raw = highs::parse(&read(solution)).map_err(|e| SolveError::BadSolution {
        file: solution.to_string(),
        line: e.line,
        reason: e.reason,
    })?;
    let n = puzzle.size;
    let mut root = RootLp {
        status: raw.stop.word().to_string(),
        objective: figure(&log, "Objective value     :"),
        // HiGHS prints no count when its presolve solved the LP alone.
        iterations: figure(&log, "Simplex   iterations:")
            .map(|v| v as u64)
            .or((raw.stop == Stop::Optimal).then_some(0)),
        seconds: figure(&log, "HiGHS run time      :"),
        x: n * n * n,
        fractional_x: 0,
        fractional_cells: 0,
        integral: false,
    };
    if let (Stop::Optimal, Some(Values::Named(named))) = (&raw.stop, &raw.values) {
        let cells =
            decode::cell_values(&relaxed, puzzle, named).map_err(|reason| SolveError::Decode {
                file: solution.to_string(),
                reason,
            })?;
        let fractional = |&(_, x): &(usize, f64)| x < 1.0 - decode::X_TOL;
        root.fractional_x = cells.iter().flatten().filter(|p| fractional(p)).count();
        root.fractional_cells = cells.iter().filter(|c| c.iter().any(fractional)).count();
        root.integral = root.fractional_x == 0;
    }
    Ok(root)
}

/// [`relaxation`] by the installed HiGHS (found as `solve` finds it), in a
/// private temporary directory, within `time_limit` seconds if given: what
/// `cagec stats --root`, the Python face's `Puzzle.root_lp` and the benches
/// run.
pub fn by_installed_highs(
    model: &Model,
    puzzle: &Puzzle,
    time_limit: Option<f64>,
) -> Result<RootLp, SolveError> {
    let located = super::locate(super::Solver::Highs)?;
    let dir = tempfile::Builder::new()
        .prefix("cagec-root-")
        .tempdir()
        .map_err(|source| SolveError::Io {
            what: "creating a temporary directory".into(),
            source,
        })?;
    relaxation(model, puzzle, &located, dir.path(), time_limit)
}

/// The number after `label` on a line of HiGHS's log.
fn figure(log: &str, label: &str) -> Option<f64> {
    log.lines()
        .find_map(|l| l.trim_start().strip_prefix(label))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::figure;

    #[test]
    fn figures_come_from_highs_lines() {
        let log = "Model status        : Optimal\nSimplex   iterations: 3032\n\
                   Objective value     :  0.0000000000e+00\nHiGHS run time      :          0.87\n";
        assert_eq!(figure(log, "Simplex   iterations:"), Some(3032.0));
        assert_eq!(figure(log, "Objective value     :"), Some(0.0));
        assert_eq!(figure(log, "HiGHS run time      :"), Some(0.87));
        assert_eq!(figure(log, "Nodes"), None);
    }
}
