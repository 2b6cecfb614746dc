//! `hintgate.Policy` and the `policy` argument of `decide`.

use hintgate::{Action, Preset, Risk};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyString};

use crate::words::{self, Vocab, member, type_name};
use crate::{errors, writer};

/// What each risk class gets (allow, confirm, deny) plus `confirm_costly`,
/// packed as SPEC §4 says.
#[pyclass(frozen, eq, hash, module = "hintgate", name = "Policy")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Policy(pub hintgate::Policy);

fn parse_action(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Action> {
    words::parse(py, value, "action (allow, confirm, deny)", Action::parse)
}

fn parse_risk(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Risk> {
    words::parse(py, value, "risk class", Risk::parse)
}

fn unknown_preset(py: Python<'_>) -> PyErr {
    errors::policy(
        py,
        &hintgate::PolicyError {
            kind: hintgate::PolicyErrorKind::UnknownPreset,
            field: None,
        },
    )
}

fn preset_named(py: Python<'_>, name: &Bound<'_, PyString>) -> PyResult<hintgate::Policy> {
    // Fast path: the preset words are interned, and so is a literal such as
    // "plan" in the caller's code, so most names match by identity.
    static WORDS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();
    let words = WORDS.get_or_init(py, || {
        Preset::ALL
            .iter()
            .map(|preset| PyString::intern(py, preset.as_str()).unbind())
            .collect()
    });
    for (word, preset) in words.iter().zip(Preset::ALL) {
        if name.is(word.bind(py)) {
            return Ok(preset.policy());
        }
    }
    hintgate::Policy::preset(&name.to_cow()?).ok_or_else(|| unknown_preset(py))
}

fn from_json_bytes(py: Python<'_>, json: &[u8]) -> PyResult<hintgate::Policy> {
    hintgate::Policy::from_json(json).map_err(|err| errors::policy(py, &err))
}

fn from_mapping(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<hintgate::Policy> {
    let mut json = Vec::with_capacity(160);
    writer::write_plain(py, value, &mut json)?;
    from_json_bytes(py, &json)
}

/// The `policy` argument: a preset name, a `Policy`, or a policy `dict`.
pub fn from_arg(py: Python<'_>, policy: Option<&Bound<'_, PyAny>>) -> PyResult<hintgate::Policy> {
    let Some(policy) = policy else {
        return Ok(hintgate::Policy::DEFAULT);
    };
    if let Ok(ours) = policy.cast::<Policy>() {
        return Ok(ours.get().0);
    }
    if let Ok(name) = policy.cast::<PyString>() {
        return preset_named(py, name);
    }
    if policy.is_instance_of::<PyDict>() {
        return from_mapping(py, policy);
    }
    Err(errors::input(
        py,
        "unsupported_type",
        format!(
            "policy must be a preset name, a hintgate.Policy or a dict, not {}",
            type_name(policy)
        ),
    ))
}

#[pymethods]
impl Policy {
    /// A custom policy: an action (`"allow"`, `"confirm"`, `"deny"` or an
    /// `Action`) for each risk class, and `confirm_costly`.
    #[new]
    #[pyo3(signature = (*, read, compute, external, share, spend, destructive, confirm_costly))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        read: &Bound<'_, PyAny>,
        compute: &Bound<'_, PyAny>,
        external: &Bound<'_, PyAny>,
        share: &Bound<'_, PyAny>,
        spend: &Bound<'_, PyAny>,
        destructive: &Bound<'_, PyAny>,
        confirm_costly: bool,
    ) -> PyResult<Policy> {
        let actions = [read, compute, external, share, spend, destructive]
            .map(|action| parse_action(py, action));
        let [read, compute, external, share, spend, destructive] = actions;
        Ok(Policy(hintgate::Policy::new(
            [read?, compute?, external?, share?, spend?, destructive?],
            confirm_costly,
        )))
    }

    /// The preset named `name` (`default`, `cautious`, `strict`, `plan`, `permissive`).
    #[staticmethod]
    fn preset(py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<Policy> {
        let name = name.cast::<PyString>().map_err(|_| unknown_preset(py))?;
        preset_named(py, name).map(Policy)
    }

    /// A policy from a `dict` such as `{"read": "allow", …, "confirm_costly": True}`:
    /// all seven keys, read by the core exactly as the JSON object.
    #[staticmethod]
    fn from_dict(py: Python<'_>, policy: &Bound<'_, PyAny>) -> PyResult<Policy> {
        if !policy.is_instance_of::<PyDict>() {
            return Err(errors::input(
                py,
                "unsupported_type",
                format!("a policy dict was expected, not {}", type_name(policy)),
            ));
        }
        from_mapping(py, policy).map(Policy)
    }

    /// A policy from JSON text (`str` or `bytes`).
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Policy> {
        if let Ok(bytes) = text.cast::<PyBytes>() {
            return from_json_bytes(py, bytes.as_bytes()).map(Policy);
        }
        let text = text.cast::<PyString>().map_err(|_| {
            errors::input(
                py,
                "unsupported_type",
                format!(
                    "JSON text (str or bytes) was expected, not {}",
                    type_name(text)
                ),
            )
        })?;
        from_json_bytes(py, text.to_cow()?.as_bytes()).map(Policy)
    }

    /// The policy packed in `bits`; `HintgateError(kind="invalid_bits")` otherwise.
    #[staticmethod]
    fn from_bits(py: Python<'_>, bits: i64) -> PyResult<Policy> {
        u16::try_from(bits)
            .ok()
            .and_then(hintgate::Policy::from_bits)
            .map(Policy)
            .ok_or_else(|| {
                errors::value(py, "invalid_bits", format!("{bits} is not a packed policy"))
            })
    }

    #[classattr]
    #[allow(non_snake_case)]
    fn DEFAULT() -> Policy {
        Policy(hintgate::Policy::DEFAULT)
    }

    #[classattr]
    #[allow(non_snake_case)]
    fn CAUTIOUS() -> Policy {
        Policy(hintgate::Policy::CAUTIOUS)
    }

    #[classattr]
    #[allow(non_snake_case)]
    fn STRICT() -> Policy {
        Policy(hintgate::Policy::STRICT)
    }

    #[classattr]
    #[allow(non_snake_case)]
    fn PLAN() -> Policy {
        Policy(hintgate::Policy::PLAN)
    }

    #[classattr]
    #[allow(non_snake_case)]
    fn PERMISSIVE() -> Policy {
        Policy(hintgate::Policy::PERMISSIVE)
    }

    /// The packed `u16`.
    #[getter]
    fn bits(&self) -> u16 {
        self.0.bits()
    }

    /// Whether an `allow` becomes `confirm` for a tool that warns it is costly.
    #[getter]
    fn confirm_costly(&self) -> bool {
        self.0.confirm_costly()
    }

    /// The `Preset` this policy equals, or `None`.
    #[getter]
    fn preset_name<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0
            .as_preset()
            .map(|preset| member(py, Vocab::Preset, preset.to_u8()))
            .transpose()
    }

    /// `{Risk: Action}` for the six classes, in class order.
    #[getter]
    fn actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for &risk in Risk::ALL {
            dict.set_item(
                member(py, Vocab::Risk, risk.to_u8())?,
                member(py, Vocab::Action, self.0.action(risk).to_u8())?,
            )?;
        }
        Ok(dict)
    }

    /// The action for one risk class.
    fn action<'py>(&self, py: Python<'py>, risk: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let risk = parse_risk(py, risk)?;
        member(py, Vocab::Action, self.0.action(risk).to_u8())
    }

    /// This policy with `action` for `risk`.
    fn with_action(
        &self,
        py: Python<'_>,
        risk: &Bound<'_, PyAny>,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<Policy> {
        Ok(Policy(self.0.with_action(
            parse_risk(py, risk)?,
            parse_action(py, action)?,
        )))
    }

    /// This policy with `confirm_costly` set.
    fn with_confirm_costly(&self, confirm_costly: bool) -> Policy {
        Policy(self.0.with_confirm_costly(confirm_costly))
    }

    /// The policy as JSON text, as the core writes it.
    // pyo3 methods borrow `self`; they cannot take a `Copy` class by value.
    #[allow(clippy::wrong_self_convention)]
    fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        let mut buf = [0u8; 256];
        let len = self
            .0
            .write_json(&mut buf)
            .map_err(|err| errors::internal(py, &err.to_string()))?;
        let text = buf.get(..len).and_then(|b| std::str::from_utf8(b).ok());
        text.map(str::to_owned)
            .ok_or_else(|| errors::internal(py, "policy JSON"))
    }

    fn __repr__(&self) -> String {
        if let Some(preset) = self.0.as_preset() {
            return format!("Policy.preset('{preset}')");
        }
        let actions: Vec<String> = Risk::ALL
            .iter()
            .map(|&risk| format!("{risk}='{}'", self.0.action(risk)))
            .collect();
        format!(
            "Policy({}, confirm_costly={})",
            actions.join(", "),
            if self.0.confirm_costly() {
                "True"
            } else {
                "False"
            }
        )
    }
}
