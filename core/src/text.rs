//! `JsonStr`: a string borrowed from a JSON document and decoded on demand, so
//! that escaped names compare by what they say (`"del\u0065te"` is `delete`)
//! without allocating.

use core::fmt::{self, Write};
use core::str;

use crate::BufferTooSmall;

/// A string borrowed from a document: either plain text, or the raw contents of
/// a JSON string literal whose escapes are decoded whenever it is compared,
/// printed or copied.
///
/// ```
/// use hintgate::JsonStr;
/// let name = hintgate::read_tool(br#"{"name":"del\u0065te_repo"}"#)?.name().unwrap();
/// assert_eq!(name, "delete_repo");
/// assert_eq!(name.raw(), r"del\u0065te_repo");
/// let mut buf = [0u8; 16];
/// assert_eq!(name.decode_into(&mut buf)?, "delete_repo");
/// assert_eq!(JsonStr::plain("delete_repo"), name);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct JsonStr<'a> {
    raw: &'a str,
    escaped: bool,
}

impl<'a> JsonStr<'a> {
    /// Plain text, taken as it is (backslashes included).
    pub const fn plain(text: &'a str) -> JsonStr<'a> {
        JsonStr {
            raw: text,
            escaped: false,
        }
    }

    /// The contents of a JSON string literal — the text between its quotes,
    /// escapes not yet decoded — once checked: `None` when it holds an
    /// unescaped `"`, a control character, or an escape that is not well
    /// formed (a `\u` surrogate must be a high–low pair, as in a document).
    ///
    /// For hosts that keep a string as it stood in a document (the C binding
    /// hands tools out as views of the caller's buffer) and give it back later.
    ///
    /// ```
    /// use hintgate::JsonStr;
    /// assert_eq!(JsonStr::from_json_contents(r"del\u0065te").unwrap(), "delete");
    /// assert!(JsonStr::from_json_contents(r"bad \q escape").is_none());
    /// assert!(JsonStr::from_json_contents("a \"quote").is_none());
    /// ```
    pub fn from_json_contents(raw: &'a str) -> Option<JsonStr<'a>> {
        let escaped = crate::json::lex::string_contents(raw.as_bytes())?;
        Some(JsonStr { raw, escaped })
    }

    /// The contents of a JSON string literal already checked by the scanner
    /// (every escape well formed, surrogates in pairs); `escaped` says whether
    /// it has any escape to decode.
    pub(crate) const fn from_checked_parts(raw: &'a str, escaped: bool) -> JsonStr<'a> {
        JsonStr { raw, escaped }
    }

    /// The text as it stands in the document, escapes and all.
    pub const fn raw(&self) -> &'a str {
        self.raw
    }

    /// The decoded text without copying, when decoding changes nothing.
    pub const fn as_plain(&self) -> Option<&'a str> {
        if self.escaped { None } else { Some(self.raw) }
    }

    /// Whether the text has JSON escapes to decode.
    pub const fn is_escaped(&self) -> bool {
        self.escaped
    }

    /// Whether the decoded text is empty.
    pub const fn is_empty(&self) -> bool {
        self.raw.is_empty()
    }

    /// The decoded text when it is at most 32 bytes, else `""` — for matching
    /// against known words (keys, tiers) with a plain `match`, without copying
    /// unless the text has escapes.
    pub(crate) fn word<'s>(&self, buf: &'s mut [u8; 32]) -> &'s str
    where
        'a: 's,
    {
        if !self.escaped {
            return if self.raw.len() <= buf.len() {
                self.raw
            } else {
                ""
            };
        }
        self.decode_into(buf).unwrap_or("")
    }

    /// A cheap fingerprint of the decoded text — its length and first four
    /// bytes — so that duplicate detection compares texts only when these agree.
    pub(crate) fn fingerprint(&self) -> u32 {
        let mut head = [0u8; 4];
        if self.escaped {
            let mut filled = 0;
            for c in self.chars() {
                for &byte in c.encode_utf8(&mut [0; 4]).as_bytes() {
                    if let Some(slot) = head.get_mut(filled) {
                        *slot = byte;
                        filled += 1;
                    }
                }
                if filled == head.len() {
                    break;
                }
            }
        } else {
            for (slot, &byte) in head.iter_mut().zip(self.raw.as_bytes()) {
                *slot = byte;
            }
        }
        u32::from_le_bytes(head) ^ (self.decoded_len() as u32).rotate_left(24)
    }

    /// The decoded characters.
    pub fn chars(&self) -> Chars<'a> {
        Chars {
            rest: self.raw,
            escaped: self.escaped,
        }
    }

    /// The length in bytes of the decoded text as UTF-8.
    pub fn decoded_len(&self) -> usize {
        if self.escaped {
            self.chars().map(char::len_utf8).sum()
        } else {
            self.raw.len()
        }
    }

    /// Copies the decoded text into `buf` and returns it; when `buf` is too
    /// small, nothing is returned but the length needed.
    pub fn decode_into<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str, BufferTooSmall> {
        let needed = self.decoded_len();
        let Some(out) = buf.get_mut(..needed) else {
            return Err(BufferTooSmall { needed });
        };
        let mut at = 0;
        for c in self.chars() {
            at += c.encode_utf8(&mut out[at..]).len();
        }
        // Always valid: only whole chars were encoded.
        str::from_utf8(out).map_err(|_| BufferTooSmall { needed })
    }
}

impl PartialEq for JsonStr<'_> {
    fn eq(&self, other: &JsonStr<'_>) -> bool {
        if !self.escaped && !other.escaped {
            self.raw == other.raw
        } else {
            self.chars().eq(other.chars())
        }
    }
}

impl Eq for JsonStr<'_> {}

impl PartialEq<str> for JsonStr<'_> {
    fn eq(&self, other: &str) -> bool {
        if self.escaped {
            self.chars().eq(other.chars())
        } else {
            self.raw == other
        }
    }
}

impl PartialEq<&str> for JsonStr<'_> {
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

impl fmt::Display for JsonStr<'_> {
    /// Writes the decoded text; honours width, fill, alignment and precision.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.escaped {
            return f.pad(self.raw);
        }
        if f.width().is_none() && f.precision().is_none() {
            return self.chars().try_for_each(|c| f.write_char(c));
        }
        let shown = f.precision().unwrap_or(usize::MAX);
        let count = self.chars().take(shown).count();
        let padding = f.width().unwrap_or(0).saturating_sub(count);
        let (before, after) = match f.align() {
            Some(fmt::Alignment::Right) => (padding, 0),
            Some(fmt::Alignment::Center) => (padding / 2, padding - padding / 2),
            _ => (0, padding),
        };
        let fill = f.fill();
        (0..before).try_for_each(|_| f.write_char(fill))?;
        self.chars().take(shown).try_for_each(|c| f.write_char(c))?;
        (0..after).try_for_each(|_| f.write_char(fill))
    }
}

impl fmt::Debug for JsonStr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        for c in self.chars() {
            for e in c.escape_debug() {
                f.write_char(e)?;
            }
        }
        f.write_char('"')
    }
}

/// The decoded characters of a [`JsonStr`].
#[derive(Clone, Debug)]
pub struct Chars<'a> {
    rest: &'a str,
    escaped: bool,
}

impl Iterator for Chars<'_> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        let mut chars = self.rest.chars();
        let first = chars.next()?;
        if first != '\\' || !self.escaped {
            self.rest = chars.as_str();
            return Some(first);
        }
        let (decoded, used) = decode_escape(self.rest.as_bytes());
        self.rest = self.rest.get(used..).unwrap_or("");
        Some(decoded)
    }
}

/// Decodes the escape at the start of `bytes` (which begins with `\`) and
/// returns the character and the bytes it used. The scanner has checked the
/// escape; should it be malformed anyway, U+FFFD stands in for it.
fn decode_escape(bytes: &[u8]) -> (char, usize) {
    let simple = match bytes.get(1) {
        Some(b'"') => '"',
        Some(b'\\') => '\\',
        Some(b'/') => '/',
        Some(b'b') => '\u{8}',
        Some(b'f') => '\u{c}',
        Some(b'n') => '\n',
        Some(b'r') => '\r',
        Some(b't') => '\t',
        Some(b'u') => return decode_unicode_escape(bytes),
        _ => return (char::REPLACEMENT_CHARACTER, 1),
    };
    (simple, 2)
}

fn decode_unicode_escape(bytes: &[u8]) -> (char, usize) {
    let Some(unit) = hex4(bytes.get(2..6)) else {
        return (char::REPLACEMENT_CHARACTER, 1);
    };
    if (0xD800..0xDC00).contains(&unit) {
        let low = match bytes.get(6..8) {
            Some(b"\\u") => hex4(bytes.get(8..12)),
            _ => None,
        };
        if let Some(low @ 0xDC00..0xE000) = low {
            let scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
            return (
                char::from_u32(scalar).unwrap_or(char::REPLACEMENT_CHARACTER),
                12,
            );
        }
    }
    (
        char::from_u32(unit).unwrap_or(char::REPLACEMENT_CHARACTER),
        6,
    )
}

/// The value of four hex digits (no sign, unlike `u32::from_str_radix`).
pub(crate) fn hex4(digits: Option<&[u8]>) -> Option<u32> {
    let digits = digits?;
    if digits.len() != 4 {
        return None;
    }
    digits.iter().try_fold(0u32, |value, &d| {
        let nibble = match d {
            b'0'..=b'9' => d - b'0',
            b'a'..=b'f' => d - b'a' + 10,
            b'A'..=b'F' => d - b'A' + 10,
            _ => return None,
        };
        Some(value << 4 | u32::from(nibble))
    })
}
