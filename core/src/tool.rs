//! What hintgate knows of one tool definition: its facts, or why it is invalid.

use crate::hints::{HintSet, Hints};
use crate::json::scan::Scanner;
use crate::text::JsonStr;
use crate::tier::DeclaredTier;
use crate::words::vocabulary;

/// The facts of one valid tool definition that the policy looks at.
///
/// The JSON reader fills them in; a binding that starts from its language's
/// own objects fills them in through the same fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolFacts<'a> {
    /// `name`.
    pub name: JsonStr<'a>,
    /// The top-level `title`, when it is a string.
    pub title: Option<JsonStr<'a>>,
    /// `annotations.title`, when it is a string.
    pub annotations_title: Option<JsonStr<'a>>,
    /// Whether the tool has an `annotations` object.
    pub annotated: bool,
    /// The hints declared with boolean values.
    pub hints: Hints,
    /// The hints declared with a value that is not a boolean (each counts as
    /// absent and is reported as `invalid_hint`).
    pub invalid_hints: HintSet,
    /// `x-side-effect` of the meta object.
    pub tier: DeclaredTier,
    /// `x-required-scope` of the meta object.
    pub required_scope: RequiredScope<'a>,
    /// `x-produces` of the meta object.
    pub produces: Produces<'a>,
}

impl<'a> ToolFacts<'a> {
    /// A tool named `name` with nothing else declared (unannotated).
    pub const fn new(name: JsonStr<'a>) -> ToolFacts<'a> {
        ToolFacts {
            name,
            title: None,
            annotations_title: None,
            annotated: false,
            hints: Hints::NONE,
            invalid_hints: HintSet::EMPTY,
            tier: DeclaredTier::Absent,
            required_scope: RequiredScope::None,
            produces: Produces::EMPTY,
        }
    }

    /// The name to show a person (SPEC §5): `title`, then `annotations.title`,
    /// then `name`.
    pub fn display_name(&self) -> JsonStr<'a> {
        self.title.or(self.annotations_title).unwrap_or(self.name)
    }
}

/// What a tool's `x-required-scope` says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RequiredScope<'a> {
    /// No scope is required (absent or `null`).
    #[default]
    None,
    /// This scope is required.
    Named(JsonStr<'a>),
    /// Present but not a string: no grant can satisfy it (fail closed).
    Malformed,
}

/// The strings of `x-produces`, read lazily from the document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Produces<'a> {
    /// The array's JSON text, `[` to `]`, already validated (empty if absent).
    array: &'a str,
}

impl<'a> Produces<'a> {
    /// No `x-produces`.
    pub const EMPTY: Produces<'static> = Produces { array: "" };

    pub(crate) fn from_checked_array(array: &'a str) -> Produces<'a> {
        Produces { array }
    }

    /// The string entries, in order (entries that are not strings are skipped).
    pub fn iter(&self) -> ProducesIter<'a> {
        let mut scanner = Scanner::over_checked(self.array, 0);
        let done = !self.array.starts_with('[');
        if !done {
            scanner.bump();
        }
        ProducesIter {
            scanner,
            first: true,
            done,
        }
    }
}

/// The iterator of [`Produces::iter`].
#[derive(Clone)]
pub struct ProducesIter<'a> {
    scanner: Scanner<'a>,
    first: bool,
    done: bool,
}

impl<'a> Iterator for ProducesIter<'a> {
    type Item = JsonStr<'a>;

    fn next(&mut self) -> Option<JsonStr<'a>> {
        while !self.done {
            if self.scanner.next_element(&mut self.first) != Ok(true) {
                break;
            }
            if self.scanner.peek() == Ok(b'"') {
                if let Ok(entry) = self.scanner.string() {
                    return Some(entry);
                }
                break;
            }
            self.scanner.skip_checked();
        }
        self.done = true;
        None
    }
}

impl Default for Produces<'_> {
    fn default() -> Self {
        Produces::EMPTY
    }
}

vocabulary! {
    /// Why one tool definition is invalid (SPEC §6). The other tools of the
    /// document are unaffected.
    pub enum InvalidKind {
        /// An element of the tools array is not an object.
        NotAnObject = 0 => "not_an_object",
        /// No `name`, or a `name` that is not a string.
        MissingName = 1 => "missing_name",
        /// A key given twice in the tool, its `annotations` or its meta object.
        DuplicateKey = 2 => "duplicate_key",
        /// `annotations` is not an object.
        AnnotationsNotObject = 3 => "annotations_not_object",
        /// The meta object read (`_meta`, else `meta`) is not an object.
        MetaNotObject = 4 => "meta_not_object",
        /// More than 64 keys in the tool, its `annotations` or its meta object:
        /// the bound that keeps exact duplicate detection in fixed memory.
        TooManyKeys = 5 => "too_many_keys",
    }
}

/// A tool definition that cannot be trusted to say what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidTool<'a> {
    /// The first problem, in byte order.
    pub kind: InvalidKind,
    /// Where it is, in bytes from the start of the document.
    pub offset: usize,
    /// The tool's `name`, when it has exactly one and it is a string.
    pub name: Option<JsonStr<'a>>,
}

/// One tool of a document: its facts, or why its definition is invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool<'a> {
    /// A readable definition.
    Valid(ToolFacts<'a>),
    /// An invalid definition: decided as destructive, never allowed.
    Invalid(InvalidTool<'a>),
}

impl<'a> Tool<'a> {
    /// The tool's `name`, when known.
    pub fn name(&self) -> Option<JsonStr<'a>> {
        match self {
            Tool::Valid(facts) => Some(facts.name),
            Tool::Invalid(invalid) => invalid.name,
        }
    }

    /// The name to show (SPEC §5); for an invalid tool, its `name` if known.
    pub fn display_name(&self) -> Option<JsonStr<'a>> {
        match self {
            Tool::Valid(facts) => Some(facts.display_name()),
            Tool::Invalid(invalid) => invalid.name,
        }
    }

    /// The declared hints ([`Hints::NONE`] for an invalid tool).
    pub fn hints(&self) -> Hints {
        match self {
            Tool::Valid(facts) => facts.hints,
            Tool::Invalid(_) => Hints::NONE,
        }
    }

    /// The facts of a valid definition.
    pub fn facts(&self) -> Option<&ToolFacts<'a>> {
        match self {
            Tool::Valid(facts) => Some(facts),
            Tool::Invalid(_) => None,
        }
    }

    /// Why the definition is invalid, if it is.
    pub fn invalid(&self) -> Option<&InvalidTool<'a>> {
        match self {
            Tool::Valid(_) => None,
            Tool::Invalid(invalid) => Some(invalid),
        }
    }
}

impl<'a> From<ToolFacts<'a>> for Tool<'a> {
    fn from(facts: ToolFacts<'a>) -> Tool<'a> {
        Tool::Valid(facts)
    }
}
