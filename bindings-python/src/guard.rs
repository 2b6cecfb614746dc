//! The boundary: no Rust panic reaches Python as `PanicException` (which
//! `except Exception` does not catch); it becomes `hintgate.HintgateError`.

use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::prelude::*;

use crate::errors;

/// Runs `body`, turning a panic into `HintgateError(kind="internal_error")`.
/// Python exceptions raised inside (including the user's own, from a property
/// of a duck-typed tool) pass through unchanged.
pub fn guarded<T>(py: Python<'_>, body: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => result,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_owned());
            Err(errors::internal(py, &what))
        }
    }
}

/// Test hook: panics inside the guard, so the suite can prove that a panic
/// surfaces as `HintgateError` and not as `PanicException`.
#[pyfunction]
#[pyo3(name = "_panic_for_test")]
pub fn panic_for_test(py: Python<'_>) -> PyResult<()> {
    guarded(py, || {
        panic!("deliberate panic from hintgate._native._panic_for_test")
    })
}
