//! Policies (SPEC §4): an action for each risk class plus `confirm_costly`,
//! packed in a `u16`, and the five presets.

use core::fmt;

use crate::risk::Risk;
use crate::words::vocabulary;

vocabulary! {
    /// What a client does with a call; `Ord` goes from least to most strict.
    pub enum Action {
        /// Run the call without asking.
        Allow = 0 => "allow",
        /// Ask a person first.
        Confirm = 1 => "confirm",
        /// Do not offer the tool: hide it from the model.
        Deny = 2 => "deny",
    }
}

vocabulary! {
    /// The five named policies of SPEC §4.
    pub enum Preset {
        /// Seed 002's `needsConfirmation`: read and compute run, the rest is confirmed.
        Default = 0 => "default",
        /// Only read-only tools run unasked (VS Code, goose).
        Cautious = 1 => "cautious",
        /// Seed 003's high-stakes client: confirm everything.
        Strict = 2 => "strict",
        /// Seed 004's plan mode: read tools only; every other tool is removed.
        Plan = 3 => "plan",
        /// Seed 004's `yolo`: run everything.
        Permissive = 4 => "permissive",
    }
}

impl Preset {
    /// The policy this preset names.
    pub const fn policy(self) -> Policy {
        match self {
            Preset::Default => Policy::DEFAULT,
            Preset::Cautious => Policy::CAUTIOUS,
            Preset::Strict => Policy::STRICT,
            Preset::Plan => Policy::PLAN,
            Preset::Permissive => Policy::PERMISSIVE,
        }
    }
}

/// A policy, packed as SPEC §4 says: two bits per risk class in class order
/// (allow 0, confirm 1, deny 2) in bits 0–11, `confirm_costly` at bit 12.
///
/// ```
/// use hintgate::{Action, Policy, Risk};
/// assert_eq!(Policy::DEFAULT.bits(), 5456);
/// let mine = Policy::DEFAULT.with_action(Risk::Compute, Action::Confirm);
/// assert_eq!(mine, Policy::CAUTIOUS);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Policy(u16);

const FLAG_CONFIRM_COSTLY: u16 = 1 << 12;

impl Policy {
    /// `default`: allow read and compute, confirm everything else, confirm costly tools.
    pub const DEFAULT: Policy = Policy::new(
        [
            Action::Allow,
            Action::Allow,
            Action::Confirm,
            Action::Confirm,
            Action::Confirm,
            Action::Confirm,
        ],
        true,
    );
    /// `cautious`: only read runs unasked.
    pub const CAUTIOUS: Policy = Policy::DEFAULT.with_action(Risk::Compute, Action::Confirm);
    /// `strict`: confirm every class.
    pub const STRICT: Policy = Policy::new([Action::Confirm; 6], true);
    /// `plan`: allow read, deny everything else.
    pub const PLAN: Policy = Policy::new(
        [
            Action::Allow,
            Action::Deny,
            Action::Deny,
            Action::Deny,
            Action::Deny,
            Action::Deny,
        ],
        true,
    );
    /// `permissive`: allow every class, never confirm for cost.
    pub const PERMISSIVE: Policy = Policy::new([Action::Allow; 6], false);

    /// A policy from one action per class, in class order (`read` first).
    pub const fn new(actions: [Action; 6], confirm_costly: bool) -> Policy {
        let mut bits = if confirm_costly {
            FLAG_CONFIRM_COSTLY
        } else {
            0
        };
        let mut class = 0;
        while class < 6 {
            bits |= (actions[class] as u16) << (2 * class);
            class += 1;
        }
        Policy(bits)
    }

    /// The policy packed in `bits`, or `None` when a class holds 3 or a bit
    /// above 12 is set.
    pub const fn from_bits(bits: u16) -> Option<Policy> {
        if bits >> 13 != 0 {
            return None;
        }
        let mut class = 0;
        while class < 6 {
            if (bits >> (2 * class)) & 3 == 3 {
                return None;
            }
            class += 1;
        }
        Some(Policy(bits))
    }

    /// The packed `u16`.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The action for a risk class.
    pub const fn action(self, risk: Risk) -> Action {
        match (self.0 >> (2 * risk as u16)) & 3 {
            0 => Action::Allow,
            1 => Action::Confirm,
            // 3 cannot be constructed; reading it as deny keeps the gate closed.
            _ => Action::Deny,
        }
    }

    /// This policy with `action` for `risk`.
    #[must_use]
    pub const fn with_action(self, risk: Risk, action: Action) -> Policy {
        let shift = 2 * risk as u16;
        Policy((self.0 & !(3 << shift)) | ((action as u16) << shift))
    }

    /// Whether an `allow` becomes `confirm` for a tool that warns it is costly.
    pub const fn confirm_costly(self) -> bool {
        self.0 & FLAG_CONFIRM_COSTLY != 0
    }

    /// This policy with the `confirm_costly` flag set to `yes`.
    #[must_use]
    pub const fn with_confirm_costly(self, yes: bool) -> Policy {
        if yes {
            Policy(self.0 | FLAG_CONFIRM_COSTLY)
        } else {
            Policy(self.0 & !FLAG_CONFIRM_COSTLY)
        }
    }

    /// The preset whose name is `name`, e.g. `"plan"`.
    pub fn preset(name: &str) -> Option<Policy> {
        Preset::parse(name).map(Preset::policy)
    }

    /// The preset this policy equals, if any.
    pub fn as_preset(self) -> Option<Preset> {
        Preset::ALL.iter().copied().find(|p| p.policy() == self)
    }
}

impl Default for Policy {
    /// The `default` preset.
    fn default() -> Policy {
        Policy::DEFAULT
    }
}

impl fmt::Debug for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut map = f.debug_map();
        for &risk in Risk::ALL {
            map.entry(&risk.as_str(), &self.action(risk).as_str());
        }
        map.entry(&"confirm_costly", &self.confirm_costly());
        map.finish()
    }
}
