//! Writing a tier's stamp as JSON, for server authors who annotate their tools
//! from a tier (seed 002's "single mechanical rule").

use serde::Serialize;

use crate::BufferTooSmall;
use crate::hints::Hint;
use crate::tier::Tier;

#[derive(Serialize)]
struct AnnotationsJson {
    #[serde(rename = "readOnlyHint")]
    read_only: bool,
    #[serde(rename = "destructiveHint")]
    destructive: bool,
    #[serde(rename = "idempotentHint")]
    idempotent: bool,
    #[serde(rename = "openWorldHint")]
    open_world: bool,
}

#[derive(Serialize)]
struct MetaJson {
    #[serde(rename = "x-side-effect")]
    tier: Tier,
}

#[derive(Serialize)]
struct StampJson {
    annotations: AnnotationsJson,
    #[serde(rename = "_meta")]
    meta: MetaJson,
}

impl Tier {
    fn annotations(self) -> AnnotationsJson {
        let stamp = self.stamp();
        let value = |hint| stamp.declared(hint) == Some(true);
        AnnotationsJson {
            read_only: value(Hint::ReadOnly),
            destructive: value(Hint::Destructive),
            idempotent: value(Hint::Idempotent),
            open_world: value(Hint::OpenWorld),
        }
    }

    /// Writes the stamp as an `annotations` object into `out`, e.g.
    /// `{"readOnlyHint":true,"destructiveHint":false,"idempotentHint":false,"openWorldHint":true}`;
    /// returns the length written.
    pub fn write_annotations_json(self, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        crate::write_serialized(&self.annotations(), out)
    }

    /// Writes the tool's `_meta` entry as an object, `{"x-side-effect":"read"}`.
    pub fn write_meta_json(self, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        crate::write_serialized(&MetaJson { tier: self }, out)
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
        let stamp = StampJson {
            annotations: self.annotations(),
            meta: MetaJson { tier: self },
        };
        crate::write_serialized(&stamp, out)
    }
}
