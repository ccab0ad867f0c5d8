//! Moves in any supported notation, read against a position: ICCS coordinates (`h2e2`), WXF (`C2=5`) and
//! Chinese (`炮二平五`), told apart by their characters; and ICCS with ranks counted from 1 as
//! Fairy-Stockfish writes it (`h3e3`), which only [`parse_as`] reads, when asked.
//!
//! Every reader returns a legal move or a [`ParseMoveError`]; every writer writes one text per move that
//! reads back to the same move, and never the same text for two legal moves of one position.
//!
//! ```
//! use xiangqi_core::{notation, Notation, Position};
//!
//! let pos = Position::default();
//! let m = notation::parse(&pos, "炮二平五")?;
//! assert_eq!(m, notation::parse(&pos, "C2=5")?);
//! assert_eq!(m, notation::parse(&pos, "H2-E2")?);
//! assert_eq!(m, notation::parse_as(&pos, "h3e3", Notation::IccsOneBased)?);
//! assert_eq!(notation::write(&pos, m, Notation::Wxf), "C2=5");
//! assert_eq!(notation::write(&pos, m, Notation::Iccs), "h2e2");
//! # Ok::<(), notation::ParseMoveError>(())
//! ```
//!
//! ## Reading WXF and Chinese
//!
//! Both readers accept the variants met in practice: simplified and traditional characters
//! and their variants for either side (the piece character never decides the colour, the position
//! does), Chinese or Arabic numbers (ASCII or full width) for either side, full-width WXF, lower-case
//! letters (PlayOK), `.` for sideways, tandem markers before or after the letter, the pawn forms for
//! several pawns on a file (前中后, 一二三四五, WXF 2018 `25=6`, the old WXF page forms `++`, `P+`, `P5`,
//! `7+.6`, xqbase `Pa`..`Pe` and the numeric piece codes).
//!
//! They are lenient where the notation is loose: a file given without 前/后 for a piece that shares its
//! file with another of its kind (`炮七进二`, Fairy-Stockfish's `R5+6`) or a position word without a file
//! while two files hold pawns is accepted when exactly one of the candidates can legally make the
//! move. When two can, the text is [ambiguous](ParseMoveErrorKind::Ambiguous): readers never guess.

mod error;
mod memo;

pub use error::{ParseMoveError, ParseMoveErrorKind};

use core::fmt;

use arrayvec::ArrayVec;

use crate::move_text::Symbols;
use crate::{chinese, iccs, iccs_one_based, wxf, Move, Position};

/// The move notations this crate reads and writes.
///
/// ```
/// use xiangqi_core::Notation;
/// assert_eq!(Notation::Chinese.to_string(), "Chinese");
/// assert_eq!(Notation::ALL.len(), 4);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCS coordinates, `h2e2` (also read: `H2-E2`, `h2-e2`, `H2E2`, full width).
    Iccs,
    /// ICCS coordinates with ranks counted 1..10, as Fairy-Stockfish writes them: `h3e3`, `a10a9`. It
    /// cannot be told from ICCS by looking (`h3e3` is a valid ICCS move too), so it is only read when
    /// asked for.
    IccsOneBased,
    /// WXF notation: `C2=5`, `H8+7`, `R++2`, `15+1` (see [`wxf`]).
    Wxf,
    /// Chinese notation: `炮二平五`, `马８进７`, `前车进二` (see [`chinese`]).
    Chinese,
}

impl Notation {
    /// Every notation.
    pub const ALL: [Notation; 4] = [Notation::Iccs, Notation::IccsOneBased, Notation::Wxf, Notation::Chinese];

    /// A short English name: `ICCS`, `ICCS (ranks 1-10)`, `WXF`, `Chinese`.
    ///
    /// ```
    /// use xiangqi_core::Notation;
    /// assert_eq!(Notation::IccsOneBased.name(), "ICCS (ranks 1-10)");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "ICCS",
            Notation::IccsOneBased => "ICCS (ranks 1-10)",
            Notation::Wxf => "WXF",
            Notation::Chinese => "Chinese",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The notation a move text is written in, judged from its characters alone: Chinese if it holds a
/// Chinese piece, number, position or direction character; ICCS if it starts like coordinates (a file
/// letter `a`-`i` and a digit, then a file letter, a dash and a file letter, or the `0` of a rank 10);
/// WXF if it is otherwise made of ASCII (or full-width ASCII): `a5-6` is a black advisor's retreat. `None` for an empty text or other characters.
///
/// Never [`Notation::IccsOneBased`]: texts in that dialect look like ICCS.
///
/// ```
/// use xiangqi_core::{notation, Notation};
/// assert_eq!(notation::detect("马８进７"), Some(Notation::Chinese));
/// assert_eq!(notation::detect("H2-E2"), Some(Notation::Iccs));
/// assert_eq!(notation::detect("Ｃ２＝５"), Some(Notation::Wxf));
/// assert_eq!(notation::detect("h8+7"), Some(Notation::Wxf));
/// assert_eq!(notation::detect(""), None);
/// ```
pub fn detect(text: &str) -> Option<Notation> {
    Symbols::read(text).ok().and_then(|symbols| detect_symbols(&symbols))
}

/// [`detect`] on a text already split into symbols.
fn detect_symbols(symbols: &Symbols) -> Option<Notation> {
    let chars: ArrayVec<char, 8> = symbols.iter().map(|(c, _)| c.to_ascii_lowercase()).collect();
    if chars.iter().any(|&c| chinese::is_symbol(c)) {
        return Some(Notation::Chinese);
    }
    if !chars.iter().all(char::is_ascii) {
        return None;
    }
    let is_file = |c: char| ('a'..='i').contains(&c);
    // The WXF operator `-` is also the ICCS dash: after a dash, ICCS has a file letter, WXF a digit.
    let coordinates = match chars.as_slice() {
        [f, d, next, rest @ ..] if is_file(*f) && d.is_ascii_digit() => {
            is_file(*next) || (*next == '-' && rest.first().is_some_and(|&c| is_file(c))) || (*d == '1' && *next == '0')
        }
        _ => false,
    };
    Some(if coordinates { Notation::Iccs } else { Notation::Wxf })
}

/// Reads a move in ICCS, WXF or Chinese notation, whichever the text is written in (see [`detect`]).
///
/// Coordinates are read as ICCS with ranks 0..9; texts in the Fairy-Stockfish dialect are only read by
/// [`parse_as`] with [`Notation::IccsOneBased`], since `h3e3` is also an ICCS move (a rank `10`, which
/// only that dialect has, gets an error saying so).
///
/// ```
/// use xiangqi_core::{notation, Position};
/// let pos = Position::default();
/// let m = notation::parse(&pos, "马二进三")?;
/// assert_eq!(m.to_string(), "h0g2");
/// assert_eq!(notation::parse(&pos, "h0-g2")?, m);
/// assert_eq!(notation::parse(&pos, "Ｈ２＋３")?, m);
/// assert!(notation::parse(&pos, "h0h1").is_err()); // not legal
/// # Ok::<(), notation::ParseMoveError>(())
/// ```
pub fn parse(pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    if let Some(read) = memo::resolve(pos, text, None) {
        return read;
    }
    let symbols = Symbols::read(text).map_err(|(offset, kind)| ParseMoveError::new(text, None, offset, kind))?;
    match detect_symbols(&symbols) {
        Some(notation) => parse_symbols(pos, text, &symbols, notation, None),
        None => Err(unreadable(text, &symbols)),
    }
}

/// Reads a move in a given notation.
///
/// ```
/// use xiangqi_core::{notation, Notation, Position};
/// let pos = Position::default();
/// assert_eq!(notation::parse_as(&pos, "i1i2", Notation::IccsOneBased)?.to_string(), "i0i1");
/// assert_eq!(notation::parse_as(&pos, "i0i1", Notation::Iccs)?.to_string(), "i0i1");
/// let err = notation::parse_as(&pos, "C2=5", Notation::Chinese).unwrap_err();
/// assert_eq!(err.offset, 0);
/// # Ok::<(), notation::ParseMoveError>(())
/// ```
pub fn parse_as(pos: &Position, text: &str, notation: Notation) -> Result<Move, ParseMoveError> {
    if let Some(read) = memo::resolve(pos, text, Some(notation)) {
        return read;
    }
    let symbols =
        Symbols::read(text).map_err(|(offset, kind)| ParseMoveError::new(text, Some(notation), offset, kind))?;
    parse_symbols(pos, text, &symbols, notation, Some(notation))
}

/// Reads a text already split into symbols in a given notation (`asked`: given by the caller, or `None`
/// if detected). What a WXF or Chinese text says is remembered for the next time it is read.
fn parse_symbols(
    pos: &Position,
    text: &str,
    symbols: &Symbols,
    notation: Notation,
    asked: Option<Notation>,
) -> Result<Move, ParseMoveError> {
    let reading = match notation {
        Notation::Iccs | Notation::IccsOneBased => return parse_coordinates(pos, text, symbols, notation),
        Notation::Wxf => wxf::read(text, symbols)?,
        Notation::Chinese => chinese::read(text, symbols)?,
    };
    memo::insert(text, asked, &reading);
    reading.resolve(pos, text)
}

/// Writes a legal move of `pos` in a notation, in its default style: `h2e2`, `h3e3`, `C2=5`, `炮二平五`
/// (see [`wxf::write_with`] and [`chinese::write_with`] for the other styles).
///
/// For a move that is not legal in `pos` the text is unspecified (empty if no piece of the side to move
/// stands on its first square) but nothing panics.
///
/// ```
/// use xiangqi_core::{notation, Notation, Position};
/// let pos = Position::from_fen("3k5/9/4R4/9/9/9/9/9/9/4RK3 w - - 0 1").unwrap();
/// let m = "e0e6".parse().unwrap();
/// assert_eq!(notation::write(&pos, m, Notation::Chinese), "后车进六");
/// assert_eq!(notation::write(&pos, m, Notation::Wxf), "R-+6");
/// assert_eq!(notation::write(&pos, m, Notation::IccsOneBased), "e1e7");
/// ```
pub fn write(pos: &Position, m: Move, notation: Notation) -> String {
    match notation {
        Notation::Iccs => m.to_string(),
        Notation::IccsOneBased => iccs_one_based::write(m),
        Notation::Wxf => wxf::write(pos, m),
        Notation::Chinese => chinese::write(pos, m),
    }
}

/// Reads ICCS or its one-based dialect after folding full width and skipping whitespace and annotations.
fn parse_coordinates(
    pos: &Position,
    text: &str,
    symbols: &Symbols,
    notation: Notation,
) -> Result<Move, ParseMoveError> {
    let error = |offset, kind| ParseMoveError::new(text, Some(notation), offset, kind);
    symbols.at_most(8).map_err(|(offset, kind)| error(offset, kind))?;
    let mut ascii = ArrayVec::<u8, 8>::new();
    for (c, offset) in symbols.iter() {
        if !c.is_ascii() {
            return Err(error(offset, ParseMoveErrorKind::UnknownCharacter(original_char(text, offset))));
        }
        ascii.push(c as u8);
    }
    let compact = core::str::from_utf8(&ascii).expect("ASCII bytes");
    let read = match notation {
        Notation::IccsOneBased => iccs_one_based::parse(compact),
        _ => iccs::parse(compact).map_err(|err| match iccs_one_based::parse(compact) {
            Ok(_) => iccs::ParseIccsError { reason: ONE_BASED_HINT, ..err },
            Err(_) => err,
        }),
    };
    let m = read.map_err(|err| error(symbols.offset(err.offset), ParseMoveErrorKind::Malformed(err.reason)))?;
    if pos.is_legal(m) {
        Ok(m)
    } else if pos.piece_at(m.from).is_some_and(|p| p.color == pos.turn()) {
        Err(error(symbols.start(), ParseMoveErrorKind::Illegal))
    } else {
        Err(error(symbols.start(), ParseMoveErrorKind::NoSuchPiece))
    }
}

const ONE_BASED_HINT: &str = "ICCS ranks run 0-9; with ranks 1-10 (Fairy-Stockfish) read it as Notation::IccsOneBased";

/// The character that starts at `offset` in `text`, as written.
pub(crate) fn original_char(text: &str, offset: usize) -> char {
    text.get(offset..).and_then(|rest| rest.chars().next()).unwrap_or('\u{FFFD}')
}

/// The error for a text that fits no notation: empty, or holding a character none of them uses.
fn unreadable(text: &str, symbols: &Symbols) -> ParseMoveError {
    let (offset, kind) = match symbols.iter().find(|&(c, _)| !c.is_ascii() && !chinese::is_symbol(c)) {
        Some((_, offset)) => (offset, ParseMoveErrorKind::UnknownCharacter(original_char(text, offset))),
        None => (symbols.start(), ParseMoveErrorKind::Malformed("not a move in ICCS, WXF or Chinese notation")),
    };
    ParseMoveError::new(text, None, offset, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reading pipeline without the memo: what `parse` (`asked: None`) or `parse_as` gives for a text
    /// read for the first time.
    fn parse_fresh(pos: &Position, text: &str, asked: Option<Notation>) -> Result<Move, ParseMoveError> {
        let symbols = Symbols::read(text).map_err(|(offset, kind)| ParseMoveError::new(text, asked, offset, kind))?;
        let notation = match asked {
            Some(notation) => notation,
            None => detect_symbols(&symbols).ok_or_else(|| unreadable(text, &symbols))?,
        };
        match notation {
            Notation::Iccs | Notation::IccsOneBased => parse_coordinates(pos, text, &symbols, notation),
            Notation::Wxf => wxf::read(text, &symbols)?.resolve(pos, text),
            Notation::Chinese => chinese::read(text, &symbols)?.resolve(pos, text),
        }
    }

    #[test]
    fn remembered_texts_read_as_fresh_ones() {
        // Texts remembered in one position are read in others, where they name another move, none, or
        // several; both ways of asking; and texts too long to remember.
        let fens = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "3k5/9/2P1P4/2P1P4/4P4/9/9/9/9/5K3 w - - 0 1",
            "3k5/9/4R4/9/9/9/9/9/9/4RK3 w - - 0 1",
            "3ak4/4a4/4b4/2p1p1p2/9/9/2P1P1P2/4B4/4A4/3AK4 b - - 0 1",
        ];
        let positions: Vec<Position> = fens.iter().map(|fen| Position::from_fen(fen).unwrap()).collect();
        let mut texts: Vec<String> = Vec::new();
        for pos in &positions {
            for m in pos.legal_moves() {
                for notation in [Notation::Wxf, Notation::Chinese] {
                    texts.push(write(pos, m, notation));
                }
                texts.push(chinese::write_with(pos, m, chinese::ChineseStyle::TRADITIONAL));
            }
        }
        texts.extend(
            ["前兵进一", "炮七进二", "R5+1", "C2é5", "马二进", "  ", "炮二平五炮二平五炮二平五炮二平五"]
                .map(String::from),
        );
        for round in 0..2 {
            for pos in &positions {
                for text in &texts {
                    for asked in [None, Some(Notation::Wxf), Some(Notation::Chinese)] {
                        let read = match asked {
                            None => parse(pos, text),
                            Some(notation) => parse_as(pos, text, notation),
                        };
                        assert_eq!(read, parse_fresh(pos, text, asked), "{text} as {asked:?}, round {round}");
                    }
                }
            }
        }
    }

    #[test]
    fn coordinates() {
        let pos = Position::default();
        let h2e2: Move = "h2e2".parse().unwrap();
        for text in ["h2e2", " H2-E2 ", "ｈ２ｅ２", "h2e2!?"] {
            assert_eq!(parse(&pos, text), Ok(h2e2), "{text}");
        }
        assert_eq!(parse_as(&pos, "h3-e3", Notation::IccsOneBased), Ok(h2e2));
        let err = parse(&pos, "a10a9").unwrap_err();
        assert_eq!((err.offset, err.kind), (2, ParseMoveErrorKind::Malformed(ONE_BASED_HINT)));
        let err = parse(&pos, "e5e6").unwrap_err();
        assert_eq!((err.notation, err.kind), (Some(Notation::Iccs), ParseMoveErrorKind::NoSuchPiece));
        let err = parse(&pos, "h7e7").unwrap_err();
        assert_eq!(err.kind, ParseMoveErrorKind::NoSuchPiece);
        let err = parse(&pos, "h2h7").unwrap_err();
        assert_eq!(err.kind, ParseMoveErrorKind::Illegal);
        let err = parse_as(&pos, "h2é2", Notation::Iccs).unwrap_err();
        assert_eq!((err.offset, err.kind), (2, ParseMoveErrorKind::UnknownCharacter('é')));
    }

    #[test]
    fn unreadable_texts() {
        let pos = Position::default();
        let err = parse(&pos, "  ").unwrap_err();
        assert_eq!((err.notation, err.offset), (None, 2));
        let err = parse(&pos, "C2é5").unwrap_err();
        assert_eq!((err.offset, err.kind), (2, ParseMoveErrorKind::UnknownCharacter('é')));
        assert_eq!(err.to_string(), "cannot read a move \"C2é5\": unknown character 'é' (at byte 2)");
    }

    #[test]
    fn detection() {
        assert_eq!(detect("a10a9"), Some(Notation::Iccs));
        assert_eq!(detect("c25"), Some(Notation::Wxf));
        assert_eq!(detect("b3+5"), Some(Notation::Wxf));
        assert_eq!(detect("a5-6"), Some(Notation::Wxf));
        assert_eq!(detect("a5-a6"), Some(Notation::Iccs));
        assert_eq!(detect("前七平八"), Some(Notation::Chinese));
        assert_eq!(detect("炮2=5"), Some(Notation::Chinese));
        assert_eq!(detect("é"), None);
    }
}
