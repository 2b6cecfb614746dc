//! MCP tool-annotation policy, exactly: from a server's tool definitions to
//! the decision a client makes about each call — run it, ask a person first,
//! or hide the tool — and the answers that go with it (retry, audit, secret
//! results, parallel batches), with the spec's defaults and no guesswork.
//!
//! ```
//! use hintgate::{Action, Context, Policy, Retry};
//!
//! // A `tools/list` result straight off the wire (a JSON-RPC response works too).
//! let json = br#"{"tools": [
//!     {"name": "list_orders", "annotations": {"readOnlyHint": true}},
//!     {"name": "orders_place", "description": "Place an order",
//!      "inputSchema": {"type": "object"},
//!      "annotations": {"readOnlyHint": false, "destructiveHint": false,
//!                      "idempotentHint": true, "openWorldHint": true},
//!      "_meta": {"x-side-effect": "external_spend", "x-required-scope": "orders:write"}},
//!     {"name": "del\u0065te_order"}
//! ]}"#;
//!
//! // MCP: annotations count only from a server the client trusts.
//! let ctx = Context::TRUSTED.with_scopes(&["orders:write"]);
//! let document = hintgate::read_document(json)?;
//! let mut rows = Vec::new();
//! for tool in document.tools() {
//!     let decision = hintgate::decide(&tool, Policy::DEFAULT, &ctx);
//!     let name = tool.display_name().map(|n| n.to_string()).unwrap_or_default();
//!     rows.push((name, decision.action, decision.retry(), decision.to_string()));
//! }
//! assert_eq!(rows[0].1, Action::Allow);
//! assert_eq!((rows[1].1, rows[1].2), (Action::Confirm, Retry::SameKey));
//! assert_eq!(rows[2].0, "delete_order"); // escapes are decoded before any comparison
//! assert_eq!(
//!     rows[2].3,
//!     "Confirm first: the policy asks a person before running destructive tools."
//! );
//! # Ok::<(), hintgate::DocumentError>(())
//! ```
//!
//! The crate is `#![no_std]` and never allocates: documents are read in place —
//! in O(1) memory whatever their size with [`read_document`], or in one pass
//! into slots the caller owns with [`read_tools_into`] — strings are decoded on demand
//! ([`JsonStr`]), and explanations are written through [`core::fmt::Write`].
//! Every enum carries explicit numbers and SPEC §8's words, shared by the C,
//! Python, Node and WASM bindings.
//!
//! No cargo features: the crate is the same everywhere.

#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

// Unit tests use std; the library never does.
#[cfg(test)]
extern crate std;

mod words;

mod decide;
mod explain;
mod hints;
mod json;
mod lint;
mod out;
mod policy;
mod policy_json;
mod risk;
mod stamp;
mod text;
mod tier;
mod tool;

pub use decide::{
    Context, Decision, GrantedScopes, Reason, Retry, Scopes, decide, may_run_in_parallel,
    needs_confirmation,
};
pub use hints::{Hint, HintSet, Hints};
pub use json::{
    Document, DocumentError, DocumentErrorKind, DocumentForm, ServerError, Tools, read_document,
    read_tool, read_tools_into,
};
pub use lint::{Finding, Findings, lint};
pub use policy::{Action, Policy, Preset};
pub use policy_json::{PolicyError, PolicyErrorKind, PolicyField};
pub use risk::Risk;
pub use text::{Chars, JsonStr};
pub use tier::{DeclaredTier, Tier};
pub use tool::{InvalidKind, InvalidTool, Produces, ProducesIter, RequiredScope, Tool, ToolFacts};
pub use words::UnknownWord;

/// A caller's buffer was too small; nothing usable was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufferTooSmall {
    /// The length, in bytes, that would have fit.
    pub needed: usize,
}

impl core::fmt::Display for BufferTooSmall {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("buffer too small: ")?;
        out::write_decimal(f, self.needed as u64)?;
        f.write_str(" bytes needed")
    }
}

impl core::error::Error for BufferTooSmall {}
