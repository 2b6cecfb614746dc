//! Reading tool definitions from JSON (SPEC §6), in place and in O(1) memory.

mod document;
mod error;
mod keys;
mod lex;
pub(crate) mod scan;
mod skip;
mod tool;

pub use document::{Document, DocumentForm, Tools, read_document, read_tool};
pub use error::{DocumentError, DocumentErrorKind, ServerError};
