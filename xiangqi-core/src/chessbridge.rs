//! ChessBridge (象棋桥): `.cbr` game files (binary, layout version 2), `.cbl` libraries of CBR records
//! behind an index, and `.cbf` XML exports. Read only.
//!
//! The formats are described in `docs/records.md` (section "ChessBridge"). What the reader does:
//!
//! - **CBR**: the header's UTF-16LE text fields become tags (see [`TAG_NAMES`]), its result byte the
//!   [`GameResult`] (0 and 4, "several results", are unknown), its 90-byte board and first-mover byte the
//!   start position; then the move records, a pre-order tree as in XQF, with comments and variations.
//!   Layout versions 1 and 3 are refused ([`ChessBridgeErrorKind::UnsupportedLayout`]): no sample is
//!   known.
//! - **CBL**: the index is walked, one game per used entry, in order; a broken record is an error item
//!   for that game and the other games are still read. A container starting `CCBridge` that is neither
//!   a record nor a library (the `CCBridge\x15` libraries) is refused
//!   ([`ChessBridgeErrorKind::UnsupportedContainer`]).
//! - **CBF**: the `<Head>` elements become tags, `<FEN>` the start position, `<RecordResult>` the result;
//!   `<Move value="XY-XY">` (column from Red's left, row from the top) is a move, the first one,
//!   `00-00`, the root with the game comment; CDATA text is a comment. Variations have never been seen
//!   in a CBF file: `Move` elements after the one marked `end="1"`, and those that are not children of
//!   `<MoveList>` (inside another `Move`, or inside a wrapper such as `<Variation>`), are ignored with a
//!   warning that counts them and names the first one's byte and line.
//!
//! Every move is checked against the rules. An illegal move (or a square off the board) in the main line
//! is an error that carries the game read up to it; in a CBR variation it drops that move and its
//! continuation with a [`ReadWarning`](crate::record::ReadWarning), as the XQF reader does. Data that
//! ends inside a game is an error ([`ChessBridgeError::is_truncated`]), never a shorter game. Nothing in
//! a file is trusted: lengths are checked against the data present, the tree is read without recursion,
//! and no input makes the reader panic.
//!
//! ```
//! use xiangqi_core::chessbridge;
//! use xiangqi_core::record::GameResult;
//!
//! let cbf = "\u{feff}<?xml version=\"1.0\" encoding=\"UTF-8\"?>
//! <ChineseChessRecord Version=\"1.0\">
//!  <Head><Name>demo</Name><Red>胡荣华</Red><RecordResult>3</RecordResult>
//!   <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN></Head>
//!  <MoveList>
//!   <Move value=\"00-00\"><![CDATA[the game comment]]></Move>
//!   <Move value=\"77-47\" />
//!   <Move value=\"70-62\" end=\"1\"><![CDATA[the usual answer]]></Move>
//!  </MoveList>
//! </ChineseChessRecord>";
//! let game = chessbridge::read_cbf(cbf.as_bytes())?;
//! assert_eq!(game.main_line().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7"]);
//! assert_eq!(game.tags.get("Title"), Some("demo"));
//! assert_eq!(game.tags.get("Red"), Some("胡荣华"));
//! assert_eq!(game.result, GameResult::Draw);
//! assert_eq!(game.tree.comment(game.tree.root()), Some("the game comment"));
//!
//! // Any of the three, one item per game.
//! let games = chessbridge::read(cbf.as_bytes());
//! assert_eq!(games.len(), 1);
//! # Ok::<(), chessbridge::ChessBridgeError>(())
//! ```

mod cbf;
mod cbr;
mod error;

pub use error::{ChessBridgeError, ChessBridgeErrorKind, Container};

use crate::record::GameRecord;
#[cfg(doc)]
use crate::record::GameResult;

/// The fields ChessBridge shares with the other formats, by the name CBF gives them, and the tag name
/// the reader gives them (the names the PGN, XQF and DhtmlXQ readers use). Every other field keeps its
/// CBF name behind `ChessBridge_` (`ChessBridge_Group`, `ChessBridge_Referee`); the CBR fields without a
/// CBF counterpart are named `Script`, `Category` and `Source` (`ChessBridge_Category`). Empty fields are
/// skipped.
pub const TAG_NAMES: [(&str, &str); 17] = [
    ("Name", "Title"),
    ("Contest", "Event"),
    ("Round", "Round"),
    ("Date", "Date"),
    ("Site", "Site"),
    ("TimeRule", "TimeControl"),
    ("Red", "Red"),
    ("RedTeam", "RedTeam"),
    ("RedTime", "RedTime"),
    ("RedRating", "RedElo"),
    ("Black", "Black"),
    ("BlackTeam", "BlackTeam"),
    ("BlackTime", "BlackTime"),
    ("BlackRating", "BlackElo"),
    ("Commentator", "Annotator"),
    ("Creator", "Author"),
    ("ECCO", "ECCO"),
];

/// The tag name of a field named as CBF names it.
fn tag_name(field: &str) -> String {
    match TAG_NAMES.iter().find(|(name, _)| *name == field) {
        Some((_, tag)) => (*tag).to_owned(),
        None => format!("ChessBridge_{field}"),
    }
}

/// Which ChessBridge file the bytes are, by their start: `None` when they are none.
///
/// ```
/// use xiangqi_core::chessbridge::{container, Container};
/// assert_eq!(container(b"CCBridge Record\0\0\0\0\x02"), Some(Container::Cbr));
/// assert_eq!(container(b"CCBridgeLibrary\0"), Some(Container::Cbl));
/// assert_eq!(container(b"\xEF\xBB\xBF<?xml version=\"1.0\"?><ChineseChessRecord>"), Some(Container::Cbf));
/// assert_eq!(container(b"[Event \"x\"]"), None);
/// ```
pub fn container(bytes: &[u8]) -> Option<Container> {
    let head = &bytes[..bytes.len().min(1024)];
    let prefix = &bytes[..bytes.len().min(16)];
    if bytes.len() > 8 && cbr::CBL_MAGIC.starts_with(prefix) {
        Some(Container::Cbl)
    } else if bytes.starts_with(b"CCBridge") || (!bytes.is_empty() && cbr::CBR_MAGIC.starts_with(bytes)) {
        Some(Container::Cbr)
    } else if head.windows(19).any(|w| w == b"<ChineseChessRecord") {
        Some(Container::Cbf)
    } else {
        None
    }
}

/// Reads every game of any ChessBridge file, in order: one for a CBR or CBF file, one per used index
/// entry for a CBL library (an empty library gives none). A file that is none of them, or a container
/// that is not supported, gives one error.
///
/// ```
/// use xiangqi_core::chessbridge::{self, ChessBridgeErrorKind};
/// let games = chessbridge::read(b"CCBridge\x15\0\0\0\x03\0\0\0");
/// let err = games[0].as_ref().unwrap_err();
/// assert_eq!(err.kind, ChessBridgeErrorKind::UnsupportedContainer);
/// assert!(err.kind.is_unsupported());
/// ```
pub fn read(bytes: &[u8]) -> Vec<Result<GameRecord, ChessBridgeError>> {
    match container(bytes) {
        Some(Container::Cbl) => read_cbl(bytes),
        Some(Container::Cbr) => vec![read_cbr(bytes)],
        // Text: a CBF file, or a CBF file cut before its root element.
        Some(Container::Cbf) | None => vec![read_cbf(bytes)],
    }
}

/// Reads a CBR file: one game.
///
/// ```
/// use xiangqi_core::chessbridge::{self, ChessBridgeErrorKind};
/// let err = chessbridge::read_cbr(b"CCBridge Record\0\0\0\0\x02").unwrap_err();
/// assert_eq!(err.kind, ChessBridgeErrorKind::TruncatedHeader);
/// assert!(err.is_truncated());
/// ```
pub fn read_cbr(bytes: &[u8]) -> Result<GameRecord, ChessBridgeError> {
    let prefix = &bytes[..bytes.len().min(16)];
    let other_container =
        bytes.starts_with(b"CCBridge") && !cbr::CBR_MAGIC.starts_with(prefix) && !cbr::CBL_MAGIC.starts_with(prefix);
    if other_container {
        return Err(ChessBridgeError::at(Container::Cbr, 0, ChessBridgeErrorKind::UnsupportedContainer));
    }
    let place = cbr::Place { container: Container::Cbr, game_index: 0, base: 0 };
    cbr::read_record(bytes, place, None)
}

/// Reads every game of a CBL library, in index order. A game that cannot be read is an error item (its
/// location's `game_index` is its index entry); the other games are still read. A library whose header
/// or index cannot be read gives one error.
///
/// ```
/// use xiangqi_core::chessbridge::{self, ChessBridgeErrorKind};
/// let mut library = b"CCBridgeLibrary\0".to_vec();
/// library.resize(66_624, 0); // no index slot: no game
/// assert!(chessbridge::read_cbl(&library).is_empty());
/// let err = chessbridge::read_cbl(&library[..1000]).remove(0).unwrap_err();
/// assert_eq!((err.kind, err.location.byte_offset), (ChessBridgeErrorKind::TruncatedHeader, 1000));
/// ```
pub fn read_cbl(bytes: &[u8]) -> Vec<Result<GameRecord, ChessBridgeError>> {
    cbr::read_library(bytes)
}

/// Reads a CBF file (UTF-8 XML, with or without its byte-order mark): one game.
///
/// ```
/// use xiangqi_core::chessbridge::{self, ChessBridgeErrorKind};
/// let cbf = r#"<ChineseChessRecord><MoveList><Move value="00-00"/><Move value="77-17"/></MoveList></ChineseChessRecord>"#;
/// let err = chessbridge::read_cbf(cbf.as_bytes()).unwrap_err();
/// assert_eq!(err.kind, ChessBridgeErrorKind::IllegalMove);
/// assert_eq!((err.location.ply, err.location.token.as_deref()), (Some(1), Some("77-17")));
/// assert_eq!(err.location.byte_offset, 51); // the second Move tag
/// ```
pub fn read_cbf(bytes: &[u8]) -> Result<GameRecord, ChessBridgeError> {
    cbf::read(bytes)
}
