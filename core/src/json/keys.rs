//! Exact duplicate-key detection in fixed memory.
//!
//! Each key is remembered as a span of the document, so comparing needs no
//! copy; keys compare by their decoded text (`"a"` and `"\u0061"` are the same
//! key). The table holds [`MAX_KEYS`] keys: a bound on memory and on the
//! quadratic comparison work an adversarial object could cause.

use heapless::Vec;

use super::scan::Key;
use crate::text::JsonStr;
use crate::tool::InvalidKind;

/// The most keys the tool object, `annotations` or the meta object may have.
pub(crate) const MAX_KEYS: usize = 64;

const ESCAPED: u32 = 1 << 31;

pub(crate) struct KeySet {
    /// (start of the key's contents, length | `ESCAPED`)
    spans: Vec<(u32, u32), MAX_KEYS>,
}

impl KeySet {
    pub fn new() -> KeySet {
        KeySet { spans: Vec::new() }
    }

    /// Remembers `key` (found in `text`); fails when it was seen before or the
    /// table is full.
    pub fn insert(&mut self, text: &str, key: &Key<'_>) -> Result<(), InvalidKind> {
        let raw = key.text.raw();
        let escaped = key.text.is_escaped();
        for &(start, len) in &self.spans {
            let seen = stored(text, start, len);
            let same = if !escaped && len & ESCAPED == 0 {
                seen.raw() == raw
            } else {
                seen == key.text
            };
            if same {
                return Err(InvalidKind::DuplicateKey);
            }
        }
        // Documents are at most 4 GiB (checked on entry), so offsets fit; keys
        // longer than 2 GiB cannot occur in such a document twice.
        let start = (key.offset + 1) as u32;
        let len = raw.len() as u32 | if escaped { ESCAPED } else { 0 };
        self.spans
            .push((start, len))
            .map_err(|_| InvalidKind::TooManyKeys)
    }
}

fn stored(text: &str, start: u32, len: u32) -> JsonStr<'_> {
    let start = start as usize;
    let end = start + (len & !ESCAPED) as usize;
    JsonStr::from_checked_parts(text.get(start..end).unwrap_or_default(), len & ESCAPED != 0)
}
