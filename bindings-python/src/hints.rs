//! `hintgate.Hints`: the declared hints of a tool, packed as SPEC §1 says (the
//! same `u16` in every language).

use hintgate::Hint;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyTuple};

use crate::errors;
use crate::words::{self, Vocab, member, members_tuple, type_name};

/// Tri-state hints (absent, declared true, declared false), packed.
#[pyclass(frozen, eq, hash, module = "hintgate", name = "Hints")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hints(hintgate::Hints);

impl Hints {
    pub fn from_core(hints: hintgate::Hints) -> Hints {
        Hints(hints)
    }

    pub fn core(&self) -> hintgate::Hints {
        self.0
    }
}

pub fn parse_hint(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Hint> {
    words::parse(py, value, "hint name", Hint::parse)
}

#[pymethods]
impl Hints {
    /// `Hints({"readOnlyHint": True, "destructiveHint": False})`: the declared
    /// hints, by their `annotations` key (or `Hint` member); values must be bools.
    #[new]
    #[pyo3(signature = (declared = None))]
    fn new(py: Python<'_>, declared: Option<&Bound<'_, PyDict>>) -> PyResult<Hints> {
        let mut hints = hintgate::Hints::NONE;
        if let Some(declared) = declared {
            for (key, value) in declared.iter() {
                let hint = parse_hint(py, &key)?;
                let flag = value.cast::<PyBool>().map_err(|_| {
                    errors::value(
                        py,
                        "not_a_bool",
                        format!(
                            "the value of {hint} must be a bool, not {}",
                            type_name(&value)
                        ),
                    )
                })?;
                hints = hints.with(hint, flag.is_true());
            }
        }
        Ok(Hints(hints))
    }

    /// The hints packed in `bits`; `HintgateError(kind="invalid_bits")` when a
    /// reserved bit is set or a value bit lacks its declared bit.
    #[staticmethod]
    fn from_bits(py: Python<'_>, bits: i64) -> PyResult<Hints> {
        u16::try_from(bits)
            .ok()
            .and_then(hintgate::Hints::from_bits)
            .map(Hints)
            .ok_or_else(|| {
                errors::value(
                    py,
                    "invalid_bits",
                    format!("{bits} is not a packed hints value"),
                )
            })
    }

    /// The packed `u16`.
    #[getter]
    fn bits(&self) -> u16 {
        self.0.bits()
    }

    /// The declared value of `hint`, or `None` when it is absent.
    fn get(&self, py: Python<'_>, hint: &Bound<'_, PyAny>) -> PyResult<Option<bool>> {
        Ok(self.0.declared(parse_hint(py, hint)?))
    }

    /// `{Hint: bool}` for the declared hints, in slot order.
    #[getter]
    fn declared<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for &hint in Hint::ALL {
            if let Some(value) = self.0.declared(hint) {
                dict.set_item(member(py, Vocab::Hint, hint.to_u8())?, value)?;
            }
        }
        Ok(dict)
    }

    /// The hints whose effective value is true (SPEC §1, without tier fill).
    #[getter]
    fn effective<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        members_tuple(py, Vocab::Hint, self.0.effective().iter().map(Hint::to_u8))
    }

    /// `readOnlyHint` and `destructiveHint` both declared true.
    #[getter]
    fn conflicting(&self) -> bool {
        self.0.conflicting()
    }

    fn __repr__(&self) -> String {
        let entries: Vec<String> = Hint::ALL
            .iter()
            .filter_map(|&hint| {
                let value = self.0.declared(hint)?;
                Some(format!(
                    "'{hint}': {}",
                    if value { "True" } else { "False" }
                ))
            })
            .collect();
        format!("Hints({{{}}})", entries.join(", "))
    }
}
