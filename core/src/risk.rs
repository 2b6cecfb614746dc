//! The six risk classes (SPEC §3), ordered from least to most risk.

use crate::hints::HintSet;
use crate::words::vocabulary;

vocabulary! {
    /// How much a call can do, from least to most risk; `Ord` follows that order,
    /// so the riskier of two classes is their `max`.
    pub enum Risk {
        /// Changes nothing.
        Read = 0 => "read",
        /// Changes only the server's own closed world.
        Compute = 1 => "compute",
        /// Reaches systems outside the server.
        External = 2 => "external",
        /// Issues a share link or export: the result may be a one-time secret.
        Share = 3 => "share",
        /// Moves real money or credits.
        Spend = 4 => "spend",
        /// Deletes or irreversibly changes durable state.
        Destructive = 5 => "destructive",
    }
}

impl Risk {
    /// The class the hints alone give (SPEC §3): read-only → `read`; else
    /// destructive → `destructive`; else open-world → `external`; else `compute`.
    pub const fn from_effective(effective: HintSet) -> Risk {
        if effective.read_only() {
            Risk::Read
        } else if effective.destructive() {
            Risk::Destructive
        } else if effective.open_world() {
            Risk::External
        } else {
            Risk::Compute
        }
    }

    /// The riskier of two classes, usable in `const` contexts.
    pub const fn riskier(self, other: Risk) -> Risk {
        if (self as u8) >= (other as u8) {
            self
        } else {
            other
        }
    }
}
