//! Reading one Tool object (SPEC §6) from already validated JSON.

use super::keys::KeySet;
use super::scan::{Scan, Scanner};
use crate::hints::Hint;
use crate::text::JsonStr;
use crate::tier::{DeclaredTier, Tier};
use crate::tool::{InvalidKind, InvalidTool, Produces, RequiredScope, Tool, ToolFacts};

/// The earliest problem seen so far; SPEC §6 names a tool's problem by the
/// first one in byte order.
#[derive(Clone, Copy, Default)]
struct FirstProblem(Option<(usize, InvalidKind)>);

impl FirstProblem {
    fn note(&mut self, kind: InvalidKind, offset: usize) {
        match self.0 {
            Some((earlier, _)) if earlier <= offset => {}
            _ => self.0 = Some((offset, kind)),
        }
    }

    fn merge(&mut self, other: FirstProblem) {
        if let Some((offset, kind)) = other.0 {
            self.note(kind, offset);
        }
    }
}

/// The members of an object whose duplicate keys make the tool invalid: the
/// tool itself, `annotations`, and the meta object.
struct Members {
    keys: KeySet,
    first: bool,
}

impl Members {
    /// Enters the object whose `{` is at the cursor.
    fn enter(sc: &mut Scanner<'_>) -> Members {
        sc.bump();
        Members {
            keys: KeySet::new(),
            first: true,
        }
    }

    /// Moves past the next key and its `:`, noting a duplicate (or one key too
    /// many) in `problem`, and returns the key decoded for matching against
    /// known words (see [`JsonStr::word`]); `None` at the closing `}`.
    fn next<'a: 'b, 'b>(
        &mut self,
        sc: &mut Scanner<'a>,
        problem: &mut FirstProblem,
        buf: &'b mut [u8; 32],
    ) -> Scan<Option<&'b str>> {
        let Some(key) = sc.next_key(&mut self.first)? else {
            return Ok(None);
        };
        if let Err(kind) = self.keys.insert(sc.text(), &key) {
            problem.note(kind, key.offset);
        }
        Ok(Some(key.text.word(buf)))
    }
}

/// What one meta object (`_meta` or `meta`) says.
#[derive(Clone, Copy, Default)]
struct Meta<'a> {
    present: bool,
    tier: DeclaredTier,
    required_scope: RequiredScope<'a>,
    produces: Option<Produces<'a>>,
    problem: FirstProblem,
}

enum Name<'a> {
    Missing,
    Named(JsonStr<'a>),
    /// Not a string; the offset of the value.
    NotAString(usize),
    Repeated,
}

/// Reads the Tool object at the cursor (its `{`); `depth` counts the containers
/// around it. A validating scanner also validates everything it skips.
pub(crate) fn read_tool_object<'a>(sc: &mut Scanner<'a>, depth: usize) -> Scan<Tool<'a>> {
    let inner = depth + 1;
    let mut members = Members::enter(sc);
    let mut problem = FirstProblem::default();
    let mut name = Name::Missing;
    let mut facts = ToolFacts::new(JsonStr::plain(""));
    let mut underscore_meta = Meta::default();
    let mut plain_meta = Meta::default();
    let mut buf = [0; 32];
    while let Some(word) = members.next(sc, &mut problem, &mut buf)? {
        if word == "name" {
            name = match (name, sc.peek()?) {
                (Name::Missing, b'"') => Name::Named(sc.string()?),
                (Name::Missing, _) => {
                    let at = sc.pos();
                    sc.skip(inner)?;
                    Name::NotAString(at)
                }
                (_, _) => {
                    sc.skip(inner)?;
                    Name::Repeated
                }
            };
        } else if word == "title" {
            if sc.peek()? == b'"' {
                facts.title = Some(sc.string()?);
            } else {
                sc.skip(inner)?;
            }
        } else if word == "annotations" {
            let at = sc.pos();
            if sc.peek()? == b'{' {
                facts.annotated = true;
                problem.merge(read_annotations(sc, inner, &mut facts)?);
            } else {
                problem.note(InvalidKind::AnnotationsNotObject, at);
                sc.skip(inner)?;
            }
        } else if word == "_meta" {
            underscore_meta = read_meta(sc, inner)?;
        } else if word == "meta" {
            plain_meta = read_meta(sc, inner)?;
        } else {
            sc.skip(inner)?;
        }
    }
    // `_meta` wins when both are present; the other is not read at all.
    let meta = if underscore_meta.present {
        underscore_meta
    } else {
        plain_meta
    };
    problem.merge(meta.problem);
    facts.tier = meta.tier;
    facts.required_scope = meta.required_scope;
    facts.produces = meta.produces.unwrap_or_default();
    // A problem is placed where it is seen: a name that is not a string at its
    // value, a missing name at the closing `}` (so any other problem is earlier).
    match name {
        Name::Named(n) => facts.name = n,
        Name::NotAString(at) => problem.note(InvalidKind::MissingName, at),
        Name::Missing => problem.note(InvalidKind::MissingName, sc.pos() - 1),
        Name::Repeated => {}
    }
    Ok(match problem.0 {
        None => Tool::Valid(facts),
        Some((offset, kind)) => Tool::Invalid(InvalidTool {
            kind,
            offset,
            name: match name {
                Name::Named(n) => Some(n),
                _ => None,
            },
        }),
    })
}

/// Reads the `annotations` object at the cursor into `facts`.
fn read_annotations<'a>(
    sc: &mut Scanner<'a>,
    depth: usize,
    facts: &mut ToolFacts<'a>,
) -> Scan<FirstProblem> {
    let inner = depth + 1;
    let mut members = Members::enter(sc);
    let mut problem = FirstProblem::default();
    let mut buf = [0; 32];
    while let Some(word) = members.next(sc, &mut problem, &mut buf)? {
        if let Some(hint) = Hint::parse(word) {
            match sc.boolean()? {
                Some(value) => facts.hints = facts.hints.with(hint, value),
                None => {
                    // Not a boolean: absent (the worst case), and a finding.
                    facts.hints = facts.hints.without(hint);
                    facts.invalid_hints = facts.invalid_hints.with(hint);
                    sc.skip(inner)?;
                }
            }
        } else if word == "title" && sc.peek()? == b'"' {
            facts.annotations_title = Some(sc.string()?);
        } else {
            sc.skip(inner)?;
        }
    }
    Ok(problem)
}

/// Reads the value of `_meta` or `meta` at the cursor.
fn read_meta<'a>(sc: &mut Scanner<'a>, depth: usize) -> Scan<Meta<'a>> {
    let inner = depth + 1;
    let mut meta = Meta {
        present: true,
        ..Meta::default()
    };
    if sc.peek()? != b'{' {
        meta.problem.note(InvalidKind::MetaNotObject, sc.pos());
        sc.skip(depth)?;
        return Ok(meta);
    }
    let mut members = Members::enter(sc);
    let mut buf = [0; 32];
    while let Some(word) = members.next(sc, &mut meta.problem, &mut buf)? {
        if word == "x-side-effect" {
            meta.tier = match sc.peek()? {
                b'"' => Tier::parse_json(sc.string()?)
                    .map_or(DeclaredTier::Unknown, DeclaredTier::Known),
                _ if sc.null()? => DeclaredTier::Absent,
                _ => {
                    sc.skip(inner)?;
                    DeclaredTier::Unknown
                }
            };
        } else if word == "x-required-scope" {
            meta.required_scope = match sc.peek()? {
                b'"' => RequiredScope::Named(sc.string()?),
                _ if sc.null()? => RequiredScope::None,
                _ => {
                    sc.skip(inner)?;
                    RequiredScope::Malformed
                }
            };
        } else if word == "x-produces" && sc.peek()? == b'[' {
            let from = sc.pos();
            sc.skip(inner)?;
            let array = sc.text().get(from..sc.pos()).unwrap_or_default();
            meta.produces = Some(Produces::from_checked_array(array));
        } else {
            sc.skip(inner)?;
        }
    }
    Ok(meta)
}
