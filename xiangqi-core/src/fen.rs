//! FEN: read and write positions as text.
//!
//! The form is `BOARD SIDE - - HALFMOVES FULLMOVES`: ten ranks from rank 9 (black's back rank) down to
//! rank 0, separated by `/`, with piece letters `K A B N R C P` (red upper case, black lower case; `H` and
//! `E` are read as horse and elephant) and digits for runs of empty points. The side is `w` or `r` for red,
//! `b` for black. Everything after the board may be left out (red to move, counters 0 and 1); the two `-`
//! placeholders may be left out too.
//!
//! Writing gives `w` and the two placeholders, the form most tools read.
//!
//! ```
//! use xiangqi_core::fen::{Fen, FenField};
//! use xiangqi_core::{Position, PositionErrorKinds};
//!
//! let fen: Fen = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r".parse().unwrap();
//! let pos = fen.into_position(PositionErrorKinds::EMPTY).unwrap();
//! assert_eq!(pos, Position::default());
//!
//! let err = "rnbakabnr/9/1c5c1/p1p1p1p1X/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w".parse::<Fen>().unwrap_err();
//! assert_eq!(err.field, FenField::Board);
//! assert_eq!(err.offset, 26);
//! ```

use core::fmt;
use core::str::FromStr;

use crate::quote::Quoted;
use crate::{Color, Piece, Position, PositionError, PositionErrorKinds, Setup, Square};

/// The parts of a FEN, for error reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The placement (first field).
    Board,
    /// The side to move.
    Turn,
    /// The halfmove clock (plies since the last capture).
    Halfmoves,
    /// The move number.
    Fullmoves,
    /// Anything after the last field.
    Trailing,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "board",
            FenField::Turn => "side-to-move",
            FenField::Halfmoves => "halfmove-clock",
            FenField::Fullmoves => "move-number",
            FenField::Trailing => "trailing",
        })
    }
}

/// A FEN that cannot be read: which field, where, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid FEN {field} field at byte {offset}{}: {reason}", token_note(.token))]
pub struct ParseFenError {
    /// The field at fault.
    pub field: FenField,
    /// Byte offset in the input of the offending character or token.
    pub offset: usize,
    /// The offending character or token (empty if the input ended).
    pub token: String,
    /// What is wrong.
    pub reason: String,
}

fn token_note(token: &str) -> String {
    if token.is_empty() {
        String::new()
    } else {
        format!(" ({})", Quoted(token))
    }
}

/// Either a FEN that cannot be read or a position that breaks the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The text is not FEN.
    #[error(transparent)]
    Parse(#[from] ParseFenError),
    /// The text is FEN, but the position is not legal.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A parsed FEN: an unvalidated [`Setup`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fen(pub Setup);

impl Fen {
    /// Validates the setup, accepting the waivable problem kinds in `accept`.
    pub fn into_position(self, accept: PositionErrorKinds) -> Result<Position, PositionError> {
        Position::from_setup(self.0, accept)
    }

    /// The setup.
    pub fn into_setup(self) -> Setup {
        self.0
    }
}

impl From<Setup> for Fen {
    fn from(setup: Setup) -> Fen {
        Fen(setup)
    }
}

impl From<&Position> for Fen {
    fn from(pos: &Position) -> Fen {
        Fen(pos.to_setup())
    }
}

fn fail(field: FenField, offset: usize, token: &str, reason: impl Into<String>) -> ParseFenError {
    ParseFenError { field, offset, token: token.to_owned(), reason: reason.into() }
}

/// Splits on ASCII whitespace, keeping each token's byte offset.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = 0;
    core::iter::from_fn(move || {
        let bytes = text.as_bytes();
        let start = rest + bytes[rest..].iter().position(|b| !b.is_ascii_whitespace())?;
        let len = bytes[start..].iter().position(u8::is_ascii_whitespace).unwrap_or(bytes.len() - start);
        rest = start + len;
        Some((start, &text[start..start + len]))
    })
}

fn parse_board(board: &mut [Option<Piece>; 90], field: &str, base: usize) -> Result<(), ParseFenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 10 {
        return Err(fail(
            FenField::Board,
            base,
            field,
            format!("the board has {} ranks separated by '/', expected 10", ranks.len()),
        ));
    }
    let mut offset = base;
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 9 - i as u8;
        let mut file = 0u8;
        for (j, ch) in rank_text.char_indices() {
            let at = offset + j;
            let ch_text = &rank_text[j..j + ch.len_utf8()];
            if let Some(d) = ch.to_digit(10) {
                if d == 0 {
                    return Err(fail(FenField::Board, at, ch_text, "0 is not a run of empty points"));
                }
                file += d as u8;
            } else if let Some(piece) = Piece::from_char(ch) {
                if let Some(sq) = Square::from_coords(file, rank) {
                    board[sq.index()] = Some(piece);
                }
                file += 1;
            } else {
                return Err(fail(FenField::Board, at, ch_text, "unknown piece letter (expected K A B N R C P, H, E)"));
            }
            if file > 9 {
                return Err(fail(FenField::Board, at, ch_text, format!("rank {rank} describes more than 9 points")));
            }
        }
        if file < 9 {
            return Err(fail(
                FenField::Board,
                offset,
                rank_text,
                format!("rank {rank} describes {file} points, expected 9"),
            ));
        }
        offset += rank_text.len() + 1;
    }
    Ok(())
}

impl FromStr for Fen {
    type Err = ParseFenError;

    fn from_str(text: &str) -> Result<Fen, ParseFenError> {
        let mut setup = Setup::empty();
        let mut fields = tokens(text).peekable();
        let Some((base, board)) = fields.next() else {
            return Err(fail(FenField::Board, text.len(), "", "empty FEN"));
        };
        parse_board(&mut setup.board, board, base)?;
        if let Some((at, side)) = fields.next() {
            let mut chars = side.chars();
            setup.turn = match (chars.next().and_then(Color::from_fen_char), chars.next()) {
                (Some(color), None) => color,
                _ => return Err(fail(FenField::Turn, at, side, "expected w or r (red) or b (black)")),
            };
        }
        for _ in 0..2 {
            if matches!(fields.peek(), Some((_, "-"))) {
                fields.next();
            }
        }
        let mut number = |field: FenField, name: &str| -> Result<Option<u32>, ParseFenError> {
            match fields.next() {
                None => Ok(None),
                Some((at, tok)) => match tok.parse::<u32>() {
                    Ok(n) if tok.bytes().all(|b| b.is_ascii_digit()) => Ok(Some(n)),
                    _ => Err(fail(field, at, tok, format!("expected the {name} as a whole number"))),
                },
            }
        };
        if let Some(n) = number(FenField::Halfmoves, "halfmove clock")? {
            setup.halfmoves = n;
        }
        if let Some(n) = number(FenField::Fullmoves, "move number")? {
            setup.fullmoves = n.max(1);
        }
        if let Some((at, tok)) = fields.next() {
            return Err(fail(FenField::Trailing, at, tok, "unexpected text after the move number"));
        }
        Ok(Fen(setup))
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let setup = &self.0;
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                match setup.board[sq.index()] {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", piece.char())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {} - - {} {}", setup.turn.fen_char(), setup.halfmoves, setup.fullmoves)
    }
}
