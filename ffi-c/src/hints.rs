//! Packed hints (SPEC §1), hint sets, and the tiers with their stamps (§2).

use core::ffi::c_char;

use hintgate::{Hint, HintSet, Hints, Tier};

use crate::abi::{HgStatus, Out, Outcome, buffer, guard, write_text};
use crate::words::HgRisk;

/// Declared hints, packed as SPEC §1 says: bit *i* is "hint *i* is declared",
/// bit 8+*i* is its declared value (*i* an `HgHint`). Bits 6, 7, 14 and 15 are
/// reserved, and a value bit is set only with its declared bit.
pub type HgHints = u16;

/// A set of hints (effective values, or hints declared with a non-boolean
/// value): bit *i* is `HgHint` *i*. Bits 6 and 7 are never set.
pub type HgHintSet = u8;

/// The bits an `HgHints` never sets.
pub const HG_HINTS_RESERVED_BITS: HgHints = 0xC0C0;
const _: () = assert!(HG_HINTS_RESERVED_BITS == Hints::RESERVED_BITS);

pub(crate) fn hints_from(bits: HgHints) -> Outcome<Hints> {
    Hints::from_bits(bits).ok_or(HgStatus::HgInvalidArgument)
}

pub(crate) fn hint_set_from(bits: HgHintSet) -> Outcome<HintSet> {
    HintSet::from_bits(bits).ok_or(HgStatus::HgInvalidArgument)
}

fn hint_from(code: u8) -> Outcome<Hint> {
    Hint::from_u8(code).ok_or(HgStatus::HgInvalidArgument)
}

fn tier_from(code: u8) -> Outcome<Tier> {
    Tier::from_u8(code).ok_or(HgStatus::HgInvalidArgument)
}

/// `HG_OK` when `hints` is a packed hints value, else `HG_INVALID_ARGUMENT`.
#[unsafe(no_mangle)]
pub extern "C" fn hg_hints_check(hints: HgHints) -> HgStatus {
    guard(|| hints_from(hints).map(drop))
}

/// What `hints` declares for `hint`: `*declared` says whether it is declared
/// with a boolean, and `*value` is that boolean (false when not declared).
///
/// # Safety
/// `declared` and `value` must be valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_hints_declared(
    hints: HgHints,
    hint: u8,
    declared: *mut bool,
    value: *mut bool,
) -> HgStatus {
    guard(|| {
        let (declared, value) = (Out::new(declared)?, Out::new(value)?);
        let found = hints_from(hints)?.declared(hint_from(hint)?);
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe {
            declared.write(found.is_some());
            value.write(found.unwrap_or(false));
        }
        Ok(())
    })
}

/// `hints` with `hint` declared as `value`.
///
/// # Safety
/// `out` must be valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_hints_with(
    hints: HgHints,
    hint: u8,
    value: bool,
    out: *mut HgHints,
) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        let with = hints_from(hints)?.with(hint_from(hint)?, value);
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(with.bits()) };
        Ok(())
    })
}

/// `hints` with `hint` no longer declared.
///
/// # Safety
/// `out` must be valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_hints_without(hints: HgHints, hint: u8, out: *mut HgHints) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        let without = hints_from(hints)?.without(hint_from(hint)?);
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(without.bits()) };
        Ok(())
    })
}

/// The effective values of `hints` (SPEC §1: the MCP defaults for what is
/// not declared, read-only implying idempotent and not destructive, and the
/// fail-closed rule for conflicting hints), as a set of the true ones.
///
/// # Safety
/// `out` must be valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_hints_effective(hints: HgHints, out: *mut HgHintSet) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        let effective = hints_from(hints)?.effective();
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(effective.bits()) };
        Ok(())
    })
}

/// The four standard hints a server stamps on a tool of `tier` (all declared).
///
/// # Safety
/// `out` must be valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_tier_stamp(tier: u8, out: *mut HgHints) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        let stamp = tier_from(tier)?.stamp();
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(stamp.bits()) };
        Ok(())
    })
}

/// The risk class a tier names (SPEC §3).
///
/// # Safety
/// `out` must be valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_tier_risk(tier: u8, out: *mut HgRisk) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        let risk = tier_from(tier)?.risk();
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(risk.into()) };
        Ok(())
    })
}

/// A capacity that holds any stamp `hg_tier_stamp_json` writes, NUL included.
pub const HG_STAMP_JSON_CAPACITY: usize = 192;

/// Which of a tier's stamps to write as JSON.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgStampPart {
    /// `{"annotations":{…},"_meta":{"x-side-effect":…}}`: both, to merge into a
    /// tool definition.
    Both = 0,
    /// The `annotations` object alone.
    Annotations = 1,
    /// The `_meta` object alone.
    Meta = 2,
}

/// Writes a tier's stamp as compact JSON, NUL-terminated, into `buf`
/// (`cap` bytes). On success `*len` is the length without the NUL; on
/// `HG_BUFFER_TOO_SMALL` it is the capacity needed (NUL included) and `buf` is
/// untouched. `HG_STAMP_JSON_CAPACITY` bytes always suffice. `buf` may be NULL when `cap` is 0.
///
/// # Safety
/// `buf` must be valid for writes of `cap` bytes; `len` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_tier_stamp_json(
    tier: u8,
    part: u8,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> HgStatus {
    guard(|| {
        let len = Out::new(len)?;
        // SAFETY: forwarded contract.
        let buf = unsafe { buffer(buf, cap)? };
        let tier = tier_from(tier)?;
        let part = match part {
            0 => HgStampPart::Both,
            1 => HgStampPart::Annotations,
            2 => HgStampPart::Meta,
            _ => return Err(HgStatus::HgInvalidArgument),
        };
        write_text(buf, len, |room| match part {
            HgStampPart::Both => tier.write_stamp_json(room),
            HgStampPart::Annotations => tier.write_annotations_json(room),
            HgStampPart::Meta => tier.write_meta_json(room),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stamp_fits_the_documented_capacity() {
        let mut longest = 0;
        for &tier in Tier::ALL {
            for part in 0..3 {
                let mut buf = [0 as c_char; HG_STAMP_JSON_CAPACITY];
                let mut len = 0;
                // SAFETY: a live buffer of the given capacity and a live length.
                let status = unsafe {
                    hg_tier_stamp_json(tier.to_u8(), part, buf.as_mut_ptr(), buf.len(), &mut len)
                };
                assert_eq!(status, HgStatus::HgOk, "{tier} part {part}");
                longest = longest.max(len + 1);
            }
        }
        // Documented with room to spare, but not wildly so.
        assert!(longest <= HG_STAMP_JSON_CAPACITY && longest > HG_STAMP_JSON_CAPACITY / 2);
    }
}
