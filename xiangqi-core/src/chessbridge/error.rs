//! The reader's error.

use core::fmt;

use crate::fen::ParseFenError;
use crate::record::{GameRecord, Location};
use crate::PositionError;

/// Which of ChessBridge's files a game was read from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Container {
    /// A `.cbr` file: one game, binary.
    Cbr,
    /// A `.cbl` library: CBR records behind an index.
    Cbl,
    /// A `.cbf` file: one game, XML.
    Cbf,
}

impl Container {
    /// The name: `CBR`, `CBL`, `CBF`.
    pub const fn name(self) -> &'static str {
        match self {
            Container::Cbr => "CBR",
            Container::Cbl => "CBL",
            Container::Cbf => "CBF",
        }
    }
}

impl fmt::Display for Container {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a ChessBridge game could not be read, and where.
///
/// The location's `byte_offset` counts in the bytes given (for a game of a library, in the whole
/// library): the move record at fault, the header field, the index entry, or where the data stops for
/// a file cut short. `game_index` is the game's index in a library (0 for a CBR or CBF file); `ply`
/// is that of a move at fault; `token` the move in ICCS (`h2e2`), a CBR record's four stored bytes in
/// hex when a square is off the board, or the offending text of a CBF file.
///
/// ```
/// use xiangqi_core::chessbridge::{self, ChessBridgeErrorKind, Container};
/// let mut bytes = b"CCBridge Record\0".to_vec();
/// bytes.resize(2300, 0);
/// bytes[19] = 3;
/// let err = chessbridge::read_cbr(&bytes).unwrap_err();
/// assert_eq!(err.kind, ChessBridgeErrorKind::UnsupportedLayout(3));
/// assert_eq!((err.container, err.location.byte_offset), (Container::Cbr, 19));
/// assert!(err.kind.is_unsupported());
/// assert_eq!(
///     err.to_string(),
///     "CBR, game 0, byte 19: layout version 3 is not supported (a newer ChessBridge format; only layout 2 is read)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{container}, {location}: {kind}")]
pub struct ChessBridgeError {
    /// The kind of file.
    pub container: Container,
    /// Where the problem is.
    pub location: Location,
    /// What the problem is.
    pub kind: ChessBridgeErrorKind,
    /// For a move that cannot be read or played, or data that ends inside the moves: the game as read up
    /// to there (tags, result, start position, every earlier move), so that a tool can show what the
    /// file holds.
    pub partial: Option<Box<GameRecord>>,
}

impl ChessBridgeError {
    pub(crate) fn at(container: Container, byte_offset: usize, kind: ChessBridgeErrorKind) -> ChessBridgeError {
        ChessBridgeError {
            container,
            location: Location { byte_offset: byte_offset as u64, ..Location::default() },
            kind,
            partial: None,
        }
    }

    /// Whether the data ends inside the game: a file cut short, or a library whose index announces a
    /// record that is not (wholly) there.
    pub fn is_truncated(&self) -> bool {
        matches!(
            self.kind,
            ChessBridgeErrorKind::Truncated
                | ChessBridgeErrorKind::TruncatedHeader
                | ChessBridgeErrorKind::CommentPastEnd(_)
                | ChessBridgeErrorKind::RecordPastEnd { .. }
        )
    }
}

/// What is wrong with a ChessBridge file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ChessBridgeErrorKind {
    /// The data is none of ChessBridge's files: no `CCBridge Record\0` or `CCBridgeLibrary\0` magic,
    /// no `<ChineseChessRecord>` element (also a library record that lacks the CBR magic).
    NotChessBridge,
    /// A CBR record of a layout other than 2: 1 (ChessBridge 1.4's older layout) and 3 (the layout
    /// ChessBridge itself calls newer) are described but no sample is known, so they are refused.
    UnsupportedLayout(u8),
    /// A file that starts with `CCBridge` followed by bytes no known container has (such as the
    /// `CCBridge\x15\0\0\0` library some collections use): refused.
    UnsupportedContainer,
    /// The data ends before the end of a header (a CBR's 2,218 bytes up to the root record, a CBL's
    /// header and index).
    TruncatedHeader,
    /// A board byte is no piece code.
    InvalidPiece(u8),
    /// The board (with the side to move) is not a legal position.
    InvalidPosition(PositionError),
    /// A CBF `<FEN>` is no FEN.
    BadFen(Box<ParseFenError>),
    /// A move record's flag byte has bits other than 0x01, 0x02 and 0x04.
    InvalidFlags(u8),
    /// A move names a square off the board (a CBR board index of 90 or more, a CBF row or column out of
    /// range).
    InvalidSquare,
    /// A CBF move value is not `XY-XY`.
    MalformedMove,
    /// A move the rules do not allow in its position.
    IllegalMove,
    /// The data ends inside the move records, or before a record that an earlier one announced (a CBF file:
    /// before `</ChineseChessRecord>`): the file was cut. The location's `byte_offset` is where the cut
    /// record (or CBF tag) starts, the end of the data when it is missing whole; `ply` the ply of the
    /// missing move (when known); `partial` holds every move read before.
    Truncated,
    /// A comment's stated byte length runs past the end of the data (the file was cut inside the comment,
    /// or the length is wrong). The location names the move record.
    CommentPastEnd(u32),
    /// A library record's move tree does not end where its index entry says (the entry's record length,
    /// `stated`); the location is where the tree ends.
    LengthMismatch {
        /// The record length the index entry gives.
        stated: u64,
    },
    /// A library record's move tree runs past the blocks its index entry gives it.
    RecordOverrun,
    /// A library's index places a record at or past the end of the data (the file was cut, or the index
    /// is wrong). The location names the index entry; the kind holds the record's offset.
    RecordPastEnd {
        /// Where the index places the record.
        offset: u64,
    },
    /// A used index entry after an unused one: a library with holes, which no sample has.
    IndexGap,
    /// The XML of a CBF file is malformed where the reader needs it (an unclosed tag, a mismatched end
    /// tag, a Move without its value).
    Xml(&'static str),
}

impl ChessBridgeErrorKind {
    /// Whether the file is of a kind that is recognised but refused ([`UnsupportedLayout`],
    /// [`UnsupportedContainer`]) rather than broken.
    ///
    /// [`UnsupportedLayout`]: ChessBridgeErrorKind::UnsupportedLayout
    /// [`UnsupportedContainer`]: ChessBridgeErrorKind::UnsupportedContainer
    pub fn is_unsupported(&self) -> bool {
        matches!(self, ChessBridgeErrorKind::UnsupportedLayout(_) | ChessBridgeErrorKind::UnsupportedContainer)
    }
}

impl fmt::Display for ChessBridgeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ChessBridgeErrorKind::*;
        match self {
            NotChessBridge => f.write_str("no ChessBridge magic (\"CCBridge Record\", \"CCBridgeLibrary\") or <ChineseChessRecord> element"),
            UnsupportedLayout(1) => f.write_str("layout version 1 is not supported (ChessBridge 1.4's older layout; only layout 2 is read)"),
            UnsupportedLayout(3) => f.write_str("layout version 3 is not supported (a newer ChessBridge format; only layout 2 is read)"),
            UnsupportedLayout(v) => write!(f, "layout version {v} is not supported (unknown; only layout 2 is read)"),
            UnsupportedContainer => f.write_str("a ChessBridge container that is not supported (\"CCBridge\" without \"Record\" or \"Library\", as in the \"CCBridge\\x15\" libraries); only CBR, CBL and CBF files are read"),
            TruncatedHeader => f.write_str("the data ends before the end of the header"),
            InvalidPiece(code) => write!(f, "board byte 0x{code:02x} is no piece code"),
            InvalidPosition(err) => write!(f, "the start position is not legal: {err}"),
            BadFen(err) => write!(f, "bad FEN: {err}"),
            InvalidFlags(flags) => write!(f, "flag byte 0x{flags:02x} has bits other than 0x01, 0x02 and 0x04"),
            InvalidSquare => f.write_str("a move names a square off the board"),
            MalformedMove => f.write_str("a move value must be \"XY-XY\": column 0-8, row 0-9, column 0-8, row 0-9"),
            IllegalMove => f.write_str("the move is not legal in its position"),
            Truncated => f.write_str("the data ends before the move records do: the file is cut short"),
            CommentPastEnd(len) => write!(f, "a comment of {len} bytes runs past the end of the data: the file is cut short"),
            LengthMismatch { stated } => write!(f, "the move tree ends here, but the library's index gives the record {stated} bytes"),
            RecordOverrun => f.write_str("the move tree runs past the blocks the library's index gives the record"),
            RecordPastEnd { offset } => write!(f, "the index places the record at byte {offset}, at or past the end of the data: the file is cut short or the index is wrong"),
            IndexGap => f.write_str("a used index entry after an unused one"),
            Xml(what) => write!(f, "malformed XML: {what}"),
        }
    }
}
