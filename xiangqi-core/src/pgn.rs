//! PGN game records as xiangqi tools write them: tag pairs, then movetext in ICCS (`h2e2`, `H2-E2`),
//! WXF (`C2=5`) or Chinese (`炮二平五`) notation, with comments, nested variations, NAGs and a result,
//! in UTF-8, GBK or Big5.
//!
//! [`Reader`] streams the games of any [`std::io::Read`], one at a time, in memory bounded by the
//! largest game. It detects the encoding from the first 64 KiB (or takes the caller's) and the notation
//! of every move token. A game that cannot be read, or whose main line holds a move that is not legal, is
//! an error naming the byte offset, line, game index, ply and token; the reader then goes on with the
//! next game.
//!
//! ```
//! use xiangqi_core::pgn::{self, WriteOptions};
//! use xiangqi_core::record::GameResult;
//! use xiangqi_core::Notation;
//!
//! let text = r#"[Event "Friendly"]
//! [Red "A"]
//! [Black "B"]
//! [Result "1-0"]
//!
//! 1. 炮二平五 {central cannon} 马８进７ (1... 炮８平５) 2. H0-G2 R9=8 $1 1-0
//! "#;
//! let mut games = pgn::Reader::new(text.as_bytes());
//! let game = games.next().unwrap()?;
//! assert!(games.next().is_none());
//!
//! assert_eq!(game.tags.get("Event"), Some("Friendly"));
//! assert_eq!(game.result, GameResult::RedWins);
//! let moves: Vec<String> = game.main_line().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["h2e2", "h9g7", "h0g2", "i9h9"]);
//! assert_eq!(game.tree.lines().len(), 2);
//!
//! let written = pgn::write(&game, &WriteOptions::new(Notation::Wxf));
//! assert!(written.contains("1. C2=5 {central cannon} 1... H8+7 (1... C8=5) 2. H2+3 R9=8 $1 1-0"));
//! # Ok::<(), pgn::PgnError>(())
//! ```

mod movetext;
mod reader;
mod start;
mod tags;
mod tokens;
mod writer;

pub use movetext::PendingGame;
pub use reader::{read_str, Reader};
pub use writer::{write, write_to, WriteOptions};

use core::fmt;

use crate::fen::FenError;
use crate::notation::ParseMoveError;
use crate::quote::Quoted;
use crate::record::{GameRecord, Location};

/// A game that could not be read: where, and why. The reader goes on with the next game.
///
/// ```
/// use xiangqi_core::pgn::{self, PgnErrorKind};
/// let text = "[Event \"x\"]\n\n1. h2e2 h9g7 2. h0h5 i9h9\n";
/// let err = pgn::read_str(text).next().unwrap().unwrap_err();
/// assert!(matches!(err.kind, PgnErrorKind::Move(_)));
/// assert_eq!(err.location.ply, Some(3));
/// assert_eq!(err.location.line, Some(3));
/// assert_eq!(err.location.byte_offset, 29);
/// assert_eq!(err.location.token.as_deref(), Some("h0h5"));
/// assert_eq!(err.partial.unwrap().main_line().count(), 2); // what was read before the fault
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("PGN, {location}: {kind}")]
pub struct PgnError {
    /// Where the problem is.
    pub location: Location,
    /// What the problem is.
    pub kind: PgnErrorKind,
    /// The game as read up to the problem (tags, start position and the moves before the fault), when
    /// the start position could be read.
    pub partial: Option<Box<GameRecord>>,
}

/// What made a PGN game unreadable.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// The `FEN` tag is not a FEN, or describes no legal position.
    Fen(Box<FenError>),
    /// A main-line move token names no legal move (unreadable, illegal or ambiguous).
    Move(Box<ParseMoveError>),
    /// A `Format` tag names no notation this crate reads.
    UnknownFormat(String),
    /// Reading from the source failed (the message of the I/O error). Reading stops.
    Io(String),
    /// The source ends inside the game: the last game has no termination marker (`1-0`, `0-1`,
    /// `1/2-1/2`, `*`) and a comment, variation or tag is still open, the last line has no line end, its
    /// `Result` tag states a result, or an earlier game of the source had a marker; or the last thing in a
    /// source without a final line end is the beginning of a legal move (`h2`, `炮二平`): a move cut in two. The location is the end of the source; `partial` holds every move read before.
    Truncated,
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::Fen(err) => write!(f, "bad FEN tag: {err}"),
            PgnErrorKind::Move(err) => err.fmt(f),
            PgnErrorKind::UnknownFormat(name) => {
                write!(f, "unknown Format tag {} (expected ICCS, WXF or Chinese)", Quoted(name))
            }
            PgnErrorKind::Io(message) => write!(f, "read failed: {message}"),
            PgnErrorKind::Truncated => f.write_str("the source ends inside the game: it is cut short"),
        }
    }
}
