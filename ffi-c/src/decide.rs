//! The decision (SPEC §5), the lint findings (§7) and the parallel rule.

use core::ffi::c_char;

use hintgate::{Action, Context, Decision, GrantedScopes, JsonStr, Reason, Risk};

use crate::abi::{
    HgStatus, Out, Outcome, buffer, guard, read_code, read_flag, read_plain, text, write_display,
    write_text,
};
use crate::hints::{HgHintSet, hint_set_from};
use crate::policy::{HgPolicy, policy_from};
use crate::tool::{HgTool, tool_from};
use crate::words::{HgAction, HgReason, HgRetry, HgRisk};

/// A capacity that holds any explanation, NUL included.
pub const HG_EXPLANATION_CAPACITY: usize = 160;

/// A set of lint findings: bit *i* is `HgFinding` *i*.
pub type HgFindings = u8;

/// Plain UTF-8 text (no JSON escapes), `len` bytes at `ptr`, not
/// NUL-terminated.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HgText {
    /// The first byte (may be NULL when `len` is 0).
    pub ptr: *const c_char,
    /// The length in bytes.
    pub len: usize,
}

/// Where a call happens (SPEC §5). Zero-initialised, it is the safe default:
/// an untrusted server, online, no scope check.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HgContext {
    /// Whether the server is trusted. MCP: annotations count only then.
    pub trusted: bool,
    /// Whether the client is offline or sandboxed: open-world tools are denied.
    pub offline: bool,
    /// Whether to check `x-required-scope` against `scopes`.
    pub check_scopes: bool,
    /// The granted scopes (compared exactly with the decoded required scope).
    pub scopes: *const HgText,
    /// How many `scopes` there are.
    pub scope_count: usize,
}

/// A decision: what to do with calls to one tool, and why, with the other
/// answers of SPEC §5.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HgDecision {
    /// Allow, confirm or deny.
    pub action: HgAction,
    /// The tool's risk class under this context.
    pub risk: HgRisk,
    /// Why the action is what it is.
    pub reason: HgReason,
    /// Whether a call may be retried after a transient failure.
    pub retry: HgRetry,
    /// The effective hints the decision used, as a set of the true ones.
    pub effective: HgHintSet,
    /// Log the call separately: it reaches outside systems.
    pub audit: bool,
    /// The result is a one-time secret: keep it out of logs and prompts.
    pub secret: bool,
    /// The tool reports progress.
    pub progress: bool,
    /// `action == HG_ACTION_CONFIRM`.
    pub needs_confirmation: bool,
}

impl HgDecision {
    fn from_core(decision: &Decision) -> HgDecision {
        HgDecision {
            action: decision.action.into(),
            risk: decision.risk.into(),
            reason: decision.reason.into(),
            retry: decision.retry().into(),
            effective: decision.effective.bits(),
            audit: decision.audit(),
            secret: decision.secret(),
            progress: decision.progress(),
            needs_confirmation: decision.needs_confirmation(),
        }
    }
}

/// The core's decision from one the caller handed back (its action, risk,
/// reason and effective hints; the rest follows from them).
///
/// # Safety
/// `decision` must be non-NULL and valid for reads.
unsafe fn decision_from(decision: *const HgDecision) -> Outcome<Decision> {
    let invalid = HgStatus::HgInvalidArgument;
    Ok(Decision {
        action: Action::from_u8(read_code!(decision, action)).ok_or(invalid)?,
        risk: Risk::from_u8(read_code!(decision, risk)).ok_or(invalid)?,
        reason: Reason::from_u8(read_code!(decision, reason)).ok_or(invalid)?,
        effective: hint_set_from(read_plain!(decision, effective))?,
    })
}

/// The granted scopes of an `HgContext`, all checked to be UTF-8 up front.
struct CScopes<'a>(&'a [HgText]);

impl GrantedScopes for CScopes<'_> {
    fn grants(&self, scope: JsonStr<'_>) -> bool {
        self.0.iter().any(|granted| {
            // SAFETY: every view was checked readable and UTF-8 when the
            // context was read, and the caller keeps it valid for the call.
            unsafe { text(granted.ptr, granted.len) }.is_ok_and(|granted| scope == granted)
        })
    }
}

/// Decides with the context the caller handed in.
///
/// # Safety
/// `tool` and `ctx` must be non-NULL and valid for reads, with their views.
unsafe fn decide_with<T>(
    tool: *const HgTool,
    policy: HgPolicy,
    ctx: *const HgContext,
    then: impl FnOnce(&hintgate::Tool<'_>, hintgate::Policy, &Context<'_>) -> T,
) -> Outcome<T> {
    // SAFETY: forwarded contract.
    let tool = unsafe { tool_from(tool)? };
    let policy = policy_from(policy)?;
    let scope_count: usize = read_plain!(ctx, scope_count);
    let scopes_ptr: *const HgText = read_plain!(ctx, scopes);
    let check_scopes = read_flag!(ctx, check_scopes);
    let base = Context::UNTRUSTED
        .with_trusted(read_flag!(ctx, trusted))
        .with_offline(read_flag!(ctx, offline));
    if !check_scopes {
        return Ok(then(&tool, policy, &base));
    }
    // SAFETY: forwarded contract: `scopes` holds `scope_count` texts.
    let granted = unsafe { crate::abi::slice(scopes_ptr, scope_count)? };
    for scope in granted {
        // SAFETY: forwarded contract.
        unsafe { text(scope.ptr, scope.len)? };
    }
    let check = CScopes(granted);
    Ok(then(&tool, policy, &base.with_scope_check(&check)))
}

/// Decides what to do with calls to `tool` under `policy` in `ctx` (SPEC §5).
/// `HG_INVALID_ARGUMENT` when the tool or policy has fields no reader or
/// policy produces; `HG_INVALID_UTF8` when a granted scope is not UTF-8.
///
/// # Safety
/// `tool` and `ctx` must be valid for reads, with every view they hold;
/// `out` valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_decide(
    tool: *const HgTool,
    policy: HgPolicy,
    ctx: *const HgContext,
    out: *mut HgDecision,
) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        if tool.is_null() || ctx.is_null() {
            return Err(HgStatus::HgNullPointer);
        }
        // SAFETY: forwarded contract.
        let decision = unsafe { decide_with(tool, policy, ctx, hintgate::decide)? };
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(HgDecision::from_core(&decision)) };
        Ok(())
    })
}

/// Whether a person must confirm calls to `tool`: `hg_decide`'s action is
/// `HG_ACTION_CONFIRM`.
///
/// # Safety
/// As for `hg_decide`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_needs_confirmation(
    tool: *const HgTool,
    policy: HgPolicy,
    ctx: *const HgContext,
    out: *mut bool,
) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        if tool.is_null() || ctx.is_null() {
            return Err(HgStatus::HgNullPointer);
        }
        // SAFETY: forwarded contract.
        let yes = unsafe { decide_with(tool, policy, ctx, hintgate::needs_confirmation)? };
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(yes) };
        Ok(())
    })
}

/// The lint findings of a tool's definition (SPEC §7); none for an invalid
/// tool.
///
/// # Safety
/// `tool` must be valid for reads, with its views; `out` valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_lint(tool: *const HgTool, out: *mut HgFindings) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        if tool.is_null() {
            return Err(HgStatus::HgNullPointer);
        }
        // SAFETY: forwarded contract.
        let findings = hintgate::lint(&unsafe { tool_from(tool)? });
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(findings.bits()) };
        Ok(())
    })
}

/// Whether a batch of calls, decided as `decisions`, may run in parallel
/// (SPEC §5, seed 004): only when every tool's class is `read`. An empty batch
/// may (`decisions` may then be NULL).
///
/// # Safety
/// `decisions` must be valid for reads of `count` decisions; `out` valid for
/// a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_may_run_in_parallel(
    decisions: *const HgDecision,
    count: usize,
    out: *mut bool,
) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        if decisions.is_null() && count != 0 {
            return Err(HgStatus::HgNullPointer);
        }
        // Check every decision before answering, so that a bad one is
        // reported whatever comes before it.
        for index in 0..count {
            // SAFETY: index < count; valid by the caller's contract.
            unsafe { decision_from(decisions.add(index))? };
        }
        let batch = (0..count).filter_map(|index| {
            // SAFETY: as above; every one was checked.
            unsafe { decision_from(decisions.add(index)) }.ok()
        });
        let parallel = hintgate::may_run_in_parallel(batch);
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(parallel) };
        Ok(())
    })
}

/// Writes the decision's one-sentence explanation (`Confirm first: the policy
/// asks a person before running destructive tools.`), NUL-terminated, into
/// `buf`; `*len` as for `hg_tier_stamp_json`. `HG_EXPLANATION_CAPACITY` bytes
/// always suffice.
///
/// # Safety
/// `decision` must be valid for reads; `buf` valid for writes of `cap` bytes;
/// `len` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_decision_explain(
    decision: *const HgDecision,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> HgStatus {
    guard(|| {
        let len = Out::new(len)?;
        if decision.is_null() {
            return Err(HgStatus::HgNullPointer);
        }
        // SAFETY: forwarded contract.
        let decision = unsafe { decision_from(decision)? };
        // SAFETY: forwarded contract.
        let buf = unsafe { buffer(buf, cap)? };
        write_text(buf, len, |room| write_display(&decision, room))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use hintgate::HintSet;

    #[test]
    fn every_explanation_fits_the_documented_capacity() {
        let mut longest = 0;
        for &action in Action::ALL {
            for &risk in Risk::ALL {
                for &reason in Reason::ALL {
                    for bits in 0..64 {
                        let decision = HgDecision::from_core(&Decision {
                            action,
                            risk,
                            reason,
                            effective: HintSet::from_bits(bits).unwrap(),
                        });
                        let mut buf = [0 as c_char; HG_EXPLANATION_CAPACITY];
                        let mut len = 0;
                        // SAFETY: live decision, buffer and length.
                        let status = unsafe {
                            hg_decision_explain(&decision, buf.as_mut_ptr(), buf.len(), &mut len)
                        };
                        assert_eq!(status, HgStatus::HgOk);
                        longest = longest.max(len + 1);
                    }
                }
            }
        }
        assert!(longest > HG_EXPLANATION_CAPACITY / 2, "{longest}");
    }
}
