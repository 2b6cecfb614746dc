//! Reading documents and deciding their tools: the hot paths.
//!
//! The same functions, arguments and answers as the napi crate's
//! `document.rs`: a document comes back as one `Uint32Array` of two words per
//! tool plus the names joined in one string (see `layout`).

use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use hintgate::{DocumentError, JsonStr, Policy, Tool, decide, lint, needs_confirmation};
use wasm_bindgen::prelude::*;

use crate::layout::{pack_decision, pack_info};
use crate::object::Fields;
use crate::{policy_from_bits, with_context};

/// Appends a decoded JSON string and returns the UTF-16 length it added
/// (JavaScript slices the joined string in UTF-16 units).
fn push_decoded(out: &mut String, text: JsonStr<'_>) -> u32 {
    let start = out.len();
    match text.as_plain() {
        Some(plain) => out.push_str(plain),
        None => out.extend(text.chars()),
    }
    let added = &out[start..];
    let units = if added.is_ascii() {
        added.len()
    } else {
        added.chars().map(char::len_utf16).sum()
    };
    u32::try_from(units).unwrap_or(u32::MAX)
}

/// Joined strings with their UTF-16 end offsets.
#[derive(Default)]
struct Joined {
    text: String,
    ends: Vec<u32>,
    end: u32,
}

impl Joined {
    fn push(&mut self, s: Option<JsonStr<'_>>) {
        if let Some(s) = s {
            self.end = self.end.saturating_add(push_decoded(&mut self.text, s));
        }
        self.ends.push(self.end);
    }
}

/// Reads the tools of `input`: the whole document, or exactly one Tool.
fn read<'a>(input: &'a [u8], single: bool) -> Result<Vec<Tool<'a>>, DocumentError<'a>> {
    if single {
        return hintgate::read_tool(input).map(|tool| vec![tool]);
    }
    let mut slots = vec![None; 128];
    let mut count = hintgate::read_tools_into(input, &mut slots)?;
    if count > slots.len() {
        slots = vec![None; count];
        count = hintgate::read_tools_into(input, &mut slots)?;
    }
    Ok(slots.into_iter().take(count).flatten().collect())
}

/// A rejected document: the `DocumentFailure` object.
fn failure(error: &DocumentError<'_>) -> JsValue {
    let mut fields = Fields::new()
        .number("kind", u32::from(error.kind.to_u8()))
        // Offsets fit a double exactly (inputs are far below 2^53 bytes).
        .value("offset", &JsValue::from(error.offset as f64))
        .text("message", &error.to_string());
    if let Some(server) = error.server {
        fields = fields.text("serverMessage", &server.message.to_string());
        if let Some(code) = server.code {
            fields = fields.value("serverCode", &JsValue::from(code as f64));
        }
    }
    fields.into()
}

fn decide_bytes(
    input: &[u8],
    single: bool,
    policy: Policy,
    context: u32,
    scopes: Option<&[String]>,
    with_info: bool,
) -> JsValue {
    let tools = match read(input, single) {
        Ok(tools) => tools,
        Err(error) => {
            return Fields::new()
                .words("words", &[])
                .text("names", "")
                .words("nameEnds", &[])
                .value("error", &failure(&error))
                .into();
        }
    };
    let mut words = Vec::with_capacity(tools.len() * 2);
    let mut names = Joined::default();
    let mut display = Joined::default();
    with_context(context, scopes, |ctx| {
        for tool in &tools {
            let decision = decide(tool, policy, ctx);
            let confirm = needs_confirmation(tool, policy, ctx);
            words.push(pack_decision(&decision, confirm, lint(tool)));
            words.push(pack_info(tool));
            names.push(tool.name());
            if with_info {
                display.push(tool.display_name());
            }
        }
    });
    let mut result = Fields::new()
        .words("words", &words)
        .text("names", &names.text)
        .words("nameEnds", &names.ends);
    if with_info {
        result = result
            .text("displayNames", &display.text)
            .words("displayEnds", &display.ends);
    }
    result.into()
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
    scopes: Option<Vec<String>>,
    #[wasm_bindgen(js_name = withInfo)] with_info: bool,
) -> Result<JsValue, JsValue> {
    let policy = policy_from_bits(policy)?;
    Ok(decide_bytes(
        json.as_bytes(),
        single,
        policy,
        context,
        scopes.as_deref(),
        with_info,
    ))
}

/// As [`decide_text`], for bytes (`Uint8Array` or `Buffer`), read as they are.
#[wasm_bindgen(js_name = decideBuffer, unchecked_return_type = "DocumentResult")]
pub fn decide_buffer(
    json: &[u8],
    single: bool,
    policy: u32,
    context: u32,
    scopes: Option<Vec<String>>,
    #[wasm_bindgen(js_name = withInfo)] with_info: bool,
) -> Result<JsValue, JsValue> {
    let policy = policy_from_bits(policy)?;
    Ok(decide_bytes(
        json,
        single,
        policy,
        context,
        scopes.as_deref(),
        with_info,
    ))
}

/// The fast path for one tool the JavaScript layer serialised itself: the
/// info word times 2^32 plus the decision word, or -1 when the text is
/// rejected (the caller then asks [`decide_text`] for the error).
#[wasm_bindgen(js_name = decideObject)]
pub fn decide_object(
    json: &str,
    policy: u32,
    context: u32,
    scopes: Option<Vec<String>>,
) -> Result<f64, JsValue> {
    let policy = policy_from_bits(policy)?;
    let Ok(tool) = hintgate::read_tool(json.as_bytes()) else {
        return Ok(-1.0);
    };
    Ok(with_context(context, scopes.as_deref(), |ctx| {
        let decision = decide(&tool, policy, ctx);
        let confirm = needs_confirmation(&tool, policy, ctx);
        let word = pack_decision(&decision, confirm, lint(&tool));
        f64::from(pack_info(&tool)) * 4_294_967_296.0 + f64::from(word)
    }))
}
