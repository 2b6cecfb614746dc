//! The `vocabulary!` macro: one definition per enum of SPEC §8's words, so that
//! every enum gets the same explicit `#[repr(u8)]` numbers, names, parsing,
//! `Display` and serde support, and no word is spelled twice.

/// Defines a fieldless enum whose variants each have an explicit number (the one
/// every binding reuses) and a snake_case word (the one every language prints).
macro_rules! vocabulary {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $num:literal => $word:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum $name {
            $( $(#[$vmeta])* $variant = $num, )+
        }

        impl $name {
            /// Every value, in numeric order.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// The word for this value, as SPEC §8 spells it in every language.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $word,)+
                }
            }

            /// The value whose word is exactly `word` (case-sensitive).
            pub fn parse(word: &str) -> Option<Self> {
                match word {
                    $($word => Some(Self::$variant),)+
                    _ => None,
                }
            }

            /// The value with the explicit number `n`, as used across the C ABI.
            pub const fn from_u8(n: u8) -> Option<Self> {
                match n {
                    $($num => Some(Self::$variant),)+
                    _ => None,
                }
            }

            /// The explicit number of this value.
            pub const fn to_u8(self) -> u8 {
                self as u8
            }

            /// The value whose word equals the decoded JSON string `s`.
            pub fn parse_json(s: $crate::JsonStr<'_>) -> Option<Self> {
                // Every word is at most 32 bytes, so `word` loses nothing here.
                Self::parse(s.word(&mut [0; 32]))
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl core::str::FromStr for $name {
            type Err = $crate::UnknownWord;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Self::parse(s).ok_or($crate::UnknownWord)
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct WordVisitor;
                impl serde::de::Visitor<'_> for WordVisitor {
                    type Value = $name;
                    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                        f.write_str(concat!("one of the ", stringify!($name), " words"))
                    }
                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$name, E> {
                        $name::parse(v).ok_or_else(|| E::unknown_variant(v, &[$($word),+]))
                    }
                }
                deserializer.deserialize_str(WordVisitor)
            }
        }
    };
}

pub(crate) use vocabulary;

/// The error of `FromStr` for the vocabulary enums: the string is not one of the words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownWord;

impl core::fmt::Display for UnknownWord {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("not one of hintgate's words")
    }
}

impl core::error::Error for UnknownWord {}
