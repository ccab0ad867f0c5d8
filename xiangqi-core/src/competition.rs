//! The rest of the rule book: clocks and time controls, a game's conduct (fouls, draw offers, claims,
//! touch-move, resignation, forfeits, penalties), scoring and standings, team events, results files.
//!
//! Every part is a pure state machine or function: the caller passes the time of every event, nothing reads
//! a system clock, and a refused event changes nothing. Where the rule texts leave a number or a reading
//! open, it is a parameter without a default; `docs/competition.md` lists every such choice with its
//! article. Articles are those of the general rules (4.1.8, 22.5, ...) and of the event rules (E2, E4, ...).
//!
//! ```
//! use core::time::Duration;
//! use xiangqi_core::competition::conduct::{Conduct, ConductRules, OfferPolicy, ResultReason};
//! use xiangqi_core::competition::time::{CarryOver, Clock, TimeControl};
//! use xiangqi_core::Color;
//!
//! let min = |m: u64| Duration::from_secs(60 * m);
//! let mut clock = Clock::new(TimeControl::g6_1(CarryOver::Cumulative))?;
//! let mut game = Conduct::new(ConductRules::general(OfferPolicy::Strict))?;
//! clock.start(Color::Red, min(0))?;
//! game.make_move(Color::Red)?;
//! // Red thinks for more than ninety minutes over its first move and presses: its flag falls (22.5).
//! let flag = clock.press(Color::Red, min(91))?.expect("flag");
//! game.flag_fall(flag.side, flag.reason)?;
//! assert_eq!(game.decision().unwrap().winner, Some(Color::Black));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod card_draw;
pub mod conduct;
mod rank;
pub mod results_csv;
pub mod scoresheet;
pub mod scoring;
pub mod standings;
pub mod team;
pub mod time;
pub mod touch;

pub use rank::Place;
