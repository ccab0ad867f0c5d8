//! FEN in: reading positions, and the validation report.

use std::ffi::c_char;

use xiangqi_core::fen::{Fen, FenError};
use xiangqi_core::{Position, PositionError, PositionErrorKinds};

use crate::args::{text, Out};
use crate::error::{guard, Error, Result};
use crate::output::{check_array, write_array};
use crate::position::XqPosition;
use crate::status::XqStatus;

/// Problem flag: a side has no general. Never accepted.
pub const XQ_PROBLEM_MISSING_GENERAL: u32 = 1 << 0;
/// Problem flag: a side has more than one general. Never accepted.
pub const XQ_PROBLEM_TOO_MANY_GENERALS: u32 = 1 << 1;
/// Problem flag: a side has more pieces of a kind than the game provides. Never accepted.
pub const XQ_PROBLEM_TOO_MANY_PIECES: u32 = 1 << 2;
/// Problem flag: a general stands outside its palace. Never accepted.
pub const XQ_PROBLEM_GENERAL_OUTSIDE_PALACE: u32 = 1 << 3;
/// Problem flag: an advisor stands off its five palace points. Can be accepted.
pub const XQ_PROBLEM_ADVISOR_PLACEMENT: u32 = 1 << 4;
/// Problem flag: an elephant stands off its seven points. Can be accepted.
pub const XQ_PROBLEM_ELEPHANT_PLACEMENT: u32 = 1 << 5;
/// Problem flag: a soldier stands where it can never arrive. Can be accepted.
pub const XQ_PROBLEM_SOLDIER_PLACEMENT: u32 = 1 << 6;
/// Problem flag: the generals face each other on an open file. Never accepted.
pub const XQ_PROBLEM_GENERALS_FACING: u32 = 1 << 7;
/// Problem flag: the side not to move is in check. Can be accepted.
pub const XQ_PROBLEM_OPPONENT_IN_CHECK: u32 = 1 << 8;
/// The problem flags that xq_position_from_fen_accepting() can accept.
pub const XQ_PROBLEM_WAIVABLE: u32 = XQ_PROBLEM_ADVISOR_PLACEMENT
    | XQ_PROBLEM_ELEPHANT_PLACEMENT
    | XQ_PROBLEM_SOLDIER_PLACEMENT
    | XQ_PROBLEM_OPPONENT_IN_CHECK;

/// Each C flag with the core kind it stands for.
const KINDS: [(u32, PositionErrorKinds); 9] = [
    (XQ_PROBLEM_MISSING_GENERAL, PositionErrorKinds::MISSING_GENERAL),
    (XQ_PROBLEM_TOO_MANY_GENERALS, PositionErrorKinds::TOO_MANY_GENERALS),
    (XQ_PROBLEM_TOO_MANY_PIECES, PositionErrorKinds::TOO_MANY_PIECES),
    (XQ_PROBLEM_GENERAL_OUTSIDE_PALACE, PositionErrorKinds::GENERAL_OUTSIDE_PALACE),
    (XQ_PROBLEM_ADVISOR_PLACEMENT, PositionErrorKinds::ADVISOR_PLACEMENT),
    (XQ_PROBLEM_ELEPHANT_PLACEMENT, PositionErrorKinds::ELEPHANT_PLACEMENT),
    (XQ_PROBLEM_SOLDIER_PLACEMENT, PositionErrorKinds::SOLDIER_PLACEMENT),
    (XQ_PROBLEM_GENERALS_FACING, PositionErrorKinds::GENERALS_FACING),
    (XQ_PROBLEM_OPPONENT_IN_CHECK, PositionErrorKinds::OPPONENT_IN_CHECK),
];

fn flags_of(kinds: PositionErrorKinds) -> u32 {
    KINDS.iter().filter(|(_, k)| kinds.contains(*k)).fold(0, |acc, (flag, _)| acc | flag)
}

fn kinds_of(flags: u32) -> Result<PositionErrorKinds> {
    if flags & !XQ_PROBLEM_WAIVABLE != 0 {
        return Err(Error::invalid(format!(
            "accept: {flags:#x} holds flags that cannot be accepted (only XQ_PROBLEM_WAIVABLE ones can)"
        )));
    }
    Ok(KINDS.iter().filter(|(flag, _)| flags & flag != 0).fold(PositionErrorKinds::EMPTY, |acc, (_, k)| acc | *k))
}

/// One problem that makes a FEN's position illegal.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqPositionProblem {
    /// Exactly one XQ_PROBLEM_* flag.
    pub kind: u32,
    /// The square of the piece at fault, or -1 when the problem concerns no one square.
    pub square: i32,
}

pub(crate) fn fen_error(e: FenError) -> Error {
    match e {
        FenError::Parse(e) => Error::new(XqStatus::InvalidFen, e.to_string()),
        FenError::Position(e) => position_error(&e),
    }
}

fn position_error(e: &PositionError) -> Error {
    Error::new(XqStatus::IllegalPosition, e.to_string())
}

pub(crate) fn new_position_handle(out: &Out<*mut XqPosition>, pos: Position) {
    // SAFETY: `out` was checked non-NULL by `Out::handle`; writable by the caller's contract.
    unsafe { out.give(XqPosition { inner: pos }) };
}

/// Reads a position from FEN ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"; side w,
/// r or b; fields after the board may be left out). The text is `fen_len` bytes of UTF-8, no NUL needed.
///
/// On success `*out` is a new handle the caller frees with xq_position_free(). On failure `*out` is NULL and
/// the status is XQ_STATUS_INVALID_FEN (the text is not FEN: the message names the field, byte offset and
/// token) or XQ_STATUS_ILLEGAL_POSITION (the message lists every problem; see xq_fen_validate()).
#[no_mangle]
pub unsafe extern "C" fn xq_position_from_fen(
    fen: *const c_char,
    fen_len: usize,
    out: *mut *mut XqPosition,
) -> XqStatus {
    // SAFETY: forwarded contract.
    unsafe { xq_position_from_fen_accepting(fen, fen_len, 0, out) }
}

/// As xq_position_from_fen(), accepting the problems named in `accept` (a combination of the flags in
/// XQ_PROBLEM_WAIVABLE: placement problems composers use on purpose, and the opponent in check).
/// XQ_STATUS_INVALID_ARGUMENT for other flags.
#[no_mangle]
pub unsafe extern "C" fn xq_position_from_fen_accepting(
    fen: *const c_char,
    fen_len: usize,
    accept: u32,
    out: *mut *mut XqPosition,
) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        let accept = kinds_of(accept)?;
        // SAFETY: `fen` holds `fen_len` bytes by the caller's contract.
        let fen = unsafe { text(fen, fen_len, "fen") }?;
        let parsed: Fen = fen.parse().map_err(|e| fen_error(FenError::Parse(e)))?;
        let pos = parsed.into_position(accept).map_err(|e| position_error(&e))?;
        new_position_handle(&out, pos);
        Ok(())
    })
}

/// The validation report of a FEN: every problem of its position, not just the first.
///
/// Returns XQ_STATUS_OK with `*out_count` 0 when the position is legal; XQ_STATUS_INVALID_FEN when the text
/// is not FEN (no problems written); XQ_STATUS_ILLEGAL_POSITION when it is FEN but the position breaks the
/// rules: `*out_count` is the number of problems and the first `capacity` are written to `problems` (compare
/// the two to know whether all fitted; the message of xq_last_error_message() has a sentence for each). Problems come in flag order, and in board
/// order within a flag. Waivable problems are reported too.
#[no_mangle]
pub unsafe extern "C" fn xq_fen_validate(
    fen: *const c_char,
    fen_len: usize,
    problems: *mut XqPositionProblem,
    capacity: usize,
    out_count: *mut usize,
) -> XqStatus {
    guard(|| {
        check_array(problems, capacity, out_count)?;
        // SAFETY: `fen` holds `fen_len` bytes by the caller's contract.
        let fen = unsafe { text(fen, fen_len, "fen") }?;
        let parsed: Fen = fen.parse().map_err(|e| fen_error(FenError::Parse(e)))?;
        let (found, illegal) = match parsed.into_position(PositionErrorKinds::EMPTY) {
            Ok(_) => (Vec::new(), None),
            Err(e) => {
                let found: Vec<XqPositionProblem> = e
                    .problems()
                    .iter()
                    .map(|p| XqPositionProblem {
                        kind: flags_of(p.kind),
                        square: p.square.map_or(-1, |sq| sq.index() as i32),
                    })
                    .collect();
                (found, Some(position_error(&e)))
            }
        };
        // SAFETY: array contract checked by `check_array` and forwarded from the caller.
        let written = unsafe { write_array(found.into_iter(), problems, capacity, out_count, "problems") };
        // An illegal position is the answer even when not every problem fitted: the count tells.
        illegal.map_or(written, Err)
    })
}
