//! Opening classification: the ECCO code of a game (中国象棋开局编码, 260 codes `A00`-`E99` in five
//! families and 34 groups), with its names in simplified and traditional Chinese.
//!
//! The classification reads only the first 20 plies of a game from the standard start position. They are
//! written as xqbase's 4-character move codes (`C2.5 N8+7 …`), mirrored when red opens on its left wing
//! (炮八平五 is read as 炮二平五), and an ordered list of rules decides: each rule tests single plies, runs
//! of plies, the first moves of a side in any order, or scans that skip a side's neutral moves until one
//! decides. The first rule that holds gives the code. Two move orders reaching one position get one code
//! when the rules' unordered tests and scans cover the difference, not always otherwise. See
//! `docs/ecco.md`.
//!
//! ```
//! use xiangqi_core::{ecco, Move, Position};
//!
//! // 炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9 车二平三 炮9退1
//! // 马八进七 士4进5 炮八平九
//! let iccs = "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 c3c4 h7i7 h6g6 i7i8 b0c2 d9e8 b2a2";
//! let moves = iccs.split(' ').map(str::parse).collect::<Result<Vec<Move>, _>>()?;
//! let code = ecco::classify(&Position::default(), &moves)?;
//! assert_eq!(code.code, "C45");
//! assert_eq!(code.group, "C4");
//! assert_eq!(code.opening.simplified, "中炮过河车互进七兵对屏风马平炮兑车");
//! assert_eq!(code.opening.traditional, "中炮過河車互進七兵對屏風馬平炮兌車");
//! assert_eq!(code.variation.unwrap().simplified, "红左边炮对黑退边炮上右士");
//!
//! // A set-up position has no code.
//! let composed = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w")?;
//! assert_eq!(ecco::classify(&composed, &moves[..0]), Err(ecco::EccoError::SetUpStart));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod line;
mod procedure;
#[rustfmt::skip]
mod table;

use core::borrow::Borrow;
use core::fmt;
use std::sync::OnceLock;

use crate::{Color, Game, Move, Piece, Position, Role};
use line::MoveCode;
use procedure::PLIES;

/// A name in both scripts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Name {
    /// In simplified characters, as the ECCO table writes it: `中炮对屏风马`.
    pub simplified: &'static str,
    /// In traditional characters: `中炮對屏風馬`.
    pub traditional: &'static str,
}

/// An ECCO code with its names.
///
/// ```
/// use xiangqi_core::ecco::Ecco;
/// let c02 = Ecco::from_code("C02").unwrap();
/// assert_eq!(c02.opening.simplified, "中炮七路马对屏风马");
/// assert_eq!(c02.variation.unwrap().traditional, "紅左馬盤河");
/// assert_eq!((c02.group, c02.group_name.simplified), ("C0", "中炮对屏风马(一)"));
/// assert_eq!(c02.to_string(), "C02 中炮七路马对屏风马 红左马盘河");
/// assert_eq!(Ecco::all().len(), 260);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ecco {
    /// The code: a letter `A`-`E` and two digits, `C45`.
    pub code: &'static str,
    /// The opening's name: `中炮过河车互进七兵对屏风马平炮兑车`.
    pub opening: Name,
    /// The variation's name, for the codes that have one: `红左边炮对黑退边炮上右士`.
    pub variation: Option<Name>,
    /// The group (the code's letter and first digit): `C4`.
    pub group: &'static str,
    /// The group's name: `中炮过河车互进七兵对屏风马平炮兑车`.
    pub group_name: Name,
}

impl Ecco {
    /// The code named `code` (`"C45"`), if it is one of the 260.
    pub fn from_code(code: &str) -> Option<Ecco> {
        table::CODES.binary_search_by(|e| e.code.cmp(code)).ok().map(|i| table::CODES[i])
    }

    /// Every code, in order from `A00` to `E48`.
    pub fn all() -> impl ExactSizeIterator<Item = Ecco> {
        table::CODES.iter().copied()
    }

    /// The code's family, its letter: `'C'`.
    pub fn family(&self) -> char {
        self.code.chars().next().unwrap_or('A')
    }
}

impl fmt::Display for Ecco {
    /// The code and its names in simplified characters: `C02 中炮七路马对屏风马 红左马盘河`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code, self.opening.simplified)?;
        match self.variation {
            Some(variation) => write!(f, " {}", variation.simplified),
            None => Ok(()),
        }
    }
}

/// Why a game has no ECCO code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EccoError {
    /// The game does not start from the standard position with red to move (a composed position, an
    /// endgame study): ECCO classifies openings only.
    #[error("the game starts from a set-up position; ECCO codes only games from the standard start")]
    SetUpStart,
    /// The game has no moves.
    #[error("the game has no moves, so no opening")]
    NoMoves,
    /// A move among the first 20 plies is not legal where it is played.
    #[error("ply {ply}: {mv} is not a legal move")]
    IllegalMove {
        /// The ply, from 1.
        ply: usize,
        /// The move.
        mv: Move,
    },
}

/// The ECCO code of a game starting at `start` with `moves` (only the first 20 plies are read; a
/// shorter game is classified from what it has).
///
/// # Errors
///
/// [`EccoError::SetUpStart`] unless `start` is the standard start with red to move,
/// [`EccoError::NoMoves`] for an empty game, [`EccoError::IllegalMove`] for an illegal move among the
/// first 20 plies.
pub fn classify<M: Borrow<Move>>(start: &Position, moves: impl IntoIterator<Item = M>) -> Result<Ecco, EccoError> {
    classify_codes(&opening_codes(start, moves, Legality::Check)?)
}

/// The code of a line of move codes.
fn classify_codes(codes: &[MoveCode]) -> Result<Ecco, EccoError> {
    Ok(*procedure::classify(&line::line(codes)).0)
}

/// Whether the moves given are checked for legality, or known to be legal (those of a [`Game`] or a
/// record's move tree).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Legality {
    Check,
    Known,
}

/// The first 20 plies of a game as the classification reads them: 4-character codes separated by spaces,
/// after mirroring (`C2.5 N8+7 N2+3 R9.8`). Useful to see why a game got its code.
///
/// ```
/// use xiangqi_core::{ecco, Move, Position};
/// let moves: [Move; 3] = ["b2e2".parse()?, "b9c7".parse()?, "b0c2".parse()?]; // 炮八平五 马2进3 马八进七
/// assert_eq!(ecco::opening_line(&Position::default(), moves)?, "C2.5 N8+7 N2+3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`classify`].
pub fn opening_line<M: Borrow<Move>>(
    start: &Position,
    moves: impl IntoIterator<Item = M>,
) -> Result<String, EccoError> {
    let codes = opening_codes(start, moves, Legality::Check)?;
    let mirrored = codes.first().is_some_and(|&first| line::mirrors(first));
    let texts: Vec<String> = codes
        .iter()
        .map(|&code| String::from_utf8_lossy(&if mirrored { line::mirror(code) } else { code }).into_owned())
        .collect();
    Ok(texts.join(" "))
}

/// The codes of the first 20 plies as each mover writes them, checked.
fn opening_codes<M: Borrow<Move>>(
    start: &Position,
    moves: impl IntoIterator<Item = M>,
    legality: Legality,
) -> Result<arrayvec::ArrayVec<MoveCode, PLIES>, EccoError> {
    if !is_standard_start(start) {
        return Err(EccoError::SetUpStart);
    }
    let mut pos = start.clone();
    let mut codes = arrayvec::ArrayVec::new();
    for (index, m) in moves.into_iter().take(PLIES).enumerate() {
        let m = *m.borrow();
        let illegal = EccoError::IllegalMove { ply: index + 1, mv: m };
        if legality == Legality::Check && !pos.is_legal(m) {
            return Err(illegal);
        }
        codes.push(line::code(&pos, m).ok_or(illegal)?);
        pos.play_unchecked(m);
    }
    if codes.is_empty() {
        return Err(EccoError::NoMoves);
    }
    Ok(codes)
}

/// Whether `pos` has the pieces of the start position with red to move (the move counters may differ).
fn is_standard_start(pos: &Position) -> bool {
    static START: OnceLock<Position> = OnceLock::new();
    let start = START.get_or_init(Position::default);
    pos.turn() == start.turn()
        && pos.zobrist_hash() == start.zobrist_hash()
        && Color::ALL.iter().all(|&color| {
            Role::ALL
                .iter()
                .all(|&role| pos.squares_of(Piece { color, role }) == start.squares_of(Piece { color, role }))
        })
}

impl Game {
    /// The game's ECCO code, from its moves ([`classify`]).
    ///
    /// ```
    /// use xiangqi_core::Game;
    /// let mut game = Game::default();
    /// for m in ["g0e2", "b9c7"] {
    ///     game.push(m.parse()?)?;
    /// }
    /// assert_eq!(game.ecco()?.code, "A14"); // 飞相对进右马
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`classify`]: a game from a set-up position or without moves has no code.
    pub fn ecco(&self) -> Result<Ecco, EccoError> {
        classify_codes(&opening_codes(self.start(), self.moves(), Legality::Known)?)
    }
}

#[cfg(feature = "records")]
impl crate::record::GameRecord {
    /// The ECCO code of the record's main line ([`classify`]); compare with its `ECCO` tag, if any.
    ///
    /// # Errors
    ///
    /// As [`classify`].
    pub fn ecco(&self) -> Result<Ecco, EccoError> {
        classify_codes(&opening_codes(self.start(), self.main_line(), Legality::Known)?)
    }
}

#[cfg(test)]
mod tests;
