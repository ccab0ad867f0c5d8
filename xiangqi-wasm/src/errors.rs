//! The errors thrown to JavaScript: `Error` objects (a `TypeError` for an argument of the wrong type) with
//! the core's message and, as properties, where the fault is: `offset` and `token` into a FEN or move text,
//! `gameIndex`, `byteOffset`, `line`, `ply` in a record. `name` tells the kind: `FenError`,
//! `IllegalMoveError`, `MoveTextError`, `RecordError`, `EccoError`, `XiangqiError`.

use js_sys::{Error, Object};
use wasm_bindgen::prelude::*;
use xiangqi_core::fen::FenError;
use xiangqi_core::notation::ParseMoveError;
use xiangqi_core::record::RecordError;
use xiangqi_core::{Move, Position};

use crate::js::{nullable, set};

/// An `Error` named `name` with `message`.
pub fn error(name: &str, message: &str) -> Error {
    let err = Error::new(message);
    err.set_name(name);
    err
}

/// A `TypeError` with `message` (an argument of the wrong type or shape).
pub fn type_error(message: &str) -> JsValue {
    js_sys::TypeError::new(message).into()
}

/// A plain `XiangqiError` (an unknown rule set, a square out of range, an empty move stack).
pub fn xiangqi_error(message: &str) -> JsValue {
    error("XiangqiError", message).into()
}

/// A `FenError`: for text that is not FEN, `field`, `offset` (bytes into the FEN) and `token`; for a FEN of
/// an illegal position, `problems` (one sentence each).
pub fn fen_error(fen: &str, err: &FenError) -> JsValue {
    let e = error("FenError", &err.to_string());
    let object: &Object = e.as_ref();
    set(object, "fen", fen);
    match err {
        FenError::Parse(parse) => {
            set(object, "field", parse.field.to_string());
            set(object, "offset", parse.offset as u32);
            set(object, "token", parse.token.as_str());
            set(object, "problems", js_sys::Array::new());
        }
        FenError::Position(position) => {
            set(object, "field", JsValue::NULL);
            set(object, "offset", JsValue::NULL);
            set(object, "token", JsValue::NULL);
            let problems = position.problems().iter().map(|p| p.message.as_str());
            set(object, "problems", crate::js::string_array(problems));
        }
    }
    e.into()
}

/// An `IllegalMoveError` for `m` in `pos`: `move` (ICCS) and `fen`.
pub fn illegal_move(pos: &Position, m: Move) -> JsValue {
    let fen = pos.fen();
    let e = error("IllegalMoveError", &format!("illegal move {m} in {fen}"));
    set(e.as_ref(), "move", m.to_string());
    set(e.as_ref(), "fen", fen);
    e.into()
}

/// A `MoveTextError`: `text`, `notation` (`"ICCS"`, `"WXF"`, `"Chinese"` or `null`), `offset` (bytes into
/// the UTF-8 text), `kind` and `fen`.
pub fn move_text_error(pos: Option<&Position>, err: &ParseMoveError) -> JsValue {
    let e = error("MoveTextError", &err.to_string());
    let object: &Object = e.as_ref();
    let kind = format!("{:?}", err.kind);
    let kind = kind.split(['(', ' ', '{']).next().unwrap_or_default().to_string();
    set(object, "text", err.text.as_str());
    set(object, "notation", nullable(err.notation.map(|n| n.name())));
    set(object, "offset", err.offset as u32);
    set(object, "kind", kind);
    set(object, "fen", nullable(pos.map(Position::fen)));
    e.into()
}

/// A `RecordError` with the location the reader gave: `gameIndex`, `byteOffset`, `line`, `ply`, `token`
/// (each `null` when unknown) and `format`.
pub fn record_error(err: &RecordError, format: &str) -> JsValue {
    let e = error("RecordError", &err.to_string());
    let object: &Object = e.as_ref();
    let location = err.location();
    set(object, "gameIndex", nullable(location.map(|l| l.game_index as f64)));
    set(object, "byteOffset", nullable(location.map(|l| l.byte_offset as f64)));
    set(object, "line", nullable(location.and_then(|l| l.line).map(|n| n as f64)));
    set(object, "ply", nullable(location.and_then(|l| l.ply).map(|n| n as f64)));
    set(object, "token", nullable(location.and_then(|l| l.token.clone())));
    set(object, "format", format);
    e.into()
}
