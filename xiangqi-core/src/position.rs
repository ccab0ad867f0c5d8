use core::fmt;

use crate::setup::{find_problems, PositionError, PositionErrorKinds, Setup};
use crate::tables::{HORSE_CHECKS, RAYS, SOLDIER_ATTACK_MASKS};
use crate::{zobrist, Color, Move, Piece, Role, Square, SquareSet};

/// Board codes: 0 is an empty square, otherwise `1 + piece.index()`.
pub(crate) type Code = u8;

pub(crate) const EMPTY: Code = 0;

#[inline(always)]
pub(crate) const fn code(color: usize, role: Role) -> Code {
    1 + color as u8 * 7 + role as u8
}

#[inline(always)]
pub(crate) const fn code_color(c: Code) -> usize {
    (c >= 8) as usize
}

const CODE_ROLES: [u8; 16] = [7, 0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5, 6, 7];

/// The role index of a non-empty code.
#[inline(always)]
pub(crate) const fn code_role_index(c: Code) -> usize {
    CODE_ROLES[(c & 15) as usize] as usize
}

fn decode(c: Code) -> Option<Piece> {
    if c == EMPTY {
        None
    } else {
        Piece::from_index(usize::from(c - 1))
    }
}

static BITS: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

/// The one-square bit set of square index `sq` (a table lookup: a variable 128-bit shift costs more).
#[inline(always)]
pub(crate) fn bit(sq: usize) -> u128 {
    BITS[sq & 127]
}

/// The nearest occupied square of `blockers` along direction `dir` (which must be a subset of that ray).
#[inline(always)]
pub(crate) fn nearest(blockers: u128, dir: usize) -> usize {
    // North and east run towards higher indices.
    if dir == crate::tables::NORTH || dir == crate::tables::EAST {
        blockers.trailing_zeros() as usize
    } else {
        127 - blockers.leading_zeros() as usize
    }
}

/// The squares of a ray in direction `dir` up to and including `sq` (to be masked with the ray).
#[inline(always)]
pub(crate) fn upto(sq: usize, dir: usize) -> u128 {
    if dir == crate::tables::NORTH || dir == crate::tables::EAST {
        (bit(sq) - 1) | bit(sq)
    } else {
        !(bit(sq) - 1)
    }
}

/// A legal position: placement, side to move and move counters, with its Zobrist hash.
///
/// Made from the start position ([`Position::default`]), from FEN ([`Position::from_fen`]) or from a
/// [`Setup`]; always valid (see [`PositionErrorKinds`] for what validation checks).
///
/// ```
/// use xiangqi_core::Position;
/// let pos = Position::default();
/// assert_eq!(pos.legal_moves().len(), 44);
/// let pos = pos.play("h2e2".parse().unwrap()).unwrap();
/// assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [Code; 90],
    pub(crate) by_color: [u128; 2],
    pub(crate) by_role: [u128; 7],
    pub(crate) generals: [u8; 2],
    pub(crate) turn: Color,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
}

/// A move that is not legal in the position it was played in. Holds the position, unchanged.
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv} in {}", .position.fen())]
pub struct PlayError {
    /// The move that was refused.
    pub mv: Move,
    /// The position, as it was.
    pub position: Box<Position>,
}

impl fmt::Debug for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PlayError({}, {:?})", self.mv, self.position.fen())
    }
}

impl PlayError {
    /// Takes the unchanged position back.
    pub fn into_position(self) -> Position {
        *self.position
    }
}

/// How a game ends on the board, seen from one position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move: a loss for that side in xiangqi.
    Stalemate,
}

/// The result of a finished position: who won and how.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner (the side not to move, for checkmate and stalemate).
    pub winner: Color,
    /// Why the game ended.
    pub termination: Termination,
}

impl Default for Position {
    /// The standard start position.
    fn default() -> Position {
        // Read once: every record without a FEN starts here, and reading a FEN costs far more than a copy.
        static START: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
        START
            .get_or_init(|| {
                let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
                Position::from_fen(fen).expect("the start position is legal")
            })
            .clone()
    }
}

impl Position {
    /// The standard start position (same as [`Position::default`]).
    pub fn new() -> Position {
        Position::default()
    }

    /// Reads a FEN and validates it strictly (no [`PositionErrorKinds`] accepted).
    ///
    /// ```
    /// use xiangqi_core::Position;
    /// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").unwrap();
    /// // 16 chariot moves; the general may go to f0 but not d0, where it would face the black general.
    /// assert_eq!(pos.legal_moves().len(), 17);
    /// assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 x").is_err());
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, crate::fen::FenError> {
        let fen: crate::fen::Fen = fen.parse()?;
        Ok(fen.into_position(PositionErrorKinds::EMPTY)?)
    }

    /// Validates a setup. Problems whose kinds are in `accept` (and are
    /// [waivable](PositionErrorKinds::WAIVABLE)) are let through; every other problem is reported.
    pub fn from_setup(setup: Setup, accept: PositionErrorKinds) -> Result<Position, PositionError> {
        let accept = accept & PositionErrorKinds::WAIVABLE;
        let problems: Vec<_> = find_problems(&setup).into_iter().filter(|p| !accept.contains(p.kind)).collect();
        if problems.is_empty() {
            Ok(Position::from_setup_unchecked(&setup))
        } else {
            Err(PositionError::new(problems))
        }
    }

    /// Builds the position without validation. Needs one general per side for a meaningful result.
    pub(crate) fn from_setup_unchecked(setup: &Setup) -> Position {
        let mut pos = Position {
            board: [EMPTY; 90],
            by_color: [0; 2],
            by_role: [0; 7],
            generals: [0; 2],
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: zobrist::turn_key(setup.turn),
        };
        for sq in Square::all() {
            if let Some(piece) = setup.board[sq.index()] {
                let i = sq.index();
                pos.board[i] = 1 + piece.index() as u8;
                pos.by_color[piece.color.index()] |= bit(i);
                pos.by_role[piece.role.index()] |= bit(i);
                if piece.role == Role::General {
                    pos.generals[piece.color.index()] = i as u8;
                }
                pos.hash ^= zobrist::piece_key(piece, sq);
            }
        }
        pos
    }

    /// The position as an unvalidated [`Setup`].
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 90];
        for (i, c) in self.board.iter().enumerate() {
            board[i] = decode(*c);
        }
        Setup { board, turn: self.turn, halfmoves: self.halfmoves, fullmoves: self.fullmoves }
    }

    /// The FEN, `board side - - halfmoves fullmoves`, with `w` for red.
    pub fn fen(&self) -> String {
        crate::fen::Fen::from(self.to_setup()).to_string()
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture (or since the position was set up).
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number: 1 at the start, incremented after each black move.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist hash of placement and side to move (see [`zobrist`](crate::zobrist)).
    pub fn zobrist_hash(&self) -> u64 {
        self.hash
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        decode(self.board[sq.index()])
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The occupied squares.
    pub fn occupied(&self) -> SquareSet {
        SquareSet::from_bits(self.by_color[0] | self.by_color[1])
    }

    /// The squares of one side's pieces.
    pub fn pieces_of(&self, color: Color) -> SquareSet {
        SquareSet::from_bits(self.by_color[color.index()])
    }

    /// The squares holding a given piece.
    pub fn squares_of(&self, piece: Piece) -> SquareSet {
        SquareSet::from_bits(self.by_color[piece.color.index()] & self.by_role[piece.role.index()])
    }

    /// Where a side's general stands (where it last stood, if it was captured: see
    /// [`Position::has_general`]).
    pub fn general(&self, color: Color) -> Square {
        Square::new_unchecked(self.generals[color.index()])
    }

    /// Whether `m` would capture (an opposing piece stands on its target).
    pub fn is_capture(&self, m: Move) -> bool {
        self.board[m.to.index()] != EMPTY
    }

    /// Whether the side to move is in check (its general is attacked, the facing general included).
    pub fn is_check(&self) -> bool {
        if !self.has_general(self.turn) {
            return false;
        }
        let us = self.turn.index();
        let them = 1 - us;
        general_attacked(self.occupied_bits(), usize::from(self.generals[us]), them, &Checkers::of(self, them))
    }

    /// The opposing pieces that give check to the side to move.
    pub fn checkers(&self) -> SquareSet {
        if !self.has_general(self.turn) {
            return SquareSet::EMPTY;
        }
        self.attackers(self.general(self.turn), !self.turn)
    }

    /// Whether `color` still has its general: always, except after a general was captured in a position
    /// accepted with [`PositionErrorKinds::OPPONENT_IN_CHECK`].
    pub fn has_general(&self, color: Color) -> bool {
        self.board[usize::from(self.generals[color.index()])] == code(color.index(), Role::General)
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move has no legal move but is not in check. In xiangqi this **loses**
    /// (it is not a draw as in chess).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// The outcome if the side to move has no legal move: checkmate or stalemate, both lost by the side to
    /// move. `None` while the game can go on (repetition and move-count rules belong to the game record,
    /// not to a single position).
    ///
    /// ```
    /// use xiangqi_core::{Color, Position, Termination};
    /// let pos = Position::from_fen("4k4/4a4/9/9/9/9/9/9/3r1r3/4K4 w - - 0 2").unwrap();
    /// let outcome = pos.outcome().unwrap();
    /// assert_eq!(outcome.termination, Termination::Stalemate);
    /// assert_eq!(outcome.winner, Color::Black);
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        if self.has_legal_move() {
            return None;
        }
        let termination = if self.is_check() { Termination::Checkmate } else { Termination::Stalemate };
        Some(Outcome { winner: !self.turn, termination })
    }

    /// Plays a legal move, or gives the position back inside the error if the move is not legal.
    ///
    /// ```
    /// use xiangqi_core::Position;
    /// let pos = Position::default();
    /// let err = pos.play("h2h7".parse().unwrap()).unwrap_err();
    /// let pos = err.into_position(); // nothing was lost
    /// assert_eq!(pos, Position::default());
    /// ```
    pub fn play(mut self, m: Move) -> Result<Position, PlayError> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(self)
        } else {
            Err(PlayError { mv: m, position: Box::new(self) })
        }
    }

    /// Plays a move without checking it: the piece on `m.from` goes to `m.to`, taking whatever opposing
    /// piece stands there, and the turn passes.
    ///
    /// Meant for moves known to be legal (for example, taken from [`Position::legal_moves`]). A
    /// pseudo-legal move that leaves the mover's own general attacked is played as given (useful for
    /// asking "what if"); the resulting position is then not a legal one. For anything else (an empty
    /// `m.from`, a piece of the wrong side, a target holding an own piece) the result is unspecified
    /// though memory-safe, and debug builds assert.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let (from, to) = (m.from.index(), m.to.index());
        let us = self.turn.index();
        let moving = self.board[from];
        debug_assert!(moving != EMPTY && code_color(moving) == us, "no piece of the side to move on {}", m.from);
        if moving == EMPTY {
            return;
        }
        let captured = self.board[to];
        let role = code_role_index(moving);
        self.hash ^= zobrist::code_key(moving, from) ^ zobrist::code_key(moving, to) ^ zobrist::BLACK_TO_MOVE;
        if captured != EMPTY {
            self.hash ^= zobrist::code_key(captured, to);
            self.by_color[code_color(captured)] ^= bit(to);
            self.by_role[code_role_index(captured)] ^= bit(to);
            self.halfmoves = 0;
        } else {
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        self.by_color[us] ^= bit(from) | bit(to);
        self.by_role[role] ^= bit(from) | bit(to);
        self.board[to] = moving;
        self.board[from] = EMPTY;
        if role == Role::General.index() {
            self.generals[us] = to as u8;
        }
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !self.turn;
    }

    /// The same placement with the other side to move (a "null move", for asking what the opponent would
    /// threaten), or `None` if the side to move is in check, since the result would not be legal. Move
    /// counters are unchanged.
    ///
    /// ```
    /// use xiangqi_core::{Color, Position};
    /// let swapped = Position::default().swap_turn().unwrap();
    /// assert_eq!(swapped.turn(), Color::Black);
    /// assert_eq!(swapped.legal_moves().len(), 44);
    /// ```
    pub fn swap_turn(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut pos = self.clone();
        pos.turn = !pos.turn;
        pos.hash ^= zobrist::BLACK_TO_MOVE;
        Some(pos)
    }

    #[inline(always)]
    pub(crate) fn occupied_bits(&self) -> u128 {
        self.by_color[0] | self.by_color[1]
    }
}

/// One side's pieces that can give check, as bit sets (advisors and elephants never reach the opposing
/// palace).
#[derive(Copy, Clone)]
pub(crate) struct Checkers {
    /// Pieces that check along an open line: chariots, and on files the general (flying general).
    pub lines_rank: u128,
    pub lines_file: u128,
    pub cannons: u128,
    pub horses: u128,
    pub soldiers: u128,
}

impl Checkers {
    #[inline(always)]
    pub(crate) fn of(pos: &Position, by: usize) -> Checkers {
        let own = pos.by_color[by];
        let chariots = own & pos.by_role[Role::Chariot.index()];
        Checkers {
            lines_rank: chariots,
            lines_file: chariots | (own & pos.by_role[Role::General.index()]),
            cannons: own & pos.by_role[Role::Cannon.index()],
            horses: own & pos.by_role[Role::Horse.index()],
            soldiers: own & pos.by_role[Role::Soldier.index()],
        }
    }

    /// The same set after the piece on `from` moved to `to`.
    #[inline(always)]
    pub(crate) fn moved(self, from: usize, to: usize) -> Checkers {
        let shift = |set: u128| if set & bit(from) != 0 { (set & !bit(from)) | bit(to) } else { set };
        Checkers {
            lines_rank: shift(self.lines_rank),
            lines_file: shift(self.lines_file),
            cannons: shift(self.cannons),
            horses: shift(self.horses),
            soldiers: shift(self.soldiers),
        }
    }

    /// The same set after a capture on `sq` removed whatever stood there.
    #[inline(always)]
    pub(crate) fn without(self, sq: usize) -> Checkers {
        let keep = !bit(sq);
        Checkers {
            lines_rank: self.lines_rank & keep,
            lines_file: self.lines_file & keep,
            cannons: self.cannons & keep,
            horses: self.horses & keep,
            soldiers: self.soldiers & keep,
        }
    }
}

/// Whether a general standing on `sq` would be attacked by side `by` (whose checking pieces are
/// `checkers`) with the board occupied as `occupied`: soldiers, horses with a free leg, chariots and the
/// opposing general (flying general) along an open line, cannons over exactly one screen.
#[inline]
pub(crate) fn general_attacked(occupied: u128, sq: usize, by: usize, checkers: &Checkers) -> bool {
    if SOLDIER_ATTACK_MASKS[by][sq] & checkers.soldiers != 0 {
        return true;
    }
    if checkers.horses != 0 {
        for &(leg, horses) in HORSE_CHECKS[sq].as_slice() {
            if occupied & bit(leg as usize) == 0 && checkers.horses & horses != 0 {
                return true;
            }
        }
    }
    for (dir, ray) in RAYS[sq].iter().enumerate() {
        let lines = if dir < 2 { checkers.lines_file } else { checkers.lines_rank };
        if ray.mask & (lines | checkers.cannons) == 0 {
            continue;
        }
        let blockers = ray.mask & occupied;
        let first = nearest(blockers, dir);
        if lines & bit(first) != 0 {
            return true;
        }
        let rest = blockers & !bit(first);
        if rest != 0 && checkers.cannons & bit(nearest(rest, dir)) != 0 {
            return true;
        }
    }
    false
}

/// The pieces of side `by` (whose checking pieces are `checkers`) that attack a general standing on `sq`, the
/// board occupied as `occupied`: those [`general_attacked`] looks for, all of them.
#[inline]
pub(crate) fn general_attackers(occupied: u128, sq: usize, by: usize, checkers: &Checkers) -> u128 {
    let mut set = SOLDIER_ATTACK_MASKS[by][sq] & checkers.soldiers;
    if checkers.horses != 0 {
        for &(leg, horses) in HORSE_CHECKS[sq].as_slice() {
            if occupied & bit(leg as usize) == 0 {
                set |= checkers.horses & horses;
            }
        }
    }
    for (dir, ray) in RAYS[sq].iter().enumerate() {
        let lines = if dir < 2 { checkers.lines_file } else { checkers.lines_rank };
        let blockers = ray.mask & occupied;
        if ray.mask & (lines | checkers.cannons) == 0 || blockers == 0 {
            continue;
        }
        let first = nearest(blockers, dir);
        set |= lines & bit(first);
        let rest = blockers & !bit(first);
        if rest != 0 {
            set |= checkers.cannons & bit(nearest(rest, dir));
        }
    }
    set
}

/// Pieces of `attacker_side` checking the other side's general in a structurally sound setup, the facing
/// general left out (it is reported as its own problem).
pub(crate) fn checkers_in_setup(setup: &Setup, attacker_side: Color) -> SquareSet {
    let pos = Position::from_setup_unchecked(setup);
    let target = pos.general(!attacker_side);
    let mut checkers = pos.attackers(target, attacker_side);
    checkers.remove(pos.general(attacker_side));
    checkers
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?})", self.fen())
    }
}

impl fmt::Display for Position {
    /// A text diagram, rank 9 at the top, with FEN letters and `.` for empty points.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            write!(f, "{rank} ")?;
            for file in 0..9 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                let ch = self.piece_at(sq).map_or('.', Piece::char);
                write!(f, " {ch}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g h i")?;
        write!(f, "{} to move", self.turn)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.fen())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        Position::from_fen(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces `general_attackers` finds are those `attackers` finds on the general's square, for every
    /// position of the perft table and every position two plies from it (many of them in check).
    #[test]
    fn general_attackers_are_the_attackers_of_the_general() {
        let (mut positions, mut checked) = (0, 0);
        let mut seen = std::collections::HashSet::new();
        for line in include_str!("../../tests/data/perft/perft.tsv").lines() {
            let Some(fen) = line.split('\t').nth(1).filter(|f| f.contains('/') && seen.insert(*f)) else {
                continue;
            };
            let Ok(start) = Position::from_fen(fen) else { continue };
            let mut all = vec![start.clone()];
            for m in start.legal_moves() {
                let next = start.clone().play(m).expect("legal");
                all.extend(next.legal_moves().into_iter().map(|r| next.clone().play(r).expect("legal")));
                all.push(next);
            }
            for pos in all {
                let us = pos.turn();
                let general = pos.general(us);
                let expected = pos.attackers(general, !us).bits();
                let checkers = Checkers::of(&pos, (!us).index());
                let found = general_attackers(pos.occupied_bits(), general.index(), (!us).index(), &checkers);
                assert_eq!(found, expected, "{}", pos.fen());
                positions += 1;
                checked += usize::from(found != 0);
            }
        }
        assert!(positions > 10_000 && checked > 200, "{positions} positions, {checked} in check");
    }
}
