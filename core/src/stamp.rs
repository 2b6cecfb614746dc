//! Writing a tier's stamp as JSON, for server authors who annotate their tools
//! from a tier (seed 002's "single mechanical rule").

use crate::BufferTooSmall;
use crate::hints::Hint;
use crate::out::SliceOut;
use crate::tier::Tier;

impl Tier {
    /// `{"readOnlyHint":…,"destructiveHint":…,"idempotentHint":…,"openWorldHint":…}`:
    /// the stamp's four values (SPEC §2 stamps declare every hint).
    fn put_annotations(self, out: &mut SliceOut<'_>) {
        let stamp = self.stamp();
        let mut separator = "{\"";
        for hint in [
            Hint::ReadOnly,
            Hint::Destructive,
            Hint::Idempotent,
            Hint::OpenWorld,
        ] {
            out.put(separator);
            out.put(hint.as_str());
            out.put("\":");
            out.put_bool(stamp.declared(hint) == Some(true));
            separator = ",\"";
        }
        out.put("}");
    }

    /// `{"x-side-effect":"<tier>"}`.
    fn put_meta(self, out: &mut SliceOut<'_>) {
        out.put("{\"x-side-effect\":\"");
        out.put(self.as_str());
        out.put("\"}");
    }

    /// Writes the stamp as an `annotations` object into `out`, e.g.
    /// `{"readOnlyHint":true,"destructiveHint":false,"idempotentHint":false,"openWorldHint":true}`;
    /// returns the length written.
    pub fn write_annotations_json(self, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        let mut out = SliceOut::new(out);
        self.put_annotations(&mut out);
        out.finish()
    }

    /// Writes the tool's `_meta` entry as an object, `{"x-side-effect":"read"}`.
    pub fn write_meta_json(self, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        let mut out = SliceOut::new(out);
        self.put_meta(&mut out);
        out.finish()
    }

    /// Writes both, ready to merge into a tool definition:
    /// `{"annotations":{…},"_meta":{"x-side-effect":"…"}}`.
    ///
    /// ```
    /// let mut buf = [0u8; 160];
    /// let len = hintgate::Tier::ExternalSpend.write_stamp_json(&mut buf)?;
    /// assert_eq!(
    ///     core::str::from_utf8(&buf[..len])?,
    ///     r#"{"annotations":{"readOnlyHint":false,"destructiveHint":false,"idempotentHint":true,"openWorldHint":true},"_meta":{"x-side-effect":"external_spend"}}"#
    /// );
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn write_stamp_json(self, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        let mut out = SliceOut::new(out);
        out.put("{\"annotations\":");
        self.put_annotations(&mut out);
        out.put(",\"_meta\":");
        self.put_meta(&mut out);
        out.put("}");
        out.finish()
    }
}
