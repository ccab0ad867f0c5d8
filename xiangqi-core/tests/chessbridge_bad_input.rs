//! The ChessBridge reader never panics and never trusts a length or an offset: every prefix of the sample
//! files, a library cut inside a record, single bytes changed where they matter (flags, squares, moves,
//! magic, layout version, comment lengths, the index), and arbitrary mutations. What comes out is a game
//! whose every move is legal, or a typed error naming an offset inside the data; data that ends inside a
//! game is reported as truncated, never as a shorter game. No single allocation grows with a length or a
//! count the file states, only with the file's size.

#![cfg(feature = "records")]

mod allocation_support;
mod byte_edits;
mod records_support;

use byte_edits::{apply, edit};
use proptest::prelude::*;
use records_support::chessbridge::{bundled, library_index, BUNDLED_LIBRARY};
use records_support::tree_signature;
use xiangqi_core::chessbridge::{self, ChessBridgeError, ChessBridgeErrorKind, Container};
use xiangqi_core::record::{self, GameRecord, RecordError};

/// Every line of a game replays legally from its start.
fn assert_legal(record: &GameRecord) {
    for line in record.tree.lines() {
        let mut pos = record.start().clone();
        for m in line {
            pos = pos.play(m).expect("every move in a record is legal");
        }
    }
}

/// What any read must satisfy: legal games, errors inside the data with a message.
fn check(bytes: &[u8]) -> Vec<Result<GameRecord, ChessBridgeError>> {
    let (games, largest) = allocation_support::largest_allocation(|| chessbridge::read(bytes));
    // The tree takes some tens of bytes per four-byte record; nothing else is allowed to grow.
    let bound = 64 * 1024 + 64 * bytes.len();
    assert!(largest <= bound, "an allocation of {largest} bytes for {} bytes of input", bytes.len());
    for game in &games {
        match game {
            Ok(game) => assert_legal(game),
            Err(err) => {
                assert!(err.location.byte_offset <= bytes.len() as u64, "{err} past the end ({})", bytes.len());
                assert!(!err.to_string().is_empty());
                if let Some(partial) = &err.partial {
                    assert_legal(partial);
                }
            }
        }
    }
    games
}

/// Every prefix of a one-game file: an error (typed, or truncated with a smaller partial game), or, once
/// the whole game is there, the whole game.
fn every_prefix(name: &str, read: fn(&[u8]) -> Result<GameRecord, ChessBridgeError>) -> (usize, usize) {
    let bytes = bundled(name);
    let whole = read(&bytes).expect("the whole file reads");
    let signature = tree_signature(&whole.tree);
    let (mut truncated, mut complete) = (0, 0);
    for len in 0..bytes.len() {
        let cut = &bytes[..len];
        let games = check(cut);
        assert_eq!(games.len(), 1, "{name} cut at {len}");
        match read(cut) {
            Ok(game) => {
                assert_eq!(tree_signature(&game.tree), signature, "{name} cut at {len}: a game, so the whole one");
                assert_eq!(game.tags, whole.tags, "{name} cut at {len}");
                complete += 1;
            }
            Err(err) => {
                assert!(err.location.byte_offset <= len as u64, "{name} cut at {len}: {err}");
                if err.is_truncated() {
                    truncated += 1;
                    if let Some(partial) = &err.partial {
                        assert!(partial.tree.move_count() <= whole.tree.move_count(), "{name} cut at {len}");
                    }
                } else {
                    assert!(
                        matches!(err.kind, ChessBridgeErrorKind::NotChessBridge),
                        "{name} cut at {len}: only an empty or unrecognisable start is not a cut: {err}"
                    );
                }
            }
        }
    }
    (truncated, complete)
}

#[test]
fn every_prefix_of_the_cbr_files_is_an_error_or_truncated() {
    for name in ["test.cbr", "test2.cbr"] {
        let (truncated, complete) = every_prefix(name, chessbridge::read_cbr);
        // Every prefix is a cut, the empty one too (the files end where their move tree does).
        assert_eq!((truncated, complete), (bundled(name).len(), 0), "{name}");
    }
    // test2.cbr cut inside its last record: the two comments and the first move are in the partial game.
    let bytes = bundled("test2.cbr");
    let err = chessbridge::read_cbr(&bytes[..2240]).unwrap_err();
    assert_eq!(err.kind, ChessBridgeErrorKind::Truncated);
    assert_eq!((err.location.byte_offset, err.location.ply), (2238, Some(2)));
    let partial = err.partial.as_ref().expect("partial game");
    assert_eq!(partial.main_line().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2"]);
    assert!(err.to_string().contains("cut short"), "{}", err.kind);
    // Cut inside the comment of h2e2.
    let err = chessbridge::read_cbr(&bytes[..2236]).unwrap_err();
    assert_eq!(err.kind, ChessBridgeErrorKind::CommentPastEnd(4));
    assert_eq!(err.location.byte_offset, 2226);
    assert!(err.is_truncated());
    // Through the format-agnostic reader, the same is a truncated record.
    let (_, games) = record::read_bytes(&bytes[..2240], None);
    assert!(games[0].as_ref().unwrap_err().is_truncated());
}

#[test]
fn every_prefix_of_the_cbf_files_is_an_error_or_truncated() {
    for name in ["test.cbf", "test2.cbf"] {
        let bytes = bundled(name);
        let end = bytes.windows(21).position(|w| w == b"</ChineseChessRecord>").expect("root end") + 21;
        let (truncated, complete) = every_prefix(name, chessbridge::read_cbf);
        // The prefixes that hold the whole document (up to its trailing line end) read whole.
        assert_eq!(complete, bytes.len() - end, "{name}");
        // The empty prefix and those inside the byte-order mark are no document; every other one is a cut.
        assert_eq!(truncated, end - 4, "{name}");
    }
}

#[test]
fn a_library_cut_inside_a_record_reports_that_game_and_the_later_ones() {
    let bytes = bundled(BUNDLED_LIBRARY);
    let index = library_index(&bytes);
    let (_, offset, len, _) = index[5];
    let mut cuts: Vec<usize> = (offset..offset + len).step_by(7).collect();
    cuts.extend([offset, offset + 16, offset + 2214, offset + 2218, offset + len - 1]);
    for cut in cuts {
        let games = check(&bytes[..cut]);
        assert_eq!(games.len(), 38, "cut at {cut}");
        for (k, game) in games.iter().enumerate() {
            match k {
                0..5 => assert!(game.is_ok(), "cut at {cut}, game {k}"),
                5 => {
                    let err = game.as_ref().expect_err("the cut game");
                    assert!(err.is_truncated(), "cut at {cut}: {err}");
                    assert_eq!(err.location.game_index, 5);
                    assert_eq!(err.container, Container::Cbl);
                }
                _ => {
                    let err = game.as_ref().expect_err("a game after the cut");
                    assert!(matches!(err.kind, ChessBridgeErrorKind::RecordPastEnd { .. }), "{err}");
                    assert!(err.is_truncated());
                    assert_eq!(err.location.byte_offset, index[k].0 as u64, "the index entry");
                }
            }
        }
    }
    // Every prefix of the header and index: one error, the header cut short.
    for cut in (0..index[0].1).step_by(97) {
        let games = check(&bytes[..cut]);
        assert_eq!(games.len(), 1, "cut at {cut}");
        let err = games[0].as_ref().expect_err("cut");
        assert!(err.is_truncated() || err.kind == ChessBridgeErrorKind::NotChessBridge, "cut at {cut}: {err}");
    }
    // Through Records: 38 items, the broken ones errors, nothing dropped.
    let cut = index[5].1 + 100;
    let items: Vec<_> = record::Records::from_reader(std::io::Cursor::new(bytes[..cut].to_vec()), None, None, None)
        .expect("opens")
        .collect();
    assert_eq!(items.len(), 38);
    assert_eq!(items.iter().filter(|i| i.is_ok()).count(), 5);
    assert!(items[5..].iter().all(|i| i.as_ref().is_err_and(RecordError::is_truncated)));
}

/// test2.cbr with one byte changed.
fn test2_with(offset: usize, byte: u8) -> Vec<u8> {
    let mut bytes = bundled("test2.cbr");
    bytes[offset] = byte;
    bytes
}

fn cbr_error(bytes: &[u8]) -> ChessBridgeError {
    let err = chessbridge::read_cbr(bytes).expect_err("an error");
    let again = chessbridge::read(bytes).remove(0).expect_err("the same error");
    assert_eq!((&again.kind, &again.location.byte_offset), (&err.kind, &err.location.byte_offset));
    err
}

#[test]
fn typed_errors_name_their_byte() {
    // A flag byte with an unknown bit (h2e2's record is at 2226).
    let err = cbr_error(&test2_with(2226, 0x84));
    assert_eq!(err.kind, ChessBridgeErrorKind::InvalidFlags(0x84));
    assert_eq!((err.location.byte_offset, err.location.ply), (2226, Some(1)));
    // The end-of-line flag set on h2e2: the tree ends there, and h7e7's record, left over, is said in a
    // warning (as XQF does), not dropped without a word.
    let game = chessbridge::read_cbr(&test2_with(2226, 0x05)).expect("reads");
    assert_eq!(game.tree.move_count(), 1);
    assert!(
        game.warnings.iter().any(|w| w.message == "12 bytes after the last record (from byte 2238) ignored"),
        "{:?}",
        game.warnings
    );
    // The end-of-line flag cleared on h7e7: a next move is owed, and the data ends.
    let err = cbr_error(&test2_with(2238, 0x04));
    assert_eq!(err.kind, ChessBridgeErrorKind::Truncated);
    assert_eq!((err.location.byte_offset, err.location.ply), (2250, Some(3)));
    // A square off the board: the token is the record's four bytes.
    let err = cbr_error(&test2_with(2228, 90));
    assert_eq!(err.kind, ChessBridgeErrorKind::InvalidSquare);
    assert_eq!((err.location.byte_offset, err.location.ply), (2226, Some(1)));
    assert_eq!(err.location.token.as_deref(), Some("04005a43"));
    // An illegal move: h2h8, the cannon without a screen to an empty point.
    let err = cbr_error(&test2_with(2229, 16));
    assert_eq!(err.kind, ChessBridgeErrorKind::IllegalMove);
    assert_eq!((err.location.byte_offset, err.location.ply), (2226, Some(1)));
    assert_eq!(err.location.token.as_deref(), Some("h2h8"));
    assert!(err.partial.as_ref().expect("partial").tree.is_empty());
    assert!(err.to_string().contains("ply 1, at \"h2h8\""), "{err}");
    // The second move illegal: the first is kept.
    let err = cbr_error(&test2_with(2241, 0));
    assert_eq!(
        (err.kind.clone(), err.location.byte_offset, err.location.ply),
        (ChessBridgeErrorKind::IllegalMove, 2238, Some(2))
    );
    assert_eq!(err.partial.expect("partial").tree.move_count(), 1);
    // A bad magic.
    let err = cbr_error(&test2_with(0, b'X'));
    assert_eq!((err.kind.clone(), err.location.byte_offset), (ChessBridgeErrorKind::NotChessBridge, 0));
    // Layout versions 1 and 3: refused, as unsupported.
    for version in [1, 3] {
        let bytes = test2_with(19, version);
        let err = cbr_error(&bytes);
        assert_eq!(
            (err.kind.clone(), err.location.byte_offset),
            (ChessBridgeErrorKind::UnsupportedLayout(version), 19)
        );
        assert!(err.kind.is_unsupported());
        let (_, games) = record::read_bytes(&bytes, None);
        let err = games[0].as_ref().unwrap_err();
        assert!(err.is_unsupported() && !err.is_truncated());
        assert_eq!(err.location().expect("located").byte_offset, 19);
        assert!(err.to_string().contains(&format!("layout version {version} is not supported")), "{err}");
    }
    // The other container.
    let mut other = b"CCBridge\x15\0\0\0\x03\0\0\0".to_vec();
    other.resize(70_000, 0);
    let err = cbr_error(&other);
    assert_eq!((err.kind.clone(), err.location.byte_offset), (ChessBridgeErrorKind::UnsupportedContainer, 0));
    let (format, games) = record::read_bytes(&other, Some("CBL"));
    assert_eq!(format, record::Format::ChessBridge);
    assert!(games[0].as_ref().unwrap_err().is_unsupported());
    // A comment length past the end (the root's, at 2218).
    let mut bytes = bundled("test2.cbr");
    bytes[2218..2222].copy_from_slice(&u32::MAX.to_le_bytes());
    let err = cbr_error(&bytes);
    assert_eq!((err.kind.clone(), err.location.byte_offset), (ChessBridgeErrorKind::CommentPastEnd(u32::MAX), 2214));
    assert!(err.is_truncated());
    // A board byte that is no piece.
    let err = cbr_error(&test2_with(2120, 0x18));
    assert_eq!((err.kind.clone(), err.location.byte_offset), (ChessBridgeErrorKind::InvalidPiece(0x18), 2120));
    // No red general.
    let err = cbr_error(&test2_with(2120 + 85, 0));
    assert!(matches!(err.kind, ChessBridgeErrorKind::InvalidPosition(_)), "{err}");
    assert_eq!(err.location.byte_offset, 2120);
}

#[test]
fn a_board_of_ninety_generals_gives_a_short_message() {
    // Found by fuzzing: every point a red general, 90 problems; the message lists the first ones only.
    let mut bytes = bundled("test2.cbr");
    bytes[2120..2210].fill(0x15);
    let err = cbr_error(&bytes);
    let ChessBridgeErrorKind::InvalidPosition(position) = &err.kind else { panic!("{err}") };
    assert_eq!(position.problems().len(), 83, "81 outside the palace, 90 red generals, no black one");
    let message = err.to_string();
    assert!(message.len() < 600, "{} bytes: {message}", message.len());
    assert!(message.ends_with(&format!("and {} more", position.problems().len() - 8)), "{message}");
}

#[test]
fn library_index_errors_name_the_entry() {
    let bytes = bundled(BUNDLED_LIBRARY);
    let index = library_index(&bytes);
    // Entry 0 claims a huge number of blocks: game 0 is still read, every later game is placed past the end.
    let mut broken = bytes.clone();
    broken[index[0].0 + 8..index[0].0 + 12].copy_from_slice(&0x0FFF_FFFFu32.to_le_bytes());
    let games = check(&broken);
    assert_eq!(games.len(), 38);
    assert!(games[0].is_ok());
    for (k, game) in games.iter().enumerate().skip(1) {
        let err = game.as_ref().expect_err("past the end");
        assert!(matches!(err.kind, ChessBridgeErrorKind::RecordPastEnd { offset } if offset > bytes.len() as u64));
        assert_eq!((err.location.byte_offset, err.location.game_index), (index[k].0 as u64, k));
    }
    // A capacity whose index does not fit in the data.
    let mut broken = bytes.clone();
    broken[60..64].copy_from_slice(&u32::MAX.to_le_bytes());
    let games = check(&broken);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].as_ref().unwrap_err().kind, ChessBridgeErrorKind::TruncatedHeader);
    // A record length the tree does not end at.
    let mut broken = bytes.clone();
    broken[index[3].0 + 12] ^= 0x02;
    let games = check(&broken);
    let err = games[3].as_ref().expect_err("length mismatch");
    assert!(matches!(err.kind, ChessBridgeErrorKind::LengthMismatch { .. }), "{err}");
    assert_eq!(err.location.byte_offset as usize, index[3].1 + index[3].2);
    assert_eq!(games.iter().filter(|g| g.is_ok()).count(), 37, "the other games are read");
    // A broken move in one record: that game is an error, the 37 others are read.
    let mut broken = bytes.clone();
    let root = index[7].1 + 2214;
    let first_move = if broken[root] & 0x04 != 0 {
        let len = u32::from_le_bytes(broken[root + 4..root + 8].try_into().expect("4")) as usize;
        root + 8 + len + 2
    } else {
        root + 4 + 2
    };
    broken[first_move] = 200;
    let games = check(&broken);
    let err = games[7].as_ref().expect_err("broken move");
    assert_eq!(err.kind, ChessBridgeErrorKind::InvalidSquare);
    assert_eq!((err.location.game_index, err.location.ply), (7, Some(1)));
    assert_eq!(err.location.byte_offset as usize, first_move - 2);
    assert_eq!(games.iter().filter(|g| g.is_ok()).count(), 37);
    // A used entry after an unused one.
    let mut broken = bytes.clone();
    let unused = 66_624 + 276 * 38;
    let used = 66_624 + 276 * 40;
    broken[used + 8] = 1;
    let games = check(&broken);
    assert_eq!(games.len(), 39);
    let err = games[38].as_ref().expect_err("a hole in the index");
    assert_eq!((err.kind.clone(), err.location.byte_offset), (ChessBridgeErrorKind::IndexGap, used as u64));
    assert!(bytes[unused + 8] == 0);
}

#[test]
fn a_hundred_thousand_nodes_without_recursion() {
    // h0g2 h9g7 g2h0 g7h9 over and over: 120,000 moves in one line, then the same with every record also
    // announcing a sibling, which piles up 120,000 owed alternatives before the data runs out.
    let index = |sq: &str| {
        let b = sq.as_bytes();
        (b'9' - b[1]) * 9 + (b[0] - b'a')
    };
    let cycle = [("h0", "g2"), ("h9", "g7"), ("g2", "h0"), ("g7", "h9")];
    for flags in [0x00, 0x02] {
        let mut bytes = bundled("test2.cbr");
        bytes.truncate(2214);
        bytes.extend([0, 0, 0, 0]);
        for i in 0..120_000 {
            let (from, to) = cycle[i % 4];
            let end = if i == 119_999 { 0x01 } else { 0 };
            bytes.extend([flags | end, 0, index(from), index(to)]);
        }
        let record = match chessbridge::read_cbr(&bytes) {
            Ok(record) => record,
            Err(err) if flags == 0x02 && err.kind == ChessBridgeErrorKind::Truncated => *err.partial.expect("partial"),
            Err(err) => panic!("{err}"),
        };
        assert_eq!(record.tree.main_line_len(), 120_000);
    }
}

#[test]
fn xml_that_is_not_a_record() {
    for (text, kind) in [
        ("", ChessBridgeErrorKind::NotChessBridge),
        ("<html></html>", ChessBridgeErrorKind::NotChessBridge),
        ("hello", ChessBridgeErrorKind::NotChessBridge),
        (
            "<ChineseChessRecord><MoveList></Head></ChineseChessRecord>",
            ChessBridgeErrorKind::Xml("an end tag that closes no open element"),
        ),
        (
            "<ChineseChessRecord><MoveList><Move /></MoveList></ChineseChessRecord>",
            ChessBridgeErrorKind::Xml("a Move without its value"),
        ),
        (
            "<ChineseChessRecord><MoveList><Move value=\"7747\"/></MoveList></ChineseChessRecord>",
            ChessBridgeErrorKind::MalformedMove,
        ),
        (
            "<ChineseChessRecord><MoveList><Move value=\"97-47\"/></MoveList></ChineseChessRecord>",
            ChessBridgeErrorKind::InvalidSquare,
        ),
        (
            "<ChineseChessRecord><Head><FEN>xyz</FEN></Head></ChineseChessRecord>",
            ChessBridgeErrorKind::BadFen(Box::new("xyz".parse::<xiangqi_core::fen::Fen>().unwrap_err())),
        ),
        ("<ChineseChessRecord><MoveList><Move value=\"77-47\"", ChessBridgeErrorKind::Truncated),
    ] {
        let err = chessbridge::read_cbf(text.as_bytes()).expect_err(text);
        assert_eq!(err.kind, kind, "{text}");
        assert_eq!(err.container, Container::Cbf);
        assert!(err.location.line.is_some());
    }
    // A megabyte-long move value is quoted in a bounded message.
    let long = format!(
        "<ChineseChessRecord><MoveList><Move value=\"{}\"/></MoveList></ChineseChessRecord>",
        "7".repeat(1 << 20)
    );
    let err = chessbridge::read_cbf(long.as_bytes()).expect_err("malformed");
    assert!(err.to_string().len() < 400, "{}", err.to_string().len());
    // Moves after the end of the line are ignored with a warning.
    let text = "<ChineseChessRecord><MoveList><Move value=\"00-00\"/><Move value=\"77-47\" end=\"1\"/>\
                <Move value=\"70-62\"/></MoveList></ChineseChessRecord>";
    let game = chessbridge::read_cbf(text.as_bytes()).expect("reads");
    assert_eq!(game.tree.move_count(), 1);
    assert_eq!(game.warnings.len(), 1);
    assert!(game.warnings[0].message.contains("variations are not read"), "{}", game.warnings[0]);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_after_a_magic(magic in 0..3usize, rest in prop::collection::vec(any::<u8>(), 0..4096)) {
        let mut bytes = [&b"CCBridge Record\0\0\0\0\x02"[..], b"CCBridgeLibrary\0", b"<ChineseChessRecord>"][magic].to_vec();
        bytes.extend(rest);
        check(&bytes);
    }

    /// Mutations of the CBR files, aimed at the move records half of the time.
    #[test]
    fn mutated_cbr_files(name in prop::sample::select(&["test.cbr", "test2.cbr"][..]), aimed in any::<bool>(),
                         edits in prop::collection::vec(edit(), 1..6)) {
        let mut bytes = bundled(name);
        for e in &edits {
            apply(&mut bytes, e, if aimed { 2112 } else { 0 });
        }
        check(&bytes);
    }

    #[test]
    fn mutated_cbf_files(name in prop::sample::select(&["test.cbf", "test2.cbf"][..]), edits in prop::collection::vec(edit(), 1..6)) {
        let mut bytes = bundled(name);
        for e in &edits {
            apply(&mut bytes, e, 0);
        }
        check(&bytes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// Mutations of the library's header, index and first records.
    #[test]
    fn mutated_library(edits in prop::collection::vec(edit(), 1..6), aimed in any::<bool>()) {
        let mut bytes = bundled(BUNDLED_LIBRARY);
        bytes.truncate(120_000);
        for e in &edits {
            apply(&mut bytes, e, if aimed { 66_624 } else { 0 });
        }
        check(&bytes);
    }
}
