//! Any bytes into the PGN reader (the first byte picks the encoding: detected, Big5, GBK or UTF-16LE):
//! no panic; games numbered without gaps; errors inside the input with short messages; games and partial
//! games replay; what was read writes out and reads back; reading in two steps (`next_pending`, then
//! `finish`, as the bulk engine does) gives the same games.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::encoding::TextEncoding;
use xiangqi_core::pgn::{self, WriteOptions};
use xiangqi_fuzz::records::{assert_error_bounded, assert_record_replays, shape};

fuzz_target!(|data: &[u8]| {
    let encoding = match data.first().map(|b| b % 4) {
        Some(0) => Some(TextEncoding::Big5),
        Some(1) => Some(TextEncoding::Utf16Le),
        Some(2) => Some(TextEncoding::Gbk),
        _ => None,
    };
    let direct: Vec<_> = pgn::Reader::with_encoding(data, encoding).collect();
    let mut reader = pgn::Reader::with_encoding(data, encoding);
    let deferred: Vec<_> = std::iter::from_fn(|| reader.next_pending()).map(|r| r.and_then(|p| p.finish())).collect();
    assert_eq!(direct, deferred, "read in two steps");
    for (index, game) in direct.into_iter().enumerate() {
        match game {
            Ok(record) => {
                assert_record_replays(&record);
                let text = pgn::write(&record, &WriteOptions::default());
                let again = pgn::read_str(&text).next().expect("one game").expect("reads back");
                assert_eq!(shape(&again.tree), shape(&record.tree), "{text}");
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
});
