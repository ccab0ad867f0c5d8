//! Reading WXF text into queries. Some texts have several readings (`33.4`: the third pawn of file 3 in
//! WXF 2018, the middle pawn of file 3 in the old WXF page's form, or an elephant in xqbase's numeric
//! code); they are returned in that order, and the first that names a legal move wins.

use arrayvec::ArrayVec;

use crate::move_text::Symbols;
use crate::notation::{original_char, ParseMoveErrorKind};
use crate::relative::{Direction, Query, Selector};
use crate::Role;

/// At most three readings of one text.
pub(super) type Readings = ArrayVec<Query, 3>;

/// Where an origin is: a role, maybe a file, maybe a selector.
type Origin = (Role, Option<u8>, Option<Selector>);

/// The readings of a WXF text, and the offset of its first symbol; or the offset and kind of a syntax
/// error.
pub(super) fn read(text: &str, symbols: &Symbols) -> Result<(Readings, usize), (usize, ParseMoveErrorKind)> {
    symbols.at_most(4)?;
    let mut s = ArrayVec::<char, 4>::new();
    for (c, offset) in symbols.iter() {
        let c = c.to_ascii_uppercase();
        if !(piece_letter(c).is_some() || c.is_ascii_digit() || matches!(c, 'A'..='E' | '+' | '-' | '=' | '.')) {
            return Err((offset, ParseMoveErrorKind::UnknownCharacter(original_char(text, offset))));
        }
        s.push(c);
    }
    let malformed = |i: usize, expected| Err((symbols.offset(i), ParseMoveErrorKind::Malformed(expected)));
    let (origins, direction, number) = match *s.as_slice() {
        // A lenient three-symbol form with the sideways operator left out: `C25`.
        [piece, file, number] => match (piece_letter(piece), digit(file), digit(number)) {
            (Some(role), Some(file), Some(number)) => {
                (ArrayVec::from_iter([(role, Some(file), None)]), Direction::Sideways, number)
            }
            _ => return malformed(3, "expected four symbols: piece, file or marker, operator, number"),
        },
        [a, b, op, number] => {
            let direction = match op {
                '+' => Direction::Forward,
                '-' => Direction::Backward,
                '=' | '.' => Direction::Sideways,
                _ => return malformed(2, "expected an operator: +, -, = or ."),
            };
            let Some(number) = digit(number) else {
                return malformed(3, "expected a number 1-9");
            };
            match origins(a, b) {
                Ok(origins) => (origins, direction, number),
                Err((i, expected)) => return malformed(i, expected),
            }
        }
        _ => return malformed(s.len(), "expected four symbols: piece, file or marker, operator, number"),
    };
    let readings =
        origins.into_iter().map(|(role, file, selector)| Query { role, file, selector, direction, number }).collect();
    Ok((readings, symbols.start()))
}

/// The readings of the first two symbols, or the index of the symbol at fault and what was expected.
fn origins(a: char, b: char) -> Result<ArrayVec<Origin, 3>, (usize, &'static str)> {
    let mut readings = ArrayVec::new();
    let mut add = |role, file, selector| readings.push((role, file, selector));
    let sign = |c| match c {
        '+' => Some(Selector::Plus),
        '-' => Some(Selector::Minus),
        _ => None,
    };
    if let Some(role) = piece_letter(a) {
        match (digit(b), sign(b), b) {
            (Some(file), ..) => {
                add(role, Some(file), None);
                if role == Role::Soldier {
                    // Old WXF page: the middle pawn of three (or five) keeps its file.
                    add(role, Some(file), Some(Selector::Middle));
                }
            }
            (_, Some(selector), _) => add(role, None, Some(selector)),
            (.., '.') => add(role, None, Some(Selector::Middle)),
            (.., 'A'..='E') => add(role, None, Some(Selector::Nth(b as u8 - b'A' + 1))),
            _ => return Err((1, "expected a file number or a tandem marker after the piece")),
        }
    } else if let Some(selector) = sign(a) {
        match (piece_letter(b), piece_code(b)) {
            (Some(role), _) | (_, Some(role)) => add(role, None, Some(selector)),
            _ if b == a => {
                let extreme = if a == '+' { Selector::Front } else { Selector::Rear };
                add(Role::Soldier, None, Some(extreme));
            }
            _ => return Err((1, "expected a piece letter after the tandem marker")),
        }
    } else if let Some(first) = digit(a) {
        let code = piece_code(a);
        match (digit(b), sign(b)) {
            (Some(file), _) => {
                if first <= 5 {
                    add(Role::Soldier, Some(file), Some(Selector::Nth(first)));
                }
                if first == file {
                    add(Role::Soldier, Some(file), Some(Selector::Middle));
                }
                if let Some(role) = code {
                    add(role, Some(file), None);
                }
            }
            (_, Some(selector)) => {
                // Old WXF page, two files of pawns: the file, then the marker.
                add(Role::Soldier, Some(first), Some(selector));
                if let Some(role) = code {
                    add(role, None, Some(selector));
                }
            }
            _ => match (code, b) {
                (Some(role), '.') => add(role, None, Some(Selector::Middle)),
                (Some(role), 'A'..='E') => add(role, None, Some(Selector::Nth(b as u8 - b'A' + 1))),
                _ => return Err((1, "expected a file number or a tandem marker")),
            },
        }
        if readings.is_empty() {
            return Err((0, "expected a piece letter, a tandem marker or a pawn index 1-5"));
        }
    } else {
        return Err((0, "expected a piece letter (K A E H R C P), a tandem marker or a pawn index"));
    }
    Ok(readings)
}

/// The role of a piece letter: `K A E H R C P`, also `G` (advisor), `B`, `M` (elephant), `N` (horse).
fn piece_letter(c: char) -> Option<Role> {
    Some(match c {
        'K' => Role::General,
        'A' | 'G' => Role::Advisor,
        'E' | 'B' | 'M' => Role::Elephant,
        'H' | 'N' => Role::Horse,
        'R' => Role::Chariot,
        'C' => Role::Cannon,
        'P' => Role::Soldier,
        _ => return None,
    })
}

/// The role of an xqbase numeric piece code: `1`..`7` = K A B N R C P.
fn piece_code(c: char) -> Option<Role> {
    let index = c.to_digit(10)?.checked_sub(1)?;
    Role::ALL.get(index as usize).copied()
}

/// A digit 1..9.
fn digit(c: char) -> Option<u8> {
    c.to_digit(10).filter(|&d| d >= 1).map(|d| d as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_text(text: &str) -> Result<(Readings, usize), (usize, ParseMoveErrorKind)> {
        read(text, &Symbols::read(text)?)
    }

    fn origins_of(text: &str) -> Vec<Origin> {
        let (readings, _) = read_text(text).unwrap();
        readings.iter().map(|q| (q.role, q.file, q.selector)).collect()
    }

    #[test]
    fn forms() {
        use Role::*;
        use Selector::*;
        assert_eq!(origins_of("C2=5"), [(Cannon, Some(2), None)]);
        assert_eq!(origins_of("r++2"), [(Chariot, None, Some(Plus))]);
        assert_eq!(origins_of("＋Ｐ＋１"), [(Soldier, None, Some(Plus))]);
        assert_eq!(origins_of("P5.6"), [(Soldier, Some(5), None), (Soldier, Some(5), Some(Middle))]);
        assert_eq!(origins_of("25=6"), [(Soldier, Some(5), Some(Nth(2))), (Advisor, Some(5), None)]);
        assert_eq!(
            origins_of("33.4"),
            [(Soldier, Some(3), Some(Nth(3))), (Soldier, Some(3), Some(Middle)), (Elephant, Some(3), None)]
        );
        assert_eq!(origins_of("62.5"), [(Cannon, Some(2), None)]);
        assert_eq!(origins_of("7+.6"), [(Soldier, Some(7), Some(Plus)), (Soldier, None, Some(Plus))]);
        assert_eq!(origins_of("--.4"), [(Soldier, None, Some(Rear))]);
        assert_eq!(origins_of("Pc.5"), [(Soldier, None, Some(Nth(3)))]);
        assert_eq!(origins_of("P..5"), [(Soldier, None, Some(Middle))]);
        let (readings, _) = read_text("C25").unwrap();
        assert_eq!(readings[0].direction, Direction::Sideways);
    }

    #[test]
    fn errors() {
        let err = |text| read_text(text).unwrap_err();
        assert_eq!(err("C2x5"), (2, ParseMoveErrorKind::UnknownCharacter('x')));
        assert_eq!(err("C2=0").0, 3);
        assert_eq!(err("C2*5"), (2, ParseMoveErrorKind::UnknownCharacter('*')));
        assert_eq!(err("C2+5+").0, 4);
        assert_eq!(err("C2").0, 2);
        assert_eq!(err("D2+5").0, 0);
        assert_eq!(err("+-+1").0, 1);
        assert_eq!(err("86+1").0, 0);
        assert_eq!(err("CＸ=5"), (1, ParseMoveErrorKind::UnknownCharacter('Ｘ')));
        assert_eq!(
            err("CK=5"),
            (1, ParseMoveErrorKind::Malformed("expected a file number or a tandem marker after the piece"))
        );
        assert!(read_text("C５5").is_ok()); // three symbols: sideways to file 5
    }
}
