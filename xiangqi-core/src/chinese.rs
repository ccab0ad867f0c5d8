//! Chinese notation: `炮二平五`, `马８进７`, `前车进二`, `前七平八`.
//!
//! A move is four characters: the piece, its file (Chinese numerals for red, digits for black, each
//! side counting from its own right), the direction (进 forward, 退 back, 平 sideways) and a number
//! (ranks travelled by a piece moving along its file, otherwise the file it lands on).
//!
//! Written forms: two chariots, horses or cannons on one file are 前/后 + piece (`前车进二`). Soldiers on
//! a file holding several: 前/后 or 前/中/后 + piece for two or three, 一二三四五 + piece for four or five;
//! when two files each hold several soldiers, the position word goes with the file instead of the piece
//! (`前七平八`, `中五平四`). Advisors and elephants are not marked: two on one file never share a move text
//! on their usual points (placed elsewhere, which the rules only allow on request, they are marked when
//! they would).
//!
//! ```
//! use xiangqi_core::chinese::{self, ChineseStyle};
//! use xiangqi_core::Position;
//! let pos = Position::default();
//! let m = chinese::parse(&pos, "馬二進三")?;
//! assert_eq!(m.to_string(), "h0g2");
//! assert_eq!(chinese::write(&pos, m), "马二进三");
//! assert_eq!(chinese::write_with(&pos, m, ChineseStyle::TRADITIONAL), "馬二進三");
//! # Ok::<(), xiangqi_core::notation::ParseMoveError>(())
//! ```

mod characters;
mod grammar;

use characters::{CHINESE_NUMERALS, FULL_WIDTH_DIGITS};

use crate::move_text::Symbols;
use crate::notation::ParseMoveError;
use crate::relative::{describe, Description, Reading, Selector, Tandem};
use crate::{Color, Move, Notation, Position, Role};

/// How Chinese text is written. The default is simplified characters and full-width digits for black
/// (`马８进７`), as in XQStudio, xqbase and the mainland PGN collections.
///
/// ```
/// use xiangqi_core::chinese::{BlackDigits, Characters, ChineseStyle};
/// assert_eq!(ChineseStyle::default(), ChineseStyle::SIMPLIFIED);
/// let style = ChineseStyle { characters: Characters::Traditional, black_digits: BlackDigits::Ascii };
/// assert_ne!(style, ChineseStyle::TRADITIONAL);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ChineseStyle {
    /// Simplified (车 马 进 后 帅 将) or traditional (車 馬 進 後 帥 將) characters.
    pub characters: Characters,
    /// How black's numbers are written (red's are always Chinese numerals).
    pub black_digits: BlackDigits,
}

impl ChineseStyle {
    /// `马８进７`, `后车进一`.
    pub const SIMPLIFIED: ChineseStyle =
        ChineseStyle { characters: Characters::Simplified, black_digits: BlackDigits::FullWidth };
    /// `馬８進７`, `後車進一` (CCPD style).
    pub const TRADITIONAL: ChineseStyle =
        ChineseStyle { characters: Characters::Traditional, black_digits: BlackDigits::FullWidth };
}

/// Simplified or traditional characters.
///
/// ```
/// use xiangqi_core::chinese::{self, Characters, ChineseStyle};
/// use xiangqi_core::Position;
/// let pos = Position::from_fen("3k5/9/4R4/9/9/9/9/9/9/4RK3 w - - 0 1").unwrap();
/// let style = ChineseStyle { characters: Characters::Traditional, ..ChineseStyle::default() };
/// assert_eq!(chinese::write_with(&pos, "e0e1".parse().unwrap(), style), "後車進一");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Characters {
    /// 车 马 进 后 帅 将.
    #[default]
    Simplified,
    /// 車 馬 進 後 帥 將.
    Traditional,
}

/// How black's file and step numbers are written.
///
/// ```
/// use xiangqi_core::chinese::{self, BlackDigits, ChineseStyle};
/// use xiangqi_core::Position;
/// let pos = Position::default().swap_turn().unwrap();
/// let style = ChineseStyle { black_digits: BlackDigits::Ascii, ..ChineseStyle::default() };
/// assert_eq!(chinese::write_with(&pos, "h7e7".parse().unwrap(), style), "炮8平5");
/// assert_eq!(chinese::write(&pos, "h7e7".parse().unwrap()), "炮８平５");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum BlackDigits {
    /// Full-width digits: `马８进７`.
    #[default]
    FullWidth,
    /// ASCII digits: `马8进7`.
    Ascii,
}

/// Reads a Chinese move and finds it in `pos`.
///
/// Accepted, besides the written forms: simplified and traditional characters mixed freely, every
/// piece character for either side (帅/帥/将/將, 仕/士, 相/象, 马/馬/傌, 车/車/俥, 炮/砲/包, 兵/卒; the side
/// comes from the position), 上/下 for 进/退, Chinese, ASCII or full-width numbers for either side,
/// the ordinals 一..五 for soldiers (on the one file holding several, or in xqbase's order over all such
/// files: files from the mover's right, front to back within a file), the five-character form
/// `前兵七平八`, spaces and trailing `!`/`?`, and a file without 前/后 for a piece sharing its file when only
/// one of them can make the move.
///
/// ```
/// use xiangqi_core::{chinese, Position};
/// let pos = Position::from_fen("3k5/9/2P1P4/2P1P4/9/9/9/9/9/5K3 w - - 0 1").unwrap();
/// for text in ["后七平八", "后兵七平八", "四兵平八", "後七平8"] {
///     assert_eq!(chinese::parse(&pos, text)?.to_string(), "c6b6");
/// }
/// assert!(chinese::parse(&pos, "前兵进一").is_err()); // which file? Both front soldiers can advance.
/// # Ok::<(), xiangqi_core::notation::ParseMoveError>(())
/// ```
pub fn parse(pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    crate::notation::parse_as(pos, text, Notation::Chinese)
}

/// What a text split into symbols says, before a position is given.
pub(crate) fn read(text: &str, symbols: &Symbols) -> Result<Reading, ParseMoveError> {
    let (query, start) = grammar::read(text, symbols)
        .map_err(|(offset, kind)| ParseMoveError::new(text, Some(Notation::Chinese), offset, kind))?;
    Ok(Reading { notation: Notation::Chinese, queries: [query].into_iter().collect(), start })
}

/// Writes a legal move of `pos` in the default style ([`ChineseStyle::SIMPLIFIED`]).
///
/// For a move that is not legal in `pos` the text is unspecified (empty if no piece of the side to move
/// stands on its first square) but nothing panics.
///
/// ```
/// use xiangqi_core::{chinese, Position};
/// let pos = Position::from_fen("3k5/9/2P1P4/2P1P4/4P4/9/9/9/9/5K3 w - - 0 1").unwrap();
/// assert_eq!(chinese::write(&pos, "e6f6".parse().unwrap()), "中五平四");
/// ```
pub fn write(pos: &Position, m: Move) -> String {
    write_with(pos, m, ChineseStyle::SIMPLIFIED)
}

/// Writes a legal move of `pos` in a given style.
///
/// ```
/// use xiangqi_core::chinese::{self, BlackDigits, ChineseStyle};
/// use xiangqi_core::Position;
/// let pos = Position::default().swap_turn().unwrap();
/// let ascii = ChineseStyle { black_digits: BlackDigits::Ascii, ..ChineseStyle::TRADITIONAL };
/// assert_eq!(chinese::write_with(&pos, "h9g7".parse().unwrap(), ascii), "馬8進7");
/// ```
pub fn write_with(pos: &Position, m: Move, style: ChineseStyle) -> String {
    let mut text = String::with_capacity(12);
    write_to(&mut text, pos, m, style);
    text
}

/// Appends a legal move of `pos` to `out` in a given style, without allocating if `out` has room.
///
/// ```
/// use xiangqi_core::chinese::{self, ChineseStyle};
/// use xiangqi_core::Position;
/// let mut out = String::with_capacity(64);
/// chinese::write_to(&mut out, &Position::default(), "h2e2".parse().unwrap(), ChineseStyle::SIMPLIFIED);
/// assert_eq!(out, "炮二平五");
/// ```
pub fn write_to(out: &mut String, pos: &Position, m: Move, style: ChineseStyle) {
    if let Some(description) = describe(pos, m) {
        for c in symbols(&description, style) {
            out.push(c);
        }
    }
}

/// Whether a character is one of Chinese notation's own (not an ASCII digit): [`crate::notation::detect`]
/// takes a text holding one for Chinese.
pub(crate) fn is_symbol(c: char) -> bool {
    !c.is_ascii() && characters::classify(c).is_some()
}

/// The four characters of a described move.
fn symbols(d: &Description, style: ChineseStyle) -> [char; 4] {
    let traditional = style.characters == Characters::Traditional;
    let number = |n: u8| {
        let i = usize::from(n.clamp(1, 9) - 1);
        match (d.color, style.black_digits) {
            (Color::Red, _) => CHINESE_NUMERALS[i],
            (Color::Black, BlackDigits::FullWidth) => FULL_WIDTH_DIGITS[i],
            (Color::Black, BlackDigits::Ascii) => char::from(b'1' + i as u8),
        }
    };
    let piece = characters::piece(d.color, d.role, traditional);
    let (first, second) = match d.tandem {
        None => (piece, number(d.file)),
        Some(t) if d.role == Role::Soldier && t.other_tandem_files => (position_word(t, traditional), number(d.file)),
        Some(t) => (position_word(t, traditional), piece),
    };
    [first, second, characters::operator(d.direction, traditional), number(d.number)]
}

/// 前/后 of two, 前/中/后 of three, 一..五 of four or five.
fn position_word(t: Tandem, traditional: bool) -> char {
    let selector = match (t.count, t.index) {
        (4.., i) => return CHINESE_NUMERALS[usize::from(i.min(8))],
        (_, 0) => Selector::Front,
        (3, 1) => Selector::Middle,
        _ => Selector::Rear,
    };
    characters::place(selector, traditional)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ParseMoveErrorKind;

    /// (FEN, ICCS, simplified, traditional): worked examples, from the start position to soldier files.
    const EXAMPLES: &[(&str, &str, &str, &str)] = &[
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "c3c4", "兵七进一", "兵七進一"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "c9e7", "象３进５", "象３進５"),
        ("2bak4/4a4/4b4/9/9/2R6/9/4B4/4AN3/3AK1C2 w", "e0f0", "帅五平四", "帥五平四"),
        ("3ak4/4a4/2n1b2c1/9/2r6/9/9/9/9/4K4 b", "c5c6", "车３退１", "車３退１"),
        ("3k5/9/4R4/9/9/9/9/9/9/4RK3 w", "e0e1", "后车进一", "後車進一"),
        ("4k4/4c4/9/9/4c4/9/9/9/9/3K5 b", "e8f8", "后炮平６", "後炮平６"),
        ("3k5/9/9/9/9/9/9/3A5/9/3A1K3 w", "d2e1", "仕六退五", "仕六退五"),
        ("3k5/9/9/9/9/2B6/9/9/9/2B2K3 w", "c4a2", "相七退九", "相七退九"),
        ("5k3/9/9/9/9/4p4/4p4/9/9/3K5 b", "e4d4", "后卒平４", "後卒平４"),
        ("3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w", "e6d6", "中兵平六", "中兵平六"),
        ("3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w", "e5d5", "四兵平六", "四兵平六"),
        ("3k5/9/2P1P4/2P1P4/9/9/9/9/9/5K3 w", "c7c8", "前七进一", "前七進一"),
        ("5k3/9/9/9/9/2p1p4/2p1p4/9/9/3K5 b", "e4f4", "后５平６", "後５平６"),
        ("3ark3/1ncPaCP2/4b4/2p6/P8/9/9/2p6/npp2K3/rp6N b", "c2b2", "中３平２", "中３平２"),
        ("1PbaCabN1/P7P/P3k3n/P2R5/p7N/r7C/p7r/B4K2c/p7c/1RBApApn1 w", "a6b6", "后兵平八", "後兵平八"),
    ];

    #[test]
    fn worked_examples() {
        for &(fen, iccs, simplified, traditional) in EXAMPLES {
            let pos = Position::from_fen(fen).unwrap();
            let m: Move = iccs.parse().unwrap();
            assert_eq!(write(&pos, m), simplified, "{fen} {iccs}");
            assert_eq!(write_with(&pos, m, ChineseStyle::TRADITIONAL), traditional, "{fen} {iccs}");
            assert_eq!(parse(&pos, simplified), Ok(m), "{fen} {simplified}");
            assert_eq!(parse(&pos, traditional), Ok(m), "{fen} {traditional}");
        }
    }

    #[test]
    fn lenient_inputs() {
        let cases: &[(&str, &str, &str)] = &[
            ("2bakc3/4a4/4b1R2/2Crp3p/p5p2/2C6/P3P3P/4B1r2/9/2BAKR3 w", "炮七進二", "c6c8"),
            ("2bakab2/9/c1nrc1n2/p1p1p1p1p/1r7/2P3PR1/P3P3P/1CN1BCN2/9/1R1AKAB2 w", "士六进五", "d0e1"),
            ("3akab2/2Nc5/4b4/6p1p/1n1n5/R8/4P3r/2N1B4/3CA4/4KAB2 b", "帅５进１", "e9e8"),
            ("3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w", "前兵平六", "e8d8"),
            ("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w", "中兵平八", "c7b7"),
            ("3k5/9/2P1P4/2P1P4/4P4/9/9/9/9/5K3 w", "二兵平四", "e6f6"),
            ("5k3/9/9/9/9/2p1p4/2p1p4/9/9/3K5 b", "后卒5平6", "e4f4"),
            ("5k3/9/9/9/9/2p1p4/2p1p4/9/9/3K5 b", "前卒三进一", "c3c2"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "馬８進７", "h9g7"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "马八进七", "h9g7"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "砲二平五", "h2e2"),
        ];
        for &(fen, text, iccs) in cases {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(parse(&pos, text).map(|m| m.to_string()), Ok(iccs.to_owned()), "{fen} {text}");
        }
    }

    #[test]
    fn advisors_are_marked_only_when_their_texts_would_clash() {
        // Advisors on d0 and d1 (a placement accepted only on request): both can advance to file 五.
        let fen: crate::fen::Fen = "3k5/9/9/9/9/9/9/9/3A5/3A1K3 w".parse().unwrap();
        let pos = fen.into_position(crate::PositionErrorKinds::ADVISOR_PLACEMENT).unwrap();
        for (iccs, text) in [("d1e2", "前仕进五"), ("d0e1", "后仕进五"), ("d1e0", "仕六退五")] {
            let m: Move = iccs.parse().unwrap();
            assert_eq!(write(&pos, m), text);
            assert_eq!(parse(&pos, text), Ok(m));
        }
        assert_eq!(parse(&pos, "仕六进五").unwrap_err().kind, ParseMoveErrorKind::Ambiguous);
    }

    #[test]
    fn failures_name_the_token() {
        let pos = Position::default();
        let err = parse(&pos, "车三进一").unwrap_err();
        assert_eq!((err.kind, err.offset), (ParseMoveErrorKind::NoSuchPiece, 0));
        assert_eq!(parse(&pos, "前车进一").unwrap_err().kind, ParseMoveErrorKind::NoSuchPiece);
        assert_eq!(parse(&pos, "车一平二").unwrap_err().kind, ParseMoveErrorKind::Illegal);
        let err = parse(&pos, "车一进一X").unwrap_err();
        assert_eq!((err.kind, err.offset), (ParseMoveErrorKind::UnknownCharacter('X'), 12));
        let two_files = Position::from_fen("5k3/9/9/9/9/2p1p4/2p1p4/9/9/3K5 b").unwrap();
        assert_eq!(parse(&two_files, "前卒进1").unwrap_err().kind, ParseMoveErrorKind::Ambiguous);
    }
}
