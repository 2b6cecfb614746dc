//! Index-based JSON lexing over bytes already known to be UTF-8: strings,
//! numbers, literals and whitespace, each returning the index after the token
//! or a [`Fault`] at the offending byte. The scanner and the skipper share them.

use super::error::DocumentErrorKind as Kind;
use crate::text::hex4;

/// A syntax error: what, and at which byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fault {
    pub kind: Kind,
    pub offset: usize,
}

pub(crate) type Scan<T> = Result<T, Fault>;

pub(crate) const fn fault(kind: Kind, offset: usize) -> Fault {
    Fault { kind, offset }
}

pub(crate) const fn unexpected_end(bytes: &[u8]) -> Fault {
    fault(Kind::UnexpectedEnd, bytes.len())
}

/// The index of the first non-whitespace byte at or after `i` (may be the end).
#[inline(always)]
pub(crate) fn skip_ws(bytes: &[u8], mut i: usize) -> usize {
    while let Some(&b) = bytes.get(i) {
        if !matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
            break;
        }
        i += 1;
    }
    i
}

/// Checks the string whose opening quote is at `quote`; returns the index of
/// its closing quote and whether it holds escapes.
#[inline(always)]
pub(crate) fn string_end(bytes: &[u8], quote: usize) -> Scan<(usize, bool)> {
    let mut i = quote + 1;
    let mut escaped = false;
    loop {
        i = skip_plain(bytes, i);
        match bytes.get(i) {
            Some(b'"') => return Ok((i, escaped)),
            Some(b'\\') => {
                escaped = true;
                i = escape_end(bytes, i)?;
            }
            Some(_) => return Err(fault(Kind::ControlCharacter, i)),
            None => return Err(unexpected_end(bytes)),
        }
    }
}

/// Checks that `bytes` are the contents of a JSON string literal (what stands
/// between its quotes); returns whether they hold escapes.
pub(crate) fn string_contents(bytes: &[u8]) -> Option<bool> {
    let mut i = 0;
    let mut escaped = false;
    loop {
        i = skip_plain(bytes, i);
        match bytes.get(i) {
            None => return Some(escaped),
            Some(b'\\') => {
                escaped = true;
                i = escape_end(bytes, i).ok()?;
            }
            Some(_) => return None,
        }
    }
}

/// Checks the escape starting at `at` (a `\`); returns the index after it.
fn escape_end(bytes: &[u8], at: usize) -> Scan<usize> {
    match bytes.get(at + 1) {
        None => Err(unexpected_end(bytes)),
        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => Ok(at + 2),
        Some(b'u') => match hex_unit(bytes, at, at + 2)? {
            0xD800..=0xDBFF => {
                // I-JSON: a high surrogate must be followed by a low one.
                match bytes.get(at + 6..at + 8) {
                    None if bytes.len() < at + 8 => return Err(unexpected_end(bytes)),
                    Some(b"\\u") => {}
                    _ => return Err(fault(Kind::InvalidEscape, at)),
                }
                match hex_unit(bytes, at, at + 8)? {
                    0xDC00..=0xDFFF => Ok(at + 12),
                    _ => Err(fault(Kind::InvalidEscape, at)),
                }
            }
            0xDC00..=0xDFFF => Err(fault(Kind::InvalidEscape, at)),
            _ => Ok(at + 6),
        },
        Some(_) => Err(fault(Kind::InvalidEscape, at)),
    }
}

/// The four hex digits at `digits`, for the escape starting at `escape`.
fn hex_unit(bytes: &[u8], escape: usize, digits: usize) -> Scan<u32> {
    let Some(quad) = bytes.get(digits..digits + 4) else {
        // Fewer than four bytes left: truncated, unless a non-hex byte
        // already shows the escape is bad.
        let rest = bytes.get(digits..).unwrap_or_default();
        return Err(if rest.iter().all(u8::is_ascii_hexdigit) {
            unexpected_end(bytes)
        } else {
            fault(Kind::InvalidEscape, escape)
        });
    };
    hex4(Some(quad)).ok_or(fault(Kind::InvalidEscape, escape))
}

/// Checks `word` (`true`, `false`, `null`) at `i`; returns the index after it.
pub(crate) fn literal_end(bytes: &[u8], i: usize, word: &[u8]) -> Scan<usize> {
    for (k, &expected) in word.iter().enumerate() {
        match bytes.get(i + k) {
            Some(&b) if b == expected => {}
            Some(_) => return Err(fault(Kind::UnexpectedByte, i + k)),
            None => return Err(unexpected_end(bytes)),
        }
    }
    Ok(i + word.len())
}

/// Checks the number starting at `i`; returns the index after it.
pub(crate) fn number_end(bytes: &[u8], mut i: usize) -> Scan<usize> {
    let broken = |at: usize| {
        if at >= bytes.len() {
            unexpected_end(bytes)
        } else {
            fault(Kind::InvalidNumber, at)
        }
    };
    if bytes.get(i) == Some(&b'-') {
        i += 1;
    }
    match bytes.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => i = skip_digits(bytes, i + 1),
        _ => return Err(broken(i)),
    }
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        if !matches!(bytes.get(i), Some(b'0'..=b'9')) {
            return Err(broken(i));
        }
        i = skip_digits(bytes, i);
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !matches!(bytes.get(i), Some(b'0'..=b'9')) {
            return Err(broken(i));
        }
        i = skip_digits(bytes, i);
    }
    Ok(i)
}

fn skip_digits(bytes: &[u8], mut i: usize) -> usize {
    while matches!(bytes.get(i), Some(b'0'..=b'9')) {
        i += 1;
    }
    i
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Flags (the high bit of each byte) the zero bytes of `v`. A flag can be
/// wrong only above the first right one, so the lowest flag is exact.
const fn zero_bytes(v: u64) -> u64 {
    v.wrapping_sub(ONES) & !v & HIGHS
}

/// Flags the bytes of `word` that are `"`, `\` or below 0x20 (lowest flag exact).
const fn attention(word: u64) -> u64 {
    let quote = zero_bytes(word ^ (ONES * b'"' as u64));
    let backslash = zero_bytes(word ^ (ONES * b'\\' as u64));
    let control = word.wrapping_sub(ONES * 0x20) & !word & HIGHS;
    quote | backslash | control
}

/// The eight bytes at `i`, as a little-endian word, when there are eight.
#[inline(always)]
fn word_at(bytes: &[u8], i: usize) -> Option<u64> {
    let chunk: [u8; 8] = bytes.get(i..i + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(chunk))
}

/// Advances over string bytes that need no attention (anything but `"`, `\`
/// and control characters), eight at a time while it can.
#[inline(always)]
fn skip_plain(bytes: &[u8], mut i: usize) -> usize {
    while let Some(word) = word_at(bytes, i) {
        let hits = attention(word);
        if hits != 0 {
            return i + (hits.trailing_zeros() / 8) as usize;
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

/// The index after the closing quote of an already checked string whose
/// contents start at `i` (only `"` and `\` matter).
#[inline(always)]
pub(crate) fn checked_string_end(bytes: &[u8], i: usize) -> usize {
    checked_string(bytes, i).0 + 1
}

/// The index of the closing quote of an already checked string whose contents
/// start at `i`, and whether it holds escapes.
#[inline(always)]
pub(crate) fn checked_string(bytes: &[u8], mut i: usize) -> (usize, bool) {
    let mut escaped = false;
    loop {
        while let Some(word) = word_at(bytes, i) {
            let hits =
                zero_bytes(word ^ (ONES * b'"' as u64)) | zero_bytes(word ^ (ONES * b'\\' as u64));
            if hits != 0 {
                i += (hits.trailing_zeros() / 8) as usize;
                break;
            }
            i += 8;
        }
        match bytes.get(i) {
            Some(b'"') => return (i, escaped),
            Some(b'\\') => {
                escaped = true;
                i += 2;
            }
            Some(_) => i += 1,
            None => return (bytes.len(), escaped),
        }
    }
}
