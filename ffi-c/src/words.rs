//! The core's vocabulary as C enums, with the core's explicit numbers, and
//! their words as static NUL-terminated strings.
//!
//! The enums are spelled out (cbindgen reads source, not macro output); `link!`
//! ties each to its core enum: a compile-time check that every number matches,
//! an exhaustive conversion, and the words, taken from the core at compile
//! time, so no word is spelled twice.

use core::ffi::c_char;

use crate::abi::{HgStatus, Out, guard, text};

use hintgate::{
    Action, DocumentErrorKind, DocumentForm, Finding, Hint, InvalidKind, PolicyErrorKind, Preset,
    Reason, Retry, Risk, Tier,
};

/// One of the six hints, by slot (SPEC §1). Bit `1 << hint` of an `HgHintSet`.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgHint {
    /// `readOnlyHint`.
    ReadOnly = 0,
    /// `destructiveHint`.
    Destructive = 1,
    /// `idempotentHint`.
    Idempotent = 2,
    /// `openWorldHint`.
    OpenWorld = 3,
    /// `costWarning`.
    CostWarning = 4,
    /// `progressIndicators`.
    ProgressIndicators = 5,
}

/// A side-effect tier of `_meta["x-side-effect"]` (SPEC §2).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgTier {
    /// `read`.
    Read = 0,
    /// `compute`.
    Compute = 1,
    /// `external_spend`.
    ExternalSpend = 2,
    /// `share_export`.
    ShareExport = 3,
    /// `destructive`.
    Destructive = 4,
}

/// A risk class, from least to most risk (SPEC §3).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgRisk {
    /// `read`.
    Read = 0,
    /// `compute`.
    Compute = 1,
    /// `external`.
    External = 2,
    /// `share`.
    Share = 3,
    /// `spend`.
    Spend = 4,
    /// `destructive`.
    Destructive = 5,
}

/// What to do with a call (SPEC §4).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgAction {
    /// `allow`: run it without asking.
    Allow = 0,
    /// `confirm`: ask a person first.
    Confirm = 1,
    /// `deny`: do not offer the tool.
    Deny = 2,
}

/// The five named policies (SPEC §4).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgPreset {
    /// `default`.
    Default = 0,
    /// `cautious`.
    Cautious = 1,
    /// `strict`.
    Strict = 2,
    /// `plan`.
    Plan = 3,
    /// `permissive`.
    Permissive = 4,
}

/// Why a decision came out as it did (SPEC §5).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgReason {
    /// `policy`.
    Policy = 0,
    /// `invalid_definition`.
    InvalidDefinition = 1,
    /// `untrusted`.
    Untrusted = 2,
    /// `unknown_tier`.
    UnknownTier = 3,
    /// `conflicting_hints`.
    ConflictingHints = 4,
    /// `tier_mismatch`.
    TierMismatch = 5,
    /// `offline`.
    Offline = 6,
    /// `missing_scope`.
    MissingScope = 7,
    /// `cost_warning`.
    CostWarning = 8,
}

/// Whether a call may be retried after a transient failure (SPEC §5).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgRetry {
    /// `safe`.
    Safe = 0,
    /// `same_key`: only with the same `Idempotency-Key`.
    SameKey = 1,
    /// `never`.
    Never = 2,
}

/// A lint finding (SPEC §7). Bit `1 << finding` of an `HgFindings`.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgFinding {
    /// `conflicting_hints`.
    ConflictingHints = 0,
    /// `tier_mismatch`.
    TierMismatch = 1,
    /// `unknown_tier`.
    UnknownTier = 2,
    /// `invalid_hint`.
    InvalidHint = 3,
    /// `unannotated`.
    Unannotated = 4,
    /// `name_suggests_read`.
    NameSuggestsRead = 5,
    /// `name_suggests_destructive`.
    NameSuggestsDestructive = 6,
}

/// Why one tool definition is invalid (SPEC §6).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgInvalidKind {
    /// `not_an_object`.
    NotAnObject = 0,
    /// `missing_name`.
    MissingName = 1,
    /// `duplicate_key`.
    DuplicateKey = 2,
    /// `annotations_not_object`.
    AnnotationsNotObject = 3,
    /// `meta_not_object`.
    MetaNotObject = 4,
    /// `too_many_keys`: over 64 keys in one object.
    TooManyKeys = 5,
}

/// Why a whole document was rejected (SPEC §6).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgDocumentErrorKind {
    /// `invalid_utf8`.
    InvalidUtf8 = 0,
    /// `unexpected_end`.
    UnexpectedEnd = 1,
    /// `unexpected_byte`.
    UnexpectedByte = 2,
    /// `invalid_number`.
    InvalidNumber = 3,
    /// `invalid_escape`.
    InvalidEscape = 4,
    /// `control_character`.
    ControlCharacter = 5,
    /// `too_deep`: nesting deeper than 128 levels.
    TooDeep = 6,
    /// `trailing_bytes`.
    TrailingBytes = 7,
    /// `not_a_document`.
    NotADocument = 8,
    /// `duplicate_key`.
    DuplicateKey = 9,
    /// `tools_not_array`.
    ToolsNotArray = 10,
    /// `missing_result`.
    MissingResult = 11,
    /// `server_error`: a JSON-RPC error response.
    ServerError = 12,
    /// `not_a_tool`: `hg_read_tool` was given a list.
    NotATool = 13,
    /// `too_large`: over 4 GiB.
    TooLarge = 14,
}

/// Which accepted document was read (SPEC §6).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgDocumentForm {
    /// `tool`: one Tool object.
    Tool = 0,
    /// `tools_list`: a `tools/list` result.
    ToolsList = 1,
    /// `json_rpc`: a JSON-RPC response carrying one.
    JsonRpc = 2,
    /// `array`: a bare array of tools.
    Array = 3,
}

/// Why a policy was rejected (SPEC §4).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgPolicyErrorKind {
    /// `unknown_preset`.
    UnknownPreset = 0,
    /// `syntax`.
    Syntax = 1,
    /// `unknown_key`.
    UnknownKey = 2,
    /// `duplicate_key`.
    DuplicateKey = 3,
    /// `missing_key`.
    MissingKey = 4,
    /// `invalid_action`.
    InvalidAction = 5,
    /// `invalid_flag`.
    InvalidFlag = 6,
}

/// Ties a C enum to its core enum: the numbers are checked at compile time,
/// the conversion is exhaustive, and the words come from the core.
macro_rules! link {
    ($c:ident <=> $core:ident { $($variant:ident),+ $(,)? }) => {
        const _: () = {
            $(assert!($c::$variant as u8 == $core::$variant.to_u8());)+
        };

        impl From<$core> for $c {
            fn from(value: $core) -> $c {
                match value {
                    $($core::$variant => $c::$variant,)+
                }
            }
        }

        impl $c {
            /// The static NUL-terminated word of `code`, or NULL.
            pub(crate) fn name(code: u8) -> *const c_char {
                $(
                    #[allow(non_upper_case_globals)]
                    static $variant: [u8; $core::$variant.as_str().len() + 1] =
                        with_nul($core::$variant.as_str());
                )+
                match $core::from_u8(code) {
                    $(Some($core::$variant) => $variant.as_ptr().cast(),)+
                    None => core::ptr::null(),
                }
            }
        }
    };
}

/// `word` followed by a NUL, as a fixed array (`N` is its length plus one).
const fn with_nul<const N: usize>(word: &str) -> [u8; N] {
    let bytes = word.as_bytes();
    let mut out = [0u8; N];
    let mut i = 0;
    while i < bytes.len() {
        out[i] = bytes[i];
        i += 1;
    }
    out
}

link!(HgHint <=> Hint { ReadOnly, Destructive, Idempotent, OpenWorld, CostWarning, ProgressIndicators });
link!(HgTier <=> Tier { Read, Compute, ExternalSpend, ShareExport, Destructive });
link!(HgRisk <=> Risk { Read, Compute, External, Share, Spend, Destructive });
link!(HgAction <=> Action { Allow, Confirm, Deny });
link!(HgPreset <=> Preset { Default, Cautious, Strict, Plan, Permissive });
link!(HgReason <=> Reason {
    Policy, InvalidDefinition, Untrusted, UnknownTier, ConflictingHints, TierMismatch, Offline,
    MissingScope, CostWarning,
});
link!(HgRetry <=> Retry { Safe, SameKey, Never });
link!(HgFinding <=> Finding {
    ConflictingHints, TierMismatch, UnknownTier, InvalidHint, Unannotated, NameSuggestsRead,
    NameSuggestsDestructive,
});
link!(HgInvalidKind <=> InvalidKind {
    NotAnObject, MissingName, DuplicateKey, AnnotationsNotObject, MetaNotObject, TooManyKeys,
});
link!(HgDocumentErrorKind <=> DocumentErrorKind {
    InvalidUtf8, UnexpectedEnd, UnexpectedByte, InvalidNumber, InvalidEscape, ControlCharacter,
    TooDeep, TrailingBytes, NotADocument, DuplicateKey, ToolsNotArray, MissingResult, ServerError,
    NotATool, TooLarge,
});
link!(HgDocumentForm <=> DocumentForm { Tool, ToolsList, JsonRpc, Array });
link!(HgPolicyErrorKind <=> PolicyErrorKind {
    UnknownPreset, Syntax, UnknownKey, DuplicateKey, MissingKey, InvalidAction, InvalidFlag,
});

// The words, one function per enum (cbindgen sees only items written out).

/// The SPEC word of an `HgHint` (`"readOnlyHint"`…), static and
/// NUL-terminated; NULL when `hint` is not an `HgHint`.
#[unsafe(no_mangle)]
pub extern "C" fn hg_hint_name(hint: u8) -> *const c_char {
    HgHint::name(hint)
}

/// The word of an `HgTier` (`"external_spend"`…); NULL when not an `HgTier`.
#[unsafe(no_mangle)]
pub extern "C" fn hg_tier_name(tier: u8) -> *const c_char {
    HgTier::name(tier)
}

/// The word of an `HgRisk`; NULL when not an `HgRisk`.
#[unsafe(no_mangle)]
pub extern "C" fn hg_risk_name(risk: u8) -> *const c_char {
    HgRisk::name(risk)
}

/// The word of an `HgAction`; NULL when not an `HgAction`.
#[unsafe(no_mangle)]
pub extern "C" fn hg_action_name(action: u8) -> *const c_char {
    HgAction::name(action)
}

/// The word of an `HgPreset`; NULL when not an `HgPreset`.
#[unsafe(no_mangle)]
pub extern "C" fn hg_preset_name(preset: u8) -> *const c_char {
    HgPreset::name(preset)
}

/// The word of an `HgReason`; NULL when not an `HgReason`.
#[unsafe(no_mangle)]
pub extern "C" fn hg_reason_name(reason: u8) -> *const c_char {
    HgReason::name(reason)
}

/// The word of an `HgRetry`; NULL when not an `HgRetry`.
#[unsafe(no_mangle)]
pub extern "C" fn hg_retry_name(retry: u8) -> *const c_char {
    HgRetry::name(retry)
}

/// The word of an `HgFinding`; NULL when not an `HgFinding`.
#[unsafe(no_mangle)]
pub extern "C" fn hg_finding_name(finding: u8) -> *const c_char {
    HgFinding::name(finding)
}

/// The word of an `HgInvalidKind`; NULL when not an `HgInvalidKind`.
#[unsafe(no_mangle)]
pub extern "C" fn hg_invalid_kind_name(kind: u8) -> *const c_char {
    HgInvalidKind::name(kind)
}

/// The word of an `HgDocumentErrorKind`; NULL when not one.
#[unsafe(no_mangle)]
pub extern "C" fn hg_document_error_kind_name(kind: u8) -> *const c_char {
    HgDocumentErrorKind::name(kind)
}

/// The word of an `HgDocumentForm`; NULL when not one.
#[unsafe(no_mangle)]
pub extern "C" fn hg_document_form_name(form: u8) -> *const c_char {
    HgDocumentForm::name(form)
}

/// The word of an `HgPolicyErrorKind`; NULL when not one.
#[unsafe(no_mangle)]
pub extern "C" fn hg_policy_error_kind_name(kind: u8) -> *const c_char {
    HgPolicyErrorKind::name(kind)
}

// Parsing, for the words a host reads from its own configuration.

/// Parses `len` bytes at `word` (UTF-8, not NUL-terminated) with `parse`.
///
/// # Safety
/// `word` must be valid for reads of `len` bytes; `out` for a write.
unsafe fn parse_into<T>(
    word: *const c_char,
    len: usize,
    out: *mut T,
    parse: impl FnOnce(&str) -> Option<T>,
) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        // SAFETY: forwarded contract.
        let word = unsafe { text(word, len)? };
        let value = parse(word).ok_or(HgStatus::HgUnknownWord)?;
        // SAFETY: checked non-null above; valid by the caller's contract.
        unsafe { out.write(value) };
        Ok(())
    })
}

/// Parses a hint's JSON key (`"readOnlyHint"`…): `len` bytes of UTF-8 at
/// `word`, not NUL-terminated, compared exactly (no escapes are decoded).
/// `HG_UNKNOWN_WORD` when it is not one.
///
/// # Safety
/// `word` must be valid for reads of `len` bytes; `out` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_hint_parse(
    word: *const c_char,
    len: usize,
    out: *mut HgHint,
) -> HgStatus {
    // SAFETY: forwarded contract.
    unsafe { parse_into(word, len, out, |w| Hint::parse(w).map(HgHint::from)) }
}

/// Parses a tier word (`"external_spend"`…), as `hg_hint_parse` does.
///
/// # Safety
/// As for `hg_hint_parse`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_tier_parse(
    word: *const c_char,
    len: usize,
    out: *mut HgTier,
) -> HgStatus {
    // SAFETY: forwarded contract.
    unsafe { parse_into(word, len, out, |w| Tier::parse(w).map(HgTier::from)) }
}

/// Parses a risk class word, as `hg_hint_parse` does.
///
/// # Safety
/// As for `hg_hint_parse`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_risk_parse(
    word: *const c_char,
    len: usize,
    out: *mut HgRisk,
) -> HgStatus {
    // SAFETY: forwarded contract.
    unsafe { parse_into(word, len, out, |w| Risk::parse(w).map(HgRisk::from)) }
}

/// Parses an action word, as `hg_hint_parse` does.
///
/// # Safety
/// As for `hg_hint_parse`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_action_parse(
    word: *const c_char,
    len: usize,
    out: *mut HgAction,
) -> HgStatus {
    // SAFETY: forwarded contract.
    unsafe { parse_into(word, len, out, |w| Action::parse(w).map(HgAction::from)) }
}

/// Parses a preset name (`"default"`…), as `hg_hint_parse` does.
///
/// # Safety
/// As for `hg_hint_parse`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_preset_parse(
    word: *const c_char,
    len: usize,
    out: *mut HgPreset,
) -> HgStatus {
    // SAFETY: forwarded contract.
    unsafe { parse_into(word, len, out, |w| Preset::parse(w).map(HgPreset::from)) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    fn word(ptr: *const c_char) -> &'static str {
        assert!(!ptr.is_null());
        // SAFETY: the names are static NUL-terminated arrays.
        unsafe { CStr::from_ptr(ptr) }.to_str().unwrap()
    }

    #[test]
    fn every_word_is_the_cores_and_every_other_number_is_null() {
        macro_rules! check {
            ($f:ident, $core:ident) => {
                for value in $core::ALL {
                    assert_eq!(word($f(value.to_u8())), value.as_str());
                }
                for code in $core::ALL.len() as u8..=u8::MAX {
                    assert!($f(code).is_null(), "{} {code}", stringify!($f));
                }
            };
        }
        check!(hg_hint_name, Hint);
        check!(hg_tier_name, Tier);
        check!(hg_risk_name, Risk);
        check!(hg_action_name, Action);
        check!(hg_preset_name, Preset);
        check!(hg_reason_name, Reason);
        check!(hg_retry_name, Retry);
        check!(hg_finding_name, Finding);
        check!(hg_invalid_kind_name, InvalidKind);
        check!(hg_document_error_kind_name, DocumentErrorKind);
        check!(hg_document_form_name, DocumentForm);
        check!(hg_policy_error_kind_name, PolicyErrorKind);
    }
}
