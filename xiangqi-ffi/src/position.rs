//! Positions: a handle over the core `Position`, its queries, legal moves and playing moves.

use std::ffi::c_char;

use xiangqi_core::{Position, Termination};

use crate::args::{borrow, borrow_mut, free_handle, Out};
use crate::enums::{piece_code, XqColor};
use crate::error::{guard, Error};
use crate::fen::new_position_handle;
use crate::moves::{square, XqMove};
use crate::output::{check_array, write_array, write_text};
use crate::status::XqStatus;

/// The most legal moves a position can have is below this: an array of XQ_MAX_LEGAL_MOVES moves always
/// holds them all.
pub const XQ_MAX_LEGAL_MOVES: usize = 128;
const _: () = assert!(XQ_MAX_LEGAL_MOVES == xiangqi_core::MOVE_LIST_CAPACITY);

/// A position: the placement of the pieces, the side to move and the move counters. Always legal.
///
/// Ownership: made by xq_position_new(), xq_position_from_fen(), xq_position_clone() and the functions that
/// return a position of a game or record; owned by the caller, freed with xq_position_free().
///
/// Thread safety: a handle may be moved to another thread. Functions taking `const XqPosition *` may run
/// at the same time on one handle from several threads; xq_position_play*() needs exclusive use.
pub struct XqPosition {
    pub(crate) inner: Position,
}

/// How a position stands: check, mate, stalemate.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqPositionStatus {
    /// The side to move.
    pub turn: XqColor,
    /// The side to move is in check.
    pub is_check: bool,
    /// The side to move is checkmated (a loss).
    pub is_checkmate: bool,
    /// The side to move is not in check and has no legal move: in xiangqi a loss too.
    pub is_stalemate: bool,
    /// The number of legal moves.
    pub legal_move_count: u32,
    /// The winner if the game is over on the board (checkmate or stalemate), else XQ_COLOR_NONE.
    pub winner: XqColor,
    /// How it ended: XQ_TERMINATION_NONE while the game goes on.
    pub termination: XqTermination,
}

/// How a game ends on the board.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqTermination {
    /// Not over.
    None = 0,
    /// The side to move is in check and has no legal move.
    Checkmate = 1,
    /// The side to move is not in check and has no legal move.
    Stalemate = 2,
    /// An ending this version of the header does not name.
    Other = 255,
}

/// Frees a position. NULL is allowed and does nothing. The handle must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn xq_position_free(pos: *mut XqPosition) {
    // SAFETY: a handle of this library, freed once, by the caller's contract.
    unsafe { free_handle(pos) }
}

/// A new position at the standard start, red to move. Free it with xq_position_free().
#[no_mangle]
pub unsafe extern "C" fn xq_position_new(out: *mut *mut XqPosition) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        new_position_handle(&out, Position::default());
        Ok(())
    })
}

/// A copy of a position, independent of the original. Free it with xq_position_free().
#[no_mangle]
pub unsafe extern "C" fn xq_position_clone(pos: *const XqPosition, out: *mut *mut XqPosition) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let pos = unsafe { borrow(pos, "pos") }?;
        new_position_handle(&out, pos.inner.clone());
        Ok(())
    })
}

/// The position as FEN ("... w - - 0 1") into `buf` (string rules).
#[no_mangle]
pub unsafe extern "C" fn xq_position_fen(
    pos: *const XqPosition,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle by the caller's contract.
        let pos = unsafe { borrow(pos, "pos") }?;
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_text(&pos.inner.fen(), buf, len, needed) }
    })
}

/// The piece code on a square (see XqRole), XQ_NO_PIECE for an empty point.
#[no_mangle]
pub unsafe extern "C" fn xq_position_piece_at(pos: *const XqPosition, square_index: u32, out: *mut i8) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let pos = unsafe { borrow(pos, "pos") }?;
        let sq = square(square_index, "square")?;
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(piece_code(pos.inner.piece_at(sq))) };
        Ok(())
    })
}

/// The whole board: `out` must hold XQ_SQUARE_COUNT (90) piece codes, written in square order (a0, b0, ...,
/// i9), XQ_NO_PIECE for empty points.
#[no_mangle]
pub unsafe extern "C" fn xq_position_board(pos: *const XqPosition, out: *mut i8) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle by the caller's contract.
        let pos = unsafe { borrow(pos, "pos") }?;
        if out.is_null() {
            return Err(Error::null("out"));
        }
        for sq in xiangqi_core::Square::all() {
            // SAFETY: `out` holds 90 codes by the caller's contract and `sq.index() < 90`.
            unsafe { out.add(sq.index()).write(piece_code(pos.inner.piece_at(sq))) };
        }
        Ok(())
    })
}

/// Check, mate, stalemate, the side to move and the number of legal moves.
#[no_mangle]
pub unsafe extern "C" fn xq_position_status(pos: *const XqPosition, out: *mut XqPositionStatus) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let pos = &unsafe { borrow(pos, "pos") }?.inner;
        let outcome = pos.outcome();
        let status = XqPositionStatus {
            turn: pos.turn().into(),
            is_check: pos.is_check(),
            is_checkmate: pos.is_checkmate(),
            is_stalemate: pos.is_stalemate(),
            legal_move_count: pos.count_legal_moves() as u32,
            winner: outcome.map(|o| o.winner).into(),
            termination: match outcome.map(|o| o.termination) {
                None => XqTermination::None,
                Some(Termination::Checkmate) => XqTermination::Checkmate,
                Some(Termination::Stalemate) => XqTermination::Stalemate,
                Some(_) => XqTermination::Other,
            },
        };
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(status) };
        Ok(())
    })
}

/// The Zobrist hash of the placement and side to move (equal positions, equal hashes).
#[no_mangle]
pub unsafe extern "C" fn xq_position_hash(pos: *const XqPosition, out: *mut u64) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let pos = unsafe { borrow(pos, "pos") }?;
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(pos.inner.zobrist_hash()) };
        Ok(())
    })
}

/// Every legal move. `out` has room for `capacity` moves (NULL when `capacity` is 0); `*out_count` receives
/// the number of legal moves. When they do not all fit, the first `capacity` are written and the status is
/// XQ_STATUS_BUFFER_TOO_SMALL; XQ_MAX_LEGAL_MOVES always suffices. Allocates nothing.
#[no_mangle]
pub unsafe extern "C" fn xq_position_legal_moves(
    pos: *const XqPosition,
    out: *mut XqMove,
    capacity: usize,
    out_count: *mut usize,
) -> XqStatus {
    guard(|| {
        check_array(out, capacity, out_count)?;
        // SAFETY: a live handle by the caller's contract.
        let pos = unsafe { borrow(pos, "pos") }?;
        let moves = pos.inner.legal_moves();
        // SAFETY: array contract checked and forwarded from the caller.
        unsafe { write_array(moves.iter().map(|&m| XqMove::from(m)), out, capacity, out_count, "legal moves") }
    })
}

/// The legal moves of the piece on one square (none for an empty point or a piece of the side not to
/// move): what a board shows when a piece is picked up. Array rules as xq_position_legal_moves().
#[no_mangle]
pub unsafe extern "C" fn xq_position_legal_moves_from(
    pos: *const XqPosition,
    square_index: u32,
    out: *mut XqMove,
    capacity: usize,
    out_count: *mut usize,
) -> XqStatus {
    guard(|| {
        check_array(out, capacity, out_count)?;
        // SAFETY: a live handle by the caller's contract.
        let pos = unsafe { borrow(pos, "pos") }?;
        let from = square(square_index, "square")?;
        let moves = pos.inner.legal_moves_from(from);
        // SAFETY: array contract checked and forwarded from the caller.
        unsafe { write_array(moves.iter().map(|&m| XqMove::from(m)), out, capacity, out_count, "legal moves") }
    })
}

/// Whether a move is legal in the position.
#[no_mangle]
pub unsafe extern "C" fn xq_position_is_legal(pos: *const XqPosition, mv: XqMove, out: *mut bool) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let pos = unsafe { borrow(pos, "pos") }?;
        let m = mv.to_core()?;
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(pos.inner.is_legal(m)) };
        Ok(())
    })
}

/// Plays a legal move on the position, in place. XQ_STATUS_ILLEGAL_MOVE (the position unchanged) for a move
/// that is not legal.
#[no_mangle]
pub unsafe extern "C" fn xq_position_play(pos: *mut XqPosition, mv: XqMove) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle, used by this call alone, by the caller's contract.
        let pos = unsafe { borrow_mut(pos, "pos") }?;
        let m = mv.to_core()?;
        if !pos.inner.is_legal(m) {
            return Err(Error::new(XqStatus::IllegalMove, format!("{m} is not a legal move in {}", pos.inner.fen())));
        }
        pos.inner.play_unchecked(m);
        Ok(())
    })
}
