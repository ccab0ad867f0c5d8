//! ICCS coordinate move text: `h2e2`, also read as `H2-E2` or `h2-e2`.
//!
//! Files are `a`-`i` from red's left, ranks `0`-`9` from red's side. Writing always gives the compact
//! lower-case form.
//!
//! ```
//! use xiangqi_core::{iccs, Move, Square};
//! assert_eq!(iccs::parse("H2-E2").unwrap(), Move::new(Square::H2, Square::E2));
//! let err = iccs::parse("h2x2").unwrap_err();
//! assert_eq!(err.offset, 2);
//! ```

use crate::quote::Quoted;
use crate::{Move, Square};

/// Why a text is not an ICCS move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid ICCS move {}: {reason} at character {offset}", Quoted(.text))]
pub struct ParseIccsError {
    /// The whole text that was given.
    pub text: String,
    /// Byte offset of the offending character in `text` (its length if the text ended too soon).
    pub offset: usize,
    /// What was expected there.
    pub reason: &'static str,
}

/// Parses `h2e2`, `H2E2`, `h2-e2` or `H2-E2` (surrounding whitespace is not accepted).
pub fn parse(text: &str) -> Result<Move, ParseIccsError> {
    parse_coordinates(text, rank_digit)
}

/// Reads a rank at byte `i`: the rank (0-9) and the index after it, or what was expected there.
pub(crate) type RankReader = fn(&[u8], usize) -> Result<(u8, usize), &'static str>;

fn rank_digit(bytes: &[u8], i: usize) -> Result<(u8, usize), &'static str> {
    match bytes.get(i) {
        Some(c @ b'0'..=b'9') => Ok((c - b'0', i + 1)),
        Some(_) => Err("expected a rank digit 0-9"),
        None => Err("text ends early, expected a rank digit 0-9"),
    }
}

/// Parses `<file><rank>[-]<file><rank>` with ranks read by `rank`.
pub(crate) fn parse_coordinates(text: &str, rank: RankReader) -> Result<Move, ParseIccsError> {
    let bytes = text.as_bytes();
    let err = |offset: usize, reason: &'static str| ParseIccsError { text: text.to_owned(), offset, reason };
    let file = |i: usize| -> Result<u8, ParseIccsError> {
        match bytes.get(i).map(u8::to_ascii_lowercase) {
            Some(c @ b'a'..=b'i') => Ok(c - b'a'),
            Some(_) => Err(err(i, "expected a file letter a-i")),
            None => Err(err(i, "text ends early, expected a file letter a-i")),
        }
    };
    let read_rank = |i: usize| rank(bytes, i).map_err(|reason| err(i, reason));
    let from_file = file(0)?;
    let (from_rank, next) = read_rank(1)?;
    let second = if bytes.get(next) == Some(&b'-') { next + 1 } else { next };
    let to_file = file(second)?;
    let (to_rank, end) = read_rank(second + 1)?;
    if bytes.len() > end {
        return Err(err(end, "unexpected text after the move"));
    }
    let sq = |f, r| Square::from_coords(f, r).expect("file and rank were range-checked");
    Ok(Move::new(sq(from_file, from_rank), sq(to_file, to_rank)))
}
