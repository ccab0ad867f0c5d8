//! Game and match scoring (14.1, 14.2), forfeit marks (21.4) and the best-of-three match of the event
//! rules (E6). Points are counted in half-points so that ties compare exactly.

use core::fmt;

use crate::Color;

/// A score in half-points: `HalfPoints(3)` is 1.5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HalfPoints(pub u32);

impl HalfPoints {
    /// The score as a number.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl fmt::Display for HalfPoints {
    /// "1", "0.5", "2.5".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 2 == 0 {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

impl core::ops::Add for HalfPoints {
    type Output = HalfPoints;
    fn add(self, other: HalfPoints) -> HalfPoints {
        HalfPoints(self.0 + other.0)
    }
}

impl core::ops::AddAssign for HalfPoints {
    fn add_assign(&mut self, other: HalfPoints) {
        self.0 += other.0;
    }
}

impl core::iter::Sum for HalfPoints {
    fn sum<I: Iterator<Item = HalfPoints>>(iter: I) -> HalfPoints {
        HalfPoints(iter.map(|h| h.0).sum())
    }
}

/// The result of one game between two entrants, as the results table has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Red won over the board.
    RedWins,
    /// Black won over the board.
    BlackWins,
    /// Drawn.
    Draw,
    /// Won by forfeit (21.4): the winner is marked "+", the absent side "−".
    Forfeit {
        /// The side present.
        winner: Color,
    },
    /// Both absent (21.3): "−" for both.
    DoubleForfeit,
}

/// One side's part of a game result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Won (1 point, 14.1).
    Win,
    /// Drawn (0.5).
    Draw,
    /// Lost (0).
    Loss,
    /// Won without play, "+" (21.4).
    ForfeitWin,
    /// Lost without play, "−" (21.4).
    ForfeitLoss,
}

impl Score {
    /// Game points (14.1; 21.4 "+" = 1 for an individual, "−" = 0).
    pub fn points(self) -> HalfPoints {
        match self {
            Score::Win | Score::ForfeitWin => HalfPoints(2),
            Score::Draw => HalfPoints(1),
            Score::Loss | Score::ForfeitLoss => HalfPoints(0),
        }
    }

    /// Whether it counts as a won game (a forfeit win counts: see docs/competition.md).
    pub fn is_win(self) -> bool {
        matches!(self, Score::Win | Score::ForfeitWin)
    }

    /// The mark of a crosstable cell: "1", "½" (written "=" in ASCII), "0", "+", "−" ("-").
    pub fn mark(self) -> &'static str {
        match self {
            Score::Win => "1",
            Score::Draw => "=",
            Score::Loss => "0",
            Score::ForfeitWin => "+",
            Score::ForfeitLoss => "-",
        }
    }

    /// The opponent's part.
    pub fn reversed(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Loss => Score::Win,
            Score::Draw => Score::Draw,
            Score::ForfeitWin => Score::ForfeitLoss,
            Score::ForfeitLoss => Score::ForfeitWin,
        }
    }
}

impl GameResult {
    /// Red's and black's parts.
    pub fn scores(self) -> [Score; 2] {
        match self {
            GameResult::RedWins => [Score::Win, Score::Loss],
            GameResult::BlackWins => [Score::Loss, Score::Win],
            GameResult::Draw => [Score::Draw, Score::Draw],
            GameResult::Forfeit { winner: Color::Red } => [Score::ForfeitWin, Score::ForfeitLoss],
            GameResult::Forfeit { winner: Color::Black } => [Score::ForfeitLoss, Score::ForfeitWin],
            GameResult::DoubleForfeit => [Score::ForfeitLoss, Score::ForfeitLoss],
        }
    }

    /// The text of a results file: `1-0`, `0-1`, `1/2-1/2`, `+/-`, `-/+`, `-/-`.
    pub fn text(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Forfeit { winner: Color::Red } => "+/-",
            GameResult::Forfeit { winner: Color::Black } => "-/+",
            GameResult::DoubleForfeit => "-/-",
        }
    }

    /// Reads [`GameResult::text`] (also `0.5-0.5` and `½-½`).
    pub fn from_text(text: &str) -> Option<GameResult> {
        Some(match text {
            "1-0" => GameResult::RedWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" | "0.5-0.5" | "½-½" => GameResult::Draw,
            "+/-" => GameResult::Forfeit { winner: Color::Red },
            "-/+" => GameResult::Forfeit { winner: Color::Black },
            "-/-" => GameResult::DoubleForfeit,
            _ => return None,
        })
    }
}

/// Team match points from the game points of a match (14.2): more game points win 2, equal 1 each, fewer 0.
///
/// Equal game points are a draw only when there are some: every board puts one game point between the two
/// teams (a win, two halves, a forfeit's "+") except a board forfeited by both, which gives "−" to each
/// (21.3). No game points at all means that both teams were forfeited on every board: the match is lost by
/// both, 0 each, since "−" scores nothing (21.4).
///
/// ```
/// use xiangqi_core::competition::scoring::{match_points, HalfPoints};
/// assert_eq!(match_points(HalfPoints(5), HalfPoints(3)), 2); // 2.5 : 1.5
/// assert_eq!(match_points(HalfPoints(4), HalfPoints(4)), 1);
/// assert_eq!(match_points(HalfPoints(0), HalfPoints(0)), 0); // every board forfeited by both
/// ```
pub fn match_points(own: HalfPoints, theirs: HalfPoints) -> u32 {
    if own == HalfPoints(0) && theirs == HalfPoints(0) {
        return 0;
    }
    match own.cmp(&theirs) {
        core::cmp::Ordering::Greater => 2,
        core::cmp::Ordering::Equal => 1,
        core::cmp::Ordering::Less => 0,
    }
}

/// Match points for a team match forfeited by an absent team (21.4): "+" = 2, "−" = 0.
pub fn team_forfeit_match_points(present: bool) -> u32 {
    if present {
        2
    } else {
        0
    }
}

/// How a level best-of-three match is settled (E6): the players choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LevelMatch {
    /// One extra game.
    ExtraGame,
    /// Drawing lots.
    Lots,
}

/// How a drawn game counts inside a best-of match; E6 does not say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawsInMatch {
    /// A draw is half a point to each; the first to `wins_needed` points wins.
    HalfPoint,
    /// A draw does not count; games go on until one side has `wins_needed` wins or the games run out.
    Ignored,
}

/// Where a best-of match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchState {
    /// More games to play.
    InProgress,
    /// Won by the first or the second player.
    Won {
        /// 0 = the first player, 1 = the second.
        winner: usize,
    },
    /// All games played and level: an extra game or lots (E6).
    Level,
}

/// A best-of match (E6: best of three, 三局两胜制).
///
/// ```
/// use xiangqi_core::competition::scoring::{BestOf, DrawsInMatch, MatchState, Score};
/// let mut m = BestOf::new(3, DrawsInMatch::HalfPoint);
/// m.add(Score::Win); m.add(Score::Loss);
/// assert_eq!(m.state(), MatchState::InProgress);
/// m.add(Score::Draw);
/// assert_eq!(m.state(), MatchState::Level);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestOf {
    games: u32,
    draws: DrawsInMatch,
    scores: Vec<Score>,
}

impl BestOf {
    /// A match of `games` games (3 in E6), the first player's scores added in order.
    pub fn new(games: u32, draws: DrawsInMatch) -> BestOf {
        BestOf { games, draws, scores: Vec::new() }
    }

    /// Adds a game, the first player's score.
    pub fn add(&mut self, score: Score) {
        self.scores.push(score);
    }

    /// The state.
    pub fn state(&self) -> MatchState {
        let played = self.scores.len() as u32;
        let (own, theirs): (u32, u32) = match self.draws {
            DrawsInMatch::HalfPoint => (
                self.scores.iter().map(|s| s.points().0).sum(),
                self.scores.iter().map(|s| s.reversed().points().0).sum(),
            ),
            DrawsInMatch::Ignored => (
                2 * self.scores.iter().filter(|s| s.is_win()).count() as u32,
                2 * self.scores.iter().filter(|s| s.reversed().is_win()).count() as u32,
            ),
        };
        let needed = self.games + 1; // in half points: more than half of the games
        if own >= needed {
            MatchState::Won { winner: 0 }
        } else if theirs >= needed {
            MatchState::Won { winner: 1 }
        } else if played >= self.games {
            match own.cmp(&theirs) {
                core::cmp::Ordering::Greater => MatchState::Won { winner: 0 },
                core::cmp::Ordering::Less => MatchState::Won { winner: 1 },
                core::cmp::Ordering::Equal => MatchState::Level,
            }
        } else {
            MatchState::InProgress
        }
    }
}
