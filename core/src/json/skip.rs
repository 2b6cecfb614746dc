//! Skipping whole values: validating (the first pass over a document) and
//! checked (later passes over text the first pass accepted).
//!
//! Both are loops, not recursion: the kinds of the open containers live in a
//! 128-bit stack, one bit per level, which the 128-level bound makes sufficient.

use super::error::DocumentErrorKind as Kind;
use super::lex::{
    Scan, checked_string_end, fault, literal_end, number_end, skip_ws, string_end, unexpected_end,
};

/// The deepest nesting accepted anywhere; the document's own top-level
/// container is level 1.
pub(crate) const MAX_DEPTH: usize = 128;

/// Validates the value starting at or after `i` (whitespace first); returns the
/// index after it. `depth` is the number of containers already open around the
/// value; a container opened beyond [`MAX_DEPTH`] is an error.
pub(crate) fn skip_value(bytes: &[u8], mut i: usize, depth: usize) -> Scan<usize> {
    let room = MAX_DEPTH.saturating_sub(depth);
    let mut kinds = ContainerKinds::default();
    let mut open: usize = 0;
    let mut in_object = false; // the innermost open container is an object
    'value: loop {
        i = skip_ws(bytes, i);
        let Some(&b) = bytes.get(i) else {
            return Err(unexpected_end(bytes));
        };
        match b {
            b'"' => i = string_end(bytes, i)?.0 + 1,
            b'{' | b'[' => {
                if open >= room {
                    return Err(fault(Kind::TooDeep, i));
                }
                let is_object = b == b'{';
                let closing = if is_object { b'}' } else { b']' };
                i = skip_ws(bytes, i + 1);
                if bytes.get(i) == Some(&closing) {
                    i += 1;
                } else {
                    if is_object {
                        i = key_and_colon(bytes, i)?;
                    }
                    kinds.set(open, is_object);
                    in_object = is_object;
                    open += 1;
                    continue 'value;
                }
            }
            b't' => i = literal_end(bytes, i, b"true")?,
            b'f' => i = literal_end(bytes, i, b"false")?,
            b'n' => i = literal_end(bytes, i, b"null")?,
            b'-' | b'0'..=b'9' => i = number_end(bytes, i)?,
            _ => return Err(fault(Kind::UnexpectedByte, i)),
        }
        // A value ended: close what is finished, or go on to the next member.
        while open > 0 {
            i = skip_ws(bytes, i);
            match (bytes.get(i), in_object) {
                (Some(b','), true) => {
                    i = key_and_colon(bytes, skip_ws(bytes, i + 1))?;
                    continue 'value;
                }
                (Some(b','), false) => {
                    i += 1;
                    continue 'value;
                }
                (Some(b'}'), true) | (Some(b']'), false) => {
                    i += 1;
                    open -= 1;
                    in_object = open > 0 && kinds.get(open - 1);
                }
                (Some(_), _) => return Err(fault(Kind::UnexpectedByte, i)),
                (None, _) => return Err(unexpected_end(bytes)),
            }
        }
        return Ok(i);
    }
}

/// One bit per nesting level: is the container there an object?
#[derive(Default)]
struct ContainerKinds([u64; MAX_DEPTH / 64]);

impl ContainerKinds {
    fn set(&mut self, level: usize, is_object: bool) {
        if let Some(word) = self.0.get_mut(level / 64) {
            let bit = 1u64 << (level % 64);
            *word = if is_object { *word | bit } else { *word & !bit };
        }
    }

    fn get(&self, level: usize) -> bool {
        self.0
            .get(level / 64)
            .is_some_and(|word| word >> (level % 64) & 1 == 1)
    }
}

/// Checks a key at `i` (which must be its `"`) and the `:` after it; returns
/// the index after the colon.
#[inline(always)]
fn key_and_colon(bytes: &[u8], i: usize) -> Scan<usize> {
    match bytes.get(i) {
        Some(b'"') => {}
        Some(_) => return Err(fault(Kind::UnexpectedByte, i)),
        None => return Err(unexpected_end(bytes)),
    }
    let colon = skip_ws(bytes, string_end(bytes, i)?.0 + 1);
    match bytes.get(colon) {
        Some(b':') => Ok(colon + 1),
        Some(_) => Err(fault(Kind::UnexpectedByte, colon)),
        None => Err(unexpected_end(bytes)),
    }
}

/// Skips the value at `i` (no leading whitespace) of text that
/// [`skip_value`] has accepted: only brackets and string ends matter, so this
/// is several times faster. On unchecked text it never panics, but may stop
/// anywhere.
pub(crate) fn skip_checked(bytes: &[u8], mut i: usize) -> usize {
    match bytes.get(i) {
        Some(b'"') => checked_string_end(bytes, i + 1),
        Some(b'{' | b'[') => {
            let mut depth = 0usize;
            while let Some(&b) = bytes.get(i) {
                match b {
                    b'"' => {
                        i = checked_string_end(bytes, i + 1);
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            return i + 1;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            i
        }
        _ => {
            while let Some(&b) = bytes.get(i) {
                if matches!(b, b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t') {
                    break;
                }
                i += 1;
            }
            i
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::Value;
    use std::format;

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<f64>().prop_map(Value::from),
            // Strings full of what a skipper must not be fooled by.
            "[\\[\\]{}\"\\\\a é,:]{0,90}".prop_map(Value::String),
        ];
        leaf.prop_recursive(6, 200, 8, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
                proptest::collection::vec(("[a-z\\]\\\\\"]{0,12}", inner), 0..8)
                    .prop_map(|members| Value::Object(members.into_iter().collect())),
            ]
        })
    }

    proptest! {
        /// The checked skipper ends every value exactly where the validating
        /// skipper does.
        #[test]
        fn checked_skipping_ends_where_validation_ends(v in value(), pad in 0usize..20, pretty: bool) {
            let json = if pretty { serde_json::to_string_pretty(&v) } else { serde_json::to_string(&v) }.unwrap();
            let text = format!("{}{json} ,tail", " ".repeat(pad));
            let bytes = text.as_bytes();
            let expected = skip_value(bytes, pad, 0).unwrap();
            prop_assert_eq!(skip_checked(bytes, pad), expected);
        }
    }
}
