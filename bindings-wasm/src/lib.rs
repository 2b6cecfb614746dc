//! The native layer of the `hintgate-wasm` npm package: wasm-bindgen functions
//! over the hintgate core. Every rule of SPEC is computed by the core; this
//! crate only moves bytes in and the core's small numbers out.
//!
//! It exports *the same surface* as the Node addon's napi crate
//! (`bindings-node/src`): the same function names (`js_name` on every
//! export), arguments, packed answers and failures, so the very same
//! JavaScript layer (`bindings-node/lib/api.js`, copied in at build) makes
//! both packages' public API. Expected failures (an unreadable document, a
//! bad policy) are returned as numbers and the JavaScript layer builds the
//! `Error` with its `code`; a call the JavaScript layer should never make
//! (an invalid packed policy) throws an `Error` as napi does.
//!
//! A panic would be a bug: inputs are validated first so none reaches one.
//! The module is built with `-Cpanic=immediate-abort`, so a panic is a
//! WebAssembly trap — JavaScript gets a `WebAssembly.RuntimeError`
//! (`unreachable`), which `api.js` reports as `HINTGATE_INTERNAL` — and the
//! module goes on answering. No panic message is kept: the machinery that
//! formats them would be a tenth of the `.wasm`.
//!
//! On wasm32 the crate is `no_std` (core and alloc, with a small allocator
//! of its own in `heap`): the `.wasm` has a size budget, and the standard
//! library's allocator, panic machinery and formatting of panic locations
//! would be most of it.

#![cfg_attr(target_arch = "wasm32", no_std)]
#![deny(missing_docs)]

extern crate alloc;

mod document;
#[cfg(target_arch = "wasm32")]
mod heap;
mod layout;
mod object;
mod vocabulary;

use alloc::string::String;
use alloc::vec::Vec;

use hintgate::{Action, Decision, HintSet, Hints, Policy, Reason, Risk, Tier};
use wasm_bindgen::prelude::*;

pub use document::{decide_buffer, decide_object, decide_text};
pub use layout::layout;
pub use vocabulary::vocabulary;

use object::{Fields, invalid_arg, native_error};

#[cfg(target_arch = "wasm32")]
#[global_allocator]
static HEAP: heap::SizeClasses = heap::SizeClasses::new();

/// The policy packed in `bits`; the JavaScript layer only passes numbers the
/// core produced, so anything else is a programming error, not a policy error.
pub(crate) fn policy_from_bits(bits: u32) -> Result<Policy, JsValue> {
    u16::try_from(bits)
        .ok()
        .and_then(Policy::from_bits)
        .ok_or_else(|| invalid_arg(&numbered(bits, " is not a packed policy")))
}

/// The decision packed in `word` (see `hintgate_js_wire::pack_decision`).
fn unpack_decision(word: u32) -> Result<Decision, JsValue> {
    hintgate_js_wire::unpack_decision(word)
        .ok_or_else(|| invalid_arg(&numbered(word, " is not a packed decision")))
}

/// `n` in decimal followed by `text` (the napi crate's message), without
/// `format!`: the formatter would be a tenth of the `.wasm`.
fn numbered(n: u32, text: &str) -> String {
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    let mut rest = n;
    while start == digits.len() || rest > 0 {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    let mut message: String = digits[start..].iter().map(|&d| char::from(d)).collect();
    message.push_str(text);
    message
}

/// A small number as `u8`, or `u8::MAX` (never a valid vocabulary number).
fn small(n: u32) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// The one-sentence explanation of a decision with these numbers.
#[wasm_bindgen(js_name = explain)]
pub fn explain(action: u32, risk: u32, reason: u32) -> Result<String, JsValue> {
    let decision = Decision {
        action: Action::from_u8(small(action)).ok_or_else(|| invalid_arg("unknown action"))?,
        risk: Risk::from_u8(small(risk)).ok_or_else(|| invalid_arg("unknown risk"))?,
        reason: Reason::from_u8(small(reason)).ok_or_else(|| invalid_arg("unknown reason"))?,
        // The sentence depends on action, risk and reason only.
        effective: HintSet::EMPTY,
    };
    // Through `explain` (plain `write_str`s), not `Display`: no formatter.
    let mut sentence = String::new();
    let _ = decision.explain(&mut sentence);
    Ok(sentence)
}

/// Whether a batch of calls with these packed decisions may run in parallel
/// (SPEC §5, seed 004).
#[wasm_bindgen(js_name = mayRunInParallel)]
pub fn may_run_in_parallel(words: &[u32]) -> Result<bool, JsValue> {
    // Every word is checked before any is judged; nothing is stored.
    for &word in words {
        unpack_decision(word)?;
    }
    Ok(hintgate::may_run_in_parallel(
        words
            .iter()
            .filter_map(|&w| hintgate_js_wire::unpack_decision(w)),
    ))
}

/// Reads a policy object's JSON text: the packed policy or the packed error
/// (see `hintgate_js_wire::policy_word`).
#[wasm_bindgen(js_name = policyFromJson)]
pub fn policy_from_json(json: &str) -> u32 {
    hintgate_js_wire::policy_word(json.as_bytes())
}

/// The policy as SPEC's JSON object text (`{"read":"allow",…}`).
#[wasm_bindgen(js_name = policyToJson)]
pub fn policy_to_json(bits: u32) -> Result<String, JsValue> {
    let policy = policy_from_bits(bits)?;
    let mut buf = [0u8; 256];
    written(policy.write_json(&mut buf), &buf)
}

/// The text the core wrote into `buf` (the core writes UTF-8 and sizes its
/// texts; a failure here would be a bug, reported as napi would).
fn written(len: Result<usize, hintgate::BufferTooSmall>, buf: &[u8]) -> Result<String, JsValue> {
    len.ok()
        .and_then(|len| buf.get(..len))
        .and_then(|text| core::str::from_utf8(text).ok())
        .map(String::from)
        .ok_or_else(|| native_error("GenericFailure", "buffer too small"))
}

/// A JavaScript number that is a whole `u16`, as one (NaN and fractions are not).
fn whole_u16(n: f64) -> Option<u16> {
    ((0.0..=f64::from(u16::MAX)).contains(&n) && f64::from(n as u16) == n).then_some(n as u16)
}

/// Whether `bits` is a packed policy.
#[wasm_bindgen(js_name = policyIsValid)]
pub fn policy_is_valid(bits: f64) -> bool {
    whole_u16(bits).and_then(Policy::from_bits).is_some()
}

/// The action number the policy gives `risk`.
#[wasm_bindgen(js_name = policyAction)]
pub fn policy_action(bits: u32, risk: u32) -> Result<u32, JsValue> {
    let risk = Risk::from_u8(small(risk)).ok_or_else(|| invalid_arg("unknown risk"))?;
    Ok(u32::from(policy_from_bits(bits)?.action(risk).to_u8()))
}

/// Whether the policy confirms tools that warn they are costly.
#[wasm_bindgen(js_name = policyConfirmCostly)]
pub fn policy_confirm_costly(bits: u32) -> Result<bool, JsValue> {
    Ok(policy_from_bits(bits)?.confirm_costly())
}

/// The packed policy with `actions` (one per risk class, in number order)
/// and the given flag.
#[wasm_bindgen(js_name = policyNew)]
pub fn policy_new(
    actions: Vec<u32>,
    #[wasm_bindgen(js_name = confirmCostly)] confirm_costly: bool,
) -> Result<u32, JsValue> {
    let mut table = [Action::Deny; 6];
    if actions.len() != table.len() {
        return Err(invalid_arg("a policy has six actions"));
    }
    for (slot, &n) in table.iter_mut().zip(&actions) {
        *slot = Action::from_u8(small(n)).ok_or_else(|| invalid_arg("unknown action"))?;
    }
    Ok(u32::from(Policy::new(table, confirm_costly).bits()))
}

/// The packed hints in `bits` as numbers: declared slots in bits 0–5, their
/// values in bits 8–13 (the packed form itself) and the effective hints
/// without tier fill in bits 16–21; `-1` when `bits` is not packed hints.
#[wasm_bindgen(js_name = hintsFromBits)]
pub fn hints_from_bits(bits: f64) -> i32 {
    match whole_u16(bits).and_then(Hints::from_bits) {
        Some(hints) => i32::from(hints.bits()) | i32::from(hints.effective().bits()) << 16,
        None => -1,
    }
}

/// `bits` with hint number `hint` declared as `value`.
#[wasm_bindgen(js_name = hintsWith)]
pub fn hints_with(bits: u32, hint: u32, value: bool) -> Result<u32, JsValue> {
    let hints = u16::try_from(bits)
        .ok()
        .and_then(Hints::from_bits)
        .ok_or_else(|| invalid_arg("not packed hints"))?;
    let hint = hintgate::Hint::from_u8(small(hint)).ok_or_else(|| invalid_arg("unknown hint"))?;
    Ok(u32::from(hints.with(hint, value).bits()))
}

/// The tier named `word` (a `TierInfo` object), or `null` when it is not one.
#[wasm_bindgen(js_name = tierInfo, unchecked_return_type = "TierInfo | null")]
pub fn tier_info(word: &str) -> Result<JsValue, JsValue> {
    let Some(tier) = Tier::parse(word) else {
        return Ok(JsValue::NULL);
    };
    let mut buf = [0u8; 256];
    let stamp_json = written(tier.write_stamp_json(&mut buf), &buf)?;
    Ok(Fields::new()
        .number("tier", u32::from(tier.to_u8()))
        .number("risk", u32::from(tier.risk().to_u8()))
        .number("stampBits", u32::from(tier.stamp().bits()))
        .text("stampJson", &stamp_json)
        .into())
}

/// Panics on purpose: the test suite checks that a panic reaches JavaScript
/// as an `Error` and the module goes on answering.
#[wasm_bindgen(js_name = panicForTest)]
pub fn panic_for_test() -> u32 {
    panic!("deliberate panic for the test suite")
}

// The shapes of the objects above, for the generated declarations (the napi
// crate's `#[napi(object)]` interfaces, field for field).
#[wasm_bindgen(typescript_custom_section)]
const OBJECT_TYPES: &str = include_str!("objects.d.ts");
