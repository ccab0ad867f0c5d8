//! # xiangqi-wasm
//!
//! The rules of xiangqi and the tournament arbiter of `xiangqi-core`, for JavaScript through WebAssembly:
//! `Board` (FEN, legal moves, ICCS, WXF and Chinese notation, check, mate, stalemate), `Game` (the arbiter:
//! each move's class with its targets, the verdict with its explanation, the rule set and options),
//! `readGames` (PGN, XQF, DhtmlXQ and ChessBridge from a `Uint8Array`) with writing back, and ECCO opening codes.
//!
//! The crate only converts: every rule is the core's. Bad input (a malformed FEN, an illegal move, garbage
//! bytes, an argument of the wrong type) is a thrown JavaScript `Error` with the core's message and the
//! offset of the fault, never a trap. See `docs/wasm.md`.

mod board;
mod ecco;
mod errors;
mod game;
mod js;
mod judgement;
mod position;
mod records;

use wasm_bindgen::prelude::*;

pub use board::Board;
pub use game::Game;
pub use records::RecordGame;

/// The FEN of the standard start position.
#[wasm_bindgen(js_name = startingFen)]
pub fn starting_fen() -> String {
    xiangqi_core::Position::default().fen()
}

/// The version of this package.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = include_str!("types.d.ts");
