//! Python's string choices and keyword options as cagec's enums, with the
//! command line's names (`fixed-mps`, `tuples`, `sets`, …).

use cagec::back::OutputFormat;
use cagec::compile;
use cagec::formulate::{Formulation, Options};
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
    requested_model(kwargs).map(|(opts, _)| opts)
}

/// [`model_options`], and whether `formulation` was given: a solve asks for
/// these, and without a formulation gets the fastest route, as `cagec
/// solve` does ([`cagec::solve::Request`]).
pub fn requested_model(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<(Options, bool)> {
    let (opts, formulation) = parse_model_options(kwargs)?;
    let named = formulation.is_some();
    Ok((
        Options {
            formulation: formulation.unwrap_or(opts.formulation),
            ..opts
        },
        named,
    ))
}

/// The model options in `kwargs` that `cagec compile --to FORMAT` writes:
/// the other solver families take the tuples model unless `formulation` is
/// given, and the generic MiniZinc model refuses what it cannot write, with
/// the command line's message.
pub fn compile_options(
    py: Python<'_>,
    kwargs: Option<&Bound<'_, PyDict>>,
    format: OutputFormat,
) -> PyResult<Options> {
    let (opts, named) = parse_model_options(kwargs)?;
    if format == OutputFormat::Mzn
        && let Some(why) = compile::minizinc_refusal(&opts, named)
    {
        return Err(errors::model_error(py, why.message(&Keywords)));
    }
    Ok(compile::options_for(format, &opts, named))
}

/// The options in `kwargs`, and the formulation if one was named.
fn parse_model_options(
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Options, Option<Formulation>)> {
    let mut opts = Options::default();
    let mut formulation = None;
    if let Some(kwargs) = kwargs {
        for (key, value) in kwargs.iter() {
            let key: String = key.extract()?;
            if value.is_none() {
                continue;
            }
            match key.as_str() {
                "presolve" => opts.presolve = value.extract()?,
                "product" => opts.product = choose("product", &value.extract::<String>()?)?,
                "formulation" => {
                    formulation = Some(choose("formulation", &value.extract::<String>()?)?)
                }
                "tuple_limit" => opts.tuple_limit = value.extract()?,
                "killer_form" => {
                    opts.killer_form = choose("killer_form", &value.extract::<String>()?)?
                }
                "max_nonzeros" => opts.max_nonzeros = value.extract()?,
                other => {
                    return Err(PyTypeError::new_err(format!(
                        "unexpected model option {other:?}: the options are presolve, product, \
                         formulation, tuple_limit, killer_form and max_nonzeros"
                    )));
                }
            }
        }
    }
    Ok((opts, formulation))
}
