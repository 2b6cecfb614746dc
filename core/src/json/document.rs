//! Accepted documents (SPEC §6): validation, shape, and iteration over tools.

use super::error::{DocumentError, DocumentErrorKind as Kind};
use super::outline::{Discard, Sink, outline, read_element};
use super::scan::Scanner;
use super::tool::read_tool_object;
use crate::tool::Tool;
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
    let (text, form, at) = outline(input, &mut Discard)?;
    Ok(Document { text, form, at })
}

/// Reads every tool of `input` in one pass into `out`, and returns how many
/// tools the document holds. The whole document is validated before this
/// returns, so on `Err` nothing in `out` counts; on `Ok(n)` the first
/// `min(n, out.len())` slots hold the tools in order and the others are as
/// they were. When `n > out.len()`, read the rest with [`read_document`] or
/// call again with more room.
///
/// This touches the bytes once, where [`read_document`] then
/// [`Document::tools`] touches them twice in O(1) memory.
///
/// ```
/// let mut slots = [None; 16];
/// let count = hintgate::read_tools_into(br#"[{"name":"a"},{"name":"b"}]"#, &mut slots)?;
/// let names: Vec<String> = slots[..count].iter().flatten().map(|t| t.name().unwrap().to_string()).collect();
/// assert_eq!(names, ["a", "b"]);
/// # Ok::<(), hintgate::DocumentError>(())
/// ```
pub fn read_tools_into<'a>(
    input: &'a [u8],
    out: &mut [Option<Tool<'a>>],
) -> Result<usize, DocumentError<'a>> {
    let mut slots = Slots { out, count: 0 };
    let (text, form, at) = outline(input, &mut slots)?;
    if form == DocumentForm::Tool {
        // A single tool is known to be one only at the end of its object.
        slots.restart();
        // The text passed validation, so this cannot fail; if it did, the
        // document would still be refused rather than half read.
        let tool = read_tool_object(&mut Scanner::over_checked(text, at), 0)
            .map_err(|_| DocumentError::at(Kind::NotATool, at))?;
        slots.push(tool);
    }
    Ok(slots.count)
}

/// The caller's slots, filled while the first pass validates.
struct Slots<'o, 'a> {
    out: &'o mut [Option<Tool<'a>>],
    count: usize,
}

impl<'a> Sink<'a> for Slots<'_, 'a> {
    fn reads(&self) -> bool {
        true
    }

    fn restart(&mut self) {
        // A later list wins: what the earlier one wrote must not linger.
        let written = self.count.min(self.out.len());
        if let Some(stale) = self.out.get_mut(..written) {
            stale.fill(None);
        }
        self.count = 0;
    }

    fn push(&mut self, tool: Tool<'a>) {
        if let Some(slot) = self.out.get_mut(self.count) {
            *slot = Some(tool);
        }
        self.count += 1;
    }
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
                read_tool_object(sc, 0)
            }
            State::ListStart | State::List => {
                let mut first = matches!(self.state, State::ListStart);
                if first {
                    sc.bump();
                }
                self.state = State::List;
                match sc.next_element(&mut first) {
                    Ok(true) => read_element(sc, 0),
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
