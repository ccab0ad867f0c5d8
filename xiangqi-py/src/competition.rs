//! The competition rules (`xiangqi_core::competition`): `TimeControl`, `Clock`, `Conduct`, `Event`,
//! touch-move and scoring. Times are integer milliseconds from any origin the caller chooses; sides are
//! `bool` (`True` = red), as in the rest of the package.

use std::time::Duration;

use pyo3::prelude::*;
use xiangqi_core::competition::conduct::{
    decide, natural_limit_count, Authority, ClaimOutcome, Conduct as CoreConduct, ConductRules,
    Decision as CoreDecision, Foul, OfferOutcome, OfferPolicy, Penalty,
};
use xiangqi_core::competition::results_csv::{event_from_results, parse_results};
use xiangqi_core::competition::scoring::{match_points as core_match_points, GameResult, HalfPoints};
use xiangqi_core::competition::standings::{Event as CoreEvent, System, Tiebreak, Withdrawal};
use xiangqi_core::competition::team;
use xiangqi_core::competition::time::{
    judge_lateness as core_judge_lateness, CarryOver, Clock as CoreClock, FlagFall as CoreFlagFall, FlagReason,
    LatenessLimit, LatenessRuling, Period, RapidRepeat, TimeControl as CoreTimeControl,
};
use xiangqi_core::competition::touch::{touch_obligation as core_touch_obligation, Obligation, Touch, TouchKind};
use xiangqi_core::{Color, Square};

use crate::board::Board;

pyo3::create_exception!(
    xiangqi,
    CompetitionError,
    crate::errors::XiangqiError,
    "An event a clock, a game's conduct or an event refuses (out of order, time going back, an unknown \
     entrant, a malformed results row). The message names the event, field or line; nothing was changed."
);

pub(crate) fn refused<E: std::fmt::Display>(e: E) -> PyErr {
    CompetitionError::new_err(e.to_string())
}

fn color(side: bool) -> Color {
    if side {
        Color::Red
    } else {
        Color::Black
    }
}

pub(crate) fn ms(t: u64) -> Duration {
    Duration::from_millis(t)
}

pub(crate) fn to_ms(d: Duration) -> u64 {
    d.as_millis() as u64
}

fn carry(name: &str) -> PyResult<CarryOver> {
    match name {
        "cumulative" => Ok(CarryOver::Cumulative),
        "reset" => Ok(CarryOver::Reset),
        _ => Err(refused(format!("carry_over: {name:?} is not \"cumulative\" or \"reset\""))),
    }
}

/// A time control (6.1-6.5, E2). Build one with a static method.
#[pyclass(module = "xiangqi", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct TimeControl {
    inner: CoreTimeControl,
}

#[pymethods]
impl TimeControl {
    /// A move quota: `first_moves` in `first_minutes` (0 and 0 for none, as in 6.4), then `then_moves` in
    /// every `then_minutes`; `carry_over` is `"cumulative"` or `"reset"`.
    #[staticmethod]
    fn move_quota(
        first_moves: u32,
        first_minutes: u32,
        then_moves: u32,
        then_minutes: u32,
        carry_over: &str,
    ) -> PyResult<TimeControl> {
        let first =
            (first_moves != 0 || first_minutes != 0).then_some(Period { moves: first_moves, minutes: first_minutes });
        let inner = CoreTimeControl::MoveQuota {
            first,
            then: Period { moves: then_moves, minutes: then_minutes },
            carry_over: carry(carry_over)?,
        };
        inner.validate().map_err(refused)?;
        Ok(TimeControl { inner })
    }

    /// 6.3: 40 moves in 10 minutes, then `repeat_moves` (30 or 50) in every 5 minutes.
    #[staticmethod]
    fn rapid(repeat_moves: u32, carry_over: &str) -> PyResult<TimeControl> {
        let repeat = match repeat_moves {
            30 => RapidRepeat::Thirty,
            50 => RapidRepeat::Fifty,
            _ => return Err(refused(format!("repeat_moves: 6.3 has 30 or 50, not {repeat_moves}"))),
        };
        Ok(TimeControl { inner: CoreTimeControl::g6_3(repeat, carry(carry_over)?) })
    }

    /// E2: at most `max_secs` seconds a move.
    #[staticmethod]
    fn per_move(max_secs: u32) -> PyResult<TimeControl> {
        let inner = CoreTimeControl::PerMove { max_secs };
        inner.validate().map_err(refused)?;
        Ok(TimeControl { inner })
    }

    /// 6.5: every move in `minutes` minutes.
    #[staticmethod]
    fn guillotine(minutes: u32) -> PyResult<TimeControl> {
        let inner = CoreTimeControl::Guillotine { minutes };
        inner.validate().map_err(refused)?;
        Ok(TimeControl { inner })
    }

    /// The used time (ms) allowed when a side completes its `move_number`-th move, for cumulative
    /// deadlines and a guillotine; `None` otherwise.
    fn deadline(&self, move_number: u32) -> Option<u64> {
        self.inner.deadline(move_number).map(to_ms)
    }

    /// 21: judges lateness. `limit_ms` is the event's limit, counted from the scheduled start, or `None` for
    /// the first deadline of this control on the late player's own clock; arrivals are ms after the
    /// scheduled start, `None` for never; `red_first_press` is when red, present, pressed after its first
    /// move (ms after the scheduled start, `None` if it has not): a late black's clock starts then (21.1).
    /// Returns `("play", red_charge, black_charge)`, `("forfeit", loser_is_red, 0)` or
    /// `("double-forfeit", 0, 0)`.
    #[pyo3(signature = (limit_ms, red_arrival, black_arrival, red_first_press = None))]
    fn judge_lateness(
        &self,
        limit_ms: Option<u64>,
        red_arrival: Option<u64>,
        black_arrival: Option<u64>,
        red_first_press: Option<u64>,
    ) -> PyResult<(String, u64, u64)> {
        let limit = limit_ms.map_or(LatenessLimit::FirstDeadline, |l| LatenessLimit::Fixed(ms(l)));
        let arrivals = [red_arrival.map(ms), black_arrival.map(ms)];
        let ruling = core_judge_lateness(&self.inner, limit, arrivals, red_first_press.map(ms)).map_err(refused)?;
        Ok(match ruling {
            LatenessRuling::Play { charge } => ("play".into(), to_ms(charge[0]), to_ms(charge[1])),
            LatenessRuling::Forfeit { loser } => ("forfeit".into(), u64::from(loser.is_red()), 0),
            LatenessRuling::DoubleForfeit => ("double-forfeit".into(), 0, 0),
        })
    }
}

fn flag_reason(r: FlagReason) -> &'static str {
    match r {
        FlagReason::Overtime => "overtime",
        FlagReason::LatePress => "late-press",
        FlagReason::PerMoveLimit => "per-move",
    }
}

/// A fallen flag: `side` (True = red), `at` (ms), `reason` (`"overtime"`, `"late-press"`, `"per-move"`)
/// and `article`.
#[pyclass(module = "xiangqi", frozen, get_all)]
#[derive(Clone)]
pub struct FlagFall {
    side: bool,
    at: u64,
    reason: String,
    article: String,
}

impl FlagFall {
    fn from_core(f: CoreFlagFall) -> FlagFall {
        FlagFall {
            side: f.side.is_red(),
            at: to_ms(f.at),
            reason: flag_reason(f.reason).into(),
            article: f.reason.article().into(),
        }
    }
}

#[pymethods]
impl FlagFall {
    fn __repr__(&self) -> String {
        format!("FlagFall(side={}, at={}, reason={:?})", if self.side { "RED" } else { "BLACK" }, self.at, self.reason)
    }
}

/// The two-face clock (6, 22): the caller passes the time (ms) of every event; a flag fall is reported
/// once, by `press` or `check`.
#[pyclass(module = "xiangqi")]
pub struct Clock {
    inner: CoreClock,
}

#[pymethods]
impl Clock {
    #[new]
    fn new(control: &TimeControl) -> PyResult<Clock> {
        Ok(Clock { inner: CoreClock::new(control.inner).map_err(refused)? })
    }

    /// Starts `first`'s face at `now`.
    fn start(&mut self, first: bool, now: u64) -> PyResult<()> {
        self.inner.start(color(first), ms(now)).map_err(refused)
    }

    /// `side` presses after its move; the flag if it fell (judged at the press, 22.5).
    fn press(&mut self, side: bool, now: u64) -> PyResult<Option<FlagFall>> {
        Ok(self.inner.press(color(side), ms(now)).map_err(refused)?.map(FlagFall::from_core))
    }

    /// The flag, if it falls now (once).
    fn check(&mut self, now: u64) -> Option<FlagFall> {
        self.inner.check(ms(now)).map(FlagFall::from_core)
    }

    /// Time used by `side` at `now` (ms).
    fn used(&self, side: bool, now: u64) -> u64 {
        to_ms(self.inner.used(color(side), ms(now)))
    }

    /// Time left to `side`'s next deadline at `now` (ms).
    fn remaining(&self, side: bool, now: u64) -> u64 {
        to_ms(self.inner.remaining(color(side), ms(now)))
    }

    /// The arbiter stops the clock.
    fn stop(&mut self, now: u64) -> PyResult<()> {
        self.inner.stop(ms(now)).map_err(refused)
    }

    /// Restarts it.
    fn resume(&mut self, now: u64) -> PyResult<()> {
        self.inner.resume(ms(now)).map_err(refused)
    }

    /// Charges `time` ms to `side` (23.3, 21.3).
    fn add_used(&mut self, side: bool, time: u64) -> PyResult<()> {
        self.inner.add_used(color(side), ms(time)).map_err(refused)
    }

    /// Sets `side`'s used time after a clock fault (22.4; the clock must be stopped).
    fn set_used(&mut self, side: bool, used: u64) -> PyResult<()> {
        self.inner.set_used(color(side), ms(used)).map_err(refused)
    }

    /// The flag that has fallen, if any.
    #[getter]
    fn flag(&self) -> Option<FlagFall> {
        self.inner.flag().map(FlagFall::from_core)
    }
}

/// A game's result: `winner` (True = red, False = black, None = neither), `reason`, `article`, `ply`,
/// `summary`.
#[pyclass(module = "xiangqi", frozen, get_all)]
#[derive(Clone)]
pub struct Decision {
    winner: Option<bool>,
    reason: String,
    article: String,
    ply: usize,
    summary: String,
}

impl Decision {
    pub(crate) fn from_core(d: &CoreDecision) -> Decision {
        Decision {
            winner: d.winner.map(Color::is_red),
            reason: d.reason.name().into(),
            article: d.article.clone(),
            ply: d.ply,
            summary: d.summary().into(),
        }
    }
}

#[pymethods]
impl Decision {
    fn __repr__(&self) -> String {
        format!("Decision({:?}, reason={:?}, article={:?})", self.summary, self.reason, self.article)
    }
}

/// The conduct of one game (4, 5.8, 7, 9, 18, 21-23): `rules` is `"general"` (3 fouls lose, an illegal
/// move loses) or `"event"` (2 technical fouls, an illegal move is a foul); `offers` `"strict"` or
/// `"loose"` alternation of draw offers.
#[pyclass(module = "xiangqi")]
pub struct Conduct {
    pub(crate) inner: CoreConduct,
}

#[pymethods]
impl Conduct {
    #[new]
    fn new(rules: &str, offers: &str) -> PyResult<Conduct> {
        let offers = match offers {
            "strict" => OfferPolicy::Strict,
            "loose" => OfferPolicy::Loose,
            _ => return Err(refused(format!("offers: {offers:?} is not \"strict\" or \"loose\""))),
        };
        let rules = match rules {
            "general" => ConductRules::general(offers),
            "event" => ConductRules::event(offers),
            _ => return Err(refused(format!("rules: {rules:?} is not \"general\" or \"event\""))),
        };
        Ok(Conduct { inner: CoreConduct::new(rules).map_err(refused)? })
    }

    /// `side` moves.
    fn make_move(&mut self, side: bool) -> PyResult<()> {
        self.inner.make_move(color(side)).map_err(refused)
    }

    /// `side` presses the clock.
    fn press(&mut self, side: bool) -> PyResult<()> {
        self.inner.press(color(side)).map_err(refused)
    }

    /// `side` offers a draw: `"pending"`, or `"foul"` when out of alternation (9.1.3).
    fn offer_draw(&mut self, side: bool) -> PyResult<&'static str> {
        Ok(match self.inner.offer_draw(color(side)).map_err(refused)? {
            OfferOutcome::Pending => "pending",
            OfferOutcome::Foul => "foul",
        })
    }

    /// `side` accepts the pending offer.
    fn accept_draw(&mut self, side: bool) -> PyResult<()> {
        self.inner.accept_draw(color(side)).map_err(refused)
    }

    /// `side` refuses the pending offer.
    fn decline_draw(&mut self, side: bool) -> PyResult<()> {
        self.inner.decline_draw(color(side)).map_err(refused)
    }

    /// 23.3: `side` claims the natural limit with the arbiter's counts. `None` when true (a draw), else the
    /// time (ms) to add to the claimant's clock (the foul is recorded).
    fn claim_natural_limit(
        &mut self,
        side: bool,
        plies_since_capture: u32,
        red_checks: u32,
        black_checks: u32,
        limit_plies: u32,
        check_cap: u32,
    ) -> PyResult<Option<u64>> {
        let count = natural_limit_count(plies_since_capture, [red_checks, black_checks], limit_plies, check_cap);
        Ok(match self.inner.claim_natural_limit(color(side), &count).map_err(refused)? {
            ClaimOutcome::Draw => None,
            ClaimOutcome::False { add_time } => Some(to_ms(add_time)),
        })
    }

    /// A foul by `side`, by name (`"distracting"`, `"clock-tampering"`, `"repeated-draw-offer"`, ...).
    fn foul(&mut self, side: bool, name: &str) -> PyResult<()> {
        let foul = Foul::from_name(name).ok_or_else(|| refused(format!("foul: unknown foul {name:?}")))?;
        self.inner.foul(color(side), foul).map_err(refused)
    }

    /// Fouls of `side`.
    fn fouls(&self, side: bool) -> u32 {
        self.inner.fouls(color(side))
    }

    /// 7.1-7.2: `run` moves left unrecorded with `remaining_ms` in the period; the fouls given.
    fn unrecorded_moves(&mut self, side: bool, run: u32, remaining_ms: u64) -> PyResult<u32> {
        self.inner.unrecorded_moves(color(side), run, ms(remaining_ms)).map_err(refused)
    }

    /// An illegal move by `side` (4.1.6 or E8(五)).
    fn illegal_move(&mut self, side: bool) -> PyResult<()> {
        self.inner.illegal_move(color(side)).map_err(refused)
    }

    /// `side`'s move left the generals facing (4.1.2).
    fn kings_facing(&mut self, side: bool) -> PyResult<()> {
        self.inner.kings_facing(color(side)).map_err(refused)
    }

    /// `side` resigns (4.1.9).
    fn resign(&mut self, side: bool) -> PyResult<()> {
        self.inner.resign(color(side)).map_err(refused)
    }

    /// `side`'s flag fell; `reason` as `FlagFall.reason`.
    fn flag_fall(&mut self, side: bool, reason: &str) -> PyResult<()> {
        let reason = match reason {
            "overtime" => FlagReason::Overtime,
            "late-press" => FlagReason::LatePress,
            "per-move" => FlagReason::PerMoveLimit,
            _ => return Err(refused(format!("flag_fall: unknown reason {reason:?}"))),
        };
        self.inner.flag_fall(color(side), reason).map_err(refused)
    }

    /// A lateness forfeit of `loser` (True = red), or of both when `loser` is None (21.3).
    fn lateness_forfeit(&mut self, loser: Option<bool>) -> PyResult<()> {
        let ruling = loser.map_or(LatenessRuling::DoubleForfeit, |l| LatenessRuling::Forfeit { loser: color(l) });
        self.inner.lateness(ruling).map_err(refused)
    }

    /// The arbiter declares the position drawn (4.2.1).
    fn theoretical_draw(&mut self) -> PyResult<()> {
        self.inner.theoretical_draw().map_err(refused)
    }

    /// A penalty (`"warning"`, `"loss"`, `"disqualification"`, `"expulsion"`) imposed `by`
    /// (`"game-arbiter"`, `"chief-arbiter"`, `"organiser"`).
    fn penalty(&mut self, side: bool, penalty: &str, by: &str) -> PyResult<()> {
        let penalty = match penalty {
            "warning" => Penalty::Warning,
            "loss" => Penalty::Loss,
            "disqualification" => Penalty::Disqualification,
            "expulsion" => Penalty::Expulsion,
            _ => return Err(refused(format!("penalty: unknown penalty {penalty:?}"))),
        };
        let by = match by {
            "game-arbiter" => Authority::GameArbiter,
            "chief-arbiter" => Authority::ChiefArbiter,
            "organiser" => Authority::Organiser,
            _ => return Err(refused(format!("penalty: unknown authority {by:?}"))),
        };
        self.inner.penalty(color(side), penalty, by).map_err(refused)
    }

    /// Whether a mistake may still be corrected (5.8).
    #[getter]
    fn correction_allowed(&self) -> bool {
        self.inner.correction_allowed()
    }

    /// The result of the conduct log alone.
    #[getter]
    fn decision(&self) -> Option<Decision> {
        self.inner.decision().map(Decision::from_core)
    }

    /// The one result of the board's arbiter verdict and this log: the earlier decides, the board at the
    /// same ply (22.5).
    fn decide(&self, board: &Board) -> Option<Decision> {
        decide(&board.game.verdict(), board.game.len(), &self.inner).as_ref().map(Decision::from_core)
    }
}

/// 5.1-5.6: what the side to move on `board` must do after `touches`, each `(square, kind, simultaneous)`
/// with `kind` `"touch"`, `"accidental"`, `"adjust"` (with consent) or `"adjust-without-consent"`.
/// Returns `(obligation, detail)`: `("free", None)`, `("foul", foul name)`, `("play", ICCS move)`,
/// `("move-from", square)`, `("capture-on", square)`.
#[pyfunction]
pub fn touch_obligation(board: &Board, touches: Vec<(String, String, bool)>) -> PyResult<(String, Option<String>)> {
    let mut list = Vec::with_capacity(touches.len());
    for (i, (square, kind, simultaneous)) in touches.iter().enumerate() {
        let square: Square = square.parse().map_err(|_| refused(format!("touch {i}: bad square {square:?}")))?;
        let kind = match kind.as_str() {
            "touch" => TouchKind::Touch,
            "accidental" => TouchKind::Accidental,
            "adjust" => TouchKind::Adjust { consent: true },
            "adjust-without-consent" => TouchKind::Adjust { consent: false },
            _ => return Err(refused(format!("touch {i}: unknown kind {kind:?}"))),
        };
        list.push(Touch { square, kind, simultaneous: *simultaneous });
    }
    let ob = core_touch_obligation(board.game.position(), &list).map_err(refused)?;
    Ok(match ob {
        Obligation::Free => ("free".into(), None),
        Obligation::FreeWithFoul(f) => ("foul".into(), Some(f.name().into())),
        Obligation::Play(m) => ("play".into(), Some(m.to_string())),
        Obligation::MoveFrom(s) => ("move-from".into(), Some(s.to_string())),
        Obligation::CaptureOn(s) => ("capture-on".into(), Some(s.to_string())),
    })
}

fn game_result(text: &str) -> PyResult<GameResult> {
    GameResult::from_text(text)
        .ok_or_else(|| refused(format!("result: {text:?} is not 1-0, 0-1, 1/2-1/2, +/-, -/+ or -/-")))
}

/// 14.1, 21.4: red's and black's game points for a result text (`"1-0"`, `"1/2-1/2"`, `"+/-"`, ...).
#[pyfunction]
pub fn game_points(result: &str) -> PyResult<(f64, f64)> {
    let [r, b] = game_result(result)?.scores();
    Ok((r.points().as_f64(), b.points().as_f64()))
}

/// 14.2: match points (2, 1, 0) from a team's game points and its opponent's.
#[pyfunction]
pub fn match_points(own: f64, theirs: f64) -> u32 {
    core_match_points(HalfPoints((own * 2.0).round() as u32), HalfPoints((theirs * 2.0).round() as u32))
}

/// 13.2: the colour (True = red) of the team listed first (or not) on `board` (1-based).
#[pyfunction]
pub fn board_colour(listed_first: bool, board: u32) -> bool {
    team::board_colour(listed_first, board).is_red()
}

/// 12.2: every order-keeping line-up of `boards` players from a roster of `roster` players.
#[pyfunction]
pub fn valid_lineups(roster: usize, boards: usize) -> Vec<Vec<usize>> {
    team::valid_lineups(roster, boards)
}

fn chain(spec: &str) -> PyResult<Vec<Tiebreak>> {
    if let Some(preset) = Tiebreak::preset(spec) {
        return Ok(preset.to_vec());
    }
    spec.split(',')
        .map(|t| Tiebreak::from_name(t.trim()).ok_or_else(|| refused(format!("chain: unknown tie-break {t:?}"))))
        .collect()
}

/// A penalty that 18.4 ranks, by name: `"warning"` (18.1) or `"disqualification"` (18.2).
fn ranked_penalty(name: &str) -> PyResult<Penalty> {
    match name {
        "warning" => Ok(Penalty::Warning),
        "disqualification" => Ok(Penalty::Disqualification),
        _ => Err(refused(format!("penalty: {name:?} is not \"warning\" or \"disqualification\""))),
    }
}

fn system(system: &str, games_per_pair: u32) -> PyResult<System> {
    match system {
        "round-robin" => Ok(System::RoundRobin { games_per_pair }),
        "swiss" => Ok(System::Swiss),
        _ => Err(refused(format!("system: {system:?} is not \"round-robin\" or \"swiss\""))),
    }
}

/// A line of the standings: `place`, `shared`, `name`, `points`.
#[pyclass(module = "xiangqi", frozen, get_all)]
#[derive(Clone)]
pub struct Standing {
    place: usize,
    shared: bool,
    name: String,
    points: f64,
}

#[pymethods]
impl Standing {
    fn __repr__(&self) -> String {
        format!("Standing({}{}, {:?}, {})", self.place, if self.shared { "=" } else { "" }, self.name, self.points)
    }
}

/// An individual event (15.1, 15.2, 18.4, 20): `system` is `"round-robin"` (with `games_per_pair` 1 or 2)
/// or `"swiss"`. Tie-break chains are `"15.1"`, `"15.2"` or names joined by commas (`"points,sb,wins"`).
#[pyclass(module = "xiangqi")]
pub struct Event {
    inner: CoreEvent,
}

#[pymethods]
impl Event {
    #[new]
    #[pyo3(signature = (names, system, games_per_pair = 1))]
    fn new(names: Vec<String>, system: &str, games_per_pair: u32) -> PyResult<Event> {
        Ok(Event { inner: CoreEvent::new(self::system(system, games_per_pair)?, names).map_err(refused)? })
    }

    /// An event from a results file's text (`round,red,black,result[,red_fouls,black_fouls]`).
    #[staticmethod]
    #[pyo3(signature = (text, system, games_per_pair = 1))]
    fn from_results_csv(text: &str, system: &str, games_per_pair: u32) -> PyResult<Event> {
        let rows = parse_results(text).map_err(refused)?;
        let inner = event_from_results(self::system(system, games_per_pair)?, &rows).map_err(refused)?;
        Ok(Event { inner })
    }

    /// Enters a game.
    fn add_game(&mut self, round: u32, red: &str, black: &str, result: &str) -> PyResult<()> {
        self.inner.add_game(round, red, black, game_result(result)?).map_err(refused)
    }

    /// Adds to an entrant's fouls.
    fn add_fouls(&mut self, name: &str, fouls: u32) -> PyResult<()> {
        self.inner.add_fouls(name, fouls).map_err(refused)
    }

    /// Records a `"warning"` or a `"disqualification"` (18.4).
    fn add_penalty(&mut self, name: &str, penalty: &str) -> PyResult<()> {
        self.inner.add_penalty(name, ranked_penalty(penalty)?).map_err(refused)
    }

    /// `name` withdraws (20): `("voided", games)` or `("forfeited", games)`.
    fn withdraw(&mut self, name: &str) -> PyResult<(String, usize)> {
        Ok(match self.inner.withdraw(name).map_err(refused)? {
            Withdrawal::Voided(n) => ("voided".into(), n),
            Withdrawal::Forfeited(n) => ("forfeited".into(), n),
        })
    }

    /// The standings under a chain, best first.
    fn standings(&self, chain: &str) -> PyResult<Vec<Standing>> {
        let table = self.inner.standings(&self::chain(chain)?).map_err(refused)?;
        Ok(table
            .into_iter()
            .map(|s| Standing { place: s.place.place, shared: s.place.shared, name: s.name, points: s.points.as_f64() })
            .collect())
    }

    /// 15.6: whether one of the first `places` places is shared.
    fn requires_playoff(&self, chain: &str, places: usize) -> PyResult<bool> {
        let table = self.inner.standings(&self::chain(chain)?).map_err(refused)?;
        Ok(CoreEvent::requires_playoff(&table, places))
    }

    /// The crosstable as text.
    fn crosstable(&self, chain: &str) -> PyResult<String> {
        self.inner.crosstable(&self::chain(chain)?).map_err(refused)
    }
}

/// 12.1: checks a registered board order (ratings board 1 first, `None` for an unrated player): higher
/// ratings on higher boards, unrated players last. Raises `CompetitionError` naming the first board
/// (0-based) out of order.
#[pyfunction]
pub fn check_board_order(ratings: Vec<Option<u32>>) -> PyResult<()> {
    team::check_board_order(&ratings).map_err(|e| refused(e.to_string()))
}

/// 12.2: whether `lineup` (roster indices, board 1 first) keeps the order of a roster of `roster` players.
#[pyfunction]
pub fn is_valid_lineup(roster: usize, lineup: Vec<usize>) -> bool {
    team::is_valid_lineup(roster, &lineup)
}

/// 12.4: every member of a team of `first` players against every member of a team of `second`, as
/// `(first_member, second_member)` index pairs.
#[pyfunction]
pub fn all_play_all(first: usize, second: usize) -> Vec<(usize, usize)> {
    team::all_play_all(first, second)
}

/// 13.5: a player's colour (True = red) in the second game of a two-game match, from the first game's.
#[pyfunction]
pub fn second_game_colour(first_game: bool) -> bool {
    team::second_game_colour(color(first_game)).is_red()
}

/// 21.4: the match points of a team match won (`present` True) or lost by forfeit.
#[pyfunction]
pub fn team_forfeit_match_points(present: bool) -> u32 {
    xiangqi_core::competition::scoring::team_forfeit_match_points(present)
}

/// E6: where a best-of-`games` match stands after the first player's `scores` (`"win"`, `"draw"`,
/// `"loss"`, `"forfeit-win"`, `"forfeit-loss"`), with `draws` `"half"` (a draw is half a point to each) or
/// `"ignored"` (E6 does not say). Returns `("in-progress", None)`, `("won", 0 or 1)` (the first or second
/// player) or `("level", None)` (an extra game or lots).
#[pyfunction]
pub fn best_of(games: u32, draws: &str, scores: Vec<String>) -> PyResult<(&'static str, Option<usize>)> {
    use xiangqi_core::competition::scoring::{BestOf, DrawsInMatch, MatchState, Score};
    let draws = match draws {
        "half" => DrawsInMatch::HalfPoint,
        "ignored" => DrawsInMatch::Ignored,
        _ => return Err(refused(format!("draws: {draws:?} is not \"half\" or \"ignored\""))),
    };
    if games == 0 {
        return Err(refused("games: a match has at least one game"));
    }
    let mut m = BestOf::new(games, draws);
    for (i, s) in scores.iter().enumerate() {
        m.add(match s.as_str() {
            "win" => Score::Win,
            "draw" => Score::Draw,
            "loss" => Score::Loss,
            "forfeit-win" => Score::ForfeitWin,
            "forfeit-loss" => Score::ForfeitLoss,
            _ => return Err(refused(format!("scores[{i}]: {s:?} is not a score"))),
        });
    }
    Ok(match m.state() {
        MatchState::InProgress => ("in-progress", None),
        MatchState::Won { winner } => ("won", Some(winner)),
        MatchState::Level => ("level", None),
    })
}

/// A team's line in the team standings: `team` (0-based), `place`, `shared`, `match_points`,
/// `game_points`.
#[pyclass(module = "xiangqi", frozen, get_all)]
#[derive(Clone)]
pub struct TeamStanding {
    team: usize,
    place: usize,
    shared: bool,
    match_points: u32,
    game_points: f64,
}

#[pymethods]
impl TeamStanding {
    fn __repr__(&self) -> String {
        let shared = if self.shared { "=" } else { "" };
        format!("TeamStanding({}{shared}, team={}, {}, {})", self.place, self.team, self.match_points, self.game_points)
    }
}

/// A team event of `teams` teams (0-based): their matches board by board, team fouls and 18.4 penalties
/// (15.3, 15.4, 18.4).
#[pyclass(module = "xiangqi")]
pub struct TeamEvent {
    inner: team::TeamEvent,
}

#[pymethods]
impl TeamEvent {
    #[new]
    fn new(teams: usize) -> TeamEvent {
        TeamEvent { inner: team::TeamEvent::new(teams) }
    }

    /// Adds `fouls` to team `team`'s fouls (15.3, 15.4 rank fewer team fouls higher).
    fn add_fouls(&mut self, team: usize, fouls: u32) -> PyResult<()> {
        self.inner.add_fouls(team, fouls).map_err(refused)
    }

    /// Records a `"warning"` or a `"disqualification"` of team `team` (18.4: last among equals).
    fn add_penalty(&mut self, team: usize, penalty: &str) -> PyResult<()> {
        self.inner.add_penalty(team, ranked_penalty(penalty)?).map_err(refused)
    }

    /// Enters a match of team `first` (listed first: red on odd boards, 13.2) against `second`, with each
    /// board's result text, board 1 first, red and black as on the board.
    fn add_match(&mut self, first: usize, second: usize, boards: Vec<String>) -> PyResult<()> {
        let boards = boards.iter().map(|b| game_result(b)).collect::<PyResult<Vec<_>>>()?;
        self.inner.add_match(team::TeamMatch { first, second, boards }).map_err(refused)
    }

    /// The standings under `chain`, `"15.3"` (round robin) or `"15.4"` (Swiss), best first.
    fn standings(&self, chain: &str) -> PyResult<Vec<TeamStanding>> {
        let chain = match chain {
            "15.3" => team::TeamTiebreak::G15_3,
            "15.4" => team::TeamTiebreak::G15_4,
            _ => return Err(refused(format!("chain: {chain:?} is not \"15.3\" or \"15.4\""))),
        };
        Ok(self
            .inner
            .standings(chain)
            .into_iter()
            .map(|t| TeamStanding {
                team: t.team,
                place: t.place.place,
                shared: t.place.shared,
                match_points: t.match_points,
                game_points: t.game_points.as_f64(),
            })
            .collect())
    }
}

/// 15.5 (members' total): teams ranked by the sum of the best `counted` individual places of their
/// members (`members[t]` lists team `t`'s places; `fouls` one count a team). Returns `(team, place,
/// shared)`, best first; a team with fewer than `counted` places ranks after the complete ones.
#[pyfunction]
#[pyo3(signature = (members, counted, fouls = None))]
pub fn members_total_standings(
    members: Vec<Vec<usize>>,
    counted: usize,
    fouls: Option<Vec<u32>>,
) -> Vec<(usize, usize, bool)> {
    team::members_total_standings(&members, counted, &fouls.unwrap_or_default())
        .into_iter()
        .map(|(t, p)| (t, p.place, p.shared))
        .collect()
}

/// Adds the classes, functions and the exception to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CompetitionError", m.py().get_type::<CompetitionError>())?;
    m.add_class::<TimeControl>()?;
    m.add_class::<FlagFall>()?;
    m.add_class::<Clock>()?;
    m.add_class::<Decision>()?;
    m.add_class::<Conduct>()?;
    crate::competition_sheets::register(m)?;
    m.add_class::<Standing>()?;
    m.add_class::<Event>()?;
    m.add_function(wrap_pyfunction!(touch_obligation, m)?)?;
    m.add_function(wrap_pyfunction!(game_points, m)?)?;
    m.add_function(wrap_pyfunction!(match_points, m)?)?;
    m.add_function(wrap_pyfunction!(board_colour, m)?)?;
    m.add_function(wrap_pyfunction!(valid_lineups, m)?)?;
    m.add_class::<TeamStanding>()?;
    m.add_class::<TeamEvent>()?;
    m.add_function(wrap_pyfunction!(check_board_order, m)?)?;
    m.add_function(wrap_pyfunction!(is_valid_lineup, m)?)?;
    m.add_function(wrap_pyfunction!(all_play_all, m)?)?;
    m.add_function(wrap_pyfunction!(second_game_colour, m)?)?;
    m.add_function(wrap_pyfunction!(team_forfeit_match_points, m)?)?;
    m.add_function(wrap_pyfunction!(best_of, m)?)?;
    m.add_function(wrap_pyfunction!(members_total_standings, m)?)?;
    Ok(())
}
