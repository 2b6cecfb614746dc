//! The core's vocabulary, handed to JavaScript once at load: every word list
//! in numeric order, straight from the core's `ALL` lists, so the JavaScript
//! tables that turn numbers into words are the core's and cannot drift.

use hintgate::{
    Action, DocumentErrorKind, Finding, Hint, InvalidKind, PolicyErrorKind, Preset, Reason, Retry,
    Risk, Tier,
};
use napi_derive::napi;

/// Every word list of SPEC §8, each indexed by the core's number.
#[napi(object)]
pub struct Vocabulary {
    /// `allow confirm deny`.
    pub actions: Vec<String>,
    /// `read compute external share spend destructive`.
    pub risks: Vec<String>,
    /// The reasons of SPEC §5.
    pub reasons: Vec<String>,
    /// `safe same_key never`.
    pub retries: Vec<String>,
    /// The six hint names (`readOnlyHint`…), in slot order.
    pub hints: Vec<String>,
    /// The lint findings of SPEC §7.
    pub findings: Vec<String>,
    /// The invalid-tool kinds of SPEC §6.
    pub invalid_kinds: Vec<String>,
    /// The document error kinds.
    pub document_errors: Vec<String>,
    /// The policy error kinds.
    pub policy_errors: Vec<String>,
    /// The five tiers.
    pub tiers: Vec<String>,
    /// The five presets.
    pub presets: Vec<String>,
    /// The packed policy of each preset, in the order of `presets`.
    pub preset_bits: Vec<u32>,
}

/// The words of `all`, checking that each value's number is its index.
fn words<T: Copy>(all: &[T], number: fn(T) -> u8, word: fn(T) -> &'static str) -> Vec<String> {
    all.iter()
        .enumerate()
        .map(|(i, &v)| {
            assert_eq!(usize::from(number(v)), i, "vocabulary numbers are dense");
            word(v).to_owned()
        })
        .collect()
}

/// The core's vocabulary.
#[napi(catch_unwind)]
pub fn vocabulary() -> Vocabulary {
    Vocabulary {
        actions: words(Action::ALL, Action::to_u8, Action::as_str),
        risks: words(Risk::ALL, Risk::to_u8, Risk::as_str),
        reasons: words(Reason::ALL, Reason::to_u8, Reason::as_str),
        retries: words(Retry::ALL, Retry::to_u8, Retry::as_str),
        hints: words(Hint::ALL, Hint::to_u8, Hint::as_str),
        findings: words(Finding::ALL, Finding::to_u8, Finding::as_str),
        invalid_kinds: words(InvalidKind::ALL, InvalidKind::to_u8, InvalidKind::as_str),
        document_errors: words(
            DocumentErrorKind::ALL,
            DocumentErrorKind::to_u8,
            DocumentErrorKind::as_str,
        ),
        policy_errors: words(
            PolicyErrorKind::ALL,
            PolicyErrorKind::to_u8,
            PolicyErrorKind::as_str,
        ),
        tiers: words(Tier::ALL, Tier::to_u8, Tier::as_str),
        presets: words(Preset::ALL, Preset::to_u8, Preset::as_str),
        preset_bits: Preset::ALL
            .iter()
            .map(|p| u32::from(p.policy().bits()))
            .collect(),
    }
}
