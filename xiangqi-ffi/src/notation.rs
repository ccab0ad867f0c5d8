//! Move texts against a position: reading ICCS, WXF and Chinese, and writing them.

use std::ffi::c_char;

use xiangqi_core::chinese::{self, ChineseStyle};
use xiangqi_core::{notation, Move, Position};

use crate::args::{borrow, borrow_mut, set_optional, text, Out};
use crate::enums::XqNotation;
use crate::error::{guard, Error, Result};
use crate::moves::XqMove;
use crate::output::write_text;
use crate::position::XqPosition;
use crate::status::XqStatus;

/// Reads a move text in a notation (XQ_NOTATION_AUTO detects it) as a legal move of `pos`.
pub(crate) fn parse_move(pos: &Position, text: &str, notation: u32) -> Result<Move> {
    let parsed = match XqNotation::from_u32(notation)?.core() {
        None => notation::parse(pos, text),
        Some(n) => notation::parse_as(pos, text, n),
    };
    parsed.map_err(|e| Error::new(XqStatus::InvalidNotation, e.to_string()))
}

/// Writes a legal move of `pos` in a notation.
pub(crate) fn move_text(pos: &Position, m: Move, notation: u32) -> Result<String> {
    let choice = XqNotation::from_u32(notation)?;
    let Some(core) = choice.core() else {
        return Err(Error::invalid("notation: XQ_NOTATION_AUTO is for reading; name a notation to write"));
    };
    if !pos.is_legal(m) {
        return Err(Error::new(XqStatus::IllegalMove, format!("{m} is not a legal move in {}", pos.fen())));
    }
    Ok(if choice == XqNotation::ChineseTraditional {
        chinese::write_with(pos, m, ChineseStyle::TRADITIONAL)
    } else {
        notation::write(pos, m, core)
    })
}

/// Reads a move text ("炮二平五", "C2=5", "h2e2", ...; `text_len` bytes of UTF-8) as a legal move of the
/// position. XQ_STATUS_INVALID_NOTATION when the text cannot be read, names no legal move or more than one
/// (the message says which, and where).
#[no_mangle]
pub unsafe extern "C" fn xq_position_parse_move(
    pos: *const XqPosition,
    text_ptr: *const c_char,
    text_len: usize,
    notation: u32,
    out: *mut XqMove,
) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let pos = unsafe { borrow(pos, "pos") }?;
        // SAFETY: `text_ptr` holds `text_len` bytes by the caller's contract.
        let text = unsafe { text(text_ptr, text_len, "text") }?;
        let m = parse_move(&pos.inner, text, notation)?;
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(m.into()) };
        Ok(())
    })
}

/// Reads a move text as xq_position_parse_move() and plays it in place. `out_move` may be NULL; otherwise it
/// receives the move played.
#[no_mangle]
pub unsafe extern "C" fn xq_position_play_text(
    pos: *mut XqPosition,
    text_ptr: *const c_char,
    text_len: usize,
    notation: u32,
    out_move: *mut XqMove,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle, used by this call alone, by the caller's contract.
        let pos = unsafe { borrow_mut(pos, "pos") }?;
        // SAFETY: `text_ptr` holds `text_len` bytes by the caller's contract.
        let text = unsafe { text(text_ptr, text_len, "text") }?;
        let m = parse_move(&pos.inner, text, notation)?;
        pos.inner.play_unchecked(m);
        // SAFETY: NULL or writable by the caller's contract.
        unsafe { set_optional(out_move, m.into()) };
        Ok(())
    })
}

/// Writes a legal move of the position in a notation (not XQ_NOTATION_AUTO) into `buf` (string rules).
/// XQ_STATUS_ILLEGAL_MOVE for a move that is not legal in the position.
#[no_mangle]
pub unsafe extern "C" fn xq_position_move_text(
    pos: *const XqPosition,
    mv: XqMove,
    notation: u32,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle by the caller's contract.
        let pos = unsafe { borrow(pos, "pos") }?;
        let text = move_text(&pos.inner, mv.to_core()?, notation)?;
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_text(&text, buf, len, needed) }
    })
}
