use core::fmt;

use crate::{Color, Role};

/// A piece: a colour and a role.
///
/// ```
/// use xiangqi_core::{Color, Piece, Role};
/// let p = Piece::from_char('N').unwrap();
/// assert_eq!(p, Piece::new(Color::Red, Role::Horse));
/// assert_eq!(p.char(), 'N');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// Makes a piece.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for red, lower case for black.
    pub const fn char(self) -> char {
        match self.color {
            Color::Red => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Reads a FEN letter (`H`/`E` accepted for horse/elephant); the case gives the colour.
    pub const fn from_char(ch: char) -> Option<Piece> {
        let color = if ch.is_ascii_uppercase() { Color::Red } else { Color::Black };
        match Role::from_char(ch) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }

    /// A dense index 0..14 (red roles 0..7, black roles 7..14).
    pub const fn index(self) -> usize {
        self.color as usize * 7 + self.role as usize
    }

    /// The inverse of [`Piece::index`].
    pub const fn from_index(index: usize) -> Option<Piece> {
        if index >= 14 {
            return None;
        }
        let color = if index < 7 { Color::Red } else { Color::Black };
        Some(Piece { color, role: Role::ALL[index % 7] })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
