//! Tools as C structs: string views into the caller's document, the facts the
//! policy reads, and the readers that fill them in.

use core::ffi::{c_char, c_void};

use hintgate::{
    DeclaredTier, DocumentError, InvalidKind, InvalidTool, JsonStr, Produces, RequiredScope, Tier,
    Tool, ToolFacts,
};

use crate::abi::{
    HgStatus, Out, Outcome, buffer, bytes, guard, read_code, read_flag, read_plain, text,
    write_text,
};
use crate::hints::{HgHintSet, HgHints, hint_set_from, hints_from};
use crate::words::{HgDocumentErrorKind, HgInvalidKind, HgTier};

/// A string as it stands in a JSON document: `len` bytes of UTF-8 at `ptr`,
/// **not** NUL-terminated, with JSON escapes still in it when `escaped` is
/// true (decode with `hg_str_decode`). `ptr` is NULL when the string is absent.
///
/// Views handed out by the readers point into the caller's document buffer
/// and are valid exactly as long as that buffer is.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HgStr {
    /// The first byte, or NULL for an absent string.
    pub ptr: *const c_char,
    /// The length in bytes.
    pub len: usize,
    /// Whether the text holds JSON escapes (`\n`, `\u0065`…) to decode.
    pub escaped: bool,
}

impl HgStr {
    const ABSENT: HgStr = HgStr {
        ptr: core::ptr::null(),
        len: 0,
        escaped: false,
    };

    fn of(s: JsonStr<'_>) -> HgStr {
        HgStr {
            ptr: s.raw().as_ptr().cast(),
            len: s.raw().len(),
            escaped: s.is_escaped(),
        }
    }

    fn of_option(s: Option<JsonStr<'_>>) -> HgStr {
        s.map_or(HgStr::ABSENT, HgStr::of)
    }
}

/// What a tool's `_meta["x-side-effect"]` says.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgTierState {
    /// No tier (absent or `null`).
    Absent = 0,
    /// One of the five tiers: `HgTool.tier`.
    Known = 1,
    /// Not a tier: a side effect nobody can name, treated as the worst.
    Unknown = 2,
}

/// What a tool's `_meta["x-required-scope"]` says.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgScopeState {
    /// No scope required (absent or `null`).
    None = 0,
    /// The scope in `HgTool.required_scope` is required.
    Named = 1,
    /// Present but not a string: no grant satisfies it.
    Malformed = 2,
}

/// One tool of a document: the facts the policy reads, or why the definition
/// is invalid. Filled in by `hg_read_tool`, `hg_read_tools` and
/// `hg_visit_tools`; its strings point into the document buffer. Hand it back
/// unchanged to `hg_decide`, `hg_lint`… — or fill it in yourself from your own
/// parser (zero it first): every field is checked when it comes back.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HgTool {
    /// Whether the definition is readable. An invalid tool is decided as
    /// destructive and never allowed; only `invalid_kind`, `invalid_offset`
    /// and `name` are meaningful then.
    pub valid: bool,
    /// Why the definition is invalid (when `valid` is false).
    pub invalid_kind: HgInvalidKind,
    /// Where its first problem is, in bytes from the start of the document.
    pub invalid_offset: usize,
    /// `name` (for an invalid tool: its name when it has exactly one string name).
    pub name: HgStr,
    /// The top-level `title`, when it is a string.
    pub title: HgStr,
    /// `annotations.title`, when it is a string.
    pub annotations_title: HgStr,
    /// Whether the tool has an `annotations` object.
    pub annotated: bool,
    /// The hints declared with boolean values.
    pub hints: HgHints,
    /// The hints declared with a value that is not a boolean (each counts as
    /// absent, and is the `invalid_hint` finding).
    pub invalid_hints: HgHintSet,
    /// Whether `x-side-effect` is absent, a known tier, or unknown.
    pub tier_state: HgTierState,
    /// The tier, when `tier_state` is `HG_TIER_STATE_KNOWN` (else 0).
    pub tier: HgTier,
    /// Whether `x-required-scope` is absent, a scope, or malformed.
    pub scope_state: HgScopeState,
    /// The scope, when `scope_state` is `HG_SCOPE_STATE_NAMED`.
    pub required_scope: HgStr,
}

impl HgTool {
    fn from_core(tool: &Tool<'_>) -> HgTool {
        let mut out = HgTool {
            valid: false,
            invalid_kind: HgInvalidKind::NotAnObject,
            invalid_offset: 0,
            name: HgStr::ABSENT,
            title: HgStr::ABSENT,
            annotations_title: HgStr::ABSENT,
            annotated: false,
            hints: 0,
            invalid_hints: 0,
            tier_state: HgTierState::Absent,
            tier: HgTier::Read,
            scope_state: HgScopeState::None,
            required_scope: HgStr::ABSENT,
        };
        match tool {
            Tool::Invalid(invalid) => {
                out.invalid_kind = invalid.kind.into();
                out.invalid_offset = invalid.offset;
                out.name = HgStr::of_option(invalid.name);
            }
            Tool::Valid(facts) => {
                out.valid = true;
                out.name = HgStr::of(facts.name);
                out.title = HgStr::of_option(facts.title);
                out.annotations_title = HgStr::of_option(facts.annotations_title);
                out.annotated = facts.annotated;
                out.hints = facts.hints.bits();
                out.invalid_hints = facts.invalid_hints.bits();
                match facts.tier {
                    DeclaredTier::Absent => {}
                    DeclaredTier::Known(tier) => {
                        out.tier_state = HgTierState::Known;
                        out.tier = tier.into();
                    }
                    DeclaredTier::Unknown => out.tier_state = HgTierState::Unknown,
                }
                match facts.required_scope {
                    RequiredScope::None => {}
                    RequiredScope::Named(scope) => {
                        out.scope_state = HgScopeState::Named;
                        out.required_scope = HgStr::of(scope);
                    }
                    RequiredScope::Malformed => out.scope_state = HgScopeState::Malformed,
                }
            }
        }
        out
    }
}

/// Reads an `HgStr` field of a struct the caller handed in: absent, or text
/// that is UTF-8 and, when marked escaped, a well-formed JSON string body.
macro_rules! read_str {
    ($ptr:expr, $field:ident) => {{
        let ptr: *const c_char = read_plain!($ptr, $field.ptr);
        let len: usize = read_plain!($ptr, $field.len);
        let escaped = read_flag!($ptr, $field.escaped);
        // SAFETY: the caller's contract makes the view valid for reads.
        unsafe { str_from_parts(ptr, len, escaped) }
    }};
}

/// # Safety
/// A non-NULL `ptr` must be valid for reads of `len` bytes for `'a`.
unsafe fn str_from_parts<'a>(
    ptr: *const c_char,
    len: usize,
    escaped: bool,
) -> Outcome<Option<JsonStr<'a>>> {
    if ptr.is_null() {
        return if len == 0 {
            Ok(None)
        } else {
            Err(HgStatus::HgInvalidArgument)
        };
    }
    // SAFETY: forwarded contract.
    let raw = unsafe { text(ptr, len)? };
    if escaped {
        JsonStr::from_json_contents(raw)
            .map(Some)
            .ok_or(HgStatus::HgInvalidArgument)
    } else {
        Ok(Some(JsonStr::plain(raw)))
    }
}

/// The core's view of a tool the caller handed back, every field checked.
///
/// # Safety
/// `tool` must be non-NULL and valid for reads, its views valid for `'a`.
pub(crate) unsafe fn tool_from<'a>(tool: *const HgTool) -> Outcome<Tool<'a>> {
    let name = read_str!(tool, name)?;
    if !read_flag!(tool, valid) {
        let kind = InvalidKind::from_u8(read_code!(tool, invalid_kind))
            .ok_or(HgStatus::HgInvalidArgument)?;
        return Ok(Tool::Invalid(InvalidTool {
            kind,
            offset: read_plain!(tool, invalid_offset),
            name,
        }));
    }
    let mut facts = ToolFacts::new(name.ok_or(HgStatus::HgInvalidArgument)?);
    facts.title = read_str!(tool, title)?;
    facts.annotations_title = read_str!(tool, annotations_title)?;
    facts.annotated = read_flag!(tool, annotated);
    facts.hints = hints_from(read_plain!(tool, hints))?;
    facts.invalid_hints = hint_set_from(read_plain!(tool, invalid_hints))?;
    facts.tier = match read_code!(tool, tier_state) {
        0 => DeclaredTier::Absent,
        1 => DeclaredTier::Known(
            Tier::from_u8(read_code!(tool, tier)).ok_or(HgStatus::HgInvalidArgument)?,
        ),
        2 => DeclaredTier::Unknown,
        _ => return Err(HgStatus::HgInvalidArgument),
    };
    facts.required_scope = match read_code!(tool, scope_state) {
        0 => RequiredScope::None,
        1 => RequiredScope::Named(
            read_str!(tool, required_scope)?.ok_or(HgStatus::HgInvalidArgument)?,
        ),
        2 => RequiredScope::Malformed,
        _ => return Err(HgStatus::HgInvalidArgument),
    };
    // `x-produces` is not handed out to C: no decision reads it.
    facts.produces = Produces::EMPTY;
    Ok(Tool::Valid(facts))
}

/// Why a document was rejected, and where.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HgDocumentError {
    /// What is wrong.
    pub kind: HgDocumentErrorKind,
    /// Where, in bytes from the start of the document.
    pub offset: usize,
    /// Whether `found` holds the byte found at `offset` (syntax errors).
    pub has_found: bool,
    /// The byte found at `offset`.
    pub found: u8,
    /// For `HG_DOCUMENT_ERROR_KIND_SERVER_ERROR`: the server's `error.message`
    /// (a view into the document; empty when it sent none). Else absent.
    pub message: HgStr,
    /// Whether `code` holds the server's integer `error.code`.
    pub has_code: bool,
    /// The server's `error.code`.
    pub code: i64,
}

impl HgDocumentError {
    fn from_core(error: &DocumentError<'_>) -> HgDocumentError {
        HgDocumentError {
            kind: error.kind.into(),
            offset: error.offset,
            has_found: error.found.is_some(),
            found: error.found.unwrap_or(0),
            message: HgStr::of_option(error.server.map(|server| server.message)),
            has_code: error.server.and_then(|server| server.code).is_some(),
            code: error.server.and_then(|server| server.code).unwrap_or(0),
        }
    }
}

/// Reports a rejected document through the optional error output.
fn rejected(error: Option<Out<HgDocumentError>>, cause: &DocumentError<'_>) -> HgStatus {
    if let Some(error) = error {
        // SAFETY: non-null; valid by the caller's contract.
        unsafe { error.write(HgDocumentError::from_core(cause)) };
    }
    HgStatus::HgDocumentError
}

/// Reads a document that is exactly one Tool object (`len` bytes of JSON at
/// `json`). The tool may be invalid (`valid` false): that is still `HG_OK`.
/// On `HG_DOCUMENT_ERROR`, `*error` (when `error` is not NULL) says why.
///
/// # Safety
/// `json` must be valid for reads of `len` bytes, and stay so while the tool's
/// views are used; `out` valid for a write; `error` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_read_tool(
    json: *const u8,
    len: usize,
    out: *mut HgTool,
    error: *mut HgDocumentError,
) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        let error = Out::optional(error);
        // SAFETY: forwarded contract.
        let json = unsafe { bytes(json, len)? };
        match hintgate::read_tool(json) {
            Ok(tool) => {
                // SAFETY: checked non-null; valid by the caller's contract.
                unsafe { out.write(HgTool::from_core(&tool)) };
                Ok(())
            }
            Err(cause) => Err(rejected(error, &cause)),
        }
    })
}

/// Reads every tool of a document — one Tool, a `tools/list` result, a
/// JSON-RPC response or a bare array — into `tools`, in document order. The
/// whole document is validated first; then `*count` is the number of tools
/// it holds. When that exceeds `capacity`, the result is `HG_BUFFER_TOO_SMALL`
/// and `tools` is untouched (call with `capacity` 0 and `tools` NULL to size
/// the array). On `HG_DOCUMENT_ERROR`, `*error` (when not NULL) says why.
///
/// # Safety
/// `json` must be valid for reads of `len` bytes, and stay so while the tools'
/// views are used; `tools` valid for writes of `capacity` tools (or NULL with
/// `capacity` 0); `count` valid for a write; `error` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_read_tools(
    json: *const u8,
    len: usize,
    tools: *mut HgTool,
    capacity: usize,
    count: *mut usize,
    error: *mut HgDocumentError,
) -> HgStatus {
    guard(|| {
        let count = Out::new(count)?;
        let error = Out::optional(error);
        if tools.is_null() && capacity != 0 {
            return Err(HgStatus::HgNullPointer);
        }
        // SAFETY: forwarded contract.
        let json = unsafe { bytes(json, len)? };
        let document = hintgate::read_document(json).map_err(|cause| rejected(error, &cause))?;
        let total = document.tools().count();
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { count.write(total) };
        if total > capacity {
            return Err(HgStatus::HgBufferTooSmall);
        }
        for (index, tool) in document.tools().enumerate() {
            // SAFETY: index < total <= capacity, and `tools` is valid for
            // `capacity` writes by the caller's contract.
            unsafe { tools.add(index).write(HgTool::from_core(&tool)) };
        }
        Ok(())
    })
}

/// Called by `hg_visit_tools` for each tool, with the caller's `context`, the
/// tool's index and the tool (valid during the call; its views as long as the
/// document). Return true to go on, false to stop. It must return normally:
/// no `longjmp` or C++ exception may leave it.
pub type HgToolVisitor =
    Option<unsafe extern "C" fn(context: *mut c_void, index: usize, tool: *const HgTool) -> bool>;

/// Validates a whole document, then calls `visit` for each of its tools in
/// document order, in O(1) memory whatever the document's size. `HG_OK` also
/// when the visitor stopped early. On `HG_DOCUMENT_ERROR` no tool was visited
/// and `*error` (when not NULL) says why.
///
/// # Safety
/// `json` must be valid for reads of `len` bytes; `error` NULL or valid for a
/// write; `visit` must be safe to call with `context`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_visit_tools(
    json: *const u8,
    len: usize,
    visit: HgToolVisitor,
    context: *mut c_void,
    error: *mut HgDocumentError,
) -> HgStatus {
    guard(|| {
        let visit = visit.ok_or(HgStatus::HgNullPointer)?;
        let error = Out::optional(error);
        // SAFETY: forwarded contract.
        let json = unsafe { bytes(json, len)? };
        let document = hintgate::read_document(json).map_err(|cause| rejected(error, &cause))?;
        for (index, tool) in document.tools().enumerate() {
            let tool = HgTool::from_core(&tool);
            // SAFETY: the visitor's contract is the caller's.
            if !unsafe { visit(context, index, &tool) } {
                break;
            }
        }
        Ok(())
    })
}

/// Copies the decoded text of `s` (escapes decoded) and a NUL into `buf`
/// (`cap` bytes); `*len` as for `hg_tier_stamp_json`. An absent string decodes
/// to the empty string.
///
/// # Safety
/// `s` must be valid for reads, its view valid; `buf` valid for writes of
/// `cap` bytes; `len` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_str_decode(
    s: *const HgStr,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> HgStatus {
    guard(|| {
        let len = Out::new(len)?;
        if s.is_null() {
            return Err(HgStatus::HgNullPointer);
        }
        let ptr: *const c_char = read_plain!(s, ptr);
        let length: usize = read_plain!(s, len);
        let escaped = read_flag!(s, escaped);
        // SAFETY: forwarded contract.
        let text = unsafe { str_from_parts(ptr, length, escaped)? }.unwrap_or(JsonStr::plain(""));
        // SAFETY: forwarded contract.
        let buf = unsafe { buffer(buf, cap)? };
        write_text(buf, len, |room| text.decode_into(room).map(str::len))
    })
}

/// The name to show a person (SPEC §5): `title`, then `annotations.title`,
/// then `name`; for an invalid tool its name when known, else absent.
///
/// # Safety
/// `tool` must be valid for reads, its views valid; `out` valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_tool_display_name(tool: *const HgTool, out: *mut HgStr) -> HgStatus {
    guard(|| {
        let out = Out::new(out)?;
        if tool.is_null() {
            return Err(HgStatus::HgNullPointer);
        }
        // SAFETY: forwarded contract.
        let tool = unsafe { tool_from(tool)? };
        // SAFETY: checked non-null; valid by the caller's contract.
        unsafe { out.write(HgStr::of_option(tool.display_name())) };
        Ok(())
    })
}

/// Writes the one-line description of a document error (`unexpected
/// character '}' at byte 11`), NUL-terminated, into `buf`; `*len` as for
/// `hg_tier_stamp_json`.
///
/// # Safety
/// `error` must be valid for reads, its view valid; `buf` valid for writes of
/// `cap` bytes; `len` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hg_document_error_describe(
    error: *const HgDocumentError,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> HgStatus {
    guard(|| {
        let len = Out::new(len)?;
        if error.is_null() {
            return Err(HgStatus::HgNullPointer);
        }
        let kind = hintgate::DocumentErrorKind::from_u8(read_code!(error, kind))
            .ok_or(HgStatus::HgInvalidArgument)?;
        let message = read_str!(error, message)?;
        let cause = DocumentError {
            kind,
            offset: read_plain!(error, offset),
            found: read_flag!(error, has_found).then(|| read_plain!(error, found)),
            server: match (kind, message) {
                (hintgate::DocumentErrorKind::ServerError, Some(message)) => {
                    Some(hintgate::ServerError {
                        code: read_flag!(error, has_code).then(|| read_plain!(error, code)),
                        message,
                    })
                }
                _ => None,
            },
        };
        // SAFETY: forwarded contract.
        let buf = unsafe { buffer(buf, cap)? };
        write_text(buf, len, |room| crate::abi::write_display(&cause, room))
    })
}
