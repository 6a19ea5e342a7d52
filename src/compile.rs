//! What `cagec compile` writes, for every face: a puzzle and its options in,
//! the model in one output format out, as one stream (standard output, a
//! Python `bytes`, a page's text box) or as files written together.
//!
//! The command line, the Python module and the web page all resolve what
//! they were asked into options through a [`Request`] and write through
//! [`Compiled`], so the same puzzle and options give the same bytes in each.

pub mod request;

pub use request::{ModelRequest, Request, choices, default_formulation};

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use crate::back::mzn::{self, MznData};
use crate::back::{self, Amo, OutputFormat};
use crate::formulate::{self, FormulateError, Formulation, Options};
use crate::io::atomic::{AtomicFiles, Fill};
use crate::io::gzip;
use crate::model::Model;
use crate::puzzle::ir::Puzzle;
use crate::words::Named;
use crate::words::{Message, Rust, Setting, Words};

/// An option the generic MiniZinc model cannot take: the setting, with the
/// value when only that value is refused (`formulation = melkonian`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MznOption {
    pub setting: Setting,
    pub value: Option<&'static str>,
}

impl MznOption {
    /// The option in a face's words: `--formulation melkonian`, `--product`.
    pub fn named(&self, words: &dyn Words) -> String {
        match self.value {
            Some(value) => words.choice(self.setting, value),
            None => words.setting(self.setting).into_owned(),
        }
    }
}

/// The option the generic MiniZinc model cannot take, if any: it writes
/// every cage as its tuples (or, past the tuple limit, its sum or product),
/// with its own Killer Sudoku rows.
pub fn refused_by_minizinc(opts: &Options, named: Option<Formulation>) -> Option<MznOption> {
    use formulate::{KillerForm, ProductMethod};
    let option = |setting, value| Some(MznOption { setting, value });
    if named == Some(Formulation::Melkonian) {
        option(Setting::Formulation, Some("melkonian"))
    } else if opts.product != ProductMethod::Primes {
        option(Setting::Product, None)
    } else if opts.killer_form != KillerForm::Separate {
        option(Setting::KillerForm, None)
    } else {
        None
    }
}

/// Why `compile --to mzn` refuses the options; every face says it in its
/// own words ([`Message`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MznRefusal(pub MznOption);

impl Message for MznRefusal {
    fn message(&self, words: &dyn Words) -> String {
        let option = self.0.named(words);
        format!(
            "{option} does not apply to {}: the MiniZinc model writes every cage \
             as its tuples (or, past {}, its sum or product); use {} \
             for the model with {option}",
            words.choice(Setting::To, "mzn"),
            words.setting(Setting::TupleLimit),
            words.choice(Setting::To, "fzn"),
        )
    }
}

impl std::fmt::Display for MznRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(&Rust))
    }
}

impl std::error::Error for MznRefusal {}

/// A puzzle compiled for one output format.
pub struct Compiled<'p> {
    pub format: OutputFormat,
    puzzle: &'p Puzzle,
    encoded: Encoded<'p>,
}

/// What a format is written from.
pub enum Encoded<'p> {
    /// A model: every MIP format, OPB, CNF and FlatZinc.
    Model(Box<Model>),
    /// The paper's AMPL pair, which formulates in MathProg itself.
    PaperPair,
    /// The generic MiniZinc model's data.
    MiniZinc(MznData<'p>),
}

impl<'p> Encoded<'p> {
    /// `puzzle` formulated with `opts` for `format`, the model named `name`.
    pub fn new(
        puzzle: &'p Puzzle,
        opts: &Options,
        format: OutputFormat,
        name: &str,
    ) -> Result<Encoded<'p>, FormulateError> {
        if opts.formulation == Formulation::Cover && format.is_family() {
            return Err(FormulateError::CoverIsMip {
                format: format.name(),
            });
        }
        Ok(match format {
            _ if is_paper_pair(puzzle, opts, format) => Encoded::PaperPair,
            OutputFormat::Mzn => {
                let domains = match opts.presolve {
                    true => Some(formulate::presolved_domains(puzzle)?),
                    false => None,
                };
                let data = mzn::mzn_data(puzzle, domains, opts.tuple_limit, name);
                let data = data.map_err(|e| FormulateError::TooManyTuples {
                    cage: e.cage,
                    limit: e.limit,
                })?;
                Encoded::MiniZinc(data)
            }
            _ => {
                let mut m = model_for(puzzle, opts, format)?;
                m.name = name.to_string();
                Encoded::Model(Box::new(m))
            }
        })
    }

    pub fn model(&self) -> Option<&Model> {
        match self {
            Encoded::Model(m) => Some(m),
            Encoded::PaperPair | Encoded::MiniZinc(_) => None,
        }
    }

    pub fn model_mut(&mut self) -> Option<&mut Model> {
        match self {
            Encoded::Model(m) => Some(m),
            Encoded::PaperPair | Encoded::MiniZinc(_) => None,
        }
    }
}

impl<'p> Compiled<'p> {
    /// Formulates `puzzle` with `opts` for `format`; `name` names the model
    /// (`NAME` in LP and MPS), as `compile` names it after the file's stem.
    pub fn new(
        puzzle: &'p Puzzle,
        opts: &Options,
        format: OutputFormat,
        name: &str,
    ) -> Result<Compiled<'p>, FormulateError> {
        Ok(Compiled {
            format,
            puzzle,
            encoded: Encoded::new(puzzle, opts, format, name)?,
        })
    }

    /// The model, unless this is the paper's AMPL pair or MiniZinc.
    pub fn model(&self) -> Option<&Model> {
        self.encoded.model()
    }

    /// The columns of the model file, as it names them: what a face keeps
    /// to read a solver's answer back ([`back::decode::read_grid`]) without
    /// the model. None for the paper's AMPL pair and MiniZinc, which have no
    /// columns of cagec's.
    pub fn columns(&self) -> Option<back::decode::FileColumns> {
        (self.model()).map(|m| back::decode::FileColumns::of(m, self.format))
    }

    /// Everything as one stream: what `compile` prints on standard output
    /// (the fixed-MPS rename map as leading comments; AMPL as one MathProg
    /// text with its data section; MiniZinc as the model and its data).
    pub fn stream(&self) -> Fill<'_> {
        let model = match &self.encoded {
            Encoded::PaperPair => {
                let puzzle = self.puzzle;
                return Box::new(move |w| back::ampl::write_stream(puzzle, &[], w));
            }
            Encoded::MiniZinc(data) => return Box::new(|w| mzn::write_mzn_stream(data, &[], w)),
            Encoded::Model(m) => m,
        };
        match self.format {
            OutputFormat::FixedMps => Box::new(|w| {
                let names = back::fixed_names(model);
                if names.renamed_count() > 0 {
                    let mut map = Vec::new();
                    back::write_rename_map(model, &names, &mut map)?;
                    back::write_fixed_comments(&String::from_utf8_lossy(&map), w)?;
                }
                back::write_fixed_mps(model, &names, w)
            }),
            OutputFormat::Ampl => Box::new(|w| back::write_mathprog(model, w)),
            format => writer(format, model),
        }
    }

    /// [`Compiled::stream`] into memory.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        (self.stream())(&mut out).expect("writing to memory cannot fail");
        out
    }

    /// Writes the model's file(s) at `path`, compressed when its name ends
    /// in `.gz`, all or none of them (see [`write_files`]).
    pub fn write_files(
        &self,
        path: &Path,
        point: Option<&[i64]>,
        cancel: Option<&AtomicBool>,
    ) -> io::Result<()> {
        let mut files = match cancel {
            Some(flag) => AtomicFiles::cancellable(flag),
            None => AtomicFiles::default(),
        };
        self.write_into(&mut files, path, point)?;
        files.commit()
    }

    /// The files [`Compiled::write_files`] writes at `path`, with their
    /// bytes, in memory instead.
    pub fn files(&self, path: &Path, point: Option<&[i64]>) -> io::Result<Vec<(PathBuf, Vec<u8>)>> {
        let mut files = Vec::new();
        self.write_into(&mut files, path, point)?;
        Ok(files)
    }

    fn write_into(
        &self,
        files: &mut dyn Files,
        path: &Path,
        point: Option<&[i64]>,
    ) -> io::Result<()> {
        match &self.encoded {
            Encoded::PaperPair => write_pair(files, self.puzzle, path),
            Encoded::MiniZinc(data) => write_mzn(files, data, path),
            Encoded::Model(m) => write_files(files, self.format, m, path, point),
        }
    }
}

/// Where a compile's files go: onto disk together ([`AtomicFiles`]), or
/// into memory (a page's download buttons, which have no file system).
pub trait Files {
    fn write(&mut self, path: &Path, fill: Fill<'_>) -> io::Result<()>;
}

impl Files for AtomicFiles<'_> {
    fn write(&mut self, path: &Path, fill: Fill<'_>) -> io::Result<()> {
        AtomicFiles::write(self, path, fill)
    }
}

/// Files in memory, in the order written.
impl Files for Vec<(PathBuf, Vec<u8>)> {
    fn write(&mut self, path: &Path, fill: Fill<'_>) -> io::Result<()> {
        let mut bytes = Vec::new();
        fill(&mut bytes)?;
        self.push((path.to_path_buf(), bytes));
        Ok(())
    }
}

/// The model `format` writes: the 0/1 form for OPB and DIMACS CNF, integer
/// cells for FlatZinc, the model itself for the MIP formats. (MiniZinc
/// writes the puzzle's data instead.)
pub fn model_for(
    puzzle: &Puzzle,
    opts: &Options,
    format: OutputFormat,
) -> Result<Model, FormulateError> {
    match format {
        OutputFormat::Opb | OutputFormat::Cnf => formulate::formulate_zero_one(puzzle, opts),
        OutputFormat::Fzn => formulate::formulate_integer_cells(puzzle, opts),
        OutputFormat::Lp
        | OutputFormat::Mps
        | OutputFormat::FixedMps
        | OutputFormat::Ampl
        | OutputFormat::Mzn => formulate::formulate_with(puzzle, opts),
    }
}

/// The writer of one model file in `format` (not fixed MPS, which has its
/// names, nor the paper's AMPL pair or MiniZinc, which have no model).
fn writer(format: OutputFormat, model: &Model) -> Fill<'_> {
    match format {
        OutputFormat::Lp => Box::new(|w| back::write_lp(model, w)),
        OutputFormat::Mps => Box::new(|w| back::write_mps(model, w)),
        OutputFormat::Ampl => Box::new(|w| back::write_mathprog(model, w)),
        OutputFormat::Opb => Box::new(|w| back::write_opb(model, w)),
        OutputFormat::Cnf => Box::new(|w| back::write_cnf(model, Amo::Auto, w)),
        OutputFormat::Fzn => Box::new(|w| back::write_fzn(model, w)),
        OutputFormat::FixedMps | OutputFormat::Mzn => {
            let name = format.name();
            Box::new(move |_| {
                Err(io::Error::other(format!(
                    "{name} has no single-model writer"
                )))
            })
        }
    }
}

/// Whether `format` gets the paper's AMPL pair (model + data) for `puzzle`.
pub fn is_paper_pair(puzzle: &Puzzle, opts: &Options, format: OutputFormat) -> bool {
    format == OutputFormat::Ampl && formulate::paper_ampl_applies(puzzle, opts)
}

/// `path` with its extension replaced (`kk0.mod` → `kk0.dat`); a final
/// `.gz` goes too (`kk0.mps.gz` → `kk0.map`).
pub fn sibling(path: &Path, extension: &str) -> PathBuf {
    gzip::strip_gz(path).with_extension(extension)
}

/// A file beside the model at `path`, named by extension (`kk0.mps.gz` →
/// `kk0.sol`); an error if that is the model's own name.
pub fn beside(path: &Path, extension: &str) -> io::Result<PathBuf> {
    let other = sibling(path, extension);
    if other == path {
        return Err(io::Error::other(format!(
            "{}: the model needs a name other than .{extension} (that file goes beside it)",
            path.display()
        )));
    }
    Ok(other)
}

/// The AMPL data beside a model at `path`: `.dat`, or `.dat.gz` beside a
/// `.mod.gz`, since glpsol reads both compressed.
fn data_path(path: &Path) -> io::Result<PathBuf> {
    let data = beside(path, "dat")?;
    Ok(match gzip::is_gzip_path(path) {
        true => data.with_extension("dat.gz"),
        false => data,
    })
}

/// `fill` for the file at `path`: compressed when its name ends in `.gz`.
fn fill_for<'a>(path: &Path, fill: Fill<'a>) -> Fill<'a> {
    match gzip::is_gzip_path(path) {
        true => gzip::compressed(fill),
        false => fill,
    }
}

/// The paper's AMPL pair: the model at `path`, its data beside it.
fn write_pair(files: &mut dyn Files, puzzle: &Puzzle, path: &Path) -> io::Result<()> {
    let data = data_path(path)?;
    files.write(
        path,
        fill_for(path, Box::new(|w| back::ampl::write_model(w))),
    )?;
    files.write(
        &data,
        fill_for(&data, Box::new(|w| back::ampl::write_data(puzzle, &[], w))),
    )
}

/// The MiniZinc pair: the generic model at `path`, the puzzle's data
/// beside it (`NAME.dzn`).
fn write_mzn(files: &mut dyn Files, data: &MznData<'_>, path: &Path) -> io::Result<()> {
    let dzn = beside(path, "dzn")?;
    let dzn = match gzip::is_gzip_path(path) {
        true => dzn.with_extension("dzn.gz"),
        false => dzn,
    };
    files.write(path, fill_for(path, Box::new(mzn::write_mzn_model)))?;
    files.write(
        &dzn,
        fill_for(&dzn, Box::new(|w| mzn::write_mzn_data(data, &[], w))),
    )
}

/// The model's file(s) at `path`: for fixed MPS with its rename map beside
/// it (never compressed: it is for people); for AMPL, the flat MathProg
/// model and a `.dat` with no data, so that `glpsol -m NAME.mod -d NAME.dat`
/// runs whichever model was written last. With `point`, the `.sol` beside
/// it (never compressed: HiGHS reads it plain): in the column names of the
/// model file, or for OPB and CNF the `s`/`v` lines of their competitions.
fn write_files(
    files: &mut dyn Files,
    format: OutputFormat,
    model: &Model,
    path: &Path,
    point: Option<&[i64]>,
) -> io::Result<()> {
    let sol = point.map(|_| beside(path, "sol")).transpose()?;
    let fixed = (format == OutputFormat::FixedMps).then(|| back::fixed_names(model));
    match format {
        OutputFormat::FixedMps => {
            let names = fixed.as_ref().expect("made above for fixed MPS");
            files.write(
                path,
                fill_for(path, Box::new(|w| back::write_fixed_mps(model, names, w))),
            )?;
            // Always written (only its header when nothing was renamed), so
            // a map left by an earlier compile never describes this file.
            let map = beside(path, "map")?;
            files.write(&map, Box::new(|w| back::write_rename_map(model, names, w)))?;
        }
        OutputFormat::Ampl => {
            let data = data_path(path)?;
            files.write(path, fill_for(path, writer(format, model)))?;
            files.write(&data, fill_for(&data, Box::new(back::write_mathprog_data)))?;
        }
        format => files.write(path, fill_for(path, writer(format, model)))?,
    }
    if let (Some(sol), Some(point)) = (&sol, point) {
        let fixed = fixed.as_ref();
        let fill: Fill<'_> = match format {
            OutputFormat::Opb => Box::new(move |w| back::write_opb_solution(model, point, w)),
            OutputFormat::Cnf => Box::new(move |w| {
                let values = back::cnf_point(model, Amo::Auto, point)
                    .map_err(|e| io::Error::other(format!("internal error: {e}")))?;
                back::write_cnf_solution(&values, w)
            }),
            OutputFormat::Fzn | OutputFormat::Mzn => {
                return Err(io::Error::other(format!(
                    "{} has no solution file",
                    format.name()
                )));
            }
            OutputFormat::Lp | OutputFormat::Mps | OutputFormat::FixedMps | OutputFormat::Ampl => {
                Box::new(move |w| back::write_solution(model, fixed, point, w))
            }
        };
        files.write(sol, fill)?;
    }
    Ok(())
}

/// The output format a model file's name asks for (`kk0.mps.gz` → MPS):
/// the first format with that extension (`.mps` is free MPS, not fixed).
pub fn format_from_path(path: &Path) -> Option<OutputFormat> {
    let plain = gzip::strip_gz(path);
    let extension = plain.extension()?.to_str()?.to_ascii_lowercase();
    (OutputFormat::ALL.iter().copied()).find(|f| f.extension() == extension)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(model: ModelRequest) -> Option<MznRefusal> {
        let request = Request {
            to: Some(OutputFormat::Mzn),
            model,
            ..Request::default()
        };
        request.resolve().err()
    }

    #[test]
    fn the_minizinc_refusal_names_the_option_in_each_faces_words() {
        let why = refusal(ModelRequest {
            product: formulate::ProductMethod::Sets,
            ..ModelRequest::default()
        })
        .unwrap();
        assert_eq!(why.0.setting, Setting::Product);
        assert!(
            why.to_string()
                .starts_with("`product` does not apply to `to = mzn`")
        );
        let named = refusal(ModelRequest {
            formulation: Some(Formulation::Melkonian),
            ..ModelRequest::default()
        })
        .unwrap();
        assert!(
            named
                .to_string()
                .ends_with("use `to = fzn` for the model with `formulation = melkonian`"),
            "{named}"
        );
        let tuples = ModelRequest {
            formulation: Some(Formulation::Tuples),
            ..ModelRequest::default()
        };
        assert!(refusal(tuples).is_none());
    }
}
