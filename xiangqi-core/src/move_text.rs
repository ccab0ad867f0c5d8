//! The surface of a move text, shared by every reader: whitespace (the ideographic space included) is
//! skipped, trailing annotation glyphs (`!`, `?`, `!?` ...) are dropped, full-width ASCII forms
//! (`Ｃ２＝５`, `＋`, `１`) are read as their ASCII letters, and every symbol keeps its byte offset.

use arrayvec::ArrayVec;

use crate::notation::ParseMoveErrorKind;

/// The most symbols any supported move has (`a10-a10`), plus one.
const CAPACITY: usize = 8;

/// The symbols of a move text with their byte offsets in it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Symbols {
    /// Each symbol (full-width ASCII folded to ASCII) and the byte offset where it starts. Offsets are
    /// kept in 32 bits: the struct is copied around on every read.
    items: ArrayVec<(char, u32), CAPACITY>,
    /// The offset of the first symbol that did not fit, if any.
    overflow: Option<usize>,
    /// The byte offset just past the last symbol: where "the text ends too soon" points.
    end: usize,
}

impl Symbols {
    /// Splits `text` (an empty text is an error). Symbols past the capacity are not kept, only noticed.
    pub fn read(text: &str) -> Result<Symbols, (usize, ParseMoveErrorKind)> {
        let body = text.trim_end_matches(|c: char| c.is_whitespace() || is_annotation(c));
        let mut symbols = Symbols::default();
        for (offset, c) in body.char_indices().filter(|(_, c)| !c.is_whitespace()) {
            if symbols.items.is_full() {
                symbols.overflow = Some(offset);
                break;
            }
            let Ok(short_offset) = u32::try_from(offset) else {
                return Err((0, ParseMoveErrorKind::Malformed("the text is too long for a move")));
            };
            symbols.items.push((fold_full_width(c), short_offset));
            symbols.end = offset + c.len_utf8();
        }
        if symbols.items.is_empty() {
            symbols.end = text.len() - text.trim_start().len();
            return Err((symbols.end, ParseMoveErrorKind::Malformed("empty move text")));
        }
        Ok(symbols)
    }

    /// An error pointing at the first symbol past `max`, if there is one.
    pub fn at_most(&self, max: usize) -> Result<(), (usize, ParseMoveErrorKind)> {
        let too_many = if self.items.len() > max { Some(self.offset(max)) } else { self.overflow };
        match too_many {
            Some(offset) => Err((offset, ParseMoveErrorKind::Malformed("unexpected text after the move"))),
            None => Ok(()),
        }
    }

    /// The symbols and their offsets.
    pub fn iter(&self) -> impl Iterator<Item = (char, usize)> + '_ {
        self.items.iter().map(|&(c, offset)| (c, offset as usize))
    }

    /// The offset of symbol `i`, or the end if there is none.
    pub fn offset(&self, i: usize) -> usize {
        self.items.get(i).map_or(self.end, |&(_, offset)| offset as usize)
    }

    /// The offset of the first symbol.
    pub fn start(&self) -> usize {
        self.offset(0)
    }
}

/// The ASCII letter of a full-width form (U+FF01..U+FF5E), other characters unchanged.
pub(crate) fn fold_full_width(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{2212}' => '-',
        _ => c,
    }
}

/// The full-width form of a printable ASCII character (`C` -> `Ｃ`).
pub(crate) fn full_width(c: char) -> char {
    match c {
        '!'..='~' => char::from_u32(c as u32 + 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

/// PGN annotation glyphs that may follow a move and are not part of it.
fn is_annotation(c: char) -> bool {
    matches!(c, '!' | '?' | '！' | '？')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(text: &str) -> Vec<(char, usize)> {
        Symbols::read(text).unwrap().iter().collect()
    }

    #[test]
    fn folds_skips_and_keeps_offsets() {
        assert_eq!(chars(" Ｃ２＝５!?"), [('C', 1), ('2', 4), ('=', 7), ('5', 10)]);
        assert_eq!(chars("炮二\u{3000}平五"), [('炮', 0), ('二', 3), ('平', 9), ('五', 12)]);
        let symbols = Symbols::read("h2e2  ").unwrap();
        assert_eq!((symbols.end, symbols.offset(4)), (4, 4));
    }

    #[test]
    fn errors_point_into_the_text() {
        assert_eq!(Symbols::read("  ").unwrap_err().0, 2);
        assert_eq!(Symbols::read("!?").unwrap_err().0, 0);
        assert_eq!(Symbols::read("").unwrap_err().0, 0);
        assert_eq!(Symbols::read("C2=5x").unwrap().at_most(4).unwrap_err().0, 4);
        assert_eq!(Symbols::read("a".repeat(20).as_str()).unwrap().at_most(100).unwrap_err().0, 8);
        assert_eq!(Symbols::read("a".repeat(20).as_str()).unwrap().at_most(5).unwrap_err().0, 5);
        assert!(Symbols::read("a10-a10").unwrap().at_most(8).is_ok());
    }

    #[test]
    fn full_width_round_trip() {
        for c in '!'..='~' {
            assert_eq!(fold_full_width(full_width(c)), c);
        }
        assert_eq!(full_width(' '), ' ');
    }
}
