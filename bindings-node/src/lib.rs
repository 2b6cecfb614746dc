//! The native layer of the `hintgate` npm package: Node-API functions over the
//! hintgate core. Every rule of SPEC is computed by the core; this crate only
//! moves bytes in and the core's small numbers out.
//!
//! Building JavaScript objects property by property through Node-API is slow,
//! so the functions here answer in numbers: a decision is packed into one
//! `u32` word (see [`layout`]) and a document's tools come back as one
//! `Uint32Array` plus their names joined in one string. The JavaScript layer
//! (`lib/api.js`) turns those numbers into plain objects by table lookups whose
//! tables come from [`vocabulary`] — the core's own `ALL` lists — so no word is
//! spelled twice and no rule lives in JavaScript.
//!
//! Every export is `catch_unwind`: a panic becomes a JavaScript `Error`, never
//! an abort of the Node process. Expected failures (an unreadable document, a
//! bad policy) are not thrown here but returned as numbers, and the JavaScript
//! layer builds the `Error` with its `code`.

#![deny(missing_docs)]

mod document;
mod layout;
mod vocabulary;

use hintgate::{Action, Decision, HintSet, Hints, Policy, Reason, Risk, Tier};
use napi::bindgen_prelude::Uint32Array;
use napi::{Error, Result, Status};
use napi_derive::napi;

pub use document::{DocumentFailure, DocumentResult, decide_buffer, decide_object, decide_text};
pub use layout::{Layout, layout};
pub use vocabulary::{Vocabulary, vocabulary};

pub(crate) fn invalid_arg(message: impl Into<String>) -> Error {
    Error::new(Status::InvalidArg, message.into())
}

/// The policy packed in `bits`; the JavaScript layer only passes numbers the
/// core produced, so anything else is a programming error, not a policy error.
pub(crate) fn policy_from_bits(bits: u32) -> Result<Policy> {
    u16::try_from(bits)
        .ok()
        .and_then(Policy::from_bits)
        .ok_or_else(|| invalid_arg(format!("{bits} is not a packed policy")))
}

/// The decision packed in `word` (see `hintgate_js_wire::pack_decision`).
fn unpack_decision(word: u32) -> Result<Decision> {
    hintgate_js_wire::unpack_decision(word)
        .ok_or_else(|| invalid_arg(format!("{word} is not a packed decision")))
}

/// The one-sentence explanation of a decision with these numbers.
#[napi(catch_unwind)]
pub fn explain(action: u32, risk: u32, reason: u32) -> Result<String> {
    let word = |n: u32| u8::try_from(n).unwrap_or(u8::MAX);
    let decision = Decision {
        action: Action::from_u8(word(action)).ok_or_else(|| invalid_arg("unknown action"))?,
        risk: Risk::from_u8(word(risk)).ok_or_else(|| invalid_arg("unknown risk"))?,
        reason: Reason::from_u8(word(reason)).ok_or_else(|| invalid_arg("unknown reason"))?,
        // The sentence depends on action, risk and reason only.
        effective: HintSet::EMPTY,
    };
    Ok(decision.to_string())
}

/// Whether a batch of calls with these packed decisions may run in parallel
/// (SPEC §5, seed 004).
#[napi(catch_unwind)]
pub fn may_run_in_parallel(words: Uint32Array) -> Result<bool> {
    let decisions = words
        .iter()
        .map(|&w| unpack_decision(w))
        .collect::<Result<Vec<_>>>()?;
    Ok(hintgate::may_run_in_parallel(&decisions))
}

/// Reads a policy object's JSON text: the packed policy or the packed error
/// (see `hintgate_js_wire::policy_word`).
#[napi(catch_unwind)]
pub fn policy_from_json(json: String) -> u32 {
    hintgate_js_wire::policy_word(json.as_bytes())
}

/// The policy as SPEC's JSON object text (`{"read":"allow",…}`).
#[napi(catch_unwind)]
pub fn policy_to_json(bits: u32) -> Result<String> {
    let policy = policy_from_bits(bits)?;
    let mut buf = [0u8; 256];
    let len = policy
        .write_json(&mut buf)
        .map_err(|e| Error::from_reason(e.to_string()))?;
    Ok(String::from_utf8_lossy(&buf[..len]).into_owned())
}

/// Whether `bits` is a packed policy.
#[napi(catch_unwind)]
pub fn policy_is_valid(bits: f64) -> bool {
    bits.fract() == 0.0
        && (0.0..=f64::from(u16::MAX)).contains(&bits)
        && Policy::from_bits(bits as u16).is_some()
}

/// The action number the policy gives `risk`.
#[napi(catch_unwind)]
pub fn policy_action(bits: u32, risk: u32) -> Result<u32> {
    let risk = u8::try_from(risk)
        .ok()
        .and_then(Risk::from_u8)
        .ok_or_else(|| invalid_arg("unknown risk"))?;
    Ok(u32::from(policy_from_bits(bits)?.action(risk).to_u8()))
}

/// Whether the policy confirms tools that warn they are costly.
#[napi(catch_unwind)]
pub fn policy_confirm_costly(bits: u32) -> Result<bool> {
    Ok(policy_from_bits(bits)?.confirm_costly())
}

/// The packed policy with `action` for `risk` and the given flag.
#[napi(catch_unwind)]
pub fn policy_new(actions: Vec<u32>, confirm_costly: bool) -> Result<u32> {
    let mut table = [Action::Deny; 6];
    if actions.len() != table.len() {
        return Err(invalid_arg("a policy has six actions"));
    }
    for (slot, &n) in table.iter_mut().zip(&actions) {
        *slot = u8::try_from(n)
            .ok()
            .and_then(Action::from_u8)
            .ok_or_else(|| invalid_arg("unknown action"))?;
    }
    Ok(u32::from(Policy::new(table, confirm_costly).bits()))
}

/// The packed hints in `bits` as numbers: declared slots in bits 0–5, their
/// values in bits 8–13 (the packed form itself) and the effective hints
/// without tier fill in bits 16–21; `-1` when `bits` is not packed hints.
#[napi(catch_unwind)]
pub fn hints_from_bits(bits: f64) -> i32 {
    let hints = (bits.fract() == 0.0 && (0.0..=f64::from(u16::MAX)).contains(&bits))
        .then(|| Hints::from_bits(bits as u16))
        .flatten();
    match hints {
        Some(hints) => i32::from(hints.bits()) | i32::from(hints.effective().bits()) << 16,
        None => -1,
    }
}

/// `bits` with hint number `hint` declared as `value`.
#[napi(catch_unwind)]
pub fn hints_with(bits: u32, hint: u32, value: bool) -> Result<u32> {
    let hints = u16::try_from(bits)
        .ok()
        .and_then(Hints::from_bits)
        .ok_or_else(|| invalid_arg("not packed hints"))?;
    let hint = u8::try_from(hint)
        .ok()
        .and_then(hintgate::Hint::from_u8)
        .ok_or_else(|| invalid_arg("unknown hint"))?;
    Ok(u32::from(hints.with(hint, value).bits()))
}

/// What the core knows of a tier word.
#[napi(object)]
pub struct TierInfo {
    /// The tier's number.
    pub tier: u32,
    /// Its risk class number (SPEC §3).
    pub risk: u32,
    /// Its stamp, packed hints (SPEC §2).
    pub stamp_bits: u32,
    /// `{"annotations": {...}, "_meta": {...}}` as the core writes it.
    pub stamp_json: String,
}

/// The tier named `word`, or `None` when it is not one.
#[napi(catch_unwind)]
pub fn tier_info(word: String) -> Result<Option<TierInfo>> {
    let Some(tier) = Tier::parse(&word) else {
        return Ok(None);
    };
    let mut buf = [0u8; 256];
    let len = tier
        .write_stamp_json(&mut buf)
        .map_err(|e| Error::from_reason(e.to_string()))?;
    Ok(Some(TierInfo {
        tier: u32::from(tier.to_u8()),
        risk: u32::from(tier.risk().to_u8()),
        stamp_bits: u32::from(tier.stamp().bits()),
        stamp_json: String::from_utf8_lossy(&buf[..len]).into_owned(),
    }))
}

/// Panics on purpose: the test suite checks that a panic reaches JavaScript
/// as an `Error` and the process survives.
#[napi(catch_unwind)]
pub fn panic_for_test() -> u32 {
    panic!("hintgate-node: deliberate panic for the test suite")
}
