//! The optional `serde` feature: moves as ICCS text, positions as FEN, vocabulary types by name.
#![cfg(feature = "serde")]

use xiangqi_core::{Color, Move, Piece, Position, Role, Square};

#[test]
fn moves_and_squares_are_iccs_text() {
    let m: Move = "h2e2".parse().unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"h2e2\"");
    assert_eq!(serde_json::from_str::<Move>("\"H2-E2\"").unwrap(), m);
    assert_eq!(serde_json::to_string(&Square::E9).unwrap(), "\"e9\"");
    assert!(serde_json::from_str::<Move>("\"z9e2\"").is_err());
}

#[test]
fn positions_are_fen_and_validated() {
    let pos = Position::default().play("h2e2".parse().unwrap()).unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{}\"", pos.fen()));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    let err = serde_json::from_str::<Position>("\"9/9/9/9/9/9/9/9/9/9 w\"").unwrap_err();
    assert!(err.to_string().contains("no general"), "{err}");
}

#[test]
fn vocabulary_by_name() {
    let piece = Piece::new(Color::Black, Role::Cannon);
    let json = serde_json::to_string(&piece).unwrap();
    assert_eq!(json, r#"{"color":"black","role":"cannon"}"#);
    assert_eq!(serde_json::from_str::<Piece>(&json).unwrap(), piece);
}
