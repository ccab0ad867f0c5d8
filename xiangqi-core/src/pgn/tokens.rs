//! The small words of movetext: move numbers, annotation suffixes, results, the `Format` tag.

use crate::record::GameResult;
use crate::Notation;

/// Whitespace in movetext: ASCII, the ideographic space, a stray byte-order mark.
pub(super) fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{FEFF}'
}

/// The byte length of the spaces ([`is_space`]) that start `s`: ASCII bytes are tested as bytes, the rest as
/// characters.
pub(super) fn leading_spaces(s: &str) -> usize {
    let bytes = s.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b < 0x80 {
            if !matches!(b, b' ' | b'\t'..=b'\r') {
                break;
            }
            i += 1;
        } else {
            match non_ascii_char(s, i) {
                (len, true) => i += len,
                (_, false) => break,
            }
        }
    }
    i
}

/// The byte length of the character (not ASCII) starting at byte `i` of `s`, and whether it is a space
/// ([`is_space`]). Every space beyond ASCII (U+0085, U+00A0, U+1680, U+2000..U+205F, U+3000, U+FEFF)
/// starts with one of five bytes: other characters, Chinese ones among them, are measured from their first
/// byte without being decoded.
fn non_ascii_char(s: &str, i: usize) -> (usize, bool) {
    let lead = s.as_bytes()[i];
    if !matches!(lead, 0xC2 | 0xE1 | 0xE2 | 0xE3 | 0xEF) {
        let len = match lead {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
        return (len, false);
    }
    s[i..].chars().next().map_or((1, false), |c| (c.len_utf8(), is_space(c)))
}

/// The byte length of the word that starts `s`: up to a space or one of `{}();`.
pub(super) fn word_len(s: &str) -> usize {
    let bytes = s.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b < 0x80 {
            if matches!(b, b' ' | b'\t'..=b'\r' | b'{' | b'}' | b'(' | b')' | b';') {
                break;
            }
            i += 1;
        } else {
            match non_ascii_char(s, i) {
                (len, false) => i += len,
                (_, true) => break,
            }
        }
    }
    i
}

pub(super) fn parse_format(name: &str) -> Option<Option<Notation>> {
    match name.trim().to_ascii_lowercase().as_str() {
        "iccs" => Some(Some(Notation::Iccs)),
        "wxf" => Some(Some(Notation::Wxf)),
        "chinese" | "" => Some(Some(Notation::Chinese)),
        _ => None,
    }
}

pub(super) fn result_token(word: &str) -> Option<GameResult> {
    Some(match word {
        "1-0" => GameResult::RedWins,
        "0-1" => GameResult::BlackWins,
        "1/2-1/2" | "½-½" => GameResult::Draw,
        "*" => GameResult::Unknown,
        _ => return None,
    })
}

/// Splits a move number off a word: digits (ASCII or full width) and then `.`, `．`, `…` or `、`
/// (repeated). A word like `25.6` (a WXF move with `.` for sideways) has a digit after the dots and is
/// not a number, unless what follows the dots is itself a whole WXF move of digits (`1.15+1`: move 1, then
/// `15+1`). Returns the byte length of the number and the rest.
pub(super) fn strip_move_number(word: &str) -> (usize, &str) {
    let digits_end = word.find(|c: char| !(c.is_ascii_digit() || ('０'..='９').contains(&c))).unwrap_or(word.len());
    if digits_end == 0 {
        return (0, word);
    }
    let after = &word[digits_end..];
    let marks = after.trim_start_matches(['.', '．', '…', '、', '。']);
    if marks.len() == after.len() {
        return (0, word);
    }
    if marks.starts_with(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c)) && !is_numeric_wxf(marks) {
        return (0, word);
    }
    (word.len() - marks.len(), marks)
}

/// Whether a word is a whole WXF move written with digits only (`15+1`, `25.6`: one or two digits, a direction
/// sign, one digit), perhaps with `!`/`?` after it.
fn is_numeric_wxf(word: &str) -> bool {
    let bytes = word.trim_end_matches(['!', '?']).as_bytes();
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    matches!(digits, 1 | 2)
        && bytes.len() == digits + 2
        && matches!(bytes[digits], b'+' | b'-' | b'.' | b'=')
        && bytes[digits + 1].is_ascii_digit()
}

pub(super) fn is_ellipsis(text: &str) -> bool {
    text.chars().all(|c| matches!(c, '.' | '．' | '…'))
}

/// Splits `!`, `?`, `!!`, `??`, `!?`, `?!` off the end of a move and returns their NAG.
pub(super) fn strip_suffix_annotation(text: &str) -> (&str, Option<u8>) {
    let stem = text.trim_end_matches(['!', '?']);
    let nag = match &text[stem.len()..] {
        "" => return (text, None),
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return (text, None),
    };
    if stem.is_empty() {
        return (text, None);
    }
    (stem, Some(nag))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_beyond_ascii_measured_as_decoded() {
        for c in ('\u{80}'..=char::MAX).filter(|c| !c.is_ascii()) {
            let text = format!("{c}x");
            assert_eq!(non_ascii_char(&text, 0), (c.len_utf8(), is_space(c)), "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn move_numbers() {
        assert_eq!(strip_move_number("1."), (2, ""));
        assert_eq!(strip_move_number("12.炮二平五"), (3, "炮二平五"));
        assert_eq!(strip_move_number("1..."), (4, ""));
        assert_eq!(strip_move_number("１．"), (6, ""));
        assert_eq!(strip_move_number("3、"), (4, ""));
        assert_eq!(strip_move_number("25.6"), (0, "25.6"));
        assert_eq!(strip_move_number("15+1"), (0, "15+1"));
        assert_eq!(strip_move_number("1.15+1"), (2, "15+1"));
        assert_eq!(strip_move_number("12.25.6"), (3, "25.6"));
        // A date is no move number: the rest is not a move.
        assert_eq!(strip_move_number("2005.01.18\"]"), (0, "2005.01.18\"]"));
        assert_eq!(strip_move_number("h2e2"), (0, "h2e2"));
    }

    #[test]
    fn suffix_annotations() {
        assert_eq!(strip_suffix_annotation("h2e2!?"), ("h2e2", Some(5)));
        assert_eq!(strip_suffix_annotation("h2e2"), ("h2e2", None));
        assert_eq!(strip_suffix_annotation("?"), ("?", None));
    }

    /// The byte scanners agree with the character definitions on every kind of character.
    #[test]
    fn spaces_and_words_are_measured_as_characters_would_be() {
        let samples = [
            "",
            " ",
            "\t\r\n\x0b\x0c",
            "\u{3000}炮二平五",
            "\u{FEFF} 1.",
            "\u{00A0}\u{2028}x",
            "\x1c\x1f",
            "炮二平五 马８进７",
            "h2e2{c}",
            "1-0;",
            "(1. c3c4)",
            "½-½ ",
            "Ｈ２．５",
            "a\u{3000}b",
            "\u{85}\u{2009}",
        ];
        for s in samples {
            let by_chars = s.len() - s.trim_start_matches(is_space).len();
            assert_eq!(leading_spaces(s), by_chars, "{s:?}");
            let word = s.find(|c: char| is_space(c) || "{}();".contains(c)).unwrap_or(s.len());
            assert_eq!(word_len(s), word, "{s:?}");
        }
    }
}
