//! ECCO opening codes (中国象棋开局编码, `A00`-`E99`) as plain `Ecco` objects with their names.

use js_sys::Object;
use wasm_bindgen::prelude::*;
use xiangqi_core::ecco::{self, Ecco, EccoError};
use xiangqi_core::{Move, Position};

use crate::errors::{error, illegal_move, xiangqi_error};
use crate::js::{self, nullable, set};
use crate::position::parse_move;

fn ecco_object(e: &Ecco) -> Object {
    let o = Object::new();
    set(&o, "code", e.code);
    set(&o, "group", e.group);
    set(&o, "opening", e.opening.simplified);
    set(&o, "variation", nullable(e.variation.map(|v| v.simplified)));
    set(&o, "groupName", e.group_name.simplified);
    set(&o, "openingTraditional", e.opening.traditional);
    set(&o, "variationTraditional", nullable(e.variation.map(|v| v.traditional)));
    set(&o, "groupNameTraditional", e.group_name.traditional);
    set(&o, "text", e.to_string());
    o
}

/// The `Ecco` object of a classification, or the error that says why there is none: an
/// `IllegalMoveError` (with the position the move met, replayed from `start` and `moves`) or an `EccoError`.
pub fn ecco_result(result: Result<Ecco, EccoError>, start: &Position, moves: &[Move]) -> Result<Object, JsValue> {
    match result {
        Ok(code) => Ok(ecco_object(&code)),
        Err(EccoError::IllegalMove { ply, mv }) => {
            let mut pos = start.clone();
            for &m in moves.iter().take(ply.saturating_sub(1)) {
                pos.play_unchecked(m);
            }
            Err(illegal_move(&pos, mv))
        }
        Err(err) => Err(error("EccoError", &err.to_string()).into()),
    }
}

/// The ECCO code of `moves` (text in any notation) played from the standard start; only the first 20 are
/// read. Throws a `MoveTextError` for a move that cannot be read or is illegal, an `EccoError` for no moves.
#[wasm_bindgen(js_name = eccoOf, unchecked_return_type = "Ecco")]
pub fn ecco_of(#[wasm_bindgen(unchecked_param_type = "string[]")] moves: JsValue) -> Result<Object, JsValue> {
    let texts = js::string_list(&moves, "moves")?;
    let start = Position::default();
    let mut pos = start.clone();
    let mut list = Vec::new();
    for text in texts.iter().take(20) {
        let m = parse_move(&pos, text, None)?;
        pos.play_unchecked(m);
        list.push(m);
    }
    ecco_result(ecco::classify(&start, &list), &start, &list)
}

/// The code named `code` (`"C45"`) with its names; throws for a name that is not one of the 260 codes.
#[wasm_bindgen(js_name = eccoFromCode, unchecked_return_type = "Ecco")]
pub fn ecco_from_code(#[wasm_bindgen(unchecked_param_type = "string")] code: JsValue) -> Result<Object, JsValue> {
    let code = js::string_arg(&code, "code")?;
    Ecco::from_code(&code)
        .map(|e| ecco_object(&e))
        .ok_or_else(|| xiangqi_error(&format!("{code:?} is not one of the 260 ECCO codes")))
}

/// Every ECCO code, in order from `A00`.
#[wasm_bindgen(js_name = eccoCodes, unchecked_return_type = "Ecco[]")]
pub fn ecco_codes() -> js_sys::Array {
    Ecco::all().map(|e| JsValue::from(ecco_object(&e))).collect()
}
