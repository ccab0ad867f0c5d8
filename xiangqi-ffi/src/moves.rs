//! Squares and moves as C sees them.

use std::ffi::c_char;

use xiangqi_core::{Move, Square};

use crate::args::{text, Out};
use crate::error::{guard, Error, Result};
use crate::output::write_text;
use crate::status::XqStatus;

/// The number of points on the board; squares are numbered 0 to 89.
pub const XQ_SQUARE_COUNT: u32 = 90;

/// A move: the square a piece leaves and the square it goes to.
///
/// Squares are numbered `rank * 9 + file` as in ICCS: files a to i (0 to 8) from red's left, ranks 0 to 9
/// from red's side. a0 is 0, i0 is 8, e9 (the black general's start) is 85, i9 is 89. A plain value: copy it
/// freely. A move read from C is checked (both squares below 90) before use.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct XqMove {
    /// The square the piece leaves, 0 to 89.
    pub from: u8,
    /// The square the piece goes to, 0 to 89.
    pub to: u8,
}

impl From<Move> for XqMove {
    fn from(m: Move) -> XqMove {
        // Square indices are below 90, so they fit a byte.
        XqMove { from: m.from.index() as u8, to: m.to.index() as u8 }
    }
}

pub(crate) fn square(index: u32, name: &str) -> Result<Square> {
    usize::try_from(index)
        .ok()
        .and_then(Square::new)
        .ok_or_else(|| Error::new(XqStatus::InvalidArgument, format!("{name}: {index} is not a square (0 to 89)")))
}

impl XqMove {
    /// The core move, if both squares are on the board.
    pub(crate) fn to_core(self) -> Result<Move> {
        Ok(Move::new(square(self.from.into(), "move.from")?, square(self.to.into(), "move.to")?))
    }
}

/// Reads a move in ICCS coordinates ("h2e2", also "H2-E2"), without looking at any position.
/// Returns XQ_STATUS_INVALID_NOTATION for a text that is not ICCS.
#[no_mangle]
pub unsafe extern "C" fn xq_move_from_iccs(iccs: *const c_char, iccs_len: usize, out: *mut XqMove) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: `iccs` holds `iccs_len` bytes by the caller's contract.
        let iccs = unsafe { text(iccs, iccs_len, "iccs") }?;
        let m: Move = iccs.parse().map_err(|e| Error::new(XqStatus::InvalidNotation, format!("{e}")))?;
        // SAFETY: checked by `Out::new`; writable by the caller's contract.
        unsafe { out.set(m.into()) };
        Ok(())
    })
}

/// Writes a move in ICCS coordinates ("h2e2": four bytes) into `buf` (string rules: see the top of this
/// header).
#[no_mangle]
pub unsafe extern "C" fn xq_move_to_iccs(mv: XqMove, buf: *mut c_char, len: usize, needed: *mut usize) -> XqStatus {
    guard(|| {
        let m = mv.to_core()?;
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_text(&m.to_string(), buf, len, needed) }
    })
}

/// Reads a square name ("e0", either case) into its number 0 to 89.
#[no_mangle]
pub unsafe extern "C" fn xq_square_from_name(name: *const c_char, name_len: usize, out: *mut u8) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: `name` holds `name_len` bytes by the caller's contract.
        let name = unsafe { text(name, name_len, "name") }?;
        let sq: Square = name.parse().map_err(|e| Error::invalid(format!("{e}")))?;
        // SAFETY: checked by `Out::new`; writable by the caller's contract.
        unsafe { out.set(sq.index() as u8) };
        Ok(())
    })
}

/// Writes a square's ICCS name ("e0": two bytes) into `buf` (string rules).
#[no_mangle]
pub unsafe extern "C" fn xq_square_name(
    square_index: u32,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        let sq = square(square_index, "square")?;
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_text(&sq.to_string(), buf, len, needed) }
    })
}
