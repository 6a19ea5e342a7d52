//! `cagec._core`: the native half of the `cagec` Python package. Every call
//! goes to the cagec library (the same code the command line runs), so the
//! bytes, the diagnostics and the verified grids are the command line's.
//! The Python half (`cagec/__init__.py`) gives it Pythonic classes, rich
//! display in notebooks and the hand-offs to highspy and PuLP.

mod certifying;
mod cubes;
mod decoding;
mod errors;
mod interrupt;
mod linked;
mod options;
mod puzzle;
mod solving;
mod words;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("HAS_CDCL", cagec::native::HAS_CDCL)?;
    // Each output format's file extension, as `compile --out-dir` names files.
    let extensions = pyo3::types::PyDict::new(m.py());
    for &format in <cagec::back::OutputFormat as cagec::words::Named>::ALL {
        extensions.set_item(format.name(), format!(".{}", format.extension()))?;
    }
    m.add("OUTPUT_EXTENSIONS", extensions)?;
    // Each cage operation's symbol and the paper's word for it.
    let operations = pyo3::types::PyDict::new(m.py());
    for op in cagec::puzzle::ir::Op::ALL {
        operations.set_item(op.symbol(), op.paper_name())?;
    }
    m.add("OPERATIONS", operations)?;
    m.add_class::<puzzle::CorePuzzle>()?;
    m.add_class::<decoding::Columns>()?;
    m.add_function(wrap_pyfunction!(puzzle::parse, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::load, m)?)?;
    m.add_function(wrap_pyfunction!(solving::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solving::read_back, m)?)?;
    m.add_function(wrap_pyfunction!(solving::generate, m)?)?;
    m.add_function(wrap_pyfunction!(decoding::decode, m)?)?;
    m.add_function(wrap_pyfunction!(certifying::check_certificate, m)?)?;
    m.add_class::<cubes::CoreSplit>()?;
    m.add_function(wrap_pyfunction!(cubes::split, m)?)?;
    m.add_function(wrap_pyfunction!(cubes::solve_cube, m)?)?;
    m.add_function(wrap_pyfunction!(cubes::merge_cubes, m)?)?;
    Ok(())
}
