use core::fmt;

use crate::{Color, Piece, Role, Square};

/// A board that has not been checked against the rules: what a FEN describes.
///
/// Turn it into a playable [`Position`](crate::Position) with
/// [`Position::from_setup`](crate::Position::from_setup), which validates it.
///
/// ```
/// use xiangqi_core::{Color, Piece, Position, PositionErrorKinds, Role, Setup, Square};
/// let mut setup = Setup::empty();
/// setup.board[Square::E0.index()] = Some(Piece::new(Color::Red, Role::General));
/// setup.board[Square::D9.index()] = Some(Piece::new(Color::Black, Role::General));
/// setup.board[Square::A5.index()] = Some(Piece::new(Color::Red, Role::Chariot));
/// let pos = Position::from_setup(setup, PositionErrorKinds::EMPTY).unwrap();
/// assert_eq!(pos.legal_moves().len(), 17 + 3 - 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 90],
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture (FEN's halfmove clock).
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after each black move.
    pub fullmoves: u32,
}

impl Setup {
    /// An empty board, red to move, move 1.
    pub fn empty() -> Setup {
        Setup { board: [None; 90], turn: Color::Red, halfmoves: 0, fullmoves: 1 }
    }

    /// The standard start position.
    pub fn start() -> Setup {
        crate::Position::default().to_setup()
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

macro_rules! error_kinds {
    ($($(#[$doc:meta])* $name:ident = $bit:expr, $label:expr;)*) => {
        impl PositionErrorKinds {
            $(
                $(#[$doc])*
                pub const $name: PositionErrorKinds = PositionErrorKinds(1 << $bit);
            )*
            const NAMED: &'static [(PositionErrorKinds, &'static str)] = &[$((PositionErrorKinds::$name, $label)),*];
        }
    };
}

/// A set of reasons a [`Setup`] is not a legal position. Used both to report problems and to say which
/// problems a caller accepts.
///
/// ```
/// use xiangqi_core::PositionErrorKinds;
/// let kinds = PositionErrorKinds::ADVISOR_PLACEMENT | PositionErrorKinds::SOLDIER_PLACEMENT;
/// assert!(kinds.contains(PositionErrorKinds::SOLDIER_PLACEMENT));
/// assert_eq!(kinds.to_string(), "advisor-placement, soldier-placement");
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct PositionErrorKinds(u16);

error_kinds! {
    /// A side has no general. Never accepted.
    MISSING_GENERAL = 0, "missing-general";
    /// A side has more than one general. Never accepted.
    TOO_MANY_GENERALS = 1, "too-many-generals";
    /// A side has more pieces of a kind than the game provides (2 advisors, 2 elephants, 2 horses,
    /// 2 chariots, 2 cannons, 5 soldiers). Never accepted: move-list capacity relies on it.
    TOO_MANY_PIECES = 2, "too-many-pieces";
    /// A general stands outside its palace. Never accepted.
    GENERAL_OUTSIDE_PALACE = 3, "general-outside-palace";
    /// An advisor stands off its five palace points. Accepted on request.
    ADVISOR_PLACEMENT = 4, "advisor-placement";
    /// An elephant stands off its seven points (which are all on its own side). Accepted on request.
    ELEPHANT_PLACEMENT = 5, "elephant-placement";
    /// A soldier stands where it can never arrive: behind its starting rank, or on a file it cannot
    /// reach before crossing the river. Accepted on request.
    SOLDIER_PLACEMENT = 6, "soldier-placement";
    /// The generals face each other on an open file. Never accepted.
    GENERALS_FACING = 7, "generals-facing";
    /// The side that is not to move is in check. Accepted on request (perft suites use such positions):
    /// the side to move may then capture the general, after which the other side has no move.
    OPPONENT_IN_CHECK = 8, "opponent-in-check";
}

impl PositionErrorKinds {
    /// No kinds.
    pub const EMPTY: PositionErrorKinds = PositionErrorKinds(0);
    /// The kinds a caller may accept: placement rules that composed problems sometimes break on purpose,
    /// and the opponent standing in check.
    pub const WAIVABLE: PositionErrorKinds = PositionErrorKinds(
        PositionErrorKinds::ADVISOR_PLACEMENT.0
            | PositionErrorKinds::ELEPHANT_PLACEMENT.0
            | PositionErrorKinds::SOLDIER_PLACEMENT.0
            | PositionErrorKinds::OPPONENT_IN_CHECK.0,
    );

    /// Whether every kind in `other` is in `self`.
    pub const fn contains(self, other: PositionErrorKinds) -> bool {
        self.0 & other.0 == other.0
    }

    /// The kinds in `self` or in `other` (`|` in constant expressions).
    ///
    /// ```
    /// use xiangqi_core::PositionErrorKinds;
    /// const PLACEMENT: PositionErrorKinds =
    ///     PositionErrorKinds::ADVISOR_PLACEMENT.union(PositionErrorKinds::ELEPHANT_PLACEMENT);
    /// assert!(PLACEMENT.contains(PositionErrorKinds::ELEPHANT_PLACEMENT));
    /// ```
    pub const fn union(self, other: PositionErrorKinds) -> PositionErrorKinds {
        PositionErrorKinds(self.0 | other.0)
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds in `self` but not in `other`.
    pub const fn without(self, other: PositionErrorKinds) -> PositionErrorKinds {
        PositionErrorKinds(self.0 & !other.0)
    }

    /// Each kind in the set with its short name, in declaration order.
    pub fn iter(self) -> impl Iterator<Item = (PositionErrorKinds, &'static str)> {
        PositionErrorKinds::NAMED.iter().copied().filter(move |(k, _)| self.contains(*k))
    }
}

impl core::ops::BitOr for PositionErrorKinds {
    type Output = PositionErrorKinds;
    fn bitor(self, rhs: PositionErrorKinds) -> PositionErrorKinds {
        PositionErrorKinds(self.0 | rhs.0)
    }
}

impl core::ops::BitAnd for PositionErrorKinds {
    type Output = PositionErrorKinds;
    fn bitand(self, rhs: PositionErrorKinds) -> PositionErrorKinds {
        PositionErrorKinds(self.0 & rhs.0)
    }
}

impl core::ops::BitOrAssign for PositionErrorKinds {
    fn bitor_assign(&mut self, rhs: PositionErrorKinds) {
        self.0 |= rhs.0;
    }
}

impl fmt::Display for PositionErrorKinds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (_, name)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(name)?;
        }
        Ok(())
    }
}

impl fmt::Debug for PositionErrorKinds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PositionErrorKinds({self})")
    }
}

/// One problem found in a setup: its kind, the square concerned (if any) and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionProblem {
    /// The kind (exactly one flag).
    pub kind: PositionErrorKinds,
    /// The square of the offending piece, where there is one.
    pub square: Option<Square>,
    /// A sentence for people.
    pub message: String,
}

/// A setup that is not a legal position: every problem found, not just the first.
///
/// ```
/// use xiangqi_core::{fen::Fen, PositionErrorKinds};
/// let fen: Fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P2PP1P1P/1C5C1/9/RNBAKABNR w".parse().unwrap();
/// let err = fen.into_position(PositionErrorKinds::EMPTY).unwrap_err();
/// assert_eq!(err.kinds(), PositionErrorKinds::SOLDIER_PLACEMENT);
/// assert_eq!(err.problems()[0].square.unwrap().to_string(), "d3");
/// // A composer may accept it on purpose:
/// let fen: Fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P2PP1P1P/1C5C1/9/RNBAKABNR w".parse().unwrap();
/// assert!(fen.into_position(PositionErrorKinds::SOLDIER_PLACEMENT).is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal position: {}", describe(problems))]
pub struct PositionError {
    problems: Vec<PositionProblem>,
}

/// The most problems a message lists; [`PositionError::problems`] has them all. A board of 90 pieces has
/// as many problems, and a message stays short whatever the input.
const DESCRIBED: usize = 8;

fn describe(problems: &[PositionProblem]) -> String {
    let mut text = problems.iter().take(DESCRIBED).map(|p| p.message.as_str()).collect::<Vec<_>>().join("; ");
    if problems.len() > DESCRIBED {
        text.push_str(&format!("; and {} more", problems.len() - DESCRIBED));
    }
    text
}

impl PositionError {
    pub(crate) fn new(problems: Vec<PositionProblem>) -> PositionError {
        PositionError { problems }
    }

    /// The set of kinds found.
    pub fn kinds(&self) -> PositionErrorKinds {
        self.problems.iter().fold(PositionErrorKinds::EMPTY, |acc, p| acc | p.kind)
    }

    /// Every problem found, in board order within each kind.
    pub fn problems(&self) -> &[PositionProblem] {
        &self.problems
    }
}

/// Lists every problem in a setup (without regard to what the caller accepts).
pub(crate) fn find_problems(setup: &Setup) -> Vec<PositionProblem> {
    let mut problems = Vec::new();
    let mut problem = |kind, square: Option<Square>, message: String| {
        problems.push(PositionProblem { kind, square, message });
    };
    let mut counts = [[0u8; 7]; 2];
    let mut generals: [Option<Square>; 2] = [None, None];
    for sq in Square::all() {
        let Some(piece) = setup.board[sq.index()] else {
            continue;
        };
        counts[piece.color.index()][piece.role.index()] += 1;
        if piece.role == Role::General {
            generals[piece.color.index()] = Some(sq);
        }
        if !crate::tables::placement_allowed(piece.color.index(), piece.role.index(), sq.index()) {
            let (kind, what) = match piece.role {
                Role::General => (PositionErrorKinds::GENERAL_OUTSIDE_PALACE, "outside the palace"),
                Role::Advisor => (PositionErrorKinds::ADVISOR_PLACEMENT, "off the advisor points"),
                Role::Elephant => (PositionErrorKinds::ELEPHANT_PLACEMENT, "off the elephant points"),
                _ => (PositionErrorKinds::SOLDIER_PLACEMENT, "on a square a soldier can never reach"),
            };
            problem(kind, Some(sq), format!("{} {} on {sq} {what}", piece.color, piece.role));
        }
    }
    for color in Color::ALL {
        for role in Role::ALL {
            let n = counts[color.index()][role.index()];
            if role == Role::General {
                if n == 0 {
                    problem(PositionErrorKinds::MISSING_GENERAL, None, format!("{color} has no general"));
                } else if n > 1 {
                    problem(PositionErrorKinds::TOO_MANY_GENERALS, None, format!("{color} has {n} generals"));
                }
            } else if n > role.max_count() {
                problem(
                    PositionErrorKinds::TOO_MANY_PIECES,
                    None,
                    format!("{color} has {n} {}s (at most {})", role.name(), role.max_count()),
                );
            }
        }
    }
    let structural = PositionErrorKinds::MISSING_GENERAL
        | PositionErrorKinds::TOO_MANY_GENERALS
        | PositionErrorKinds::TOO_MANY_PIECES
        | PositionErrorKinds::GENERAL_OUTSIDE_PALACE;
    let structurally_sound = problems.iter().all(|p| !structural.contains(p.kind));
    if let ([Some(red), Some(black)], true) = (generals, structurally_sound) {
        if red.file() == black.file()
            && (red.rank() + 1..black.rank())
                .all(|r| setup.board[usize::from(r) * 9 + usize::from(red.file())].is_none())
        {
            problems.push(PositionProblem {
                kind: PositionErrorKinds::GENERALS_FACING,
                square: Some(black),
                message: format!("the generals face each other on file {}", red.file_char()),
            });
        }
        let them = !setup.turn;
        let checkers = crate::position::checkers_in_setup(setup, setup.turn);
        for sq in checkers {
            problems.push(PositionProblem {
                kind: PositionErrorKinds::OPPONENT_IN_CHECK,
                square: Some(sq),
                message: format!("{them} is in check from {sq} but it is {}'s turn", setup.turn),
            });
        }
    }
    problems.sort_by_key(|p| p.kind.0);
    problems
}
