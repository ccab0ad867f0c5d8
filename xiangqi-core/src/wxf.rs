//! WXF notation: `C2=5`, `H8+7`, tandem pieces `R++2` (or `+R+2`), several pawns on a file `15+1`.
//!
//! A move is a piece letter, its file (counted from the mover's right) or a tandem marker, an operator
//! (`+` forward, `-` back, `=` sideways) and a number (ranks travelled by a piece moving along its file,
//! otherwise the file it lands on). Letters are `K A E H R C P` for both sides.
//!
//! Written forms: two chariots, horses or cannons on one file are told apart by `+` (front) and `-`
//! (rear) after the letter; soldiers likewise when only one file holds two of them, and by the WXF 2018
//! index form otherwise (`25=6`: the second from the front on file 5), that is when their file holds
//! three or more, or another file holds two or more too. Advisors and elephants are not marked: two on
//! one file never share a move text on their usual points (placed elsewhere, which the rules only allow
//! on request, they are marked when they would).
//!
//! The reader accepts far more, see [`parse`].
//!
//! ```
//! use xiangqi_core::{wxf, Position};
//! let pos = Position::default();
//! let m = wxf::parse(&pos, "C2=5")?;
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(wxf::write(&pos, m), "C2=5");
//! assert_eq!(wxf::write_with(&pos, m, wxf::WxfStyle::WXF_DATABASE), "Ｃ２＝５");
//! # Ok::<(), xiangqi_core::notation::ParseMoveError>(())
//! ```

mod grammar;

use crate::move_text::{full_width, Symbols};
use crate::notation::ParseMoveError;
use crate::relative::{describe, Description, Direction, Reading, Tandem};
use crate::{Color, Move, Notation, Position, Role};

/// How WXF text is written. The default is `C2=5`, `R++2`, `15+1`.
///
/// ```
/// use xiangqi_core::wxf::{Sideways, TandemMarker, WxfStyle};
/// let style = WxfStyle { sideways: Sideways::Dot, ..WxfStyle::default() };
/// assert_eq!(style.tandem_marker, TandemMarker::AfterLetter);
/// assert_eq!(WxfStyle::PLAYOK, WxfStyle { sideways: Sideways::Dot, black_lower_case: true, ..style });
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct WxfStyle {
    /// The operator for a sideways move.
    pub sideways: Sideways,
    /// Where the front/rear marker of tandem pieces goes.
    pub tandem_marker: TandemMarker,
    /// Black's piece letters in lower case (PlayOK): `h8+7`.
    pub black_lower_case: bool,
    /// Full-width characters (the wxf.ca game database): `Ｃ２＝５`.
    pub full_width: bool,
}

impl WxfStyle {
    /// `C2=5`, `R++2`, upper case, ASCII.
    pub const DEFAULT: WxfStyle = WxfStyle {
        sideways: Sideways::Equals,
        tandem_marker: TandemMarker::AfterLetter,
        black_lower_case: false,
        full_width: false,
    };
    /// PlayOK's style: `C2.5 h8+7`.
    pub const PLAYOK: WxfStyle = WxfStyle { sideways: Sideways::Dot, black_lower_case: true, ..WxfStyle::DEFAULT };
    /// The wxf.ca game database's style: `Ｃ２＝５`, `＋Ｐ＋１`.
    pub const WXF_DATABASE: WxfStyle =
        WxfStyle { tandem_marker: TandemMarker::BeforeLetter, full_width: true, ..WxfStyle::DEFAULT };
}

/// The operator written for a sideways move.
///
/// ```
/// use xiangqi_core::wxf::{self, Sideways, WxfStyle};
/// use xiangqi_core::Position;
/// let style = WxfStyle { sideways: Sideways::Dot, ..WxfStyle::DEFAULT };
/// assert_eq!(wxf::write_with(&Position::default(), "h2e2".parse().unwrap(), style), "C2.5");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sideways {
    /// `C2=5` (WXF 2018, Fairy-Stockfish, AXF).
    #[default]
    Equals,
    /// `C2.5` (the WXF web page, PlayOK).
    Dot,
}

/// Where the front/rear marker of two pieces of a kind on one file is written.
///
/// ```
/// use xiangqi_core::wxf::{self, TandemMarker, WxfStyle};
/// use xiangqi_core::Position;
/// let pos = Position::from_fen("3k5/9/4R4/9/9/9/9/9/9/4RK3 w - - 0 1").unwrap();
/// let style = WxfStyle { tandem_marker: TandemMarker::BeforeLetter, ..WxfStyle::DEFAULT };
/// assert_eq!(wxf::write_with(&pos, "e7e9".parse().unwrap(), style), "+R+2");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum TandemMarker {
    /// `R++2` (WXF 2018, Fairy-Stockfish).
    #[default]
    AfterLetter,
    /// `+R+2` (the wxf.ca game database).
    BeforeLetter,
}

/// Reads a WXF move and finds it in `pos`.
///
/// Accepted, besides the written forms: full-width characters, lower case, `.` for sideways, the marker
/// before the letter (`+R+2`), letters `B`/`M` (elephant), `N` (horse), `G` (advisor) and the numeric
/// piece codes `1`..`7`, the old WXF page's pawn forms (`++.4`, `P+` for the second of four, `P5` for the
/// middle of three, `7+.6`, `33.4`), xqbase's `Pa`..`Pe` and `P..5`, a missing sideways operator
/// (`C25`), trailing `!`/`?`, and a file without a marker for tandem pieces when only one of them can
/// make the move.
///
/// ```
/// use xiangqi_core::{wxf, Position};
/// let pos = Position::from_fen("3k5/9/4R4/9/9/9/9/9/9/4RK3 w - - 0 1").unwrap();
/// for text in ["R-+6", "-R+6", "r-+6", "R5+6"] {
///     assert_eq!(wxf::parse(&pos, text)?.to_string(), "e0e6");
/// }
/// assert!(wxf::parse(&pos, "R5+1").is_err()); // both rooks can: ambiguous
/// # Ok::<(), xiangqi_core::notation::ParseMoveError>(())
/// ```
pub fn parse(pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    crate::notation::parse_as(pos, text, Notation::Wxf)
}

/// What a text split into symbols says, before a position is given.
pub(crate) fn read(text: &str, symbols: &Symbols) -> Result<Reading, ParseMoveError> {
    let (queries, start) = grammar::read(text, symbols)
        .map_err(|(offset, kind)| ParseMoveError::new(text, Some(Notation::Wxf), offset, kind))?;
    Ok(Reading { notation: Notation::Wxf, queries, start })
}

/// Writes a legal move of `pos` in the default style ([`WxfStyle::DEFAULT`]).
///
/// For a move that is not legal in `pos` the text is unspecified (empty if no piece of the side to move
/// stands on its first square) but nothing panics.
///
/// ```
/// use xiangqi_core::{wxf, Position};
/// let pos = Position::from_fen("3k5/9/2P1P4/2P1P4/4P4/9/9/9/9/5K3 w - - 0 1").unwrap();
/// assert_eq!(wxf::write(&pos, "e6f6".parse().unwrap()), "25=4");
/// assert_eq!(wxf::write(&pos, "c6b6".parse().unwrap()), "27=8");
/// ```
pub fn write(pos: &Position, m: Move) -> String {
    write_with(pos, m, WxfStyle::DEFAULT)
}

/// Writes a legal move of `pos` in a given style.
///
/// ```
/// use xiangqi_core::wxf::{self, WxfStyle};
/// use xiangqi_core::Position;
/// let pos = Position::from_fen("3ak4/4a4/9/2P3R2/9/9/2r3p2/4B1p2/4A4/4KA3 b - - 0 1").unwrap();
/// let m = "g2g1".parse().unwrap();
/// assert_eq!(wxf::write_with(&pos, m, WxfStyle::DEFAULT), "P++1");
/// assert_eq!(wxf::write_with(&pos, m, WxfStyle::PLAYOK), "p++1");
/// assert_eq!(wxf::write_with(&pos, m, WxfStyle::WXF_DATABASE), "＋Ｐ＋１");
/// ```
pub fn write_with(pos: &Position, m: Move, style: WxfStyle) -> String {
    let mut text = String::with_capacity(if style.full_width { 12 } else { 4 });
    write_to(&mut text, pos, m, style);
    text
}

/// Appends a legal move of `pos` to `out` in a given style, without allocating if `out` has room.
///
/// ```
/// use xiangqi_core::wxf::{self, WxfStyle};
/// use xiangqi_core::Position;
/// let pos = Position::default();
/// let mut out = String::new();
/// for m in ["h2e2", "h0g2"] {
///     wxf::write_to(&mut out, &pos, m.parse().unwrap(), WxfStyle::PLAYOK);
///     out.push(' ');
/// }
/// assert_eq!(out, "C2.5 H2+3 ");
/// ```
pub fn write_to(out: &mut String, pos: &Position, m: Move, style: WxfStyle) {
    if let Some(description) = describe(pos, m) {
        for c in symbols(&description, style) {
            out.push(if style.full_width { full_width(c) } else { c });
        }
    }
}

/// The four ASCII symbols of a described move.
fn symbols(d: &Description, style: WxfStyle) -> [char; 4] {
    let mut letter = letter(d.role);
    if style.black_lower_case && d.color == Color::Black {
        letter = letter.to_ascii_lowercase();
    }
    let (first, second) = match d.tandem {
        None => (letter, digit(d.file)),
        Some(t) if uses_index(d.role, t) => (digit(t.index + 1), digit(d.file)),
        Some(t) => {
            let marker = if t.index == 0 { '+' } else { '-' };
            match style.tandem_marker {
                TandemMarker::AfterLetter => (letter, marker),
                TandemMarker::BeforeLetter => (marker, letter),
            }
        }
    };
    let operator = match (d.direction, style.sideways) {
        (Direction::Forward, _) => '+',
        (Direction::Backward, _) => '-',
        (Direction::Sideways, Sideways::Equals) => '=',
        (Direction::Sideways, Sideways::Dot) => '.',
    };
    [first, second, operator, digit(d.number)]
}

/// Whether a tandem soldier is written in the WXF 2018 index form: its file holds three or more, or
/// another file holds two or more too.
fn uses_index(role: Role, t: Tandem) -> bool {
    role == Role::Soldier && (t.count >= 3 || t.other_tandem_files)
}

/// The upper-case WXF letter of a role.
fn letter(role: Role) -> char {
    match role {
        Role::General => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Chariot => 'R',
        Role::Cannon => 'C',
        Role::Soldier => 'P',
    }
}

/// The ASCII digit of 0..=9.
fn digit(n: u8) -> char {
    char::from(b'0' + n.min(9))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ParseMoveErrorKind;

    /// (FEN, ICCS, WXF): worked examples, from the start position to tandem pieces and soldier files.
    const EXAMPLES: &[(&str, &str, &str)] = &[
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "g0e2", "E3+5"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "b7b0", "C2+7"),
        ("2bak4/4a4/4b4/9/9/2R6/9/4B4/4AN3/3AK1C2 w", "e2c0", "E5-7"),
        ("3ak4/4a4/2n1b2c1/9/2r6/9/9/9/9/4K4 b", "c7a8", "H3-1"),
        ("3ak4/4a4/2n1b2c1/9/2r6/9/9/9/9/4K4 b", "e8f9", "A5-6"),
        ("3k5/9/9/9/9/9/9/9/4K4/9 w", "e1f1", "K5=4"),
        ("4k4/4c4/9/9/4c4/9/9/9/9/3K5 b", "e5e7", "C+-2"),
        ("3k5/9/9/9/9/4N4/9/4N4/9/5K3 w", "e2d0", "H--6"),
        ("3k5/9/4P4/4P4/9/9/9/9/9/5K3 w", "e6d6", "P-=6"),
        ("3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w", "e5f5", "35=4"),
        ("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w", "c7b7", "37=8"),
        ("5k3/9/9/9/9/2p1p4/2p1p4/9/9/3K5 b", "c4b4", "23=2"),
        ("r4k3/1n2P1P2/4ba3/2p6/P8/9/9/2C6/npp2K3/rp6N b", "a9a8", "R-+1"),
        ("3ark3/1ncPaCP2/4b4/2p6/P8/9/9/2p6/npp2K3/rp6N b", "b0c0", "12=3"),
        ("4kab2/3Pa4/3Nb4/3N5/9/9/9/4r4/2pp5/5K3 w", "d6c4", "H--7"),
    ];

    #[test]
    fn worked_examples() {
        for &(fen, iccs, text) in EXAMPLES {
            let pos = Position::from_fen(fen).unwrap();
            let m: Move = iccs.parse().unwrap();
            assert_eq!(write(&pos, m), text, "{fen} {iccs}");
            assert_eq!(parse(&pos, text), Ok(m), "{fen} {text}");
        }
    }

    #[test]
    fn old_forms_and_dialects() {
        let cases: &[(&str, &str, &str)] = &[
            ("3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w", "P5.6", "e6d6"),
            ("3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w", "P-.4", "e5f5"),
            ("3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w", "++.6", "e8d8"),
            ("3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w", "P+.6", "e7d7"),
            ("3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w", "--.6", "e5d5"),
            ("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w", "P7.8", "c7b7"),
            ("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w", "Pe.8", "c5b5"),
            ("3k5/9/2P1P4/2P1P4/4P4/9/9/9/9/5K3 w", "55.4", "e6f6"),
            ("3k5/9/2P1P4/2P1P4/4P4/9/9/9/9/5K3 w", "7-.8", "c6b6"),
            ("3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w", "P..6", "e6d6"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "62.5", "h2e2"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "c25", "h2e2"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "N2+3", "h0g2"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "B3+5", "g0e2"),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "G4+5", "f0e1"),
            ("3ak4/4a4/9/2P3R2/9/9/2r3p2/4B1p2/4A4/4KA3 b", "＋Ｐ＋１", "g2g1"),
        ];
        for &(fen, text, iccs) in cases {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(parse(&pos, text).map(|m| m.to_string()), Ok(iccs.to_owned()), "{fen} {text}");
        }
    }

    #[test]
    fn advisors_are_marked_only_when_their_texts_would_clash() {
        // Advisors on d0 and d1 (a placement accepted only on request): both can advance to file 5.
        let fen: crate::fen::Fen = "3k5/9/9/9/9/9/9/9/3A5/3A1K3 w".parse().unwrap();
        let pos = fen.into_position(crate::PositionErrorKinds::ADVISOR_PLACEMENT).unwrap();
        for (iccs, text) in [("d1e2", "A++5"), ("d0e1", "A-+5"), ("d1e0", "A6-5")] {
            let m: Move = iccs.parse().unwrap();
            assert_eq!(write(&pos, m), text);
            assert_eq!(parse(&pos, text), Ok(m));
        }
        assert_eq!(parse(&pos, "A6+5").unwrap_err().kind, ParseMoveErrorKind::Ambiguous);
    }

    #[test]
    fn failures_name_the_token() {
        let pos = Position::default();
        let err = parse(&pos, " R5+1").unwrap_err();
        assert_eq!((err.offset, err.kind), (1, ParseMoveErrorKind::NoSuchPiece));
        let err = parse(&pos, "R1+9").unwrap_err();
        assert_eq!(err.kind, ParseMoveErrorKind::Illegal);
        assert_eq!(err.text, "R1+9");
        let two = Position::from_fen("3k5/9/4R4/9/9/9/9/9/9/4RK3 w").unwrap();
        assert_eq!(parse(&two, "R5+1").unwrap_err().kind, ParseMoveErrorKind::Ambiguous);
    }

    #[test]
    fn writing_nothing_for_no_mover() {
        let pos = Position::default();
        assert_eq!(write(&pos, "e5e6".parse().unwrap()), "");
    }
}
