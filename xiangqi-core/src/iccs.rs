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

use crate::{Move, Square};

/// Why a text is not an ICCS move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid ICCS move {text:?}: {reason} at character {offset}")]
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
    let bytes = text.as_bytes();
    let err = |offset: usize, reason: &'static str| ParseIccsError { text: text.to_owned(), offset, reason };
    let file = |i: usize| -> Result<u8, ParseIccsError> {
        match bytes.get(i).map(u8::to_ascii_lowercase) {
            Some(c @ b'a'..=b'i') => Ok(c - b'a'),
            Some(_) => Err(err(i, "expected a file letter a-i")),
            None => Err(err(i, "text ends early, expected a file letter a-i")),
        }
    };
    let rank = |i: usize| -> Result<u8, ParseIccsError> {
        match bytes.get(i) {
            Some(c @ b'0'..=b'9') => Ok(c - b'0'),
            Some(_) => Err(err(i, "expected a rank digit 0-9")),
            None => Err(err(i, "text ends early, expected a rank digit 0-9")),
        }
    };
    let from_file = file(0)?;
    let from_rank = rank(1)?;
    let second = if bytes.get(2) == Some(&b'-') { 3 } else { 2 };
    let to_file = file(second)?;
    let to_rank = rank(second + 1)?;
    if bytes.len() > second + 2 {
        return Err(err(second + 2, "unexpected text after the move"));
    }
    let sq = |f, r| Square::from_coords(f, r).expect("file and rank were range-checked");
    Ok(Move::new(sq(from_file, from_rank), sq(to_file, to_rank)))
}
