//! From a game's moves to what the procedure reads: the first 20 plies as 4-character move codes
//! (`C2.5`, `N8+7`: piece letter `K A B N R C P`, the file left counted from the mover's right or `+`/`-`
//! for the front/rear of two pieces on one file, `+` forward, `-` back, `.` sideways, then the file
//! reached or the ranks travelled), mirrored when red's first move leaves a file on its left wing.

use super::procedure::{Line, NO_MOVE, PLIES};
use super::table::MOVES;
use crate::relative::{describe, Direction};
use crate::{Move, Position, Role};

/// A move's code as read by the procedure.
pub(super) type MoveCode = [u8; 4];

/// The code of `m`, legal in `pos`, as the mover writes it.
pub(super) fn code(pos: &Position, m: Move) -> Option<MoveCode> {
    let d = describe(pos, m)?;
    let letter = match d.role {
        Role::General => b'K',
        Role::Advisor => b'A',
        Role::Elephant => b'B',
        Role::Horse => b'N',
        Role::Chariot => b'R',
        Role::Cannon => b'C',
        Role::Soldier => b'P',
    };
    let origin = match d.tandem {
        None => b'0' + d.file,
        Some(t) if t.index == 0 => b'+',
        Some(_) => b'-',
    };
    let operator = match d.direction {
        Direction::Forward => b'+',
        Direction::Backward => b'-',
        Direction::Sideways => b'.',
    };
    Some([letter, origin, operator, b'0' + d.number])
}

/// Whether a game whose red first move is `first` is read mirrored: that move leaves file 6 to 9.
pub(super) fn mirrors(first: MoveCode) -> bool {
    matches!(first[1], b'6'..=b'9')
}

/// `code` seen in a mirror: files `f` become `10 - f` (the file left, and the file reached by a sideways
/// move or by an advisor, elephant or horse); a front/rear marker and a number of ranks stay.
pub(super) fn mirror(code: MoveCode) -> MoveCode {
    let flip = |digit: u8| if (b'1'..=b'9').contains(&digit) { b'0' + 10 - (digit - b'0') } else { digit };
    let [letter, origin, operator, number] = code;
    let names_file = operator == b'.' || matches!(letter, b'A' | b'B' | b'N');
    [letter, flip(origin), operator, if names_file { flip(number) } else { number }]
}

/// The procedure's id of a code, [`NO_MOVE`] if no rule mentions it.
fn id(code: MoveCode) -> u8 {
    MOVES.binary_search(&code).map_or(NO_MOVE, |i| i as u8)
}

/// The line the procedure reads from up to 20 codes, mirrored if the first asks for it.
pub(super) fn line(codes: &[MoveCode]) -> Line {
    let mirrored = codes.first().is_some_and(|&first| mirrors(first));
    let mut line = Line([NO_MOVE; PLIES]);
    for (slot, &code) in line.0.iter_mut().zip(codes) {
        *slot = id(if mirrored { mirror(code) } else { code });
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(code: MoveCode) -> String {
        String::from_utf8_lossy(&code).into_owned()
    }

    #[test]
    fn codes_from_the_start() {
        let pos = Position::default();
        for (iccs, expected) in
            [("h2e2", "C2.5"), ("b2e2", "C8.5"), ("g0e2", "B3+5"), ("h0g2", "N2+3"), ("i0i1", "R1+1"), ("c3c4", "P7+1")]
        {
            assert_eq!(code(&pos, iccs.parse().unwrap()).map(text).as_deref(), Some(expected), "{iccs}");
        }
        let black = pos.play("h2e2".parse().unwrap()).unwrap();
        // Black counts files from its own right: 马8进7 and 马2进3.
        assert_eq!(code(&black, "h9g7".parse().unwrap()).map(text).as_deref(), Some("N8+7"));
        assert_eq!(code(&black, "b9c7".parse().unwrap()).map(text).as_deref(), Some("N2+3"));
    }

    #[test]
    fn tandem_pieces_carry_a_marker() {
        let pos = Position::from_fen("3k5/9/4R4/9/9/9/9/9/9/4RK3 w").unwrap();
        assert_eq!(code(&pos, "e7e9".parse().unwrap()).map(text).as_deref(), Some("R++2"));
        assert_eq!(code(&pos, "e0e1".parse().unwrap()).map(text).as_deref(), Some("R-+1"));
    }

    #[test]
    fn mirroring() {
        assert_eq!(text(mirror(*b"C8.5")), "C2.5");
        assert_eq!(text(mirror(*b"N8+7")), "N2+3");
        assert_eq!(text(mirror(*b"B7+5")), "B3+5");
        assert_eq!(text(mirror(*b"R9+1")), "R1+1");
        assert_eq!(text(mirror(*b"P9+1")), "P1+1");
        assert_eq!(text(mirror(*b"R++2")), "R++2");
        assert_eq!(text(mirror(*b"C5+4")), "C5+4");
        assert!(mirrors(*b"C8.5") && mirrors(*b"P9+1") && mirrors(*b"A6+5"));
        assert!(!mirrors(*b"C2.5") && !mirrors(*b"P5+1") && !mirrors(*b"A4+5"));
    }

    #[test]
    fn unknown_codes_are_no_move() {
        assert_eq!(id(*b"K5+1"), NO_MOVE);
        assert_ne!(id(*b"C2.5"), NO_MOVE);
        let short = line(&[*b"C8.5", *b"N8+7"]);
        assert_eq!(short.0[0], id(*b"C2.5"));
        assert_eq!(short.0[1], id(*b"N2+3"));
        assert!(short.0[2..].iter().all(|&m| m == NO_MOVE));
    }
}
