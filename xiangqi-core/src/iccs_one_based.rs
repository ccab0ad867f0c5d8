//! ICCS coordinates with ranks counted 1..10 instead of 0..9, as Fairy-Stockfish writes xiangqi moves:
//! `h3e3` is ICCS `h2e2`, `a10a9` is ICCS `a9a8`.
//!
//! A text like `h3e3` is also a valid ICCS move, so this dialect is never guessed: read it with these
//! functions, or with [`notation::parse_as`](crate::notation::parse_as) and
//! [`Notation::IccsOneBased`](crate::Notation::IccsOneBased) to check legality too.
//!
//! ```
//! use xiangqi_core::{iccs_one_based, Move, Square};
//! assert_eq!(iccs_one_based::parse("a10a9").unwrap(), Move::new(Square::A9, Square::A8));
//! assert_eq!(iccs_one_based::write(Move::new(Square::I0, Square::I1)), "i1i2");
//! assert_eq!(iccs_one_based::parse("h0e0").unwrap_err().offset, 1);
//! ```

use crate::iccs::ParseIccsError;
use crate::Move;

/// Parses `h3e3`, `a10a9` (either case, optionally `h3-e3`); surrounding whitespace is not accepted.
///
/// ```
/// use xiangqi_core::{iccs_one_based, Square};
/// let m = iccs_one_based::parse("H3-E3").unwrap();
/// assert_eq!((m.from, m.to), (Square::H2, Square::E2));
/// ```
pub fn parse(text: &str) -> Result<Move, ParseIccsError> {
    crate::iccs::parse_coordinates(text, rank_one_based)
}

/// A rank 1..10 at byte `i` (as 0..9), and the index after it.
fn rank_one_based(bytes: &[u8], i: usize) -> Result<(u8, usize), &'static str> {
    match (bytes.get(i), bytes.get(i + 1)) {
        (Some(b'1'), Some(b'0')) => Ok((9, i + 2)),
        (Some(c @ b'1'..=b'9'), _) => Ok((c - b'1', i + 1)),
        (Some(_), _) => Err("expected a rank 1-10"),
        (None, _) => Err("text ends early, expected a rank 1-10"),
    }
}

/// Writes a move with ranks 1..10, lower case, no dash: `h3e3`.
///
/// ```
/// use xiangqi_core::{iccs_one_based, Move, Square};
/// assert_eq!(iccs_one_based::write(Move::new(Square::A9, Square::A8)), "a10a9");
/// ```
pub fn write(m: Move) -> String {
    let mut text = String::with_capacity(6);
    for sq in [m.from, m.to] {
        text.push(sq.file_char());
        let rank = sq.rank() + 1;
        if rank == 10 {
            text.push_str("10");
        } else {
            text.push(char::from(b'0' + rank));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    #[test]
    fn every_move_round_trips() {
        for from in Square::all() {
            for to in Square::all() {
                let m = Move::new(from, to);
                assert_eq!(parse(&write(m)), Ok(m));
            }
        }
    }

    #[test]
    fn errors() {
        for (text, offset) in [("", 0), ("a0a1", 1), ("a1a11", 4), ("a1-", 3), ("a1xa2", 2), ("j1a1", 0), ("a1a", 3)] {
            assert_eq!(parse(text).unwrap_err().offset, offset, "{text}");
        }
        assert_eq!(parse("a10-b10"), Ok(Move::new(Square::A9, Square::B9)));
    }
}
