//! Games: the handle over the core `Game` (moves, positions, the arbiter's configuration), pushing and
//! taking back moves, and the defensive key-point callback.

use std::ffi::{c_char, c_int, c_void};

use xiangqi_core::arbiter::{ArbiterConfig, KeyPointHook};
use xiangqi_core::{Game, Position};

use crate::args::{borrow, borrow_mut, free_handle, set_optional, text, Out};
use crate::enums::{rule_set, XqRules};
use crate::error::{guard, Error, Result};
use crate::fen::{fen_error, new_position_handle};
use crate::moves::XqMove;
use crate::notation::{move_text, parse_move};
use crate::output::write_text;
use crate::position::XqPosition;
use crate::status::XqStatus;

/// A game: a start position, the moves played, and the arbiter that classifies them and judges repetitions.
///
/// Ownership: made by xq_game_new(), xq_game_from_fen(), xq_game_clone() or xq_record_to_game(); owned by
/// the caller, freed with xq_game_free().
///
/// Thread safety: a handle may be moved to another thread. Functions taking `const XqGame *` (queries,
/// classification, verdicts) may run at the same time on one handle from several threads (classifications
/// are computed once and cached, safely); functions taking `XqGame *` need exclusive use. A key-point
/// callback is then called from those threads.
pub struct XqGame {
    pub(crate) inner: Game,
}

/// The defensive key-point judgement (article 27.3), which the rules leave to the arbiter: called with the
/// position before a move and the move, it returns nonzero when the move occupies a defensive key point.
///
/// `before` is valid only during the call (copy it with xq_position_clone() to keep it). The callback must
/// not call back into this game, must not unwind (no C++ exception or longjmp may leave it), and must be safe
/// to call from any thread the game's queries are made on.
pub type XqKeyPointCallback =
    Option<unsafe extern "C" fn(before: *const XqPosition, mv: XqMove, user: *mut c_void) -> c_int>;

pub(crate) fn new_game_handle(out: &Out<*mut XqGame>, game: Game) {
    // SAFETY: `out` was checked non-NULL by `Out::handle`; writable by the caller's contract.
    unsafe { out.give(XqGame { inner: game }) };
}

pub(crate) fn ply_check(game: &Game, index: usize) -> Result<()> {
    if index < game.len() {
        Ok(())
    } else {
        Err(Error::new(XqStatus::OutOfRange, format!("move index {index} is past the game's {} moves", game.len())))
    }
}

/// Frees a game. NULL is allowed and does nothing. The handle must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn xq_game_free(game: *mut XqGame) {
    // SAFETY: a handle of this library, freed once, by the caller's contract.
    unsafe { free_handle(game) }
}

/// A new game from a copy of `start`, its repetitions judged by `rules` (an XqRules value). Free it with
/// xq_game_free().
#[no_mangle]
pub unsafe extern "C" fn xq_game_new(start: *const XqPosition, rules: u32, out: *mut *mut XqGame) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let start = unsafe { borrow(start, "start") }?;
        let config = ArbiterConfig::with_rules(rule_set(rules)?);
        new_game_handle(&out, Game::with_config(start.inner.clone(), config));
        Ok(())
    })
}

/// A new game from a FEN (`fen_len` bytes, as xq_position_from_fen()), judged by `rules`.
#[no_mangle]
pub unsafe extern "C" fn xq_game_from_fen(
    fen: *const c_char,
    fen_len: usize,
    rules: u32,
    out: *mut *mut XqGame,
) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        let config = ArbiterConfig::with_rules(rule_set(rules)?);
        // SAFETY: `fen` holds `fen_len` bytes by the caller's contract.
        let fen = unsafe { text(fen, fen_len, "fen") }?;
        let start = Position::from_fen(fen).map_err(fen_error)?;
        new_game_handle(&out, Game::with_config(start, config));
        Ok(())
    })
}

/// A copy of a game, independent of the original except for a key-point callback, which the copy shares
/// (with its `user` pointer). Free it with xq_game_free().
#[no_mangle]
pub unsafe extern "C" fn xq_game_clone(game: *const XqGame, out: *mut *mut XqGame) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        new_game_handle(&out, game.inner.clone());
        Ok(())
    })
}

/// The rule set judging the game's repetitions.
#[no_mangle]
pub unsafe extern "C" fn xq_game_rules(game: *const XqGame, out: *mut XqRules) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(game.inner.config().rules.into()) };
        Ok(())
    })
}

/// Changes the rule set (an XqRules value); classifications and verdicts are computed afresh.
#[no_mangle]
pub unsafe extern "C" fn xq_game_set_rules(game: *mut XqGame, rules: u32) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle, used by this call alone, by the caller's contract.
        let game = unsafe { borrow_mut(game, "game") }?;
        let config = ArbiterConfig { rules: rule_set(rules)?, ..game.inner.config().clone() };
        game.inner.set_config(config);
        Ok(())
    })
}

/// Sets the defensive key-point judgement (see XqKeyPointCallback), or removes it when `callback` is NULL
/// (no move is then a key point: the default). `user` is passed to every call; the caller keeps it alive as
/// long as the game and its copies. Classifications and verdicts are computed afresh.
#[no_mangle]
pub unsafe extern "C" fn xq_game_set_key_point_callback(
    game: *mut XqGame,
    callback: XqKeyPointCallback,
    user: *mut c_void,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle, used by this call alone, by the caller's contract.
        let game = unsafe { borrow_mut(game, "game") }?;
        // Kept as an integer so the hook is Send + Sync; the caller vouches for the pointer's thread safety.
        let user = user as usize;
        let hook = callback.map(|callback| {
            KeyPointHook::new(move |before: &Position, m| {
                let view = XqPosition { inner: before.clone() };
                // SAFETY: the caller vouches that the callback is safe to call with a live position, a move
                // and its own `user` pointer, from this thread.
                unsafe { callback(&view, m.into(), user as *mut c_void) != 0 }
            })
        });
        let config = ArbiterConfig { defensive_key_point: hook, ..game.inner.config().clone() };
        game.inner.set_config(config);
        Ok(())
    })
}

/// The number of moves played.
#[no_mangle]
pub unsafe extern "C" fn xq_game_len(game: *const XqGame, out: *mut usize) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(game.inner.len()) };
        Ok(())
    })
}

/// A copy of the current position (after the last move). Free it with xq_position_free().
#[no_mangle]
pub unsafe extern "C" fn xq_game_position(game: *const XqGame, out: *mut *mut XqPosition) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        new_position_handle(&out, game.inner.position().clone());
        Ok(())
    })
}

/// A copy of the position after `ply` moves (0: the start, xq_game_len(): the current one).
/// XQ_STATUS_OUT_OF_RANGE past the end. Free it with xq_position_free().
#[no_mangle]
pub unsafe extern "C" fn xq_game_position_at(game: *const XqGame, ply: usize, out: *mut *mut XqPosition) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        let pos = game.inner.position_at(ply).ok_or_else(|| {
            Error::new(XqStatus::OutOfRange, format!("ply {ply} is past the game's {} moves", game.inner.len()))
        })?;
        new_position_handle(&out, pos.clone());
        Ok(())
    })
}

/// The move with 0-based index `index`. XQ_STATUS_OUT_OF_RANGE past the end.
#[no_mangle]
pub unsafe extern "C" fn xq_game_move_at(game: *const XqGame, index: usize, out: *mut XqMove) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        ply_check(&game.inner, index)?;
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(game.inner.moves()[index].into()) };
        Ok(())
    })
}

/// Plays a legal move. XQ_STATUS_ILLEGAL_MOVE (the game unchanged) for a move that is not legal.
#[no_mangle]
pub unsafe extern "C" fn xq_game_push(game: *mut XqGame, mv: XqMove) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle, used by this call alone, by the caller's contract.
        let game = unsafe { borrow_mut(game, "game") }?;
        let m = mv.to_core()?;
        game.inner.push(m).map_err(|_| {
            Error::new(XqStatus::IllegalMove, format!("{m} is not a legal move in {}", game.inner.position().fen()))
        })
    })
}

/// Reads a move text in a notation (XQ_NOTATION_AUTO detects it) against the current position and plays it.
/// `out_move` may be NULL; otherwise it receives the move. XQ_STATUS_INVALID_NOTATION (the game unchanged)
/// when the text names no legal move.
#[no_mangle]
pub unsafe extern "C" fn xq_game_push_text(
    game: *mut XqGame,
    text_ptr: *const c_char,
    text_len: usize,
    notation: u32,
    out_move: *mut XqMove,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle, used by this call alone, by the caller's contract.
        let game = unsafe { borrow_mut(game, "game") }?;
        // SAFETY: `text_ptr` holds `text_len` bytes by the caller's contract.
        let text = unsafe { text(text_ptr, text_len, "text") }?;
        let m = parse_move(game.inner.position(), text, notation)?;
        game.inner.push(m).map_err(|_| Error::new(XqStatus::IllegalMove, format!("{m} is not legal")))?;
        // SAFETY: NULL or writable by the caller's contract.
        unsafe { set_optional(out_move, m.into()) };
        Ok(())
    })
}

/// Takes back the last move; `out_move` (may be NULL) receives it. XQ_STATUS_OUT_OF_RANGE when no move has
/// been played.
#[no_mangle]
pub unsafe extern "C" fn xq_game_pop(game: *mut XqGame, out_move: *mut XqMove) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle, used by this call alone, by the caller's contract.
        let game = unsafe { borrow_mut(game, "game") }?;
        let m = game.inner.pop().ok_or_else(|| Error::new(XqStatus::OutOfRange, "no move to take back"))?;
        // SAFETY: NULL or writable by the caller's contract.
        unsafe { set_optional(out_move, m.into()) };
        Ok(())
    })
}

/// The last move, without taking it back. XQ_STATUS_OUT_OF_RANGE when no move has been played.
#[no_mangle]
pub unsafe extern "C" fn xq_game_peek(game: *const XqGame, out: *mut XqMove) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        let m = game.inner.peek().ok_or_else(|| Error::new(XqStatus::OutOfRange, "no move has been played"))?;
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(m.into()) };
        Ok(())
    })
}

/// Writes move `index` (0-based) in a notation (not XQ_NOTATION_AUTO), as read from the position before it,
/// into `buf` (string rules).
#[no_mangle]
pub unsafe extern "C" fn xq_game_move_text(
    game: *const XqGame,
    index: usize,
    notation: u32,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        ply_check(&game.inner, index)?;
        let before = game.inner.position_at(index).ok_or_else(|| Error::new(XqStatus::OutOfRange, "no position"))?;
        let text = move_text(before, game.inner.moves()[index], notation)?;
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_text(&text, buf, len, needed) }
    })
}
