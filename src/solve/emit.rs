//! Writing the model files of one solver run through the back-ends.
//!
//! File names are `<stem><tag>.<ext>` with tag `""` for the first solve and
//! `.cutK` for the solve with K no-good cuts, so a `--keep` directory holds
//! every model exactly as it was solved.

use std::io::{self, Write};
use std::path::Path;

use super::{SolveError, Via};
use crate::back::{self, Amo, FixedNames, mzn};
use crate::compile::Encoded;
use crate::io::atomic::AtomicFiles;
use crate::puzzle::ir::{Grid, Puzzle};

/// What the MathProg model prints after `solve;` (glpsol's `-y` file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Printed {
    /// `y I J V` per cell: the paper's AMPL model.
    Cells,
    /// `NAME VALUE` per variable: the flat model of any model.
    Names,
}

/// The files written for one run, relative to the run directory.
pub struct Written {
    /// The model file the solver reads (`.lp`, `.mps`, `.mod`, `.opb`, …).
    pub model: String,
    /// The data file with the cuts: the paper's AMPL pair, MiniZinc.
    pub data: Option<String>,
    /// The short-name map of a fixed MPS file.
    pub names: Option<FixedNames>,
    /// For MathProg runs: what the model prints.
    pub printed: Option<Printed>,
}

/// Writes the input of one run. A model (its cut rows already added) is the
/// route's file of it; the paper's AMPL pair and the MiniZinc pair carry
/// `cuts` as data.
pub fn write(
    via: Via,
    dir: &Path,
    file_stem: &str,
    encoded: &Encoded<'_>,
    puzzle: &Puzzle,
    cuts: &[Grid],
) -> Result<Written, SolveError> {
    let model = match encoded {
        Encoded::PaperPair => {
            return write_pair(dir, file_stem, "mod", "dat", PaperPair(puzzle), cuts);
        }
        Encoded::MiniZinc(data) => {
            return write_pair(dir, file_stem, "mzn", "dzn", MiniZinc(data), cuts);
        }
        Encoded::Model(m) => m,
    };
    let plain = |model_file: String| Written {
        model: model_file,
        data: None,
        names: None,
        printed: None,
    };
    let ext = match via {
        Via::FixedMps => {
            let names = back::fixed_names(model);
            let f = format!("{file_stem}.fixed.mps");
            to_file(dir, &f, |w| back::write_fixed_mps(model, &names, w))?;
            // The map is for a reader of a kept directory; cagec keeps it in memory.
            to_file(dir, &format!("{file_stem}.fixed.map"), |w| {
                back::write_rename_map(model, &names, w)
            })?;
            return Ok(Written {
                names: Some(names),
                ..plain(f)
            });
        }
        Via::Ampl => "mod",
        other => other.name(),
    };
    let f = format!("{file_stem}.{ext}");
    to_file(dir, &f, |w| match via {
        Via::Mps => back::write_mps(model, w),
        Via::Ampl => back::write_mathprog(model, w),
        Via::Opb => back::write_opb(model, w),
        Via::Cnf => back::write_cnf(model, Amo::Auto, w),
        Via::Fzn => back::write_fzn(model, w),
        Via::Lp => back::write_lp(model, w),
        Via::FixedMps | Via::Mzn => Err(io::Error::other(format!(
            "{} is not written from a model",
            via.name()
        ))),
    })?;
    Ok(Written {
        printed: (via == Via::Ampl).then_some(Printed::Names),
        ..plain(f)
    })
}

/// A model + data pair: one model for every run, the data carrying the
/// puzzle and the cuts.
trait Pair {
    fn model(&self, out: &mut dyn Write) -> io::Result<()>;
    fn data(&self, cuts: &[Grid], out: &mut dyn Write) -> io::Result<()>;
    fn printed(&self) -> Option<Printed>;
}

struct PaperPair<'a>(&'a Puzzle);

impl Pair for PaperPair<'_> {
    fn model(&self, out: &mut dyn Write) -> io::Result<()> {
        back::ampl::write_model(out)
    }

    fn data(&self, cuts: &[Grid], out: &mut dyn Write) -> io::Result<()> {
        back::ampl::write_data(self.0, cuts, out)
    }

    fn printed(&self) -> Option<Printed> {
        Some(Printed::Cells)
    }
}

struct MiniZinc<'a, 'p>(&'a mzn::MznData<'p>);

impl Pair for MiniZinc<'_, '_> {
    fn model(&self, out: &mut dyn Write) -> io::Result<()> {
        mzn::write_mzn_model(out)
    }

    fn data(&self, cuts: &[Grid], out: &mut dyn Write) -> io::Result<()> {
        mzn::write_mzn_data(self.0, cuts, out)
    }

    fn printed(&self) -> Option<Printed> {
        None
    }
}

/// `stem.MODEL` (the cut tag dropped: the model is the same for every run)
/// and `file_stem.DATA`.
fn write_pair(
    dir: &Path,
    file_stem: &str,
    model_ext: &str,
    data_ext: &str,
    pair: impl Pair,
    cuts: &[Grid],
) -> Result<Written, SolveError> {
    let stem = file_stem.split('.').next().unwrap_or(file_stem);
    let m = format!("{stem}.{model_ext}");
    to_file(dir, &m, |w| pair.model(w))?;
    let d = format!("{file_stem}.{data_ext}");
    to_file(dir, &d, |w| pair.data(cuts, w))?;
    Ok(Written {
        model: m,
        data: Some(d),
        names: None,
        printed: pair.printed(),
    })
}

/// Writes one more input file of a run (a MIP start, an options file) as
/// `name` in `dir`, and returns the name.
pub fn file(
    dir: &Path,
    name: &str,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<String, SolveError> {
    to_file(dir, name, fill)?;
    Ok(name.to_string())
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
