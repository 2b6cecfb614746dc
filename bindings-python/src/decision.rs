//! `hintgate.Decision`: the core's decision about one tool, immutable.
//!
//! It stores the core's packed values (a few bytes) and the tool's name, and
//! builds each Python value when it is read: most callers look at `action`
//! and nothing else.

use std::hash::{Hash, Hasher};

use hintgate::{Findings, Hint, InvalidKind, JsonStr, Tool};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use crate::hints::Hints;
use crate::words::{Vocab, member, members_tuple};

/// What to do with calls to one tool, and why (SPEC §5), with the tool's lint
/// findings (SPEC §7).
#[pyclass(frozen, module = "hintgate", name = "Decision")]
pub struct Decision {
    core: hintgate::Decision,
    findings: Findings,
    hints: hintgate::Hints,
    invalid: Option<InvalidKind>,
    name: Option<Py<PyString>>,
    /// The display name, when it is not the name (a `title` was given).
    title: Option<Py<PyString>>,
}

/// A decoded JSON string as a Python `str`.
pub fn py_string<'py>(py: Python<'py>, text: JsonStr<'_>) -> Bound<'py, PyString> {
    match text.as_plain() {
        Some(plain) => PyString::new(py, plain),
        None => PyString::new(py, &text.to_string()),
    }
}

impl Decision {
    /// The decision `core` about `tool`, with the tool's findings.
    pub fn new(py: Python<'_>, tool: &Tool<'_>, core: hintgate::Decision) -> Decision {
        let name = tool.name();
        let display = tool.display_name();
        let title = match (display, name) {
            (Some(display), Some(name)) if !std::ptr::eq(display.raw(), name.raw()) => {
                Some(py_string(py, display).unbind())
            }
            _ => None,
        };
        Decision {
            core,
            findings: hintgate::lint(tool),
            hints: tool.hints(),
            invalid: tool.invalid().map(|invalid| invalid.kind),
            name: name.map(|name| py_string(py, name).unbind()),
            title,
        }
    }

    /// The core's decision, for `may_run_in_parallel`.
    pub fn core(&self) -> hintgate::Decision {
        self.core
    }

    fn explanation(&self) -> String {
        self.core.to_string()
    }
}

#[pymethods]
impl Decision {
    /// The tool's `name`; `None` for an invalid tool without a string name.
    #[getter]
    fn name(&self, py: Python<'_>) -> Option<Py<PyString>> {
        self.name.as_ref().map(|n| n.clone_ref(py))
    }

    /// `title`, then `annotations.title`, then `name` (SPEC §5).
    #[getter]
    fn display_name(&self, py: Python<'_>) -> Option<Py<PyString>> {
        self.title
            .as_ref()
            .or(self.name.as_ref())
            .map(|n| n.clone_ref(py))
    }

    /// `Action.ALLOW`, `CONFIRM` or `DENY` (equal to `"allow"`, …).
    #[getter]
    fn action<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        member(py, Vocab::Action, self.core.action.to_u8())
    }

    /// The tool's risk class under this context.
    #[getter]
    fn risk<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        member(py, Vocab::Risk, self.core.risk.to_u8())
    }

    /// Why the action is what it is.
    #[getter]
    fn reason<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        member(py, Vocab::Reason, self.core.reason.to_u8())
    }

    /// Whether the call may be retried after a transient failure.
    #[getter]
    fn retry<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        member(py, Vocab::Retry, self.core.retry().to_u8())
    }

    /// Log the call separately: it reaches outside systems.
    #[getter]
    fn audit(&self) -> bool {
        self.core.audit()
    }

    /// The result is a one-time secret: keep it out of logs and prompts.
    #[getter]
    fn secret(&self) -> bool {
        self.core.secret()
    }

    /// The tool reports progress.
    #[getter]
    fn progress(&self) -> bool {
        self.core.progress()
    }

    /// `action == "confirm"`.
    #[getter]
    fn needs_confirmation(&self) -> bool {
        self.core.needs_confirmation()
    }

    /// The lint findings of the tool's definition, in SPEC §7's order.
    #[getter]
    fn findings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        members_tuple(py, Vocab::Finding, self.findings.iter().map(|f| f.to_u8()))
    }

    /// The hints whose effective value this decision used is true, in slot order.
    #[getter]
    fn effective<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        members_tuple(py, Vocab::Hint, self.core.effective.iter().map(Hint::to_u8))
    }

    /// The hints the tool declared (none for an invalid tool).
    #[getter]
    fn hints(&self) -> Hints {
        Hints::from_core(self.hints)
    }

    /// Why the definition is invalid (`InvalidKind`), or `None`.
    #[getter]
    fn error<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.invalid
            .map(|kind| member(py, Vocab::InvalidKind, kind.to_u8()))
            .transpose()
    }

    /// One sentence saying what to do and why.
    fn explain(&self) -> String {
        self.explanation()
    }

    /// The decision as a `dict` of plain values, e.g. for a JSON log line.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("name", self.name(py))?;
        dict.set_item("display_name", self.display_name(py))?;
        dict.set_item("action", self.core.action.as_str())?;
        dict.set_item("risk", self.core.risk.as_str())?;
        dict.set_item("reason", self.core.reason.as_str())?;
        dict.set_item("retry", self.core.retry().as_str())?;
        dict.set_item("audit", self.core.audit())?;
        dict.set_item("secret", self.core.secret())?;
        dict.set_item("progress", self.core.progress())?;
        let findings: Vec<&str> = self.findings.iter().map(|f| f.as_str()).collect();
        dict.set_item("findings", findings)?;
        let effective: Vec<&str> = self.core.effective.iter().map(Hint::as_str).collect();
        dict.set_item("effective", effective)?;
        dict.set_item("error", self.invalid.map(InvalidKind::as_str))?;
        dict.set_item("explanation", self.explanation())?;
        Ok(dict)
    }

    /// Immutable: a copy is the decision itself.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __str__(&self) -> String {
        self.explanation()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let name = match &self.name {
            Some(name) => name.bind(py).repr()?.to_string(),
            None => "None".to_owned(),
        };
        let findings: Vec<String> = self.findings.iter().map(|f| format!("'{f}'")).collect();
        let findings = match findings.len() {
            0 => "()".to_owned(),
            1 => format!("({},)", findings[0]),
            _ => format!("({})", findings.join(", ")),
        };
        Ok(format!(
            "Decision(name={name}, action='{}', risk='{}', reason='{}', retry='{}', audit={}, secret={}, progress={}, findings={findings})",
            self.core.action,
            self.core.risk,
            self.core.reason,
            self.core.retry(),
            py_bool(self.core.audit()),
            py_bool(self.core.secret()),
            py_bool(self.core.progress()),
        ))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<Decision>() else {
            return Ok(py.NotImplemented());
        };
        let other = other.get();
        let same_text = |a: &Option<Py<PyString>>, b: &Option<Py<PyString>>| -> PyResult<bool> {
            match (a, b) {
                (Some(a), Some(b)) => PyAnyMethods::eq(a.bind(py).as_any(), b.bind(py)),
                (None, None) => Ok(true),
                _ => Ok(false),
            }
        };
        let equal = self.core == other.core
            && self.findings == other.findings
            && self.hints == other.hints
            && self.invalid == other.invalid
            && same_text(&self.name, &other.name)?
            && same_text(&self.display_name(py), &other.display_name(py))?;
        Ok(match op {
            CompareOp::Eq => equal.into_pyobject(py)?.to_owned().into_any().unbind(),
            CompareOp::Ne => (!equal).into_pyobject(py)?.to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        })
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<u64> {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.core.hash(&mut hasher);
        self.findings.hash(&mut hasher);
        self.hints.hash(&mut hasher);
        self.invalid.hash(&mut hasher);
        if let Some(name) = &self.name {
            name.bind(py).hash()?.hash(&mut hasher);
        }
        Ok(hasher.finish())
    }
}

fn py_bool(value: bool) -> &'static str {
    if value { "True" } else { "False" }
}
