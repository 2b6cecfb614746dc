//! Accepted documents (SPEC §6): validation, shape, and iteration over tools.

use core::str;

use super::error::{DocumentError, DocumentErrorKind as Kind, ServerError};
use super::scan::{Fault, Scan, Scanner};
use super::tool::read_tool_object;
use crate::text::JsonStr;
use crate::tool::{InvalidKind, InvalidTool, Tool};
use crate::words::vocabulary;

vocabulary! {
    /// Which of the accepted documents was read.
    pub enum DocumentForm {
        /// One Tool object.
        Tool = 0 => "tool",
        /// A `tools/list` result: `{"tools": [...], "nextCursor": ...}`.
        ToolsList = 1 => "tools_list",
        /// A JSON-RPC response whose `result` is a `tools/list` result.
        JsonRpc = 2 => "json_rpc",
        /// A bare array of Tool objects.
        Array = 3 => "array",
    }
}

/// A validated document: its JSON is well formed and within the nesting bound,
/// and it has one of the accepted shapes. Reading its tools cannot fail as a
/// whole any more; each tool is valid or invalid on its own.
#[derive(Clone, Copy, Debug)]
pub struct Document<'a> {
    text: &'a str,
    form: DocumentForm,
    /// Offset of the Tool object, or of the tools array.
    at: usize,
}

/// Validates `input` (a whole document) and finds its tools, in O(1) memory.
///
/// ```
/// let doc = hintgate::read_document(br#"{"tools":[{"name":"a"},{"name":"b"}],"nextCursor":null}"#)?;
/// assert_eq!(doc.form(), hintgate::DocumentForm::ToolsList);
/// let names: Vec<String> = doc.tools().map(|t| t.name().unwrap().to_string()).collect();
/// assert_eq!(names, ["a", "b"]);
/// # Ok::<(), hintgate::DocumentError>(())
/// ```
pub fn read_document(input: &[u8]) -> Result<Document<'_>, DocumentError<'_>> {
    if u32::try_from(input.len()).is_err() {
        return Err(DocumentError::at(Kind::TooLarge, 0));
    }
    let text =
        str::from_utf8(input).map_err(|e| DocumentError::at(Kind::InvalidUtf8, e.valid_up_to()))?;
    let mut sc = Scanner::new(text, 0);
    let outline = sc.peek().and_then(|first| match first {
        b'{' => outline_object(&mut sc),
        b'[' => {
            let at = sc.pos();
            sc.skip_value(0).map(|()| Outline::Array(at))
        }
        _ => {
            let at = sc.pos();
            sc.skip_value(0).map(|()| Outline::NotADocument(at))
        }
    });
    let outline = outline
        .and_then(|outline| sc.finish().map(|()| outline))
        .map_err(|fault| syntax_error(text, fault))?;
    outline.resolve(text)
}

/// Reads a document that must be exactly one Tool object.
///
/// ```
/// use hintgate::{Context, Policy, Action};
/// let tool = hintgate::read_tool(br#"{"name":"get_user","annotations":{"readOnlyHint":true}}"#)?;
/// let d = hintgate::decide(&tool, Policy::DEFAULT, &Context::TRUSTED);
/// assert_eq!(d.action, Action::Allow);
/// # Ok::<(), hintgate::DocumentError>(())
/// ```
pub fn read_tool(input: &[u8]) -> Result<Tool<'_>, DocumentError<'_>> {
    let document = read_document(input)?;
    if document.form != DocumentForm::Tool {
        let mut sc = Scanner::new(document.text, 0);
        let offset = sc.peek().map_or(0, |_| sc.pos());
        return Err(DocumentError::at(Kind::NotATool, offset));
    }
    document
        .tools()
        .next()
        .ok_or(DocumentError::at(Kind::NotATool, document.at))
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

impl<'a> Document<'a> {
    /// Which accepted document this is.
    pub fn form(&self) -> DocumentForm {
        self.form
    }

    /// The document's text.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The tools, in document order. Each call starts again from the first.
    pub fn tools(&self) -> Tools<'a> {
        Tools {
            scanner: Scanner::over_checked(self.text, self.at),
            state: match self.form {
                DocumentForm::Tool => State::Single,
                _ => State::ListStart,
            },
        }
    }
}

impl<'a> IntoIterator for &Document<'a> {
    type Item = Tool<'a>;
    type IntoIter = Tools<'a>;
    fn into_iter(self) -> Tools<'a> {
        self.tools()
    }
}

#[derive(Clone, Copy, Debug)]
enum State {
    Single,
    ListStart,
    List,
    Done,
}

/// The tools of a [`Document`], each valid or invalid on its own.
#[derive(Clone)]
pub struct Tools<'a> {
    scanner: Scanner<'a>,
    state: State,
}

impl<'a> Iterator for Tools<'a> {
    type Item = Tool<'a>;

    fn next(&mut self) -> Option<Tool<'a>> {
        let sc = &mut self.scanner;
        let next = match self.state {
            State::Done => return None,
            State::Single => {
                self.state = State::Done;
                read_tool_object(sc)
            }
            State::ListStart | State::List => {
                let mut first = matches!(self.state, State::ListStart);
                if first {
                    sc.bump();
                }
                self.state = State::List;
                match sc.next_element(&mut first) {
                    Ok(true) => read_element(sc),
                    _ => {
                        self.state = State::Done;
                        return None;
                    }
                }
            }
        };
        // The document was validated, so reading cannot fail; if it somehow
        // did, stop rather than guess.
        next.map_err(|_| self.state = State::Done).ok()
    }
}

fn read_element<'a>(sc: &mut Scanner<'a>) -> Scan<Tool<'a>> {
    if sc.peek()? == b'{' {
        return read_tool_object(sc);
    }
    let offset = sc.pos();
    sc.skip_checked();
    Ok(Tool::Invalid(InvalidTool {
        kind: InvalidKind::NotAnObject,
        offset,
        name: None,
    }))
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
/// in the same pass.
fn outline_object(sc: &mut Scanner<'_>) -> Scan<Outline> {
    let mut keys = RootKeys {
        root: sc.pos(),
        ..RootKeys::default()
    };
    sc.bump();
    let mut first = true;
    while let Some(key) = sc.next_key(&mut first)? {
        sc.peek()?;
        let value = sc.pos();
        let k = key.text;
        if k == "result" && keys.result.value.is_none() && sc.peek()? == b'{' {
            keys.result.see(key.offset, value);
            outline_result(sc, &mut keys.result_tools)?;
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

fn outline_result(sc: &mut Scanner<'_>, tools: &mut Slot) -> Scan<()> {
    sc.bump();
    let mut first = true;
    while let Some(key) = sc.next_key(&mut first)? {
        sc.peek()?;
        if key.text == "tools" {
            tools.see(key.offset, sc.pos());
        }
        sc.skip_value(2)?;
    }
    Ok(())
}

impl Outline {
    fn resolve(self, text: &str) -> Result<Document<'_>, DocumentError<'_>> {
        let document = |form, at| Document { text, form, at };
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
        let repeated = [keys.jsonrpc, keys.result, keys.error, keys.result_tools]
            .iter()
            .filter_map(|slot| slot.repeated)
            .min();
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
