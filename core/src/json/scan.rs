//! A validating, zero-copy JSON scanner over text already known to be UTF-8.
//!
//! It exists because serde-json-core's deserializer cannot be made to do what
//! §6 needs: it hides its position (no byte offsets), skips unknown values by
//! unbounded recursion while accepting any bytes as a number or literal, and
//! rejects valid surrogate-pair escapes. Here skipping is iterative with an
//! explicit 128-level bound, every skipped byte is validated, and errors carry
//! their offset.

use super::error::DocumentErrorKind as Kind;
use crate::text::{JsonStr, hex4};

/// The deepest nesting accepted anywhere; the document's own top-level container
/// is level 1.
pub(crate) const MAX_DEPTH: usize = 128;

/// A syntax error: what, and at which byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fault {
    pub kind: Kind,
    pub offset: usize,
}

pub(crate) type Scan<T> = Result<T, Fault>;

/// An object key and the offset of its opening quote.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Key<'a> {
    pub text: JsonStr<'a>,
    pub offset: usize,
}

#[derive(Clone)]
pub(crate) struct Scanner<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Scanner<'a> {
    pub fn new(text: &'a str, pos: usize) -> Scanner<'a> {
        Scanner { text, pos }
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn fault(&self, kind: Kind, offset: usize) -> Fault {
        Fault { kind, offset }
    }

    fn unexpected_end(&self) -> Fault {
        self.fault(Kind::UnexpectedEnd, self.text.len())
    }

    /// Skips whitespace; returns the next byte without consuming it.
    pub fn peek(&mut self) -> Scan<u8> {
        let bytes = self.bytes();
        while let Some(&b) = bytes.get(self.pos) {
            if !matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                return Ok(b);
            }
            self.pos += 1;
        }
        Err(self.unexpected_end())
    }

    pub fn bump(&mut self) {
        self.pos += 1;
    }

    fn unexpected(&self) -> Fault {
        self.fault(Kind::UnexpectedByte, self.pos)
    }

    /// After the document: only whitespace may follow.
    pub fn finish(&mut self) -> Scan<()> {
        match self.peek() {
            Ok(_) => Err(self.fault(Kind::TrailingBytes, self.pos)),
            Err(_) => Ok(()),
        }
    }

    /// With the cursor inside an object (after `{` or a value), moves to the
    /// next key and past its `:`; `None` at the closing `}`.
    pub fn next_key(&mut self, first: &mut bool) -> Scan<Option<Key<'a>>> {
        let b = self.peek()?;
        if *first {
            *first = false;
            if b == b'}' {
                self.bump();
                return Ok(None);
            }
        } else {
            match b {
                b',' => self.bump(),
                b'}' => {
                    self.bump();
                    return Ok(None);
                }
                _ => return Err(self.unexpected()),
            }
        }
        if self.peek()? != b'"' {
            return Err(self.unexpected());
        }
        let offset = self.pos;
        let text = self.string()?;
        if self.peek()? != b':' {
            return Err(self.unexpected());
        }
        self.bump();
        Ok(Some(Key { text, offset }))
    }

    /// With the cursor inside an array (after `[` or a value), moves to the
    /// next element; `false` at the closing `]`.
    pub fn next_element(&mut self, first: &mut bool) -> Scan<bool> {
        let b = self.peek()?;
        if *first {
            *first = false;
            if b == b']' {
                self.bump();
                return Ok(false);
            }
            return Ok(true);
        }
        match b {
            b',' => {
                self.bump();
                self.peek()?;
                Ok(true)
            }
            b']' => {
                self.bump();
                Ok(false)
            }
            _ => Err(self.unexpected()),
        }
    }

    /// Reads the string at the cursor (which is at its `"`), checking escapes
    /// and control characters.
    pub fn string(&mut self) -> Scan<JsonStr<'a>> {
        let bytes = self.bytes();
        let start = self.pos + 1;
        let mut i = start;
        loop {
            i = skip_plain(bytes, i);
            match bytes.get(i) {
                None => return Err(self.unexpected_end()),
                Some(b'"') => break,
                Some(b'\\') => i = self.escape(i)?,
                Some(_) => return Err(self.fault(Kind::ControlCharacter, i)),
            }
        }
        self.pos = i + 1;
        // Both ends sit next to an ASCII quote, so they are char boundaries.
        let raw = self.text.get(start..i).unwrap_or_default();
        Ok(JsonStr::from_checked_literal(raw))
    }

    /// Checks the escape starting at `at` (a `\`); returns the index after it.
    fn escape(&self, at: usize) -> Scan<usize> {
        let bytes = self.bytes();
        match bytes.get(at + 1) {
            None => Err(self.unexpected_end()),
            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => Ok(at + 2),
            Some(b'u') => {
                let unit = self.hex_unit(at, at + 2)?;
                match unit {
                    0xD800..=0xDBFF => {
                        // I-JSON: a high surrogate must be followed by a low one.
                        match bytes.get(at + 6..at + 8) {
                            None if bytes.len() < at + 8 => return Err(self.unexpected_end()),
                            Some(b"\\u") => {}
                            _ => return Err(self.fault(Kind::InvalidEscape, at)),
                        }
                        match self.hex_unit(at, at + 8)? {
                            0xDC00..=0xDFFF => Ok(at + 12),
                            _ => Err(self.fault(Kind::InvalidEscape, at)),
                        }
                    }
                    0xDC00..=0xDFFF => Err(self.fault(Kind::InvalidEscape, at)),
                    _ => Ok(at + 6),
                }
            }
            Some(_) => Err(self.fault(Kind::InvalidEscape, at)),
        }
    }

    /// The four hex digits at `digits`, for the escape starting at `escape`.
    fn hex_unit(&self, escape: usize, digits: usize) -> Scan<u32> {
        let bytes = self.bytes();
        let Some(quad) = bytes.get(digits..digits + 4) else {
            // Fewer than four bytes left: truncated, unless a non-hex byte
            // already shows the escape is bad.
            let rest = bytes.get(digits..).unwrap_or_default();
            return Err(if rest.iter().all(u8::is_ascii_hexdigit) {
                self.unexpected_end()
            } else {
                self.fault(Kind::InvalidEscape, escape)
            });
        };
        hex4(Some(quad)).ok_or(self.fault(Kind::InvalidEscape, escape))
    }

    fn literal(&mut self, word: &[u8]) -> Scan<()> {
        for &expected in word {
            match self.bytes().get(self.pos) {
                None => return Err(self.unexpected_end()),
                Some(&b) if b == expected => self.pos += 1,
                Some(_) => return Err(self.unexpected()),
            }
        }
        Ok(())
    }

    /// Reads `true` or `false` at the cursor; `None` (and nothing consumed)
    /// for any other value.
    pub fn boolean(&mut self) -> Scan<Option<bool>> {
        match self.peek()? {
            b't' => self.literal(b"true").map(|()| Some(true)),
            b'f' => self.literal(b"false").map(|()| Some(false)),
            _ => Ok(None),
        }
    }

    /// Reads `null` at the cursor and returns true; false (nothing consumed)
    /// for any other value.
    pub fn null(&mut self) -> Scan<bool> {
        if self.peek()? == b'n' {
            self.literal(b"null").map(|()| true)
        } else {
            Ok(false)
        }
    }

    /// Reads an integer that fits an `i64` at the cursor; any other number is
    /// skipped and gives `None`.
    pub fn integer(&mut self) -> Scan<Option<i64>> {
        let start = self.pos;
        self.number()?;
        let digits = self.text.get(start..self.pos).unwrap_or_default();
        Ok(digits.parse().ok())
    }

    fn number(&mut self) -> Scan<()> {
        let bytes = self.bytes();
        let mut i = self.pos;
        if bytes.get(i) == Some(&b'-') {
            i += 1;
        }
        match bytes.get(i) {
            Some(b'0') => i += 1,
            Some(b'1'..=b'9') => i = skip_digits(bytes, i + 1),
            _ => return Err(self.number_fault(i)),
        }
        if bytes.get(i) == Some(&b'.') {
            i += 1;
            if !matches!(bytes.get(i), Some(b'0'..=b'9')) {
                return Err(self.number_fault(i));
            }
            i = skip_digits(bytes, i);
        }
        if matches!(bytes.get(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(bytes.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            if !matches!(bytes.get(i), Some(b'0'..=b'9')) {
                return Err(self.number_fault(i));
            }
            i = skip_digits(bytes, i);
        }
        self.pos = i;
        Ok(())
    }

    fn number_fault(&self, at: usize) -> Fault {
        if at >= self.text.len() {
            self.unexpected_end()
        } else {
            self.fault(Kind::InvalidNumber, at)
        }
    }

    /// Skips (and validates) one value. `depth` is the number of containers
    /// already open around it; a container opened beyond [`MAX_DEPTH`] is an
    /// error. Iterative: the kinds of the open containers live in one `u128`.
    pub fn skip_value(&mut self, depth: usize) -> Scan<()> {
        let mut objects: u128 = 0; // bit i: level i (inside this value) is an object
        let mut open: usize = 0;
        loop {
            // A value starts here.
            match self.peek()? {
                opening @ (b'{' | b'[') => {
                    if depth + open + 1 > MAX_DEPTH {
                        return Err(self.fault(Kind::TooDeep, self.pos));
                    }
                    let is_object = opening == b'{';
                    self.bump();
                    let mut first = true;
                    let has_member = if is_object {
                        self.next_key(&mut first)?.is_some()
                    } else {
                        self.next_element(&mut first)?
                    };
                    if has_member {
                        objects = set_bit(objects, open, is_object);
                        open += 1;
                        continue;
                    }
                }
                b'"' => {
                    self.string()?;
                }
                b't' => self.literal(b"true")?,
                b'f' => self.literal(b"false")?,
                b'n' => self.literal(b"null")?,
                b'-' | b'0'..=b'9' => self.number()?,
                _ => return Err(self.unexpected()),
            }
            // A value ended: close finished containers, or go on to the next member.
            loop {
                if open == 0 {
                    return Ok(());
                }
                let mut first = false;
                let more = if objects >> (open - 1) & 1 == 1 {
                    self.next_key(&mut first)?.is_some()
                } else {
                    self.next_element(&mut first)?
                };
                if more {
                    break;
                }
                open -= 1;
            }
        }
    }
}

fn set_bit(bits: u128, index: usize, value: bool) -> u128 {
    let mask = 1u128 << (index % 128);
    if value { bits | mask } else { bits & !mask }
}

fn skip_digits(bytes: &[u8], mut i: usize) -> usize {
    while matches!(bytes.get(i), Some(b'0'..=b'9')) {
        i += 1;
    }
    i
}

/// Advances over string bytes that need no attention (anything but `"`, `\`
/// and control characters), eight at a time while it can.
fn skip_plain(bytes: &[u8], mut i: usize) -> usize {
    while let Some(chunk) = bytes.get(i..i + 8) {
        let Ok(word) = <[u8; 8]>::try_from(chunk) else {
            break;
        };
        if needs_attention(u64::from_le_bytes(word)) {
            break;
        }
        i += 8;
    }
    while let Some(&b) = bytes.get(i) {
        if b == b'"' || b == b'\\' || b < 0x20 {
            break;
        }
        i += 1;
    }
    i
}

/// Whether any of eight bytes is `"`, `\` or below 0x20 (exact; SWAR).
const fn needs_attention(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    const fn has_zero(v: u64) -> u64 {
        v.wrapping_sub(ONES) & !v & HIGHS
    }
    let quote = has_zero(word ^ (ONES * b'"' as u64));
    let backslash = has_zero(word ^ (ONES * b'\\' as u64));
    let control = word.wrapping_sub(ONES * 0x20) & !word & HIGHS;
    (quote | backslash | control) != 0
}
