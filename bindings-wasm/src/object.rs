//! Plain JavaScript objects for the answers the napi crate gives as
//! `#[napi(object)]` structs: built key by key with `Reflect.set`, so they
//! are ordinary objects (no wasm-side memory to free) of the same shape.

use js_sys::{Array, Object, Reflect, Uint32Array};
use wasm_bindgen::JsValue;

/// An object under construction.
pub(crate) struct Fields(Object);

impl Fields {
    pub(crate) fn new() -> Self {
        Fields(Object::new())
    }

    // Not inlined: one copy of the `Reflect.set` call serves every object
    // (the .wasm has a size budget).
    #[inline(never)]
    pub(crate) fn value(self, key: &str, value: &JsValue) -> Self {
        // Setting a fresh key on a plain object cannot fail.
        let _ = Reflect::set(&self.0, &JsValue::from_str(key), value);
        self
    }

    pub(crate) fn number(self, key: &str, n: u32) -> Self {
        self.value(key, &JsValue::from(n))
    }

    pub(crate) fn text(self, key: &str, s: &str) -> Self {
        self.value(key, &JsValue::from_str(s))
    }

    pub(crate) fn words(self, key: &str, words: &[u32]) -> Self {
        self.value(key, &Uint32Array::from(words))
    }
}

impl From<Fields> for JsValue {
    fn from(fields: Fields) -> JsValue {
        fields.0.into()
    }
}

/// A JavaScript array of the words.
pub(crate) fn strings<'a>(words: impl Iterator<Item = &'a str>) -> Array {
    words.map(JsValue::from_str).collect()
}

/// The `Error` the napi crate throws for a failed native call: its message
/// and napi's status as `code` (`InvalidArg`, `GenericFailure`). The shared
/// `api.js` gives every such error its own `HINTGATE_INTERNAL` code.
pub(crate) fn native_error(status: &str, message: &str) -> JsValue {
    let error = js_sys::Error::new(message);
    let _ = Reflect::set(
        &error,
        &JsValue::from_str("code"),
        &JsValue::from_str(status),
    );
    error.into()
}

pub(crate) fn invalid_arg(message: &str) -> JsValue {
    native_error("InvalidArg", message)
}
