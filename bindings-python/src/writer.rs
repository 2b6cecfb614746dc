//! Python values → the JSON text the core reads.
//!
//! The core reads JSON, so a `dict`, a list or an SDK object is written as
//! compact JSON and read by `hintgate::read_tool` / `read_tools_into` like any
//! other document: every rule (a non-boolean hint counts as absent, the
//! invalid-tool kinds, `_meta` over `meta`…) stays in the core.
//!
//! Only what the core reads is written faithfully: a tool's `name`, `title`,
//! `annotations` (its six hints and `title`) and `_meta`/`meta` (`x-side-effect`,
//! `x-required-scope`, `x-produces`), and the keys that give a document its
//! shape (`tools`, `result`, `jsonrpc`, `error`). Every other key is written
//! in its place as a distinct placeholder key with the value `null`, so key
//! order and key counts — which the core checks (first problem in byte order,
//! at most 64 keys) — stay those of the object, without converting every key
//! and value. A `dict` and its `json.dumps` text therefore get the same
//! decision; values the core never reads are not looked at.
//!
//! An SDK object (any pydantic model) is read as the SDK puts it on the wire:
//! `model_dump(mode="json", by_alias=True, exclude_none=True)`, so a `None`
//! field is an absent one.

use std::ffi::{CStr, CString};
use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use pyo3::{ffi, intern};

use crate::errors;
use crate::words::type_name;

/// Stops writing a value nested this deep. Far above the core's own bound, so
/// the core still reads the truncated text and names the problem (`too_deep`);
/// this only keeps a self-referencing `dict` from recursing forever.
const RECURSION_GUARD: usize = 200;

/// How the keys of an object are read, from the core's point of view.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// A document or a tool: shape keys and tool keys count.
    Document,
    /// A tool's `annotations`: the six hints and `title`.
    Annotations,
    /// A tool's `_meta` / `meta`: the tier, scope and produces keys.
    Meta,
    /// Read as it is, every key and value.
    Plain,
}

/// The keys the core reads in an object of a role, and the role of each value.
struct KeyTable {
    keys: Vec<(CString, Role)>,
}

impl KeyTable {
    fn for_role(role: Role) -> Option<&'static KeyTable> {
        static DOCUMENT: OnceLock<KeyTable> = OnceLock::new();
        static ANNOTATIONS: OnceLock<KeyTable> = OnceLock::new();
        static META: OnceLock<KeyTable> = OnceLock::new();
        let table = |keys: &[(&str, Role)]| KeyTable {
            keys: keys
                .iter()
                .filter_map(|&(key, role)| Some((CString::new(key).ok()?, role)))
                .collect(),
        };
        match role {
            Role::Document => Some(DOCUMENT.get_or_init(|| {
                table(&[
                    ("name", Role::Plain),
                    ("title", Role::Plain),
                    ("annotations", Role::Annotations),
                    ("_meta", Role::Meta),
                    ("meta", Role::Meta),
                    ("tools", Role::Document),
                    ("result", Role::Document),
                    ("jsonrpc", Role::Plain),
                    ("error", Role::Plain),
                ])
            })),
            Role::Annotations => Some(ANNOTATIONS.get_or_init(|| {
                // The hint keys are the core's own words.
                let mut keys: Vec<(&str, Role)> = hintgate::Hint::ALL
                    .iter()
                    .map(|hint| (hint.as_str(), Role::Plain))
                    .collect();
                keys.push(("title", Role::Plain));
                table(&keys)
            })),
            Role::Meta => Some(META.get_or_init(|| {
                table(&[
                    ("x-side-effect", Role::Plain),
                    ("x-required-scope", Role::Plain),
                    ("x-produces", Role::Plain),
                ])
            })),
            Role::Plain => None,
        }
    }

    /// The key (as written) and the value's role, when the core reads `key`.
    /// Compares characters only with the names of the same length, without
    /// converting the key to UTF-8.
    fn find(&self, key: &Bound<'_, PyString>) -> Option<(&CStr, Role)> {
        // SAFETY: `key` is a live `str`; both calls only read it (stable ABI).
        // `name` is a NUL-terminated ASCII string, so its length in bytes is
        // its length in characters.
        let length = unsafe { ffi::PyUnicode_GetLength(key.as_ptr()) };
        self.keys.iter().find_map(|(name, role)| {
            let same_length = usize::try_from(length).is_ok_and(|n| n == name.as_bytes().len());
            let equal = same_length
                && unsafe { ffi::PyUnicode_CompareWithASCIIString(key.as_ptr(), name.as_ptr()) }
                    == 0;
            equal.then_some((name.as_c_str(), *role))
        })
    }
}

/// Why writing stopped early.
enum Stop {
    /// Nested past [`RECURSION_GUARD`]: the text so far goes to the core,
    /// which rejects it as too deep.
    TooDeep,
    /// A value JSON cannot hold, or a Python exception from the value itself.
    Error(PyErr),
}

impl From<PyErr> for Stop {
    fn from(err: PyErr) -> Stop {
        Stop::Error(err)
    }
}

/// Writes `value` (a document, a tool, or a list of tools) as JSON into `out`.
pub fn write_document(py: Python<'_>, value: &Bound<'_, PyAny>, out: &mut Vec<u8>) -> PyResult<()> {
    let mut writer = Writer { py, out, depth: 0 };
    match writer.value(value, Role::Document) {
        Ok(()) | Err(Stop::TooDeep) => Ok(()),
        Err(Stop::Error(err)) => Err(err),
    }
}

/// Writes a policy object given as a `dict` as JSON (every key and value).
pub fn write_plain(py: Python<'_>, value: &Bound<'_, PyAny>, out: &mut Vec<u8>) -> PyResult<()> {
    let mut writer = Writer { py, out, depth: 0 };
    match writer.value(value, Role::Plain) {
        Ok(()) | Err(Stop::TooDeep) => Ok(()),
        Err(Stop::Error(err)) => Err(err),
    }
}

struct Writer<'py, 'o> {
    py: Python<'py>,
    out: &'o mut Vec<u8>,
    depth: usize,
}

impl Writer<'_, '_> {
    fn value(&mut self, value: &Bound<'_, PyAny>, role: Role) -> Result<(), Stop> {
        if value.is_none() {
            self.out.extend_from_slice(b"null");
        } else if let Ok(flag) = value.cast::<PyBool>() {
            let text: &[u8] = if flag.is_true() { b"true" } else { b"false" };
            self.out.extend_from_slice(text);
        } else if let Ok(text) = value.cast::<PyString>() {
            self.string(text)?;
        } else if let Ok(dict) = value.cast::<PyDict>() {
            self.object(dict, role)?;
        } else if let Ok(list) = value.cast::<PyList>() {
            self.array(list.iter(), role)?;
        } else if let Ok(tuple) = value.cast::<PyTuple>() {
            self.array(tuple.iter(), role)?;
        } else if let Ok(int) = value.cast::<PyInt>() {
            self.integer(int)?;
        } else if let Ok(float) = value.cast::<PyFloat>() {
            self.float(float)?;
        } else {
            self.other(value, role)?;
        }
        Ok(())
    }

    /// SDK objects (pydantic models) and duck-typed tools.
    fn other(&mut self, value: &Bound<'_, PyAny>, role: Role) -> Result<(), Stop> {
        let py = self.py;
        if let Some(dump) = optional_attr(value, intern!(py, "model_dump"))? {
            let kwargs = PyDict::new(py);
            kwargs.set_item(intern!(py, "mode"), intern!(py, "json"))?;
            kwargs.set_item(intern!(py, "by_alias"), true)?;
            kwargs.set_item(intern!(py, "exclude_none"), true)?;
            let dumped = dump.call((), Some(&kwargs))?;
            // A model dumps to a dict; anything else is not a model we know.
            return match dumped.cast::<PyDict>() {
                Ok(dict) => self.object(dict, role),
                Err(_) => Err(self.unsupported(value)),
            };
        }
        if role == Role::Document {
            if let Some(name) = optional_attr(value, intern!(py, "name"))? {
                return self.duck_tool(value, &name);
            }
            if let Some(tools) = optional_attr(value, intern!(py, "tools"))? {
                self.open(b'{')?;
                self.out.extend_from_slice(b"\"tools\":");
                self.value(&tools, Role::Document)?;
                self.close(b'}');
                return Ok(());
            }
        }
        Err(self.unsupported(value))
    }

    /// An object with `name` / `title` / `annotations` / `meta` attributes;
    /// a `None` attribute is an absent one, as for the SDK's models.
    fn duck_tool(&mut self, value: &Bound<'_, PyAny>, name: &Bound<'_, PyAny>) -> Result<(), Stop> {
        let py = self.py;
        self.open(b'{')?;
        self.out.extend_from_slice(b"\"name\":");
        self.value(name, Role::Plain)?;
        let rest = [
            (intern!(py, "title"), "title", Role::Plain),
            (intern!(py, "annotations"), "annotations", Role::Annotations),
            (intern!(py, "meta"), "_meta", Role::Meta),
        ];
        for (attr, key, role) in rest {
            if let Some(field) = optional_attr(value, attr)? {
                if !field.is_none() {
                    self.out.push(b',');
                    self.out.push(b'"');
                    self.out.extend_from_slice(key.as_bytes());
                    self.out.extend_from_slice(b"\":");
                    self.value(&field, role)?;
                }
            }
        }
        self.close(b'}');
        Ok(())
    }

    fn object(&mut self, dict: &Bound<'_, PyDict>, role: Role) -> Result<(), Stop> {
        self.open(b'{')?;
        let table = KeyTable::for_role(role);
        for (index, (key, value)) in dict.iter().enumerate() {
            if index > 0 {
                self.out.push(b',');
            }
            let Ok(key) = key.cast::<PyString>() else {
                return Err(Stop::Error(errors::input(
                    self.py,
                    "non_string_key",
                    format!(
                        "JSON object keys are strings; found a key of type {}",
                        type_name(&key)
                    ),
                )));
            };
            match table {
                None => {
                    self.string(key)?;
                    self.out.push(b':');
                    self.value(&value, Role::Plain)?;
                }
                Some(table) => match table.find(key) {
                    Some((name, child)) => {
                        self.out.push(b'"');
                        self.out.extend_from_slice(name.to_bytes());
                        self.out.extend_from_slice(b"\":");
                        self.value(&value, child)?;
                    }
                    None => self.placeholder(index),
                },
            }
        }
        self.close(b'}');
        Ok(())
    }

    /// A key the core does not read: `"#<index>":null`. Distinct from every
    /// other key of the object (a read key is never `#…`), so the object keeps
    /// its key count and order and gains no duplicate.
    fn placeholder(&mut self, index: usize) {
        self.out.extend_from_slice(b"\"#");
        push_decimal(self.out, index as u64);
        self.out.extend_from_slice(b"\":null");
    }

    fn array<'py>(
        &mut self,
        items: impl Iterator<Item = Bound<'py, PyAny>>,
        role: Role,
    ) -> Result<(), Stop> {
        // A document's arrays hold tools; inside a tool everything is plain.
        let element_role = if role == Role::Document {
            Role::Document
        } else {
            Role::Plain
        };
        self.open(b'[')?;
        for (index, item) in items.enumerate() {
            if index > 0 {
                self.out.push(b',');
            }
            self.value(&item, element_role)?;
        }
        self.close(b']');
        Ok(())
    }

    fn open(&mut self, bracket: u8) -> Result<(), Stop> {
        self.out.push(bracket);
        self.depth += 1;
        if self.depth > RECURSION_GUARD {
            return Err(Stop::TooDeep);
        }
        Ok(())
    }

    fn close(&mut self, bracket: u8) {
        self.depth -= 1;
        self.out.push(bracket);
    }

    fn string(&mut self, text: &Bound<'_, PyString>) -> Result<(), Stop> {
        match text.to_cow() {
            Ok(utf8) => {
                push_json_string(self.out, utf8.as_bytes());
                Ok(())
            }
            // Lone surrogates cannot be UTF-8. Written as `\uD800`-style
            // escapes (as `json.dumps` writes them), the core judges them.
            Err(_) => {
                let encoded = text.call_method1(
                    intern!(self.py, "encode"),
                    (intern!(self.py, "utf-8"), intern!(self.py, "surrogatepass")),
                )?;
                let bytes = encoded
                    .cast::<pyo3::types::PyBytes>()
                    .map_err(PyErr::from)?;
                push_json_string(self.out, bytes.as_bytes());
                Ok(())
            }
        }
    }

    fn integer(&mut self, int: &Bound<'_, PyInt>) -> Result<(), Stop> {
        if let Ok(small) = int.extract::<i64>() {
            if small < 0 {
                self.out.push(b'-');
            }
            push_decimal(self.out, small.unsigned_abs());
        } else {
            // A big int: its decimal digits, from `int.__repr__` (a subclass's
            // own `__str__` could say anything).
            let exact = self.py.get_type::<PyInt>().call1((int,))?;
            let digits = exact.repr()?;
            self.out.extend_from_slice(digits.to_cow()?.as_bytes());
        }
        Ok(())
    }

    fn float(&mut self, float: &Bound<'_, PyFloat>) -> Result<(), Stop> {
        let value = float.value();
        if !value.is_finite() {
            return Err(Stop::Error(errors::input(
                self.py,
                "non_finite_number",
                format!("JSON has no {value}"),
            )));
        }
        // Rust's `Debug` for a finite f64 is valid JSON (`1.0`, `1e-7`).
        self.out.extend_from_slice(format!("{value:?}").as_bytes());
        Ok(())
    }

    fn unsupported(&self, value: &Bound<'_, PyAny>) -> Stop {
        Stop::Error(errors::input(
            self.py,
            "unsupported_type",
            format!(
                "a value of type {} cannot be read as JSON (expected dict, list, tuple, str, int, float, bool, None, a pydantic model or a tool object)",
                type_name(value)
            ),
        ))
    }
}

/// `getattr(value, name)`, or `None` when there is no such attribute. Other
/// exceptions (a property that raises) propagate.
fn optional_attr<'py>(
    value: &Bound<'py, PyAny>,
    name: &Bound<'py, PyString>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    match value.getattr(name) {
        Ok(attr) => Ok(Some(attr)),
        Err(err) if err.is_instance_of::<pyo3::exceptions::PyAttributeError>(value.py()) => {
            Ok(None)
        }
        Err(err) => Err(err),
    }
}

fn push_decimal(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// Writes `utf8` as a JSON string. `utf8` may hold surrogates encoded as
/// three bytes (`surrogatepass`); they are written as `\uXXXX` escapes.
fn push_json_string(out: &mut Vec<u8>, utf8: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push(b'"');
    let mut start = 0;
    let mut i = 0;
    while i < utf8.len() {
        let byte = utf8[i];
        let surrogate = byte == 0xED && utf8.get(i + 1).is_some_and(|&b| b >= 0xA0);
        if byte >= 0x20 && byte != b'"' && byte != b'\\' && !surrogate {
            i += 1;
            continue;
        }
        out.extend_from_slice(&utf8[start..i]);
        let (unit, len) = if surrogate {
            let b1 = u32::from(utf8.get(i + 1).copied().unwrap_or(0));
            let b2 = u32::from(utf8.get(i + 2).copied().unwrap_or(0));
            (0xD000 | ((b1 & 0x3F) << 6) | (b2 & 0x3F), 3)
        } else {
            (u32::from(byte), 1)
        };
        match unit {
            0x22 => out.extend_from_slice(b"\\\""),
            0x5C => out.extend_from_slice(b"\\\\"),
            0x0A => out.extend_from_slice(b"\\n"),
            0x0D => out.extend_from_slice(b"\\r"),
            0x09 => out.extend_from_slice(b"\\t"),
            _ => {
                out.extend_from_slice(b"\\u");
                for shift in [12, 8, 4, 0] {
                    out.push(HEX[((unit >> shift) & 0xF) as usize]);
                }
            }
        }
        i += len;
        start = i;
    }
    out.extend_from_slice(&utf8[start..]);
    out.push(b'"');
}
