//! The reading and writing every position-holding class shares: squares, moves in each notation, the legal
//! move lists handed to JavaScript, and FEN with the binding's `lenient` option.

use js_sys::{Array, Uint16Array};
use wasm_bindgen::prelude::*;
use xiangqi_core::chinese::{self, ChineseStyle};
use xiangqi_core::fen::{Fen, FenError};
use xiangqi_core::notation::{self, ParseMoveError};
use xiangqi_core::wxf::{self, WxfStyle};
use xiangqi_core::{Move, MoveList, Notation, Position, PositionErrorKinds, Square};

use crate::errors::{fen_error, illegal_move, move_text_error, type_error, xiangqi_error};
use crate::js::{describe, is_absent, string_arg};

/// The ICCS names of the 90 squares, `a0` to `i9`, in index order.
static SQUARE_NAMES: [&str; 90] = [
    "a0", "b0", "c0", "d0", "e0", "f0", "g0", "h0", "i0", "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "a2",
    "b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "i3", "a4", "b4",
    "c4", "d4", "e4", "f4", "g4", "h4", "i4", "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "i5", "a6", "b6", "c6",
    "d6", "e6", "f6", "g6", "h6", "i6", "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", "a8", "b8", "c8", "d8",
    "e8", "f8", "g8", "h8", "i8", "a9", "b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9",
];

/// The ICCS name of a square: `e0`.
pub fn square_name(sq: Square) -> &'static str {
    SQUARE_NAMES[sq.index()]
}

/// The packed code of a move handed to JavaScript in a `Uint16Array`: `from * 90 + to`, squares numbered
/// `rank * 9 + file` (`a0` 0, `i9` 89).
pub fn move_code(m: Move) -> u16 {
    (m.from.index() * Square::COUNT + m.to.index()) as u16
}

/// A square argument: its ICCS name (`"e0"`) or its index (0-89).
pub fn square_arg(value: &JsValue, name: &str) -> Result<Square, JsValue> {
    if let Some(text) = value.as_string() {
        return text.parse::<Square>().map_err(|e| xiangqi_error(&format!("{name}: cannot read {text:?}: {e}")));
    }
    if let Some(n) = value.as_f64() {
        if n.fract() == 0.0 && (0.0..90.0).contains(&n) {
            if let Some(sq) = Square::new(n as usize) {
                return Ok(sq);
            }
        }
        return Err(xiangqi_error(&format!("{name}: no square {n}: squares are numbered 0 to 89")));
    }
    Err(type_error(&format!("{name} must be a square name such as \"e0\" or a number 0-89, got {}", describe(value))))
}

/// A move argument in ICCS (`"h2e2"`, also `"H2-E2"`): whether it is legal is the caller's question.
pub fn iccs_arg(value: &JsValue, name: &str) -> Result<Move, JsValue> {
    let text = string_arg(value, name)?;
    text.parse::<Move>().map_err(|e| {
        let err = crate::errors::error("MoveTextError", &format!("cannot read {text:?} as ICCS: {e}"));
        crate::js::set(err.as_ref(), "text", text.as_str());
        crate::js::set(err.as_ref(), "notation", "ICCS");
        crate::js::set(err.as_ref(), "offset", 0);
        crate::js::set(err.as_ref(), "kind", "Malformed");
        crate::js::set(err.as_ref(), "fen", JsValue::NULL);
        err.into()
    })
}

/// A notation name: `"iccs"`, `"iccs1"` (ranks 1-10), `"wxf"` or `"chinese"`; `undefined` or `null`
/// for "detect it".
pub fn notation_arg(value: &JsValue) -> Result<Option<Notation>, JsValue> {
    if is_absent(value) {
        return Ok(None);
    }
    let name = string_arg(value, "notation")?;
    match name.to_ascii_lowercase().as_str() {
        "iccs" => Ok(Some(Notation::Iccs)),
        "iccs1" => Ok(Some(Notation::IccsOneBased)),
        "wxf" => Ok(Some(Notation::Wxf)),
        "chinese" => Ok(Some(Notation::Chinese)),
        _ => Err(xiangqi_error(&format!("unknown notation {name:?} (expected iccs, iccs1, wxf or chinese)"))),
    }
}

/// Reads move text in `notation` (detected when `None`) as a legal move of `pos`.
pub fn parse_move(pos: &Position, text: &str, notation: Option<Notation>) -> Result<Move, JsValue> {
    let parsed: Result<Move, ParseMoveError> = match notation {
        Some(n) => notation::parse_as(pos, text, n),
        None => notation::parse(pos, text),
    };
    parsed.map_err(|e| move_text_error(Some(pos), &e))
}

/// A legal move of `pos` named in ICCS, or an `IllegalMoveError`.
pub fn legal_iccs(pos: &Position, value: &JsValue) -> Result<Move, JsValue> {
    let m = iccs_arg(value, "move")?;
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(illegal_move(pos, m))
    }
}

/// A legal move of `pos` written in Chinese notation.
pub fn write_chinese(pos: &Position, value: &JsValue, traditional: &JsValue) -> Result<String, JsValue> {
    let m = legal_iccs(pos, value)?;
    let traditional = crate::js::optional_bool(traditional, "traditional")?.unwrap_or(false);
    let style = if traditional { ChineseStyle::TRADITIONAL } else { ChineseStyle::SIMPLIFIED };
    Ok(chinese::write_with(pos, m, style))
}

/// A legal move of `pos` written in WXF notation.
pub fn write_wxf(pos: &Position, value: &JsValue, black_lower_case: &JsValue) -> Result<String, JsValue> {
    let m = legal_iccs(pos, value)?;
    let black_lower_case = crate::js::optional_bool(black_lower_case, "blackLowerCase")?.unwrap_or(false);
    Ok(wxf::write_with(pos, m, WxfStyle { black_lower_case, ..WxfStyle::DEFAULT }))
}

// Making a JavaScript string from Rust costs a decoding call per string, which for the 44 moves of the
// start position took ten times longer than generating them. The ICCS names of the 8,100 square pairs are
// made once on the JavaScript side instead, and a list crosses as one view of packed codes.
#[wasm_bindgen(inline_js = "
let names = null;
export function move_names(codes) {
  if (names === null) {
    const files = 'abcdefghi';
    const square = (i) => files[i % 9] + ((i / 9) | 0);
    names = new Array(8100);
    for (let from = 0; from < 90; from++) {
      for (let to = 0; to < 90; to++) names[from * 90 + to] = square(from) + square(to);
    }
  }
  const out = new Array(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = names[codes[i]];
  return out;
}
")]
extern "C" {
    /// The ICCS names of packed move codes (see [`move_code`]), as a JavaScript array.
    fn move_names(codes: &[u16]) -> Array;
}

/// The moves of a list as an array of ICCS strings.
pub fn move_array(moves: &[Move]) -> Array {
    if moves.len() <= xiangqi_core::MOVE_LIST_CAPACITY {
        let mut codes = [0u16; xiangqi_core::MOVE_LIST_CAPACITY];
        for (slot, &m) in codes.iter_mut().zip(moves) {
            *slot = move_code(m);
        }
        return move_names(&codes[..moves.len()]);
    }
    let codes: Vec<u16> = moves.iter().map(|&m| move_code(m)).collect();
    move_names(&codes)
}

/// The moves of a list as packed codes (see [`move_code`]).
pub fn move_codes(moves: &MoveList) -> Uint16Array {
    let mut codes = [0u16; xiangqi_core::MOVE_LIST_CAPACITY];
    for (slot, &m) in codes.iter_mut().zip(moves.iter()) {
        *slot = move_code(m);
    }
    Uint16Array::from(&codes[..moves.len()])
}

/// A position from a FEN; `lenient` accepts the placement problems composed positions break on purpose
/// (advisors, elephants or soldiers off their points).
pub fn position_from_fen(fen: &str, lenient: bool) -> Result<Position, JsValue> {
    let accept = if lenient { PositionErrorKinds::WAIVABLE } else { PositionErrorKinds::EMPTY };
    let parsed = fen.parse::<Fen>().map_err(|e| fen_error(fen, &FenError::from(e)))?;
    parsed.into_position(accept).map_err(|e| fen_error(fen, &FenError::from(e)))
}

/// `"red"` or `"black"`.
pub fn color_name(color: xiangqi_core::Color) -> &'static str {
    color.name()
}

/// The piece on a square as a FEN letter (`"R"` red chariot, `"n"` black horse), or `null`.
pub fn piece_at(pos: &Position, value: &JsValue) -> Result<JsValue, JsValue> {
    let sq = square_arg(value, "square")?;
    Ok(crate::js::nullable(pos.piece_at(sq).map(|p| p.char().to_string())))
}

/// The board as text: rank 9 at the top, FEN letters, `.` for an empty point.
pub fn diagram(pos: &Position) -> String {
    let mut rows = Vec::with_capacity(10);
    for rank in (0..10u8).rev() {
        let row: Vec<String> = (0..9u8)
            .map(|file| {
                Square::from_coords(file, rank).and_then(|sq| pos.piece_at(sq)).map_or('.', |p| p.char()).to_string()
            })
            .collect();
        rows.push(row.join(" "));
    }
    rows.join("\n")
}
