//! The six hints (SPEC §1): tri-state declarations packed in a `u16`, and their
//! effective values under the MCP defaults and the fail-closed conflict rule.

use core::fmt;

use crate::words::vocabulary;

vocabulary! {
    /// One hint, by slot. The word is its JSON key in `annotations`.
    pub enum Hint {
        /// `readOnlyHint`: the tool changes nothing. MCP default false.
        ReadOnly = 0 => "readOnlyHint",
        /// `destructiveHint`: the tool may destroy data. MCP default true.
        Destructive = 1 => "destructiveHint",
        /// `idempotentHint`: repeating the call has no further effect. MCP default false.
        Idempotent = 2 => "idempotentHint",
        /// `openWorldHint`: the tool reaches outside systems. MCP default true.
        OpenWorld = 3 => "openWorldHint",
        /// `costWarning` (seed 003): the tool is expensive. Default false.
        CostWarning = 4 => "costWarning",
        /// `progressIndicators` (seed 003): the tool reports progress. Default false.
        ProgressIndicators = 5 => "progressIndicators",
    }
}

impl Hint {
    /// The value a hint takes when it is not declared.
    pub const fn default_value(self) -> bool {
        matches!(self, Hint::Destructive | Hint::OpenWorld)
    }

    const fn bit(self) -> u16 {
        1 << (self as u8)
    }
}

/// The declared hints of one tool, packed exactly as SPEC §1 says: bit *i* is
/// "slot *i* is declared", bit 8+*i* is slot *i*'s declared value. The same
/// number is used by every binding and the C ABI.
///
/// ```
/// use hintgate::{Hint, Hints};
/// let read = Hints::NONE
///     .with(Hint::ReadOnly, true)
///     .with(Hint::Destructive, false)
///     .with(Hint::Idempotent, false)
///     .with(Hint::OpenWorld, true);
/// assert_eq!(read.bits(), 0x090F);
/// assert_eq!(read.declared(Hint::ReadOnly), Some(true));
/// assert_eq!(read.declared(Hint::CostWarning), None);
/// assert!(read.effective().contains(Hint::Idempotent)); // read-only implies idempotent
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hints(u16);

/// Declared bits of all six slots.
const ALL_SLOTS: u16 = 0x3F;
/// Declared bits of the four MCP hints, the ones a tier stamps.
const STANDARD_SLOTS: u16 = 0x0F;

impl Hints {
    /// No hint declared: every effective value is the MCP default.
    pub const NONE: Hints = Hints(0);

    /// Bits that must be 0: 6, 7, 14, 15.
    pub const RESERVED_BITS: u16 = 0xC0C0;

    /// The packed value, or `None` when `bits` sets a reserved bit or a value
    /// bit whose slot is not declared.
    pub const fn from_bits(bits: u16) -> Option<Hints> {
        let declared = bits & ALL_SLOTS;
        let values = (bits >> 8) & ALL_SLOTS;
        if bits & Self::RESERVED_BITS != 0 || values & !declared != 0 {
            None
        } else {
            Some(Hints(bits))
        }
    }

    /// The packed `u16`.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The declared value of `hint`, or `None` when it is absent.
    pub const fn declared(self, hint: Hint) -> Option<bool> {
        if self.0 & hint.bit() == 0 {
            None
        } else {
            Some(self.0 & (hint.bit() << 8) != 0)
        }
    }

    /// Whether `hint` is declared (true or false).
    pub const fn is_declared(self, hint: Hint) -> bool {
        self.0 & hint.bit() != 0
    }

    /// These hints with `hint` declared as `value`.
    #[must_use]
    pub const fn with(self, hint: Hint, value: bool) -> Hints {
        let cleared = self.0 & !(hint.bit() << 8);
        let value_bit = if value { hint.bit() << 8 } else { 0 };
        Hints(cleared | hint.bit() | value_bit)
    }

    /// These hints with `hint` absent.
    #[must_use]
    pub const fn without(self, hint: Hint) -> Hints {
        Hints(self.0 & !(hint.bit() | (hint.bit() << 8)))
    }

    /// `readOnlyHint: true` and `destructiveHint: true` are both declared — a
    /// contradiction that resolves to the riskier reading.
    pub const fn conflicting(self) -> bool {
        matches!(self.declared(Hint::ReadOnly), Some(true))
            && matches!(self.declared(Hint::Destructive), Some(true))
    }

    /// Whether every *standard* hint declared here has the same value in
    /// `stamp` (a tier's stamp, which declares all four). Undeclared hints and
    /// the two extension hints always agree.
    pub const fn agrees_with(self, stamp: Hints) -> bool {
        let declared_standard = self.0 & STANDARD_SLOTS;
        ((self.0 ^ stamp.0) >> 8) & declared_standard == 0
    }

    /// SPEC §1 tier fill: every standard slot not declared here takes its value
    /// from `stamp`. Only meaningful when [`Hints::agrees_with`] the stamp.
    #[must_use]
    pub const fn filled_from(self, stamp: Hints) -> Hints {
        let missing = stamp.0 & STANDARD_SLOTS & !self.0;
        Hints(self.0 | missing | (stamp.0 & (missing << 8)))
    }

    /// The effective values (SPEC §1): declared values, the MCP defaults for
    /// the rest, and the conflict rule (destructive beats read-only).
    pub const fn effective(self) -> HintSet {
        let conflict = self.conflicting();
        let read_only = !conflict && matches!(self.declared(Hint::ReadOnly), Some(true));
        let destructive = if read_only {
            false
        } else if conflict {
            true
        } else {
            self.value_or_default(Hint::Destructive)
        };
        let idempotent = read_only || self.value_or_default(Hint::Idempotent);
        HintSet::EMPTY
            .with_if(Hint::ReadOnly, read_only)
            .with_if(Hint::Destructive, destructive)
            .with_if(Hint::Idempotent, idempotent)
            .with_if(Hint::OpenWorld, self.value_or_default(Hint::OpenWorld))
            .with_if(Hint::CostWarning, self.value_or_default(Hint::CostWarning))
            .with_if(
                Hint::ProgressIndicators,
                self.value_or_default(Hint::ProgressIndicators),
            )
    }

    const fn value_or_default(self, hint: Hint) -> bool {
        match self.declared(hint) {
            Some(value) => value,
            None => hint.default_value(),
        }
    }
}

impl fmt::Debug for Hints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut map = f.debug_map();
        for &hint in Hint::ALL {
            if let Some(value) = self.declared(hint) {
                map.entry(&hint.as_str(), &value);
            }
        }
        map.finish()
    }
}

/// A set of hints: the hints whose effective value is true, or the hints a
/// tool declared with a non-boolean value. Bit *i* is slot *i*.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct HintSet(u8);

impl HintSet {
    /// The empty set.
    pub const EMPTY: HintSet = HintSet(0);

    /// The effective values of a tool that declares nothing (SPEC §1 defaults):
    /// destructive and open-world.
    pub const DEFAULTS: HintSet = Hints::NONE.effective();

    /// The set with bits `bits` (bit *i* = slot *i*); `None` if bits 6–7 are set.
    pub const fn from_bits(bits: u8) -> Option<HintSet> {
        if bits & 0xC0 == 0 {
            Some(HintSet(bits))
        } else {
            None
        }
    }

    /// Bit *i* = slot *i* is in the set.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether `hint` is in the set.
    pub const fn contains(self, hint: Hint) -> bool {
        self.0 & (1 << hint as u8) != 0
    }

    /// This set with `hint` added.
    #[must_use]
    pub const fn with(self, hint: Hint) -> HintSet {
        HintSet(self.0 | 1 << hint as u8)
    }

    const fn with_if(self, hint: Hint, yes: bool) -> HintSet {
        if yes { self.with(hint) } else { self }
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Effective `readOnlyHint`.
    pub const fn read_only(self) -> bool {
        self.contains(Hint::ReadOnly)
    }

    /// Effective `destructiveHint`.
    pub const fn destructive(self) -> bool {
        self.contains(Hint::Destructive)
    }

    /// Effective `idempotentHint`.
    pub const fn idempotent(self) -> bool {
        self.contains(Hint::Idempotent)
    }

    /// Effective `openWorldHint`.
    pub const fn open_world(self) -> bool {
        self.contains(Hint::OpenWorld)
    }

    /// Effective `costWarning`.
    pub const fn cost_warning(self) -> bool {
        self.contains(Hint::CostWarning)
    }

    /// Effective `progressIndicators`.
    pub const fn progress_indicators(self) -> bool {
        self.contains(Hint::ProgressIndicators)
    }

    /// The hints in the set, in slot order.
    pub fn iter(self) -> impl Iterator<Item = Hint> {
        Hint::ALL.iter().copied().filter(move |&h| self.contains(h))
    }
}

impl fmt::Debug for HintSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(Hint::as_str))
            .finish()
    }
}
