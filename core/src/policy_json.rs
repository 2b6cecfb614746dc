//! Policies as JSON (`{"read":"allow",…,"confirm_costly":true}`): read with
//! the scanner that reads documents (`json::scan`), written piece by piece,
//! and serde support so hosts can keep policies in their own configs.
//!
//! The object is flat and every key is known: the reader stops at the first
//! problem in reading order, and an unknown key is rejected before its value
//! is touched, so no value is ever skipped.

use core::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::ser::SerializeStruct;

use crate::BufferTooSmall;
use crate::json::scan::Scanner;
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
        let fail = |kind, field| PolicyError { kind, field };
        let syntax = fail(PolicyErrorKind::Syntax, None);
        let text = core::str::from_utf8(json).map_err(|_| syntax)?;
        let mut sc = Scanner::new(text, 0);
        if sc.peek() != Ok(b'{') {
            return Err(syntax);
        }
        sc.bump();
        let mut first = true;
        let mut seen = 0u8;
        let mut policy = Policy::PERMISSIVE;
        // Keys and words are matched decoded; longer ones match nothing.
        let mut buf = [0; 32];
        // Each key is judged before its `:` is looked for, as serde does.
        while let Some(key) = sc.next_bare_key(&mut first).map_err(|_| syntax)? {
            let field = PolicyField::from_key(key.text.word(&mut buf))
                .ok_or(fail(PolicyErrorKind::UnknownKey, None))?;
            if seen & field.bit() != 0 {
                return Err(fail(PolicyErrorKind::DuplicateKey, Some(field)));
            }
            seen |= field.bit();
            sc.colon().map_err(|_| syntax)?;
            policy = match field {
                PolicyField::Class(risk) => {
                    let invalid = fail(PolicyErrorKind::InvalidAction, Some(field));
                    // Any value but a string is not an action, whatever follows.
                    if sc.peek().map_err(|_| syntax)? != b'"' {
                        return Err(invalid);
                    }
                    let word = sc.string().map_err(|_| syntax)?;
                    let action = Action::parse(word.word(&mut buf)).ok_or(invalid)?;
                    policy.with_action(risk, action)
                }
                PolicyField::ConfirmCostly => match sc.boolean().map_err(|_| syntax)? {
                    Some(flag) => policy.with_confirm_costly(flag),
                    None => return Err(fail(PolicyErrorKind::InvalidFlag, Some(field))),
                },
            };
        }
        if let Some(&missing) = PolicyField::ALL.iter().find(|f| seen & f.bit() == 0) {
            return Err(fail(PolicyErrorKind::MissingKey, Some(missing)));
        }
        sc.finish().map_err(|_| syntax)?;
        Ok(policy)
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

/// The serde error carrying a policy error (its message is the error's).
fn failure<E: de::Error>(kind: PolicyErrorKind, field: Option<PolicyField>) -> E {
    E::custom(PolicyError { kind, field })
}

/// Reads a policy map from any serde format, with the rules of
/// [`Policy::from_json`].
struct PolicyVisitor;

impl<'de> Visitor<'de> for PolicyVisitor {
    type Value = Policy;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a policy object with the six risk classes and confirm_costly")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Policy, A::Error> {
        let mut seen = 0u8;
        let mut policy = Policy::PERMISSIVE;
        while let Some(field) = map.next_key_seed(FieldSeed)? {
            if seen & field.bit() != 0 {
                return Err(failure(PolicyErrorKind::DuplicateKey, Some(field)));
            }
            seen |= field.bit();
            policy = match field {
                PolicyField::Class(risk) => {
                    let action = map.next_value_seed(ActionSeed { field })?;
                    policy.with_action(risk, action)
                }
                PolicyField::ConfirmCostly => policy.with_confirm_costly(map.next_value()?),
            };
        }
        match PolicyField::ALL.iter().find(|f| seen & f.bit() == 0) {
            Some(&missing) => Err(failure(PolicyErrorKind::MissingKey, Some(missing))),
            None => Ok(policy),
        }
    }
}

struct FieldSeed;

impl<'de> DeserializeSeed<'de> for FieldSeed {
    type Value = PolicyField;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<PolicyField, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for FieldSeed {
    type Value = PolicyField;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a risk class or confirm_costly")
    }
    fn visit_str<E: de::Error>(self, key: &str) -> Result<PolicyField, E> {
        PolicyField::from_key(key).ok_or_else(|| failure(PolicyErrorKind::UnknownKey, None))
    }
}

struct ActionSeed {
    field: PolicyField,
}

impl<'de> DeserializeSeed<'de> for ActionSeed {
    type Value = Action;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Action, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for ActionSeed {
    type Value = Action;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("allow, confirm or deny")
    }
    fn visit_str<E: de::Error>(self, word: &str) -> Result<Action, E> {
        Action::parse(word).ok_or_else(|| failure(PolicyErrorKind::InvalidAction, Some(self.field)))
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
        deserializer.deserialize_map(PolicyVisitor)
    }
}
