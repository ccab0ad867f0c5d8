use core::fmt;
use core::str::FromStr;

use crate::quote::Quoted;
use crate::Color;

/// One of the 90 points of the board, named as in ICCS: files `a`-`i` from red's left, ranks `0`-`9` from
/// red's side. `a0` is red's bottom-left corner, `e9` is where the black general starts.
///
/// The index is `rank * 9 + file`, so `a0` is 0 and `i9` is 89.
///
/// ```
/// use xiangqi_core::Square;
/// let sq: Square = "h2".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank()), (7, 2));
/// assert_eq!(sq, Square::H2);
/// assert_eq!(sq.to_string(), "h2");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// A square name that is not `a0`..`i9`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid square name {} (expected a file a-i and a rank 0-9, like \"e0\")", Quoted(.0))]
pub struct ParseSquareError(pub String);

impl Square {
    /// Number of squares on the board.
    pub const COUNT: usize = 90;

    /// The square with this index (0..90), or `None`.
    pub const fn new(index: usize) -> Option<Square> {
        if index < 90 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square on file `file` (0..9, `a`..`i`) and rank `rank` (0..10), or `None` if off the board.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// Same as [`Square::new`] without the range check.
    ///
    /// The caller must pass an index below 90; a larger one is a logic error and is caught by a debug
    /// assertion (it never causes undefined behaviour, but later lookups may panic).
    pub(crate) const fn new_unchecked(index: u8) -> Square {
        debug_assert!(index < 90);
        Square(index)
    }

    /// Index 0..90.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..9 (`a`..`i`, from red's left).
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// Rank 0..10 (from red's side).
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The file letter `a`..`i`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The square a given offset away, or `None` past the edge.
    pub const fn offset(self, dfile: i8, drank: i8) -> Option<Square> {
        let f = self.file() as i8 + dfile;
        let r = self.rank() as i8 + drank;
        if f >= 0 && f < 9 && r >= 0 && r < 10 {
            Some(Square((r * 9 + f) as u8))
        } else {
            None
        }
    }

    /// The same square seen from the other side of the board (rotated 180°).
    pub const fn flip(self) -> Square {
        Square(89 - self.0)
    }

    /// The rank counted from `color`'s own back rank (0 = own back rank, 9 = the opponent's).
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Red => self.rank(),
            Color::Black => 9 - self.rank(),
        }
    }

    /// Whether the square is on `color`'s own half of the board (before the river).
    pub const fn is_on_side_of(self, color: Color) -> bool {
        self.relative_rank(color) <= 4
    }

    /// Whether the square is inside `color`'s palace (files d-f, the three ranks nearest that side).
    pub const fn in_palace_of(self, color: Color) -> bool {
        let f = self.file();
        f >= 3 && f <= 5 && self.relative_rank(color) <= 2
    }

    /// Parses an ICCS square name, either case (`"e0"`, `"E0"`).
    pub fn from_ascii(s: &[u8]) -> Result<Square, ParseSquareError> {
        match s {
            [f, r] => {
                let f = f.to_ascii_lowercase();
                if (b'a'..=b'i').contains(&f) && r.is_ascii_digit() {
                    return Ok(Square((r - b'0') * 9 + (f - b'a')));
                }
                Err(ParseSquareError(String::from_utf8_lossy(s).into_owned()))
            }
            _ => Err(ParseSquareError(String::from_utf8_lossy(s).into_owned())),
        }
    }

    /// All 90 squares in index order.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0u8..90).map(Square)
    }
}

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        impl Square {
            $(
                #[doc = concat!("The square `", stringify!($name), "` (lower case in ICCS).")]
                pub const $name: Square = Square($idx);
            )*
        }
    };
}

square_consts! {
    A0 = 0, B0 = 1, C0 = 2, D0 = 3, E0 = 4, F0 = 5, G0 = 6, H0 = 7, I0 = 8,
    A1 = 9, B1 = 10, C1 = 11, D1 = 12, E1 = 13, F1 = 14, G1 = 15, H1 = 16, I1 = 17,
    A2 = 18, B2 = 19, C2 = 20, D2 = 21, E2 = 22, F2 = 23, G2 = 24, H2 = 25, I2 = 26,
    A3 = 27, B3 = 28, C3 = 29, D3 = 30, E3 = 31, F3 = 32, G3 = 33, H3 = 34, I3 = 35,
    A4 = 36, B4 = 37, C4 = 38, D4 = 39, E4 = 40, F4 = 41, G4 = 42, H4 = 43, I4 = 44,
    A5 = 45, B5 = 46, C5 = 47, D5 = 48, E5 = 49, F5 = 50, G5 = 51, H5 = 52, I5 = 53,
    A6 = 54, B6 = 55, C6 = 56, D6 = 57, E6 = 58, F6 = 59, G6 = 60, H6 = 61, I6 = 62,
    A7 = 63, B7 = 64, C7 = 65, D7 = 66, E7 = 67, F7 = 68, G7 = 69, H7 = 70, I7 = 71,
    A8 = 72, B8 = 73, C8 = 74, D8 = 75, E8 = 76, F8 = 77, G8 = 78, H8 = 79, I8 = 80,
    A9 = 81, B9 = 82, C9 = 83, D9 = 84, E9 = 85, F9 = 86, G9 = 87, H9 = 88, I9 = 89,
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
