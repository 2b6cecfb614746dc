//! The decision (SPEC §5): from a tool, a policy and a context to an action,
//! a risk class and the reason, plus the answers that follow from them.

use crate::hints::HintSet;
use crate::policy::{Action, Policy};
use crate::risk::Risk;
use crate::text::JsonStr;
use crate::tier::DeclaredTier;
use crate::tool::{RequiredScope, Tool, ToolFacts};
use crate::words::vocabulary;

vocabulary! {
    /// Why a decision came out as it did.
    pub enum Reason {
        /// The action is the policy's entry for the tool's risk.
        Policy = 0 => "policy",
        /// The definition is invalid (SPEC §6): treated as destructive.
        InvalidDefinition = 1 => "invalid_definition",
        /// The server is not trusted: annotations and `_meta` are ignored.
        Untrusted = 2 => "untrusted",
        /// `x-side-effect` names no known tier: treated as destructive.
        UnknownTier = 3 => "unknown_tier",
        /// `readOnlyHint` and `destructiveHint` both declared true.
        ConflictingHints = 4 => "conflicting_hints",
        /// The declared hints disagree with the tier's stamp.
        TierMismatch = 5 => "tier_mismatch",
        /// The client is offline and the tool is open-world: denied.
        Offline = 6 => "offline",
        /// The tool requires a scope that was not granted: denied.
        MissingScope = 7 => "missing_scope",
        /// The policy confirms tools that warn they are costly.
        CostWarning = 8 => "cost_warning",
    }
}

vocabulary! {
    /// Whether a call may be retried after a transient failure (5xx, timeout).
    pub enum Retry {
        /// Retry freely: the tool is idempotent and moves no money.
        Safe = 0 => "safe",
        /// A spend: replay only with the same `Idempotency-Key`.
        SameKey = 1 => "same_key",
        /// Never retry blindly: the first call may have taken effect.
        Never = 2 => "never",
    }
}

/// A host's own answer to "is this scope granted?" — for grants that are not
/// a slice of `&str` (a C array, a set, a call to an authorization service).
pub trait GrantedScopes {
    /// Whether `scope` is granted.
    fn grants(&self, scope: JsonStr<'_>) -> bool;
}

/// The scopes granted to the client, for tools that declare `x-required-scope`.
#[derive(Clone, Copy)]
pub enum Scopes<'a> {
    /// Exactly these scopes are granted (compared with decoded names, exactly).
    List(&'a [&'a str]),
    /// The host decides.
    Check(&'a dyn GrantedScopes),
}

impl Scopes<'_> {
    /// Whether `scope` is granted.
    pub fn grants(&self, scope: JsonStr<'_>) -> bool {
        match self {
            Scopes::List(list) => list.iter().any(|granted| scope == *granted),
            Scopes::Check(check) => check.grants(scope),
        }
    }
}

/// Where a call happens: who the server is and what the client may do.
///
/// ```
/// use hintgate::Context;
/// let ctx = Context::TRUSTED.with_offline(true).with_scopes(&["repo:read"]);
/// assert!(ctx.trusted && ctx.offline);
/// ```
#[derive(Clone, Copy, Default)]
pub struct Context<'a> {
    /// Whether the server's annotations may be believed. Default false: MCP says
    /// clients must treat annotations as untrusted unless the server is trusted.
    pub trusted: bool,
    /// The client is offline or sandboxed: open-world tools are denied.
    pub offline: bool,
    /// The granted scopes; `None` means scopes are not checked.
    pub scopes: Option<Scopes<'a>>,
}

impl<'a> Context<'a> {
    /// An untrusted server, online, no scope check (the default).
    pub const UNTRUSTED: Context<'static> = Context {
        trusted: false,
        offline: false,
        scopes: None,
    };

    /// A trusted server, online, no scope check.
    pub const TRUSTED: Context<'static> = Context {
        trusted: true,
        offline: false,
        scopes: None,
    };

    /// This context with `trusted` set.
    #[must_use]
    pub const fn with_trusted(self, trusted: bool) -> Context<'a> {
        Context { trusted, ..self }
    }

    /// This context with `offline` set.
    #[must_use]
    pub const fn with_offline(self, offline: bool) -> Context<'a> {
        Context { offline, ..self }
    }

    /// This context granting exactly `scopes` (tools requiring any other
    /// scope are denied).
    #[must_use]
    pub const fn with_scopes<'b>(self, scopes: &'b [&'b str]) -> Context<'b>
    where
        'a: 'b,
    {
        Context {
            trusted: self.trusted,
            offline: self.offline,
            scopes: Some(Scopes::List(scopes)),
        }
    }

    /// This context asking `check` whether a required scope is granted.
    #[must_use]
    pub const fn with_scope_check<'b>(self, check: &'b dyn GrantedScopes) -> Context<'b>
    where
        'a: 'b,
    {
        Context {
            trusted: self.trusted,
            offline: self.offline,
            scopes: Some(Scopes::Check(check)),
        }
    }
}

impl core::fmt::Debug for Context<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Context")
            .field("trusted", &self.trusted)
            .field("offline", &self.offline)
            .field("scopes_checked", &self.scopes.is_some())
            .finish()
    }
}

/// A decision: what to do with calls to one tool, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decision {
    /// Allow, confirm or deny.
    pub action: Action,
    /// The tool's risk class under this context.
    pub risk: Risk,
    /// Why the action is what it is.
    pub reason: Reason,
    /// The effective hints the decision used (spec defaults when annotations
    /// were ignored).
    pub effective: HintSet,
}

impl Decision {
    /// Whether a person must confirm the call.
    pub const fn needs_confirmation(&self) -> bool {
        matches!(self.action, Action::Confirm)
    }

    /// Whether the call may be retried after a transient failure (SPEC §5).
    pub const fn retry(&self) -> Retry {
        match self.risk {
            Risk::Spend => Retry::SameKey,
            _ if self.effective.idempotent() => Retry::Safe,
            _ => Retry::Never,
        }
    }

    /// Whether to log the call separately: it reaches outside systems (seed 000).
    pub const fn audit(&self) -> bool {
        self.effective.open_world()
    }

    /// Whether the result is a one-time secret not to echo into logs or
    /// prompts (seed 002's `share_export`).
    pub const fn secret(&self) -> bool {
        matches!(self.risk, Risk::Share)
    }

    /// Whether the tool reports progress (seed 003).
    pub const fn progress(&self) -> bool {
        self.effective.progress_indicators()
    }
}

/// Risk, reason and effective hints before the policy is applied.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Assessment {
    pub risk: Risk,
    pub reason: Reason,
    pub effective: HintSet,
}

const WORST: Assessment = Assessment {
    risk: Risk::Destructive,
    reason: Reason::Policy,
    effective: HintSet::DEFAULTS,
};

/// SPEC §3 for a valid tool from a trusted server.
pub(crate) fn assess(facts: &ToolFacts<'_>) -> Assessment {
    let hints = facts.hints;
    let tier = match facts.tier {
        DeclaredTier::Unknown => {
            return Assessment {
                reason: Reason::UnknownTier,
                ..WORST
            };
        }
        DeclaredTier::Absent => None,
        DeclaredTier::Known(tier) => Some(tier),
    };
    let conflict_or = |otherwise| {
        if hints.conflicting() {
            Reason::ConflictingHints
        } else {
            otherwise
        }
    };
    match tier {
        Some(tier) if hints.agrees_with(tier.stamp()) => Assessment {
            risk: tier.risk(),
            reason: Reason::Policy,
            effective: hints.filled_from(tier.stamp()).effective(),
        },
        Some(tier) => {
            let effective = hints.effective();
            Assessment {
                risk: tier.risk().riskier(Risk::from_effective(effective)),
                reason: conflict_or(Reason::TierMismatch),
                effective,
            }
        }
        None => {
            let effective = hints.effective();
            Assessment {
                risk: Risk::from_effective(effective),
                reason: conflict_or(Reason::Policy),
                effective,
            }
        }
    }
}

/// Decides calls to `tool` under `policy` in `ctx` (SPEC §5).
///
/// ```
/// use hintgate::{Action, Context, Policy, Reason, Risk};
/// let tool = hintgate::read_tool(br#"{"name":"delete_repo"}"#)?;
/// let d = hintgate::decide(&tool, Policy::DEFAULT, &Context::UNTRUSTED);
/// assert_eq!((d.action, d.risk, d.reason), (Action::Confirm, Risk::Destructive, Reason::Untrusted));
/// # Ok::<(), hintgate::DocumentError>(())
/// ```
pub fn decide(tool: &Tool<'_>, policy: Policy, ctx: &Context<'_>) -> Decision {
    let (assessment, scope) = match tool {
        Tool::Invalid(_) => (
            Assessment {
                reason: Reason::InvalidDefinition,
                ..WORST
            },
            None,
        ),
        Tool::Valid(_) if !ctx.trusted => (
            Assessment {
                reason: Reason::Untrusted,
                ..WORST
            },
            None,
        ),
        Tool::Valid(facts) => (assess(facts), Some(facts.required_scope)),
    };
    let Assessment {
        risk,
        reason,
        effective,
    } = assessment;
    let mut action = policy.action(risk);
    // SPEC §6: bad input never gets `allow`, whatever the policy says.
    if matches!(tool, Tool::Invalid(_)) && action == Action::Allow {
        action = Action::Confirm;
    }
    let decision = |action, reason| Decision {
        action,
        risk,
        reason,
        effective,
    };
    if ctx.offline && effective.open_world() {
        return decision(Action::Deny, Reason::Offline);
    }
    if let (Some(granted), Some(required)) = (ctx.scopes, scope) {
        let satisfied = match required {
            RequiredScope::None => true,
            RequiredScope::Named(scope) => granted.grants(scope),
            RequiredScope::Malformed => false,
        };
        if !satisfied {
            return decision(Action::Deny, Reason::MissingScope);
        }
    }
    if action == Action::Allow && policy.confirm_costly() && effective.cost_warning() {
        return decision(Action::Confirm, Reason::CostWarning);
    }
    decision(action, reason)
}

/// Whether a person must confirm calls to `tool`: `decide(...).action == confirm`.
pub fn needs_confirmation(tool: &Tool<'_>, policy: Policy, ctx: &Context<'_>) -> bool {
    decide(tool, policy, ctx).needs_confirmation()
}

/// Whether a batch of calls may run in parallel (seed 004): only when every
/// tool's class is `read`. An empty batch may. Takes decisions or references
/// to them, so a batch need not be stored to be judged.
pub fn may_run_in_parallel<D: core::borrow::Borrow<Decision>>(
    decisions: impl IntoIterator<Item = D>,
) -> bool {
    decisions.into_iter().all(|d| d.borrow().risk == Risk::Read)
}
