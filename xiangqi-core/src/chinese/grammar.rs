//! Reading Chinese move text into a query: four symbols (piece or position word, file or piece,
//! operator, number), or five for the `前兵七平八` form.

use arrayvec::ArrayVec;

use super::characters::{classify, Symbol};
use crate::move_text::Symbols;
use crate::notation::{original_char, ParseMoveErrorKind};
use crate::relative::{Query, Selector};
use crate::Role;

/// The query of a Chinese text and the offset of its first symbol; or the offset and kind of a syntax
/// error.
pub(super) fn read(text: &str, symbols: &Symbols) -> Result<(Query, usize), (usize, ParseMoveErrorKind)> {
    symbols.at_most(5)?;
    let mut s = ArrayVec::<Symbol, 5>::new();
    for (c, offset) in symbols.iter() {
        match classify(c) {
            Some(symbol) => s.push(symbol),
            None => return Err((offset, ParseMoveErrorKind::UnknownCharacter(original_char(text, offset)))),
        }
    }
    let malformed = |i: usize, expected| Err((symbols.offset(i), ParseMoveErrorKind::Malformed(expected)));
    let n = s.len();
    if n < 4 {
        return malformed(n, "expected four symbols: piece, file, direction, number");
    }
    if n == 5 && matches!(s[2], Symbol::Operator(_)) {
        return malformed(4, "unexpected text after the move");
    }
    let Symbol::Operator(direction) = s[n - 2] else {
        return malformed(n - 2, "expected a direction: 进, 退 or 平");
    };
    let number = match s[n - 1] {
        Symbol::Number(number @ 1..=9) => number,
        _ => return malformed(n - 1, "expected a number 1-9 (一 to 九)"),
    };
    let selector = |i: usize| match s[i] {
        Symbol::Place(selector) => Ok(selector),
        Symbol::Number(k @ 1..=5) => Ok(Selector::Nth(k)),
        _ => Err(i),
    };
    let file = |i: usize| match s[i] {
        Symbol::Number(file @ 1..=9) => Ok(file),
        _ => Err(i),
    };
    let (role, file, selector) = match s[..n - 2] {
        [Symbol::Piece(role), _] => match file(1) {
            Ok(file) => (role, Some(file), None),
            Err(i) => return malformed(i, "expected a file number after the piece"),
        },
        [_, Symbol::Piece(role)] => match selector(0) {
            Ok(selector) => (role, None, Some(selector)),
            Err(i) => return malformed(i, "expected a piece, or a position word (前 中 后 or 一 to 五)"),
        },
        [_, _] => match (selector(0), file(1)) {
            (Ok(selector), Ok(file)) => (Role::Soldier, Some(file), Some(selector)),
            (Err(i), _) | (_, Err(i)) => return malformed(i, "expected a position word and a file, like 前七"),
        },
        [_, Symbol::Piece(role), _] => match (selector(0), file(2)) {
            (Ok(selector), Ok(file)) => (role, Some(file), Some(selector)),
            (Err(i), _) | (_, Err(i)) => return malformed(i, "expected a position word, a piece and a file"),
        },
        [..] => return malformed(1, "expected a piece after the position word"),
    };
    Ok((Query { role, file, selector, direction, number }, symbols.start()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::relative::Direction;

    fn read_text(text: &str) -> Result<(Query, usize), (usize, ParseMoveErrorKind)> {
        read(text, &Symbols::read(text)?)
    }

    fn origin(text: &str) -> (Role, Option<u8>, Option<Selector>) {
        let (q, _) = read_text(text).unwrap();
        (q.role, q.file, q.selector)
    }

    #[test]
    fn forms() {
        use Role::*;
        use Selector::*;
        assert_eq!(origin("炮二平五"), (Cannon, Some(2), None));
        assert_eq!(origin("马８进７"), (Horse, Some(8), None));
        assert_eq!(origin("後車進二"), (Chariot, None, Some(Rear)));
        assert_eq!(origin("二兵平六"), (Soldier, None, Some(Nth(2))));
        assert_eq!(origin("前七平八"), (Soldier, Some(7), Some(Front)));
        assert_eq!(origin("二7平6"), (Soldier, Some(7), Some(Nth(2))));
        assert_eq!(origin("中兵五平四"), (Soldier, Some(5), Some(Middle)));
        let (q, start) = read_text(" 车一上一").unwrap();
        assert_eq!((q.direction, q.number, start), (Direction::Forward, 1, 1));
    }

    #[test]
    fn errors() {
        let err = |text| read_text(text).unwrap_err();
        assert_eq!(
            err("炮二平"),
            (9, ParseMoveErrorKind::Malformed("expected four symbols: piece, file, direction, number"))
        );
        assert_eq!(err("炮二X五"), (6, ParseMoveErrorKind::UnknownCharacter('X')));
        assert_eq!(err("炮二五平").0, 6);
        assert_eq!(err("炮二平0").0, 9);
        assert_eq!(err("炮炮平五").0, 3);
        assert_eq!(err("六兵平五").0, 0);
        assert_eq!(err("平二平五").0, 0);
        assert_eq!(err("前兵炮平五").0, 6);
        assert_eq!(err("前兵七平八一").0, 15);
        assert_eq!(err("炮二平五炮"), (12, ParseMoveErrorKind::Malformed("unexpected text after the move")));
    }
}
