//! The core's vocabulary, handed to JavaScript once at load: every word list
//! in numeric order, straight from the core's `ALL` lists, so the JavaScript
//! tables that turn numbers into words are the core's and cannot drift.

use hintgate::{
    Action, DocumentErrorKind, Finding, Hint, InvalidKind, PolicyErrorKind, Preset, Reason, Retry,
    Risk, Tier,
};
use wasm_bindgen::prelude::*;

use crate::object::{Fields, array};

/// The words of a vocabulary type, indexed by number — built at compile
/// time, where a list whose numbers are not its indices (the JavaScript
/// tables index by number) fails the build.
macro_rules! words {
    ($t:ty) => {{
        const WORDS: [&str; <$t>::ALL.len()] = {
            let mut words = [""; <$t>::ALL.len()];
            let mut i = 0;
            while i < words.len() {
                assert!(<$t>::ALL[i].to_u8() as usize == i, "numbers are not dense");
                words[i] = <$t>::ALL[i].as_str();
                i += 1;
            }
            words
        };
        &WORDS
    }};
}

/// A JavaScript array of the words (one copy of this code for every list).
#[inline(never)]
fn strings(words: &[&str]) -> JsValue {
    array(words.iter().map(|&w| JsValue::from_str(w)))
}

/// Every word list of SPEC §8, each indexed by the core's number (a
/// `Vocabulary` object).
#[wasm_bindgen(js_name = vocabulary, unchecked_return_type = "Vocabulary")]
pub fn vocabulary() -> JsValue {
    let preset_bits = Preset::ALL
        .iter()
        .map(|p| JsValue::from(u32::from(p.policy().bits())));
    Fields::new()
        .value("actions", &strings(words!(Action)))
        .value("risks", &strings(words!(Risk)))
        .value("reasons", &strings(words!(Reason)))
        .value("retries", &strings(words!(Retry)))
        .value("hints", &strings(words!(Hint)))
        .value("findings", &strings(words!(Finding)))
        .value("invalidKinds", &strings(words!(InvalidKind)))
        .value("documentErrors", &strings(words!(DocumentErrorKind)))
        .value("policyErrors", &strings(words!(PolicyErrorKind)))
        .value("tiers", &strings(words!(Tier)))
        .value("presets", &strings(words!(Preset)))
        .value("presetBits", &array(preset_bits))
        .into()
}
