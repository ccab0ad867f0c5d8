//! Plain JavaScript values built from Rust and read back: objects with named fields, arrays of strings, and
//! the checked reading of arguments (a wrong type is a thrown `TypeError`, never a trap).

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::errors::type_error;

/// Sets `object[name] = value`. Setting a property on a fresh plain object cannot fail.
pub fn set(object: &Object, name: &str, value: impl Into<JsValue>) {
    let _ = Reflect::set(object, &JsValue::from_str(name), &value.into());
}

/// `value` or `null`.
pub fn nullable<T: Into<JsValue>>(value: Option<T>) -> JsValue {
    value.map_or(JsValue::NULL, Into::into)
}

/// A JavaScript array of strings.
pub fn string_array<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> Array {
    items.into_iter().map(|s| JsValue::from_str(s.as_ref())).collect()
}

/// Whether a value is `undefined` or `null` (an argument left out).
pub fn is_absent(value: &JsValue) -> bool {
    value.is_undefined() || value.is_null()
}

/// A string argument, or a `TypeError` naming it and what was given.
pub fn string_arg(value: &JsValue, name: &str) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| type_error(&format!("{name} must be a string, got {}", describe(value))))
}

/// An optional string argument (`undefined` or `null` for none).
pub fn optional_string(value: &JsValue, name: &str) -> Result<Option<String>, JsValue> {
    if is_absent(value) {
        Ok(None)
    } else {
        string_arg(value, name).map(Some)
    }
}

/// An optional boolean argument.
pub fn optional_bool(value: &JsValue, name: &str) -> Result<Option<bool>, JsValue> {
    if is_absent(value) {
        return Ok(None);
    }
    value.as_bool().map(Some).ok_or_else(|| type_error(&format!("{name} must be a boolean, got {}", describe(value))))
}

/// An optional non-negative integer argument no larger than `max`.
pub fn optional_count(value: &JsValue, name: &str, max: u32) -> Result<Option<u32>, JsValue> {
    if is_absent(value) {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=f64::from(max)).contains(&n) => Ok(Some(n as u32)),
        _ => Err(type_error(&format!("{name} must be an integer from 0 to {max}, got {}", describe(value)))),
    }
}

/// An array of strings (moves in any notation), or a `TypeError`.
pub fn string_list(value: &JsValue, name: &str) -> Result<Vec<String>, JsValue> {
    if !Array::is_array(value) {
        return Err(type_error(&format!("{name} must be an array of strings, got {}", describe(value))));
    }
    Array::from(value).iter().enumerate().map(|(i, item)| string_arg(&item, &format!("{name}[{i}]"))).collect()
}

/// The fields of an options object, after checking that it is one and that every key is known.
pub struct Options {
    object: Option<Object>,
    what: &'static str,
}

impl Options {
    /// Reads `value` (`undefined`, `null` or a plain object) whose keys must all be in `known`.
    pub fn read(value: &JsValue, what: &'static str, known: &[&str]) -> Result<Options, JsValue> {
        if is_absent(value) {
            return Ok(Options { object: None, what });
        }
        if !value.is_object() || Array::is_array(value) || value.is_function() {
            return Err(type_error(&format!("{what} must be an object, got {}", describe(value))));
        }
        let object = Object::from(value.clone());
        for key in Object::keys(&object).iter() {
            let key = key.as_string().unwrap_or_default();
            if !known.contains(&key.as_str()) {
                return Err(type_error(&format!("unknown {what} field {key:?} (known: {})", known.join(", "))));
            }
        }
        Ok(Options { object: Some(object), what })
    }

    /// The field's value, `undefined` when absent.
    pub fn get(&self, name: &str) -> JsValue {
        match &self.object {
            Some(object) => Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED),
            None => JsValue::UNDEFINED,
        }
    }

    /// The name used in messages: `"options.rules"`.
    pub fn field(&self, name: &str) -> String {
        format!("{}.{name}", self.what)
    }
}

/// A short description of a JavaScript value for messages: its type, and its text when short.
pub fn describe(value: &JsValue) -> String {
    if value.is_undefined() {
        return "undefined".into();
    }
    if value.is_null() {
        return "null".into();
    }
    if let Some(n) = value.as_f64() {
        return format!("a number {n}");
    }
    if let Some(b) = value.as_bool() {
        return format!("a boolean {b}");
    }
    match value.as_string() {
        Some(text) if text.chars().count() <= 40 => format!("a string {text:?}"),
        Some(_) => "a long string".into(),
        None if Array::is_array(value) => "an array".into(),
        None => format!("a {}", value.js_typeof().as_string().unwrap_or_default()),
    }
}
