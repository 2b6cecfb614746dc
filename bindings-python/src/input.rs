//! The `tool` / `tools` argument as the bytes the core reads: JSON text as it
//! is (`str`, `bytes`, `bytearray`), anything else written by [`writer`].

use std::cell::Cell;

use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::{PyByteArray, PyBytes, PyString};

use crate::{errors, writer};

// Reusable output buffers for writing Python objects, one per thread, so
// that deciding a `dict` does not allocate a new buffer each time.
thread_local! {
    static SPARE: Cell<Vec<u8>> = const { Cell::new(Vec::new()) };
}

/// Buffers larger than this are not kept for reuse.
const SPARE_LIMIT: usize = 1 << 20;

/// A document ready for the core. Owns or borrows-by-reference the bytes, and
/// is `Send`, so the core may read it with the GIL released.
pub enum Input {
    Text(PyBackedStr),
    Bytes(PyBackedBytes),
    Written(Vec<u8>),
}

impl Input {
    /// Reads the argument: JSON text goes straight to the core; a `dict`,
    /// list, SDK object or tool-like object is written as JSON.
    pub fn read(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Input> {
        if let Ok(text) = value.cast::<PyString>() {
            return PyBackedStr::try_from(text.clone())
                .map(Input::Text)
                .map_err(|_| {
                    errors::input(
                        py,
                        "unencodable_string",
                        "the JSON text holds lone surrogates, so it is not Unicode text".to_owned(),
                    )
                });
        }
        if let Ok(bytes) = value.cast::<PyBytes>() {
            return Ok(Input::Bytes(PyBackedBytes::from(bytes.clone())));
        }
        if let Ok(array) = value.cast::<PyByteArray>() {
            // Copied: a bytearray may change while the core reads it.
            return Ok(Input::Bytes(PyBackedBytes::from(array.clone())));
        }
        let mut out = SPARE.with(Cell::take);
        out.clear();
        match writer::write_document(py, value, &mut out) {
            Ok(()) => Ok(Input::Written(out)),
            Err(err) => {
                recycle(out);
                Err(err)
            }
        }
    }

    pub fn bytes(&self) -> &[u8] {
        match self {
            Input::Text(text) => text.as_bytes(),
            Input::Bytes(bytes) => bytes,
            Input::Written(out) => out,
        }
    }

    /// Whether the caller gave JSON text, so byte offsets mean something to them.
    pub fn is_text(&self) -> bool {
        !matches!(self, Input::Written(_))
    }
}

impl Drop for Input {
    fn drop(&mut self) {
        if let Input::Written(out) = self {
            recycle(std::mem::take(out));
        }
    }
}

fn recycle(out: Vec<u8>) {
    if out.capacity() <= SPARE_LIMIT {
        SPARE.with(|spare| spare.set(out));
    }
}
