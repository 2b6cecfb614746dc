//! The bit positions of the packed words (`hintgate-js-wire`, shared with the
//! Node addon, so the shared `api.js` reads both alike), handed to JavaScript
//! so the two sides cannot disagree.

use hintgate_js_wire::{
    ACTION, AUDIT, EFFECTIVE, FINDINGS, HAS_NAME, HINTS, INVALID, NEEDS_CONFIRMATION, PROGRESS,
    REASON, RETRY, RISK, SECRET,
};
use wasm_bindgen::prelude::*;

use crate::object::Fields;

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
