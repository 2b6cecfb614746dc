//! Exact duplicate-key detection in fixed memory.
//!
//! Each key is remembered by a fingerprint of its decoded text and its place
//! in the document, so comparing needs no copy and rarely more than one
//! integer compare; keys are equal when their decoded text is (`"a"` and
//! `"\u0061"` are the same key). The table holds [`MAX_KEYS`] keys: a bound on
//! memory and on the quadratic work an adversarial object could cause.

use heapless::Vec;

use super::lex::checked_string;
use super::scan::Key;
use crate::text::JsonStr;
use crate::tool::InvalidKind;

/// The most keys the tool object, `annotations` or the meta object may have.
pub(crate) const MAX_KEYS: usize = 64;

pub(crate) struct KeySet {
    /// (fingerprint of the decoded key, offset of its opening quote)
    keys: Vec<(u32, u32), MAX_KEYS>,
}

impl KeySet {
    pub fn new() -> KeySet {
        KeySet { keys: Vec::new() }
    }

    /// Remembers `key` (found in `text`); fails when it was seen before or the
    /// table is full.
    pub fn insert(&mut self, text: &str, key: &Key<'_>) -> Result<(), InvalidKind> {
        let fingerprint = key.text.fingerprint();
        for &(seen_fingerprint, seen_at) in &self.keys {
            if seen_fingerprint == fingerprint && stored(text, seen_at) == key.text {
                return Err(InvalidKind::DuplicateKey);
            }
        }
        // Documents are at most 4 GiB (checked on entry), so offsets fit.
        self.keys
            .push((fingerprint, key.offset as u32))
            .map_err(|_| InvalidKind::TooManyKeys)
    }
}

/// The key whose opening quote is at `quote` (already validated text).
fn stored(text: &str, quote: u32) -> JsonStr<'_> {
    let start = quote as usize + 1;
    let (end, escaped) = checked_string(text.as_bytes(), start);
    JsonStr::from_checked_parts(text.get(start..end).unwrap_or_default(), escaped)
}
