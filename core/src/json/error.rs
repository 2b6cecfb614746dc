//! Why a document was rejected, and where.

use core::fmt::{self, Write};

use crate::out;

use crate::text::JsonStr;
use crate::words::vocabulary;

vocabulary! {
    /// Why a whole document was rejected (SPEC §6). Checked in this order: UTF-8,
    /// then JSON syntax (first error in byte order), then the document's shape.
    pub enum DocumentErrorKind {
        /// Not valid UTF-8.
        InvalidUtf8 = 0 => "invalid_utf8",
        /// The text ends in the middle of a value (or is empty).
        UnexpectedEnd = 1 => "unexpected_end",
        /// A byte that cannot continue the JSON text.
        UnexpectedByte = 2 => "unexpected_byte",
        /// A number that breaks off (`-`, `1.`, `1e`).
        InvalidNumber = 3 => "invalid_number",
        /// A bad escape, or a `\u` surrogate that is not a high–low pair.
        InvalidEscape = 4 => "invalid_escape",
        /// A raw byte below 0x20 inside a string.
        ControlCharacter = 5 => "control_character",
        /// Nesting deeper than 128 levels.
        TooDeep = 6 => "too_deep",
        /// Something other than whitespace after the document.
        TrailingBytes = 7 => "trailing_bytes",
        /// The top-level value is neither an object nor an array.
        NotADocument = 8 => "not_a_document",
        /// A key that decides the document's shape occurs twice.
        DuplicateKey = 9 => "duplicate_key",
        /// `tools` is not an array.
        ToolsNotArray = 10 => "tools_not_array",
        /// A JSON-RPC response without a `tools/list` result.
        MissingResult = 11 => "missing_result",
        /// A JSON-RPC error response; the server's message is in the error.
        ServerError = 12 => "server_error",
        /// [`read_tool`](crate::read_tool) was given a list, not one Tool object.
        NotATool = 13 => "not_a_tool",
        /// Longer than 4 GiB: offsets would not fit the 32-bit key table.
        TooLarge = 14 => "too_large",
    }
}

impl DocumentErrorKind {
    const fn describe(self) -> &'static str {
        match self {
            DocumentErrorKind::InvalidUtf8 => "invalid UTF-8",
            DocumentErrorKind::UnexpectedEnd => "unexpected end of input",
            DocumentErrorKind::UnexpectedByte => "unexpected character",
            DocumentErrorKind::InvalidNumber => "invalid number",
            DocumentErrorKind::InvalidEscape => "invalid string escape",
            DocumentErrorKind::ControlCharacter => "control character in string",
            DocumentErrorKind::TooDeep => "nesting deeper than 128 levels",
            DocumentErrorKind::TrailingBytes => "trailing characters after the document",
            DocumentErrorKind::NotADocument => {
                "not a tool, a tools/list result, a JSON-RPC response or an array of tools"
            }
            DocumentErrorKind::DuplicateKey => "duplicate key",
            DocumentErrorKind::ToolsNotArray => "`tools` is not an array",
            DocumentErrorKind::MissingResult => "JSON-RPC response without a tools/list result",
            DocumentErrorKind::ServerError => "the server answered with an error",
            DocumentErrorKind::NotATool => "expected one tool object, found a list",
            DocumentErrorKind::TooLarge => "document larger than 4 GiB",
        }
    }
}

/// The `error` of a JSON-RPC error response.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerError<'a> {
    /// `error.code`, when it is an integer.
    pub code: Option<i64>,
    /// `error.message` (empty when the server sent none).
    pub message: JsonStr<'a>,
}

/// A document that cannot be read at all, with the byte offset of the problem.
///
/// ```
/// let err = hintgate::read_document(br#"{"tools": [}"#).unwrap_err();
/// assert_eq!(err.kind, hintgate::DocumentErrorKind::UnexpectedByte);
/// assert_eq!(err.offset, 11);
/// assert_eq!(err.to_string(), "unexpected character '}' at byte 11");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DocumentError<'a> {
    /// What is wrong.
    pub kind: DocumentErrorKind,
    /// Where, in bytes from the start of the input.
    pub offset: usize,
    /// The byte found there, for syntax errors.
    pub found: Option<u8>,
    /// The server's error, for [`DocumentErrorKind::ServerError`].
    pub server: Option<ServerError<'a>>,
}

impl<'a> DocumentError<'a> {
    pub(crate) const fn at(kind: DocumentErrorKind, offset: usize) -> DocumentError<'a> {
        DocumentError {
            kind,
            offset,
            found: None,
            server: None,
        }
    }
}

impl fmt::Display for DocumentError<'_> {
    /// Written piece by piece (see `out`): a binding that shows the message
    /// does not link `core::fmt`'s argument formatting for it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.describe())?;
        if let Some(byte) = self.found {
            if byte.is_ascii_graphic() {
                f.write_str(" '")?;
                f.write_char(char::from(byte))?;
                f.write_char('\'')?;
            } else {
                f.write_str(" 0x")?;
                out::write_hex_byte(f, byte)?;
            }
        }
        if let Some(server) = self.server {
            f.write_str(" (")?;
            if let Some(code) = server.code {
                out::write_signed(f, code)?;
                f.write_str(": ")?;
            }
            server.message.chars().try_for_each(|c| f.write_char(c))?;
            f.write_char(')')?;
        }
        f.write_str(" at byte ")?;
        out::write_decimal(f, self.offset as u64)
    }
}

impl core::error::Error for DocumentError<'_> {}
