//! The characters of Chinese notation: what each means when read, and which is written.

use crate::relative::{Direction, Selector};
use crate::{Color, Role};

/// What one character of a Chinese move means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Symbol {
    /// A piece, of either colour (the position decides the colour).
    Piece(Role),
    /// 前, 中, 后/後.
    Place(Selector),
    /// 一..九 or a digit (full width folded before): a file, a count or an ordinal; 0 for `0`, which is
    /// none of them.
    Number(u8),
    /// 进/進/上, 退/下, 平.
    Operator(Direction),
}

/// The meaning of a character (full-width digits already folded to ASCII), if it has one.
pub(super) fn classify(c: char) -> Option<Symbol> {
    use Symbol::*;
    Some(match c {
        '帅' | '帥' | '将' | '將' => Piece(Role::General),
        '仕' | '士' => Piece(Role::Advisor),
        '相' | '象' => Piece(Role::Elephant),
        '马' | '馬' | '傌' => Piece(Role::Horse),
        '车' | '車' | '俥' => Piece(Role::Chariot),
        '炮' | '砲' | '包' => Piece(Role::Cannon),
        '兵' | '卒' => Piece(Role::Soldier),
        '前' => Place(Selector::Front),
        '中' => Place(Selector::Middle),
        '后' | '後' => Place(Selector::Rear),
        '进' | '進' | '上' => Operator(Direction::Forward),
        '退' | '下' => Operator(Direction::Backward),
        '平' => Operator(Direction::Sideways),
        '0'..='9' => Number(c as u8 - b'0'),
        _ => Number(CHINESE_NUMERALS.iter().position(|&n| n == c)? as u8 + 1),
    })
}

/// 一 to 九.
pub(super) const CHINESE_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// Black's numbers in full width, １ to ９.
pub(super) const FULL_WIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// The character written for a piece: `[simplified, traditional]`, indexed by colour and role.
const PIECES: [[[char; 2]; 7]; 2] = [
    [['帅', '帥'], ['仕', '仕'], ['相', '相'], ['马', '馬'], ['车', '車'], ['炮', '炮'], ['兵', '兵']],
    [['将', '將'], ['士', '士'], ['象', '象'], ['马', '馬'], ['车', '車'], ['炮', '炮'], ['卒', '卒']],
];

/// The character written for a piece, simplified (`traditional == false`) or traditional.
pub(super) fn piece(color: Color, role: Role, traditional: bool) -> char {
    PIECES[color.index()][role.index()][usize::from(traditional)]
}

/// The character written for a direction.
pub(super) fn operator(direction: Direction, traditional: bool) -> char {
    match (direction, traditional) {
        (Direction::Forward, false) => '进',
        (Direction::Forward, true) => '進',
        (Direction::Backward, _) => '退',
        (Direction::Sideways, _) => '平',
    }
}

/// The character written for the front, middle or rear piece.
pub(super) fn place(selector: Selector, traditional: bool) -> char {
    match (selector, traditional) {
        (Selector::Front, _) => '前',
        (Selector::Middle, _) => '中',
        (_, false) => '后',
        (_, true) => '後',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_characters_read_back() {
        for color in Color::ALL {
            for role in Role::ALL {
                for traditional in [false, true] {
                    assert_eq!(classify(piece(color, role, traditional)), Some(Symbol::Piece(role)));
                }
            }
        }
        for (i, (&chinese, &wide)) in CHINESE_NUMERALS.iter().zip(&FULL_WIDTH_DIGITS).enumerate() {
            assert_eq!(classify(chinese), Some(Symbol::Number(i as u8 + 1)));
            let folded = crate::move_text::fold_full_width(wide);
            assert_eq!(classify(folded), Some(Symbol::Number(i as u8 + 1)));
        }
        assert_eq!(classify('後'), Some(Symbol::Place(Selector::Rear)));
        assert_eq!(classify('上'), Some(Symbol::Operator(Direction::Forward)));
        assert_eq!(classify('x'), None);
    }
}
