//! Reading tool definitions from JSON (SPEC §6), in place and in O(1) memory.

mod document;
mod error;
mod keys;
pub(crate) mod lex;
mod outline;
pub(crate) mod scan;
mod skip;
mod tool;

pub use document::{Document, DocumentForm, Tools, read_document, read_tool, read_tools_into};
pub use error::{DocumentError, DocumentErrorKind, ServerError};
