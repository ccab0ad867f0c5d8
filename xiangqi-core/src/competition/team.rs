//! Team events: board orders and line-ups (12), board colours (13.2-13.5) and team standings (15.3-15.5).

use crate::Color;

use super::rank::{rank, Place};
use super::scoring::{match_points, GameResult, HalfPoints, Score};

/// 13.2, 13.3: the team listed first (or moving first) plays red on odd boards and black on even ones.
///
/// ```
/// use xiangqi_core::competition::team::board_colour;
/// use xiangqi_core::Color;
/// assert_eq!(board_colour(true, 1), Color::Red);
/// assert_eq!(board_colour(true, 2), Color::Black);
/// assert_eq!(board_colour(false, 1), Color::Black);
/// ```
pub fn board_colour(listed_first: bool, board: u32) -> Color {
    if (board % 2 == 1) == listed_first {
        Color::Red
    } else {
        Color::Black
    }
}

/// 13.5: in a two-game match the second game swaps the colours of the first.
pub fn second_game_colour(first_game: Color) -> Color {
    !first_game
}

/// A registered board order that does not follow strength (12.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("board order: board {board} (0-based) is stronger than board {} or rated after an unrated one (12.1)", .board - 1)]
pub struct BoardOrderError {
    /// The first board (0-based, never 0) out of order with the one above it.
    pub board: usize,
}

/// 12.1: a registered board order must follow strength: higher ratings on higher boards, unrated players
/// after rated ones. The error names the first board (0-based) out of order.
///
/// ```
/// use xiangqi_core::competition::team::check_board_order;
/// assert!(check_board_order(&[Some(2400), Some(2300), None]).is_ok());
/// let err = check_board_order(&[Some(2300), Some(2400)]).unwrap_err();
/// assert_eq!(err.board, 1);
/// assert!(err.to_string().contains("(12.1)"));
/// ```
pub fn check_board_order(ratings: &[Option<u32>]) -> Result<(), BoardOrderError> {
    for board in 1..ratings.len() {
        let ok = match (ratings[board - 1], ratings[board]) {
            (Some(a), Some(b)) => a >= b,
            (None, Some(_)) => false,
            _ => true,
        };
        if !ok {
            return Err(BoardOrderError { board });
        }
    }
    Ok(())
}

/// 12.2: whether `lineup` (indices into the registered roster, board 1 first) keeps the roster's order.
pub fn is_valid_lineup(roster_len: usize, lineup: &[usize]) -> bool {
    lineup.iter().all(|&i| i < roster_len) && lineup.windows(2).all(|w| w[0] < w[1])
}

/// 12.2: every line-up of `boards` players from a roster of `roster_len` that keeps the roster's order,
/// in lexicographic order (4 boards from 6 players: 15 line-ups, 1-2-3-4 to 3-4-5-6).
///
/// ```
/// use xiangqi_core::competition::team::valid_lineups;
/// let all = valid_lineups(6, 4);
/// assert_eq!(all.len(), 15);
/// assert_eq!(all[0], [0, 1, 2, 3]);
/// assert_eq!(all[14], [2, 3, 4, 5]);
/// ```
pub fn valid_lineups(roster_len: usize, boards: usize) -> Vec<Vec<usize>> {
    fn extend(start: usize, n: usize, k: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for i in start..n {
            if n - i < k - current.len() {
                break;
            }
            current.push(i);
            extend(i + 1, n, k, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    if boards <= roster_len {
        extend(0, roster_len, boards, &mut Vec::new(), &mut out);
    }
    out
}

/// 12.4: every member of team A against every member of team B, as (a, b) index pairs.
pub fn all_play_all(a: usize, b: usize) -> Vec<(usize, usize)> {
    (0..a).flat_map(|i| (0..b).map(move |j| (i, j))).collect()
}

/// A team match: the games board by board (board 1 first), colours as played.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TeamMatch {
    /// The team listed first (red on odd boards, 13.2).
    pub first: usize,
    /// The other team.
    pub second: usize,
    /// The result of each board, red and black as on the board.
    pub boards: Vec<GameResult>,
}

impl TeamMatch {
    /// The first team's scores on each board (board 1 first).
    pub fn first_scores(&self) -> Vec<Score> {
        self.team_scores(true)
    }

    /// The second team's scores on each board (board 1 first). It is not always the reverse of the first
    /// team's: a board forfeited by both ("−/−", 21.3) is a forfeit loss for each.
    pub fn second_scores(&self) -> Vec<Score> {
        self.team_scores(false)
    }

    fn team_scores(&self, listed_first: bool) -> Vec<Score> {
        let colour = |board: usize| board_colour(listed_first, board as u32 + 1);
        self.boards.iter().enumerate().map(|(board, r)| r.scores()[colour(board).index()]).collect()
    }

    /// Game points of the first and second team (局分).
    pub fn game_points(&self) -> [HalfPoints; 2] {
        [self.first_scores(), self.second_scores()].map(|scores| scores.iter().map(|s| s.points()).sum())
    }

    /// Match points of the first and second team (场分, 14.2). A forfeited match entered as forfeits on every
    /// board gives 2 and 0, as 21.4 has it; one forfeited by both teams on every board gives 0 to each (21.3).
    ///
    /// ```
    /// use xiangqi_core::competition::scoring::GameResult;
    /// use xiangqi_core::competition::team::TeamMatch;
    ///
    /// let boards = |r: GameResult| vec![r; 4];
    /// let both_absent = TeamMatch { first: 0, second: 1, boards: boards(GameResult::DoubleForfeit) };
    /// assert_eq!(both_absent.match_points(), [0, 0]);
    /// // One board played and drawn, three forfeited by both: the draw decides (14.2).
    /// let mut one_played = both_absent.clone();
    /// one_played.boards[0] = GameResult::Draw;
    /// assert_eq!(one_played.match_points(), [1, 1]);
    /// ```
    pub fn match_points(&self) -> [u32; 2] {
        let [a, b] = self.game_points();
        [match_points(a, b), match_points(b, a)]
    }
}

/// A team tie-break (15.3, 15.4). Higher ranks higher.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamTiebreak {
    /// Match points (14.2): the primary order.
    MatchPoints,
    /// The team's total game points (全队总局分).
    GamePoints,
    /// The team's total games won (全队胜局, 15.3).
    GamesWon,
    /// The team's matches won (全队胜场, 15.4).
    MatchesWon,
    /// Match points scored in the matches among the teams still tied (直胜).
    HeadToHead,
    /// 团体对手分, not defined by the texts: the sum of the match points of every team met.
    OpponentsScore,
    /// Fewer team fouls rank higher.
    FewerFouls,
    /// 18.4: teams with warnings or disqualifications last among equals.
    PenaltiesLast,
}

impl TeamTiebreak {
    /// 15.3 (single-game team round robin), 18.4 first among equals.
    pub const G15_3: &'static [TeamTiebreak] = &[
        TeamTiebreak::MatchPoints,
        TeamTiebreak::PenaltiesLast,
        TeamTiebreak::GamePoints,
        TeamTiebreak::GamesWon,
        TeamTiebreak::HeadToHead,
        TeamTiebreak::FewerFouls,
    ];
    /// 15.4 (single-game team Swiss), 18.4 first among equals.
    pub const G15_4: &'static [TeamTiebreak] = &[
        TeamTiebreak::MatchPoints,
        TeamTiebreak::PenaltiesLast,
        TeamTiebreak::OpponentsScore,
        TeamTiebreak::GamePoints,
        TeamTiebreak::MatchesWon,
        TeamTiebreak::FewerFouls,
    ];
}

/// A team's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStanding {
    /// The team's index.
    pub team: usize,
    /// The place.
    pub place: Place,
    /// Match points.
    pub match_points: u32,
    /// Game points.
    pub game_points: HalfPoints,
}

/// A team match that names no team of the event, or a team against itself.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    /// A team index out of range.
    #[error("team match {index}: team {team} is not one of the {teams} teams")]
    UnknownTeam {
        /// The match's index in the list.
        index: usize,
        /// The team named.
        team: usize,
        /// The number of teams.
        teams: usize,
    },
    /// A team index out of range, outside a match (fouls, penalties).
    #[error("{context}: team {team} is not one of the {teams} teams")]
    NotATeam {
        /// What was being entered.
        context: &'static str,
        /// The team named.
        team: usize,
        /// The number of teams.
        teams: usize,
    },
    /// Fouls past what a count holds.
    #[error("fouls: team {team} has {had} fouls; {more} more would pass 4294967295")]
    TooManyFouls {
        /// The team.
        team: usize,
        /// Its fouls so far.
        had: u32,
        /// The fouls added.
        more: u32,
    },
    /// Both sides the same team.
    #[error("team match {index}: team {team} cannot play itself")]
    SelfMatch {
        /// The match's index in the list.
        index: usize,
        /// The team.
        team: usize,
    },
}

/// Checks that every match is between two different teams of `teams`: what [`team_standings`] needs.
pub fn check_matches(teams: usize, matches: &[TeamMatch]) -> Result<(), TeamError> {
    for (index, m) in matches.iter().enumerate() {
        for team in [m.first, m.second] {
            if team >= teams {
                return Err(TeamError::UnknownTeam { index, team, teams });
            }
        }
        if m.first == m.second {
            return Err(TeamError::SelfMatch { index, team: m.first });
        }
    }
    Ok(())
}

/// A team event: its teams (`0..teams`), the matches entered, team fouls and 18.4 penalties, each checked
/// as it is entered, and its standings (15.3, 15.4).
///
/// ```
/// use xiangqi_core::competition::conduct::Penalty;
/// use xiangqi_core::competition::scoring::GameResult;
/// use xiangqi_core::competition::team::{TeamEvent, TeamMatch, TeamTiebreak};
///
/// let mut event = TeamEvent::new(2);
/// event.add_match(TeamMatch { first: 0, second: 1, boards: vec![GameResult::RedWins, GameResult::BlackWins] })?;
/// event.add_fouls(0, 2)?;
/// event.add_penalty(1, Penalty::Warning)?;
/// // Equal on points: the warned team ranks last (18.4), before the fouls are looked at.
/// let table = event.standings(TeamTiebreak::G15_3);
/// assert_eq!(table.iter().map(|t| t.team).collect::<Vec<_>>(), [0, 1]);
/// assert!(event.add_fouls(2, 1).is_err());
/// # Ok::<(), xiangqi_core::competition::team::TeamError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamEvent {
    teams: usize,
    matches: Vec<TeamMatch>,
    /// Team `t`'s fouls at `fouls[t]`; a team past the end has none (grown as fouls are entered, so that a
    /// large number of teams costs nothing until then).
    fouls: Vec<u32>,
    /// Team `t`'s 18.4 record, `[warnings, disqualifications]`; grown the same way.
    penalties: Vec<[u32; 2]>,
}

impl TeamEvent {
    /// An event of `teams` teams, nothing entered yet.
    pub fn new(teams: usize) -> TeamEvent {
        TeamEvent { teams, ..TeamEvent::default() }
    }

    /// The number of teams.
    pub fn teams(&self) -> usize {
        self.teams
    }

    /// The matches entered, in order.
    pub fn matches(&self) -> &[TeamMatch] {
        &self.matches
    }

    /// Enters a match, refused when it names a team that is not the event's or a team against itself.
    pub fn add_match(&mut self, m: TeamMatch) -> Result<(), TeamError> {
        check_matches(self.teams, std::slice::from_ref(&m))?;
        self.matches.push(m);
        Ok(())
    }

    fn team(&self, team: usize, context: &'static str) -> Result<usize, TeamError> {
        if team < self.teams {
            Ok(team)
        } else {
            Err(TeamError::NotATeam { context, team, teams: self.teams })
        }
    }

    /// Adds `fouls` to team `team`'s: of teams equal on everything else, the one with fewer ranks higher
    /// (the last tie-break of 15.3 and 15.4). A total past `u32::MAX` is refused and adds nothing.
    pub fn add_fouls(&mut self, team: usize, fouls: u32) -> Result<(), TeamError> {
        let t = self.team(team, "fouls")?;
        if self.fouls.len() <= t {
            self.fouls.resize(t + 1, 0);
        }
        let had = self.fouls[t];
        self.fouls[t] = had.checked_add(fouls).ok_or(TeamError::TooManyFouls { team, had, more: fouls })?;
        Ok(())
    }

    /// Records a penalty of team `team` for 18.4 (warnings and disqualifications; a loss or an expulsion,
    /// which 18.4 does not name, changes nothing).
    pub fn add_penalty(&mut self, team: usize, penalty: super::conduct::Penalty) -> Result<(), TeamError> {
        let t = self.team(team, "penalty")?;
        if self.penalties.len() <= t {
            self.penalties.resize(t + 1, [0; 2]);
        }
        penalty.add_to_ranking_record(&mut self.penalties[t]);
        Ok(())
    }

    /// The standings under `chain`, best first ([`team_standings`]).
    pub fn standings(&self, chain: &[TeamTiebreak]) -> Vec<TeamStanding> {
        team_standings(self.teams, &self.matches, &self.fouls, &self.penalties, chain)
    }
}

/// Team standings (15.3, 15.4) of `teams` teams from their matches, team fouls and 18.4 penalties
/// (warnings, disqualifications) per team. `chain` starts with match points. The matches must pass
/// [`check_matches`] (a team index out of range panics).
pub fn team_standings(
    teams: usize,
    matches: &[TeamMatch],
    fouls: &[u32],
    penalties: &[[u32; 2]],
    chain: &[TeamTiebreak],
) -> Vec<TeamStanding> {
    let mut mp = vec![0u32; teams];
    let mut gp = vec![0u32; teams];
    let mut games_won = vec![0u32; teams];
    let mut matches_won = vec![0u32; teams];
    for m in matches {
        let pts = m.match_points();
        let games = m.game_points();
        let scores = [m.first_scores(), m.second_scores()];
        for (side, team) in [(0, m.first), (1, m.second)] {
            mp[team] += pts[side];
            gp[team] += games[side].0;
            matches_won[team] += u32::from(pts[side] == 2);
            games_won[team] += scores[side].iter().filter(|s| s.is_win()).count() as u32;
        }
    }
    let value = |c: TeamTiebreak, t: usize, group: &[usize]| -> i64 {
        match c {
            TeamTiebreak::MatchPoints => i64::from(mp[t]),
            TeamTiebreak::GamePoints => i64::from(gp[t]),
            TeamTiebreak::GamesWon => i64::from(games_won[t]),
            TeamTiebreak::MatchesWon => i64::from(matches_won[t]),
            TeamTiebreak::HeadToHead => matches
                .iter()
                .map(|m| {
                    let pts = m.match_points();
                    if m.first == t && group.contains(&m.second) {
                        i64::from(pts[0])
                    } else if m.second == t && group.contains(&m.first) {
                        i64::from(pts[1])
                    } else {
                        0
                    }
                })
                .sum(),
            TeamTiebreak::OpponentsScore => matches
                .iter()
                .map(|m| {
                    if m.first == t {
                        i64::from(mp[m.second])
                    } else if m.second == t {
                        i64::from(mp[m.first])
                    } else {
                        0
                    }
                })
                .sum(),
            TeamTiebreak::FewerFouls => -i64::from(fouls.get(t).copied().unwrap_or(0)),
            TeamTiebreak::PenaltiesLast => {
                let [w, d] = penalties.get(t).copied().unwrap_or([0; 2]);
                -(i64::from(d) * 1_000_000 + i64::from(w))
            }
        }
    };
    rank((0..teams).collect(), chain, value)
        .into_iter()
        .map(|(t, place)| TeamStanding { team: t, place, match_points: mp[t], game_points: HalfPoints(gp[t]) })
        .collect()
}

/// 15.5 (队员总分制): teams ranked by the sum of their members' individual places, lower first; ties by the
/// best place, then the second-best, then fewer team fouls. `members[t]` lists team `t`'s individual places;
/// only the best `counted` of each team count (the texts do not say how many: the event sets it). A team
/// with fewer than `counted` places is ranked after those with enough.
pub fn members_total_standings(members: &[Vec<usize>], counted: usize, fouls: &[u32]) -> Vec<(usize, Place)> {
    let sorted: Vec<Vec<usize>> = members
        .iter()
        .map(|m| {
            let mut m = m.clone();
            m.sort_unstable();
            m.truncate(counted);
            m
        })
        .collect();
    #[derive(Clone, Copy)]
    enum C {
        Complete,
        Sum,
        Best,
        Second,
        Fouls,
    }
    let value = |c: C, t: usize, _: &[usize]| -> i64 {
        let places = &sorted[t];
        let nth = |i: usize| -(places.get(i).copied().unwrap_or(usize::MAX / 4) as i64);
        match c {
            C::Complete => i64::from(places.len() >= counted),
            C::Sum => -(places.iter().sum::<usize>() as i64),
            C::Best => nth(0),
            C::Second => nth(1),
            C::Fouls => -i64::from(fouls.get(t).copied().unwrap_or(0)),
        }
    };
    rank((0..members.len()).collect(), &[C::Complete, C::Sum, C::Best, C::Second, C::Fouls], value)
}
