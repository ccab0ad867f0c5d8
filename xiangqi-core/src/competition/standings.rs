//! Individual standings for round-robin and Swiss events (15.1, 15.2, 15.6, 18.4, 20) and the crosstable.

use core::fmt::Write as _;

use super::conduct::Penalty;
use super::rank::{rank, Place};
use super::scoring::{GameResult, HalfPoints, Score};

/// The competition system (11), as far as it changes scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum System {
    /// A round robin; `games_per_pair` is 1 or 2 (两局制, 11.2).
    RoundRobin {
        /// Games each pair plays.
        games_per_pair: u32,
    },
    /// A Swiss event (积分编排制, 11.4). Pairing is not in the texts (the appendix is missing).
    Swiss,
}

/// A tie-break criterion (15). Each ranks higher values first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// Game points (14.1): the primary order.
    Points,
    /// 小分, named in 15.1 but not defined by the texts: the common (Sonneborn-Berger) definition, the full
    /// score of each opponent beaten plus half the score of each opponent drawn.
    SonnebornBerger,
    /// 对手分, named in 15.2 but not defined: the common (Buchholz) definition, the sum of the scores of all
    /// opponents met, once per game.
    OpponentsScore,
    /// Games won (胜局).
    Wins,
    /// 直胜: points scored in the games among the entrants still tied (for two, their own game).
    HeadToHead,
    /// Fewer fouls in the event rank higher.
    FewerFouls,
    /// 18.4: entrants with a warning (18.1) or a disqualification (18.2) go last among equals, the heavier
    /// penalty and then the more penalties lower.
    PenaltiesLast,
}

impl Tiebreak {
    /// 15.1 (single-game round robin), with 18.4 first among those equal on points.
    pub const G15_1: &'static [Tiebreak] = &[
        Tiebreak::Points,
        Tiebreak::PenaltiesLast,
        Tiebreak::SonnebornBerger,
        Tiebreak::Wins,
        Tiebreak::HeadToHead,
        Tiebreak::FewerFouls,
    ];
    /// 15.2 (single-game Swiss), with 18.4 first among those equal on points.
    pub const G15_2: &'static [Tiebreak] =
        &[Tiebreak::Points, Tiebreak::PenaltiesLast, Tiebreak::OpponentsScore, Tiebreak::Wins, Tiebreak::FewerFouls];

    /// A short name ("points", "sb", "opp", "wins", "h2h", "fouls", "penalties").
    pub fn name(self) -> &'static str {
        match self {
            Tiebreak::Points => "points",
            Tiebreak::SonnebornBerger => "sb",
            Tiebreak::OpponentsScore => "opp",
            Tiebreak::Wins => "wins",
            Tiebreak::HeadToHead => "h2h",
            Tiebreak::FewerFouls => "fouls",
            Tiebreak::PenaltiesLast => "penalties",
        }
    }

    /// The criterion of [`Tiebreak::name`].
    pub fn from_name(name: &str) -> Option<Tiebreak> {
        [
            Tiebreak::Points,
            Tiebreak::SonnebornBerger,
            Tiebreak::OpponentsScore,
            Tiebreak::Wins,
            Tiebreak::HeadToHead,
            Tiebreak::FewerFouls,
            Tiebreak::PenaltiesLast,
        ]
        .into_iter()
        .find(|t| t.name() == name)
    }

    /// A chain by preset name: "15.1" or "15.2".
    pub fn preset(name: &str) -> Option<&'static [Tiebreak]> {
        match name {
            "15.1" => Some(Tiebreak::G15_1),
            "15.2" => Some(Tiebreak::G15_2),
            _ => None,
        }
    }
}

/// An entry the event refuses. Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    /// A name not registered.
    #[error("{context}: unknown entrant {name:?}")]
    UnknownEntrant {
        /// Where ("game 3", "fouls").
        context: String,
        /// The name.
        name: String,
    },
    /// A name registered twice, or empty.
    #[error("entrant {index}: {problem} name {name:?}")]
    BadName {
        /// Its index.
        index: usize,
        /// The name.
        name: String,
        /// "duplicate" or "empty".
        problem: &'static str,
    },
    /// A game of an entrant against itself.
    #[error("{context}: {name:?} cannot play itself")]
    SelfPairing {
        /// Where.
        context: String,
        /// The name.
        name: String,
    },
    /// A round robin game beyond the games each pair plays.
    #[error("{context}: {red:?} and {black:?} have already played {games} game(s)")]
    PairComplete {
        /// Where.
        context: String,
        /// Red.
        red: String,
        /// Black.
        black: String,
        /// Games per pair.
        games: u32,
    },
    /// Fouls past what a count holds.
    #[error("fouls: {name:?} has {had} fouls; {more} more would pass 4294967295")]
    TooManyFouls {
        /// The name.
        name: String,
        /// Its fouls so far.
        had: u32,
        /// The fouls added.
        more: u32,
    },
    /// A game played by an entrant that withdrew (only forfeits are entered for it).
    #[error("{context}: {name:?} has withdrawn")]
    Withdrawn {
        /// Where.
        context: String,
        /// The name.
        name: String,
    },
    /// A game of an entrant that withdrew with its results cancelled (20.3): it has left the event, and
    /// nothing more is entered for it, not even a forfeit.
    #[error("{context}: {name:?} has withdrawn and its results are cancelled (20.3)")]
    ResultsCancelled {
        /// Where.
        context: String,
        /// The name.
        name: String,
    },
    /// A games-per-pair count other than 1 or 2.
    #[error("round robin: games_per_pair must be 1 or 2, not {0}")]
    GamesPerPair(u32),
    /// A tie-break chain that does not start with points.
    #[error("tie-break chain must start with points")]
    Chain,
}

/// A game of the event.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EventGame {
    /// The round (0 for a forfeit entered by a withdrawal).
    pub round: u32,
    /// Red's entrant index.
    pub red: usize,
    /// Black's entrant index.
    pub black: usize,
    /// The result.
    pub result: GameResult,
}

/// What a withdrawal did (20.3, 20.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Withdrawal {
    /// Fewer than half the opponents met in a round robin: the entrant's games (this many) are cancelled,
    /// and it leaves the event: it has no place in the standings and is no longer anyone's opponent.
    Voided(usize),
    /// Half or more met, or a Swiss: results stand, and this many unplayed games became forfeits won by the
    /// opponents still in the event (none in a Swiss, where no games are scheduled ahead).
    Forfeited(usize),
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The entrant's index.
    pub entrant: usize,
    /// The name.
    pub name: String,
    /// The place.
    pub place: Place,
    /// Game points.
    pub points: HalfPoints,
    /// The value of each criterion of the chain (points in half-points, Sonneborn-Berger in quarter points,
    /// opponents' score in half-points, fouls and penalties negated so that higher ranks higher).
    pub values: Vec<i64>,
}

/// An individual event: entrants, their games, fouls and penalties.
///
/// ```
/// use xiangqi_core::competition::scoring::GameResult;
/// use xiangqi_core::competition::standings::{Event, System, Tiebreak};
///
/// let mut event = Event::new(System::RoundRobin { games_per_pair: 1 }, ["Hu", "Liu", "Xu"])?;
/// event.add_game(1, "Hu", "Liu", GameResult::RedWins)?;
/// event.add_game(2, "Liu", "Xu", GameResult::Draw)?;
/// event.add_game(3, "Xu", "Hu", GameResult::Draw)?;
/// let table = event.standings(Tiebreak::G15_1)?;
/// assert_eq!(table[0].name, "Hu");
/// assert_eq!(table[0].points.to_string(), "1.5");
/// # Ok::<(), xiangqi_core::competition::standings::StandingsError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    system: System,
    names: Vec<String>,
    games: Vec<EventGame>,
    fouls: Vec<u32>,
    /// Warnings and disqualifications of each entrant (18.4).
    penalties: Vec<[u32; 2]>,
    withdrawn: Vec<bool>,
    /// Entrants that withdrew with their results cancelled (20.3): out of the event and its standings.
    cancelled: Vec<bool>,
}

impl Event {
    /// An event of `names` under `system`.
    pub fn new<S: Into<String>>(system: System, names: impl IntoIterator<Item = S>) -> Result<Event, StandingsError> {
        if let System::RoundRobin { games_per_pair } = system {
            if !(1..=2).contains(&games_per_pair) {
                return Err(StandingsError::GamesPerPair(games_per_pair));
            }
        }
        let names: Vec<String> = names.into_iter().map(Into::into).collect();
        for (index, name) in names.iter().enumerate() {
            let problem = if name.trim().is_empty() {
                "empty"
            } else if names[..index].contains(name) {
                "duplicate"
            } else {
                continue;
            };
            return Err(StandingsError::BadName { index, name: name.clone(), problem });
        }
        let n = names.len();
        Ok(Event {
            system,
            names,
            games: Vec::new(),
            fouls: vec![0; n],
            penalties: vec![[0; 2]; n],
            withdrawn: vec![false; n],
            cancelled: vec![false; n],
        })
    }

    /// The system.
    pub fn system(&self) -> System {
        self.system
    }

    /// The entrants' names, by index.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The games entered.
    pub fn games(&self) -> &[EventGame] {
        &self.games
    }

    /// The index of `name`.
    pub fn entrant(&self, name: &str, context: &str) -> Result<usize, StandingsError> {
        self.names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| StandingsError::UnknownEntrant { context: context.to_owned(), name: name.to_owned() })
    }

    fn check_game(&self, game: &EventGame, pending: &[EventGame], context: &str) -> Result<(), StandingsError> {
        if game.red == game.black {
            return Err(StandingsError::SelfPairing { context: context.into(), name: self.names[game.red].clone() });
        }
        let forfeit = matches!(game.result, GameResult::Forfeit { .. } | GameResult::DoubleForfeit);
        for e in [game.red, game.black] {
            if self.cancelled[e] {
                return Err(StandingsError::ResultsCancelled { context: context.into(), name: self.names[e].clone() });
            }
            if self.withdrawn[e] && !forfeit {
                return Err(StandingsError::Withdrawn { context: context.into(), name: self.names[e].clone() });
            }
        }
        if let System::RoundRobin { games_per_pair } = self.system {
            let pair = |g: &&EventGame| {
                (g.red == game.red && g.black == game.black) || (g.red == game.black && g.black == game.red)
            };
            let played = self.games.iter().chain(pending).filter(pair).count() as u32;
            if played >= games_per_pair {
                return Err(StandingsError::PairComplete {
                    context: context.into(),
                    red: self.names[game.red].clone(),
                    black: self.names[game.black].clone(),
                    games: games_per_pair,
                });
            }
        }
        Ok(())
    }

    /// Enters a game between the named entrants.
    pub fn add_game(&mut self, round: u32, red: &str, black: &str, result: GameResult) -> Result<(), StandingsError> {
        let context = format!("game {}", self.games.len() + 1);
        let game =
            EventGame { round, red: self.entrant(red, &context)?, black: self.entrant(black, &context)?, result };
        self.check_game(&game, &[], &context)?;
        self.games.push(game);
        Ok(())
    }

    /// Enters several games at once: all of them, or (on the first error) none.
    pub fn add_games(&mut self, games: &[EventGame]) -> Result<(), StandingsError> {
        for (i, game) in games.iter().enumerate() {
            let context = format!("game {}", self.games.len() + i + 1);
            for e in [game.red, game.black] {
                if e >= self.names.len() {
                    return Err(StandingsError::UnknownEntrant { context, name: format!("#{e}") });
                }
            }
            self.check_game(game, &games[..i], &context)?;
        }
        self.games.extend_from_slice(games);
        Ok(())
    }

    /// Adds fouls to `name`'s event total (15.1, 15.2 count them). A total past `u32::MAX` is refused and adds
    /// nothing.
    pub fn add_fouls(&mut self, name: &str, fouls: u32) -> Result<(), StandingsError> {
        let e = self.entrant(name, "fouls")?;
        let had = self.fouls[e];
        self.fouls[e] = had.checked_add(fouls).ok_or_else(|| StandingsError::TooManyFouls {
            name: self.names[e].clone(),
            had,
            more: fouls,
        })?;
        Ok(())
    }

    /// Records a penalty of `name` for 18.4 (warnings and disqualifications; the others do not rank).
    pub fn add_penalty(&mut self, name: &str, penalty: Penalty) -> Result<(), StandingsError> {
        let e = self.entrant(name, "penalty")?;
        penalty.add_to_ranking_record(&mut self.penalties[e]);
        Ok(())
    }

    /// `name` withdraws (20; an expulsion, 18.3, is the same). In a round robin an entrant that met fewer
    /// than half its opponents has all its results cancelled and leaves the event; otherwise its results
    /// stand and its unplayed games are forfeits won by the opponents (20.3). An entrant that left earlier
    /// with its results cancelled is nobody's opponent any more: it does not count in the half, and wins no
    /// forfeit. In a Swiss the results stand (20.4).
    ///
    /// ```
    /// use xiangqi_core::competition::scoring::GameResult;
    /// use xiangqi_core::competition::standings::{Event, System, Tiebreak, Withdrawal};
    ///
    /// let mut event = Event::new(System::RoundRobin { games_per_pair: 1 }, ["A", "B", "C", "D", "E"])?;
    /// event.add_game(1, "A", "C", GameResult::RedWins)?;
    /// event.add_game(1, "B", "C", GameResult::RedWins)?;
    /// event.add_game(2, "B", "D", GameResult::Draw)?;
    /// // A met one opponent of four: its result is cancelled and it leaves the event.
    /// assert_eq!(event.withdraw("A")?, Withdrawal::Voided(1));
    /// // B met two of the three left: its results stand, and E alone wins B's unplayed game.
    /// assert_eq!(event.withdraw("B")?, Withdrawal::Forfeited(1));
    /// let table = event.standings(&[Tiebreak::Points])?;
    /// let names: Vec<&str> = table.iter().map(|s| s.name.as_str()).collect();
    /// assert_eq!(names, ["B", "E", "D", "C"]); // A has no place
    /// # Ok::<(), xiangqi_core::competition::standings::StandingsError>(())
    /// ```
    pub fn withdraw(&mut self, name: &str) -> Result<Withdrawal, StandingsError> {
        let e = self.entrant(name, "withdrawal")?;
        if self.withdrawn[e] {
            return Err(StandingsError::Withdrawn { context: "withdrawal".into(), name: name.to_owned() });
        }
        self.withdrawn[e] = true;
        let System::RoundRobin { games_per_pair } = self.system else { return Ok(Withdrawal::Forfeited(0)) };
        let involves = |g: &EventGame| g.red == e || g.black == e;
        let opponents: Vec<usize> = (0..self.names.len()).filter(|&o| o != e && !self.cancelled[o]).collect();
        let met = opponents
            .iter()
            .filter(|&&o| self.games.iter().any(|g| involves(g) && (g.red == o || g.black == o)))
            .count();
        if 2 * met < opponents.len() {
            let before = self.games.len();
            self.games.retain(|g| !involves(g));
            self.cancelled[e] = true;
            return Ok(Withdrawal::Voided(before - self.games.len()));
        }
        let mut added = 0;
        // An opponent that has withdrawn is not there to win the game (one whose results stand has already
        // completed its games with forfeits).
        for o in opponents.into_iter().filter(|&o| !self.withdrawn[o]) {
            let played = self.games.iter().filter(|g| involves(g) && (g.red == o || g.black == o)).count() as u32;
            for _ in played..games_per_pair {
                self.games.push(EventGame {
                    round: 0,
                    red: o,
                    black: e,
                    result: GameResult::Forfeit { winner: crate::Color::Red },
                });
                added += 1;
            }
        }
        Ok(Withdrawal::Forfeited(added))
    }

    /// Each entrant's games as (opponent, own score).
    fn records(&self) -> Vec<Vec<(usize, Score)>> {
        let mut records = vec![Vec::new(); self.names.len()];
        for g in &self.games {
            let [red, black] = g.result.scores();
            records[g.red].push((g.black, red));
            records[g.black].push((g.red, black));
        }
        records
    }

    /// Game points of every entrant.
    pub fn points(&self) -> Vec<HalfPoints> {
        self.records().iter().map(|r| r.iter().map(|(_, s)| s.points()).sum()).collect()
    }

    /// The standings under `chain` (which starts with [`Tiebreak::Points`]), best first; entrants tied on
    /// the whole chain share a place. An entrant that withdrew with its results cancelled (20.3) has left
    /// the event and is not listed.
    pub fn standings(&self, chain: &[Tiebreak]) -> Result<Vec<Standing>, StandingsError> {
        if chain.first() != Some(&Tiebreak::Points) {
            return Err(StandingsError::Chain);
        }
        let records = self.records();
        let points: Vec<u32> = records.iter().map(|r| r.iter().map(|(_, s)| s.points().0).sum()).collect();
        let value = |criterion: Tiebreak, e: usize, group: &[usize]| -> i64 {
            let record = &records[e];
            match criterion {
                Tiebreak::Points => i64::from(points[e]),
                Tiebreak::SonnebornBerger => record
                    .iter()
                    .map(|&(o, s)| match s {
                        Score::Win | Score::ForfeitWin => 2 * i64::from(points[o]),
                        Score::Draw => i64::from(points[o]),
                        _ => 0,
                    })
                    .sum(),
                Tiebreak::OpponentsScore => record.iter().map(|&(o, _)| i64::from(points[o])).sum(),
                Tiebreak::Wins => record.iter().filter(|(_, s)| s.is_win()).count() as i64,
                Tiebreak::HeadToHead => {
                    record.iter().filter(|(o, _)| group.contains(o)).map(|(_, s)| i64::from(s.points().0)).sum()
                }
                Tiebreak::FewerFouls => -i64::from(self.fouls[e]),
                Tiebreak::PenaltiesLast => {
                    let [warnings, dq] = self.penalties[e];
                    -(i64::from(dq) * 1_000_000 + i64::from(warnings))
                }
            }
        };
        let in_event: Vec<usize> = (0..self.names.len()).filter(|&e| !self.cancelled[e]).collect();
        Ok(rank(in_event.clone(), chain, value)
            .into_iter()
            .map(|(e, place)| Standing {
                entrant: e,
                name: self.names[e].clone(),
                place,
                points: HalfPoints(points[e]),
                values: {
                    let equal: Vec<usize> = in_event.iter().copied().filter(|&o| points[o] == points[e]).collect();
                    chain.iter().map(|&c| value(c, e, &equal)).collect()
                },
            })
            .collect())
    }

    /// 15.6: whether the standings leave the title (or one of the `places` first places) shared, so that a
    /// play-off or a rule set beforehand must decide.
    pub fn requires_playoff(standings: &[Standing], places: usize) -> bool {
        standings.iter().any(|s| s.place.place <= places && s.place.shared)
    }

    /// The crosstable under `chain` as text: place (`=` when shared), name, one cell per opponent in
    /// standings order (`1`, `=`, `0`, `+`, `-`, several for a double round robin, `.` unplayed, `x` self),
    /// points and the chain's values after the points. Its rows are those of [`Event::standings`].
    pub fn crosstable(&self, chain: &[Tiebreak]) -> Result<String, StandingsError> {
        let table = self.standings(chain)?;
        let width = self.names.iter().map(|n| n.chars().count()).max().unwrap_or(4).max(4);
        let mut out = String::new();
        let _ = write!(out, "{:>4}  {:<width$}", "#", "name");
        for i in 1..=table.len() {
            let _ = write!(out, " {i:>3}");
        }
        let _ = write!(out, " {:>6}", "points");
        for c in &chain[1..] {
            let _ = write!(out, " {:>9}", c.name());
        }
        out.push('\n');
        for row in &table {
            let shared = if row.place.shared { "=" } else { " " };
            let pad = width - row.name.chars().count();
            let _ = write!(out, "{:>3}{shared}  {}{}", row.place.place, row.name, " ".repeat(pad));
            for col in &table {
                let cell: String = if col.entrant == row.entrant {
                    "x".into()
                } else {
                    // By round, then by mark: the cell does not depend on the order games were entered.
                    let mut games: Vec<(u32, &str)> = self
                        .games
                        .iter()
                        .filter_map(|g| {
                            let [red, black] = g.result.scores();
                            if g.red == row.entrant && g.black == col.entrant {
                                Some((g.round, red.mark()))
                            } else if g.black == row.entrant && g.red == col.entrant {
                                Some((g.round, black.mark()))
                            } else {
                                None
                            }
                        })
                        .collect();
                    games.sort_unstable();
                    let marks: String = games.into_iter().map(|(_, m)| m).collect();
                    if marks.is_empty() {
                        ".".into()
                    } else {
                        marks
                    }
                };
                let _ = write!(out, " {cell:>3}");
            }
            let _ = write!(out, " {:>6}", row.points.to_string());
            for (c, v) in chain[1..].iter().zip(&row.values[1..]) {
                let shown = match c {
                    Tiebreak::SonnebornBerger => format_quarters(*v),
                    Tiebreak::OpponentsScore => HalfPoints(*v as u32).to_string(),
                    Tiebreak::FewerFouls | Tiebreak::PenaltiesLast => (-v).to_string(),
                    _ => v.to_string(),
                };
                let _ = write!(out, " {shown:>9}");
            }
            out.push('\n');
        }
        Ok(out)
    }
}

fn format_quarters(q: i64) -> String {
    let whole = q / 4;
    match q % 4 {
        0 => whole.to_string(),
        1 => format!("{whole}.25"),
        2 => format!("{whole}.5"),
        _ => format!("{whole}.75"),
    }
}
