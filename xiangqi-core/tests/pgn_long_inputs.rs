//! The PGN reader on the shapes of input that once took time growing with the square of their size
//! (found by fuzzing): what it reads from them is still exactly right. Their speed is measured by the
//! `pgn` benchmark (`pgn-adversarial`), not here.

#![cfg(feature = "records")]

use xiangqi_core::encoding::{self, TextEncoding};
use xiangqi_core::pgn;
use xiangqi_core::Position;

/// A horse going out and back for both sides: a legal line of any length.
fn shuffle(rounds: usize) -> String {
    "h0g2 h9g7 g2h0 g7h9 ".repeat(rounds)
}

#[test]
fn a_variation_opened_at_the_start_of_a_variation_deep_in_a_long_line() {
    // 200 plies, then `((i0i1))`: the inner variation replaces ply 199 (h0g2's reply's parent move).
    let text = format!("1. {}((i0i1)) *\n", shuffle(50));
    let record = pgn::read_str(&text).next().unwrap().unwrap();
    assert_eq!(record.main_line().count(), 200);
    let lines = record.tree.lines();
    assert_eq!(lines.len(), 2);
    let variation = &lines[1];
    assert_eq!(variation.len(), 199);
    assert_eq!(variation[..198], lines[0][..198]);
    assert_eq!(variation[198].to_string(), "i0i1");
    let mut pos = Position::default();
    for &m in variation {
        pos = pos.play(m).unwrap();
    }
}

#[test]
fn many_nested_openings_read_like_few() {
    let text = format!("1. {}{} *\n", shuffle(100), "(()) ".repeat(500));
    let record = pgn::read_str(&text).next().unwrap().unwrap();
    assert_eq!(record.main_line().count(), 400);
    assert_eq!(record.tree.lines().len(), 1);
}

#[test]
fn offsets_of_bad_tokens_on_one_long_big5_line() {
    let line = format!("1. 炮二平五 {}\n", "(炮八平八) ".repeat(300));
    let (big5, _) = encoding::encode(&line, TextEncoding::Big5);
    let record = pgn::Reader::new(&big5[..]).next().unwrap().unwrap();
    let offsets: Vec<u64> = record.warnings.iter().filter_map(|w| w.byte_offset).collect();
    assert_eq!(offsets.len(), 300);
    // "1. " is 3 bytes, 炮二平五 and a space 9 in Big5; each "(炮八平八) " is 11 bytes and the token
    // starts after its `(`.
    for (i, &offset) in offsets.iter().enumerate() {
        assert_eq!(offset, 3 + 9 + 11 * i as u64 + 1, "warning {i}");
    }
}

#[test]
fn offsets_of_bad_tokens_on_one_long_utf16_line() {
    let line = format!("1. h2e2 {}\n", "(zz) ".repeat(300));
    let utf16: Vec<u8> = line.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let record = pgn::Reader::with_encoding(&utf16[..], Some(TextEncoding::Utf16Le)).next().unwrap().unwrap();
    let offsets: Vec<u64> = record.warnings.iter().filter_map(|w| w.byte_offset).collect();
    assert_eq!(offsets.len(), 300);
    for (i, &offset) in offsets.iter().enumerate() {
        assert_eq!(offset, 2 * (8 + 5 * i as u64 + 1), "warning {i}");
    }
}

#[test]
fn thousands_of_tags() {
    let mut text: String = (0..3000).map(|i| format!("[T{i} \"v{i}\"]\n")).collect();
    text.push_str("[T5 \"again\"]\n1. h2e2 *\n");
    let mut games = pgn::read_str(&text);
    let first = games.next().unwrap().unwrap();
    assert_eq!(first.tags.len(), 3000);
    assert_eq!(first.tags.get("T2999"), Some("v2999"));
    // A repeated tag starts the next game.
    let second = games.next().unwrap().unwrap();
    assert_eq!(second.tags.get("T5"), Some("again"));
    assert_eq!(second.main_line().count(), 1);
}
