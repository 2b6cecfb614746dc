//! Raising the exceptions of `hintgate._errors` (defined in Python so that they
//! are ordinary classes with documented attributes, all `ValueError`s).

use pyo3::call::PyCallArgs;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyModule;

static MODULE: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

fn raise<'py>(py: Python<'py>, class: &str, args: impl PyCallArgs<'py>) -> PyErr {
    let built = MODULE
        .get_or_try_init(py, || {
            PyModule::import(py, "hintgate._errors").map(Bound::unbind)
        })
        .and_then(|module| module.bind(py).getattr(class))
        .and_then(|class| class.call1(args));
    match built {
        Ok(exception) => PyErr::from_value(exception),
        Err(err) => err,
    }
}

/// A document the core rejected. `from_text` is false when the JSON was
/// written by this binding from a Python object: then the byte offset points
/// into text the caller never saw, so it is left out.
pub fn document(py: Python<'_>, error: &hintgate::DocumentError<'_>, from_text: bool) -> PyErr {
    let mut message = error.to_string();
    let offset = if from_text {
        Some(error.offset)
    } else {
        if let Some(at) = message.rfind(" at byte ") {
            message.truncate(at);
        }
        message.push_str(" (in the Python value)");
        None
    };
    let (code, server_message) = match error.server {
        Some(server) => (server.code, Some(server.message.to_string())),
        None => (None, None),
    };
    raise(
        py,
        "DocumentError",
        (message, error.kind.as_str(), offset, code, server_message),
    )
}

/// A policy the core rejected.
pub fn policy(py: Python<'_>, error: &hintgate::PolicyError) -> PyErr {
    let field = error.field.map(|f| f.as_str());
    raise(
        py,
        "PolicyError",
        (error.to_string(), error.kind.as_str(), field),
    )
}

/// A Python value that cannot be read as JSON (a set, NaN, a non-string key…)
/// or an argument of the wrong kind.
pub fn input(py: Python<'_>, kind: &str, message: String) -> PyErr {
    raise(py, "InputError", (message, kind))
}

/// A value outside the core's vocabulary or packed ranges (an unknown word,
/// an invalid packed number).
pub fn value(py: Python<'_>, kind: &str, message: String) -> PyErr {
    raise(py, "HintgateError", (message, kind))
}

/// A panic caught at the boundary: a bug in hintgate, reported as an error.
pub fn internal(py: Python<'_>, what: &str) -> PyErr {
    raise(
        py,
        "HintgateError",
        (
            format!("internal error in hintgate (please report it): {what}"),
            "internal_error",
        ),
    )
}
