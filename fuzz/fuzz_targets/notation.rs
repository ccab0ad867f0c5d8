//! Move notation against positions reached by fuzz-chosen legal moves (with forced repetitions, from the
//! arbiter's start positions): every legal move, written in every notation and style, reads back to
//! itself; any text read in any notation is a legal move that writes and reads back to itself, or an
//! error inside the text with a short message.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use xiangqi_core::chinese::{self, BlackDigits, Characters, ChineseStyle};
use xiangqi_core::notation::{self, ParseMoveError};
use xiangqi_core::wxf::{self, Sideways, TandemMarker, WxfStyle};
use xiangqi_core::{Move, Notation, Position};
use xiangqi_fuzz::games::{moves_of, GameInput};
use xiangqi_fuzz::records::MESSAGE_LIMIT;

#[derive(Arbitrary, Debug)]
struct Input {
    game: GameInput,
    /// Which ply of the game the text is read at (modulo the number of positions).
    at: u8,
    text: String,
}

fn wxf_styles() -> impl Iterator<Item = WxfStyle> {
    [Sideways::Equals, Sideways::Dot].into_iter().flat_map(|sideways| {
        [TandemMarker::AfterLetter, TandemMarker::BeforeLetter].into_iter().flat_map(move |tandem_marker| {
            [(false, false), (true, false), (false, true)].into_iter().map(move |(black_lower_case, full_width)| {
                WxfStyle { sideways, tandem_marker, black_lower_case, full_width }
            })
        })
    })
}

fn chinese_styles() -> impl Iterator<Item = ChineseStyle> {
    [Characters::Simplified, Characters::Traditional].into_iter().flat_map(|characters| {
        [BlackDigits::FullWidth, BlackDigits::Ascii]
            .into_iter()
            .map(move |black_digits| ChineseStyle { characters, black_digits })
    })
}

fn reads_back(pos: &Position, m: Move, text: &str, notation: Notation) {
    assert_eq!(notation::parse_as(pos, text, notation), Ok(m), "{text:?} as {notation} in {}", pos.fen());
    if notation != Notation::IccsOneBased {
        assert_eq!(notation::parse(pos, text), Ok(m), "{text:?} (detected) in {}", pos.fen());
    }
}

fn check_error(err: &ParseMoveError, text: &str) {
    assert!(err.offset <= text.len() && text.is_char_boundary(err.offset), "{err:?}");
    let message = err.to_string();
    assert!(message.len() <= MESSAGE_LIMIT, "{} bytes", message.len());
}

fuzz_target!(|input: Input| {
    let (start, moves) = moves_of(&input.game);
    let mut positions = vec![start];
    for &m in &moves {
        let next = positions.last().expect("the start").clone().play(m).expect("legal");
        positions.push(next);
    }
    let pos = &positions[usize::from(input.at) % positions.len()];
    for m in pos.legal_moves() {
        for notation in Notation::ALL {
            reads_back(pos, m, &notation::write(pos, m, notation), notation);
        }
        for style in wxf_styles() {
            reads_back(pos, m, &wxf::write_with(pos, m, style), Notation::Wxf);
        }
        for style in chinese_styles() {
            reads_back(pos, m, &chinese::write_with(pos, m, style), Notation::Chinese);
        }
    }
    let text = input.text.as_str();
    match notation::parse(pos, text) {
        Ok(m) => {
            assert!(pos.is_legal(m), "{text:?} read as {m}, not legal in {}", pos.fen());
            let notation = notation::detect(text).expect("a text that reads has a notation");
            reads_back(pos, m, &notation::write(pos, m, notation), notation);
        }
        Err(err) => check_error(&err, text),
    }
    for notation in Notation::ALL {
        match notation::parse_as(pos, text, notation) {
            Ok(m) => {
                assert!(pos.is_legal(m), "{text:?} read as {m} in {notation}, not legal in {}", pos.fen());
                reads_back(pos, m, &notation::write(pos, m, notation), notation);
            }
            Err(err) => check_error(&err, text),
        }
    }
});
