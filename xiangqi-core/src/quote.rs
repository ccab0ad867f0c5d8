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

use core::fmt::{self, Write};

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
            None => write_escaped(f, self.0),
            Some((cut, _)) => {
                write_escaped(f, &self.0[..cut])?;
                write!(f, "… ({} bytes)", self.0.len())
            }
        }
    }
}

/// Writes `text` as `{:?}` does, with the characters that need no escape written in runs: printable
/// ASCII and the common CJK ideographs (the text of most records) skip the escape tables.
fn write_escaped(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    f.write_char('"')?;
    let mut run = 0;
    for (at, c) in text.char_indices() {
        if matches!(c, ' '..='~' | '\u{4E00}'..='\u{9FFF}') && c != '"' && c != '\\' {
            continue;
        }
        f.write_str(&text[run..at])?;
        // `char::escape_debug` escapes a single quote, which a quoted string leaves as it is.
        write!(f, "{}", c.escape_debug())?;
        run = at + c.len_utf8();
    }
    f.write_str(&text[run..])?;
    f.write_char('"')
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

    #[test]
    fn escapes_as_debug_does() {
        let samples = [
            "a\"b\\c'd\te\nf\r\0\u{7f}",
            "炮二平五 馬８進７ 车\u{3000}",
            "\u{301}é\u{301}x\u{200b}\u{feff}\u{fffd}\u{e000}\u{10ffff}\u{1f600}",
            "㐀\u{9fff}\u{a000}\u{4dff}\u{20000}",
        ];
        for text in samples {
            assert_eq!(Quoted(text).to_string(), format!("{text:?}"), "{text}");
        }
        // Every character of the Basic Multilingual Plane, in runs that mix them with plain text.
        let all: Vec<char> = (0..=0xFFFFu32).filter_map(char::from_u32).collect();
        for chunk in all.chunks(QUOTE_LIMIT / 2) {
            let text: String = chunk.iter().flat_map(|&c| [c, 'a']).collect();
            assert_eq!(Quoted(&text).to_string(), format!("{text:?}"));
        }
    }
}
