//! A parsed, validated puzzle and what can be made of it without solving:
//! text in every format, models, counts, explanations and pictures.

use std::path::PathBuf;

use cagec::compile::{self, Compiled};
use cagec::front::solution::parse_grid;
use cagec::front::{self, InputFormat};
use cagec::io::input::{self, Loaded};
use cagec::present::explain::{self, ExplainError, html};
use cagec::present::stats::Stats;
use cagec::puzzle::ir::{Grid, Puzzle, Rules};
use cagec::{present::svg, puzzle::verify};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::decoding::Columns;
use crate::errors;
use crate::options::{self, model_options};
use crate::words::{self, Keywords};
use cagec::formulate::FormulateError;
use cagec::words::{Message, Named};

/// A cage as Python sees it: target, operation symbol, `(row, col)` cells.
type CageTuple = (u64, &'static str, Vec<(u16, u16)>);

/// A puzzle that parsed and passed validation (`cagec._core`; the public
/// class is `cagec.Puzzle`).
#[pyclass(frozen, module = "cagec._core", name = "Puzzle")]
pub struct CorePuzzle {
    pub puzzle: Puzzle,
    /// The solver-safe model name (`kk0`; `puzzle` for text).
    #[pyo3(get)]
    pub name: String,
    /// The text it was read from, and its format: enough to rebuild it.
    #[pyo3(get)]
    pub source: String,
    pub format: InputFormat,
    /// Rendered warnings met while reading (`file:line:col: warning: …`).
    #[pyo3(get)]
    pub warnings: String,
    /// Where it was read from, as messages name it.
    #[pyo3(get)]
    pub display_name: String,
}

/// Reads `text` as `format` (by default a Keen ID when it looks like one,
/// else cage lines, as the command line reads standard input).
#[pyfunction]
#[pyo3(signature = (text, format=None, *, name="puzzle", display_name="<string>", killer=false))]
pub fn parse(
    py: Python<'_>,
    text: &str,
    format: Option<&str>,
    name: &str,
    display_name: &str,
    killer: bool,
) -> PyResult<CorePuzzle> {
    let format = match format {
        Some(f) => options::input_format(f)?,
        None => InputFormat::sniff(text).unwrap_or(InputFormat::Cages),
    };
    let loaded = py
        .detach(|| {
            input::load_str_with(
                text,
                format,
                display_name.to_string(),
                name.to_string(),
                killer,
            )
        })
        .map_err(|e| errors::load_error(py, e, display_name, text))?;
    Ok(CorePuzzle::new(loaded))
}

/// Reads the file at `path`, its format detected as the command line does.
#[pyfunction]
#[pyo3(signature = (path, format=None, *, killer=false))]
pub fn load(
    py: Python<'_>,
    path: PathBuf,
    format: Option<&str>,
    killer: bool,
) -> PyResult<CorePuzzle> {
    let format = format.map(options::input_format).transpose()?;
    let loaded = py.detach(|| input::load_with(&path, format, killer));
    match loaded {
        Ok(loaded) => Ok(CorePuzzle::new(loaded)),
        Err(input::LoadError::UnknownFormat(shown)) => Err(PyValueError::new_err(format!(
            "{shown}: cannot tell the input format from the file name; pass format= \
             (cages, dat, grid or keen)"
        ))),
        Err(e) => {
            let src = std::fs::read_to_string(&path).unwrap_or_default();
            Err(errors::load_error(py, e, &path.display().to_string(), &src))
        }
    }
}

impl CorePuzzle {
    fn new(loaded: Loaded) -> CorePuzzle {
        CorePuzzle {
            puzzle: loaded.puzzle,
            name: loaded.stem,
            source: loaded.source,
            format: loaded.format,
            warnings: loaded.warnings,
            display_name: loaded.display_name,
        }
    }

    /// The formulation refused the puzzle, in Python's words.
    fn model_error(&self, py: Python<'_>, e: &FormulateError) -> PyErr {
        errors::model_error(
            py,
            format!("{}: {}", self.display_name, e.message(&Keywords)),
        )
    }

    /// The formulation refused the puzzle, or the page or explanation did.
    fn explain_error(&self, py: Python<'_>, e: ExplainError) -> PyErr {
        match e {
            ExplainError::NoSuchCage { .. } => PyValueError::new_err(e.to_string()),
            e => errors::model_error(
                py,
                format!("{}: {}", self.display_name, words::explain_error(&e)),
            ),
        }
    }

    pub fn grid_from(&self, py: Python<'_>, grid: &Bound<'_, PyAny>) -> PyResult<Grid> {
        if let Ok(text) = grid.extract::<String>() {
            return parse_grid(&text, self.puzzle.size).map_err(|d| {
                let rendered = d.render("<grid>", &text);
                errors::parse_error(py, &rendered, &d, "<grid>", &text)
            });
        }
        let values: Vec<Vec<u32>> = grid.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(
                "a grid is a list of n rows of n integers, or its text (n lines of n numbers)",
            )
        })?;
        Ok(Grid { values })
    }
}

#[pymethods]
impl CorePuzzle {
    #[getter]
    fn n(&self) -> usize {
        self.puzzle.size
    }

    #[getter]
    fn format(&self) -> &'static str {
        self.format.name()
    }

    /// `None` for KenKen, the box side for Killer Sudoku.
    #[getter]
    fn box_size(&self) -> Option<usize> {
        match self.puzzle.rules {
            Rules::KenKen => None,
            Rules::Killer { box_size } => Some(box_size),
        }
    }

    /// Every cage as `(target, op, [(row, col), …])`, in input order, cells
    /// 0-based in the order the file lists them; op is `+ - * %`, `""` for a
    /// given, `?` for a hidden operation.
    fn cages(&self) -> Vec<CageTuple> {
        self.puzzle
            .cages
            .iter()
            .map(|c| {
                let cells = c.cells.iter().map(|cell| (cell.row, cell.col)).collect();
                (c.target, c.op.symbol(), cells)
            })
            .collect()
    }

    /// The puzzle in `format`, as `cagec convert --to FORMAT` writes it.
    fn to_text(&self, format: &str) -> PyResult<String> {
        let format = options::text_format(format)?;
        front::write::to_string(format, &self.puzzle)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The model in `to`, the bytes `cagec compile --to TO` prints, and
    /// its columns as the file names them (None for the paper's AMPL pair
    /// and MiniZinc), which read a solver's answer back (`decode`).
    #[pyo3(signature = (to, **options))]
    fn compile<'py>(
        &self,
        py: Python<'py>,
        to: &str,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<(Bound<'py, PyBytes>, Option<Columns>)> {
        let format = options::output_format(to)?;
        let opts = options::compile_options(py, options, format)?;
        let (bytes, columns) = py
            .detach(|| {
                Compiled::new(&self.puzzle, &opts, format, &self.name)
                    .map(|c| (c.to_bytes(), c.columns()))
            })
            .map_err(|e| self.model_error(py, &e))?;
        let columns = columns.map(|file| Columns { file });
        Ok((PyBytes::new(py, &bytes), columns))
    }

    /// Writes the model to `path` as `cagec compile -o PATH` does: atomically,
    /// compressed when the name ends in `.gz`, with the files that go beside
    /// it (AMPL data, the fixed-MPS rename map).
    #[pyo3(signature = (path, to=None, **options))]
    fn write(
        &self,
        py: Python<'_>,
        path: PathBuf,
        to: Option<&str>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<()> {
        let format = match to {
            Some(t) => options::output_format(t)?,
            None => compile::format_from_path(&path).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{}: cannot tell the model format from the name (.lp, .mps, .mod, \
                     .opb, .cnf, .mzn or .fzn, optionally .gz); pass to=",
                    path.display()
                ))
            })?,
        };
        let opts = options::compile_options(py, options, format)?;
        let compiled = py
            .detach(|| Compiled::new(&self.puzzle, &opts, format, &self.name))
            .map_err(|e| self.model_error(py, &e))?;
        py.detach(|| compiled.write_files(&path, None, None))
            .map_err(|e| PyOSError::new_err(format!("{e}; nothing was written")))
    }

    /// Counts of the model, as JSON (`cagec stats --json`).
    #[pyo3(signature = (**options))]
    fn stats_json(&self, py: Python<'_>, options: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        let opts = model_options(options)?;
        let model = py
            .detach(|| cagec::formulate::formulate_with(&self.puzzle, &opts))
            .map_err(|e| self.model_error(py, &e))?;
        serde_json::to_string(&Stats::of(&model)).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The LP relaxation of the model, solved by the installed HiGHS, as
    /// JSON (the `root` object of `cagec stats --root --json`).
    #[pyo3(signature = (**options))]
    fn root_lp_json(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let opts = model_options(options)?;
        let model = py
            .detach(|| cagec::formulate::formulate_with(&self.puzzle, &opts))
            .map_err(|e| self.model_error(py, &e))?;
        let root = py
            .detach(|| cagec::solve::root::by_installed_highs(&model, &self.puzzle, None))
            .map_err(|e| crate::solving::solve_error(py, "highs", e))?;
        serde_json::to_string(&root).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The rules `grid` breaks, as `cagec check` prints them; empty when it
    /// is a solution.
    fn check(&self, py: Python<'_>, grid: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let grid = self.grid_from(py, grid)?;
        Ok(verify::check(&self.puzzle, &grid)
            .iter()
            .map(ToString::to_string)
            .collect())
    }

    /// `grid` (text or rows) as rows of integers, shaped n×n.
    fn read_grid(&self, py: Python<'_>, grid: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<u32>>> {
        Ok(self.grid_from(py, grid)?.values)
    }

    /// `cagec explain [--cage C]`.
    #[pyo3(signature = (cage=None, **options))]
    fn explain(
        &self,
        py: Python<'_>,
        cage: Option<usize>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let opts = model_options(options)?;
        py.detach(|| explain::explain(&self.puzzle, &opts, cage))
            .map_err(|e| self.explain_error(py, e))
    }

    /// `cagec explain --html`: `solution` (checked by the caller) is drawn.
    #[pyo3(signature = (title, command, solution=None, cage=None, **options))]
    fn explain_html(
        &self,
        py: Python<'_>,
        title: &str,
        command: &str,
        solution: Option<Vec<Vec<u32>>>,
        cage: Option<usize>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let opts = model_options(options)?;
        let solution = solution.map(|values| Grid { values });
        let page = html::Page {
            title,
            command,
            solution: solution.as_ref(),
            selected: cage,
        };
        py.detach(|| html::page(&self.puzzle, &opts, &page))
            .map_err(|e| self.explain_error(py, e))
    }

    /// `cagec render`: the SVG picture, with `solution` (checked by the
    /// caller) written in.
    #[pyo3(signature = (title, solution=None))]
    fn render(&self, title: &str, solution: Option<Vec<Vec<u32>>>) -> String {
        let solution = solution.map(|values| Grid { values });
        svg::render(
            &self.puzzle,
            &svg::Options {
                solution: solution.as_ref(),
                title: Some(title),
                selectable: false,
            },
        )
    }

    /// Whether both are the same puzzle: size, rules, and the same cages
    /// (target, operation, cells), in whatever order and from whatever
    /// format they were read (a Keen ID lists cages in its own order).
    fn same(&self, other: &CorePuzzle) -> bool {
        self.key() == other.key()
    }

    /// What [`CorePuzzle::same`] compares, for hashing.
    fn key(&self) -> (usize, Option<usize>, Vec<CageTuple>) {
        let mut cages = self.cages();
        for (_, _, cells) in &mut cages {
            cells.sort_unstable();
        }
        cages.sort_unstable();
        (self.puzzle.size, self.box_size(), cages)
    }
}
