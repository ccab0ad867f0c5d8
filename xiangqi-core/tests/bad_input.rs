//! Text parsers never panic: arbitrary strings and mutated FENs into the FEN, square and move readers.
//! Errors have messages, and FEN error offsets point into the input at a character boundary.

mod text_edits;

use std::str::FromStr;

use proptest::prelude::*;
use text_edits::Edit as TextEdit;
use xiangqi_core::fen::{Fen, FenError, ParseFenError};
use xiangqi_core::{iccs, Move, Position, PositionErrorKinds, Square};

const FENS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1",
    "4k4/9/9/9/9/9/9/4n4/3A5/3K5 w - - 0 1",
    "2ba3R1/5k3/4ba3/p7p/3rN4/4P2N1/2c5P/4B4/2p1A4/c3KAB2 b - - 0 1",
    "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r",
    "3k5/9/9/9/9/9/9/9/9/4K4 b 12 40",
];

/// Characters that mutations insert: FEN letters and digits, separators, and multi-byte UTF-8.
const ALPHABET: &[&str] = &[
    "k", "A", "b", "N", "r", "C", "p", "H", "e", "x", "0", "1", "5", "9", "/", " ", "-", "\t", "é", "帥", "將", "🀄",
    "\u{0}", "\u{a0}", "\u{301}", "ｋ", "٣",
];

const PIECE_LETTERS: &[char] = &['k', 'a', 'b', 'n', 'r', 'c', 'p', 'K', 'A', 'B', 'N', 'R', 'C', 'P'];

/// A text edit, or one that keeps the board well formed and often makes the position illegal.
#[derive(Clone, Debug)]
enum Edit {
    Text(text_edits::Edit),
    /// Replaces the n-th piece letter with another piece letter (too many pieces, misplaced generals,
    /// checks).
    SwapPiece(usize, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        1 => text_edits::edit(ALPHABET, false).prop_map(Edit::Text),
        1 => (any::<usize>(), prop::sample::select(PIECE_LETTERS)).prop_map(|(i, c)| Edit::SwapPiece(i, c)),
    ]
}

/// Applies the edits in order, at character positions (taken modulo the length).
fn mutate(base: &str, edits: &[Edit]) -> String {
    let mut text = base.to_owned();
    for e in edits {
        text = match e {
            Edit::Text(edit) => text_edits::mutate(&text, core::slice::from_ref(edit)),
            Edit::SwapPiece(i, c) => {
                let letters: Vec<usize> =
                    text.char_indices().filter(|(_, ch)| PIECE_LETTERS.contains(ch)).map(|(at, _)| at).collect();
                match letters.get(i % letters.len().max(1)) {
                    Some(&at) => format!("{}{c}{}", &text[..at], &text[at + 1..]),
                    None => text,
                }
            }
        };
    }
    text
}

fn mutated_fen() -> impl Strategy<Value = String> {
    (prop::sample::select(FENS), prop::collection::vec(edit(), 1..6)).prop_map(|(base, edits)| mutate(base, &edits))
}

fn check_fen_error(text: &str, err: &ParseFenError) {
    assert!(err.offset <= text.len(), "{text:?}: offset {} past the end", err.offset);
    assert!(text.is_char_boundary(err.offset), "{text:?}: offset {} inside a character", err.offset);
    assert!(text[err.offset..].starts_with(&err.token), "{text:?}: token {:?} not at {}", err.token, err.offset);
    assert!(!err.reason.is_empty());
    assert!(!err.to_string().is_empty());
}

/// Everything that reads a FEN; a position that comes out is exercised a little too.
fn read_fen(text: &str) {
    match Fen::from_str(text) {
        Ok(fen) => {
            // What parses writes back as something that parses to the same setup.
            let written = fen.to_string();
            let again = Fen::from_str(&written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
            assert_eq!(again, fen, "{text:?}");
            match fen.clone().into_position(PositionErrorKinds::WAIVABLE) {
                Ok(pos) => exercise(&pos),
                Err(e) => {
                    assert!(!e.problems().is_empty());
                    assert!(!e.to_string().is_empty());
                }
            }
        }
        Err(err) => check_fen_error(text, &err),
    }
    match Position::from_fen(text) {
        Ok(pos) => assert_eq!(Position::from_fen(&pos.fen()).as_ref(), Ok(&pos)),
        Err(FenError::Parse(err)) => check_fen_error(text, &err),
        Err(e @ FenError::Position(_)) => assert!(!e.to_string().is_empty()),
    }
}

/// Legal moves and game-end queries on a position, one ply deep (so that positions accepted with the
/// opponent in check also see a captured general).
fn exercise(pos: &Position) {
    let _ = (pos.is_check(), pos.outcome(), pos.checkers(), pos.fen());
    for m in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        let _ = (next.is_check(), next.outcome(), next.checkers(), next.count_legal_moves(), next.fen());
    }
}

fn read_move(text: &str) {
    for result in [iccs::parse(text), Move::from_str(text)] {
        match result {
            Ok(m) => {
                // Only the four accepted forms come through.
                let compact = text.replace('-', "").to_ascii_lowercase();
                assert_eq!(m.to_string(), compact, "{text:?}");
            }
            Err(e) => {
                assert!(e.offset <= text.len(), "{text:?}: {e:?}");
                assert!(text.is_char_boundary(e.offset), "{text:?}: {e:?}");
                assert!(!e.to_string().is_empty());
            }
        }
    }
}

fn read_square(text: &str) {
    match Square::from_str(text) {
        Ok(sq) => assert_eq!(sq.to_string(), text.to_ascii_lowercase()),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

fn read_all(text: &str) {
    read_fen(text);
    read_move(text);
    read_square(text);
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 1024,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_strings(text in any::<String>()) {
        read_all(&text);
    }

    #[test]
    fn fen_alphabet_strings(text in "[kabnrcpheKABNRCPHEx0-9/ wrb-]{0,100}") {
        read_all(&text);
    }

    #[test]
    fn mutated_fens(text in mutated_fen()) {
        read_all(&text);
    }

    #[test]
    fn move_and_square_like_strings(text in "[a-jA-J0-9\\-é帥 ]{0,6}") {
        read_all(&text);
    }
}

#[test]
fn mutation_keeps_characters_whole() {
    // The helper itself: multi-byte characters are inserted and removed whole.
    let text = mutate("ab", &[Edit::Text(TextEdit::Insert(1, "帥")), Edit::Text(TextEdit::Replace(0, "é"))]);
    assert_eq!(text, "é帥b");
    assert_eq!(mutate(&text, &[Edit::Text(TextEdit::Delete(1))]), "éb");
    assert_eq!(mutate("4k4/9", &[Edit::SwapPiece(7, 'R')]), "4R4/9");
}
