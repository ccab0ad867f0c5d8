//! Composed positions: a few pieces placed at random around the two generals, the kind of sparse board on
//! which pins, screens, facing generals, hidden roots and short mates are common. Only legal placements are
//! kept (the library's own validation).

#![allow(dead_code)]

use super::cycles::Rng;
use xiangqi_core::{Color, Piece, Position, PositionErrorKinds, Role, Setup, Square};

const ROLES: [Role; 6] = [Role::Chariot, Role::Horse, Role::Cannon, Role::Soldier, Role::Advisor, Role::Elephant];

fn random_square(rng: &mut Rng) -> Square {
    Square::new(rng.below(90)).expect("on the board")
}

/// A legal position with both generals and `2..=max_pieces` other pieces, or None after a few tries.
pub fn sparse_position(rng: &mut Rng, max_pieces: usize) -> Option<Position> {
    for _ in 0..50 {
        let mut setup = Setup::empty();
        for color in [Color::Red, Color::Black] {
            let palace: Vec<Square> = Square::all().filter(|sq| sq.in_palace_of(color)).collect();
            setup.board[palace[rng.below(palace.len())].index()] = Some(Piece::new(color, Role::General));
        }
        let count = 2 + rng.below(max_pieces.max(2) - 1);
        for _ in 0..count {
            let color = if rng.below(2) == 0 { Color::Red } else { Color::Black };
            // Attacking pieces more often than defenders.
            let role = ROLES[[0, 0, 1, 1, 2, 2, 3, 3, 4, 5][rng.below(10)]];
            let sq = random_square(rng);
            if setup.board[sq.index()].is_none() {
                setup.board[sq.index()] = Some(Piece::new(color, role));
            }
        }
        setup.turn = if rng.below(2) == 0 { Color::Red } else { Color::Black };
        if let Ok(pos) = Position::from_setup(setup, PositionErrorKinds::EMPTY) {
            if pos.legal_moves().len() > 1 {
                return Some(pos);
            }
        }
    }
    None
}
