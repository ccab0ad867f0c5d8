//! Any bytes into the PGN reader, in every encoding: no panic, errors inside the input, games that replay.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::encoding::TextEncoding;
use xiangqi_core::pgn::{self, WriteOptions};

fuzz_target!(|data: &[u8]| {
    for encoding in [None, Some(TextEncoding::Big5), Some(TextEncoding::Utf16Le)] {
        for (index, game) in pgn::Reader::with_encoding(data, encoding).enumerate() {
            match game {
                Ok(record) => {
                    let mut pos = record.start().clone();
                    for m in record.main_line() {
                        pos = pos.play(m).expect("a game holds legal moves");
                    }
                    // What was read writes out and reads back.
                    let text = pgn::write(&record, &WriteOptions::default());
                    let again = pgn::read_str(&text).next().expect("one game").expect("reads back");
                    assert_eq!(again.main_line().collect::<Vec<_>>(), record.main_line().collect::<Vec<_>>());
                }
                Err(err) => {
                    assert_eq!(err.location.game_index, index);
                    if encoding != Some(TextEncoding::Utf16Le) {
                        assert!(err.location.byte_offset <= data.len() as u64);
                    }
                }
            }
        }
    }
});
