use core::fmt;
use core::str::FromStr;

use crate::iccs::ParseIccsError;
use crate::Square;

/// A move: the square a piece leaves and the square it goes to (a capture if an opposing piece stands
/// there). Xiangqi has no promotion, castling or drops, so two squares say everything.
///
/// A `Move` on its own is not known to be legal; [`Position::is_legal`](crate::Position::is_legal)
/// tells. It prints and parses in ICCS coordinates.
///
/// ```
/// use xiangqi_core::{Move, Square};
/// let m: Move = "h2e2".parse().unwrap();
/// assert_eq!(m, Move::new(Square::H2, Square::E2));
/// assert_eq!(m.to_string(), "h2e2");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece goes to.
    pub to: Square,
}

impl Move {
    /// Makes a move between two squares.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The ICCS text, `h2e2` style (lower case, no dash).
    pub fn to_iccs(self) -> String {
        self.to_string()
    }

    /// The ICCS text as its four ASCII bytes, without allocating.
    ///
    /// ```
    /// let m: xiangqi_core::Move = "h2e2".parse().unwrap();
    /// assert_eq!(&m.iccs_bytes(), b"h2e2");
    /// ```
    pub const fn iccs_bytes(self) -> [u8; 4] {
        [b'a' + self.from.file(), b'0' + self.from.rank(), b'a' + self.to.file(), b'0' + self.to.rank()]
    }
}

impl FromStr for Move {
    type Err = ParseIccsError;
    fn from_str(s: &str) -> Result<Move, ParseIccsError> {
        crate::iccs::parse(s)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(core::str::from_utf8(&self.iccs_bytes()).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iccs_text_is_the_squares_names_and_reads_back() {
        for from in Square::all() {
            for to in Square::all() {
                let m = Move::new(from, to);
                assert_eq!(m.to_string(), format!("{from}{to}"));
                assert_eq!(m.to_string().parse(), Ok(m));
            }
        }
    }
}
