//! Every decision explains itself in one sentence, written through
//! `core::fmt::Write` piece by piece (no formatting arguments, see `out`)
//! without allocating.

use core::fmt::{self, Write};

use crate::BufferTooSmall;
use crate::decide::{Decision, Reason};
use crate::out::SliceOut;
use crate::policy::Action;

impl Decision {
    /// Writes the one-sentence explanation to `out`.
    ///
    /// ```
    /// use hintgate::{Context, Policy};
    /// let tool = hintgate::read_tool(br#"{"name":"x","annotations":{"readOnlyHint":true}}"#)?;
    /// let d = hintgate::decide(&tool, Policy::DEFAULT, &Context::TRUSTED);
    /// assert_eq!(d.to_string(), "Allowed: the policy runs read tools without asking.");
    /// # Ok::<(), hintgate::DocumentError>(())
    /// ```
    pub fn explain(&self, out: &mut impl Write) -> fmt::Result {
        let verdict = match self.action {
            Action::Allow => "Allowed",
            Action::Confirm => "Confirm first",
            Action::Deny => "Denied",
        };
        out.write_str(verdict)?;
        out.write_str(": ")?;
        let risk = self.risk.as_str();
        match self.reason {
            Reason::Policy => {
                let (before, after) = match self.action {
                    Action::Allow => ("the policy runs ", " tools without asking."),
                    Action::Confirm => ("the policy asks a person before running ", " tools."),
                    Action::Deny => ("the policy does not offer ", " tools."),
                };
                out.write_str(before)?;
                out.write_str(risk)?;
                out.write_str(after)
            }
            Reason::InvalidDefinition => {
                out.write_str("the tool definition is invalid, so it is treated as destructive.")
            }
            Reason::Untrusted => out.write_str(
                "the server is not trusted, so its annotations are ignored and the tool is treated as destructive.",
            ),
            Reason::UnknownTier => {
                out.write_str("the tool's side-effect tier is unknown, so it is treated as destructive.")
            }
            Reason::ConflictingHints | Reason::TierMismatch => {
                out.write_str(if self.reason == Reason::ConflictingHints {
                    "the tool declares itself both read-only and destructive, so it is treated as "
                } else {
                    "the tool's hints disagree with its side-effect tier, so it is treated as "
                })?;
                out.write_str(risk)?;
                out.write_str(".")
            }
            Reason::Offline => {
                out.write_str("the client is offline and the tool may reach outside systems.")
            }
            Reason::MissingScope => out.write_str("the tool requires a scope that was not granted."),
            Reason::CostWarning => out.write_str("the tool warns that calling it is costly."),
        }
    }

    /// Writes the explanation into `buf` as UTF-8 and returns its length; when
    /// `buf` is too small, writes nothing useful and returns the length needed.
    pub fn write_explanation(&self, buf: &mut [u8]) -> Result<usize, BufferTooSmall> {
        let mut out = SliceOut::new(buf);
        // SliceOut never fails; it counts what does not fit.
        let _ = self.explain(&mut out);
        out.finish()
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.explain(f)
    }
}
