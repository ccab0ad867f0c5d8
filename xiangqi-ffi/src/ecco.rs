//! The ECCO opening code of a game, a record or a move list, with its names in both scripts.

use std::ffi::{c_char, CString};
use std::sync::OnceLock;

use xiangqi_core::ecco::{self, Ecco, EccoError};
use xiangqi_core::quote::Quoted;
use xiangqi_core::{Move, Position};

use crate::args::{borrow, text, Out};
use crate::error::{guard, Error, Result};
use crate::game::XqGame;
use crate::moves::XqMove;
use crate::position::XqPosition;
use crate::records::XqRecord;
use crate::status::XqStatus;

/// An ECCO code (中国象棋开局编码) and its names. Every text is a static NUL-terminated UTF-8 string that
/// lives as long as the program: never free it.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqEcco {
    /// The code: a letter A-E and two digits, "C45".
    pub code: *const c_char,
    /// The group, the code's letter and first digit: "C4".
    pub group: *const c_char,
    /// The opening's name in simplified characters.
    pub opening: *const c_char,
    /// The variation's name in simplified characters; "" when the code has none.
    pub variation: *const c_char,
    /// The group's name in simplified characters.
    pub group_name: *const c_char,
    /// The opening's name in traditional characters.
    pub opening_traditional: *const c_char,
    /// The variation's name in traditional characters; "" when the code has none.
    pub variation_traditional: *const c_char,
    /// The group's name in traditional characters.
    pub group_name_traditional: *const c_char,
}

/// The eight texts of every code, NUL-terminated, made once.
fn c_texts(code: &Ecco) -> &'static [CString; 8] {
    static TABLE: OnceLock<Vec<[CString; 8]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let c = |text: &str| CString::new(text).unwrap_or_default();
        Ecco::all()
            .map(|e| {
                let variation = e.variation.map_or(("", ""), |v| (v.simplified, v.traditional));
                [
                    c(e.code),
                    c(e.group),
                    c(e.opening.simplified),
                    c(variation.0),
                    c(e.group_name.simplified),
                    c(e.opening.traditional),
                    c(variation.1),
                    c(e.group_name.traditional),
                ]
            })
            .collect()
    });
    let index = Ecco::all().position(|e| e.code == code.code).unwrap_or(0);
    &table[index]
}

fn to_c(code: &Ecco) -> XqEcco {
    let [c, group, opening, variation, group_name, opening_t, variation_t, group_name_t] = c_texts(code);
    XqEcco {
        code: c.as_ptr(),
        group: group.as_ptr(),
        opening: opening.as_ptr(),
        variation: variation.as_ptr(),
        group_name: group_name.as_ptr(),
        opening_traditional: opening_t.as_ptr(),
        variation_traditional: variation_t.as_ptr(),
        group_name_traditional: group_name_t.as_ptr(),
    }
}

fn write(result: std::result::Result<Ecco, EccoError>, out: &Out<XqEcco>) -> Result<()> {
    let code = result.map_err(|err| {
        let status = match err {
            EccoError::IllegalMove { .. } => XqStatus::IllegalMove,
            EccoError::SetUpStart | EccoError::NoMoves => XqStatus::NoEccoCode,
        };
        Error::new(status, err.to_string())
    })?;
    // SAFETY: checked by `Out::new` in the exported functions.
    unsafe { out.set(to_c(&code)) };
    Ok(())
}

/// The game's ECCO code, from its first 20 plies. XQ_STATUS_NO_ECCO_CODE (the message says why) for a game
/// from a set-up position or without moves.
#[no_mangle]
pub unsafe extern "C" fn xq_game_ecco(game: *const XqGame, out: *mut XqEcco) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        write(game.inner.ecco(), &out)
    })
}

/// The ECCO code of the record's main line (compare with its "ECCO" tag, xq_record_tag()).
/// XQ_STATUS_NO_ECCO_CODE for a game from a set-up position or without moves.
#[no_mangle]
pub unsafe extern "C" fn xq_record_ecco(record: *const XqRecord, out: *mut XqEcco) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let record = unsafe { borrow(record, "record") }?.game()?;
        write(record.ecco(), &out)
    })
}

/// The ECCO code of `count` moves played from `start` (NULL: the standard start position); only the first
/// 20 are read. XQ_STATUS_ILLEGAL_MOVE when one of them is not legal, XQ_STATUS_NO_ECCO_CODE when `start`
/// is not the standard start or `count` is 0.
#[no_mangle]
pub unsafe extern "C" fn xq_ecco_classify(
    start: *const XqPosition,
    moves: *const XqMove,
    count: usize,
    out: *mut XqEcco,
) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        let standard;
        let start = if start.is_null() {
            standard = Position::default();
            &standard
        } else {
            // SAFETY: a live handle by the caller's contract.
            &unsafe { borrow(start, "start") }?.inner
        };
        let moves: &[XqMove] = if count == 0 {
            &[]
        } else if moves.is_null() {
            return Err(Error::null("moves"));
        } else {
            // SAFETY: `moves` holds `count` moves by the caller's contract.
            unsafe { std::slice::from_raw_parts(moves, count) }
        };
        let moves = moves.iter().take(20).map(|m| m.to_core()).collect::<Result<Vec<Move>>>()?;
        write(ecco::classify(start, &moves), &out)
    })
}

/// The code named `code_ptr` ("C45", `code_len` bytes) with its names. XQ_STATUS_NOT_FOUND if it is not one
/// of the 260 codes.
#[no_mangle]
pub unsafe extern "C" fn xq_ecco_from_code(code_ptr: *const c_char, code_len: usize, out: *mut XqEcco) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: `code_ptr` holds `code_len` bytes by the caller's contract.
        let code = unsafe { text(code_ptr, code_len, "code") }?;
        let found = Ecco::from_code(code).ok_or_else(|| {
            Error::new(XqStatus::NotFound, format!("{} is not one of the 260 ECCO codes", Quoted(code)))
        })?;
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(to_c(&found)) };
        Ok(())
    })
}
