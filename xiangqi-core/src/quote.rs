//! Offending text quoted in error messages, cut to a bounded prefix: a message stays short whatever the
//! size of the input (a megabyte of bad input gives a message of a few hundred bytes).
//!
//! ```
//! use xiangqi_core::quote::{Quoted, QUOTE_LIMIT};
//! assert_eq!(Quoted("h2x2").to_string(), r#""h2x2""#);
//! let long = "x".repeat(1 << 20);
//! let quoted = Quoted(&long).to_string();
//! assert_eq!(quoted, format!("{:?}… (1048576 bytes)", "x".repeat(QUOTE_LIMIT)));
//! ```

use core::fmt;

/// The most characters of an offending text a message quotes.
pub const QUOTE_LIMIT: usize = 64;

/// A text as a message quotes it: in double quotes with escapes (as `{:?}` writes a `str`), and when it
/// is longer than [`QUOTE_LIMIT`] characters, only its first ones, then `…` and its length in bytes. The
/// messages that quote a text also give its byte offset.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(QUOTE_LIMIT) {
            None => write!(f, "{:?}", self.0),
            Some((cut, _)) => write!(f, "{:?}… ({} bytes)", &self.0[..cut], self.0.len()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_up_to_the_limit_whole() {
        let text = "炮".repeat(QUOTE_LIMIT);
        assert_eq!(Quoted(&text).to_string(), format!("{text:?}"));
        let longer = format!("{text}x");
        assert_eq!(Quoted(&longer).to_string(), format!("{text:?}… ({} bytes)", longer.len()));
        assert_eq!(Quoted("").to_string(), "\"\"");
    }
}
