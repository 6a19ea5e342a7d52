//! Writing the model files of one solver run through the back-ends.
//!
//! File names are `<stem><tag>.<ext>` with tag `""` for the first solve and
//! `.cutK` for the solve with K no-good cuts, so a `--keep` directory holds
//! every model exactly as it was solved.

use std::io::{self, Write};
use std::path::Path;

use super::{SolveError, Via};
use crate::atomic::AtomicFiles;
use crate::back::{self, FixedNames};
use crate::ir::{Grid, Puzzle};
use crate::model::Model;

/// What the MathProg model prints after `solve;` (glpsol's `-y` file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Printed {
    /// `y I J V` per cell: the paper's AMPL model.
    Cells,
    /// `NAME VALUE` per variable: the flat model of any [`Model`].
    Names,
}

/// The files written for one run, relative to the run directory.
pub struct Written {
    /// The model file the solver reads (`.lp`, `.mps`, `.mod`).
    pub model: String,
    /// The AMPL data file (with the cuts), for the paper's AMPL pair.
    pub data: Option<String>,
    /// The short-name map of a fixed MPS file.
    pub names: Option<FixedNames>,
    /// For MathProg runs: what the model prints.
    pub printed: Option<Printed>,
}

/// Writes the input of one run. With a `model` (its cut rows already added)
/// that is the LP or MPS file, or for [`Via::Ampl`] the flat MathProg model
/// of it; without one, [`Via::Ampl`] is the paper's AMPL pair, with `cuts`
/// as data.
pub fn write(
    via: Via,
    dir: &Path,
    file_stem: &str,
    model: Option<&Model>,
    puzzle: &Puzzle,
    cuts: &[Grid],
) -> Result<Written, SolveError> {
    let Some(model) = model else {
        return write_ampl_pair(dir, file_stem, puzzle, cuts);
    };
    let plain = |model_file: String| Written {
        model: model_file,
        data: None,
        names: None,
        printed: None,
    };
    match via {
        Via::Lp => {
            let f = format!("{file_stem}.lp");
            to_file(dir, &f, |w| back::write_lp(model, w))?;
            Ok(plain(f))
        }
        Via::Mps => {
            let f = format!("{file_stem}.mps");
            to_file(dir, &f, |w| back::write_mps(model, w))?;
            Ok(plain(f))
        }
        Via::FixedMps => {
            let names = back::fixed_names(model);
            let f = format!("{file_stem}.fixed.mps");
            to_file(dir, &f, |w| back::write_fixed_mps(model, &names, w))?;
            // The map is for a reader of a kept directory; cagec keeps it in memory.
            to_file(dir, &format!("{file_stem}.fixed.map"), |w| {
                back::write_rename_map(model, &names, w)
            })?;
            Ok(Written {
                names: Some(names),
                ..plain(f)
            })
        }
        Via::Ampl => {
            let f = format!("{file_stem}.mod");
            to_file(dir, &f, |w| back::write_mathprog(model, w))?;
            Ok(Written {
                printed: Some(Printed::Names),
                ..plain(f)
            })
        }
    }
}

/// The paper's AMPL pair: one model for every run, the data carrying the
/// puzzle and the cuts.
fn write_ampl_pair(
    dir: &Path,
    file_stem: &str,
    puzzle: &Puzzle,
    cuts: &[Grid],
) -> Result<Written, SolveError> {
    let stem = file_stem.split('.').next().unwrap_or(file_stem);
    let m = format!("{stem}.mod");
    to_file(dir, &m, |w| back::ampl::write_model(w))?;
    let d = format!("{file_stem}.dat");
    to_file(dir, &d, |w| back::ampl::write_data(puzzle, cuts, w))?;
    Ok(Written {
        model: m,
        data: Some(d),
        names: None,
        printed: Some(Printed::Cells),
    })
}

fn to_file(
    dir: &Path,
    name: &str,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), SolveError> {
    // Atomic, so a `--keep` directory never holds a half-written model.
    let path = dir.join(name);
    let mut files = AtomicFiles::default();
    let result = files
        .write(&path, Box::new(fill))
        .and_then(|()| files.commit());
    result.map_err(|source| SolveError::Io {
        what: format!("writing {}", path.display()),
        source,
    })
}
