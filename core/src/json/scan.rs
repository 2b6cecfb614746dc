//! A cursor over a JSON document, for reading the few objects whose members
//! matter (the tools list, a tool, its annotations and meta).
//!
//! It exists because serde-json-core's deserializer cannot do what SPEC §6
//! needs: it hides its position (no byte offsets), skips unknown values by
//! unbounded recursion while accepting any bytes as a number or literal, and
//! rejects valid surrogate-pair escapes. Here the first pass over a document
//! validates every byte, skipping is iterative with the 128-level bound, and
//! errors carry their offset; later passes (`Scanner::over_checked`) trust
//! what the first pass accepted and only find their way.

use super::error::DocumentErrorKind as Kind;
pub(crate) use super::lex::{Fault, Scan};
use super::lex::{
    checked_string, fault, literal_end, number_end, skip_ws, string_end, unexpected_end,
};
use super::skip;
use crate::text::JsonStr;

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
    /// The text was validated by an earlier pass: strings need no checks.
    checked: bool,
}

impl<'a> Scanner<'a> {
    /// A scanner that validates what it reads.
    pub fn new(text: &'a str, pos: usize) -> Scanner<'a> {
        Scanner {
            text,
            pos,
            checked: false,
        }
    }

    /// A scanner over text that [`Scanner::skip_value`] has accepted.
    pub fn over_checked(text: &'a str, pos: usize) -> Scanner<'a> {
        Scanner {
            text,
            pos,
            checked: true,
        }
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

    fn unexpected(&self) -> Fault {
        fault(Kind::UnexpectedByte, self.pos)
    }

    /// Skips whitespace; returns the next byte without consuming it.
    pub fn peek(&mut self) -> Scan<u8> {
        self.pos = skip_ws(self.bytes(), self.pos);
        self.bytes()
            .get(self.pos)
            .copied()
            .ok_or(unexpected_end(self.bytes()))
    }

    pub fn bump(&mut self) {
        self.pos += 1;
    }

    /// After the document: only whitespace may follow.
    pub fn finish(&mut self) -> Scan<()> {
        match self.peek() {
            Ok(_) => Err(fault(Kind::TrailingBytes, self.pos)),
            Err(_) => Ok(()),
        }
    }

    /// With the cursor inside an object (after `{` or a value), moves to the
    /// next key and past its `:`; `None` at the closing `}`.
    pub fn next_key(&mut self, first: &mut bool) -> Scan<Option<Key<'a>>> {
        let Some(key) = self.next_bare_key(first)? else {
            return Ok(None);
        };
        self.colon()?;
        Ok(Some(key))
    }

    /// As [`Scanner::next_key`], but stops after the key, before its `:`
    /// (for readers that judge a key before what follows it).
    pub fn next_bare_key(&mut self, first: &mut bool) -> Scan<Option<Key<'a>>> {
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
        Ok(Some(Key { text, offset }))
    }

    /// Moves past the `:` after a key.
    pub fn colon(&mut self) -> Scan<()> {
        if self.peek()? != b':' {
            return Err(self.unexpected());
        }
        self.bump();
        Ok(())
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

    /// Reads the string at the cursor (which is at its `"`).
    pub fn string(&mut self) -> Scan<JsonStr<'a>> {
        let start = self.pos + 1;
        let (end, escaped) = if self.checked {
            checked_string(self.bytes(), start)
        } else {
            string_end(self.bytes(), self.pos)?
        };
        self.pos = end + 1;
        // Both ends sit next to an ASCII quote, so they are char boundaries.
        let raw = self.text.get(start..end).unwrap_or_default();
        Ok(JsonStr::from_checked_parts(raw, escaped))
    }

    /// Reads `true` or `false` at the cursor; `None` (and nothing consumed)
    /// for any other value.
    pub fn boolean(&mut self) -> Scan<Option<bool>> {
        let (word, value): (&[u8], bool) = match self.peek()? {
            b't' => (b"true", true),
            b'f' => (b"false", false),
            _ => return Ok(None),
        };
        self.pos = literal_end(self.bytes(), self.pos, word)?;
        Ok(Some(value))
    }

    /// Reads `null` at the cursor and returns true; false (nothing consumed)
    /// for any other value.
    pub fn null(&mut self) -> Scan<bool> {
        if self.peek()? != b'n' {
            return Ok(false);
        }
        self.pos = literal_end(self.bytes(), self.pos, b"null")?;
        Ok(true)
    }

    /// Reads an integer that fits an `i64` at the cursor; any other number is
    /// skipped and gives `None`.
    pub fn integer(&mut self) -> Scan<Option<i64>> {
        let start = self.pos;
        self.pos = number_end(self.bytes(), start)?;
        let digits = self.text.get(start..self.pos).unwrap_or_default();
        Ok(digits.parse().ok())
    }

    /// Skips (and validates) one value; `depth` is the number of containers
    /// already open around it.
    pub fn skip_value(&mut self, depth: usize) -> Scan<()> {
        self.pos = skip::skip_value(self.bytes(), self.pos, depth)?;
        Ok(())
    }

    /// Skips one value: validating it, unless the text was validated before.
    pub fn skip(&mut self, depth: usize) -> Scan<()> {
        if self.checked {
            self.skip_checked();
            Ok(())
        } else {
            self.skip_value(depth)
        }
    }

    /// Skips one value of text already validated by [`Scanner::skip_value`].
    pub fn skip_checked(&mut self) {
        self.pos = skip::skip_checked(self.bytes(), skip_ws(self.bytes(), self.pos));
    }
}
