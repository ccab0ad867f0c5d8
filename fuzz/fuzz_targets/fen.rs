//! Any text as FEN, strict and lenient: no panic; what reads writes out and reads back equal; errors
//! point inside the text and stay short.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::fen::{Fen, FenError};
use xiangqi_core::{Position, PositionErrorKinds};
use xiangqi_fuzz::records::MESSAGE_LIMIT;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match text.parse::<Fen>() {
        Ok(fen) => {
            let written = fen.to_string();
            let again: Fen = written.parse().unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
            assert_eq!(again, fen, "{written:?}");
            let strict = fen.clone().into_position(PositionErrorKinds::EMPTY);
            let lenient = fen.into_position(PositionErrorKinds::WAIVABLE);
            match (&strict, &lenient) {
                (Ok(s), Ok(l)) => assert_eq!(s, l),
                (Ok(_), Err(e)) => panic!("strict accepts what lenient refuses: {e}"),
                (Err(e), _) => assert!(e.to_string().len() <= MESSAGE_LIMIT * 4, "{} bytes", e.to_string().len()),
            }
            assert_eq!(Position::from_fen(&text).ok(), strict.ok());
            if let Ok(pos) = lenient {
                let fen = pos.fen();
                let read: Fen = fen.parse().expect("a written FEN reads");
                assert_eq!(read.into_position(PositionErrorKinds::WAIVABLE).as_ref(), Ok(&pos), "{fen}");
                for m in pos.legal_moves() {
                    assert!(pos.clone().play(m).is_ok());
                }
            }
        }
        Err(err) => {
            assert!(err.offset <= text.len(), "{err}");
            let message = FenError::Parse(err).to_string();
            assert!(
                message.len() <= MESSAGE_LIMIT,
                "{} bytes: {}",
                message.len(),
                message.chars().take(200).collect::<String>()
            );
        }
    }
});
