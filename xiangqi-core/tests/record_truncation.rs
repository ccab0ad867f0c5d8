//! Records that are cut short, malformed tags, and sources without a game: reported, never silently
//! shortened or dropped.

#![cfg(feature = "records")]

use xiangqi_core::pgn::{self, PgnErrorKind};
use xiangqi_core::record::{GameResult, RecordError, Records};

const GAME: &str = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 1-0\n";

fn games(text: &str) -> Vec<Result<xiangqi_core::record::GameRecord, pgn::PgnError>> {
    pgn::read_str(text).collect()
}

#[test]
fn a_whole_game_is_not_truncated() {
    let read = games(GAME);
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].as_ref().expect("whole").main_line().count(), 6);
}

#[test]
fn a_game_cut_mid_line_is_truncated_at_the_end_of_the_source() {
    let cut = &GAME[..GAME.find("i0h0").expect("present")];
    let read = games(cut);
    assert_eq!(read.len(), 1);
    let err = read[0].as_ref().expect_err("cut short");
    assert_eq!(err.kind, PgnErrorKind::Truncated);
    assert_eq!(err.location.byte_offset, cut.len() as u64);
    assert_eq!(err.location.line, Some(4));
    assert_eq!(err.location.ply, Some(5));
    let partial = err.partial.as_ref().expect("partial game");
    assert_eq!(partial.main_line().count(), 4);
    assert!(err.to_string().contains("cut short"), "{err}");
}

#[test]
fn a_game_cut_at_a_line_end_is_truncated_when_the_source_uses_markers() {
    // The Result tag states a result, the movetext never gets to it.
    let cut = "[Result \"1-0\"]\n1. h2e2 h9g7\n2. h0g2\n";
    assert_eq!(games(cut)[0].as_ref().expect_err("cut").kind, PgnErrorKind::Truncated);
    // The first game ends with a marker, the second (without a Result tag) does not.
    let two = "1. h2e2 h9g7 *\n\n[Event \"2\"]\n1. h2e2 b9c7\n";
    let read = games(two);
    assert!(read[0].is_ok());
    assert_eq!(read[1].as_ref().expect_err("cut").kind, PgnErrorKind::Truncated);
    // Inside an open comment or variation.
    for text in ["1. h2e2 {a comment\n", "1. h2e2 (1. b2e2 b9c7\n"] {
        assert_eq!(games(text)[0].as_ref().expect_err(text).kind, PgnErrorKind::Truncated, "{text}");
    }
}

#[test]
fn files_written_without_markers_are_whole() {
    // As some databases write them: no termination marker anywhere, every line ended.
    let text = "[Event \"x\"]\n\n1. h2e2 h9g7 \n\n[Event \"y\"]\n\n1. b2e2 b9c7 \n";
    let read = games(text);
    assert_eq!(read.len(), 2);
    assert!(read.iter().all(Result::is_ok), "{read:?}");
}

#[test]
fn a_tag_without_its_bracket_and_an_open_comment_do_not_merge_games() {
    let text = "[Event \"one\"]\n[Result \"1-0\"\n\n1. h2e2 {open h9g7 1-0\n\n\
                [Event \"two\"]\n[Result \"0-1\"]\n\n1. b2e2 b9c7 0-1\n\n\
                [Event \"three\"]\n\n1. h2e2 h9g7 *\n";
    let read = games(text);
    assert_eq!(read.len(), 3, "{read:?}");
    let first = read[0].as_ref().expect("first game");
    assert_eq!(first.tags.get("Result"), Some("1-0"));
    assert_eq!(first.result, GameResult::RedWins);
    let bracket = first.warnings.iter().find(|w| w.message.contains("lacks its `]`")).expect("a warning");
    assert_eq!((bracket.line, bracket.byte_offset), (Some(2), Some(14)));
    assert!(first.warnings.iter().any(|w| w.message.contains("still open") && w.line == Some(4)));
    assert_eq!(read[1].as_ref().expect("second").main_line().count(), 2);
    assert_eq!(read[2].as_ref().expect("third").tags.get("Event"), Some("three"));
}

#[test]
fn an_unclosed_tag_value_does_not_swallow_the_movetext() {
    let text = "[Event \"x\"]\n[Date \"2005\n\n1. h2e2 h9g7 *\n";
    let read = games(text);
    assert_eq!(read.len(), 1);
    let game = read[0].as_ref().expect("read");
    assert_eq!(game.main_line().count(), 2);
    assert_eq!(game.tags.get("Date").map(str::trim), Some("2005"));
    let warning = game.warnings.iter().find(|w| w.message.contains("not closed")).expect("a warning");
    assert_eq!((warning.line, warning.byte_offset), (Some(2), Some(12)));
}

#[test]
fn a_move_cut_off_by_the_end_of_the_source_is_truncation() {
    let cut = &GAME[..GAME.find("i0h0").expect("present") + 2];
    let err = games(cut).remove(0).expect_err("cut");
    assert_eq!(err.kind, PgnErrorKind::Truncated);
    assert_eq!(err.location.byte_offset, cut.len() as u64);
    // The same token with a line end after it is a bad move, not a cut.
    let err = games(&format!("{cut}\n")).remove(0).expect_err("bad move");
    assert!(matches!(err.kind, PgnErrorKind::Move(_)), "{err}");
    // A whole move that is not legal, at the very end: a bad move, not a cut.
    let err = games("1. h2e2 h9g7 2. h0h5").remove(0).expect_err("bad move");
    assert!(matches!(err.kind, PgnErrorKind::Move(_)), "{err}");
    // A Chinese move cut after its third character.
    let err = games("1. 炮二平五 马８进").remove(0).expect_err("cut");
    assert_eq!(err.kind, PgnErrorKind::Truncated);
}

#[test]
fn a_source_without_a_game_says_so() {
    for bytes in [&b""[..], b"\n\n  \n", b"\xEF\xBB\xBF"] {
        let items: Vec<_> = Records::from_reader(bytes, None, Some("pgn"), None).expect("opens").collect();
        assert_eq!(items.len(), 1, "{bytes:?}");
        match &items[0] {
            Err(RecordError::NoGame { bytes: n }) => assert_eq!(*n, bytes.len() as u64),
            other => panic!("{bytes:?}: {other:?}"),
        }
    }
    let (_, read) = xiangqi_core::record::read_bytes(b"", Some("xqf"));
    assert_eq!(read.len(), 1);
    assert!(read[0].is_err());
}

#[test]
fn truncation_is_visible_through_any_record_reader() {
    let cut = &GAME.as_bytes()[..GAME.len() - 12];
    let items: Vec<_> = Records::from_reader(cut, None, None, None).expect("opens").collect();
    assert_eq!(items.len(), 1);
    let err = items[0].as_ref().expect_err("cut");
    assert!(err.is_truncated());
    assert_eq!(err.location().expect("located").byte_offset, cut.len() as u64);
    assert_eq!(err.partial().expect("partial").main_line().count(), 4);
}
