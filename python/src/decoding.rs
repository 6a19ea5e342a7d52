//! The way back from a model handed to highspy, PuLP or any other solver:
//! the columns of the model as it was compiled ([`Columns`], which Python's
//! `Model` keeps beside the bytes) and a solver's values by column name,
//! read into a grid and verified by the core (`back::decode::read_grid`),
//! without formulating the model again.

use cagec::back::decode::{DecodeError, FileColumns, Values, read_grid};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors;
use crate::puzzle::CorePuzzle;

/// The columns of a compiled model file: what each stands for and the name
/// the file gave it (`cagec._core.Columns`, made by `Puzzle.compile`).
#[pyclass(frozen, module = "cagec._core", name = "Columns")]
pub struct Columns {
    pub file: FileColumns,
}

#[pymethods]
impl Columns {
    /// The number of columns.
    fn __len__(&self) -> usize {
        self.file.columns.len()
    }

    fn __repr__(&self) -> String {
        format!("<Columns: {} columns>", self.file.columns.len())
    }

    /// The columns from the JSON `__reduce__` writes (a `Model` pickles
    /// with its columns), checked as they are read.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Columns> {
        let file = serde_json::from_str(text)
            .map_err(|e| PyValueError::new_err(format!("not a table of columns: {e}")))?;
        Ok(Columns { file })
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = py.get_type::<Columns>().getattr("from_json")?;
        let json =
            serde_json::to_string(&self.file).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok((from_json, (json,)))
    }
}

/// The grid in a solver's column values (`names[i]` has `values[i]`, names
/// as the model file wrote them) for the model whose `columns` these are,
/// checked by the verifier.
#[pyfunction]
pub fn decode(
    py: Python<'_>,
    puzzle: &CorePuzzle,
    columns: &Columns,
    names: Vec<String>,
    values: Vec<f64>,
) -> PyResult<Vec<Vec<u32>>> {
    if names.len() != values.len() {
        return Err(PyValueError::new_err(format!(
            "{} column names but {} values",
            names.len(),
            values.len()
        )));
    }
    let named = Values::Named(names.into_iter().zip(values).collect());
    match py.detach(|| read_grid(&columns.file, &puzzle.puzzle, &named)) {
        Ok(grid) => Ok(grid.values),
        Err(e @ (DecodeError::NotAGrid(_) | DecodeError::BreaksRules(_))) => {
            Err(errors::solver_error(py, "external", e.to_string()))
        }
    }
}
