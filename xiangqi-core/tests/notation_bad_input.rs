//! Move readers never panic: arbitrary strings, strings over the notations' own alphabets and mutated
//! valid move texts (multi-byte characters included) into every reader. What comes out is a legal move
//! or a typed error whose offset lies inside the text on a character boundary. Writers given moves that
//! are not legal do not panic either.

mod text_edits;

use proptest::prelude::*;
use text_edits::{edit, mutate, Edit};
use xiangqi_core::chinese::{self, BlackDigits, Characters, ChineseStyle};
use xiangqi_core::notation::{self, ParseMoveError, ParseMoveErrorKind};
use xiangqi_core::wxf::{self, Sideways, TandemMarker, WxfStyle};
use xiangqi_core::{iccs_one_based, Move, Notation, Position, Square};

const FENS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "3k5/9/4R4/9/9/9/9/9/9/4RK3 w - - 0 1",
    "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1",
    "3k5/9/2P1P4/2P1P4/4P4/9/9/9/9/5K3 w - - 0 1",
    "3ark3/1ncPaCP2/4b4/2p6/P8/9/9/2p6/npp2K3/rp6N b - - 0 1",
    "4kab2/3Pa4/3Nb4/3N5/9/9/9/4r4/2pp5/5K3 w - - 0 1",
    "3k5/9/9/9/9/2B6/9/9/9/2B2K3 w - - 0 1",
];

/// Characters the notations use, their look-alikes and some that they do not, multi-byte ones included.
const ALPHABET: &[&str] = &[
    "K", "A", "E", "B", "H", "N", "R", "C", "P", "G", "M", "k", "a", "e", "h", "r", "c", "p", "d", "i", "x", "0", "1",
    "2", "5", "9", "10", "+", "-", "=", ".", " ", "!", "?", "帅", "將", "仕", "象", "馬", "车", "俥", "炮", "砲", "兵",
    "卒", "前", "中", "后", "後", "进", "進", "退", "平", "上", "下", "一", "三", "五", "九", "１", "５", "９", "＋",
    "－", "＝", "．", "Ｃ", "Ｐ", "\u{3000}", "\u{301}", "é", "🀄", "\u{0}", "\u{FFFD}", "٣", "−",
];

fn positions() -> Vec<Position> {
    FENS.iter().map(|fen| Position::from_fen(fen).expect("test FEN is legal")).collect()
}

fn check_error(text: &str, err: &ParseMoveError) {
    assert_eq!(err.text, text);
    assert!(err.offset <= text.len(), "{text:?}: offset past the end: {err:?}");
    assert!(text.is_char_boundary(err.offset), "{text:?}: offset inside a character: {err:?}");
    if let ParseMoveErrorKind::UnknownCharacter(c) = err.kind {
        assert!(text[err.offset..].starts_with(c), "{text:?}: {c:?} is not at {}", err.offset);
    }
    assert!(!err.to_string().is_empty());
}

/// Every reader on one text: a legal move or a well-formed error, and readers agree with each other.
fn read_everywhere(pos: &Position, text: &str) {
    let legal = pos.legal_moves();
    let check = |result: Result<Move, ParseMoveError>| match result {
        Ok(m) => assert!(legal.contains(&m), "{text:?} read as {m}, not legal in {}", pos.fen()),
        Err(err) => check_error(text, &err),
    };
    check(notation::parse(pos, text));
    for n in Notation::ALL {
        check(notation::parse_as(pos, text, n));
    }
    check(wxf::parse(pos, text));
    check(chinese::parse(pos, text));
    if let Some(n) = notation::detect(text) {
        assert_eq!(notation::parse(pos, text), notation::parse_as(pos, text, n), "{text:?}");
    }
    if let Err(err) = iccs_one_based::parse(text) {
        assert!(err.offset <= text.len() && text.is_char_boundary(err.offset), "{text:?}: {err:?}");
    }
}

fn read_in_all_positions(text: &str) {
    for pos in positions() {
        read_everywhere(&pos, text);
    }
}

/// A legal move of one of the positions written in a random notation and style, and the position.
fn written_move() -> impl Strategy<Value = (usize, String)> {
    (0..FENS.len(), any::<usize>(), any::<u8>()).prop_map(|(index, pick, style)| {
        let pos = Position::from_fen(FENS[index]).expect("test FEN is legal");
        let moves = pos.legal_moves();
        let m = moves[pick % moves.len()];
        let wxf_style = WxfStyle {
            sideways: if style & 1 == 0 { Sideways::Equals } else { Sideways::Dot },
            tandem_marker: if style & 2 == 0 { TandemMarker::AfterLetter } else { TandemMarker::BeforeLetter },
            black_lower_case: style & 4 != 0,
            full_width: style & 8 != 0,
        };
        let chinese_style = ChineseStyle {
            characters: if style & 1 == 0 { Characters::Simplified } else { Characters::Traditional },
            black_digits: if style & 2 == 0 { BlackDigits::FullWidth } else { BlackDigits::Ascii },
        };
        let text = match style % 4 {
            0 => wxf::write_with(&pos, m, wxf_style),
            1 => chinese::write_with(&pos, m, chinese_style),
            2 => m.to_string(),
            _ => iccs_one_based::write(m),
        };
        (index, text)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings(text in any::<String>()) {
        read_in_all_positions(&text);
    }

    #[test]
    fn notation_alphabet_strings(parts in prop::collection::vec(prop::sample::select(ALPHABET), 0..8)) {
        read_in_all_positions(&parts.concat());
    }

    #[test]
    fn mutated_move_texts((index, text) in written_move(), edits in prop::collection::vec(edit(ALPHABET, false), 0..4)) {
        let pos = Position::from_fen(FENS[index]).expect("test FEN is legal");
        let mutated = mutate(&text, &edits);
        read_everywhere(&pos, &mutated);
    }
}

#[test]
fn writers_do_not_panic_on_moves_that_are_not_legal() {
    for pos in positions() {
        for from in Square::all() {
            for to in Square::all() {
                let m = Move::new(from, to);
                for n in Notation::ALL {
                    let text = notation::write(&pos, m, n);
                    let mover = pos.piece_at(from).is_some_and(|p| p.color == pos.turn());
                    if matches!(n, Notation::Wxf | Notation::Chinese) {
                        assert_eq!(text.is_empty(), !mover, "{m} in {}", pos.fen());
                    }
                }
                let _ = wxf::write_with(&pos, m, WxfStyle::WXF_DATABASE);
                let _ = chinese::write_with(&pos, m, ChineseStyle::TRADITIONAL);
            }
        }
    }
}

#[test]
fn mutation_keeps_characters_whole() {
    assert_eq!(mutate("炮二平五", &[Edit::Replace(1, "é"), Edit::Delete(3)]), "炮é平");
    assert_eq!(mutate("", &[Edit::Insert(5, "前")]), "前");
}

#[test]
fn typed_errors() {
    let pos = Position::default();
    let kind = |text| notation::parse(&pos, text).unwrap_err().kind;
    assert_eq!(kind("炮二平五炮"), ParseMoveErrorKind::Malformed("unexpected text after the move"));
    assert_eq!(kind("炮二@五"), ParseMoveErrorKind::UnknownCharacter('@'));
    assert_eq!(kind("马三进四"), ParseMoveErrorKind::NoSuchPiece);
    assert_eq!(kind("马二进四"), ParseMoveErrorKind::Illegal);
    assert_eq!(kind("Ｘ２＝５"), ParseMoveErrorKind::UnknownCharacter('Ｘ'));
    let err = notation::parse(&pos, "  h2h9x").unwrap_err();
    assert_eq!((err.offset, err.notation), (6, Some(Notation::Iccs)));
    let two = Position::from_fen("3k5/9/4R4/9/9/9/9/9/9/4RK3 w - - 0 1").unwrap();
    assert_eq!(notation::parse(&two, "车五进一").unwrap_err().kind, ParseMoveErrorKind::Ambiguous);
}
