//! The bit positions of the packed words (`hintgate-js-wire`, shared with the
//! WASM module), handed to JavaScript so the two sides cannot disagree.

use hintgate_js_wire::{
    ACTION, AUDIT, EFFECTIVE, FINDINGS, HAS_NAME, HINTS, INVALID, NEEDS_CONFIRMATION, PROGRESS,
    REASON, RETRY, RISK, SECRET,
};
use napi_derive::napi;

/// The bit positions of the packed words, for the JavaScript layer.
#[napi(object)]
pub struct Layout {
    /// Decision word: the action number, 2 bits.
    pub action: u32,
    /// Decision word: the risk number, 3 bits.
    pub risk: u32,
    /// Decision word: the reason number, 4 bits.
    pub reason: u32,
    /// Decision word: the retry number, 2 bits.
    pub retry: u32,
    /// Decision word: the audit flag.
    pub audit: u32,
    /// Decision word: the secret-result flag.
    pub secret: u32,
    /// Decision word: the progress flag.
    pub progress: u32,
    /// Decision word: `needs_confirmation` as the core answers it.
    pub needs_confirmation: u32,
    /// Decision word: the effective hints (`HintSet` bits), 6 bits.
    pub effective: u32,
    /// Decision word: the lint findings (`Findings` bits), 7 bits.
    pub findings: u32,
    /// Info word: the declared hints (`Hints` bits), 16 bits.
    pub hints: u32,
    /// Info word: the invalid-tool kind number plus one (0: valid), 3 bits.
    pub invalid: u32,
    /// Info word: the tool has a name.
    pub has_name: u32,
}

/// The bit positions of the packed words.
#[napi(catch_unwind)]
pub fn layout() -> Layout {
    Layout {
        action: ACTION,
        risk: RISK,
        reason: REASON,
        retry: RETRY,
        audit: AUDIT,
        secret: SECRET,
        progress: PROGRESS,
        needs_confirmation: NEEDS_CONFIRMATION,
        effective: EFFECTIVE,
        findings: FINDINGS,
        hints: HINTS,
        invalid: INVALID,
        has_name: HAS_NAME,
    }
}
