//! What the two JavaScript natives — the Node addon (`bindings-node`, napi-rs)
//! and the WASM module (`bindings-wasm`, wasm-bindgen) — compute and pack for
//! their one shared JavaScript layer (`bindings-node/lib/api.js`). Both call
//! this crate, so the packing is written once and the two packages cannot
//! answer differently; each native only moves these values across its own
//! boundary.
//!
//! Building JavaScript objects property by property across either boundary
//! is slow, so a decision travels as one `u32` *decision word* and what the
//! core read of a tool as one *info word*; the shifts below are handed to
//! JavaScript by each native's `layout()`.

#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use hintgate::{
    Action, Context, Decision, DocumentError, Findings, HintSet, JsonStr, Policy, PolicyField,
    Reason, Risk, Tool, decide, lint,
};

/// Decision word: the action number, 2 bits.
pub const ACTION: u32 = 0;
/// Decision word: the risk number, 3 bits.
pub const RISK: u32 = 2;
/// Decision word: the reason number, 4 bits.
pub const REASON: u32 = 5;
/// Decision word: the retry number, 2 bits.
pub const RETRY: u32 = 9;
/// Decision word: the audit flag.
pub const AUDIT: u32 = 11;
/// Decision word: the secret-result flag.
pub const SECRET: u32 = 12;
/// Decision word: the progress flag.
pub const PROGRESS: u32 = 13;
/// Decision word: `needs_confirmation` as the core answers it.
pub const NEEDS_CONFIRMATION: u32 = 14;
/// Decision word: the effective hints (`HintSet` bits), 6 bits.
pub const EFFECTIVE: u32 = 15;
/// Decision word: the lint findings (`Findings` bits), 7 bits.
pub const FINDINGS: u32 = 21;

/// Info word: the declared hints (`Hints` bits), 16 bits.
pub const HINTS: u32 = 0;
/// Info word: the invalid-tool kind number plus one (0: valid), 3 bits.
pub const INVALID: u32 = 16;
/// Info word: the tool has a name.
pub const HAS_NAME: u32 = 19;

/// Set in a result word that reports an error instead of a value.
pub const ERROR_FLAG: u32 = 1 << 31;

/// Context flag: the server is trusted.
pub const CTX_TRUSTED: u32 = 1;
/// Context flag: the client is offline.
pub const CTX_OFFLINE: u32 = 2;
/// Context flag: scopes are checked (the granted ones come separately).
pub const CTX_SCOPES: u32 = 4;

/// The decision word: the core's decision, its derived answers (the core's
/// own `needs_confirmation` among them) and the tool's findings.
pub fn pack_decision(decision: &Decision, findings: Findings) -> u32 {
    u32::from(decision.action.to_u8()) << ACTION
        | u32::from(decision.risk.to_u8()) << RISK
        | u32::from(decision.reason.to_u8()) << REASON
        | u32::from(decision.retry().to_u8()) << RETRY
        | u32::from(decision.audit()) << AUDIT
        | u32::from(decision.secret()) << SECRET
        | u32::from(decision.progress()) << PROGRESS
        | u32::from(decision.needs_confirmation()) << NEEDS_CONFIRMATION
        | u32::from(decision.effective.bits()) << EFFECTIVE
        | u32::from(findings.bits()) << FINDINGS
}

/// The info word of a tool.
pub fn pack_info(tool: &Tool<'_>) -> u32 {
    let invalid = tool.invalid().map_or(0, |i| u32::from(i.kind.to_u8()) + 1);
    u32::from(tool.hints().bits()) << HINTS
        | invalid << INVALID
        | u32::from(tool.name().is_some()) << HAS_NAME
}

/// The decision packed in `word` by [`pack_decision`] (action, risk, reason
/// and effective hints; the rest follows from them), or `None` when `word`
/// is not one.
pub fn unpack_decision(word: u32) -> Option<Decision> {
    let field = |shift: u32, width: u32| ((word >> shift) & ((1 << width) - 1)) as u8;
    Some(Decision {
        action: Action::from_u8(field(ACTION, 2))?,
        risk: Risk::from_u8(field(RISK, 3))?,
        reason: Reason::from_u8(field(REASON, 4))?,
        effective: HintSet::from_bits(field(EFFECTIVE, 6))?,
    })
}

/// A policy object's JSON text read by the core, packed in one word: the
/// packed policy (bits 0–12), or, with [`ERROR_FLAG`], the error — kind
/// number in bits 0–7 and the field plus one in bits 8–15 (risk number + 1,
/// 7 for `confirm_costly`, 0 for none).
pub fn policy_word(json: &[u8]) -> u32 {
    match Policy::from_json(json) {
        Ok(policy) => u32::from(policy.bits()),
        Err(error) => {
            let field = match error.field {
                None => 0,
                Some(PolicyField::Class(risk)) => u32::from(risk.to_u8()) + 1,
                Some(PolicyField::ConfirmCostly) => 7,
            };
            ERROR_FLAG | u32::from(error.kind.to_u8()) | field << 8
        }
    }
}

/// Runs `f` with the core's context for the flags and granted scopes (which
/// count only with [`CTX_SCOPES`]; with it and none given, none is granted).
pub fn with_context<T>(flags: u32, granted: &[&str], f: impl FnOnce(&Context<'_>) -> T) -> T {
    let ctx = Context::UNTRUSTED
        .with_trusted(flags & CTX_TRUSTED != 0)
        .with_offline(flags & CTX_OFFLINE != 0);
    if flags & CTX_SCOPES != 0 {
        f(&ctx.with_scopes(granted))
    } else {
        f(&ctx)
    }
}

/// The granted scopes as JavaScript hands them over: joined by `\0` in one
/// string, with each one's length in UTF-16 units (JavaScript's `length`).
/// One string crosses the boundary instead of an array of them; a scope may
/// itself hold `\0`, since the lengths, not the separators, cut the text,
/// and the separators keep surrogate halves of neighbouring scopes apart.
/// `None` when the lengths do not fit the text.
pub fn split_scopes<'s>(text: &'s str, lengths: &[u32]) -> Option<Vec<&'s str>> {
    let mut rest = text;
    let mut scopes = Vec::with_capacity(lengths.len());
    for (i, &length) in lengths.iter().enumerate() {
        if i > 0 {
            rest = rest.strip_prefix('\0')?;
        }
        let (mut units, mut cut) = (0u32, 0usize);
        for c in rest.chars() {
            if units >= length {
                break;
            }
            // A lone surrogate arrives as U+FFFD: one unit either way.
            units += c.len_utf16() as u32;
            cut += c.len_utf8();
        }
        if units != length {
            return None;
        }
        let (scope, after) = rest.split_at(cut);
        scopes.push(scope);
        rest = after;
    }
    rest.is_empty().then_some(scopes)
}

/// Decoded strings joined in one, with the UTF-16 offset (JavaScript's unit)
/// where each ends; an absent string ends where the previous one did.
#[derive(Debug, Default)]
pub struct Joined {
    /// The strings, joined.
    pub text: String,
    /// Per string, where it ends in `text`, in UTF-16 units.
    pub ends: Vec<u32>,
    end: u32,
}

impl Joined {
    /// Appends `s` decoded (or nothing, for an absent string).
    pub fn push(&mut self, s: Option<JsonStr<'_>>) {
        if let Some(s) = s {
            let start = self.text.len();
            match s.as_plain() {
                Some(plain) => self.text.push_str(plain),
                None => self.text.extend(s.chars()),
            }
            // UTF-16 units from the UTF-8 bytes: one per character (every
            // byte but a continuation byte starts one), two for those of four
            // bytes (lead byte 0xF0 and up).
            let units: usize = self.text.as_bytes()[start..]
                .iter()
                .map(|&b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
                .sum();
            self.end = self
                .end
                .saturating_add(u32::try_from(units).unwrap_or(u32::MAX));
        }
        self.ends.push(self.end);
    }
}

/// A document's tools, decided and packed.
#[derive(Debug, Default)]
pub struct DecidedDocument {
    /// Two words per tool, in document order: the decision word, the info word.
    pub words: Vec<u32>,
    /// The decoded names of the tools.
    pub names: Joined,
    /// The display names (SPEC §5), when asked for.
    pub display_names: Option<Joined>,
}

/// Reads the tools of `input` — the whole document, or with `single` exactly
/// one Tool — in one pass when they fit the first guess of slots; every slot
/// returned holds a tool.
fn read(input: &[u8], single: bool) -> Result<Vec<Option<Tool<'_>>>, DocumentError<'_>> {
    if single {
        return hintgate::read_tool(input).map(|tool| vec![Some(tool)]);
    }
    let mut slots = vec![None; 128];
    let count = hintgate::read_tools_into(input, &mut slots)?;
    if count > slots.len() {
        slots = vec![None; count];
        hintgate::read_tools_into(input, &mut slots)?;
    }
    slots.truncate(count);
    Ok(slots)
}

/// Reads a document (or, with `single`, exactly one Tool) and decides every
/// tool under `policy` and the packed context.
pub fn decide_document<'a>(
    input: &'a [u8],
    single: bool,
    policy: Policy,
    context: u32,
    granted: &[&str],
    with_display_names: bool,
) -> Result<DecidedDocument, DocumentError<'a>> {
    let tools = read(input, single)?;
    let mut out = DecidedDocument {
        words: Vec::with_capacity(tools.len() * 2),
        names: Joined::default(),
        display_names: with_display_names.then(Joined::default),
    };
    with_context(context, granted, |ctx| {
        for tool in tools.iter().flatten() {
            let decision = decide(tool, policy, ctx);
            out.words.push(pack_decision(&decision, lint(tool)));
            out.words.push(pack_info(tool));
            out.names.push(tool.name());
            if let Some(display) = &mut out.display_names {
                display.push(tool.display_name());
            }
        }
    });
    Ok(out)
}

/// One tool's JSON text decided: the info word times 2^32 plus the decision
/// word (exact in a double), or `None` when the text is rejected.
pub fn decide_tool(json: &[u8], policy: Policy, context: u32, granted: &[&str]) -> Option<f64> {
    let tool = hintgate::read_tool(json).ok()?;
    Some(with_context(context, granted, |ctx| {
        let word = pack_decision(&decide(&tool, policy, ctx), lint(&tool));
        f64::from(pack_info(&tool)) * 4_294_967_296.0 + f64::from(word)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn a_decision_word_unpacks_to_the_decision() {
        let doc = decide_document(
            br#"[{"name":"a","annotations":{"readOnlyHint":true}},{"name":"b"}]"#,
            false,
            Policy::DEFAULT,
            CTX_TRUSTED,
            &[],
            false,
        )
        .unwrap();
        assert_eq!(doc.words.len(), 4);
        let read = unpack_decision(doc.words[0]).unwrap();
        assert_eq!((read.action, read.risk), (Action::Allow, Risk::Read));
        assert_eq!(
            unpack_decision(doc.words[2]).unwrap().risk,
            Risk::Destructive
        );
        assert_eq!(unpack_decision(3 << ACTION), None);
    }

    #[test]
    fn joined_ends_count_utf16_units_and_absent_strings() {
        let mut joined = Joined::default();
        joined.push(Some(JsonStr::plain("ab")));
        joined.push(None);
        joined.push(
            hintgate::read_tool(br#"{"name":"\ud83d\ude00x"}"#)
                .unwrap()
                .name(),
        );
        assert_eq!(joined.text, "ab\u{1F600}x".to_string());
        assert_eq!(joined.ends, [2, 2, 5]);
        // One, two, three and four UTF-8 bytes per character.
        let mut joined = Joined::default();
        let mut expected = 0;
        for s in [
            "a",
            "\u{e9}",
            "\u{20ac}",
            "\u{1F600}",
            "x\u{10FFFF}\u{7FF}\u{800}\u{FFFF}\u{10000}",
        ] {
            joined.push(Some(JsonStr::plain(s)));
            expected += s.encode_utf16().count() as u32;
            assert_eq!(joined.ends.last(), Some(&expected), "{s}");
        }
    }

    #[test]
    fn scopes_are_cut_by_their_lengths() {
        assert_eq!(split_scopes("", &[]), Some(vec![]));
        assert_eq!(split_scopes("", &[0]), Some(vec![""]));
        assert_eq!(split_scopes("a\0\0b", &[1, 0, 1]), Some(vec!["a", "", "b"]));
        // A scope holding the separator, and characters of 2 and 4 bytes in
        // UTF-16 (the emoji is two units).
        assert_eq!(
            split_scopes("x\0y\0\u{e9}\u{1F600}", &[3, 3]),
            Some(vec!["x\0y", "\u{e9}\u{1F600}"])
        );
        assert_eq!(split_scopes("ab", &[1]), None); // text left over
        assert_eq!(split_scopes("ab", &[3]), None); // too long
        assert_eq!(split_scopes("a\u{1F600}", &[2]), None); // inside a pair
        assert_eq!(split_scopes("ab", &[1, 0]), None); // no separator
    }

    #[test]
    fn a_rejected_tool_is_none() {
        assert_eq!(decide_tool(b"{", Policy::DEFAULT, 0, &[]), None);
        let packed = decide_tool(br#"{"name":"x"}"#, Policy::DEFAULT, 0, &[]).unwrap();
        assert!(packed >= 4_294_967_296.0); // has a name: the info word is not 0
    }
}
