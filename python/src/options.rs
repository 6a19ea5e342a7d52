//! Python's string choices and keyword options as cagec's enums, with the
//! command line's names (`fixed-mps`, `tuples`, `sets`, …).

use cagec::back::OutputFormat;
use cagec::compile::{self, ModelRequest};
use cagec::formulate::Options;
use cagec::front::InputFormat;
use cagec::front::write::Format;
use cagec::words::{Message, Named};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{self, bad_choice};
use crate::words::Keywords;

/// The choice named `found` (a name or an alias), or a `ValueError` that
/// lists every name and alias `what` takes.
pub fn choose<T: Named>(what: &str, found: &str) -> PyResult<T> {
    T::from_name(found).ok_or_else(|| {
        let names: Vec<&str> = (T::ALL.iter())
            .flat_map(|c| std::iter::once(c.name()).chain(c.aliases().iter().copied()))
            .collect();
        bad_choice(what, found, &names)
    })
}

pub fn input_format(name: &str) -> PyResult<InputFormat> {
    choose("format", name)
}

/// A format to write a puzzle in: the names [`input_format`] reads.
pub fn text_format(name: &str) -> PyResult<Format> {
    input_format(name).map(Format::from)
}

pub fn output_format(name: &str) -> PyResult<OutputFormat> {
    choose("to", name)
}

/// The model options in `kwargs` (the command line's MODEL OPTIONS, with
/// underscores): `presolve`, `product`, `formulation`, `tuple_limit`,
/// `killer_form`, `max_nonzeros`. Without `formulation`, the paper's model.
pub fn model_options(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    requested_model(kwargs).map(|model| model.options())
}

/// The model options in `kwargs` that `cagec compile --to FORMAT` writes,
/// resolved by the core ([`compile::Request`]): the other solver families
/// take the tuples model unless `formulation` is given, and the generic
/// MiniZinc model refuses what it cannot write, with the command line's
/// message in Python's words.
pub fn compile_options(
    py: Python<'_>,
    kwargs: Option<&Bound<'_, PyDict>>,
    format: OutputFormat,
) -> PyResult<Options> {
    let request = compile::Request {
        model: requested_model(kwargs)?,
        to: Some(format),
        ..compile::Request::default()
    };
    request
        .resolve()
        .map_err(|why| errors::model_error(py, why.message(&Keywords)))
}

/// The model options in `kwargs` as named, before any default: what a
/// solve asks for (without a formulation, the fastest route, as `cagec
/// solve` takes; [`cagec::solve::Request`]).
pub fn requested_model(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<ModelRequest> {
    let mut model = ModelRequest::default();
    if let Some(kwargs) = kwargs {
        for (key, value) in kwargs.iter() {
            let key: String = key.extract()?;
            if value.is_none() {
                continue;
            }
            match key.as_str() {
                "presolve" => model.presolve = value.extract()?,
                "product" => model.product = choose("product", &value.extract::<String>()?)?,
                "formulation" => {
                    model.formulation = Some(choose("formulation", &value.extract::<String>()?)?)
                }
                "tuple_limit" => model.tuple_limit = value.extract()?,
                "killer_form" => {
                    model.killer_form = choose("killer_form", &value.extract::<String>()?)?
                }
                "max_nonzeros" => model.max_nonzeros = value.extract()?,
                other => {
                    return Err(PyTypeError::new_err(format!(
                        "unexpected model option {other:?}: the options are presolve, product, \
                         formulation, tuple_limit, killer_form and max_nonzeros"
                    )));
                }
            }
        }
    }
    Ok(model)
}
