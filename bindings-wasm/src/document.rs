//! Reading documents and deciding their tools: the hot paths.
//!
//! The same functions, arguments and answers as the napi crate's
//! `document.rs`: a document comes back as one `Uint32Array` of two words per
//! tool plus the names joined in one string (see `layout`).

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use hintgate::DocumentError;
use hintgate_js_wire::{decide_document, decide_tool, split_scopes};
use wasm_bindgen::prelude::*;

use crate::object::{Fields, invalid_arg};
use crate::policy_from_bits;

/// A rejected document: the `DocumentFailure` object.
fn failure(error: &DocumentError<'_>) -> JsValue {
    let mut fields = Fields::new()
        .number("kind", u32::from(error.kind.to_u8()))
        // Offsets fit a double exactly (inputs are far below 2^53 bytes).
        .value("offset", &JsValue::from(error.offset as f64))
        .text("message", &error.to_string());
    if let Some(server) = error.server {
        let message: String = server.message.chars().collect();
        fields = fields.text("serverMessage", &message);
        if let Some(code) = server.code {
            fields = fields.value("serverCode", &JsValue::from(code as f64));
        }
    }
    fields.into()
}

/// The granted scopes, from their joined text and UTF-16 lengths (see
/// `hintgate_js_wire::split_scopes`).
fn granted_scopes<'s>(text: &'s str, lengths: &[u32]) -> Result<Vec<&'s str>, JsValue> {
    split_scopes(text, lengths)
        .ok_or_else(|| invalid_arg("scope lengths do not fit the scope text"))
}

fn decide_bytes(
    input: &[u8],
    single: bool,
    policy: u32,
    context: u32,
    scope_text: &str,
    scope_lengths: &[u32],
    with_info: bool,
) -> Result<JsValue, JsValue> {
    let policy = policy_from_bits(policy)?;
    let granted = granted_scopes(scope_text, scope_lengths)?;
    let decided = match decide_document(input, single, policy, context, &granted, with_info) {
        Ok(decided) => decided,
        Err(error) => {
            return Ok(Fields::new()
                .words("words", &[])
                .text("names", "")
                .words("nameEnds", &[])
                .value("error", &failure(&error))
                .into());
        }
    };
    let mut result = Fields::new()
        .words("words", &decided.words)
        .text("names", &decided.names.text)
        .words("nameEnds", &decided.names.ends);
    if let Some(display) = &decided.display_names {
        result = result
            .text("displayNames", &display.text)
            .words("displayEnds", &display.ends);
    }
    Ok(result.into())
}

/// Reads a document (or, with `single`, exactly one Tool) given as text and
/// decides every tool under the packed policy and context (a
/// `DocumentResult` object). The text arrives as UTF-8, lone surrogates
/// replaced by U+FFFD, as the Node addon reads it.
#[wasm_bindgen(js_name = decideText, unchecked_return_type = "DocumentResult")]
pub fn decide_text(
    json: &str,
    single: bool,
    policy: u32,
    context: u32,
    #[wasm_bindgen(js_name = scopeText)] scope_text: &str,
    #[wasm_bindgen(js_name = scopeLengths)] scope_lengths: &[u32],
    #[wasm_bindgen(js_name = withInfo)] with_info: bool,
) -> Result<JsValue, JsValue> {
    decide_bytes(
        json.as_bytes(),
        single,
        policy,
        context,
        scope_text,
        scope_lengths,
        with_info,
    )
}

/// As [`decide_text`], for bytes (`Uint8Array` or `Buffer`), read as they are.
#[wasm_bindgen(js_name = decideBuffer, unchecked_return_type = "DocumentResult")]
pub fn decide_buffer(
    json: &[u8],
    single: bool,
    policy: u32,
    context: u32,
    #[wasm_bindgen(js_name = scopeText)] scope_text: &str,
    #[wasm_bindgen(js_name = scopeLengths)] scope_lengths: &[u32],
    #[wasm_bindgen(js_name = withInfo)] with_info: bool,
) -> Result<JsValue, JsValue> {
    decide_bytes(
        json,
        single,
        policy,
        context,
        scope_text,
        scope_lengths,
        with_info,
    )
}

/// The fast path for one tool the JavaScript layer serialised itself: the
/// info word times 2^32 plus the decision word, or -1 when the text is
/// rejected (the caller then asks [`decide_text`] for the error).
#[wasm_bindgen(js_name = decideObject)]
pub fn decide_object(
    json: &str,
    policy: u32,
    context: u32,
    #[wasm_bindgen(js_name = scopeText)] scope_text: &str,
    #[wasm_bindgen(js_name = scopeLengths)] scope_lengths: &[u32],
) -> Result<f64, JsValue> {
    let policy = policy_from_bits(policy)?;
    let granted = granted_scopes(scope_text, scope_lengths)?;
    Ok(decide_tool(json.as_bytes(), policy, context, &granted).unwrap_or(-1.0))
}
