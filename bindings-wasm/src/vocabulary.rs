//! The core's vocabulary, handed to JavaScript once at load: every word list
//! in numeric order, straight from the core's `ALL` lists, so the JavaScript
//! tables that turn numbers into words are the core's and cannot drift.

use alloc::vec::Vec;
use hintgate::{
    Action, DocumentErrorKind, Finding, Hint, InvalidKind, PolicyErrorKind, Preset, Reason, Retry,
    Risk, Tier,
};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::object::{Fields, native_error, strings};

/// The words of `all`, checking that each value's number is its index (the
/// JavaScript tables index by number). Not a panic: an error the caller sees.
/// Generic only in this small part; the array is built by [`array`].
fn words<T: Copy>(
    all: &[T],
    number: fn(T) -> u8,
    word: fn(T) -> &'static str,
) -> Result<JsValue, JsValue> {
    let mut list: Vec<&'static str> = Vec::with_capacity(all.len());
    for (i, &v) in all.iter().enumerate() {
        if usize::from(number(v)) != i {
            return Err(native_error(
                "GenericFailure",
                "vocabulary numbers are not dense",
            ));
        }
        list.push(word(v));
    }
    Ok(array(&list))
}

/// A JavaScript array of the words (one copy of this code for every list:
/// the .wasm has a size budget).
#[inline(never)]
fn array(list: &[&str]) -> JsValue {
    strings(list.iter().copied()).into()
}

/// Every word list of SPEC §8, each indexed by the core's number (a
/// `Vocabulary` object).
#[wasm_bindgen(js_name = vocabulary, unchecked_return_type = "Vocabulary")]
pub fn vocabulary() -> Result<JsValue, JsValue> {
    let preset_bits: Array = Preset::ALL
        .iter()
        .map(|p| JsValue::from(u32::from(p.policy().bits())))
        .collect();
    Ok(Fields::new()
        .value(
            "actions",
            &words(Action::ALL, Action::to_u8, Action::as_str)?,
        )
        .value("risks", &words(Risk::ALL, Risk::to_u8, Risk::as_str)?)
        .value(
            "reasons",
            &words(Reason::ALL, Reason::to_u8, Reason::as_str)?,
        )
        .value("retries", &words(Retry::ALL, Retry::to_u8, Retry::as_str)?)
        .value("hints", &words(Hint::ALL, Hint::to_u8, Hint::as_str)?)
        .value(
            "findings",
            &words(Finding::ALL, Finding::to_u8, Finding::as_str)?,
        )
        .value(
            "invalidKinds",
            &words(InvalidKind::ALL, InvalidKind::to_u8, InvalidKind::as_str)?,
        )
        .value(
            "documentErrors",
            &words(
                DocumentErrorKind::ALL,
                DocumentErrorKind::to_u8,
                DocumentErrorKind::as_str,
            )?,
        )
        .value(
            "policyErrors",
            &words(
                PolicyErrorKind::ALL,
                PolicyErrorKind::to_u8,
                PolicyErrorKind::as_str,
            )?,
        )
        .value("tiers", &words(Tier::ALL, Tier::to_u8, Tier::as_str)?)
        .value(
            "presets",
            &words(Preset::ALL, Preset::to_u8, Preset::as_str)?,
        )
        .value("presetBits", &preset_bits)
        .into())
}
