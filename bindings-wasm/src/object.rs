//! Plain JavaScript objects for the answers the napi crate gives as
//! `#[napi(object)]` structs: built key by key with `Reflect.set`, so they
//! are ordinary objects (no wasm-side memory to free) of the same shape.
//!
//! The few JavaScript functions this needs are imported here rather than
//! through `js-sys`, whose typed-array and closure glue would be most of
//! the binding's share of the `.wasm`'s size budget.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A plain object.
    #[wasm_bindgen(js_name = Object)]
    type PlainObject;
    #[wasm_bindgen(constructor, js_class = "Object")]
    fn new() -> PlainObject;

    /// A plain array.
    #[wasm_bindgen(js_name = Array)]
    pub(crate) type PlainArray;
    #[wasm_bindgen(constructor, js_class = "Array")]
    pub(crate) fn new() -> PlainArray;
    #[wasm_bindgen(method, js_class = "Array", js_name = push)]
    pub(crate) fn push(this: &PlainArray, value: &JsValue) -> u32;

    /// `Error`, for the failures napi throws.
    #[wasm_bindgen(js_name = Error)]
    type ErrorObject;
    #[wasm_bindgen(constructor, js_class = "Error")]
    fn new(message: &str) -> ErrorObject;

    #[wasm_bindgen(js_namespace = Reflect, js_name = set)]
    fn reflect_set(target: &JsValue, key: &str, value: &JsValue) -> bool;

    /// A copy of the words (wasm-bindgen hands over a view of the memory).
    #[wasm_bindgen(js_namespace = Uint32Array, js_name = from)]
    fn uint32_array(words: &[u32]) -> JsValue;
}

/// An object under construction.
pub(crate) struct Fields(JsValue);

impl Fields {
    pub(crate) fn new() -> Self {
        Fields(PlainObject::new().into())
    }

    // Not inlined: one copy of the `Reflect.set` call serves every object
    // (the .wasm has a size budget).
    #[inline(never)]
    pub(crate) fn value(self, key: &str, value: &JsValue) -> Self {
        // Setting a fresh key on a plain object cannot fail.
        reflect_set(&self.0, key, value);
        self
    }

    pub(crate) fn number(self, key: &str, n: u32) -> Self {
        self.value(key, &JsValue::from(n))
    }

    pub(crate) fn text(self, key: &str, s: &str) -> Self {
        self.value(key, &JsValue::from_str(s))
    }

    pub(crate) fn words(self, key: &str, words: &[u32]) -> Self {
        self.value(key, &uint32_array(words))
    }
}

impl From<Fields> for JsValue {
    fn from(fields: Fields) -> JsValue {
        fields.0
    }
}

/// A JavaScript array of the values.
pub(crate) fn array(values: impl Iterator<Item = JsValue>) -> JsValue {
    let array = PlainArray::new();
    for value in values {
        array.push(&value);
    }
    array.into()
}

/// The `Error` the napi crate throws for a failed native call: its message
/// and napi's status as `code` (`InvalidArg`, `GenericFailure`). The shared
/// `api.js` gives every such error its own `HINTGATE_INTERNAL` code.
pub(crate) fn native_error(status: &str, message: &str) -> JsValue {
    let error: JsValue = ErrorObject::new(message).into();
    reflect_set(&error, "code", &JsValue::from_str(status));
    error
}

pub(crate) fn invalid_arg(message: &str) -> JsValue {
    native_error("InvalidArg", message)
}
