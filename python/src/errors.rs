//! cagec's errors as the Python exceptions of `cagec/_errors.py`, which
//! carry structured fields (diagnostics, the solver's name) besides the
//! message the command line prints.

use cagec::io::input::LoadError;
use cagec::puzzle::diag::{Diagnostics, Severity};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// An instance of `cagec._errors.NAME(*args)`, raised.
fn raise<'py>(py: Python<'py>, name: &str, args: impl pyo3::call::PyCallArgs<'py>) -> PyErr {
    let made = py
        .import("cagec._errors")
        .and_then(|m| m.getattr(name))
        .and_then(|cls| cls.call1(args));
    match made {
        Ok(instance) => PyErr::from_value(instance),
        Err(e) => e,
    }
}

/// `ParseError(message, diagnostics)`: every diagnostic as a dict of file,
/// line, column, severity, message, expected, found and its rendered text.
pub fn parse_error(
    py: Python<'_>,
    rendered: &str,
    diags: &Diagnostics,
    file: &str,
    src: &str,
) -> PyErr {
    let list: PyResult<Vec<Bound<'_, PyDict>>> = diags
        .0
        .iter()
        .map(|d| {
            let item = PyDict::new(py);
            item.set_item("file", file)?;
            item.set_item("line", d.span.line)?;
            item.set_item("column", d.span.col)?;
            item.set_item(
                "severity",
                match d.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                },
            )?;
            item.set_item("message", &d.message)?;
            item.set_item("expected", &d.expected)?;
            item.set_item("found", &d.found)?;
            item.set_item("rendered", d.render(file, src))?;
            Ok(item)
        })
        .collect();
    match list {
        Ok(list) => raise(py, "ParseError", (rendered.trim_end().to_string(), list)),
        Err(e) => e,
    }
}

/// A puzzle that could not be loaded.
pub fn load_error(py: Python<'_>, e: LoadError, file: &str, src: &str) -> PyErr {
    let text = e.to_string();
    match e {
        LoadError::Invalid {
            rendered,
            diagnostics,
            ..
        } => parse_error(py, &rendered, &diagnostics, file, src),
        LoadError::Io { path, source } => {
            let kind = source.kind();
            let message = format!("{}: cannot read: {source}", path.display());
            match kind {
                std::io::ErrorKind::NotFound => {
                    pyo3::exceptions::PyFileNotFoundError::new_err(message)
                }
                _ => pyo3::exceptions::PyOSError::new_err(message),
            }
        }
        LoadError::NotText(name, line, column) => {
            let item = PyDict::new(py);
            let fields: PyResult<()> = (|| {
                item.set_item("file", &name)?;
                item.set_item("line", line)?;
                item.set_item("column", column)?;
                item.set_item("severity", "error")?;
                item.set_item("message", "the file is not UTF-8 text (binary data?)")?;
                item.set_item("expected", "UTF-8 text")?;
                item.set_item("found", py.None())?;
                item.set_item("rendered", format!("{text}\n"))
            })();
            match fields {
                Ok(()) => raise(py, "ParseError", (text, vec![item])),
                Err(err) => err,
            }
        }
        LoadError::UnknownFormat(_) => {
            raise(py, "ParseError", (text, Vec::<Bound<'_, PyDict>>::new()))
        }
    }
}

/// The formulation refused the puzzle under these options.
pub fn model_error(py: Python<'_>, message: impl ToString) -> PyErr {
    raise(py, "ModelError", (message.to_string(),))
}

/// A solver binary that is not installed: the message says how to install it.
pub fn solver_not_found(py: Python<'_>, solver: &str, message: impl ToString) -> PyErr {
    raise(
        py,
        "SolverNotFoundError",
        (message.to_string(), solver.to_string()),
    )
}

/// A solver that failed (crash, unreadable output, a wrong grid).
pub fn solver_error(py: Python<'_>, solver: &str, message: impl ToString) -> PyErr {
    raise(py, "SolverError", (message.to_string(), solver.to_string()))
}

/// A certificate that could not be written or was not accepted.
pub fn certificate_error(py: Python<'_>, message: impl ToString) -> PyErr {
    raise(py, "CertificateError", (message.to_string(),))
}

/// An argument with a value outside its choices.
pub fn bad_choice(what: &str, found: &str, choices: &[&str]) -> PyErr {
    PyValueError::new_err(format!(
        "{what} must be one of {}, not {found:?}",
        choices
            .iter()
            .map(|c| format!("{c:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    ))
}
