//! The module's functions: read the input, call the core, wrap its answers.

use hintgate::{DocumentError, Policy as CorePolicy, Tool};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::decision::Decision;
use crate::errors;
use crate::guard::guarded;
use crate::input::Input;
use crate::scopes::{Granted, context};
use crate::words::{self, Vocab, members_tuple, type_name};
use crate::{policy, words::vocabulary as vocabulary_dict};

/// Documents at least this long are read with the GIL released, so other
/// Python threads run meanwhile; below it, releasing costs more than it gives.
const DETACH_FROM_BYTES: usize = 16 * 1024;

/// Decides calls to one tool (SPEC §5).
#[pyfunction]
#[pyo3(signature = (tool, policy = None, *, trusted = false, offline = false, scopes = None))]
pub fn decide(
    py: Python<'_>,
    tool: &Bound<'_, PyAny>,
    policy: Option<&Bound<'_, PyAny>>,
    trusted: bool,
    offline: bool,
    scopes: Option<&Bound<'_, PyAny>>,
) -> PyResult<Decision> {
    guarded(py, || {
        let policy = policy::from_arg(py, policy)?;
        let granted = Granted::from_arg(py, scopes)?;
        let input = Input::read(py, tool)?;
        let scopes = granted.as_strs();
        let (tool, decision) = read_one(py, &input, |tool| {
            hintgate::decide(tool, policy, &context(trusted, offline, scopes.as_deref()))
        })?;
        Ok(Decision::new(py, &tool, decision))
    })
}

/// Whether a person must confirm calls to one tool: `decide(...).action == "confirm"`.
#[pyfunction]
#[pyo3(signature = (tool, policy = None, *, trusted = false, offline = false, scopes = None))]
pub fn needs_confirmation(
    py: Python<'_>,
    tool: &Bound<'_, PyAny>,
    policy: Option<&Bound<'_, PyAny>>,
    trusted: bool,
    offline: bool,
    scopes: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    guarded(py, || {
        let policy = policy::from_arg(py, policy)?;
        let granted = Granted::from_arg(py, scopes)?;
        let input = Input::read(py, tool)?;
        let scopes = granted.as_strs();
        let (_, needs) = read_one(py, &input, |tool| {
            hintgate::needs_confirmation(
                tool,
                policy,
                &context(trusted, offline, scopes.as_deref()),
            )
        })?;
        Ok(needs)
    })
}

/// Reads one tool and answers `then` about it — with the GIL released when
/// the text is long (a single tool can carry a large `inputSchema`).
fn read_one<'a, T: Send>(
    py: Python<'_>,
    input: &'a Input,
    then: impl FnOnce(&Tool<'a>) -> T + Send,
) -> PyResult<(Tool<'a>, T)> {
    let bytes = input.bytes();
    let work = || {
        let tool = hintgate::read_tool(bytes)?;
        let answer = then(&tool);
        Ok((tool, answer))
    };
    let read = if bytes.len() >= DETACH_FROM_BYTES {
        py.detach(work)
    } else {
        work()
    };
    read.map_err(|err: DocumentError<'a>| errors::document(py, &err, input.is_text()))
}

/// Decides every tool of a document: a `tools/list` result, a JSON-RPC
/// response, a bare array or one tool — as JSON text, as Python values, or as
/// the SDK's `ListToolsResult`.
#[pyfunction]
#[pyo3(signature = (tools, policy = None, *, trusted = false, offline = false, scopes = None))]
pub fn decide_all<'py>(
    py: Python<'py>,
    tools: &Bound<'py, PyAny>,
    policy: Option<&Bound<'py, PyAny>>,
    trusted: bool,
    offline: bool,
    scopes: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    guarded(py, || {
        let policy = policy::from_arg(py, policy)?;
        let granted = Granted::from_arg(py, scopes)?;
        let input = Input::read(py, tools)?;
        let bytes = input.bytes();
        let scopes = granted.as_strs();
        let work = || read_and_decide(bytes, policy, trusted, offline, scopes.as_deref());
        let rows = if bytes.len() >= DETACH_FROM_BYTES {
            py.detach(work)
        } else {
            work()
        }
        .map_err(|err| errors::document(py, &err, input.is_text()))?;
        let decisions = rows
            .iter()
            .map(|(tool, decision)| Bound::new(py, Decision::new(py, tool, *decision)))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, decisions)
    })
}

/// Reads every tool in one pass (`read_tools_into`) and decides each; pure
/// Rust, so it may run with the GIL released.
fn read_and_decide<'a>(
    bytes: &'a [u8],
    policy: CorePolicy,
    trusted: bool,
    offline: bool,
    scopes: Option<&[&str]>,
) -> Result<Vec<(Tool<'a>, hintgate::Decision)>, DocumentError<'a>> {
    // A guess at the number of tools from the size; too small costs one more read.
    let mut slots: Vec<Option<Tool<'a>>> = vec![None; (bytes.len() / 512).clamp(16, 4096)];
    let mut count = hintgate::read_tools_into(bytes, &mut slots)?;
    if count > slots.len() {
        slots = vec![None; count];
        count = hintgate::read_tools_into(bytes, &mut slots)?;
    }
    let ctx = context(trusted, offline, scopes);
    Ok(slots
        .into_iter()
        .take(count)
        .flatten()
        .map(|tool| {
            let decision = hintgate::decide(&tool, policy, &ctx);
            (tool, decision)
        })
        .collect())
}

/// The lint findings of one tool definition (SPEC §7).
#[pyfunction]
pub fn lint<'py>(py: Python<'py>, tool: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
    guarded(py, || {
        let input = Input::read(py, tool)?;
        let (_, findings) = read_one(py, &input, hintgate::lint)?;
        members_tuple(py, Vocab::Finding, findings.iter().map(|f| f.to_u8()))
    })
}

/// Whether a batch of calls may run in parallel: every tool's risk is `read`.
#[pyfunction]
pub fn may_run_in_parallel(py: Python<'_>, decisions: &Bound<'_, PyAny>) -> PyResult<bool> {
    guarded(py, || {
        let mut batch = Vec::new();
        for item in decisions.try_iter()? {
            let item = item?;
            let decision = item.cast::<Decision>().map_err(|_| {
                errors::input(
                    py,
                    "unsupported_type",
                    format!(
                        "may_run_in_parallel takes Decisions, found {}",
                        type_name(&item)
                    ),
                )
            })?;
            batch.push(decision.get().core());
        }
        Ok(hintgate::may_run_in_parallel(&batch))
    })
}

/// `(annotations_json, meta_json, stamp_bits, risk)` of a tier, as the core
/// writes them; `hintgate.Tier` wraps this.
#[pyfunction]
pub fn tier_stamp<'py>(py: Python<'py>, tier: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
    guarded(py, || {
        let tier = words::parse(py, tier, "tier", hintgate::Tier::parse)?;
        let mut buf = [0u8; 256];
        let json = |written: Result<usize, hintgate::BufferTooSmall>, buf: &[u8]| {
            written
                .ok()
                .and_then(|len| buf.get(..len))
                .and_then(|b| std::str::from_utf8(b).ok())
                .map(str::to_owned)
                .ok_or_else(|| errors::internal(py, "stamp JSON"))
        };
        let annotations = json(tier.write_annotations_json(&mut buf), &buf)?;
        let meta = json(tier.write_meta_json(&mut buf), &buf)?;
        let risk = words::member(py, Vocab::Risk, tier.risk().to_u8())?;
        (annotations, meta, tier.stamp().bits(), risk).into_pyobject(py)
    })
}

/// The core's words of every vocabulary, indexed by their numbers.
#[pyfunction]
pub fn vocabulary(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    guarded(py, || vocabulary_dict(py))
}
