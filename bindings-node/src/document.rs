//! Reading documents and deciding their tools: the hot paths.

use core::ptr;
use hintgate::{DocumentError, Policy};
use hintgate_js_wire::{DecidedDocument, decide_document, decide_tool, split_scopes};

use napi::bindgen_prelude::{Uint8Array, Uint32Array};
use napi::{Env, JsString, JsValue, Result, sys};
use napi_derive::napi;

use crate::policy_from_bits;

/// The decisions of a document's tools, packed (see `layout`).
#[napi(object)]
pub struct DocumentResult {
    /// Two words per tool, in document order: the decision word, the info word.
    pub words: Uint32Array,
    /// The decoded names of the tools that have one, joined.
    pub names: String,
    /// Per tool, where its name ends in `names` (UTF-16 units); a tool without
    /// a name ends where the previous one did.
    pub name_ends: Uint32Array,
    /// The display names (SPEC §5) joined, when asked for.
    pub display_names: Option<String>,
    /// Per tool, where its display name ends in `display_names`.
    pub display_ends: Option<Uint32Array>,
    /// Why the document was rejected; then there are no tools.
    pub error: Option<DocumentFailure>,
}

/// A rejected document.
#[derive(Clone)]
#[napi(object)]
pub struct DocumentFailure {
    /// The document error kind's number.
    pub kind: u32,
    /// The byte offset of the problem in the UTF-8 input.
    pub offset: f64,
    /// The core's one-line description.
    pub message: String,
    /// The server's `error.message`, for a JSON-RPC error response.
    pub server_message: Option<String>,
    /// The server's `error.code`, when it is an integer.
    pub server_code: Option<f64>,
}

impl From<&DocumentError<'_>> for DocumentFailure {
    fn from(error: &DocumentError<'_>) -> Self {
        DocumentFailure {
            kind: u32::from(error.kind.to_u8()),
            // Offsets fit a double exactly (inputs are far below 2^53 bytes).
            offset: error.offset as f64,
            message: error.to_string(),
            server_message: error.server.map(|s| s.message.to_string()),
            server_code: error.server.and_then(|s| s.code).map(|c| c as f64),
        }
    }
}

fn decide_bytes(
    input: &[u8],
    single: bool,
    policy: Policy,
    context: u32,
    granted: &[&str],
    with_info: bool,
) -> DocumentResult {
    match decide_document(input, single, policy, context, granted, with_info) {
        Ok(DecidedDocument {
            words,
            names,
            display_names,
        }) => {
            let (display_names, display_ends) = match display_names {
                Some(display) => (Some(display.text), Some(Uint32Array::new(display.ends))),
                None => (None, None),
            };
            DocumentResult {
                words: Uint32Array::new(words),
                names: names.text,
                name_ends: Uint32Array::new(names.ends),
                display_names,
                display_ends,
                error: None,
            }
        }
        Err(error) => DocumentResult {
            words: Uint32Array::new(Vec::new()),
            names: String::new(),
            name_ends: Uint32Array::new(Vec::new()),
            display_names: None,
            display_ends: None,
            error: Some(DocumentFailure::from(&error)),
        },
    }
}

/// Reads a document (or, with `single`, exactly one Tool) given as text and
/// decides every tool under the packed policy and context.
// The arguments are the JavaScript call's, one for one (the same as the
// WASM module's `decideText`, which has no `env`).
#[allow(clippy::too_many_arguments)]
#[napi(catch_unwind)]
pub fn decide_text(
    env: Env,
    json: JsString<'_>,
    single: bool,
    policy: u32,
    context: u32,
    scope_text: String,
    scope_lengths: Uint32Array,
    with_info: bool,
) -> Result<DocumentResult> {
    let policy = policy_from_bits(policy)?;
    let granted = granted_scopes(&scope_text, &scope_lengths)?;
    let json = utf8_of(&env, &json)?;
    Ok(decide_bytes(
        &json, single, policy, context, &granted, with_info,
    ))
}

/// A JavaScript string as UTF-8 (lone surrogates become U+FFFD), in one pass
/// over it: its length in UTF-16 units is known at once, and three bytes per
/// unit always suffice, so V8 need not measure the UTF-8 length first.
fn utf8_of(env: &Env, text: &JsString<'_>) -> Result<Vec<u8>> {
    let (env, value) = (env.raw(), text.raw());
    let mut units = 0;
    // SAFETY: a null buffer asks only for the length; `value` is a string
    // (the argument's type was checked when it was converted).
    let status =
        unsafe { sys::napi_get_value_string_utf16(env, value, ptr::null_mut(), 0, &mut units) };
    if status != sys::Status::napi_ok {
        return Err(crate::invalid_arg("expected a string"));
    }
    let capacity = units * 3 + 1;
    let mut out: Vec<u8> = Vec::with_capacity(capacity);
    let mut written = 0;
    // SAFETY: `out` has room for `capacity` bytes; V8 writes at most that,
    // NUL included, and reports in `written` how many bytes before the NUL.
    let status = unsafe {
        sys::napi_get_value_string_utf8(env, value, out.as_mut_ptr().cast(), capacity, &mut written)
    };
    if status != sys::Status::napi_ok || written >= capacity {
        return Err(crate::invalid_arg("expected a string"));
    }
    // SAFETY: the first `written` bytes were initialised by V8 just above.
    unsafe { out.set_len(written) };
    Ok(out)
}

/// As [`decide_text`], for bytes (`Uint8Array` or `Buffer`), read as they are.
#[napi(catch_unwind)]
pub fn decide_buffer(
    json: Uint8Array,
    single: bool,
    policy: u32,
    context: u32,
    scope_text: String,
    scope_lengths: Uint32Array,
    with_info: bool,
) -> Result<DocumentResult> {
    let policy = policy_from_bits(policy)?;
    let granted = granted_scopes(&scope_text, &scope_lengths)?;
    Ok(decide_bytes(
        &json, single, policy, context, &granted, with_info,
    ))
}

/// The granted scopes, from their joined text and UTF-16 lengths (see
/// `hintgate_js_wire::split_scopes`).
fn granted_scopes<'s>(text: &'s str, lengths: &[u32]) -> Result<Vec<&'s str>> {
    split_scopes(text, lengths)
        .ok_or_else(|| crate::invalid_arg("scope lengths do not fit the scope text"))
}

/// The fast path for one tool the JavaScript layer serialised itself: the
/// info word times 2^32 plus the decision word, or -1 when the text is
/// rejected (the caller then asks [`decide_text`] for the error).
#[napi(catch_unwind)]
pub fn decide_object(
    json: String,
    policy: u32,
    context: u32,
    scope_text: String,
    scope_lengths: Uint32Array,
) -> Result<f64> {
    let policy = policy_from_bits(policy)?;
    let granted = granted_scopes(&scope_text, &scope_lengths)?;
    // -1: rejected; the JavaScript layer then asks `decide_text` for the error.
    Ok(decide_tool(json.as_bytes(), policy, context, &granted).unwrap_or(-1.0))
}
