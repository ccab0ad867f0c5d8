//! What the record formats share about boards: the 32 piece slots XQF and DhtmlXQ list a board in, and
//! the placement rules a composed start position may break.

use crate::{Color, Piece, Position, PositionError, PositionErrorKinds, Role, Setup, Square};

/// The piece of each slot: red chariot, horse, elephant, advisor, general, advisor, elephant, horse,
/// chariot, two cannons and five soldiers, then black's in the same order. A slot names a kind of piece,
/// not one piece: either chariot may stand in the first chariot slot.
pub(crate) const SLOT_PIECES: [Piece; 32] = {
    use Role::*;
    const ORDER: [Role; 16] = [
        Chariot, Horse, Elephant, Advisor, General, Advisor, Elephant, Horse, Chariot, Cannon, Cannon, Soldier,
        Soldier, Soldier, Soldier, Soldier,
    ];
    let mut pieces = [Piece::new(Color::Red, General); 32];
    let mut i = 0;
    while i < 16 {
        pieces[i] = Piece::new(Color::Red, ORDER[i]);
        pieces[i + 16] = Piece::new(Color::Black, ORDER[i]);
        i += 1;
    }
    pieces
};

/// The square of each slot in a position, slots filled in board order; `None` for a piece the position
/// does not have. A legal position never has more pieces of a kind than there are slots for it.
pub(crate) fn slot_squares(pos: &Position) -> [Option<Square>; 32] {
    let mut squares = [None; 32];
    for (sq, piece) in pos.pieces() {
        if let Some(slot) = (0..32).find(|&i| SLOT_PIECES[i] == piece && squares[i].is_none()) {
            squares[slot] = Some(sq);
        }
    }
    squares
}

/// The placement rules composed positions break on purpose: an advisor, an elephant or a soldier where
/// it can never arrive in a game.
pub(crate) const COMPOSED: PositionErrorKinds = PositionErrorKinds::ADVISOR_PLACEMENT
    .union(PositionErrorKinds::ELEPHANT_PLACEMENT)
    .union(PositionErrorKinds::SOLDIER_PLACEMENT);

/// A start position, accepting the [`COMPOSED`] placement problems; with them, a warning that names
/// them.
pub(crate) fn composed_position(setup: Setup) -> Result<(Position, Option<String>), PositionError> {
    match Position::from_setup(setup.clone(), PositionErrorKinds::EMPTY) {
        Ok(pos) => Ok((pos, None)),
        Err(strict) => {
            let pos = Position::from_setup(setup, COMPOSED)?;
            let warning = format!("the start position breaks placement rules ({}); read as given", strict.kinds());
            Ok((pos, Some(warning)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_of_the_start_position() {
        let squares = slot_squares(&Position::default());
        assert!(squares.iter().all(Option::is_some));
        for (slot, sq) in squares.iter().enumerate() {
            assert_eq!(Position::default().piece_at(sq.unwrap()), Some(SLOT_PIECES[slot]));
        }
    }

    #[test]
    fn composed_positions_are_accepted_with_a_warning() {
        let setup = "4k4/9/9/9/9/9/9/4A4/9/4K4 w".parse::<crate::fen::Fen>().unwrap().into_setup();
        let (_, warning) = composed_position(setup).unwrap();
        assert!(warning.unwrap().contains("advisor-placement"));
        let (_, warning) = composed_position(Setup::start()).unwrap();
        assert!(warning.is_none());
        let no_general = "9/9/9/9/9/9/9/9/9/4K4 w".parse::<crate::fen::Fen>().unwrap().into_setup();
        assert!(composed_position(no_general).is_err());
    }
}
