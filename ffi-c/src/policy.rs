//! Policies (SPEC §4): presets, custom tables, and JSON.

use core::ffi::c_char;

use hintgate::{Action, Policy, PolicyField, Preset, Risk};

use crate::abi::{HgStatus, Out, Outcome, buffer, bytes, guard, write_text};
use crate::words::{HgAction, HgPolicyErrorKind, HgPreset};

/// A policy, packed as SPEC §4 says: two bits per risk class in `HgRisk`
/// order (allow 0, confirm 1, deny 2) in bits 0–11, `confirm_costly` at bit 12.
/// `HG_POLICY_DEFAULT` is the `default` preset.
pub type HgPolicy = u16;

/// The `default` preset: read and compute run, everything else is confirmed.
pub const HG_POLICY_DEFAULT: HgPolicy = 5456;
/// The `cautious` preset: only read runs unasked.
pub const HG_POLICY_CAUTIOUS: HgPolicy = 5460;
/// The `strict` preset: confirm everything.
pub const HG_POLICY_STRICT: HgPolicy = 5461;
/// The `plan` preset: read only; every other tool is denied.
pub const HG_POLICY_PLAN: HgPolicy = 6824;
/// The `permissive` preset: run everything (invalid tools are still confirmed).
pub const HG_POLICY_PERMISSIVE: HgPolicy = 0;

// The header needs literals; these keep them the core's.
const _: () = {
    assert!(HG_POLICY_DEFAULT == Policy::DEFAULT.bits());
    assert!(HG_POLICY_CAUTIOUS == Policy::CAUTIOUS.bits());
    assert!(HG_POLICY_STRICT == Policy::STRICT.bits());
    assert!(HG_POLICY_PLAN == Policy::PLAN.bits());
    assert!(HG_POLICY_PERMISSIVE == Policy::PERMISSIVE.bits());
};

/// A capacity that holds any policy `hg_policy_to_json` writes, NUL included.
pub const HG_POLICY_JSON_CAPACITY: usize = 160;

/// `HgPolicyError.field` for the `confirm_costly` key (0–5 are the `HgRisk`
/// classes' keys).
pub const HG_POLICY_FIELD_CONFIRM_COSTLY: u8 = 6;

/// Why a policy was rejected, and at which key.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HgPolicyError {
    /// What is wrong.
    pub kind: HgPolicyErrorKind,
    /// Whether `field` names the key at fault (duplicate, missing, bad value).
    pub has_field: bool,
    /// The key at fault: an `HgRisk`, or `HG_POLICY_FIELD_CONFIRM_COSTLY`.
    pub field: u8,
}

pub(crate) fn policy_from(bits: HgPolicy) -> Outcome<Policy> {
    Policy::from_bits(bits).ok_or(HgStatus::HgInvalidArgument)
}

/// `HG_OK` when `policy` is a packed policy, else `HG_INVALID_ARGUMENT`.
#[unsafe(no_mangle)]
pub extern "C" fn hg_policy_check(policy: HgPolicy) -> HgStatus {
    guard(|| policy_from(policy).map(drop))
}

/// The policy a preset names.
///
/// # Safety
/// `out` must be valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_policy_preset(preset: u8, out: *mut HgPolicy) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        let preset = Preset::from_u8(preset).ok_or(HgStatus::HgInvalidArgument)?;
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(preset.policy().bits()) };
        Ok(())
    })
}

/// The preset `policy` is, or `HG_UNKNOWN_WORD` for a custom policy.
///
/// # Safety
/// `out` must be valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_policy_as_preset(policy: HgPolicy, out: *mut HgPreset) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        let preset = policy_from(policy)?
            .as_preset()
            .ok_or(HgStatus::HgUnknownWord)?;
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(preset.into()) };
        Ok(())
    })
}

/// A custom policy: `actions` holds six `HgAction` values in `HgRisk` order.
///
/// # Safety
/// `actions` must be valid for reads of six bytes; `out` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_policy_new(
    actions: *const HgAction,
    confirm_costly: bool,
    out: *mut HgPolicy,
) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        // Read as bytes: C may have stored any number there.
        // SAFETY: forwarded contract.
        let codes = unsafe { bytes(actions.cast(), Risk::ALL.len())? };
        let mut table = [Action::Allow; 6];
        for (slot, &code) in table.iter_mut().zip(codes) {
            *slot = Action::from_u8(code).ok_or(HgStatus::HgInvalidArgument)?;
        }
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(Policy::new(table, confirm_costly).bits()) };
        Ok(())
    })
}

/// The action `policy` takes for risk class `risk`.
///
/// # Safety
/// `out` must be valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_policy_action(
    policy: HgPolicy,
    risk: u8,
    out: *mut HgAction,
) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        let risk = Risk::from_u8(risk).ok_or(HgStatus::HgInvalidArgument)?;
        let action = policy_from(policy)?.action(risk);
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(action.into()) };
        Ok(())
    })
}

/// `policy` with `action` for risk class `risk`.
///
/// # Safety
/// `out` must be valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_policy_with_action(
    policy: HgPolicy,
    risk: u8,
    action: u8,
    out: *mut HgPolicy,
) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        let risk = Risk::from_u8(risk).ok_or(HgStatus::HgInvalidArgument)?;
        let action = Action::from_u8(action).ok_or(HgStatus::HgInvalidArgument)?;
        let changed = policy_from(policy)?.with_action(risk, action);
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(changed.bits()) };
        Ok(())
    })
}

/// Whether `policy` confirms tools that declare `costWarning` when it would
/// otherwise allow them.
///
/// # Safety
/// `out` must be valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_policy_confirm_costly(policy: HgPolicy, out: *mut bool) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        let yes = policy_from(policy)?.confirm_costly();
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(yes) };
        Ok(())
    })
}

/// Reads a policy object (`{"read":"allow",…,"confirm_costly":true}`: all
/// seven keys, each once) from `len` bytes of JSON at `json`. On
/// `HG_POLICY_ERROR`, `*error` (when `error` is not NULL) says why.
///
/// # Safety
/// `json` must be valid for reads of `len` bytes; `out` for a write; `error`
/// NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_policy_from_json(
    json: *const u8,
    len: usize,
    out: *mut HgPolicy,
    error: *mut HgPolicyError,
) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        let error = Out::optional(error);
        // SAFETY: forwarded contract.
        let json = unsafe { bytes(json, len)? };
        match Policy::from_json(json) {
            Ok(policy) => {
                // SAFETY: checked non-null; valid by the caller's contract.
                unsafe { out.write(policy.bits()) };
                Ok(())
            }
            Err(rejected) => {
                if let Some(error) = error {
                    let field = rejected.field.map(|field| match field {
                        PolicyField::Class(risk) => risk.to_u8(),
                        PolicyField::ConfirmCostly => HG_POLICY_FIELD_CONFIRM_COSTLY,
                    });
                    let details = HgPolicyError {
                        kind: rejected.kind.into(),
                        has_field: field.is_some(),
                        field: field.unwrap_or(0),
                    };
                    // SAFETY: non-null; valid by the caller's contract.
                    unsafe { error.write(details) };
                }
                Err(HgStatus::HgPolicyError)
            }
        }
    })
}

/// Writes `policy` as its JSON object, NUL-terminated, into `buf` (`cap`
/// bytes); `*len` as for `hg_tier_stamp_json`. `HG_POLICY_JSON_CAPACITY`
/// bytes always suffice.
///
/// # Safety
/// `buf` must be valid for writes of `cap` bytes; `len` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_policy_to_json(
    policy: HgPolicy,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> HgStatus {
    guard(|| {
        let len = Out::new(len)?;
        // SAFETY: forwarded contract.
        let buf = unsafe { buffer(buf, cap)? };
        let policy = policy_from(policy)?;
        write_text(buf, len, |room| policy.write_json(room))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_policy_fits_the_documented_capacity_and_reads_back() {
        let mut longest = 0;
        for bits in 0..=u16::MAX {
            if policy_from(bits).is_err() {
                continue;
            }
            let mut buf = [0 as c_char; HG_POLICY_JSON_CAPACITY];
            let (mut len, mut again) = (0, 0);
            // SAFETY: live buffer and outputs.
            unsafe {
                assert_eq!(
                    hg_policy_to_json(bits, buf.as_mut_ptr(), buf.len(), &mut len),
                    HgStatus::HgOk
                );
                let status = hg_policy_from_json(
                    buf.as_ptr().cast(),
                    len,
                    &mut again,
                    core::ptr::null_mut(),
                );
                assert_eq!(status, HgStatus::HgOk);
            }
            assert_eq!(again, bits);
            longest = longest.max(len + 1);
        }
        assert!(longest > HG_POLICY_JSON_CAPACITY * 3 / 4, "{longest}");
    }
}
