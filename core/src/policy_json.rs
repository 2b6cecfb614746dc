//! Policies as JSON (`{"read":"allow",…,"confirm_costly":true}`), through serde.
//!
//! The object is flat and every key is known, so serde-json-core reads it
//! soundly: an unknown key is rejected before its value is touched, which means
//! its unbounded skipping of unknown values never runs here.

use core::cell::Cell;
use core::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::ser::SerializeStruct;

use crate::BufferTooSmall;
use crate::out::SliceOut;
use crate::policy::{Action, Policy};
use crate::risk::Risk;
use crate::words::vocabulary;

vocabulary! {
    /// Why a policy was rejected.
    pub enum PolicyErrorKind {
        /// The name is not one of the five presets.
        UnknownPreset = 0 => "unknown_preset",
        /// Not JSON, or not a JSON object.
        Syntax = 1 => "syntax",
        /// A key that is neither a risk class nor `confirm_costly`.
        UnknownKey = 2 => "unknown_key",
        /// A key given twice.
        DuplicateKey = 3 => "duplicate_key",
        /// One of the seven keys is missing.
        MissingKey = 4 => "missing_key",
        /// A class's value is not `allow`, `confirm` or `deny`.
        InvalidAction = 5 => "invalid_action",
        /// `confirm_costly` is not a boolean.
        InvalidFlag = 6 => "invalid_flag",
    }
}

/// One of the seven keys of a policy object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PolicyField {
    /// The action for a risk class.
    Class(Risk),
    /// The `confirm_costly` flag.
    ConfirmCostly,
}

impl PolicyField {
    /// The JSON key.
    pub const fn as_str(self) -> &'static str {
        match self {
            PolicyField::Class(risk) => risk.as_str(),
            PolicyField::ConfirmCostly => "confirm_costly",
        }
    }

    const fn bit(self) -> u8 {
        match self {
            PolicyField::Class(risk) => 1 << risk as u8,
            PolicyField::ConfirmCostly => 1 << 6,
        }
    }

    fn from_key(key: &str) -> Option<PolicyField> {
        if key == "confirm_costly" {
            Some(PolicyField::ConfirmCostly)
        } else {
            Risk::parse(key).map(PolicyField::Class)
        }
    }

    const ALL: [PolicyField; 7] = [
        PolicyField::Class(Risk::Read),
        PolicyField::Class(Risk::Compute),
        PolicyField::Class(Risk::External),
        PolicyField::Class(Risk::Share),
        PolicyField::Class(Risk::Spend),
        PolicyField::Class(Risk::Destructive),
        PolicyField::ConfirmCostly,
    ];
}

/// A policy that could not be read, with the key at fault when there is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolicyError {
    /// What is wrong.
    pub kind: PolicyErrorKind,
    /// The key it is wrong at (for duplicate, missing and invalid values).
    pub field: Option<PolicyField>,
}

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            PolicyErrorKind::UnknownPreset => {
                "not a preset (default, cautious, strict, plan, permissive)"
            }
            PolicyErrorKind::Syntax => "not a JSON policy object",
            PolicyErrorKind::UnknownKey => {
                "unknown key (expected the six risk classes and confirm_costly)"
            }
            PolicyErrorKind::DuplicateKey => "duplicate key",
            PolicyErrorKind::MissingKey => "missing key",
            PolicyErrorKind::InvalidAction => "action is not allow, confirm or deny",
            PolicyErrorKind::InvalidFlag => "confirm_costly is not a boolean",
        };
        f.write_str("invalid policy: ")?;
        f.write_str(what)?;
        match self.field {
            Some(field) => {
                f.write_str(" (`")?;
                f.write_str(field.as_str())?;
                f.write_str("`)")
            }
            None => Ok(()),
        }
    }
}

impl core::error::Error for PolicyError {}

impl Policy {
    /// Reads a policy object: all seven keys, each exactly once.
    ///
    /// ```
    /// use hintgate::{Action, Policy, Risk};
    /// let json = br#"{"read":"allow","compute":"allow","external":"deny","share":"confirm",
    ///                 "spend":"confirm","destructive":"deny","confirm_costly":false}"#;
    /// let policy = Policy::from_json(json)?;
    /// assert_eq!(policy.action(Risk::External), Action::Deny);
    /// # Ok::<(), hintgate::PolicyError>(())
    /// ```
    pub fn from_json(json: &[u8]) -> Result<Policy, PolicyError> {
        let state = ReadState::default();
        // Big enough for every key and word; longer escaped strings are rejected.
        let mut unescape = [0u8; 64];
        read_with_state(json, &state, &mut unescape)
    }

    /// Writes this policy as a JSON object into `out`; returns the length written.
    pub fn write_json(self, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        let mut out = SliceOut::new(out);
        let mut separator = "{\"";
        for &risk in Risk::ALL {
            out.put(separator);
            out.put(risk.as_str());
            out.put("\":\"");
            out.put(self.action(risk).as_str());
            out.put("\"");
            separator = ",\"";
        }
        out.put(",\"confirm_costly\":");
        out.put_bool(self.confirm_costly());
        out.put("}");
        out.finish()
    }
}

#[derive(Default)]
struct ReadState {
    failure: Cell<Option<PolicyError>>,
    reading: Cell<Option<PolicyField>>,
}

impl ReadState {
    fn fail<E: de::Error>(&self, kind: PolicyErrorKind, field: Option<PolicyField>) -> E {
        if self.failure.get().is_none() {
            self.failure.set(Some(PolicyError { kind, field }));
        }
        E::custom(PolicyError { kind, field })
    }
}

fn read_with_state(
    json: &[u8],
    state: &ReadState,
    unescape: &mut [u8],
) -> Result<Policy, PolicyError> {
    let mut deserializer = serde_json_core::de::Deserializer::new(json, Some(unescape));
    let outcome = PolicyVisitor { state: Some(state) }
        .deserialize(&mut deserializer)
        .and_then(|policy| deserializer.end().map(|_| policy));
    outcome.map_err(|error| {
        if let Some(failure) = state.failure.get() {
            return failure;
        }
        match (error, state.reading.get()) {
            (serde_json_core::de::Error::InvalidType, Some(field)) => PolicyError {
                kind: match field {
                    PolicyField::ConfirmCostly => PolicyErrorKind::InvalidFlag,
                    PolicyField::Class(_) => PolicyErrorKind::InvalidAction,
                },
                field: Some(field),
            },
            _ => PolicyError {
                kind: PolicyErrorKind::Syntax,
                field: None,
            },
        }
    })
}

/// Reads a policy map; with a state it records typed failures for `from_json`.
struct PolicyVisitor<'s> {
    state: Option<&'s ReadState>,
}

impl<'de> DeserializeSeed<'de> for PolicyVisitor<'_> {
    type Value = Policy;
    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Policy, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for PolicyVisitor<'_> {
    type Value = Policy;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a policy object with the six risk classes and confirm_costly")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Policy, A::Error> {
        let fallback = ReadState::default();
        let state = self.state.unwrap_or(&fallback);
        let mut seen = 0u8;
        let mut policy = Policy::PERMISSIVE;
        while let Some(field) = map.next_key_seed(FieldSeed { state })? {
            if seen & field.bit() != 0 {
                return Err(state.fail(PolicyErrorKind::DuplicateKey, Some(field)));
            }
            seen |= field.bit();
            state.reading.set(Some(field));
            policy = match field {
                PolicyField::Class(risk) => {
                    let action = map.next_value_seed(ActionSeed { state, field })?;
                    policy.with_action(risk, action)
                }
                PolicyField::ConfirmCostly => policy.with_confirm_costly(map.next_value()?),
            };
            state.reading.set(None);
        }
        match PolicyField::ALL.iter().find(|f| seen & f.bit() == 0) {
            Some(&missing) => Err(state.fail(PolicyErrorKind::MissingKey, Some(missing))),
            None => Ok(policy),
        }
    }
}

struct FieldSeed<'s> {
    state: &'s ReadState,
}

impl<'de> DeserializeSeed<'de> for FieldSeed<'_> {
    type Value = PolicyField;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<PolicyField, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for FieldSeed<'_> {
    type Value = PolicyField;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a risk class or confirm_costly")
    }
    fn visit_str<E: de::Error>(self, key: &str) -> Result<PolicyField, E> {
        PolicyField::from_key(key).ok_or_else(|| self.state.fail(PolicyErrorKind::UnknownKey, None))
    }
}

struct ActionSeed<'s> {
    state: &'s ReadState,
    field: PolicyField,
}

impl<'de> DeserializeSeed<'de> for ActionSeed<'_> {
    type Value = Action;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Action, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for ActionSeed<'_> {
    type Value = Action;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("allow, confirm or deny")
    }
    fn visit_str<E: de::Error>(self, word: &str) -> Result<Action, E> {
        Action::parse(word).ok_or_else(|| {
            self.state
                .fail(PolicyErrorKind::InvalidAction, Some(self.field))
        })
    }
}

impl serde::Serialize for Policy {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut object = serializer.serialize_struct("Policy", 7)?;
        for &risk in Risk::ALL {
            object.serialize_field(risk.as_str(), &self.action(risk))?;
        }
        object.serialize_field("confirm_costly", &self.confirm_costly())?;
        object.end()
    }
}

impl<'de> serde::Deserialize<'de> for Policy {
    /// Reads the same object as [`Policy::from_json`], from any serde format.
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Policy, D::Error> {
        PolicyVisitor { state: None }.deserialize(deserializer)
    }
}
