//! From what a move text says (piece, origin, direction, number) to the one legal move it names.
//!
//! Readers are lenient: a file given without a position word
//! while several pieces of the kind stand on it, or a position word without a file while several files
//! hold such pieces, is resolved by legality, and accepted only if exactly one candidate can make the
//! move. Two legal readings are always an error, never a guess.

use arrayvec::ArrayVec;

use super::{board_file, destination, Direction, FILE_MASKS};
use crate::{Color, Move, Piece, Position, Role, Square};

/// Which of the pieces of one kind on one file is meant.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Selector {
    /// 前, `++`: the foremost.
    Front,
    /// 中, WXF `.`: the middle one of three or of five.
    Middle,
    /// 后, `--`: the rearmost.
    Rear,
    /// 一..五, the WXF 2018 index, xqbase `a`..`e`: the n-th from the front, from 1.
    Nth(u8),
    /// WXF `+`: the front one of two or three, the second from the front of four or five (old WXF page).
    Plus,
    /// WXF `-`: the rear one of two or three, the second from the rear of four or five.
    Minus,
}

/// What a move text says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Query {
    /// The moving piece's role.
    pub role: Role,
    /// The mover's file number (1..9) the piece leaves, if the text gives it.
    pub file: Option<u8>,
    /// The position word or marker, if the text has one.
    pub selector: Option<Selector>,
    /// Which way the piece goes.
    pub direction: Direction,
    /// Ranks travelled or file landed on.
    pub number: u8,
}

/// Why a query names no single legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// The mover has no piece that fits the piece, file and position word.
    NoSuchPiece,
    /// Pieces fit, but none of them can legally make the move described.
    Illegal,
    /// Several legal moves fit.
    Ambiguous,
}

/// Resolves the first of several readings of one text that names a single legal move; if none does, the
/// failure of the first reading is reported.
pub(crate) fn resolve_first(pos: &Position, readings: &[Query]) -> Result<Move, Failure> {
    let mut first_failure = Failure::NoSuchPiece;
    for (i, query) in readings.iter().enumerate() {
        match resolve(pos, query) {
            Ok(m) => return Ok(m),
            Err(failure) if i == 0 => first_failure = failure,
            Err(_) => {}
        }
    }
    Err(first_failure)
}

/// The one legal move `query` names in `pos`.
pub(crate) fn resolve(pos: &Position, query: &Query) -> Result<Move, Failure> {
    let color = pos.turn();
    let mut candidates = pos.squares_of(Piece::new(color, query.role)).bits();
    if let Some(number) = query.file {
        candidates &= FILE_MASKS[usize::from(board_file(color, number))];
    }
    let chosen = match query.selector {
        None => candidates,
        Some(selector) => choose(candidates, selector, query.file.is_some(), color),
    };
    if chosen == 0 {
        return Err(Failure::NoSuchPiece);
    }
    let mut found = None;
    let mut rest = chosen;
    while rest != 0 {
        let from = Square::new(rest.trailing_zeros() as usize).expect("bits of board squares");
        rest &= rest - 1;
        let Some(to) = destination(from, query.role, color, query.direction, query.number) else {
            continue;
        };
        let m = Move::new(from, to);
        if pos.is_legal(m) {
            if found.is_some() {
                return Err(Failure::Ambiguous);
            }
            found = Some(m);
        }
    }
    found.ok_or(Failure::Illegal)
}

/// The candidates `selector` picks: on the given file, or else on each file holding two or more of them
/// (the n-th of several such files counts in the xqbase global order instead).
fn choose(candidates: u128, selector: Selector, file_given: bool, color: Color) -> u128 {
    if file_given {
        return pick(&front_to_back(candidates, color), selector);
    }
    let files = tandem_files(candidates, color);
    if let (Selector::Nth(n), true) = (selector, files.len() >= 2) {
        let global: ArrayVec<Square, 10> = files.iter().flat_map(|&bits| front_to_back(bits, color)).collect();
        return global.get(usize::from(n).wrapping_sub(1)).map_or(0, |sq| 1u128 << sq.index());
    }
    files.iter().fold(0, |chosen, &bits| chosen | pick(&front_to_back(bits, color), selector))
}

/// The candidate `selector` picks among the pieces of one file (front first), as a bit set.
fn pick(on_file: &[Square], selector: Selector) -> u128 {
    let n = on_file.len();
    if n < 2 {
        return 0;
    }
    let index = match selector {
        Selector::Front => Some(0),
        Selector::Rear => Some(n - 1),
        Selector::Middle => (n % 2 == 1).then_some(n / 2),
        Selector::Nth(k) => usize::from(k).checked_sub(1),
        Selector::Plus => Some(usize::from(n >= 4)),
        Selector::Minus => Some(n - 1 - usize::from(n >= 4)),
    };
    index.and_then(|i| on_file.get(i)).map_or(0, |sq| 1u128 << sq.index())
}

/// The candidates of each file holding two or more, files in the mover's numbering order (from its right).
fn tandem_files(candidates: u128, color: Color) -> ArrayVec<u128, 2> {
    let mut files = ArrayVec::new();
    for number in 1..=9 {
        let on_file = candidates & FILE_MASKS[usize::from(board_file(color, number))];
        if on_file.count_ones() >= 2 && files.try_push(on_file).is_err() {
            break;
        }
    }
    files
}

/// The squares of `bits` (all on one file) from the mover's front to its rear.
fn front_to_back(bits: u128, color: Color) -> ArrayVec<Square, 10> {
    let mut squares: ArrayVec<Square, 10> = ArrayVec::new();
    let mut rest = bits;
    while rest != 0 {
        squares.push(Square::new(rest.trailing_zeros() as usize).expect("bits of board squares"));
        rest &= rest - 1;
    }
    // Ascending index is ascending rank: red's front is the highest rank.
    if color == Color::Red {
        squares.reverse();
    }
    squares
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(role: Role, file: Option<u8>, selector: Option<Selector>, direction: Direction, number: u8) -> Query {
        Query { role, file, selector, direction, number }
    }

    fn resolved(fen: &str, q: Query) -> Result<String, Failure> {
        resolve(&Position::from_fen(fen).unwrap(), &q).map(|m| m.to_string())
    }

    #[test]
    fn plain_and_position_words() {
        use Direction::*;
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(resolved(start, query(Role::Cannon, Some(2), None, Sideways, 5)), Ok("h2e2".into()));
        assert_eq!(resolved(start, query(Role::Cannon, Some(3), None, Sideways, 5)), Err(Failure::NoSuchPiece));
        assert_eq!(resolved(start, query(Role::Cannon, Some(2), None, Forward, 8)), Err(Failure::Illegal));
        let rooks = "3k5/9/4R4/9/9/9/9/9/9/4RK3 w - - 0 1";
        assert_eq!(resolved(rooks, query(Role::Chariot, None, Some(Selector::Front), Forward, 2)), Ok("e7e9".into()));
        assert_eq!(resolved(rooks, query(Role::Chariot, None, Some(Selector::Rear), Forward, 6)), Ok("e0e6".into()));
        // The plain file form resolves by legality: only the rear rook can go six forward.
        assert_eq!(resolved(rooks, query(Role::Chariot, Some(5), None, Forward, 6)), Ok("e0e6".into()));
        assert_eq!(resolved(rooks, query(Role::Chariot, Some(5), None, Forward, 1)), Err(Failure::Ambiguous));
    }

    #[test]
    fn pawn_selectors() {
        use Direction::*;
        let five = "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1";
        let q = |sel, dir, n| query(Role::Soldier, None, Some(sel), dir, n);
        assert_eq!(resolved(five, q(Selector::Front, Sideways, 8)), Ok("c9b9".into()));
        assert_eq!(resolved(five, q(Selector::Plus, Sideways, 6)), Ok("c8d8".into()));
        assert_eq!(resolved(five, q(Selector::Middle, Sideways, 8)), Ok("c7b7".into()));
        assert_eq!(resolved(five, q(Selector::Minus, Sideways, 6)), Ok("c6d6".into()));
        assert_eq!(resolved(five, q(Selector::Nth(5), Sideways, 8)), Ok("c5b5".into()));
        assert_eq!(resolved(five, q(Selector::Nth(6), Sideways, 8)), Err(Failure::NoSuchPiece));
        // Two files of two: the n-th counts files from the mover's right, then front to back.
        let two_files = "5k3/9/9/9/9/2p1p4/2p1p4/9/9/3K5 b - - 0 1";
        assert_eq!(resolved(two_files, q(Selector::Nth(3), Forward, 1)), Ok("e3e2".into()));
        assert_eq!(resolved(two_files, q(Selector::Front, Forward, 1)), Err(Failure::Ambiguous));
        let on_file = query(Role::Soldier, Some(3), Some(Selector::Rear), Sideways, 2);
        assert_eq!(resolved(two_files, on_file), Ok("c4b4".into()));
    }

    #[test]
    fn first_reading_that_works() {
        use Direction::*;
        let pos = Position::from_fen("3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1").unwrap();
        let plain = query(Role::Soldier, Some(5), None, Sideways, 6);
        let middle = query(Role::Soldier, Some(5), Some(Selector::Middle), Sideways, 6);
        assert_eq!(resolve_first(&pos, &[plain, middle]).map(|m| m.to_string()), Ok("e6d6".into()));
        let nowhere = query(Role::Horse, None, None, Forward, 3);
        assert_eq!(resolve_first(&pos, &[plain, nowhere]), Err(Failure::Ambiguous));
    }
}
