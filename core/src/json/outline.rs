//! The first pass over a document: UTF-8, JSON syntax and the nesting bound
//! for every byte, and the document's shape (SPEC §6) — reading the tools on
//! the way when the caller has room for them.

use core::str;

use super::document::DocumentForm;
use super::error::{DocumentError, DocumentErrorKind as Kind, ServerError};
use super::scan::{Fault, Scan, Scanner};
use super::tool::read_tool_object;
use crate::text::JsonStr;
use crate::tool::{InvalidKind, InvalidTool, Tool};

/// What the first pass does with the tools it meets.
pub(crate) trait Sink<'a> {
    /// Whether to read tools at all; validation alone does not.
    fn reads(&self) -> bool;
    /// A tools list starts (one that wins over a list read before it).
    fn restart(&mut self);
    /// The next tool of the list.
    fn push(&mut self, tool: Tool<'a>);
}

/// Validation alone.
pub(crate) struct Discard;

impl<'a> Sink<'a> for Discard {
    fn reads(&self) -> bool {
        false
    }
    fn restart(&mut self) {}
    fn push(&mut self, _: Tool<'a>) {}
}

/// Validates the whole `input` and finds its shape: the text, the form, and
/// where the tools are. Tool lists met on the way go to `sink`.
pub(crate) fn outline<'a>(
    input: &'a [u8],
    sink: &mut dyn Sink<'a>,
) -> Result<(&'a str, DocumentForm, usize), DocumentError<'a>> {
    if u32::try_from(input.len()).is_err() {
        return Err(DocumentError::at(Kind::TooLarge, 0));
    }
    let text =
        str::from_utf8(input).map_err(|e| DocumentError::at(Kind::InvalidUtf8, e.valid_up_to()))?;
    let mut sc = Scanner::new(text, 0);
    let outline = sc.peek().and_then(|first| match first {
        b'{' => outline_object(&mut sc, sink),
        b'[' => {
            let at = sc.pos();
            read_list(&mut sc, 0, sink).map(|()| Outline::Array(at))
        }
        _ => {
            let at = sc.pos();
            sc.skip_value(0).map(|()| Outline::NotADocument(at))
        }
    });
    let outline = outline
        .and_then(|outline| sc.finish().map(|()| outline))
        .map_err(|fault| syntax_error(text, fault))?;
    let (form, at) = outline.resolve(text)?;
    Ok((text, form, at))
}

fn syntax_error(text: &str, fault: Fault) -> DocumentError<'_> {
    DocumentError {
        found: match fault.kind {
            Kind::UnexpectedByte | Kind::InvalidNumber | Kind::ControlCharacter => {
                text.as_bytes().get(fault.offset).copied()
            }
            _ => None,
        },
        ..DocumentError::at(fault.kind, fault.offset)
    }
}

/// Where the keys that decide a top-level object's shape were found.
#[derive(Clone, Copy, Default)]
struct Slot {
    /// Offset of the first occurrence's value.
    value: Option<usize>,
    /// Offset of the second occurrence's key.
    repeated: Option<usize>,
}

impl Slot {
    fn see(&mut self, key_offset: usize, value_offset: usize) {
        match self.value {
            None => self.value = Some(value_offset),
            Some(_) => {
                self.repeated.get_or_insert(key_offset);
            }
        }
    }
}

#[derive(Clone, Copy, Default)]
struct RootKeys {
    root: usize,
    tools: Slot,
    jsonrpc: Slot,
    result: Slot,
    error: Slot,
    /// `tools` inside the (first) `result` object.
    result_tools: Slot,
}

enum Outline {
    Object(RootKeys),
    Array(usize),
    NotADocument(usize),
}

/// Validates the top-level object and notes where its shape-deciding keys are,
/// in the same pass; tool lists met on the way go to `sink`.
fn outline_object<'a>(sc: &mut Scanner<'a>, sink: &mut dyn Sink<'a>) -> Scan<Outline> {
    let mut keys = RootKeys {
        root: sc.pos(),
        ..RootKeys::default()
    };
    sc.bump();
    let mut first = true;
    while let Some(key) = sc.next_key(&mut first)? {
        let opening = sc.peek()?;
        let value = sc.pos();
        let k = key.text;
        if k == "result" && keys.result.value.is_none() && opening == b'{' {
            keys.result.see(key.offset, value);
            // A top-level `tools` list wins over the result's: once one was
            // read, the result's is only validated.
            let reading = keys.tools.value.is_none();
            outline_result(sc, &mut keys.result_tools, reading, sink)?;
            continue;
        }
        if k == "tools" && keys.tools.value.is_none() && opening == b'[' {
            keys.tools.see(key.offset, value);
            read_list(sc, 1, sink)?;
            continue;
        }
        let slot = if k == "tools" {
            Some(&mut keys.tools)
        } else if k == "jsonrpc" {
            Some(&mut keys.jsonrpc)
        } else if k == "result" {
            Some(&mut keys.result)
        } else if k == "error" {
            Some(&mut keys.error)
        } else {
            None
        };
        if let Some(slot) = slot {
            slot.see(key.offset, value);
        }
        sc.skip_value(1)?;
    }
    Ok(Outline::Object(keys))
}

fn outline_result<'a>(
    sc: &mut Scanner<'a>,
    tools: &mut Slot,
    reading: bool,
    sink: &mut dyn Sink<'a>,
) -> Scan<()> {
    sc.bump();
    let mut first = true;
    while let Some(key) = sc.next_key(&mut first)? {
        let opening = sc.peek()?;
        if key.text == "tools" {
            let first_list = tools.value.is_none();
            tools.see(key.offset, sc.pos());
            if reading && first_list && opening == b'[' {
                read_list(sc, 2, sink)?;
                continue;
            }
        }
        sc.skip_value(2)?;
    }
    Ok(())
}

/// Validates the tools array at the cursor (`depth` containers around it);
/// when the sink reads tools, reads each one on the way.
fn read_list<'a>(sc: &mut Scanner<'a>, depth: usize, sink: &mut dyn Sink<'a>) -> Scan<()> {
    if !sink.reads() {
        return sc.skip_value(depth);
    }
    sink.restart();
    sc.bump();
    let mut first = true;
    while sc.next_element(&mut first)? {
        sink.push(read_element(sc, depth + 1)?);
    }
    Ok(())
}

/// Reads one element of a tools array: a tool, or an invalid one.
pub(crate) fn read_element<'a>(sc: &mut Scanner<'a>, depth: usize) -> Scan<Tool<'a>> {
    if sc.peek()? == b'{' {
        return read_tool_object(sc, depth);
    }
    let offset = sc.pos();
    sc.skip(depth)?;
    Ok(Tool::Invalid(InvalidTool {
        kind: InvalidKind::NotAnObject,
        offset,
        name: None,
    }))
}

impl Outline {
    /// The document's form and where its tools are (the Tool object, or the
    /// tools array), or why its shape is not accepted.
    fn resolve(self, text: &str) -> Result<(DocumentForm, usize), DocumentError<'_>> {
        let document = |form, at| (form, at);
        let keys = match self {
            Outline::Array(at) => return Ok(document(DocumentForm::Array, at)),
            Outline::NotADocument(at) => return Err(DocumentError::at(Kind::NotADocument, at)),
            Outline::Object(keys) => keys,
        };
        let is_array = |at: usize| text.as_bytes().get(at) == Some(&b'[');
        if let Some(tools) = keys.tools.value {
            if let Some(repeated) = keys.tools.repeated {
                return Err(DocumentError::at(Kind::DuplicateKey, repeated));
            }
            if !is_array(tools) {
                return Err(DocumentError::at(Kind::ToolsNotArray, tools));
            }
            return Ok(document(DocumentForm::ToolsList, tools));
        }
        if keys.jsonrpc.value.is_none() {
            return Ok(document(DocumentForm::Tool, keys.root));
        }
        // The first repeated key. (Mapped to plain offsets before comparing:
        // `min` over `Option`s compiles to comparisons that touch the unset
        // payload of a `None`, which valgrind rightly cannot tell is harmless.)
        let repeated = [keys.jsonrpc, keys.result, keys.error, keys.result_tools]
            .iter()
            .map(|slot| slot.repeated.unwrap_or(usize::MAX))
            .min()
            .filter(|&at| at != usize::MAX);
        if let Some(repeated) = repeated {
            return Err(DocumentError::at(Kind::DuplicateKey, repeated));
        }
        if let Some(error) = keys.error.value {
            return Err(DocumentError {
                server: Some(server_error(text, error)),
                ..DocumentError::at(Kind::ServerError, error)
            });
        }
        match (keys.result.value, keys.result_tools.value) {
            (Some(_), Some(tools)) if is_array(tools) => Ok(document(DocumentForm::JsonRpc, tools)),
            (Some(_), Some(tools)) => Err(DocumentError::at(Kind::ToolsNotArray, tools)),
            (Some(result), None) => Err(DocumentError::at(Kind::MissingResult, result)),
            (None, _) => Err(DocumentError::at(Kind::MissingResult, keys.root)),
        }
    }
}

/// Reads `code` and `message` of the (validated) error value at `at`.
fn server_error(text: &str, at: usize) -> ServerError<'_> {
    let mut error = ServerError {
        code: None,
        message: JsonStr::plain(""),
    };
    let mut sc = Scanner::over_checked(text, at);
    if sc.peek() != Ok(b'{') {
        return error;
    }
    sc.bump();
    let mut first = true;
    while let Ok(Some(key)) = sc.next_key(&mut first) {
        let read = match sc.peek() {
            Ok(b'"') if key.text == "message" => sc.string().map(|m| error.message = m),
            Ok(b'-' | b'0'..=b'9') if key.text == "code" => sc.integer().map(|c| error.code = c),
            _ => {
                sc.skip_checked();
                Ok(())
            }
        };
        if read.is_err() {
            break;
        }
    }
    error
}
