//! Time controls (6, E2) and the two-face clock (6, 21, 22) as a pure state machine: the caller passes the
//! time of every event, measured from any origin it likes; nothing here reads a system clock.

use core::time::Duration;

use crate::Color;

/// A period of a move-quota scheme: `moves` moves (of one side) in `minutes` minutes (6.1-6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// The moves each side must complete in the period.
    pub moves: u32,
    /// The minutes each side has for them.
    pub minutes: u32,
}

/// Whether time left over in one period of a move-quota scheme is kept for the next. The texts do not say
/// (6, 21.2 "the time remaining" suggests it is kept), so the choice is the event's and has no default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CarryOver {
    /// Deadlines are cumulative: in 6.1, 40 moves by 90 minutes used, 50 by 105, 60 by 120, ...
    Cumulative,
    /// Each period has only its own minutes, counted from the moment the previous one was completed.
    Reset,
}

/// The repeated period of 6.3, which the two texts give differently: 5 minutes for 30 moves in the
/// traditional text, for 50 moves in the simplified one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RapidRepeat {
    /// 30 moves in every 5 minutes (traditional text).
    Thirty,
    /// 50 moves in every 5 minutes (simplified text).
    Fifty,
}

/// How a game is timed.
///
/// ```
/// use xiangqi_core::competition::time::{CarryOver, TimeControl};
/// use core::time::Duration;
///
/// let tc = TimeControl::g6_1(CarryOver::Cumulative);
/// assert_eq!(tc.deadline(40), Some(Duration::from_secs(90 * 60)));
/// assert_eq!(tc.deadline(41), Some(Duration::from_secs(105 * 60)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// E2: no move may take more than `max_secs` seconds (the number is missing from the text).
    PerMove {
        /// Seconds allowed for each move.
        max_secs: u32,
    },
    /// 6.1-6.4: a first period (none in 6.4), then `then` repeated to the end of the game.
    MoveQuota {
        /// The first period, if it differs from the repeated one.
        first: Option<Period>,
        /// The period repeated to the end.
        then: Period,
        /// Whether unused time is kept.
        carry_over: CarryOver,
    },
    /// 6.5 (包干): every move in `minutes` minutes; the text gives no amount.
    Guillotine {
        /// Minutes for the whole game, each side.
        minutes: u32,
    },
}

impl TimeControl {
    /// 6.1: 40 moves in 90 minutes, then 10 moves in every 15 minutes.
    pub fn g6_1(carry_over: CarryOver) -> TimeControl {
        TimeControl::quota(Some((40, 90)), (10, 15), carry_over)
    }

    /// 6.2: 30 moves in 60 minutes, then 10 moves in every 10 minutes.
    pub fn g6_2(carry_over: CarryOver) -> TimeControl {
        TimeControl::quota(Some((30, 60)), (10, 10), carry_over)
    }

    /// 6.3 (rapid): 40 moves in 10 minutes, then 30 or 50 moves in every 5 minutes.
    pub fn g6_3(repeat: RapidRepeat, carry_over: CarryOver) -> TimeControl {
        let moves = match repeat {
            RapidRepeat::Thirty => 30,
            RapidRepeat::Fifty => 50,
        };
        TimeControl::quota(Some((40, 10)), (moves, 5), carry_over)
    }

    /// 6.4 (rapid): 30 moves in every 5 minutes from the start.
    pub fn g6_4(carry_over: CarryOver) -> TimeControl {
        TimeControl::quota(None, (30, 5), carry_over)
    }

    fn quota(first: Option<(u32, u32)>, then: (u32, u32), carry_over: CarryOver) -> TimeControl {
        let period = |(moves, minutes)| Period { moves, minutes };
        TimeControl::MoveQuota { first: first.map(period), then: period(then), carry_over }
    }

    /// Checks that every number is usable (no empty period, no zero time).
    pub fn validate(&self) -> Result<(), ClockError> {
        let bad = |field: &'static str| Err(ClockError::InvalidControl { field });
        match *self {
            TimeControl::PerMove { max_secs: 0 } => bad("max_secs"),
            TimeControl::Guillotine { minutes: 0 } => bad("minutes"),
            TimeControl::MoveQuota { first, then, .. } => {
                if first.is_some_and(|p| p.moves == 0) {
                    bad("first.moves")
                } else if first.is_some_and(|p| p.minutes == 0) {
                    bad("first.minutes")
                } else if then.moves == 0 {
                    bad("then.moves")
                } else if then.minutes == 0 {
                    bad("then.minutes")
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    }

    /// The period (0 = the first) in which a side's `move_number`-th move (1-based) falls, for a move quota.
    fn period_of(&self, move_number: u32) -> u32 {
        match *self {
            TimeControl::MoveQuota { first: Some(f), then, .. } if move_number > f.moves => {
                1 + (move_number - f.moves - 1) / then.moves
            }
            TimeControl::MoveQuota { first: None, then, .. } => (move_number.max(1) - 1) / then.moves,
            _ => 0,
        }
    }

    fn period_minutes(&self, period: u32) -> u32 {
        match *self {
            TimeControl::MoveQuota { first: Some(f), .. } if period == 0 => f.minutes,
            TimeControl::MoveQuota { then, .. } => then.minutes,
            TimeControl::Guillotine { minutes } => minutes,
            TimeControl::PerMove { .. } => 0,
        }
    }

    /// Under cumulative carry-over or a guillotine, the total time a side may have used when it completes its
    /// `move_number`-th move (1-based). `None` for a per-move limit and for [`CarryOver::Reset`], whose
    /// deadlines depend on when the previous period was completed (see [`Clock::deadline`]).
    pub fn deadline(&self, move_number: u32) -> Option<Duration> {
        match *self {
            TimeControl::Guillotine { minutes } => Some(minutes_to(minutes)),
            TimeControl::MoveQuota { carry_over: CarryOver::Cumulative, .. } => {
                let period = self.period_of(move_number);
                let total: u64 = (0..=period).map(|p| u64::from(self.period_minutes(p))).sum();
                Some(Duration::from_secs(total * 60))
            }
            _ => None,
        }
    }

    /// E2: whether a move that took `elapsed` breaks a per-move limit (always `false` for other schemes).
    pub fn per_move_exceeded(&self, elapsed: Duration) -> bool {
        matches!(*self, TimeControl::PerMove { max_secs } if elapsed > Duration::from_secs(u64::from(max_secs)))
    }
}

fn minutes_to(minutes: u32) -> Duration {
    Duration::from_secs(u64::from(minutes) * 60)
}

/// Why a flag fell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlagReason {
    /// The side did not complete the moves of its period in time (4.1.4, 22.1-22.3).
    Overtime,
    /// The side completed its last move of the period in time but pressed the clock too late (22.5).
    LatePress,
    /// One move took longer than the per-move limit (E2).
    PerMoveLimit,
}

impl FlagReason {
    /// The article that makes it a loss.
    pub fn article(self) -> &'static str {
        match self {
            FlagReason::Overtime => "4.1.4, 22.1",
            FlagReason::LatePress => "22.5",
            FlagReason::PerMoveLimit => "E2",
        }
    }
}

/// A fallen flag: who, when (the caller's time of the event that found it) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FlagFall {
    /// The side whose time ran out.
    pub side: Color,
    /// The time of the event at which it was found.
    pub at: Duration,
    /// Why.
    pub reason: FlagReason,
}

/// An event a clock refuses. The clock is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// A number of the time control cannot be used.
    #[error("time control: {field} must be more than 0")]
    InvalidControl {
        /// The field.
        field: &'static str,
    },
    /// The lateness limit is the first deadline, and the time control has none (a per-move limit).
    #[error("lateness limit: a per-move time control has no first deadline; the limit must be fixed")]
    NoFirstDeadline,
    /// The event's time is before the previous event's.
    #[error("{event} at {at:?}: time went backwards (the previous event was at {previous:?})")]
    TimeWentBack {
        /// The event.
        event: &'static str,
        /// Its time.
        at: Duration,
        /// The previous event's time.
        previous: Duration,
    },
    /// A press by the side whose clock is not running (6: a player presses only after their own move).
    #[error("press by {side} at {at:?}: {side} is not on move")]
    NotOnMove {
        /// The side that pressed.
        side: Color,
        /// When.
        at: Duration,
    },
    /// The clock has not been started, or is stopped.
    #[error("{event} at {at:?}: the clock is not running")]
    NotRunning {
        /// The event.
        event: &'static str,
        /// When.
        at: Duration,
    },
    /// The clock has already been started, or is running.
    #[error("{event} at {at:?}: the clock is already running")]
    AlreadyRunning {
        /// The event.
        event: &'static str,
        /// When.
        at: Duration,
    },
    /// A flag has fallen: the clock takes no more presses.
    #[error("{event} at {at:?}: {side}'s flag has already fallen")]
    FlagFallen {
        /// The event.
        event: &'static str,
        /// When.
        at: Duration,
        /// Whose flag.
        side: Color,
    },
    /// A correction would take a side's used time below zero.
    #[error("adjust {side} by -{by:?}: more than the {used:?} used")]
    AdjustBelowZero {
        /// The side.
        side: Color,
        /// The amount taken off.
        by: Duration,
        /// The side's used time.
        used: Duration,
    },
}

/// The two-face clock of 6: each side's thinking time accumulates while its face runs; a press ends a move.
///
/// A flag fall is found either by a press (the check is made at the press, 22.5) or by [`Clock::check`],
/// and is reported exactly once. After it the clock takes no more presses.
///
/// ```
/// use xiangqi_core::competition::time::{CarryOver, Clock, TimeControl};
/// use xiangqi_core::Color;
/// use core::time::Duration;
///
/// let secs = Duration::from_secs;
/// let mut clock = Clock::new(TimeControl::g6_4(CarryOver::Cumulative))?;
/// clock.start(Color::Red, secs(0))?;
/// assert_eq!(clock.press(Color::Red, secs(12))?, None);
/// assert_eq!(clock.used(Color::Red, secs(20)), secs(12));
/// assert_eq!(clock.used(Color::Black, secs(20)), secs(8));
/// // Black thinks for five minutes and more over its first move: its flag falls.
/// let flag = clock.check(secs(12 + 301)).expect("flag");
/// assert_eq!(flag.side, Color::Black);
/// assert_eq!(clock.check(secs(400)), None); // reported once
/// # Ok::<(), xiangqi_core::competition::time::ClockError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    used: [Duration; 2],
    moves: [u32; 2],
    /// Under [`CarryOver::Reset`]: the used time at which each side's current period began.
    period_base: [Duration; 2],
    /// The period each side's `period_base` belongs to.
    period: [u32; 2],
    /// Each side's used time when its current (or, for the side not on move, last) move began: a per-move
    /// limit (E2) counts the face's running time from there, the clock's stops left out.
    move_start: [Duration; 2],
    /// The side whose face runs, or that will run when the clock is resumed.
    on_move: Option<Color>,
    running_since: Option<Duration>,
    last_event: Duration,
    flag: Option<FlagFall>,
}

impl Clock {
    /// A clock for `control`, not started.
    pub fn new(control: TimeControl) -> Result<Clock, ClockError> {
        control.validate()?;
        Ok(Clock {
            control,
            used: [Duration::ZERO; 2],
            moves: [0; 2],
            period_base: [Duration::ZERO; 2],
            period: [0; 2],
            move_start: [Duration::ZERO; 2],
            on_move: None,
            running_since: None,
            last_event: Duration::ZERO,
            flag: None,
        })
    }

    /// The time control.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// The side on move (whose face runs, or will when resumed), `None` before the start.
    pub fn on_move(&self) -> Option<Color> {
        self.on_move
    }

    /// Whether a face is running.
    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    /// The moves each side has completed (clock presses).
    pub fn moves(&self, side: Color) -> u32 {
        self.moves[side.index()]
    }

    /// The flag that has fallen, if any.
    pub fn flag(&self) -> Option<FlagFall> {
        self.flag
    }

    fn advance(&self, event: &'static str, now: Duration) -> Result<(), ClockError> {
        if now < self.last_event {
            return Err(ClockError::TimeWentBack { event, at: now, previous: self.last_event });
        }
        if let Some(flag) = self.flag {
            return Err(ClockError::FlagFallen { event, at: now, side: flag.side });
        }
        Ok(())
    }

    /// Starts the game: `first`'s face runs from `now` (21.1: a late player's clock runs all the same).
    pub fn start(&mut self, first: Color, now: Duration) -> Result<(), ClockError> {
        self.advance("start", now)?;
        if self.on_move.is_some() {
            return Err(ClockError::AlreadyRunning { event: "start", at: now });
        }
        self.on_move = Some(first);
        self.move_start[first.index()] = self.used[first.index()];
        self.running_since = Some(now);
        self.last_event = now;
        Ok(())
    }

    /// The time `side` has used by `now` (its running face included). Times before the last event count
    /// as the last event.
    pub fn used(&self, side: Color, now: Duration) -> Duration {
        let mut used = self.used[side.index()];
        if let (Some(on), Some(since)) = (self.on_move, self.running_since) {
            if on == side {
                used += now.max(self.last_event).saturating_sub(since);
            }
        }
        used
    }

    /// The time `side` has used, without the running face (what is recorded at the last event).
    pub fn recorded_used(&self, side: Color) -> Duration {
        self.used[side.index()]
    }

    /// The deadline of `side`'s next move: the used time it must not pass before pressing.
    /// For a per-move limit (E2), the used time at the start of the move plus the limit, so that the move's
    /// time is what the face ran since the move began: stopping and restarting the clock does not move it.
    ///
    /// ```
    /// use xiangqi_core::competition::time::{Clock, FlagReason, TimeControl};
    /// use xiangqi_core::Color;
    /// use core::time::Duration;
    ///
    /// let secs = Duration::from_secs;
    /// let mut clock = Clock::new(TimeControl::PerMove { max_secs: 30 })?;
    /// clock.start(Color::Red, secs(0))?;
    /// clock.stop(secs(25))?; // the arbiter stops the clock 25 s into red's move
    /// clock.resume(secs(60))?;
    /// assert_eq!(clock.deadline(Color::Red), secs(30));
    /// // 25 s before the stop and 30 s after it: 55 s over one move.
    /// let flag = clock.press(Color::Red, secs(90))?.expect("flag");
    /// assert_eq!(flag.reason, FlagReason::PerMoveLimit);
    /// # Ok::<(), xiangqi_core::competition::time::ClockError>(())
    /// ```
    pub fn deadline(&self, side: Color) -> Duration {
        let i = side.index();
        let next = self.moves[i] + 1;
        match self.control {
            TimeControl::PerMove { max_secs } => self.move_start[i] + Duration::from_secs(u64::from(max_secs)),
            TimeControl::MoveQuota { carry_over: CarryOver::Reset, .. } => {
                let period = self.control.period_of(next);
                debug_assert_eq!(period, self.period[i]);
                self.period_base[i] + minutes_to(self.control.period_minutes(period))
            }
            _ => self.control.deadline(next).unwrap_or(Duration::MAX),
        }
    }

    /// The time `side` has left for its next move or period at `now` (zero once it has run out).
    pub fn remaining(&self, side: Color, now: Duration) -> Duration {
        self.deadline(side).saturating_sub(self.used(side, now))
    }

    /// `side` presses after its move at `now`. The flag is judged at the press (22.5): a move completed in
    /// time but pressed late loses all the same. A press that finds the flag down returns it (once).
    pub fn press(&mut self, side: Color, now: Duration) -> Result<Option<FlagFall>, ClockError> {
        self.advance("press", now)?;
        match (self.on_move, self.running_since) {
            (Some(on), Some(_)) if on == side => {}
            (Some(_), Some(_)) => return Err(ClockError::NotOnMove { side, at: now }),
            _ => return Err(ClockError::NotRunning { event: "press", at: now }),
        }
        let i = side.index();
        let deadline = self.deadline(side);
        let used = self.used(side, now);
        self.last_event = now;
        self.used[i] = used;
        if used > deadline {
            let reason = match self.control {
                TimeControl::PerMove { .. } => FlagReason::PerMoveLimit,
                _ if self.ends_period(self.moves[i] + 1) => FlagReason::LatePress,
                _ => FlagReason::Overtime,
            };
            let flag = FlagFall { side, at: now, reason };
            self.flag = Some(flag);
            self.running_since = None;
            return Ok(Some(flag));
        }
        self.moves[i] += 1;
        let next_period = self.control.period_of(self.moves[i] + 1);
        if next_period != self.period[i] {
            self.period[i] = next_period;
            self.period_base[i] = used;
        }
        self.on_move = Some(!side);
        self.move_start[(!side).index()] = self.used[(!side).index()];
        self.running_since = Some(now);
        Ok(None)
    }

    fn ends_period(&self, move_number: u32) -> bool {
        matches!(self.control, TimeControl::MoveQuota { .. })
            && self.control.period_of(move_number) != self.control.period_of(move_number + 1)
    }

    /// Looks at the running face at `now`: if the side on move has passed its deadline, the flag falls and
    /// is returned. `None` when no flag falls now, or when it fell earlier (it is reported once).
    /// A time before the last event is taken as the last event.
    pub fn check(&mut self, now: Duration) -> Option<FlagFall> {
        if self.flag.is_some() {
            return None;
        }
        let (Some(side), Some(_)) = (self.on_move, self.running_since) else { return None };
        let now = now.max(self.last_event);
        if self.used(side, now) > self.deadline(side) {
            let reason = match self.control {
                TimeControl::PerMove { .. } => FlagReason::PerMoveLimit,
                _ => FlagReason::Overtime,
            };
            let flag = FlagFall { side, at: now, reason };
            self.used[side.index()] = self.used(side, now);
            self.last_event = now;
            self.running_since = None;
            self.flag = Some(flag);
            return Some(flag);
        }
        None
    }

    /// Stops the running face (the arbiter's stop: 23.3 claims, 22.4 faults).
    pub fn stop(&mut self, now: Duration) -> Result<(), ClockError> {
        self.advance("stop", now)?;
        let (Some(side), Some(_)) = (self.on_move, self.running_since) else {
            return Err(ClockError::NotRunning { event: "stop", at: now });
        };
        self.used[side.index()] = self.used(side, now);
        self.running_since = None;
        self.last_event = now;
        Ok(())
    }

    /// Restarts the face of the side on move after a stop.
    pub fn resume(&mut self, now: Duration) -> Result<(), ClockError> {
        self.advance("resume", now)?;
        if self.on_move.is_none() {
            return Err(ClockError::NotRunning { event: "resume", at: now });
        }
        if self.running_since.is_some() {
            return Err(ClockError::AlreadyRunning { event: "resume", at: now });
        }
        self.running_since = Some(now);
        self.last_event = now;
        Ok(())
    }

    /// Charges `time` to `side` as used time: the five minutes of a false natural-limit claim (23.3), or
    /// lateness when both sides were late (21.3). The flag is then judged by the next press or check.
    ///
    /// Under a per-move limit (E2) the charge goes on the side's total time only: the limit counts the time
    /// taken over each move, and the texts never apply these charges to it (23.3's five minutes and 21.3's
    /// lateness belong to the general rules, whose clocks have no per-move limit; E2's event rules have no
    /// such charge).
    ///
    /// ```
    /// use xiangqi_core::competition::time::{Clock, TimeControl};
    /// use xiangqi_core::Color;
    /// use core::time::Duration;
    ///
    /// let secs = Duration::from_secs;
    /// let mut clock = Clock::new(TimeControl::PerMove { max_secs: 30 })?;
    /// clock.start(Color::Red, secs(0))?;
    /// clock.stop(secs(10))?;
    /// clock.add_used(Color::Red, secs(300))?; // a false claim (23.3)
    /// clock.resume(secs(20))?;
    /// assert_eq!(clock.used(Color::Red, secs(20)), secs(310));
    /// assert_eq!(clock.remaining(Color::Red, secs(20)), secs(20)); // 10 s of the move used
    /// # Ok::<(), xiangqi_core::competition::time::ClockError>(())
    /// ```
    pub fn add_used(&mut self, side: Color, time: Duration) -> Result<(), ClockError> {
        if let Some(flag) = self.flag {
            return Err(ClockError::FlagFallen { event: "add time", at: self.last_event, side: flag.side });
        }
        self.used[side.index()] += time;
        self.move_start[side.index()] += time;
        Ok(())
    }

    /// An agreed correction of a faulty clock (22.4): `side`'s used time is set to `used`. The correction
    /// is the reading of the move in progress too: under a per-move limit (E2) the time `used` adds (or takes
    /// off) counts in the current move's time, which cannot go below zero.
    pub fn set_used(&mut self, side: Color, used: Duration) -> Result<(), ClockError> {
        if let Some(flag) = self.flag {
            return Err(ClockError::FlagFallen { event: "adjust", at: self.last_event, side: flag.side });
        }
        if self.running_since.is_some() {
            return Err(ClockError::AlreadyRunning { event: "adjust", at: self.last_event });
        }
        let i = side.index();
        self.used[i] = used;
        self.move_start[i] = self.move_start[i].min(used);
        Ok(())
    }
}

/// The limit after which a late player loses (4.1.5, 21). The texts give no number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LatenessLimit {
    /// A limit set by the event (4.1.5), counted from the scheduled start.
    Fixed(Duration),
    /// The late player's running clock is the limit: the first deadline of the time control (21.1-21.2),
    /// counted on the late player's own clock, which runs from its turn to move (21.1).
    FirstDeadline,
}

/// What lateness means for a game (21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LatenessRuling {
    /// The game is played; each side is charged the given time before the clock starts (21.3; zero unless
    /// both sides were late, since a single late side's clock simply runs, 21.1).
    Play {
        /// The time charged to red and black.
        charge: [Duration; 2],
    },
    /// One side exceeded the limit and loses (4.1.5, 21.1, 21.3).
    Forfeit {
        /// The side that loses.
        loser: Color,
    },
    /// Both exceeded it: both are forfeited (21.3).
    DoubleForfeit,
}

/// Judges lateness: `arrivals` are each side's arrival at the board measured from the scheduled start
/// (`None`: never came); `red_first_press` is when red, present, pressed the clock after its first move,
/// from the scheduled start too (`None`: not yet).
///
/// With [`LatenessLimit::Fixed`] a side loses when it arrives after the event's limit (4.1.5). With
/// [`LatenessLimit::FirstDeadline`] the limit is `control`'s first deadline on the late player's own
/// clock, which is started when it is that player's turn to move (21.1): red's at the scheduled start,
/// black's at red's first press, so black's lateness before that press does not count. A per-move control
/// has no first deadline: the limit must then be fixed. When both sides are late, each one's lateness is
/// charged to its own clock (21.3) and is what the limit is measured against.
///
/// ```
/// use xiangqi_core::competition::time::{judge_lateness, CarryOver, LatenessLimit, LatenessRuling, TimeControl};
/// use xiangqi_core::Color;
/// use core::time::Duration;
///
/// let min = |m: u64| Duration::from_secs(60 * m);
/// let tc = TimeControl::g6_2(CarryOver::Cumulative);
/// let limit = LatenessLimit::Fixed(min(15));
/// assert_eq!(judge_lateness(&tc, limit, [Some(min(0)), Some(min(16))], None)?,
///            LatenessRuling::Forfeit { loser: Color::Black });
/// assert_eq!(judge_lateness(&tc, limit, [Some(min(5)), Some(min(3))], None)?,
///            LatenessRuling::Play { charge: [min(5), min(3)] });
///
/// // 6.1: red, on time, presses after ten minutes; black arrives 95 minutes after the start, with 85 of
/// // the 90 minutes of its first period used, and plays on (21.1).
/// let tc = TimeControl::g6_1(CarryOver::Cumulative);
/// let own_clock = LatenessLimit::FirstDeadline;
/// assert_eq!(judge_lateness(&tc, own_clock, [Some(min(0)), Some(min(95))], Some(min(10)))?,
///            LatenessRuling::Play { charge: [min(0), min(0)] });
/// assert_eq!(judge_lateness(&tc, own_clock, [Some(min(0)), Some(min(101))], Some(min(10)))?,
///            LatenessRuling::Forfeit { loser: Color::Black });
/// # Ok::<(), xiangqi_core::competition::time::ClockError>(())
/// ```
pub fn judge_lateness(
    control: &TimeControl,
    limit: LatenessLimit,
    arrivals: [Option<Duration>; 2],
    red_first_press: Option<Duration>,
) -> Result<LatenessRuling, ClockError> {
    let own_clock = limit == LatenessLimit::FirstDeadline;
    let limit = match limit {
        LatenessLimit::Fixed(limit) => limit,
        LatenessLimit::FirstDeadline => match *control {
            TimeControl::PerMove { .. } => return Err(ClockError::NoFirstDeadline),
            TimeControl::MoveQuota { first, then, .. } => minutes_to(first.unwrap_or(then).minutes),
            TimeControl::Guillotine { minutes } => minutes_to(minutes),
        },
    };
    let both_late = arrivals.iter().all(|a| a.is_none_or(|at| at > Duration::ZERO));
    // When the lateness measured against the limit began: the scheduled start, except that a side late
    // alone is judged on its own clock, which starts at its turn to move (black's when red first presses).
    let counted_from = if own_clock && !both_late {
        [Duration::ZERO, red_first_press.unwrap_or(Duration::MAX)]
    } else {
        [Duration::ZERO; 2]
    };
    let over = [0, 1].map(|i| arrivals[i].is_none_or(|at| at.saturating_sub(counted_from[i]) > limit));
    Ok(match over {
        [true, true] => LatenessRuling::DoubleForfeit,
        [true, false] => LatenessRuling::Forfeit { loser: Color::Red },
        [false, true] => LatenessRuling::Forfeit { loser: Color::Black },
        [false, false] if both_late => LatenessRuling::Play { charge: arrivals.map(Option::unwrap_or_default) },
        [false, false] => LatenessRuling::Play { charge: [Duration::ZERO; 2] },
    })
}
