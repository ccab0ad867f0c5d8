//! The competition rules: clocks (`XqClock`), a game's conduct (`XqConduct`), touch-move, and standings from
//! a results file. Times are milliseconds (`uint64_t`) from any origin the caller chooses; the library never
//! reads a clock. A refused event returns XQ_STATUS_EVENT_REJECTED and changes nothing.

use std::ffi::c_char;
use std::time::Duration;

use xiangqi_core::competition::conduct::{
    decide, natural_limit_count, Authority, ClaimOutcome, Conduct, ConductRules, Decision, Foul, OfferOutcome,
    OfferPolicy, Penalty,
};
use xiangqi_core::competition::results_csv::{event_from_results, parse_results};
use xiangqi_core::competition::standings::{System, Tiebreak};
use xiangqi_core::competition::time::{CarryOver, Clock, FlagFall, FlagReason, Period, TimeControl};
use xiangqi_core::competition::touch::{touch_obligation, Obligation, Touch, TouchKind};
use xiangqi_core::{Color, Square};

use crate::args::{borrow, borrow_mut, free_handle, set_optional, text, Out};
use crate::enums::XqColor;
use crate::error::{guard, Error, Result};
use crate::game::XqGame;
use crate::output::write_text;
use crate::position::XqPosition;
use crate::status::XqStatus;

pub(crate) fn rejected<E: std::fmt::Display>(e: E) -> Error {
    Error::new(XqStatus::EventRejected, e.to_string())
}

pub(crate) fn side(value: u32) -> Result<Color> {
    match value {
        0 => Ok(Color::Red),
        1 => Ok(Color::Black),
        _ => Err(Error::invalid(format!("side: {value} is not XQ_COLOR_RED or XQ_COLOR_BLACK"))),
    }
}

/// The kind of a time control: the values of `XqTimeControl.kind` (0 per move, 1 move quota, 2 guillotine).
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqTimeControlKind {
    /// E2: `per_move_secs` a move.
    PerMove = 0,
    /// 6.1-6.4: `first_moves` in `first_minutes` (both 0: none), then `then_moves` in every `then_minutes`.
    MoveQuota = 1,
    /// 6.5: every move in `guillotine_minutes`.
    Guillotine = 2,
}

/// A time control. Only the fields of its kind are read. `carry_over`: 0 cumulative deadlines, 1 each
/// period with its own minutes (the texts do not say; there is no default).
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqTimeControl {
    /// An XqTimeControlKind.
    pub kind: u32,
    /// Seconds a move (E2).
    pub per_move_secs: u32,
    /// Moves of the first period (0: none).
    pub first_moves: u32,
    /// Minutes of the first period.
    pub first_minutes: u32,
    /// Moves of the repeated period.
    pub then_moves: u32,
    /// Minutes of the repeated period.
    pub then_minutes: u32,
    /// 0 cumulative, 1 reset.
    pub carry_over: u32,
    /// Minutes for the game (6.5).
    pub guillotine_minutes: u32,
}

pub(crate) fn control(tc: &XqTimeControl) -> Result<TimeControl> {
    let carry_over = match tc.carry_over {
        0 => CarryOver::Cumulative,
        1 => CarryOver::Reset,
        v => return Err(Error::invalid(format!("carry_over: {v} is not 0 (cumulative) or 1 (reset)"))),
    };
    let control = match tc.kind {
        0 => TimeControl::PerMove { max_secs: tc.per_move_secs },
        1 => TimeControl::MoveQuota {
            first: (tc.first_moves != 0 || tc.first_minutes != 0)
                .then_some(Period { moves: tc.first_moves, minutes: tc.first_minutes }),
            then: Period { moves: tc.then_moves, minutes: tc.then_minutes },
            carry_over,
        },
        2 => TimeControl::Guillotine { minutes: tc.guillotine_minutes },
        v => return Err(Error::invalid(format!("kind: {v} is not an XqTimeControlKind"))),
    };
    control.validate().map_err(rejected)?;
    Ok(control)
}

/// Why a flag fell.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqFlagReason {
    /// No flag.
    None = 0,
    /// Overtime (4.1.4, 22.1).
    Overtime = 1,
    /// Pressed too late after the period's last move (22.5).
    LatePress = 2,
    /// Over the per-move limit (E2).
    PerMove = 3,
}

/// A flag fall: the side (XQ_COLOR_NONE when no flag fell), the time and the reason.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqFlag {
    /// Whose flag, or XQ_COLOR_NONE.
    pub side: XqColor,
    /// When (ms).
    pub at_ms: u64,
    /// Why.
    pub reason: XqFlagReason,
}

fn flag(f: Option<FlagFall>) -> XqFlag {
    match f {
        None => XqFlag { side: XqColor::None, at_ms: 0, reason: XqFlagReason::None },
        Some(f) => XqFlag {
            side: f.side.into(),
            at_ms: f.at.as_millis() as u64,
            reason: match f.reason {
                FlagReason::Overtime => XqFlagReason::Overtime,
                FlagReason::LatePress => XqFlagReason::LatePress,
                FlagReason::PerMoveLimit => XqFlagReason::PerMove,
            },
        },
    }
}

/// A two-face clock (6, 22). Free with xq_clock_free().
pub struct XqClock {
    inner: Clock,
}

/// A new clock for `control`, not started.
#[no_mangle]
pub unsafe extern "C" fn xq_clock_new(control: *const XqTimeControl, out: *mut *mut XqClock) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        // SAFETY: the caller's contract.
        let tc = unsafe { borrow(control, "control") }?;
        let clock = Clock::new(self::control(tc)?).map_err(rejected)?;
        // SAFETY: checked out-parameter, writable by the caller\'s contract.
        unsafe { out.give(XqClock { inner: clock }) };
        Ok(())
    })
}

/// Frees a clock; NULL does nothing.
#[no_mangle]
pub unsafe extern "C" fn xq_clock_free(clock: *mut XqClock) {
    // SAFETY: the caller's contract.
    unsafe { free_handle(clock) }
}

/// The clock events, one function: 0 start(side), 1 press(side), 2 check, 3 stop, 4 resume. `*flag_out`
/// (optional) receives a flag fall found by a press or check (reported once).
#[no_mangle]
pub unsafe extern "C" fn xq_clock_event(
    clock: *mut XqClock,
    event: u32,
    side: u32,
    now_ms: u64,
    flag_out: *mut XqFlag,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let clock = &mut unsafe { borrow_mut(clock, "clock") }?.inner;
        let now = Duration::from_millis(now_ms);
        let found = match event {
            0 => clock.start(self::side(side)?, now).map(|_| None),
            1 => clock.press(self::side(side)?, now),
            2 => Ok(clock.check(now)),
            3 => clock.stop(now).map(|_| None),
            4 => clock.resume(now).map(|_| None),
            v => return Err(Error::invalid(format!("event: {v} is not 0-4"))),
        }
        .map_err(rejected)?;
        // SAFETY: optional out-parameter.
        unsafe { set_optional(flag_out, flag(found)) };
        Ok(())
    })
}

/// `side`'s used time at `now_ms` (`which` 0) or its time to the next deadline (`which` 1), in ms.
#[no_mangle]
pub unsafe extern "C" fn xq_clock_time(
    clock: *const XqClock,
    side: u32,
    now_ms: u64,
    which: u32,
    out_ms: *mut u64,
) -> XqStatus {
    guard(|| {
        let out = Out::new(out_ms, "out_ms")?;
        // SAFETY: the caller's contract.
        let clock = &unsafe { borrow(clock, "clock") }?.inner;
        let (side, now) = (self::side(side)?, Duration::from_millis(now_ms));
        let t = match which {
            0 => clock.used(side, now),
            1 => clock.remaining(side, now),
            v => return Err(Error::invalid(format!("which: {v} is not 0 (used) or 1 (remaining)"))),
        };
        // SAFETY: checked out-parameter.
        unsafe { out.set(t.as_millis() as u64) };
        Ok(())
    })
}

/// Adds `ms` to `side`'s used time (`set` 0: 23.3, 21.3) or sets it to `ms` (`set` 1: 22.4, clock stopped).
#[no_mangle]
pub unsafe extern "C" fn xq_clock_charge(clock: *mut XqClock, side: u32, ms: u64, set: bool) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let clock = &mut unsafe { borrow_mut(clock, "clock") }?.inner;
        let d = Duration::from_millis(ms);
        if set { clock.set_used(self::side(side)?, d) } else { clock.add_used(self::side(side)?, d) }.map_err(rejected)
    })
}

/// A game's conduct (fouls, draw offers, claims, resignation, penalties). Free with xq_conduct_free().
pub struct XqConduct {
    pub(crate) inner: Conduct,
}

/// A new conduct log: `event_rules` false for the general rules (3 fouls, an illegal move loses), true for
/// the event rules (2 technical fouls); `strict_offers` the alternation of draw offers.
#[no_mangle]
pub unsafe extern "C" fn xq_conduct_new(event_rules: bool, strict_offers: bool, out: *mut *mut XqConduct) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        let offers = if strict_offers { OfferPolicy::Strict } else { OfferPolicy::Loose };
        let rules = if event_rules { ConductRules::event(offers) } else { ConductRules::general(offers) };
        let inner = Conduct::new(rules).map_err(rejected)?;
        // SAFETY: checked out-parameter, writable by the caller\'s contract.
        unsafe { out.give(XqConduct { inner }) };
        Ok(())
    })
}

/// Frees a conduct log; NULL does nothing.
#[no_mangle]
pub unsafe extern "C" fn xq_conduct_free(conduct: *mut XqConduct) {
    // SAFETY: the caller's contract.
    unsafe { free_handle(conduct) }
}

/// One conduct event by `side`, named in UTF-8 (the names of docs/competition.md): `move`, `press`,
/// `offer`, `accept`, `decline`, `resign`, `illegal`, `kings-facing`, `theoretical-draw`,
/// `flag:REASON` (`overtime`, `late-press`, `per-move`), `foul:NAME` (`distracting`, `clock-tampering`, ...),
/// `penalty:PENALTY:AUTHORITY` (`warning`, `loss`, `disqualification`, `expulsion`; `game-arbiter`,
/// `chief-arbiter`, `organiser`), `lateness-forfeit`, `double-forfeit`, and `unrecorded:RUN:MS` (RUN moves
/// left unrecorded with MS milliseconds left in the period, 7.1-7.2). `*answer` (optional) is 1 when an
/// offer was a foul, the fouls given for unrecorded moves, else 0.
#[no_mangle]
pub unsafe extern "C" fn xq_conduct_event(
    conduct: *mut XqConduct,
    side: u32,
    event: *const c_char,
    event_len: usize,
    answer: *mut u32,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let c = &mut unsafe { borrow_mut(conduct, "conduct") }?.inner;
        // SAFETY: the caller's contract.
        let name = unsafe { text(event, event_len, "event") }?;
        let s = self::side(side)?;
        let mut result = 0;
        let mut parts = name.split(':');
        let r = match (parts.next().unwrap_or(""), parts.next(), parts.next()) {
            ("move", None, None) => c.make_move(s),
            ("press", None, None) => c.press(s),
            ("offer", None, None) => c.offer_draw(s).map(|o| result = u32::from(o == OfferOutcome::Foul)),
            ("accept", None, None) => c.accept_draw(s),
            ("decline", None, None) => c.decline_draw(s),
            ("resign", None, None) => c.resign(s),
            ("illegal", None, None) => c.illegal_move(s),
            ("kings-facing", None, None) => c.kings_facing(s),
            ("theoretical-draw", None, None) => c.theoretical_draw(),
            ("lateness-forfeit", None, None) => {
                c.lateness(xiangqi_core::competition::time::LatenessRuling::Forfeit { loser: s })
            }
            ("double-forfeit", None, None) => {
                c.lateness(xiangqi_core::competition::time::LatenessRuling::DoubleForfeit)
            }
            ("unrecorded", Some(run), Some(remaining)) => {
                let number = |t: &str| {
                    t.parse::<u64>().map_err(|_| Error::invalid(format!("event {name:?}: {t:?} is not a number")))
                };
                let (run, remaining) = (number(run)?, number(remaining)?);
                let run = u32::try_from(run).map_err(|_| Error::invalid(format!("event {name:?}: run too long")))?;
                c.unrecorded_moves(s, run, Duration::from_millis(remaining)).map(|n| result = n)
            }
            ("flag", Some(reason), None) => {
                let reason = match reason {
                    "overtime" => FlagReason::Overtime,
                    "late-press" => FlagReason::LatePress,
                    "per-move" => FlagReason::PerMoveLimit,
                    _ => return Err(Error::invalid(format!("event {name:?}: unknown flag reason"))),
                };
                c.flag_fall(s, reason)
            }
            ("foul", Some(foul), None) => {
                let foul =
                    Foul::from_name(foul).ok_or_else(|| Error::invalid(format!("event {name:?}: unknown foul")))?;
                c.foul(s, foul)
            }
            ("penalty", Some(p), Some(by)) => {
                let penalty = match p {
                    "warning" => Penalty::Warning,
                    "loss" => Penalty::Loss,
                    "disqualification" => Penalty::Disqualification,
                    "expulsion" => Penalty::Expulsion,
                    _ => return Err(Error::invalid(format!("event {name:?}: unknown penalty"))),
                };
                let by = match by {
                    "game-arbiter" => Authority::GameArbiter,
                    "chief-arbiter" => Authority::ChiefArbiter,
                    "organiser" => Authority::Organiser,
                    _ => return Err(Error::invalid(format!("event {name:?}: unknown authority"))),
                };
                c.penalty(s, penalty, by)
            }
            _ => return Err(Error::invalid(format!("event {name:?}: not a conduct event"))),
        };
        r.map_err(rejected)?;
        // SAFETY: optional out-parameter.
        unsafe { set_optional(answer, result) };
        Ok(())
    })
}

/// 23.3: `side` claims the natural limit with the arbiter's counts (xq_game gives them). `*added_ms` is 0
/// for a true claim (a draw), else the time to add to the claimant's clock (the foul is recorded).
#[no_mangle]
pub unsafe extern "C" fn xq_conduct_claim_natural_limit(
    conduct: *mut XqConduct,
    side: u32,
    plies_since_capture: u32,
    red_checks: u32,
    black_checks: u32,
    limit_plies: u32,
    check_cap: u32,
    added_ms: *mut u64,
) -> XqStatus {
    guard(|| {
        let out = Out::new(added_ms, "added_ms")?;
        // SAFETY: the caller's contract.
        let c = &mut unsafe { borrow_mut(conduct, "conduct") }?.inner;
        let count = natural_limit_count(plies_since_capture, [red_checks, black_checks], limit_plies, check_cap);
        let added = match c.claim_natural_limit(self::side(side)?, &count).map_err(rejected)? {
            ClaimOutcome::Draw => 0,
            ClaimOutcome::False { add_time } => add_time.as_millis() as u64,
        };
        // SAFETY: checked out-parameter.
        unsafe { out.set(added) };
        Ok(())
    })
}

/// Fouls of `side` so far.
#[no_mangle]
pub unsafe extern "C" fn xq_conduct_fouls(conduct: *const XqConduct, side: u32, out: *mut u32) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: the caller's contract.
        let c = &unsafe { borrow(conduct, "conduct") }?.inner;
        // SAFETY: checked out-parameter.
        unsafe { out.set(c.fouls(self::side(side)?)) };
        Ok(())
    })
}

/// 5.8: whether a mistake may still be corrected (the game is not over).
#[no_mangle]
pub unsafe extern "C" fn xq_conduct_correction_allowed(conduct: *const XqConduct, out: *mut bool) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: the caller's contract.
        let c = &unsafe { borrow(conduct, "conduct") }?.inner;
        // SAFETY: checked out-parameter.
        unsafe { out.set(c.correction_allowed()) };
        Ok(())
    })
}

pub(crate) fn decision_text(d: Option<&Decision>) -> String {
    match d {
        None => "none".into(),
        Some(d) => format!("{} {} {}", d.summary().replace(' ', "-"), d.reason.name(), d.article),
    }
}

/// The result as text, by string rules: `none`, or `WINNER REASON ARTICLE` with WINNER `red-wins`,
/// `black-wins`, `draw` or `double-forfeit` (`black-wins foul-limit 4.1.8`). With a game (may be NULL), the arbiter's verdict after its
/// last move and the log combine: the earlier decides, the board at the same ply (22.5).
#[no_mangle]
pub unsafe extern "C" fn xq_conduct_result(
    conduct: *const XqConduct,
    game: *const XqGame,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let c = &unsafe { borrow(conduct, "conduct") }?.inner;
        let text = if game.is_null() {
            decision_text(c.decision())
        } else {
            // SAFETY: non-NULL, the caller's contract.
            let g = &unsafe { borrow(game, "game") }?.inner;
            decision_text(decide(&g.verdict(), g.len(), c).as_ref())
        };
        // SAFETY: the caller's contract.
        unsafe { write_text(&text, buf, len, needed) }
    })
}

/// 5.1-5.6: the obligation of the side to move after the touches, as text by string rules: "free",
/// `foul NAME`, `play ICCS`, `move-from SQUARE`, `capture-on SQUARE`. `touches` is UTF-8 text of
/// squares separated by spaces, each optionally followed by `~` (accidental), `=` (adjusted with
/// consent), `!` (adjusted without) or `&` (at the same time as the previous touch).
#[no_mangle]
pub unsafe extern "C" fn xq_touch_obligation(
    position: *const XqPosition,
    touches: *const c_char,
    touches_len: usize,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let pos = &unsafe { borrow(position, "position") }?.inner;
        // SAFETY: the caller's contract.
        let spec = unsafe { text(touches, touches_len, "touches") }?;
        let mut list = Vec::new();
        for (i, word) in spec.split_whitespace().enumerate() {
            let (sq, suffix) = word.split_at(word.len().min(2));
            let square: Square =
                sq.parse().map_err(|_| Error::invalid(format!("touches: touch {i} ({word:?}) is not a square")))?;
            let kind = match suffix {
                "" | "&" => TouchKind::Touch,
                "~" => TouchKind::Accidental,
                "=" => TouchKind::Adjust { consent: true },
                "!" => TouchKind::Adjust { consent: false },
                _ => return Err(Error::invalid(format!("touches: touch {i} ({word:?}) has an unknown mark"))),
            };
            list.push(Touch { square, kind, simultaneous: suffix == "&" });
        }
        let text = match touch_obligation(pos, &list).map_err(rejected)? {
            Obligation::Free => "free".to_string(),
            Obligation::FreeWithFoul(f) => format!("foul {}", f.name()),
            Obligation::Play(m) => format!("play {m}"),
            Obligation::MoveFrom(s) => format!("move-from {s}"),
            Obligation::CaptureOn(s) => format!("capture-on {s}"),
        };
        // SAFETY: the caller's contract.
        unsafe { write_text(&text, buf, len, needed) }
    })
}

/// Standings from a results file's text (`round,red,black,result[,red_fouls,black_fouls]`): `games_per_pair`
/// 0 for a Swiss event, 1 or 2 for a round robin; `chain` "15.1", "15.2" or tie-break names joined by commas.
/// With `crosstable` false the text is one line `place:name:points ...` (`=` after a shared place); true, the crosstable. A bad row
/// gives XQ_STATUS_EVENT_REJECTED with a message naming its line and field.
#[no_mangle]
pub unsafe extern "C" fn xq_results_standings(
    csv: *const c_char,
    csv_len: usize,
    games_per_pair: u32,
    chain: *const c_char,
    chain_len: usize,
    crosstable: bool,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let csv = unsafe { text(csv, csv_len, "csv") }?;
        // SAFETY: the caller's contract.
        let spec = unsafe { text(chain, chain_len, "chain") }?;
        let chain = self::chain(spec)?;
        let system = if games_per_pair == 0 { System::Swiss } else { System::RoundRobin { games_per_pair } };
        let rows = parse_results(csv).map_err(rejected)?;
        let event = event_from_results(system, &rows).map_err(rejected)?;
        let text = if crosstable {
            event.crosstable(&chain).map_err(rejected)?
        } else {
            standings_line(&event.standings(&chain).map_err(rejected)?)
        };
        // SAFETY: the caller's contract.
        unsafe { write_text(&text, buf, len, needed) }
    })
}

/// A tie-break chain: "15.1", "15.2" or tie-break names joined by commas.
pub(crate) fn chain(spec: &str) -> Result<Vec<Tiebreak>> {
    match Tiebreak::preset(spec) {
        Some(p) => Ok(p.to_vec()),
        None => spec
            .split(',')
            .map(|t| Tiebreak::from_name(t).ok_or_else(|| Error::invalid(format!("chain: unknown tie-break {t:?}"))))
            .collect(),
    }
}

/// Standings as one line, `place:name:points ...` with `=` after a shared place.
pub(crate) fn standings_line(table: &[xiangqi_core::competition::standings::Standing]) -> String {
    table
        .iter()
        .map(|s| format!("{}{}:{}:{}", s.place.place, if s.place.shared { "=" } else { "" }, s.name, s.points))
        .collect::<Vec<_>>()
        .join(" ")
}
