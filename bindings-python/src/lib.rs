//! hintgate's Python binding (`hintgate._native`).
//!
//! A binding translates, never decides: every rule of SPEC is computed by the
//! core crate. This crate turns Python values into the JSON text the core
//! reads ([`writer`]), calls the core, and turns the core's small packed
//! results into Python values when they are looked at ([`decision`]).
//!
//! No Rust panic may reach Python: every export runs inside [`guard::guarded`],
//! which turns one into `hintgate.HintgateError`.

use pyo3::prelude::*;

mod api;
mod decision;
mod errors;
mod guard;
mod hints;
mod input;
mod policy;
mod scopes;
mod words;
mod writer;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(api::decide, m)?)?;
    m.add_function(wrap_pyfunction!(api::needs_confirmation, m)?)?;
    m.add_function(wrap_pyfunction!(api::decide_all, m)?)?;
    m.add_function(wrap_pyfunction!(api::lint, m)?)?;
    m.add_function(wrap_pyfunction!(api::may_run_in_parallel, m)?)?;
    m.add_function(wrap_pyfunction!(api::tier_stamp, m)?)?;
    m.add_function(wrap_pyfunction!(api::vocabulary, m)?)?;
    m.add_function(wrap_pyfunction!(guard::panic_for_test, m)?)?;
    m.add_class::<decision::Decision>()?;
    m.add_class::<policy::Policy>()?;
    m.add_class::<hints::Hints>()?;
    Ok(())
}
