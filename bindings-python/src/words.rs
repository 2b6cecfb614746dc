//! SPEC §8's vocabulary as Python enums.
//!
//! The enums (`hintgate.Action`, `Risk`, …) are `str` subclasses built at
//! import from the core's own words ([`vocabulary`] below), so no word is
//! spelled a second time here. A decision stores the core's numbers; the enum
//! member is looked up only when a field is read.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyModule, PyTuple};

use crate::errors;

/// One vocabulary of the core, named as its Python enum.
#[derive(Clone, Copy)]
pub enum Vocab {
    Action = 0,
    Risk,
    Reason,
    Retry,
    Finding,
    Tier,
    Hint,
    Preset,
    InvalidKind,
}

const ALL: [Vocab; 9] = [
    Vocab::Action,
    Vocab::Risk,
    Vocab::Reason,
    Vocab::Retry,
    Vocab::Finding,
    Vocab::Tier,
    Vocab::Hint,
    Vocab::Preset,
    Vocab::InvalidKind,
];

/// Words indexed by the core's explicit numbers.
fn numbered<T: Copy>(
    all: &[T],
    number: impl Fn(T) -> u8,
    word: impl Fn(T) -> &'static str,
) -> Vec<&'static str> {
    let mut words = vec![""; all.len()];
    for &value in all {
        if let Some(slot) = words.get_mut(usize::from(number(value))) {
            *slot = word(value);
        }
    }
    words
}

impl Vocab {
    pub const fn class_name(self) -> &'static str {
        match self {
            Vocab::Action => "Action",
            Vocab::Risk => "Risk",
            Vocab::Reason => "Reason",
            Vocab::Retry => "Retry",
            Vocab::Finding => "Finding",
            Vocab::Tier => "Tier",
            Vocab::Hint => "Hint",
            Vocab::Preset => "Preset",
            Vocab::InvalidKind => "InvalidKind",
        }
    }

    /// The words, indexed by the core's numbers (which are contiguous from 0).
    pub fn words(self) -> Vec<&'static str> {
        use hintgate as hg;
        match self {
            Vocab::Action => numbered(hg::Action::ALL, hg::Action::to_u8, hg::Action::as_str),
            Vocab::Risk => numbered(hg::Risk::ALL, hg::Risk::to_u8, hg::Risk::as_str),
            Vocab::Reason => numbered(hg::Reason::ALL, hg::Reason::to_u8, hg::Reason::as_str),
            Vocab::Retry => numbered(hg::Retry::ALL, hg::Retry::to_u8, hg::Retry::as_str),
            Vocab::Finding => numbered(hg::Finding::ALL, hg::Finding::to_u8, hg::Finding::as_str),
            Vocab::Tier => numbered(hg::Tier::ALL, hg::Tier::to_u8, hg::Tier::as_str),
            Vocab::Hint => numbered(hg::Hint::ALL, hg::Hint::to_u8, hg::Hint::as_str),
            Vocab::Preset => numbered(hg::Preset::ALL, hg::Preset::to_u8, hg::Preset::as_str),
            Vocab::InvalidKind => numbered(
                hg::InvalidKind::ALL,
                hg::InvalidKind::to_u8,
                hg::InvalidKind::as_str,
            ),
        }
    }
}

/// `{"Action": ["allow", "confirm", "deny"], …}`: what `hintgate._vocabulary`
/// builds the enums from.
pub fn vocabulary<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for vocab in ALL {
        dict.set_item(vocab.class_name(), PyList::new(py, vocab.words())?)?;
    }
    Ok(dict)
}

/// The enum members of every vocabulary, as tuples indexed by number.
static MEMBERS: PyOnceLock<Vec<Py<PyTuple>>> = PyOnceLock::new();

fn members(py: Python<'_>) -> PyResult<&Vec<Py<PyTuple>>> {
    MEMBERS.get_or_try_init(py, || {
        let module = PyModule::import(py, "hintgate._vocabulary")?;
        ALL.iter()
            .map(|vocab| {
                let class = module.getattr(vocab.class_name())?;
                let tuple = PyTuple::new(py, class.try_iter()?.collect::<PyResult<Vec<_>>>()?)?;
                Ok(tuple.unbind())
            })
            .collect()
    })
}

/// The enum member numbered `number` of `vocab`.
pub fn member(py: Python<'_>, vocab: Vocab, number: u8) -> PyResult<Bound<'_, PyAny>> {
    let tuple = members(py)?
        .get(vocab as usize)
        .ok_or_else(|| errors::internal(py, "vocabulary table"))?
        .bind(py);
    tuple
        .get_item(usize::from(number))
        .map_err(|_| errors::internal(py, "word number out of range"))
}

/// A tuple of the members of `vocab` numbered `numbers`.
pub fn members_tuple<'py>(
    py: Python<'py>,
    vocab: Vocab,
    numbers: impl Iterator<Item = u8>,
) -> PyResult<Bound<'py, PyTuple>> {
    let items = numbers
        .map(|n| member(py, vocab, n))
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, items)
}

/// Reads a word given as `str` (an enum member is one) with the core's parser.
pub fn parse<T>(
    py: Python<'_>,
    value: &Bound<'_, PyAny>,
    what: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> PyResult<T> {
    let text = value
        .cast::<pyo3::types::PyString>()
        .map_err(|_| {
            errors::value(
                py,
                "unknown_word",
                format!("{what} must be a str, not {}", type_name(value)),
            )
        })?
        .to_cow()?;
    parse(&text)
        .ok_or_else(|| errors::value(py, "unknown_word", format!("{text:?} is not a {what}")))
}

/// The name of a value's type, for messages.
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".to_owned())
}
