//! The competition rules beyond one game's clock and conduct: time-control deadlines and lateness rulings,
//! scoring (game and match points, best-of matches), individual events entered game by game (`XqEvent`),
//! team events (`XqTeamEvent`, board orders, line-ups, colours, members' totals). Every answer is the core's.

use std::ffi::c_char;
use std::time::Duration;

use xiangqi_core::competition::conduct::Penalty;
use xiangqi_core::competition::results_csv::{event_from_results, parse_results};
use xiangqi_core::competition::scoring::{
    match_points, team_forfeit_match_points, BestOf, DrawsInMatch, GameResult, MatchState, Score,
};
use xiangqi_core::competition::standings::{Event, System, Withdrawal};
use xiangqi_core::competition::team::{self, members_total_standings, TeamEvent, TeamMatch, TeamTiebreak};
use xiangqi_core::competition::time::{judge_lateness, LatenessLimit, LatenessRuling, TimeControl};

use crate::args::{array, borrow, borrow_mut, free_handle, set_optional, text, Out};
use crate::competition::{chain, control, rejected, side, standings_line, XqTimeControl, XqTimeControlKind};
use crate::enums::XqColor;
use crate::error::{guard, Error, Result};
use crate::output::{check_array, write_array, write_text};
use crate::status::XqStatus;

/// Checks a time control as xq_clock_new() does (XQ_STATUS_EVENT_REJECTED naming the field for a control
/// the rules cannot have, XQ_STATUS_INVALID_ARGUMENT for an unknown kind) and writes its kind.
#[no_mangle]
pub unsafe extern "C" fn xq_time_control_check(
    control: *const XqTimeControl,
    kind_out: *mut XqTimeControlKind,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let tc = unsafe { borrow(control, "control") }?;
        let kind = match self::control(tc)? {
            TimeControl::PerMove { .. } => XqTimeControlKind::PerMove,
            TimeControl::MoveQuota { .. } => XqTimeControlKind::MoveQuota,
            TimeControl::Guillotine { .. } => XqTimeControlKind::Guillotine,
        };
        // SAFETY: optional out-parameter.
        unsafe { set_optional(kind_out, kind) };
        Ok(())
    })
}

/// The used time (ms) allowed when a side completes its `move_number`-th move (6.1-6.5). `*has_deadline` is
/// false, and `*out_ms` 0, when the control has no such deadline (a per-move limit, or periods without
/// carry-over, whose deadlines depend on when each period began).
#[no_mangle]
pub unsafe extern "C" fn xq_time_control_deadline(
    control: *const XqTimeControl,
    move_number: u32,
    out_ms: *mut u64,
    has_deadline: *mut bool,
) -> XqStatus {
    guard(|| {
        let out = Out::new(out_ms, "out_ms")?;
        let has = Out::new(has_deadline, "has_deadline")?;
        // SAFETY: the caller's contract.
        let tc = self::control(unsafe { borrow(control, "control") }?)?;
        let deadline = tc.deadline(move_number);
        // SAFETY: checked out-parameters.
        unsafe {
            out.set(deadline.map_or(0, |d| d.as_millis() as u64));
            has.set(deadline.is_some());
        }
        Ok(())
    })
}

/// The kind of a lateness ruling (21).
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqLatenessKind {
    /// The game is played; each side is charged `*_charge_ms` of used time (21.3).
    Play = 0,
    /// `loser` forfeits (4.1.5, 21.1).
    Forfeit = 1,
    /// Both sides forfeit (21.3).
    DoubleForfeit = 2,
}

/// A lateness ruling.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqLatenessRuling {
    /// What happens.
    pub kind: XqLatenessKind,
    /// The side that forfeits (XQ_COLOR_NONE unless `kind` is XQ_LATENESS_KIND_FORFEIT).
    pub loser: XqColor,
    /// Time charged to red (ms).
    pub red_charge_ms: u64,
    /// Time charged to black (ms).
    pub black_charge_ms: u64,
}

/// 21: judges lateness under `control`. `limit_ms` points to the event's lateness limit, counted from the
/// scheduled start, or is NULL for the first period's deadline on the late player's own clock (the texts
/// leave it open); each arrival points to the ms after the scheduled start at which the player reached the
/// board, or is NULL when the player never came. `red_first_press_ms` points to the ms after the scheduled
/// start at which red, present, pressed the clock after its first move, or is NULL if it has not: a late
/// black's own clock starts then (21.1).
#[no_mangle]
pub unsafe extern "C" fn xq_judge_lateness(
    control: *const XqTimeControl,
    limit_ms: *const u64,
    red_arrival_ms: *const u64,
    black_arrival_ms: *const u64,
    red_first_press_ms: *const u64,
    out: *mut XqLatenessRuling,
) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: the caller's contract.
        let tc = self::control(unsafe { borrow(control, "control") }?)?;
        // SAFETY: NULL or valid, by the caller's contract.
        let read = |p: *const u64| unsafe { p.as_ref() }.map(|&ms| Duration::from_millis(ms));
        let limit = read(limit_ms).map_or(LatenessLimit::FirstDeadline, LatenessLimit::Fixed);
        let arrivals = [read(red_arrival_ms), read(black_arrival_ms)];
        let ruling = judge_lateness(&tc, limit, arrivals, read(red_first_press_ms)).map_err(rejected)?;
        let ms = |d: Duration| d.as_millis() as u64;
        let ruling = match ruling {
            LatenessRuling::Play { charge } => XqLatenessRuling {
                kind: XqLatenessKind::Play,
                loser: XqColor::None,
                red_charge_ms: ms(charge[0]),
                black_charge_ms: ms(charge[1]),
            },
            LatenessRuling::Forfeit { loser } => XqLatenessRuling {
                kind: XqLatenessKind::Forfeit,
                loser: loser.into(),
                red_charge_ms: 0,
                black_charge_ms: 0,
            },
            LatenessRuling::DoubleForfeit => XqLatenessRuling {
                kind: XqLatenessKind::DoubleForfeit,
                loser: XqColor::None,
                red_charge_ms: 0,
                black_charge_ms: 0,
            },
        };
        // SAFETY: checked out-parameter.
        unsafe { out.set(ruling) };
        Ok(())
    })
}

fn game_result(text: &str) -> Result<GameResult> {
    GameResult::from_text(text).ok_or_else(|| {
        Error::new(XqStatus::EventRejected, format!("result: {text:?} is not 1-0, 0-1, 1/2-1/2, +/-, -/+ or -/-"))
    })
}

/// 14.1, 21.4: red's and black's game points, in half points, for a result text (`1-0`, `1/2-1/2`, `+/-`,
/// `-/-`, ...).
#[no_mangle]
pub unsafe extern "C" fn xq_game_points(
    result: *const c_char,
    result_len: usize,
    red_half_points: *mut u32,
    black_half_points: *mut u32,
) -> XqStatus {
    guard(|| {
        let (red, black) = (Out::new(red_half_points, "red_half_points")?, Out::new(black_half_points, "black")?);
        // SAFETY: the caller's contract.
        let [r, b] = game_result(unsafe { text(result, result_len, "result") }?)?.scores();
        // SAFETY: checked out-parameters.
        unsafe {
            red.set(r.points().0);
            black.set(b.points().0);
        }
        Ok(())
    })
}

/// 14.2: a team's match points (2, 1, 0) from its game points and its opponent's, in half points.
#[no_mangle]
pub unsafe extern "C" fn xq_match_points(own_half_points: u32, their_half_points: u32, out: *mut u32) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        let points = match_points(
            xiangqi_core::competition::scoring::HalfPoints(own_half_points),
            xiangqi_core::competition::scoring::HalfPoints(their_half_points),
        );
        // SAFETY: checked out-parameter.
        unsafe { out.set(points) };
        Ok(())
    })
}

/// 21.4: the match points of a team match won (`present` true) or lost by forfeit.
#[no_mangle]
pub unsafe extern "C" fn xq_team_forfeit_match_points(present: bool, out: *mut u32) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: checked out-parameter.
        unsafe { out.set(team_forfeit_match_points(present)) };
        Ok(())
    })
}

/// One player's score in a game (14.1, 21.4).
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqScore {
    /// Won.
    Win = 0,
    /// Drawn.
    Draw = 1,
    /// Lost.
    Loss = 2,
    /// Won by forfeit ("+").
    ForfeitWin = 3,
    /// Lost by forfeit ("−").
    ForfeitLoss = 4,
}

/// Where a best-of match stands (E6).
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqMatchState {
    /// More games to play.
    InProgress = 0,
    /// Won by the first player.
    WonFirst = 1,
    /// Won by the second player.
    WonSecond = 2,
    /// Every game played and level: an extra game or lots (E6).
    Level = 3,
}

/// E6: the state of a best-of-`games` match after the first player's `scores` (XqScore values, in order);
/// `draws_count_half` true when a draw is half a point to each, false when draws do not count (E6 does not
/// say).
#[no_mangle]
pub unsafe extern "C" fn xq_best_of(
    games: u32,
    draws_count_half: bool,
    scores: *const u32,
    count: usize,
    out: *mut XqMatchState,
) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: the caller's contract.
        let scores = unsafe { array(scores, count, "scores") }?;
        if games == 0 {
            return Err(Error::invalid("games: a match has at least one game"));
        }
        let mut m = BestOf::new(games, if draws_count_half { DrawsInMatch::HalfPoint } else { DrawsInMatch::Ignored });
        for (i, &s) in scores.iter().enumerate() {
            m.add(match s {
                0 => Score::Win,
                1 => Score::Draw,
                2 => Score::Loss,
                3 => Score::ForfeitWin,
                4 => Score::ForfeitLoss,
                v => return Err(Error::invalid(format!("scores[{i}]: {v} is not an XqScore"))),
            });
        }
        let state = match m.state() {
            MatchState::InProgress => XqMatchState::InProgress,
            MatchState::Won { winner: 0 } => XqMatchState::WonFirst,
            MatchState::Won { .. } => XqMatchState::WonSecond,
            MatchState::Level => XqMatchState::Level,
        };
        // SAFETY: checked out-parameter.
        unsafe { out.set(state) };
        Ok(())
    })
}

/// An individual event (11.2, 15.1, 15.2, 18.4, 20) entered game by game or read from a results file. Not
/// thread-safe: use one from one thread at a time. Free with xq_event_free().
pub struct XqEvent {
    inner: Event,
}

fn system(games_per_pair: u32) -> System {
    if games_per_pair == 0 {
        System::Swiss
    } else {
        System::RoundRobin { games_per_pair }
    }
}

/// A new event of the entrants named in `names`, one name a line (UTF-8, `\n` between names);
/// `games_per_pair` 0 for a Swiss event, 1 or 2 for a round robin. A duplicate name is refused.
#[no_mangle]
pub unsafe extern "C" fn xq_event_new(
    games_per_pair: u32,
    names: *const c_char,
    names_len: usize,
    out: *mut *mut XqEvent,
) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        // SAFETY: the caller's contract.
        let names = unsafe { text(names, names_len, "names") }?;
        let list = if names.is_empty() { Vec::new() } else { names.split('\n').collect() };
        let inner = Event::new(system(games_per_pair), list).map_err(rejected)?;
        // SAFETY: checked out-parameter, writable by the caller\'s contract.
        unsafe { out.give(XqEvent { inner }) };
        Ok(())
    })
}

/// An event from a results file's text (`round,red,black,result[,red_fouls,black_fouls]`); a bad row gives
/// XQ_STATUS_EVENT_REJECTED naming its line and field.
#[no_mangle]
pub unsafe extern "C" fn xq_event_from_results(
    csv: *const c_char,
    csv_len: usize,
    games_per_pair: u32,
    out: *mut *mut XqEvent,
) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        // SAFETY: the caller's contract.
        let csv = unsafe { text(csv, csv_len, "csv") }?;
        let rows = parse_results(csv).map_err(rejected)?;
        let inner = event_from_results(system(games_per_pair), &rows).map_err(rejected)?;
        // SAFETY: checked out-parameter, writable by the caller\'s contract.
        unsafe { out.give(XqEvent { inner }) };
        Ok(())
    })
}

/// Frees an event; NULL does nothing.
#[no_mangle]
pub unsafe extern "C" fn xq_event_free(event: *mut XqEvent) {
    // SAFETY: the caller's contract.
    unsafe { free_handle(event) }
}

/// Enters a game of round `round`: `red` against `black` (entrant names) with a result text as
/// xq_game_points() reads. A game the event cannot have (an unknown entrant, a pair that has played all
/// its games, a withdrawn entrant) is refused.
#[no_mangle]
pub unsafe extern "C" fn xq_event_add_game(
    event: *mut XqEvent,
    round: u32,
    red: *const c_char,
    red_len: usize,
    black: *const c_char,
    black_len: usize,
    result: *const c_char,
    result_len: usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let ev = &mut unsafe { borrow_mut(event, "event") }?.inner;
        // SAFETY: the caller's contract.
        let (red, black) = unsafe { (text(red, red_len, "red")?, text(black, black_len, "black")?) };
        // SAFETY: the caller's contract.
        let result = game_result(unsafe { text(result, result_len, "result") }?)?;
        ev.add_game(round, red, black, result).map_err(rejected)
    })
}

/// Adds `fouls` to the fouls of the entrant `name` (a tie-break of 15.1-15.2).
#[no_mangle]
pub unsafe extern "C" fn xq_event_add_fouls(
    event: *mut XqEvent,
    name: *const c_char,
    name_len: usize,
    fouls: u32,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let ev = &mut unsafe { borrow_mut(event, "event") }?.inner;
        // SAFETY: the caller's contract.
        ev.add_fouls(unsafe { text(name, name_len, "name") }?, fouls).map_err(rejected)
    })
}

/// A penalty (18.1-18.3).
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqPenalty {
    /// A warning (18.1).
    Warning = 0,
    /// A loss of the game (4.1.10).
    Loss = 1,
    /// Disqualification (18.2).
    Disqualification = 2,
    /// Expulsion (18.3).
    Expulsion = 3,
}

/// An XqPenalty value as the core's penalty.
fn penalty(value: u32) -> Result<Penalty> {
    match value {
        0 => Ok(Penalty::Warning),
        1 => Ok(Penalty::Loss),
        2 => Ok(Penalty::Disqualification),
        3 => Ok(Penalty::Expulsion),
        v => Err(Error::invalid(format!("penalty: {v} is not an XqPenalty"))),
    }
}

/// Records a penalty of the entrant `name` (an XqPenalty) for 18.4: penalised entrants rank last among
/// equals.
#[no_mangle]
pub unsafe extern "C" fn xq_event_add_penalty(
    event: *mut XqEvent,
    name: *const c_char,
    name_len: usize,
    penalty: u32,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let ev = &mut unsafe { borrow_mut(event, "event") }?.inner;
        // SAFETY: the caller's contract.
        let name = unsafe { text(name, name_len, "name") }?;
        ev.add_penalty(name, self::penalty(penalty)?).map_err(rejected)
    })
}

/// What a withdrawal did (20.3, 20.4).
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqWithdrawal {
    /// True when the entrant's games were cancelled (fewer than half the opponents met), false when they
    /// stand and the unplayed ones became forfeits.
    pub voided: bool,
    /// The games cancelled or forfeited.
    pub games: usize,
}

/// The entrant `name` withdraws (20).
#[no_mangle]
pub unsafe extern "C" fn xq_event_withdraw(
    event: *mut XqEvent,
    name: *const c_char,
    name_len: usize,
    out: *mut XqWithdrawal,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let ev = &mut unsafe { borrow_mut(event, "event") }?.inner;
        // SAFETY: the caller's contract.
        let name = unsafe { text(name, name_len, "name") }?;
        let w = match ev.withdraw(name).map_err(rejected)? {
            Withdrawal::Voided(n) => XqWithdrawal { voided: true, games: n },
            Withdrawal::Forfeited(n) => XqWithdrawal { voided: false, games: n },
        };
        // SAFETY: optional out-parameter.
        unsafe { set_optional(out, w) };
        Ok(())
    })
}

/// The standings under `chain` ("15.1", "15.2" or tie-break names joined by commas, starting with
/// `points`), by string rules: one line `place:name:points ...` (`=` after a shared place), or with
/// `crosstable` the crosstable.
#[no_mangle]
pub unsafe extern "C" fn xq_event_standings(
    event: *const XqEvent,
    chain: *const c_char,
    chain_len: usize,
    crosstable: bool,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let ev = &unsafe { borrow(event, "event") }?.inner;
        // SAFETY: the caller's contract.
        let chain = self::chain(unsafe { text(chain, chain_len, "chain") }?)?;
        let text = if crosstable {
            ev.crosstable(&chain).map_err(rejected)?
        } else {
            standings_line(&ev.standings(&chain).map_err(rejected)?)
        };
        // SAFETY: the caller's contract.
        unsafe { write_text(&text, buf, len, needed) }
    })
}

/// 15.6: whether one of the first `places` places is shared under `chain` (a play-off is needed).
#[no_mangle]
pub unsafe extern "C" fn xq_event_requires_playoff(
    event: *const XqEvent,
    chain: *const c_char,
    chain_len: usize,
    places: usize,
    out: *mut bool,
) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: the caller's contract.
        let ev = &unsafe { borrow(event, "event") }?.inner;
        // SAFETY: the caller's contract.
        let chain = self::chain(unsafe { text(chain, chain_len, "chain") }?)?;
        let table = ev.standings(&chain).map_err(rejected)?;
        // SAFETY: checked out-parameter.
        unsafe { out.set(Event::requires_playoff(&table, places)) };
        Ok(())
    })
}

/// The rating of an unrated player in xq_check_board_order().
pub const XQ_UNRATED: u32 = u32::MAX;

/// 12.1: checks a registered board order (ratings board 1 first, XQ_UNRATED for an unrated player): higher
/// ratings on higher boards, unrated players last. Out of order: XQ_STATUS_EVENT_REJECTED, and
/// `*bad_board` (optional) is the first board (0-based) out of order.
#[no_mangle]
pub unsafe extern "C" fn xq_check_board_order(ratings: *const u32, count: usize, bad_board: *mut usize) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let ratings = unsafe { array(ratings, count, "ratings") }?;
        let ratings: Vec<Option<u32>> = ratings.iter().map(|&r| (r != XQ_UNRATED).then_some(r)).collect();
        team::check_board_order(&ratings).map_err(|e| {
            // SAFETY: optional out-parameter.
            unsafe { set_optional(bad_board, e.board) };
            Error::new(XqStatus::EventRejected, e.to_string())
        })
    })
}

/// The most line-ups xq_valid_lineups() lists: a larger answer would not be a line-up list anyone reads.
const MAX_LINEUPS: u64 = 1 << 20;

/// The number of order-keeping line-ups, or None when there are more than `MAX_LINEUPS`.
fn lineup_count(roster: usize, boards: usize) -> Option<u64> {
    if boards > roster {
        return Some(0);
    }
    let k = boards.min(roster - boards) as u64;
    let mut c: u64 = 1;
    for i in 0..k {
        c = c.checked_mul(roster as u64 - i)? / (i + 1);
        if c > MAX_LINEUPS {
            return None;
        }
    }
    Some(c)
}

/// 12.2: every line-up of `boards` players from a roster of `roster` that keeps the roster's order, in
/// lexicographic order. Each line-up is `boards` roster indices (0-based, board 1 first); `out` holds
/// `capacity` line-ups (`capacity * boards` values) and `*out_count` receives the number of line-ups.
/// More than 2^20 line-ups: XQ_STATUS_INVALID_ARGUMENT.
#[no_mangle]
pub unsafe extern "C" fn xq_valid_lineups(
    roster: u32,
    boards: u32,
    out: *mut u32,
    capacity: usize,
    out_count: *mut usize,
) -> XqStatus {
    guard(|| {
        check_array(out, capacity, out_count)?;
        let (roster, boards) = (roster as usize, boards as usize);
        if lineup_count(roster, boards).is_none() {
            return Err(Error::invalid(format!("{boards} boards from {roster} players: more than 2^20 line-ups")));
        }
        let all = team::valid_lineups(roster, boards);
        let fits = all.len().min(capacity);
        for (i, lineup) in all.iter().take(fits).enumerate() {
            for (j, &p) in lineup.iter().enumerate() {
                // SAFETY: `i < capacity`; `out` holds `capacity * boards` values by the caller's contract.
                unsafe { out.add(i * boards + j).write(p as u32) };
            }
        }
        // SAFETY: checked by check_array.
        unsafe { out_count.write(all.len()) };
        if all.len() > capacity {
            return Err(Error::new(
                XqStatus::BufferTooSmall,
                format!("{} line-ups do not fit in {capacity}; the first {capacity} were written", all.len()),
            ));
        }
        Ok(())
    })
}

/// 12.2: whether `lineup` (roster indices, board 1 first) keeps the order of a roster of `roster`.
#[no_mangle]
pub unsafe extern "C" fn xq_is_valid_lineup(roster: u32, lineup: *const u32, count: usize, out: *mut bool) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: the caller's contract.
        let lineup: Vec<usize> = unsafe { array(lineup, count, "lineup") }?.iter().map(|&i| i as usize).collect();
        // SAFETY: checked out-parameter.
        unsafe { out.set(team::is_valid_lineup(roster as usize, &lineup)) };
        Ok(())
    })
}

/// A pairing of two team members (0-based indices into each team).
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqMemberPair {
    /// The member of the first team.
    pub first: u32,
    /// The member of the second team.
    pub second: u32,
}

/// 12.4: every member of a team of `first` players against every member of a team of `second`.
#[no_mangle]
pub unsafe extern "C" fn xq_all_play_all(
    first: u32,
    second: u32,
    out: *mut XqMemberPair,
    capacity: usize,
    out_count: *mut usize,
) -> XqStatus {
    guard(|| {
        check_array(out, capacity, out_count)?;
        if u64::from(first) * u64::from(second) > MAX_LINEUPS {
            return Err(Error::invalid(format!("{first} x {second} players: more than 2^20 games")));
        }
        let pairs = team::all_play_all(first as usize, second as usize);
        let items = pairs.into_iter().map(|(a, b)| XqMemberPair { first: a as u32, second: b as u32 });
        // SAFETY: checked by check_array; the caller's contract.
        unsafe { write_array(items, out, capacity, out_count, "pairs") }
    })
}

/// 13.2, 13.3: the colour of the team listed first (`listed_first` true) or second on `board` (1-based):
/// the first team has red on odd boards.
#[no_mangle]
pub unsafe extern "C" fn xq_board_colour(listed_first: bool, board: u32, out: *mut XqColor) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        if board == 0 {
            return Err(Error::invalid("board: boards are numbered from 1"));
        }
        // SAFETY: checked out-parameter.
        unsafe { out.set(team::board_colour(listed_first, board).into()) };
        Ok(())
    })
}

/// 13.5: a player's colour in the second game of a two-game match, from the colour of the first.
#[no_mangle]
pub unsafe extern "C" fn xq_second_game_colour(first_game: u32, out: *mut XqColor) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: checked out-parameter.
        unsafe { out.set(team::second_game_colour(side(first_game)?).into()) };
        Ok(())
    })
}

/// A team event: teams 0..n, their matches board by board, team fouls and 18.4 penalties (15.3, 15.4,
/// 18.4). Not thread-safe. Free with xq_team_event_free().
pub struct XqTeamEvent {
    inner: TeamEvent,
}

/// A team event of `teams` teams, no matches yet.
#[no_mangle]
pub unsafe extern "C" fn xq_team_event_new(teams: u32, out: *mut *mut XqTeamEvent) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        let event = XqTeamEvent { inner: TeamEvent::new(teams as usize) };
        // SAFETY: checked out-parameter, writable by the caller\'s contract.
        unsafe { out.give(event) };
        Ok(())
    })
}

/// Frees a team event; NULL does nothing.
#[no_mangle]
pub unsafe extern "C" fn xq_team_event_free(event: *mut XqTeamEvent) {
    // SAFETY: the caller's contract.
    unsafe { free_handle(event) }
}

/// Enters a match of team `first` (listed first: red on odd boards, 13.2) against team `second`, with the
/// board results as text, board 1 first, separated by commas (`1-0,0-1,1/2-1/2,+/-`), red and black as on
/// each board.
#[no_mangle]
pub unsafe extern "C" fn xq_team_event_add_match(
    event: *mut XqTeamEvent,
    first: u32,
    second: u32,
    boards: *const c_char,
    boards_len: usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let ev = unsafe { borrow_mut(event, "event") }?;
        // SAFETY: the caller's contract.
        let boards = unsafe { text(boards, boards_len, "boards") }?;
        let boards = boards.split(',').map(game_result).collect::<Result<Vec<_>>>()?;
        ev.inner.add_match(TeamMatch { first: first as usize, second: second as usize, boards }).map_err(rejected)
    })
}

/// 15.3, 15.4: adds `fouls` to the fouls of team `team` (0-based) in the event: of teams equal on everything
/// else, the one with fewer team fouls ranks higher (the last tie-break of both chains). A team that is not
/// one of the event's, or a total above UINT32_MAX (nothing is then added): XQ_STATUS_EVENT_REJECTED.
#[no_mangle]
pub unsafe extern "C" fn xq_team_event_add_fouls(event: *mut XqTeamEvent, team: u32, fouls: u32) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let ev = unsafe { borrow_mut(event, "event") }?;
        ev.inner.add_fouls(team as usize, fouls).map_err(rejected)
    })
}

/// 18.4: records a penalty (an XqPenalty) of team `team` (0-based): of teams equal on match points, the
/// penalised ones rank last, by severity and number (a disqualification, 18.2, below any number of warnings,
/// 18.1; then more penalties lower). A loss or an expulsion, which 18.4 does not name, is accepted and changes
/// nothing, as in xq_event_add_penalty(). A team that is not one of the event's: XQ_STATUS_EVENT_REJECTED; an
/// unknown penalty: XQ_STATUS_INVALID_ARGUMENT.
#[no_mangle]
pub unsafe extern "C" fn xq_team_event_add_penalty(event: *mut XqTeamEvent, team: u32, penalty: u32) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let ev = unsafe { borrow_mut(event, "event") }?;
        ev.inner.add_penalty(team as usize, self::penalty(penalty)?).map_err(rejected)
    })
}

/// A team's line in the standings.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqTeamStanding {
    /// The team (0-based).
    pub team: u32,
    /// Its place (1-based).
    pub place: u32,
    /// Whether the place is shared.
    pub shared: bool,
    /// Match points (14.2).
    pub match_points: u32,
    /// Game points, in half points.
    pub game_half_points: u32,
}

/// A team tie-break chain.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqTeamChain {
    /// 15.3: the team round robin.
    G15_3 = 0,
    /// 15.4: the team Swiss.
    G15_4 = 1,
}

/// The team standings under `chain` (an XqTeamChain), best first, one XqTeamStanding a team: ranked by match
/// points (14.2), then 18.4 (the penalties of xq_team_event_add_penalty()), then the chain's tie-breaks of 15.3
/// or 15.4, the last of them the team fouls of xq_team_event_add_fouls().
#[no_mangle]
pub unsafe extern "C" fn xq_team_event_standings(
    event: *const XqTeamEvent,
    chain: u32,
    out: *mut XqTeamStanding,
    capacity: usize,
    out_count: *mut usize,
) -> XqStatus {
    guard(|| {
        check_array(out, capacity, out_count)?;
        // SAFETY: the caller's contract.
        let ev = unsafe { borrow(event, "event") }?;
        let chain = match chain {
            0 => TeamTiebreak::G15_3,
            1 => TeamTiebreak::G15_4,
            v => return Err(Error::invalid(format!("chain: {v} is not an XqTeamChain"))),
        };
        let table = ev.inner.standings(chain);
        let items = table.into_iter().map(|t| XqTeamStanding {
            team: t.team as u32,
            place: t.place.place as u32,
            shared: t.place.shared,
            match_points: t.match_points,
            game_half_points: t.game_points.0,
        });
        // SAFETY: checked by check_array; the caller's contract.
        unsafe { write_array(items, out, capacity, out_count, "teams") }
    })
}

/// A team's place.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqTeamPlace {
    /// The team (0-based).
    pub team: u32,
    /// Its place (1-based).
    pub place: u32,
    /// Whether the place is shared.
    pub shared: bool,
}

/// 15.5 (members' total): teams ranked by the sum of the best `counted` individual places of their members.
/// `places` lists every team's members' places one team after the other, `team_sizes[t]` how many are team
/// `t`'s; `fouls` (NULL for none) has one count a team. A team with fewer than `counted` places ranks after
/// the complete ones.
#[no_mangle]
pub unsafe extern "C" fn xq_members_total_standings(
    places: *const u32,
    places_count: usize,
    team_sizes: *const usize,
    teams: usize,
    counted: usize,
    fouls: *const u32,
    out: *mut XqTeamPlace,
    capacity: usize,
    out_count: *mut usize,
) -> XqStatus {
    guard(|| {
        check_array(out, capacity, out_count)?;
        // SAFETY: the caller's contract.
        let places = unsafe { array(places, places_count, "places") }?;
        // SAFETY: the caller's contract.
        let sizes = unsafe { array(team_sizes, teams, "team_sizes") }?;
        // SAFETY: the caller's contract.
        let fouls = if fouls.is_null() { &[][..] } else { unsafe { array(fouls, teams, "fouls") }? };
        if sizes.iter().try_fold(0usize, |a, &n| a.checked_add(n)) != Some(places.len()) {
            return Err(Error::invalid(format!("team_sizes: they do not add up to the {} places", places.len())));
        }
        let mut members = Vec::with_capacity(teams);
        let mut at = 0;
        for &n in sizes {
            members.push(places[at..at + n].iter().map(|&p| p as usize).collect::<Vec<_>>());
            at += n;
        }
        let table = members_total_standings(&members, counted, fouls);
        let items =
            table.into_iter().map(|(t, p)| XqTeamPlace { team: t as u32, place: p.place as u32, shared: p.shared });
        // SAFETY: checked by check_array; the caller's contract.
        unsafe { write_array(items, out, capacity, out_count, "teams") }
    })
}
