//! Every decision explains itself in one sentence, written through
//! `core::fmt::Write` without allocating.

use core::fmt::{self, Write};

use crate::BufferTooSmall;
use crate::decide::{Decision, Reason};
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
        write!(out, "{verdict}: ")?;
        let risk = self.risk;
        match self.reason {
            Reason::Policy => match self.action {
                Action::Allow => write!(out, "the policy runs {risk} tools without asking."),
                Action::Confirm => write!(out, "the policy asks a person before running {risk} tools."),
                Action::Deny => write!(out, "the policy does not offer {risk} tools."),
            },
            Reason::InvalidDefinition => {
                out.write_str("the tool definition is invalid, so it is treated as destructive.")
            }
            Reason::Untrusted => out.write_str(
                "the server is not trusted, so its annotations are ignored and the tool is treated as destructive.",
            ),
            Reason::UnknownTier => {
                out.write_str("the tool's side-effect tier is unknown, so it is treated as destructive.")
            }
            Reason::ConflictingHints => write!(
                out,
                "the tool declares itself both read-only and destructive, so it is treated as {risk}."
            ),
            Reason::TierMismatch => write!(
                out,
                "the tool's hints disagree with its side-effect tier, so it is treated as {risk}."
            ),
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
        let mut writer = SliceWriter {
            buf,
            len: 0,
            needed: 0,
        };
        // SliceWriter never fails; it counts what does not fit.
        let _ = self.explain(&mut writer);
        if writer.needed > writer.buf.len() {
            Err(BufferTooSmall {
                needed: writer.needed,
            })
        } else {
            Ok(writer.len)
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.explain(f)
    }
}

/// Writes into a byte slice while it fits, and counts the whole length.
struct SliceWriter<'b> {
    buf: &'b mut [u8],
    len: usize,
    needed: usize,
}

impl Write for SliceWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.needed += s.len();
        if let Some(dest) = self.buf.get_mut(self.len..self.len + s.len()) {
            dest.copy_from_slice(s.as_bytes());
            self.len += s.len();
        }
        Ok(())
    }
}
