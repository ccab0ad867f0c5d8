//! The start position a game's `FEN` tag gives.

use crate::fen::{Fen, FenError};
use crate::record::board::{composed_position, COMPOSED};
use crate::Position;

/// The start position from the `FEN` tag (the standard start without one). The side field may be `w`,
/// `r` or `b` in either case; anything else (or none) leaves the side to the first move. Returns the
/// position, whether the side was stated, and the placement problems let through.
pub(super) fn start_position(fen: Option<&str>) -> Result<(Position, bool, Option<String>), FenError> {
    let Some(fen) = fen.map(str::trim).filter(|f| !f.is_empty()) else {
        return Ok((Position::default(), true, None));
    };
    let mut fields = fen.split_whitespace();
    let board = fields.next().unwrap_or("");
    let side = fields.next().map(str::to_ascii_lowercase);
    let side_known = matches!(side.as_deref(), Some("w" | "r" | "b"));
    let parsed: Fen = match fen.parse() {
        Ok(parsed) if side_known => parsed,
        _ => {
            let side = if side.as_deref() == Some("b") { "b" } else { "w" };
            format!("{board} {side}").parse()?
        }
    };
    let (pos, warning) = composed_position(parsed.into_setup())?;
    Ok((pos, side_known, warning))
}

/// The same position with the other side to move, if that is a legal position.
pub(super) fn with_other_side(pos: &Position) -> Option<Position> {
    let mut setup = pos.to_setup();
    setup.turn = !setup.turn;
    Position::from_setup(setup, COMPOSED).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_sides() {
        let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
        assert!(start_position(Some(&format!("{board} r - - 0 1"))).unwrap().1);
        let (pos, known, _) = start_position(Some(&format!("{board} -b"))).unwrap();
        assert!(!known);
        assert_eq!(pos.turn(), crate::Color::Red);
        assert!(start_position(Some("9/9/9/9/9/9/9/9/9/9 w")).is_err());
    }
}
