//! The reader's error.

use core::fmt;

use crate::record::{GameRecord, Location};
use crate::PositionError;

/// Why a file could not be read as an XQF game, and where.
///
/// The location's `byte_offset` is that of the record at fault (of the header field for header
/// problems, of the end of the data for a truncated header); for a move, `ply` is its ply and `token`
/// the move in ICCS (`b0c2`), or the record's four stored bytes in hex when a square is off the board. `game_index` is always 0: a file holds one game.
///
/// ```
/// use xiangqi_core::xqf::{self, XqfErrorKind};
/// let mut bytes = vec![0u8; 1032];
/// bytes[..3].copy_from_slice(b"XQ\x13");
/// let err = xqf::read(&bytes).unwrap_err();
/// assert_eq!(err.kind, XqfErrorKind::NewerVersion(19));
/// assert_eq!(err.location.byte_offset, 2);
/// assert_eq!(err.to_string(), "XQF, game 0, byte 2: version 19 is newer than 18, the last known one");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("XQF, {location}: {kind}")]
pub struct XqfError {
    /// Where the problem is.
    pub location: Location,
    /// What the problem is.
    pub kind: XqfErrorKind,
    /// For a move that cannot be played: the game as read up to that move (tags, result, start
    /// position, every earlier record), so that a tool can show what the file holds.
    pub partial: Option<Box<GameRecord>>,
}

impl XqfError {
    pub(crate) fn at(byte_offset: usize, kind: XqfErrorKind) -> XqfError {
        XqfError { location: Location { byte_offset: byte_offset as u64, ..Location::default() }, kind, partial: None }
    }
}

/// What is wrong with an XQF file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum XqfErrorKind {
    /// The file does not start with `XQ`.
    NotXqf,
    /// The version byte is above 18, the last version known.
    NewerVersion(u8),
    /// The file is shorter than the header and the root record (1,028 bytes).
    TruncatedHeader,
    /// The 32 piece slots (with the side to move) do not make a legal position.
    InvalidPosition(PositionError),
    /// A move record names a square off the board (a value of 90 or more).
    InvalidSquare,
    /// A move record names a move the rules do not allow in its position.
    IllegalMove,
    /// The data ends inside the move records, or before a record that an earlier one announced: the file
    /// was cut. The location's `byte_offset` is where the missing record starts (the length of the data
    /// when it is missing whole), `ply` the ply it would hold (when known); `partial` holds every move read before.
    Truncated,
}

impl fmt::Display for XqfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XqfErrorKind::NotXqf => f.write_str("the data does not start with \"XQ\""),
            XqfErrorKind::NewerVersion(v) => write!(f, "version {v} is newer than 18, the last known one"),
            XqfErrorKind::TruncatedHeader => f.write_str("the data ends before the end of the header"),
            XqfErrorKind::InvalidPosition(err) => write!(f, "the start position is not legal: {err}"),
            XqfErrorKind::InvalidSquare => f.write_str("a move record names a square off the board"),
            XqfErrorKind::IllegalMove => f.write_str("the move is not legal in its position"),
            XqfErrorKind::Truncated => f.write_str("the data ends before the move records do: the file is cut short"),
        }
    }
}
