//! The error of every move reader that works against a position.

use core::fmt;

use super::Notation;
use crate::quote::Quoted;
use crate::relative::Failure;

/// Why a move text names no legal move: it cannot be read, or it names no move, or more than one.
///
/// ```
/// use xiangqi_core::notation::{self, ParseMoveErrorKind};
/// use xiangqi_core::{Notation, Position};
///
/// let pos = Position::default();
/// let err = notation::parse(&pos, "C2x5").unwrap_err();
/// assert_eq!(err.notation, Some(Notation::Wxf));
/// assert_eq!(err.kind, ParseMoveErrorKind::UnknownCharacter('x'));
/// assert_eq!(err.offset, 2);
/// assert_eq!(err.to_string(), r#"cannot read WXF move "C2x5": unknown character 'x' (at byte 2)"#);
///
/// let err = notation::parse(&pos, "车三进一").unwrap_err();
/// assert_eq!(err.kind, ParseMoveErrorKind::NoSuchPiece);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {} move {}: {kind} (at byte {offset})", .notation.map_or("a", Notation::name), Quoted(.text))]
pub struct ParseMoveError {
    /// The whole text that was given.
    pub text: String,
    /// The notation the text was read in, `None` if it fits none.
    pub notation: Option<Notation>,
    /// Byte offset in `text` of the symbol at fault; for a move that cannot be found in the position, of
    /// the move's first symbol. Always on a character boundary, and `text.len()` at most.
    pub offset: usize,
    /// What is wrong.
    pub kind: ParseMoveErrorKind,
}

impl ParseMoveError {
    pub(crate) fn new(text: &str, notation: Option<Notation>, offset: usize, kind: ParseMoveErrorKind) -> Self {
        ParseMoveError { text: text.to_owned(), notation, offset, kind }
    }
}

/// What is wrong with a move text.
///
/// ```
/// use xiangqi_core::notation::{self, ParseMoveErrorKind};
/// use xiangqi_core::Position;
/// let pos = Position::from_fen("3k5/9/4R4/9/9/9/9/9/9/4RK3 w - - 0 1").unwrap();
/// let kind = |text| notation::parse(&pos, text).unwrap_err().kind;
/// assert_eq!(kind("车五进一"), ParseMoveErrorKind::Ambiguous); // both chariots can
/// assert_eq!(kind("车五进九"), ParseMoveErrorKind::Illegal);
/// assert_eq!(kind("马五进四"), ParseMoveErrorKind::NoSuchPiece);
/// assert_eq!(kind("车五进"), ParseMoveErrorKind::Malformed("expected four symbols: piece, file, direction, number"));
/// assert_eq!(kind("车五进~"), ParseMoveErrorKind::UnknownCharacter('~'));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseMoveErrorKind {
    /// A character that means nothing in the notation (named as written).
    UnknownCharacter(char),
    /// Known characters in a wrong order, a number out of range, a text too short or too long: what was
    /// expected at the offset.
    Malformed(&'static str),
    /// The side to move has no piece that fits the text (no such piece on that file, no two pieces of the
    /// kind on one file for a position word, an empty square or an opposing piece for coordinates).
    NoSuchPiece,
    /// Pieces fit the text, but none of them can legally make the move it describes.
    Illegal,
    /// Several legal moves fit the text.
    Ambiguous,
}

impl fmt::Display for ParseMoveErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveErrorKind::UnknownCharacter(c) => write!(f, "unknown character {c:?}"),
            ParseMoveErrorKind::Malformed(expected) => f.write_str(expected),
            ParseMoveErrorKind::NoSuchPiece => f.write_str("the side to move has no piece that fits"),
            ParseMoveErrorKind::Illegal => f.write_str("no legal move fits"),
            ParseMoveErrorKind::Ambiguous => f.write_str("several legal moves fit"),
        }
    }
}

impl From<Failure> for ParseMoveErrorKind {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::NoSuchPiece => ParseMoveErrorKind::NoSuchPiece,
            Failure::Illegal => ParseMoveErrorKind::Illegal,
            Failure::Ambiguous => ParseMoveErrorKind::Ambiguous,
        }
    }
}
