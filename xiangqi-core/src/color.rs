use core::fmt;
use core::ops::Not;

/// The two sides. Red moves first and sits on ranks 0-4; black sits on ranks 5-9.
///
/// ```
/// use xiangqi_core::Color;
/// assert_eq!(!Color::Red, Color::Black);
/// assert_eq!(Color::Black.char(), 'b');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Color {
    /// Red, the side that moves first (upper-case letters in FEN).
    Red = 0,
    /// Black (lower-case letters in FEN).
    Black = 1,
}

impl Color {
    /// Both colours, red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The FEN side letter: `w` for red (the common convention), `b` for black.
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }

    /// A one-letter name: `r` or `b`.
    pub const fn char(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Black => 'b',
        }
    }

    /// Reads a FEN side field letter: `w`, `r` (red) or `b` (black), either case.
    pub const fn from_fen_char(ch: char) -> Option<Color> {
        match ch {
            'w' | 'W' | 'r' | 'R' => Some(Color::Red),
            'b' | 'B' => Some(Color::Black),
            _ => None,
        }
    }

    /// `true` for red.
    pub const fn is_red(self) -> bool {
        matches!(self, Color::Red)
    }

    /// 0 for red, 1 for black: handy for indexing per-side arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Picks `red` or `black` by colour.
    pub fn fold<T>(self, red: T, black: T) -> T {
        match self {
            Color::Red => red,
            Color::Black => black,
        }
    }

    /// Lower-case English name: `"red"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
