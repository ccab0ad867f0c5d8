//! The PGN reader on hostile input: arbitrary bytes, and real files (Big5, GBK, UTF-8) with bytes
//! deleted, inserted, replaced and cut off. It never panics; games are numbered from 0 without gaps;
//! every error points inside the input; what a game or a partial game holds replays legally.

#![cfg(feature = "records")]

mod records_support;

use proptest::prelude::*;
use records_support::bundled;
use xiangqi_core::encoding::TextEncoding;
use xiangqi_core::pgn::{self, PgnErrorKind};
use xiangqi_core::record::GameRecord;

fn replays(record: &GameRecord) {
    let mut pos = record.start().clone();
    for m in record.main_line() {
        pos = pos.play(m).expect("a record holds legal moves");
    }
    for line in record.tree.lines() {
        let mut pos = record.start().clone();
        for m in line {
            pos = pos.play(m).expect("variations hold legal moves");
        }
    }
}

fn read_everything(bytes: &[u8], encoding: Option<TextEncoding>) {
    let reader = pgn::Reader::with_encoding(bytes, encoding);
    for (expected_index, game) in reader.enumerate() {
        match game {
            Ok(record) => replays(&record),
            Err(err) => {
                assert_eq!(err.location.game_index, expected_index, "{err}");
                assert!(err.location.byte_offset <= bytes.len() as u64, "{err}: past the end ({})", bytes.len());
                assert!(!err.to_string().is_empty());
                assert!(!matches!(err.kind, PgnErrorKind::Io(_)), "reading from memory does not fail: {err}");
                if let Some(partial) = &err.partial {
                    replays(partial);
                }
            }
        }
    }
}

fn fixtures() -> Vec<Vec<u8>> {
    ["SAMPLE.PGN", "ccpd-selected.pgn", "bulk_games_uci.pgn", "xqdb_international.pgn", "xqdb_traditional.pgn"]
        .iter()
        .map(|name| std::fs::read(bundled().join(name)).expect("bundled fixture"))
        .collect()
}

/// Bytes PGN gives meaning to, and bytes that start or end multi-byte characters.
const BYTES: &[u8] = b"[]{}();$*\"\\ \t\r\n.-/10!?\xa1\xa2\xb0\xc5\xda\xef\xbb\xbf\xfe\xff\x80\x5c\x7b\x7d";

#[derive(Clone, Debug)]
enum Edit {
    Delete(usize),
    Insert(usize, u8),
    Replace(usize, u8),
    Truncate(usize),
    Duplicate(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let byte = prop_oneof![prop::sample::select(BYTES), any::<u8>()];
    prop_oneof![
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Edit::Insert(i, b)),
        (any::<usize>(), byte).prop_map(|(i, b)| Edit::Replace(i, b)),
        any::<usize>().prop_map(Edit::Truncate),
        (any::<usize>(), 1usize..200).prop_map(|(i, n)| Edit::Duplicate(i, n)),
    ]
}

fn apply(bytes: &mut Vec<u8>, edit: &Edit) {
    let len = bytes.len().max(1);
    match *edit {
        Edit::Delete(i) if !bytes.is_empty() => {
            bytes.remove(i % len);
        }
        Edit::Insert(i, b) => bytes.insert(i % (bytes.len() + 1), b),
        Edit::Replace(i, b) if !bytes.is_empty() => bytes[i % len] = b,
        Edit::Truncate(i) => bytes.truncate(i % (bytes.len() + 1)),
        Edit::Duplicate(i, n) if !bytes.is_empty() => {
            let start = i % len;
            let chunk: Vec<u8> = bytes[start..(start + n).min(bytes.len())].to_vec();
            bytes.splice(start..start, chunk);
        }
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(prop_oneof![prop::sample::select(BYTES), any::<u8>()], 0..600)) {
        read_everything(&bytes, None);
        read_everything(&bytes, Some(TextEncoding::Big5));
    }

    #[test]
    fn arbitrary_text(text in "(\\[[A-Za-z]{1,5} \"[^\"]{0,8}\"\\]\n|[0-9]{1,2}\\.{1,3} |[a-i][0-9][a-i][0-9] |[{}()$*;]|[炮马車进平退五８]{1,4} |\n){0,40}") {
        read_everything(text.as_bytes(), None);
    }

    #[test]
    fn mutated_real_files(which in 0usize..5, edits in prop::collection::vec(edit(), 1..12)) {
        let mut bytes = fixtures().swap_remove(which);
        for e in &edits {
            apply(&mut bytes, e);
        }
        read_everything(&bytes, None);
    }
}

#[test]
fn unclosed_comment_and_variation_do_not_swallow_the_file() {
    let text = "[Event \"a\"]\n1. h2e2 (1. b2e2 {never closed\n\n[Event \"b\"]\n1. h2e2\n";
    let games: Vec<_> = pgn::read_str(text).collect();
    // The open comment ends at the next `[Event` line: two games, the first with warnings.
    assert_eq!(games.len(), 2, "{games:?}");
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.main_line().count(), 1);
    assert!(game.warnings.iter().any(|w| w.message.contains("still open") && w.line == Some(2)), "{:?}", game.warnings);
    assert!(game.warnings.iter().any(|w| w.message.contains("never closed")), "{:?}", game.warnings);
    assert_eq!(games[1].as_ref().unwrap().tags.get("Event"), Some("b"));
}

#[test]
fn an_event_line_inside_a_comment_closed_later_belongs_to_the_comment() {
    let text = "[Event \"E\"]\n\n1. h2e2 {a comment\n[Event \"not a tag\"]\nstill comment} h9g7 *\n";
    let games: Vec<_> = pgn::read_str(text).collect();
    assert_eq!(games.len(), 1, "{games:?}");
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.main_line().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7"]);
    assert!(game.warnings.is_empty(), "{:?}", game.warnings);
    let first = game.tree.children(game.tree.root()).next().unwrap();
    assert!(game.tree.comment(first).is_some_and(|c| c.contains("not a tag") && c.contains("still comment")));
    // The next game's tags and a movetext line (a `{` of its own before any `}`): the comment was never closed.
    for next in ["1. h2e2 {its comment} *\n", "1. h2e2 *\n", "[Red \"r\"]\n\n1. h2e2 *\n"] {
        let text = format!("[Event \"a\"]\n1. h2e2 {{open\n[Event \"b\"]\n{next}");
        let games: Vec<_> = pgn::read_str(&text).collect();
        assert_eq!(games.len(), 2, "{text:?}: {games:?}");
        assert_eq!(games[1].as_ref().unwrap().tags.get("Event"), Some("b"));
    }
}

#[test]
fn a_tag_repeated_before_any_move_ends_a_game_without_moves_with_a_warning() {
    let text = "[Event \"a\"]\n[Red \"R\"]\n[Event \"a2\"]\n[Black \"B\"]\n\n1. h2e2 h9g7 *\n";
    let games: Vec<_> = pgn::read_str(text).collect();
    assert_eq!(games.len(), 2);
    let first = games[0].as_ref().unwrap();
    assert_eq!(first.main_line().count(), 0);
    assert_eq!(first.warnings.len(), 1, "{:?}", first.warnings);
    assert!(first.warnings[0].message.contains("repeated before any move"));
    assert_eq!((first.warnings[0].byte_offset, first.warnings[0].line), (Some(22), Some(3)));
    assert_eq!(games[1].as_ref().unwrap().main_line().count(), 2);
}

#[test]
fn the_format_tag_names_the_notation_of_the_first_move_too() {
    for (text, ply) in [
        ("[Format \"WXF\"]\n\n1. 马二进三 *\n", 1),
        ("[Format \"Chinese\"]\n\n1. h2e2 h9g7 *\n", 1),
        ("[Format \"ICCS\"]\n\n{c} 1. 炮二平五 *\n", 1),
        ("[Format \"ICCS\"]\n\n1. h2e2 炮８平５ *\n", 2),
    ] {
        let err = pgn::read_str(text).next().unwrap().unwrap_err();
        assert!(matches!(err.kind, PgnErrorKind::Move(_)), "{text:?}: {err}");
        assert_eq!(err.location.ply, Some(ply), "{text:?}: {err}");
    }
    let game = pgn::read_str("[Format \"Chinese\"]\n\n1. 炮二平五 马８进７ *\n").next().unwrap().unwrap();
    assert_eq!(game.main_line().count(), 2);
}

#[test]
fn an_unknown_format_is_reported_at_its_tag_line() {
    let err = pgn::read_str("[Event \"x\"]\n[Format \"UCCI\"]\n\n1. h2e2 *\n").next().unwrap().unwrap_err();
    assert!(matches!(err.kind, PgnErrorKind::UnknownFormat(_)), "{err}");
    assert_eq!((err.location.byte_offset, err.location.line), (12, Some(2)));
}

#[test]
fn a_long_line_without_breaks_is_one_bad_game() {
    let mut text = b"[Event \"x\"]\n1. ".to_vec();
    text.extend(std::iter::repeat_n(b'z', 1 << 20));
    let games: Vec<_> = pgn::Reader::new(&text[..]).collect();
    assert_eq!(games.len(), 1);
    let err = games[0].as_ref().unwrap_err();
    assert_eq!(err.location.byte_offset, 15);
    assert_eq!(err.location.ply, Some(1));
}

#[test]
fn a_run_of_parentheses_is_skipped_without_growing() {
    let mut text = String::from("1. h2e2 h9g7 ");
    text.push_str(&"(".repeat(200_000));
    text.push_str("1... b9c7");
    text.push_str(&")".repeat(200_000));
    text.push_str(" 2. h0g2 *");
    let game = pgn::read_str(&text).next().unwrap().unwrap();
    assert_eq!(game.main_line().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7", "h0g2"]);
    // The third `(` would leave the start position, before any move: it and all inside it are skipped.
    assert_eq!(game.tree.move_count(), 3);
    assert_eq!(game.warnings.len(), 1, "{:?}", game.warnings);
    assert!(game.warnings[0].message.contains("before any move"));
}

#[test]
fn variations_nest_256_deep() {
    let mut text = String::from("1. h2e2 h9g7 ");
    text.push_str(&"(1... b9c7 ".repeat(300));
    text.push_str(&")".repeat(300));
    text.push_str(" 2. h0g2 *");
    let game = pgn::read_str(&text).next().unwrap().unwrap();
    assert_eq!(game.main_line().count(), 3);
    assert_eq!(game.tree.move_count(), 3 + 256);
    assert_eq!(game.warnings.len(), 1, "{:?}", game.warnings);
    assert!(game.warnings[0].message.contains("deeper than 256"));
}

#[test]
fn bad_variations_are_dropped_and_the_main_line_kept() {
    let text = "( h2e2 ) 1. h2e2 (1. b2e2 h9h0 (1... b9c7) h0g2) (1. h0g2 (1. c3c4)) h9g7 ) 2. h0g2 *";
    let game = pgn::read_str(text).next().unwrap().unwrap();
    let lines: Vec<String> =
        game.tree.lines().iter().map(|line| line.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")).collect();
    // b2e2 is kept up to the illegal h9h0, whose variation (with its nested one) is dropped after it.
    assert_eq!(lines, ["h2e2 h9g7 h0g2", "b2e2", "h0g2", "c3c4"]);
    let messages: Vec<&str> = game.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert!(messages[0].contains("before any move"));
    assert!(messages[1].contains("variation dropped"));
    assert!(messages[2].contains("without its `(`"));
}

#[test]
fn offsets_count_the_source_bytes_in_every_encoding() {
    // Lone CRs as line ends: the second game's bad move is found at its byte in the file.
    let text = "[Event \"a\"]\r1. h2e2\r\r[Event \"b\"]\r1. h2e2 h9h0\r";
    let games: Vec<_> = pgn::read_str(text).collect();
    assert_eq!(games.len(), 2);
    let err = games[1].as_ref().unwrap_err();
    assert_eq!(err.location.byte_offset as usize, text.find("h9h0").unwrap());
    assert_eq!(err.location.line, Some(5));

    // UTF-16 with a byte-order mark: two bytes a code unit, the mark included.
    let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    let err = pgn::Reader::new(&utf16[..]).nth(1).unwrap().unwrap_err();
    assert_eq!(err.location.byte_offset as usize, 2 + 2 * text.find("h9h0").unwrap());

    // GBK with a byte that does not decode on the line: the line's start is given, inside the file.
    let mut gbk = b"[Event \"\xc5\xda\"]\n1. \xff h2e2 h9h0\n".to_vec();
    let err = pgn::Reader::new(&gbk[..]).next().unwrap().unwrap_err();
    assert_eq!(err.location.byte_offset, 13);
    gbk[16] = b' ';
    let err = pgn::Reader::new(&gbk[..]).next().unwrap().unwrap_err();
    assert_eq!(err.location.byte_offset as usize, gbk.windows(4).position(|w| w == b"h9h0").unwrap());

    // Big5 bytes of the HKSCS extension (8A 6E) decode to a character its encoder does not write back: the
    // text before the bad move no longer measures its bytes, so the line's start is given, inside the file.
    let big5 = b"[Event \"\xa4\xa4\"]\n1. {\x8a\x6e} h2e2 h9h0\n";
    let err = pgn::Reader::with_encoding(&big5[..], Some(TextEncoding::Big5)).next().unwrap().unwrap_err();
    assert_eq!(err.location.byte_offset, 13, "{err}");
    // Such a character as the bad token itself, with plain text before it: its exact byte.
    let big5 = b"[Event \"\xa4\xa4\"]\n1. \x8a\x6e h2e2\n";
    let err = pgn::Reader::with_encoding(&big5[..], Some(TextEncoding::Big5)).next().unwrap().unwrap_err();
    assert_eq!(err.location.byte_offset, 16, "{err}");
    // The same characters inside a token, found by the fuzzer: every offset stays inside the input.
    let found = b"{\x12 @i e\x00\x90\xbcg\x8an\x8bp}\x90\xbc \xbcpN \xbcg\x8an ?\x01}{\x00";
    read_everything(found, None);
    let err = pgn::Reader::new(&found[..]).next().unwrap().unwrap_err();
    assert_eq!(err.location.byte_offset, 0, "{err}");
    // A Big5 line that encodes back byte for byte still gives the exact offset.
    let plain = b"[Event \"\xa4\xa4\"]\n1. {\xa4\xa4} h2e2 h9h0\n";
    let err = pgn::Reader::with_encoding(&plain[..], Some(TextEncoding::Big5)).next().unwrap().unwrap_err();
    assert_eq!(err.location.byte_offset as usize, plain.windows(4).position(|w| w == b"h9h0").unwrap(), "{err}");

    // UTF-16 of an odd length, found by the fuzzer: the last byte decodes to a replacement character, a code
    // unit, yet it is one byte; the end of the source is its length.
    for odd in [&b"\xff\xfe{\x00\x00\x00\xff"[..], b"\xff\xfe{\x00\xff", b"\xfe\xff\x00{\x00"] {
        read_everything(odd, None);
        let err = pgn::Reader::new(odd).next().unwrap().unwrap_err();
        assert_eq!(err.kind, PgnErrorKind::Truncated, "{err}");
        assert_eq!(err.location.byte_offset as usize, odd.len(), "{err}");
    }
}
