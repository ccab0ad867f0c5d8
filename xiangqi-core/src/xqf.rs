//! XQF, the binary game files of XQStudio (象棋演播室): versions 10 to 18, read and written.
//!
//! A file holds one game: a 1,024-byte header (tags, the start position as the squares of 32 piece
//! slots, the result), then the move tree as a pre-order list of records, each move with an optional
//! comment. From version 11 on the board and the records are obscured with keys stored in the header;
//! the reader undoes that. The format is described in `docs/xqf.md`.
//!
//! The reader checks every move against the rules. An illegal move (or a square off the board) in the
//! main line is an error; in a variation it drops that move and everything after it, with a
//! [`ReadWarning`], unless [`ReadOptions::illegal_variations`] says otherwise. Nothing in the file is
//! trusted: lengths are clamped to the data present, the tree is read without recursion, and no input
//! makes the reader panic.
//!
//! ```
//! use xiangqi_core::record::{GameRecord, GameResult};
//! use xiangqi_core::xqf::{self, XqfVersion};
//! use xiangqi_core::Position;
//!
//! let mut game = GameRecord::from_moves(Position::default(), ["h2e2".parse()?, "h9g7".parse()?])?;
//! game.tags.set("Red", "许银川");
//! game.result = GameResult::RedWins;
//! let root = game.tree.root();
//! game.tree.add_move(root, "b2e2".parse()?)?; // a variation to the first move
//!
//! let bytes = xqf::write(&game, XqfVersion::V18);
//! assert!(xqf::is_xqf(&bytes));
//! let back = xqf::read(&bytes)?;
//! assert_eq!(back.tags.get("Red"), Some("许银川"));
//! assert_eq!(back.result, GameResult::RedWins);
//! assert_eq!(back.tree.lines(), game.tree.lines());
//! assert!(back.warnings.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod header;
mod read;
mod write;

pub use error::{XqfError, XqfErrorKind};

use crate::record::GameRecord;
#[cfg(doc)]
use crate::record::ReadWarning;

/// The header fields that hold text, as tag names: the order they are read in, and the only tags the
/// writer stores.
pub const TAGS: [&str; 11] =
    ["Title", "Event", "Date", "Site", "Red", "Black", "TimeControl", "RedTime", "BlackTime", "Annotator", "Author"];

/// The tag that holds the header's game type byte, as a number: 0 full game (全局), 1 opening (布局),
/// 2 middlegame (中局), 3 endgame (残局). The reader always sets it; the writer stores it when it is a number
/// from 0 to 255 (otherwise 0 for the standard start, 3 for any other board).
///
/// ```
/// use xiangqi_core::{record::GameRecord, xqf, Position};
/// let bytes = xqf::write(&GameRecord::new(Position::default()), xqf::XqfVersion::V10);
/// assert_eq!(xqf::read(&bytes).unwrap().tags.get(xqf::TYPE_TAG), Some("0"));
/// ```
pub const TYPE_TAG: &str = "XQF_Type";

/// What the reader does with an illegal move, or a square off the board, outside the main line.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum IllegalVariations {
    /// Drop the move and everything after it, and add a [`ReadWarning`].
    #[default]
    Drop,
    /// Fail with an error, as in the main line.
    Error,
}

/// Options of [`read_with`].
///
/// ```
/// use xiangqi_core::xqf::{IllegalVariations, ReadOptions};
/// let strict = ReadOptions { illegal_variations: IllegalVariations::Error };
/// assert_ne!(strict, ReadOptions::default());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ReadOptions {
    /// What to do with an illegal move in a variation (the main line's are always errors).
    pub illegal_variations: IllegalVariations,
}

/// The version the writer produces.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum XqfVersion {
    /// Version 10 (XQF 1.0): no obscuring, read by every XQF reader.
    V10,
    /// Version 18, the last one, written with zero keys (which every version-18 reader accepts).
    V18,
}

/// Whether the bytes start with the XQF magic `XQ`. A quick test for format detection: the file may
/// still fail to read.
///
/// ```
/// assert!(xiangqi_core::xqf::is_xqf(b"XQ\x12"));
/// assert!(!xiangqi_core::xqf::is_xqf(b"[Event \"\"]"));
/// ```
pub fn is_xqf(bytes: &[u8]) -> bool {
    bytes.starts_with(header::MAGIC)
}

/// Reads a game with the default [`ReadOptions`].
///
/// ```
/// use xiangqi_core::xqf::{self, XqfErrorKind};
/// let err = xqf::read(b"not a game").unwrap_err();
/// assert_eq!(err.kind, XqfErrorKind::NotXqf);
/// let err = xqf::read(b"XQ\x0a").unwrap_err();
/// assert_eq!(err.kind, XqfErrorKind::TruncatedHeader);
/// ```
pub fn read(bytes: &[u8]) -> Result<GameRecord, XqfError> {
    read_with(bytes, &ReadOptions::default())
}

/// Reads a game.
///
/// The side to move first is the colour of the piece on the first move's from-square; the header's
/// side-to-move byte is used only when there is no move (writers often leave it at red). Pieces of a
/// composed problem standing where the rules never bring them (an advisor off the palace points, an
/// elephant off its seven points, a soldier behind its start) are accepted with a warning. Comments are
/// decoded as GBK; their `\r\n` line breaks become `\n`. Bytes that do not decode become U+FFFD, with a
/// warning.
///
/// ```
/// use xiangqi_core::record::GameRecord;
/// use xiangqi_core::xqf::{self, IllegalVariations, ReadOptions, XqfErrorKind, XqfVersion};
/// use xiangqi_core::Position;
///
/// let mut game = GameRecord::from_moves(Position::default(), ["h2e2".parse()?])?;
/// let root = game.tree.root();
/// let variation = game.tree.add_move(root, "b0c2".parse()?)?;
/// game.tree.add_move(variation, "b9c7".parse()?)?;
/// let mut bytes = xqf::write(&game, XqfVersion::V10);
/// // Make the variation's first move b0b2, which a horse cannot play: version 10 stores `to + 32`.
/// let record = bytes.len() - 16;
/// bytes[record + 1] = 12 + 32;
///
/// let lenient = xqf::read(&bytes)?;
/// assert_eq!(lenient.tree.lines().len(), 1);
/// assert_eq!(lenient.warnings.len(), 1);
///
/// let strict = ReadOptions { illegal_variations: IllegalVariations::Error };
/// let err = xqf::read_with(&bytes, &strict).unwrap_err();
/// assert_eq!(err.kind, XqfErrorKind::IllegalMove);
/// assert_eq!((err.location.ply, err.location.token.as_deref()), (Some(1), Some("b0b2")));
/// assert_eq!(err.location.byte_offset, record as u64);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_with(bytes: &[u8], options: &ReadOptions) -> Result<GameRecord, XqfError> {
    read::read(bytes, options)
}

/// Writes a game: its start position, the tags named in [`TAGS`], the result, and the whole tree with
/// variations and comments. Text is encoded as GB18030 (which is GBK for every character GBK has) and
/// cut, on a character boundary, to the size of its header field; comments get `\r\n` line breaks.
///
/// ```
/// use xiangqi_core::record::GameRecord;
/// use xiangqi_core::xqf::{self, XqfVersion};
/// use xiangqi_core::Position;
///
/// let mut game = GameRecord::new(Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w")?);
/// let root = game.tree.root();
/// game.tree.set_comment(root, "红先胜\n一步杀");
/// let m = game.tree.add_move(root, "e1d1".parse()?)?;
/// let bytes = xqf::write(&game, XqfVersion::V10);
/// assert_eq!(bytes[2], 10);
/// let back = xqf::read(&bytes)?;
/// assert_eq!(back.start().fen(), game.start().fen());
/// assert_eq!(back.tree.comment(back.tree.root()), Some("红先胜\n一步杀"));
/// assert_eq!(back.tree.mv(back.tree.first_child(back.tree.root()).unwrap()), game.tree.mv(m));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(record: &GameRecord, version: XqfVersion) -> Vec<u8> {
    write::write(record, version)
}
