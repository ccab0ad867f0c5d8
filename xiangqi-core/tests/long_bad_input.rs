//! A megabyte of bad input gives a short error message: every parser quotes at most the first 64
//! characters of the offending text, with its byte offset and its length in bytes.

use xiangqi_core::arbiter::RuleSet;
use xiangqi_core::fen::Fen;
use xiangqi_core::quote::QUOTE_LIMIT;
use xiangqi_core::{iccs, notation, Notation, Position, Square};

const MEGABYTE: usize = 1 << 20;

/// The message is short, quotes the text's start and states its full length.
fn short(message: &str, quoted_start: &str, length: usize) {
    assert!(message.len() < 1024, "a message of {} bytes: {}", message.len(), &message[..300]);
    assert!(message.contains(&format!("… ({length} bytes)")), "{message}");
    let prefix: String = quoted_start.chars().take(QUOTE_LIMIT).collect();
    assert!(message.contains(&format!("{prefix:?}")), "{message}");
}

#[test]
fn fen() {
    let board = "r".repeat(MEGABYTE);
    let err = board.parse::<Fen>().unwrap_err();
    assert_eq!(err.offset, 0);
    short(&err.to_string(), &board, MEGABYTE);

    let side = format!("4k4/9/9/9/9/9/9/9/9/4K4 {}", "x".repeat(MEGABYTE));
    let err = side.parse::<Fen>().unwrap_err();
    assert_eq!(err.offset, 24);
    short(&err.to_string(), &side[24..], MEGABYTE);
    short(&Position::from_fen(&side).unwrap_err().to_string(), &side[24..], MEGABYTE);
}

#[test]
fn move_text_in_every_notation() {
    let pos = Position::default();
    for text in ["炮".repeat(MEGABYTE / 3), "C".repeat(MEGABYTE), format!("h2e2{}", "x".repeat(MEGABYTE))] {
        let err = notation::parse(&pos, &text).unwrap_err();
        short(&err.to_string(), &text, text.len());
        for n in Notation::ALL {
            let err = notation::parse_as(&pos, &text, n).unwrap_err();
            short(&err.to_string(), &text, text.len());
        }
    }
    let text = "h".repeat(MEGABYTE);
    short(&iccs::parse(&text).unwrap_err().to_string(), &text, MEGABYTE);
    short(&text.parse::<xiangqi_core::Move>().unwrap_err().to_string(), &text, MEGABYTE);
    short(&text.parse::<Square>().unwrap_err().to_string(), &text, MEGABYTE);
    short(&text.parse::<RuleSet>().unwrap_err().to_string(), &text, MEGABYTE);
}

#[cfg(feature = "records")]
mod records {
    use super::*;
    use xiangqi_core::encoding::TextEncoding;
    use xiangqi_core::record::GameResult;
    use xiangqi_core::{dhtmlxq, pgn};

    #[test]
    fn pgn_move_token_fen_tag_and_format_tag() {
        let token = "x".repeat(MEGABYTE);
        let text = format!("1. h2e2 {token}\n");
        let err = pgn::read_str(&text).next().unwrap().unwrap_err();
        assert_eq!(err.location.byte_offset, 8);
        short(&err.to_string(), &token, MEGABYTE);

        let fen = "r".repeat(MEGABYTE);
        let text = format!("[FEN \"{fen}\"]\n1. h2e2\n");
        short(&pgn::read_str(&text).next().unwrap().unwrap_err().to_string(), &fen, MEGABYTE);

        let text = format!("[Format \"{token}\"]\n1. h2e2\n");
        short(&pgn::read_str(&text).next().unwrap().unwrap_err().to_string(), &token, MEGABYTE);
    }

    #[test]
    fn pgn_warnings() {
        let line = format!("[T{}", "x".repeat(MEGABYTE));
        let text = format!("[Event \"a\"]\n{line}\n1. h2e2 *\n");
        let record = pgn::read_str(&text).next().unwrap().unwrap();
        assert!(record.warnings.iter().any(|w| w.message.contains("unreadable tag line")), "{:?}", record.warnings);
        for warning in &record.warnings {
            assert!(warning.to_string().len() < 1024, "{} bytes", warning.to_string().len());
        }
    }

    #[test]
    fn results_and_encodings() {
        let text = "1".repeat(MEGABYTE);
        short(&text.parse::<GameResult>().unwrap_err().to_string(), &text, MEGABYTE);
        short(&text.parse::<TextEncoding>().unwrap_err().to_string(), &text, MEGABYTE);
    }

    #[test]
    fn dhtmlxq_fen_field() {
        let fen = "r".repeat(MEGABYTE);
        let text =
            format!("[DhtmlXQ][DhtmlXQ_fen]{fen}[/DhtmlXQ_fen][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]");
        let err = dhtmlxq::read_str(&text).remove(0).unwrap_err();
        assert!(err.to_string().len() < 1024, "{} bytes", err.to_string().len());
    }
}
