//! The status every fallible function returns.

use std::ffi::c_char;

use crate::error::guard_value;

/// The outcome of a call. The numbers are part of the ABI: they are never renumbered, and new codes are only
/// ever added. Anything but `XQ_STATUS_OK` leaves a message for xq_last_error_message().
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqStatus {
    /// Success.
    Ok = 0,
    /// A pointer argument that must not be NULL was NULL.
    NullArgument = 1,
    /// An argument is out of its domain: an unknown enum value, a square above 89, a flag that cannot be
    /// given here.
    InvalidArgument = 2,
    /// A text argument is not valid UTF-8.
    InvalidUtf8 = 3,
    /// A FEN text cannot be read (the message names the field, the byte offset and the token).
    InvalidFen = 4,
    /// A FEN text reads, but the position breaks the rules (the message lists every problem).
    IllegalPosition = 5,
    /// A move is not legal in the position.
    IllegalMove = 6,
    /// A move text cannot be read, names no legal move, or names more than one.
    InvalidNotation = 7,
    /// An output buffer or array is too small: as much as fits was written, and the needed size reported.
    BufferTooSmall = 8,
    /// An index (a ply, a list position) is past the end, or a game has no move to take back.
    OutOfRange = 9,
    /// The thing asked for does not exist (a tag name, an error location on a game that was read).
    NotFound = 10,
    /// A game of a record could not be read; the record handle tells where and why.
    RecordError = 11,
    /// A file could not be opened or read.
    IoError = 12,
    /// The record is of a kind that is recognised but not read (a ChessBridge CBR of layout version 1 or 3, a
    /// `CCBridge\x15` library), or cannot be used here.
    UnsupportedFormat = 13,
    /// A record reader has no more games. Not an error: the end of an iteration.
    EndOfRecords = 14,
    /// A root analysis cannot be made: an empty square, two pieces of one side, a general as the target, or
    /// the attacker's side cannot be put on move.
    RootAnalysisError = 15,
    /// A game has no ECCO opening code: it starts from a set-up position, or has no moves.
    NoEccoCode = 16,
    /// An event a clock, a game's conduct or an event refuses (out of order, time going back, an unknown
    /// entrant, a malformed results row); the message names it. Nothing was changed.
    EventRejected = 17,
    /// A bug inside the library was caught at the boundary (a Rust panic). The handles passed to the call
    /// may be in an unspecified state and should only be freed.
    Panic = 100,
}

impl XqStatus {
    /// The constant's name, NUL-terminated.
    const fn name_bytes(self) -> &'static [u8] {
        match self {
            XqStatus::Ok => b"XQ_STATUS_OK\0",
            XqStatus::NullArgument => b"XQ_STATUS_NULL_ARGUMENT\0",
            XqStatus::InvalidArgument => b"XQ_STATUS_INVALID_ARGUMENT\0",
            XqStatus::InvalidUtf8 => b"XQ_STATUS_INVALID_UTF8\0",
            XqStatus::InvalidFen => b"XQ_STATUS_INVALID_FEN\0",
            XqStatus::IllegalPosition => b"XQ_STATUS_ILLEGAL_POSITION\0",
            XqStatus::IllegalMove => b"XQ_STATUS_ILLEGAL_MOVE\0",
            XqStatus::InvalidNotation => b"XQ_STATUS_INVALID_NOTATION\0",
            XqStatus::BufferTooSmall => b"XQ_STATUS_BUFFER_TOO_SMALL\0",
            XqStatus::OutOfRange => b"XQ_STATUS_OUT_OF_RANGE\0",
            XqStatus::NotFound => b"XQ_STATUS_NOT_FOUND\0",
            XqStatus::RecordError => b"XQ_STATUS_RECORD_ERROR\0",
            XqStatus::IoError => b"XQ_STATUS_IO_ERROR\0",
            XqStatus::UnsupportedFormat => b"XQ_STATUS_UNSUPPORTED_FORMAT\0",
            XqStatus::EndOfRecords => b"XQ_STATUS_END_OF_RECORDS\0",
            XqStatus::RootAnalysisError => b"XQ_STATUS_ROOT_ANALYSIS_ERROR\0",
            XqStatus::NoEccoCode => b"XQ_STATUS_NO_ECCO_CODE\0",
            XqStatus::EventRejected => b"XQ_STATUS_EVENT_REJECTED\0",
            XqStatus::Panic => b"XQ_STATUS_PANIC\0",
        }
    }

    /// Every status, for tests and lookups.
    pub const ALL: [XqStatus; 19] = [
        XqStatus::Ok,
        XqStatus::NullArgument,
        XqStatus::InvalidArgument,
        XqStatus::InvalidUtf8,
        XqStatus::InvalidFen,
        XqStatus::IllegalPosition,
        XqStatus::IllegalMove,
        XqStatus::InvalidNotation,
        XqStatus::BufferTooSmall,
        XqStatus::OutOfRange,
        XqStatus::NotFound,
        XqStatus::RecordError,
        XqStatus::IoError,
        XqStatus::UnsupportedFormat,
        XqStatus::EndOfRecords,
        XqStatus::RootAnalysisError,
        XqStatus::NoEccoCode,
        XqStatus::EventRejected,
        XqStatus::Panic,
    ];
}

/// The name of a status constant ("XQ_STATUS_ILLEGAL_MOVE"), or "XQ_STATUS_UNKNOWN" for a number that is no
/// status. The string is static: never free it.
#[no_mangle]
pub extern "C" fn xq_status_name(status: u32) -> *const c_char {
    guard_value(c"XQ_STATUS_PANIC".as_ptr(), || {
        let bytes =
            XqStatus::ALL.iter().find(|s| **s as u32 == status).map_or(&b"XQ_STATUS_UNKNOWN\0"[..], |s| s.name_bytes());
        bytes.as_ptr().cast()
    })
}
