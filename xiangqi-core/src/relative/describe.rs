//! From a move to the facts the writers need: piece, file, place on the file, direction and number.

use super::{counts_ranks, destination, file_number, Direction, FILE_MASKS};
use crate::{Color, Move, Piece, Position, Role, Square};

/// A move seen from the mover's seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Description {
    /// The mover.
    pub color: Color,
    /// The moving piece's role.
    pub role: Role,
    /// The mover's number (1..9) of the file the piece leaves.
    pub file: u8,
    /// Forward, backward or sideways.
    pub direction: Direction,
    /// Ranks travelled, or the file number landed on (see [`counts_ranks`]).
    pub number: u8,
    /// Set when the file holds other pieces of the same kind that the notation must tell apart.
    pub tandem: Option<Tandem>,
}

/// The moving piece's place among the mover's pieces of its kind on its file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tandem {
    /// 0 for the foremost (nearest the opponent).
    pub index: u8,
    /// How many there are on the file (2 or more).
    pub count: u8,
    /// Soldiers only: whether another file also holds two or more of the mover's soldiers.
    pub other_tandem_files: bool,
}

/// Describes `m`, or `None` if no piece of the side to move stands on `m.from`.
///
/// Meant for legal moves; for others the facts are computed from the two squares all the same.
pub(crate) fn describe(pos: &Position, m: Move) -> Option<Description> {
    let piece = pos.piece_at(m.from).filter(|p| p.color == pos.turn())?;
    let (color, role) = (piece.color, piece.role);
    let advance = i16::from(m.to.relative_rank(color)) - i16::from(m.from.relative_rank(color));
    let direction = match advance {
        1.. => Direction::Forward,
        0 => Direction::Sideways,
        _ => Direction::Backward,
    };
    let number = if counts_ranks(role) && direction != Direction::Sideways {
        advance.unsigned_abs() as u8
    } else {
        file_number(color, m.to.file())
    };
    let same_file = pos.squares_of(piece).bits() & FILE_MASKS[usize::from(m.from.file())];
    let mut description =
        Description { color, role, file: file_number(color, m.from.file()), direction, number, tandem: None };
    if same_file.count_ones() >= 2 && needs_tandem(pos, &description, m.from, same_file) {
        description.tandem = Some(Tandem {
            index: ahead_of(m.from, same_file, color),
            count: same_file.count_ones() as u8,
            other_tandem_files: role == Role::Soldier && other_tandem_file(pos, piece, m.from.file()),
        });
    }
    Some(description)
}

/// Whether the pieces of one kind on a file must be told apart. Always for chariots, horses, cannons and
/// soldiers. Advisors and elephants two on a file never need it on their usual points (the front one can
/// only retreat, the rear one only advance), so they get it only when another one on the file could make
/// a legal move with the same text, which takes a placement the rules only allow on request.
fn needs_tandem(pos: &Position, d: &Description, from: Square, same_file: u128) -> bool {
    if !matches!(d.role, Role::Advisor | Role::Elephant) {
        return true;
    }
    let mut others = same_file & !(1u128 << from.index());
    while others != 0 {
        let other = Square::new(others.trailing_zeros() as usize).expect("bits of board squares");
        others &= others - 1;
        let same_text = destination(other, d.role, d.color, d.direction, d.number);
        if same_text.is_some_and(|to| pos.is_legal(Move::new(other, to))) {
            return true;
        }
    }
    false
}

/// How many squares of `same_file` (one file) are ahead of `sq` from `color`'s seat.
fn ahead_of(sq: Square, same_file: u128, color: Color) -> u8 {
    let below = same_file & ((1u128 << sq.index()) - 1);
    let above = same_file & !below & !(1u128 << sq.index());
    match color {
        Color::Red => above.count_ones() as u8,
        Color::Black => below.count_ones() as u8,
    }
}

/// Whether a file other than `file` holds two or more of `piece`.
fn other_tandem_file(pos: &Position, piece: Piece, file: u8) -> bool {
    let mut rest = pos.squares_of(piece).bits() & !FILE_MASKS[usize::from(file)];
    while rest != 0 {
        let on_file = rest & FILE_MASKS[rest.trailing_zeros() as usize % 9];
        if on_file.count_ones() >= 2 {
            return true;
        }
        rest &= !on_file;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn described(fen: &str, m: &str) -> Description {
        let pos = Position::from_fen(fen).unwrap();
        describe(&pos, m.parse().unwrap()).unwrap()
    }

    #[test]
    fn plain_moves() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let d = described(start, "h2e2");
        assert_eq!(
            (d.color, d.role, d.file, d.direction, d.number),
            (Color::Red, Role::Cannon, 2, Direction::Sideways, 5)
        );
        assert_eq!(d.tandem, None);
        let d = described(start, "h0g2");
        assert_eq!((d.file, d.direction, d.number), (2, Direction::Forward, 3));
        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
        let d = described(black, "b7b0");
        assert_eq!((d.color, d.file, d.direction, d.number), (Color::Black, 2, Direction::Forward, 7));
    }

    #[test]
    fn tandems() {
        let three_and_two = "3k5/9/2P1P4/2P1P4/4P4/9/9/9/9/5K3 w - - 0 1";
        let d = described(three_and_two, "e6f6");
        assert_eq!(d.tandem, Some(Tandem { index: 1, count: 3, other_tandem_files: true }));
        let black_two = "5k3/9/9/9/9/4p4/4p4/9/9/3K5 b - - 0 1";
        let d = described(black_two, "e3e2");
        assert_eq!(d.tandem, Some(Tandem { index: 0, count: 2, other_tandem_files: false }));
        let d = described(black_two, "e4d4");
        assert_eq!(d.tandem, Some(Tandem { index: 1, count: 2, other_tandem_files: false }));
        // Advisors on d0 and d2: the direction already tells them apart.
        let d = described("3k5/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1", "d2e1");
        assert_eq!(d.tandem, None);
    }

    #[test]
    fn nothing_to_describe_without_a_mover() {
        let pos = Position::default();
        assert_eq!(describe(&pos, "e5e6".parse().unwrap()), None);
        assert_eq!(describe(&pos, "h7e7".parse().unwrap()), None);
    }
}
