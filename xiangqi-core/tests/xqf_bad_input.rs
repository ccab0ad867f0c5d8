//! The XQF reader never panics and never trusts a length: arbitrary bytes, real files with bytes changed,
//! cut, inserted or removed, and files claiming comments far longer than themselves. What comes out is a
//! game whose every move is legal, or an error naming an offset inside the data. No single allocation grows
//! with a length the file states, only with the file's size.

#![cfg(feature = "records")]

mod allocation_support;
mod byte_edits;
mod records_support;

use records_support::xqf as xqf_files;

use byte_edits::{apply, edit, Edit};
use proptest::prelude::*;
use xiangqi_core::record::GameRecord;
use xiangqi_core::xqf::{self, IllegalVariations, ReadOptions, XqfErrorKind, XqfVersion};
use xiangqi_core::Position;

/// The files the mutations start from.
const BASES: [&str; 6] = [
    "SAMPLE.XQF",
    "test_5_variations.xqf",
    "de039b859076.xqf",
    "2df2d553b1a6.xqf",
    "2f6a5e9aa39d.xqf",
    "WildHouse.xqf",
];

/// Every line of a game replays legally from its start.
fn assert_legal(record: &GameRecord) {
    for line in record.tree.lines() {
        let mut pos = record.start().clone();
        for m in line {
            pos = pos.play(m).expect("every move in a record is legal");
        }
    }
}

/// Reads the bytes both ways and checks what comes out; returns the largest allocation made.
fn check(bytes: &[u8]) -> usize {
    let (results, largest) = allocation_support::largest_allocation(|| {
        [xqf::read(bytes), xqf::read_with(bytes, &ReadOptions { illegal_variations: IllegalVariations::Error })]
    });
    for result in results {
        match result {
            Ok(record) => {
                assert_legal(&record);
                assert!(xqf::read(&xqf::write(&record, XqfVersion::V18)).is_ok());
            }
            Err(err) => {
                assert!(err.location.byte_offset <= bytes.len() as u64, "{err} past the end ({})", bytes.len());
                assert_eq!(err.location.game_index, 0);
                assert!(!err.to_string().is_empty());
                if let Some(partial) = &err.partial {
                    assert_legal(partial);
                }
            }
        }
    }
    // The tree takes some tens of bytes per four-byte record; nothing else is allowed to grow.
    let bound = 64 * 1024 + 64 * bytes.len();
    assert!(largest <= bound, "an allocation of {largest} bytes for {} bytes of input", bytes.len());
    largest
}

/// Mutations aimed at the records (after the 1,024-byte header), where they matter most.
fn record_edit() -> impl Strategy<Value = Edit> {
    (0x400..0x500usize, any::<u8>()).prop_map(|(at, byte)| Edit::Set(at, byte))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        check(&bytes);
    }

    #[test]
    fn arbitrary_bytes_after_the_magic(version in 0..=20u8, rest in prop::collection::vec(any::<u8>(), 0..2048)) {
        let mut bytes = vec![b'X', b'Q', version];
        bytes.extend(rest);
        check(&bytes);
    }

    #[test]
    fn mutated_real_files(
        base in prop::sample::select(&BASES[..]),
        edits in prop::collection::vec(prop_oneof![edit(), record_edit()], 1..6),
    ) {
        let mut bytes = xqf_files::bundled(base);
        for e in &edits {
            apply(&mut bytes, e, 0);
        }
        check(&bytes);
    }

    /// SAMPLE.XQF's root record has a comment: any stored length, once decrypted, must be clamped.
    #[test]
    fn any_root_comment_length(stored in any::<u32>()) {
        let mut bytes = xqf_files::bundled("SAMPLE.XQF");
        bytes[0x404..0x408].copy_from_slice(&stored.to_le_bytes());
        check(&bytes);
    }
}

/// A small file (header, root, one move) whose records are written by hand.
fn version_10_file(records: &[[u8; 4]], comment_lengths: &[i32]) -> Vec<u8> {
    let mut bytes = xqf::write(&GameRecord::new(Position::default()), XqfVersion::V10);
    bytes.truncate(0x400);
    for (record, len) in records.iter().zip(comment_lengths) {
        bytes.extend(record);
        bytes.extend(len.to_le_bytes());
    }
    bytes
}

#[test]
fn a_two_gigabyte_comment_in_a_small_file() {
    // Root with a next move, then h2e2 claiming a comment of i32::MAX bytes, followed by 900 bytes.
    let mut bytes = version_10_file(&[[0x18, 0x20, 0xF0, 0xFF], [72 + 24, 42 + 32, 0, 0]], &[0, i32::MAX]);
    bytes.extend(b"x".repeat(900));
    let largest = check(&bytes);
    // The comment text itself is the largest allocation: the 900 bytes present, decoded.
    assert!((900..64 * 1024).contains(&largest), "{largest}");
    let record = xqf::read(&bytes).expect("reads");
    let first = record.tree.first_child(record.tree.root()).expect("h2e2");
    assert_eq!(record.tree.comment(first).map(str::len), Some(900));
    assert_eq!(record.warnings.len(), 1, "{:?}", record.warnings);
    assert!(record.warnings[0].message.contains("past the end"), "{}", record.warnings[0]);

    // The same claim in the version-18 zero-key layout: length + 767, after the comment flag 0x20.
    let mut game = GameRecord::from_moves(Position::default(), ["h2e2".parse().expect("ICCS")]).expect("legal");
    let root = game.tree.root();
    game.tree.set_comment(root, "x".repeat(900));
    let mut bytes = xqf::write(&game, XqfVersion::V18);
    bytes[0x404..0x408].copy_from_slice(&i32::MAX.to_le_bytes());
    check(&bytes);
    // The comment takes the rest of the data, so the move the root announces is missing: a cut file, with
    // the comment as read in the partial game.
    let err = xqf::read(&bytes).expect_err("cut");
    assert_eq!(err.kind, XqfErrorKind::Truncated);
    assert_eq!(err.location.byte_offset, bytes.len() as u64);
    let record = err.partial.expect("partial game");
    assert_eq!(record.tree.comment(record.tree.root()).map(str::len), Some(bytes.len() - 0x408));
}

#[test]
fn negative_and_absurd_comment_lengths_mean_no_comment() {
    for len in [-1, i32::MIN, 0] {
        let bytes = version_10_file(&[[0x18, 0x20, 0x00, 0xFF]], &[len]);
        let record = xqf::read(&bytes).expect("reads");
        assert_eq!(record.tree.comment(record.tree.root()), None);
        assert!(record.warnings.is_empty());
    }
}

#[test]
fn a_file_cut_inside_its_moves_is_truncated_with_the_offset() {
    // The root announces a move; the data ends where its record should start.
    let bytes = version_10_file(&[[0x18, 0x20, 0xF0, 0xFF]], &[0]);
    let err = xqf::read(&bytes).expect_err("a tree cut short is an error");
    assert_eq!(err.kind, XqfErrorKind::Truncated);
    assert_eq!((err.location.byte_offset, err.location.ply), (bytes.len() as u64, Some(1)));
    assert!(err.partial.as_ref().expect("the game before the cut").tree.is_empty());
    assert!(err.to_string().contains("cut short"), "{err}");

    // The data ends inside the second record: the first move is kept in the partial game.
    let mut bytes = version_10_file(&[[0x18, 0x20, 0xF0, 0xFF], [72 + 24, 42 + 32, 0xF0, 0]], &[0, 0]);
    let cut = bytes.len() as u64;
    bytes.extend([79 + 24, 67 + 32, 0]);
    let err = xqf::read(&bytes).expect_err("cut inside a record");
    assert_eq!(err.kind, XqfErrorKind::Truncated);
    assert_eq!((err.location.byte_offset, err.location.ply), (cut, Some(2)));
    let partial = err.partial.expect("partial game");
    assert_eq!(partial.main_line().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2"]);

    // A real game cut after a few of its moves, at every length past the root record: never a shorter
    // game without an error.
    let game = GameRecord::from_moves(
        Position::default(),
        ["h2e2", "h9g7", "h0g2", "i9h9"].iter().map(|m| m.parse().expect("ICCS")),
    )
    .expect("legal");
    for version in [XqfVersion::V10, XqfVersion::V18] {
        let whole = xqf::write(&game, version);
        assert_eq!(xqf::read(&whole).expect("whole").tree.main_line_len(), 4);
        for len in 0x408..whole.len() {
            let err = xqf::read(&whole[..len]).expect_err("cut");
            assert_eq!(err.kind, XqfErrorKind::Truncated, "{version:?} cut at {len}");
            let partial = err.partial.expect("partial");
            assert!(partial.tree.main_line_len() < 4);
            assert!(err.location.byte_offset <= len as u64);
        }
    }
}

#[test]
fn typed_errors() {
    let kind = |bytes: &[u8]| xqf::read(bytes).unwrap_err().kind;
    assert_eq!(kind(b""), XqfErrorKind::NotXqf);
    assert_eq!(kind(b"XQ"), XqfErrorKind::TruncatedHeader);
    assert_eq!(kind(&[b'X', b'Q', 19]), XqfErrorKind::NewerVersion(19));
    // A square off the board in the main line: the token is the record's stored bytes.
    let bytes = version_10_file(&[[0x18, 0x20, 0xF0, 0xFF], [200, 42 + 32, 0, 0]], &[0, 0]);
    let err = xqf::read(&bytes).unwrap_err();
    assert_eq!(err.kind, XqfErrorKind::InvalidSquare);
    assert_eq!((err.location.byte_offset, err.location.ply), (0x408, Some(1)));
    assert_eq!(err.location.token.as_deref(), Some("c84a0000"));
    assert!(err.partial.expect("partial game").tree.is_empty());
    // No general: not a position.
    let mut bytes = version_10_file(&[[0x18, 0x20, 0x00, 0xFF]], &[0]);
    bytes[0x10 + 4] = 0xFF;
    assert!(matches!(kind(&bytes), XqfErrorKind::InvalidPosition(_)));
}

#[test]
fn a_hundred_thousand_nodes_without_recursion() {
    // h0g2 h9g7 g2h0 g7h9 over and over: 120,000 moves in one line, then the same with every record also
    // announcing a sibling, which piles up 120,000 owed alternatives before the data runs out.
    let cycle: [[u8; 2]; 4] = [[70, 62], [79, 67], [62, 70], [67, 79]];
    for flags in [0xF0, 0xFF] {
        let mut records = vec![[0x18, 0x20, 0xF0, 0xFF]];
        records.extend((0..120_000).map(|i| {
            let [from, to] = cycle[i % 4];
            [from + 24, to + 32, if i == 119_999 { flags & 0x0F } else { flags }, 0]
        }));
        let bytes = version_10_file(&records, &vec![0; records.len()]);
        let record = match xqf::read(&bytes) {
            Ok(record) => record,
            // The owed alternatives are missing: the file is cut, and the main line is in the partial game.
            Err(err) if flags == 0xFF && err.kind == XqfErrorKind::Truncated => *err.partial.expect("partial"),
            Err(err) => panic!("{err}"),
        };
        assert_eq!(record.tree.main_line_len(), 120_000);
        check(&bytes);
    }
}
