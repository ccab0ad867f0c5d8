//! Material values of the repetition rules (article 25.3), with the floating value of a crossed soldier.
//!
//! Values are in half units: chariot 4, horse and cannon 2, advisor and elephant 1. A soldier is valued
//! *against* the side whose gain is judged: one it wins counts ½ (1), one it gives up counts 1 (2). An
//! uncrossed soldier is no material (never a target) but still costs ½ when given up, so that trading one
//! for a minor piece is no gain either.

use crate::{Piece, Role, Square};

/// Value (half units) of `piece` on `sq` when the judged side wins it.
pub(crate) fn won_value(piece: Piece, sq: Square) -> i32 {
    match piece.role {
        Role::Chariot => 4,
        Role::Horse | Role::Cannon => 2,
        Role::Advisor | Role::Elephant => 1,
        Role::Soldier if is_crossed(piece, sq) => 1,
        Role::Soldier | Role::General => 0,
    }
}

/// Value (half units) of `piece` on `sq` when the judged side gives it up.
pub(crate) fn lost_value(piece: Piece, sq: Square) -> i32 {
    match piece.role {
        Role::Chariot => 4,
        Role::Horse | Role::Cannon => 2,
        Role::Advisor | Role::Elephant => 1,
        Role::Soldier if is_crossed(piece, sq) => 2,
        Role::Soldier => 1,
        Role::General => 0,
    }
}

/// The nominal value (half units) used to compare an attacker with its target: a soldier counts 1 (½).
pub(crate) const fn nominal_value(role: Role) -> i32 {
    match role {
        Role::Chariot => 4,
        Role::Horse | Role::Cannon => 2,
        Role::Advisor | Role::Elephant | Role::Soldier => 1,
        Role::General => 0,
    }
}

/// Whether a piece counts as material (子力) on `sq`: everything but the general and an uncrossed soldier.
pub(crate) fn is_material(piece: Piece, sq: Square) -> bool {
    match piece.role {
        Role::General => false,
        Role::Soldier => is_crossed(piece, sq),
        _ => true,
    }
}

/// A soldier on the far side of the river.
pub(crate) fn is_crossed(piece: Piece, sq: Square) -> bool {
    !sq.is_on_side_of(piece.color)
}

fn is_officer(role: Role) -> bool {
    !matches!(role, Role::Soldier | Role::General)
}

/// The running material account of a line of play, from the judged side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Balance {
    /// Value won minus value given up (half units).
    pub(crate) net: i32,
    /// The judged side has won a piece other than a soldier.
    pub(crate) won_officer: bool,
    /// The judged side has given up a piece other than a soldier.
    pub(crate) lost_officer: bool,
}

impl Balance {
    pub(crate) fn won(self, piece: Piece, sq: Square) -> Balance {
        Balance {
            net: self.net + won_value(piece, sq),
            won_officer: self.won_officer || is_officer(piece.role),
            lost_officer: self.lost_officer,
        }
    }

    pub(crate) fn lost(self, piece: Piece, sq: Square) -> Balance {
        Balance {
            net: self.net - lost_value(piece, sq),
            won_officer: self.won_officer,
            lost_officer: self.lost_officer || is_officer(piece.role),
        }
    }

    /// The account after `m` is played in `pos`, by the judged side when `ours`: what it takes is won or lost.
    #[inline]
    pub(crate) fn after(self, pos: &crate::Position, m: crate::Move, ours: bool) -> Balance {
        match pos.piece_at(m.to) {
            Some(victim) => {
                if ours {
                    self.won(victim, m.to)
                } else {
                    self.lost(victim, m.to)
                }
            }
            None => self,
        }
    }

    /// The score of the line: giving up pieces for soldiers only is never a gain (25.3).
    pub(crate) fn score(self) -> i32 {
        if self.lost_officer && !self.won_officer {
            self.net.min(0)
        } else {
            self.net
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;

    #[test]
    fn floating_soldier() {
        let red_pawn = Piece::new(Color::Red, Role::Soldier);
        let black_horse = Piece::new(Color::Black, Role::Horse);
        let black_rook = Piece::new(Color::Black, Role::Chariot);
        // Red gives a crossed soldier for a horse: no gain.
        let b = Balance::default().won(black_horse, Square::E7).lost(red_pawn, Square::E7);
        assert_eq!(b.score(), 0);
        // ... for a chariot: a gain.
        let b = Balance::default().won(black_rook, Square::E7).lost(red_pawn, Square::E7);
        assert!(b.score() > 0);
        // A horse given up for two crossed soldiers: never a gain.
        let black_pawn = Piece::new(Color::Black, Role::Soldier);
        let red_horse = Piece::new(Color::Red, Role::Horse);
        let b = Balance::default()
            .won(black_pawn, Square::E3)
            .won(black_pawn, Square::D3)
            .won(black_pawn, Square::C3)
            .lost(red_horse, Square::E3);
        assert_eq!(b.score(), 0);
        // A lone crossed soldier won is a gain.
        assert_eq!(Balance::default().won(black_pawn, Square::E3).score(), 1);
        // An uncrossed one is not.
        assert_eq!(Balance::default().won(black_pawn, Square::E6).score(), 0);
    }
}
