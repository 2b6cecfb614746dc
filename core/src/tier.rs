//! The five side-effect tiers of seed 002 (SPEC §2) and their stamps.

use crate::hints::{Hint, Hints};
use crate::risk::Risk;
use crate::words::vocabulary;

vocabulary! {
    /// A side-effect tier, read from `_meta["x-side-effect"]`.
    pub enum Tier {
        /// Returns data; changes nothing.
        Read = 0 => "read",
        /// Runs work but mints no external charge.
        Compute = 1 => "compute",
        /// Moves real money or credits with a third party.
        ExternalSpend = 2 => "external_spend",
        /// Issues a share link or export, which may reveal a one-time secret.
        ShareExport = 3 => "share_export",
        /// Mutates or deletes durable state.
        Destructive = 4 => "destructive",
    }
}

const fn stamp(read_only: bool, destructive: bool, idempotent: bool, open_world: bool) -> Hints {
    Hints::NONE
        .with(Hint::ReadOnly, read_only)
        .with(Hint::Destructive, destructive)
        .with(Hint::Idempotent, idempotent)
        .with(Hint::OpenWorld, open_world)
}

impl Tier {
    /// The four standard hints a server stamps on a tool of this tier — seed
    /// 002's table, exactly. All four are declared.
    ///
    /// ```
    /// use hintgate::Tier;
    /// assert_eq!(Tier::Read.stamp().bits(), 0x090F);
    /// ```
    pub const fn stamp(self) -> Hints {
        match self {
            Tier::Read => stamp(true, false, false, true),
            Tier::Compute => stamp(false, false, false, false),
            Tier::ExternalSpend => stamp(false, false, true, true),
            Tier::ShareExport => stamp(false, false, false, true),
            Tier::Destructive => stamp(false, true, false, false),
        }
    }

    /// The risk class of this tier (SPEC §3).
    pub const fn risk(self) -> Risk {
        match self {
            Tier::Read => Risk::Read,
            Tier::Compute => Risk::Compute,
            Tier::ExternalSpend => Risk::Spend,
            Tier::ShareExport => Risk::Share,
            Tier::Destructive => Risk::Destructive,
        }
    }
}

/// What a tool's `x-side-effect` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DeclaredTier {
    /// No `x-side-effect` (or `null`).
    #[default]
    Absent,
    /// One of the five tiers.
    Known(Tier),
    /// A string that is not a tier, or a value that is not a string: a side
    /// effect nobody can name, assumed to be the worst.
    Unknown,
}

impl DeclaredTier {
    /// The known tier, if any.
    pub const fn tier(self) -> Option<Tier> {
        match self {
            DeclaredTier::Known(tier) => Some(tier),
            _ => None,
        }
    }
}
