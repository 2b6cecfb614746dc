//! How a decision and a tool's facts are packed into numbers for JavaScript —
//! the napi crate's layout, so the shared `api.js` reads both alike.
//!
//! Two `u32` words per tool. The *decision* word holds the core's answers; the
//! *info* word holds what the core read of the definition. [`layout`] hands
//! the shifts to JavaScript, so the two sides cannot disagree on them.

use hintgate::{Decision, Findings, Tool};
use wasm_bindgen::prelude::*;

use crate::object::Fields;

// The decision word.
pub(crate) const ACTION: u32 = 0; // 2 bits
pub(crate) const RISK: u32 = 2; // 3 bits
pub(crate) const REASON: u32 = 5; // 4 bits
pub(crate) const RETRY: u32 = 9; // 2 bits
pub(crate) const AUDIT: u32 = 11;
pub(crate) const SECRET: u32 = 12;
pub(crate) const PROGRESS: u32 = 13;
pub(crate) const NEEDS_CONFIRMATION: u32 = 14;
pub(crate) const EFFECTIVE: u32 = 15; // 6 bits
pub(crate) const FINDINGS: u32 = 21; // 7 bits

// The info word.
pub(crate) const HINTS: u32 = 0; // 16 bits: the packed declared hints
pub(crate) const INVALID: u32 = 16; // 3 bits: invalid-tool kind + 1, 0 when valid
pub(crate) const HAS_NAME: u32 = 19;

/// Set in a result word that reports an error instead of a value.
pub(crate) const ERROR_FLAG: u32 = 1 << 31;

/// The bit positions of the packed words (a `Layout` object).
#[wasm_bindgen(js_name = layout, unchecked_return_type = "Layout")]
pub fn layout() -> JsValue {
    Fields::new()
        .number("action", ACTION)
        .number("risk", RISK)
        .number("reason", REASON)
        .number("retry", RETRY)
        .number("audit", AUDIT)
        .number("secret", SECRET)
        .number("progress", PROGRESS)
        .number("needsConfirmation", NEEDS_CONFIRMATION)
        .number("effective", EFFECTIVE)
        .number("findings", FINDINGS)
        .number("hints", HINTS)
        .number("invalid", INVALID)
        .number("hasName", HAS_NAME)
        .into()
}

/// The decision word: the core's decision, its derived answers, the core's
/// own `needs_confirmation` and the tool's findings.
pub(crate) fn pack_decision(
    decision: &Decision,
    needs_confirmation: bool,
    findings: Findings,
) -> u32 {
    u32::from(decision.action.to_u8()) << ACTION
        | u32::from(decision.risk.to_u8()) << RISK
        | u32::from(decision.reason.to_u8()) << REASON
        | u32::from(decision.retry().to_u8()) << RETRY
        | u32::from(decision.audit()) << AUDIT
        | u32::from(decision.secret()) << SECRET
        | u32::from(decision.progress()) << PROGRESS
        | u32::from(needs_confirmation) << NEEDS_CONFIRMATION
        | u32::from(decision.effective.bits()) << EFFECTIVE
        | u32::from(findings.bits()) << FINDINGS
}

/// The info word of a tool.
pub(crate) fn pack_info(tool: &Tool<'_>) -> u32 {
    let invalid = tool.invalid().map_or(0, |i| u32::from(i.kind.to_u8()) + 1);
    u32::from(tool.hints().bits()) << HINTS
        | invalid << INVALID
        | u32::from(tool.name().is_some()) << HAS_NAME
}
