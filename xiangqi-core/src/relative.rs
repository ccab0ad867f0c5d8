//! The model WXF and Chinese notation share: a move is a piece, its origin (a file, or a place among the
//! pieces of its kind on one file), a direction and a number, all seen from the mover's seat.
//!
//! [`describe`] turns a move into those facts for the writers; [`resolve`] turns what a reader found in
//! a text back into the one legal move it names.

mod describe;
mod resolve;

pub(crate) use describe::{describe, Description, Tandem};
pub(crate) use resolve::{resolve_first, Failure, Query, Selector};

use arrayvec::ArrayVec;

use crate::notation::{ParseMoveError, ParseMoveErrorKind};
use crate::{Color, Move, Notation, Position, Role, Square};

/// What a WXF or Chinese text says, whatever the position: its readings (the first that names a single
/// legal move wins) and the offset an error of resolution points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reading {
    pub notation: Notation,
    pub queries: ArrayVec<Query, 3>,
    pub start: usize,
}

impl Reading {
    /// The one legal move of `pos` the text names, or why there is none.
    pub(crate) fn resolve(&self, pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
        resolve_first(pos, &self.queries).map_err(|failure| {
            ParseMoveError::new(text, Some(self.notation), self.start, ParseMoveErrorKind::from(failure))
        })
    }
}

/// Which way a piece goes, from the mover's seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    /// 进, `+`: towards the opponent.
    Forward,
    /// 退, `-`: towards the mover's own back rank.
    Backward,
    /// 平, `=`: along the rank.
    Sideways,
}

/// The bit sets of the nine files, `a` to `i`.
pub(crate) static FILE_MASKS: [u128; 9] = {
    let mut masks = [0u128; 9];
    let mut sq = 0;
    while sq < 90 {
        masks[sq % 9] |= 1u128 << sq;
        sq += 1;
    }
    masks
};

/// The file number 1..9 that `color` gives the board file `file` (0..9, `a`..`i`): each side counts from
/// its own right-hand side.
pub(crate) const fn file_number(color: Color, file: u8) -> u8 {
    match color {
        Color::Red => 9 - file,
        Color::Black => file + 1,
    }
}

/// The board file (0..9) that `color` calls `number` (1..9).
pub(crate) const fn board_file(color: Color, number: u8) -> u8 {
    match color {
        Color::Red => 9 - number,
        Color::Black => number - 1,
    }
}

/// Whether the role moves along lines and so counts ranks when it goes forward or back (general, chariot,
/// cannon, soldier); the others (advisor, elephant, horse) always name the file they land on.
pub(crate) const fn counts_ranks(role: Role) -> bool {
    matches!(role, Role::General | Role::Chariot | Role::Cannon | Role::Soldier)
}

/// Where a piece of `role` and `color` on `from` lands when it goes `direction` with the notation's
/// `number`, or `None` if no such step exists (it may still be illegal in a position).
pub(crate) fn destination(from: Square, role: Role, color: Color, direction: Direction, number: u8) -> Option<Square> {
    if !(1..=9).contains(&number) {
        return None;
    }
    let forward: i8 = if color == Color::Red { 1 } else { -1 };
    let sign = match direction {
        Direction::Forward => forward,
        Direction::Backward => -forward,
        Direction::Sideways => 0,
    };
    let dfile = board_file(color, number) as i8 - from.file() as i8;
    if counts_ranks(role) {
        return match direction {
            Direction::Sideways if dfile != 0 => from.offset(dfile, 0),
            Direction::Sideways => None,
            _ => from.offset(0, sign * number as i8),
        };
    }
    if direction == Direction::Sideways {
        return None;
    }
    let drank = match (role, dfile.unsigned_abs()) {
        (Role::Horse, 1) => 2,
        (Role::Horse, 2) | (Role::Advisor, 1) => 1,
        (Role::Elephant, 2) => 2,
        _ => return None,
    };
    from.offset(dfile, sign * drank)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_numbers_count_from_each_sides_right() {
        assert_eq!(file_number(Color::Red, 0), 9);
        assert_eq!(file_number(Color::Red, 8), 1);
        assert_eq!(file_number(Color::Black, 0), 1);
        for color in Color::ALL {
            for file in 0..9 {
                assert_eq!(board_file(color, file_number(color, file)), file);
            }
        }
    }

    #[test]
    fn destinations() {
        use Direction::*;
        let d = |from, role, color, dir, n| destination(from, role, color, dir, n);
        assert_eq!(d(Square::H2, Role::Cannon, Color::Red, Sideways, 5), Some(Square::E2));
        assert_eq!(d(Square::H9, Role::Horse, Color::Black, Forward, 7), Some(Square::G7));
        assert_eq!(d(Square::C5, Role::Chariot, Color::Black, Backward, 1), Some(Square::C6));
        assert_eq!(d(Square::E2, Role::Elephant, Color::Red, Backward, 7), Some(Square::C0));
        assert_eq!(d(Square::E1, Role::Advisor, Color::Red, Forward, 6), Some(Square::D2));
        // No such step: a horse cannot land three files away, nothing goes sideways to its own file.
        assert_eq!(d(Square::H0, Role::Horse, Color::Red, Forward, 5), None);
        assert_eq!(d(Square::H2, Role::Cannon, Color::Red, Sideways, 2), None);
        assert_eq!(d(Square::H0, Role::Horse, Color::Red, Sideways, 3), None);
        assert_eq!(d(Square::A9, Role::Chariot, Color::Red, Forward, 1), None);
        assert_eq!(d(Square::A0, Role::Chariot, Color::Red, Forward, 0), None);
    }
}
