//! Checks over the game records a reader returns.

use xiangqi_core::encoding::TextEncoding;
use xiangqi_core::pgn::{self, WriteOptions};
use xiangqi_core::record::{GameRecord, Location, MoveTree, RecordError};
use xiangqi_core::xqf::{self, XqfVersion};
use xiangqi_core::{Move, Position};

/// The longest message an error may have, whatever the input: an offending token is quoted at most 64
/// characters long (each written in up to 10 bytes, `\u{10ffff}`), a record error quotes it twice (in
/// its location and in the move error), and the rest of a message is short.
pub const MESSAGE_LIMIT: usize = 2048;

/// Every node of the tree replays legally from its parent's position: each move is played once.
pub fn assert_tree_replays(tree: &MoveTree) {
    let mut stack: Vec<(_, Position)> = vec![(tree.root(), tree.start().clone())];
    while let Some((node, pos)) = stack.pop() {
        for child in tree.children(node) {
            let m = tree.mv(child).expect("only the root has no move");
            let next = pos.clone().play(m).unwrap_or_else(|_| panic!("{m} is not legal in {}", pos.fen()));
            stack.push((child, next));
        }
    }
}

/// The tree's shape in pre-order: each node's ply and move. Two trees with the same shape hold the same
/// lines in the same order.
pub fn shape(tree: &MoveTree) -> Vec<(usize, Move)> {
    tree.preorder().into_iter().filter_map(|id| Some((tree.ply(id), tree.mv(id)?))).collect()
}

/// A record read: its tree replays; a partial record of an error too.
pub fn assert_record_replays(record: &GameRecord) {
    assert_tree_replays(&record.tree);
}

/// An error's location lies inside the input and its message is short, whatever the input's size.
pub fn assert_error_bounded(location: &Location, message: &str, input_len: usize) {
    assert!(location.byte_offset <= input_len as u64, "{message}: offset past the input ({input_len} bytes)");
    assert!(
        message.len() <= MESSAGE_LIMIT,
        "a message of {} bytes: {}",
        message.len(),
        message.chars().take(200).collect::<String>()
    );
}

/// The checks on what a binary reader (XQF, ChessBridge) returned for `bytes`: a game replays, and writes out
/// as XQF (which keeps variations) and reads back to the same tree; an error lies inside the input with a
/// short message, and the game it read up to the problem replays.
pub fn check_binary_read(bytes: &[u8], read: Result<GameRecord, RecordError>) {
    match read {
        Ok(record) => {
            assert_record_replays(&record);
            let again = xqf::read(&xqf::write(&record, XqfVersion::V18)).expect("reads back");
            assert_eq!(shape(&again.tree), shape(&record.tree));
        }
        Err(err) => {
            let location = err.location().expect("a reader's error has a location");
            assert_error_bounded(location, &err.to_string(), bytes.len());
            if let Some(partial) = err.partial() {
                assert_record_replays(partial);
            }
        }
    }
}

/// The PGN target's checks on any bytes: no panic; games numbered without gaps; errors inside the input with
/// short messages; games and partial games replay. The first byte picks the encoding (its two low bits:
/// detected, Big5, GBK or UTF-16LE) and two further checks, each asked of half the inputs so that the reader
/// itself gets most of the executions: reading in two steps (`next_pending`, then `finish`, as the bulk engine
/// does) gives the same games (bit 2), and what was read writes out and reads back (bit 3).
pub fn check_pgn(data: &[u8]) {
    let mode = data.first().copied().unwrap_or(3);
    let encoding = match mode % 4 {
        0 => Some(TextEncoding::Big5),
        1 => Some(TextEncoding::Utf16Le),
        2 => Some(TextEncoding::Gbk),
        _ => None,
    };
    let direct: Vec<_> = pgn::Reader::with_encoding(data, encoding).collect();
    if mode & 4 != 0 {
        let mut reader = pgn::Reader::with_encoding(data, encoding);
        let deferred: Vec<_> =
            std::iter::from_fn(|| reader.next_pending()).map(|r| r.and_then(|p| p.finish())).collect();
        assert_eq!(direct, deferred, "read in two steps");
    }
    let write_back = mode & 8 != 0;
    for (index, game) in direct.into_iter().enumerate() {
        match game {
            Ok(record) => {
                assert_record_replays(&record);
                if write_back {
                    let text = pgn::write(&record, &WriteOptions::default());
                    let again = pgn::read_str(&text).next().expect("one game").expect("reads back");
                    assert_eq!(shape(&again.tree), shape(&record.tree), "{text}");
                }
            }
            Err(err) => {
                assert_eq!(err.location.game_index, index);
                // UTF-16 offsets count two bytes per code unit of the decoded text: a lone byte at the end
                // or bytes that did not decode make them run past the input.
                let len = if encoding == Some(TextEncoding::Utf16Le) { 2 * data.len() + 2 } else { data.len() };
                assert_error_bounded(&err.location, &err.to_string(), len);
                if let Some(partial) = &err.partial {
                    assert_record_replays(partial);
                }
            }
        }
    }
}
