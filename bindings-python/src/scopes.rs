//! The `scopes` argument: the granted scopes, or `None` for no scope check.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyByteArray, PyBytes, PyString};

use crate::errors;
use crate::words::type_name;

/// The granted scopes, owned so that the core can compare them with the GIL
/// released.
pub struct Granted(Option<Vec<PyBackedStr>>);

impl Granted {
    /// `None`: scopes are not checked. Otherwise any iterable of `str` (a
    /// list, tuple, set…). A bare `str` is refused: iterating it would grant
    /// its single characters.
    pub fn from_arg(py: Python<'_>, scopes: Option<&Bound<'_, PyAny>>) -> PyResult<Granted> {
        let Some(scopes) = scopes.filter(|s| !s.is_none()) else {
            return Ok(Granted(None));
        };
        let refuse = |message: String| errors::input(py, "invalid_scopes", message);
        if scopes.is_instance_of::<PyString>()
            || scopes.is_instance_of::<PyBytes>()
            || scopes.is_instance_of::<PyByteArray>()
        {
            return Err(refuse(
                "scopes must be a collection of str (a list or set), not a single string"
                    .to_owned(),
            ));
        }
        let items = scopes.try_iter().map_err(|_| {
            refuse(format!(
                "scopes must be a collection of str, not {}",
                type_name(scopes)
            ))
        })?;
        let mut granted = Vec::new();
        for item in items {
            let item = item?;
            let text = item.cast::<PyString>().map_err(|_| {
                refuse(format!(
                    "every scope must be a str, found {}",
                    type_name(&item)
                ))
            })?;
            granted.push(PyBackedStr::try_from(text.clone()).map_err(|_| {
                refuse("a scope holds lone surrogates, so it is not Unicode text".to_owned())
            })?);
        }
        Ok(Granted(Some(granted)))
    }

    /// The scopes as the core takes them; `None` when not checked.
    pub fn as_strs(&self) -> Option<Vec<&str>> {
        self.0
            .as_ref()
            .map(|list| list.iter().map(|s| &**s).collect())
    }
}

/// The context of a decision.
pub fn context<'a>(
    trusted: bool,
    offline: bool,
    scopes: Option<&'a [&'a str]>,
) -> hintgate::Context<'a> {
    let ctx = hintgate::Context::UNTRUSTED
        .with_trusted(trusted)
        .with_offline(offline);
    match scopes {
        Some(list) => ctx.with_scopes(list),
        None => ctx,
    }
}
