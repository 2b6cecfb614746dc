//! Lint findings for server authors (SPEC §7).

use core::fmt;

use crate::decide::assess;
use crate::text::JsonStr;
use crate::tier::DeclaredTier;
use crate::tool::Tool;
use crate::words::vocabulary;

vocabulary! {
    /// Something a server author should fix in a tool definition.
    pub enum Finding {
        /// `readOnlyHint` and `destructiveHint` both declared true.
        ConflictingHints = 0 => "conflicting_hints",
        /// Declared hints disagree with the tier's stamp.
        TierMismatch = 1 => "tier_mismatch",
        /// `x-side-effect` is not one of the five tiers.
        UnknownTier = 2 => "unknown_tier",
        /// A hint whose value is not a boolean.
        InvalidHint = 3 => "invalid_hint",
        /// No `annotations` object.
        Unannotated = 4 => "unannotated",
        /// Named like a read (`get_*`, `list_*`…) but not effectively read-only.
        NameSuggestsRead = 5 => "name_suggests_read",
        /// Named like a deletion (`delete_*`, `refund_*`…) but not effectively destructive.
        NameSuggestsDestructive = 6 => "name_suggests_destructive",
    }
}

/// A set of findings, iterated in the order of [`Finding`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Findings(u8);

impl Findings {
    /// No finding.
    pub const NONE: Findings = Findings(0);

    /// Bit *i* = the finding numbered *i*.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The set with bits `bits`; `None` if bit 7 is set.
    pub const fn from_bits(bits: u8) -> Option<Findings> {
        if bits & 0x80 == 0 {
            Some(Findings(bits))
        } else {
            None
        }
    }

    /// Whether `finding` is in the set.
    pub const fn contains(self, finding: Finding) -> bool {
        self.0 & (1 << finding as u8) != 0
    }

    /// This set with `finding` added when `yes`.
    #[must_use]
    pub const fn with_if(self, finding: Finding, yes: bool) -> Findings {
        if yes {
            Findings(self.0 | 1 << finding as u8)
        } else {
            self
        }
    }

    /// Whether there is no finding.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many findings.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The findings, in order.
    pub fn iter(self) -> impl Iterator<Item = Finding> {
        Finding::ALL
            .iter()
            .copied()
            .filter(move |&f| self.contains(f))
    }
}

impl fmt::Debug for Findings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(Finding::as_str))
            .finish()
    }
}

/// First words that promise a read (seed 000's read families).
const READ_WORDS: [&str; 6] = ["get", "list", "search", "read", "preview", "compare"];
/// First words that promise a destructive call (seed 000's destructive families).
const DESTRUCTIVE_WORDS: [&str; 8] = [
    "delete", "remove", "drop", "destroy", "purge", "cancel", "refund", "revoke",
];

/// The findings for one tool definition. They describe the definition, so they
/// depend on neither trust nor policy; an invalid definition has none (its
/// problem is the [`InvalidTool`](crate::InvalidTool) itself).
///
/// ```
/// use hintgate::Finding;
/// let tool = hintgate::read_tool(br#"{"name":"getUser"}"#)?;
/// let findings: Vec<Finding> = hintgate::lint(&tool).iter().collect();
/// assert_eq!(findings, [Finding::Unannotated, Finding::NameSuggestsRead]);
/// # Ok::<(), hintgate::DocumentError>(())
/// ```
pub fn lint(tool: &Tool<'_>) -> Findings {
    let Tool::Valid(facts) = tool else {
        return Findings::NONE;
    };
    let effective = assess(facts).effective;
    let tier_mismatch = match facts.tier {
        DeclaredTier::Known(tier) => !facts.hints.agrees_with(tier.stamp()),
        _ => false,
    };
    let word = FirstWord::of(facts.name);
    Findings::NONE
        .with_if(Finding::ConflictingHints, facts.hints.conflicting())
        .with_if(Finding::TierMismatch, tier_mismatch)
        .with_if(Finding::UnknownTier, facts.tier == DeclaredTier::Unknown)
        .with_if(Finding::InvalidHint, !facts.invalid_hints.is_empty())
        .with_if(Finding::Unannotated, !facts.annotated)
        .with_if(
            Finding::NameSuggestsRead,
            word.is_one_of(&READ_WORDS) && !effective.read_only(),
        )
        .with_if(
            Finding::NameSuggestsDestructive,
            word.is_one_of(&DESTRUCTIVE_WORDS) && !effective.destructive(),
        )
}

/// The first word of a name, lower-cased, when it is short ASCII (every word
/// the lint looks for is at most seven letters, so longer words never match).
struct FirstWord {
    letters: [u8; 8],
    len: usize,
}

impl FirstWord {
    /// SPEC §7: what precedes the first `_`, `-`, `.` or lower-to-upper change.
    fn of(name: JsonStr<'_>) -> FirstWord {
        let mut word = FirstWord {
            letters: [0; 8],
            len: 0,
        };
        let mut previous_lower = false;
        for c in name.chars() {
            if matches!(c, '_' | '-' | '.') || (previous_lower && c.is_uppercase()) {
                break;
            }
            // ASCII is enough: a character that is not ASCII ends the word
            // below (nothing follows it), and the Unicode lowercase table
            // would be a kilobyte of every binary.
            previous_lower = c.is_ascii_lowercase();
            match word.letters.get_mut(word.len) {
                Some(slot) if c.is_ascii() => *slot = c.to_ascii_lowercase() as u8,
                // Too long or not ASCII: cannot be one of the words.
                _ => {
                    return FirstWord {
                        letters: [0; 8],
                        len: usize::MAX,
                    };
                }
            }
            word.len += 1;
        }
        word
    }

    fn is_one_of(&self, words: &[&str]) -> bool {
        let Some(mine) = self.letters.get(..self.len) else {
            return false;
        };
        words.iter().any(|w| w.as_bytes() == mine)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// SPEC §7 read literally: Unicode case on both sides of the change.
    fn reference(name: &str) -> Option<std::string::String> {
        let mut word = std::string::String::new();
        let mut previous_lower = false;
        for c in name.chars() {
            if matches!(c, '_' | '-' | '.') || (previous_lower && c.is_uppercase()) {
                break;
            }
            previous_lower = c.is_lowercase();
            word.push(c);
        }
        (word.is_ascii() && word.len() <= 8).then(|| word.to_ascii_lowercase())
    }

    proptest! {
        /// Lower case judged on ASCII alone finds the same first word.
        #[test]
        fn first_word_matches_the_unicode_reading(name in "[a-zA-Zß-ÿÀ-ÞǅΣσ_.\\-]{0,12}") {
            let word = FirstWord::of(JsonStr::plain(&name));
            let ours = word.letters.get(..word.len).map(|l| std::string::String::from(std::str::from_utf8(l).unwrap()));
            prop_assert_eq!(ours, reference(&name));
        }
    }
}
