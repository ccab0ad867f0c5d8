//! Properties of the competition module: standings do not depend on the order results are entered; a
//! clock never reports time it was not given; a flag fall is reported exactly once; a per-move limit counts
//! the time the face ran during the move, whatever stops came between; an entrant that withdrew wins nothing
//! afterwards, and one whose results were cancelled has no place in the standings.

use std::time::Duration;

use proptest::prelude::*;
use xiangqi_core::competition::scoring::GameResult;
use xiangqi_core::competition::standings::{Event, EventGame, System, Tiebreak};
use xiangqi_core::competition::time::{CarryOver, Clock, Period, TimeControl};
use xiangqi_core::Color;

fn any_result() -> impl Strategy<Value = GameResult> {
    prop_oneof![
        Just(GameResult::RedWins),
        Just(GameResult::BlackWins),
        Just(GameResult::Draw),
        Just(GameResult::Forfeit { winner: Color::Red }),
        Just(GameResult::Forfeit { winner: Color::Black }),
        Just(GameResult::DoubleForfeit),
    ]
}

/// A Swiss-like event: 2-8 entrants, up to 24 games between random pairs.
fn any_games() -> impl Strategy<Value = (usize, Vec<EventGame>)> {
    (2usize..=8).prop_flat_map(|n| {
        let game = (0..n, 1..n, any_result(), 1u32..10).prop_map(move |(red, offset, result, round)| EventGame {
            round,
            red,
            black: (red + offset) % n,
            result,
        });
        (Just(n), proptest::collection::vec(game, 0..24))
    })
}

fn any_control() -> impl Strategy<Value = TimeControl> {
    let carry = prop_oneof![Just(CarryOver::Cumulative), Just(CarryOver::Reset)];
    prop_oneof![
        (1u32..5).prop_map(|max_secs| TimeControl::PerMove { max_secs }),
        (1u32..5).prop_map(|minutes| TimeControl::Guillotine { minutes }),
        (proptest::option::of((1u32..4, 1u32..4)), 1u32..4, 1u32..4, carry).prop_map(
            |(first, moves, minutes, carry_over)| {
                TimeControl::MoveQuota {
                    first: first.map(|(moves, minutes)| Period { moves, minutes }),
                    then: Period { moves, minutes },
                    carry_over,
                }
            }
        ),
    ]
}

#[derive(Clone, Debug)]
enum ClockStep {
    Press(bool, u64),
    Check(u64),
    Stop(u64),
    Resume(u64),
}

fn any_steps() -> impl Strategy<Value = Vec<ClockStep>> {
    let step = prop_oneof![
        4 => (any::<bool>(), 0u64..200_000).prop_map(|(b, dt)| ClockStep::Press(b, dt)),
        2 => (0u64..200_000).prop_map(ClockStep::Check),
        1 => (0u64..50_000).prop_map(ClockStep::Stop),
        1 => (0u64..50_000).prop_map(ClockStep::Resume),
    ];
    proptest::collection::vec(step, 0..80)
}

/// A round robin of 3-8 entrants: for every pair, whether it has played and the result; then the order in
/// which entrants withdraw (a prefix of a shuffle of all of them).
fn any_round_robin_with_withdrawals() -> impl Strategy<Value = (usize, Vec<Option<GameResult>>, Vec<usize>)> {
    (3usize..=8).prop_flat_map(|n| {
        let pairs = n * (n - 1) / 2;
        let order = Just((0..n).collect::<Vec<usize>>()).prop_shuffle();
        (Just(n), proptest::collection::vec(proptest::option::of(any_result()), pairs), order, 0..=n)
            .prop_map(|(n, results, order, withdrawing)| (n, results, order[..withdrawing].to_vec()))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn standings_do_not_depend_on_entry_order((n, games) in any_games(), seed in any::<u64>()) {
        let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
        let mut forward = Event::new(System::Swiss, names.clone()).unwrap();
        forward.add_games(&games).unwrap();
        let mut shuffled_games = games.clone();
        // A deterministic shuffle from the seed.
        let mut state = seed | 1;
        for i in (1..shuffled_games.len()).rev() {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17;
            shuffled_games.swap(i, (state % (i as u64 + 1)) as usize);
        }
        let mut shuffled = Event::new(System::Swiss, names).unwrap();
        for g in &shuffled_games {
            shuffled.add_games(std::slice::from_ref(g)).unwrap();
        }
        for chain in [Tiebreak::G15_1, Tiebreak::G15_2] {
            prop_assert_eq!(forward.standings(chain).unwrap(), shuffled.standings(chain).unwrap());
            prop_assert_eq!(forward.crosstable(chain).unwrap(), shuffled.crosstable(chain).unwrap());
        }
    }

    #[test]
    fn a_clock_reports_only_time_given_and_one_flag(control in any_control(), steps in any_steps()) {
        let mut clock = Clock::new(control).unwrap();
        let mut now = 0u64;
        clock.start(Color::Red, Duration::ZERO).unwrap();
        let mut flags = 0;
        // Time during which some face ran: the most the two sides can have used together.
        let mut running_time = 0u64;
        let mut running = true;
        for step in steps {
            let before = now;
            let outcome = match step {
                ClockStep::Press(red, dt) => {
                    now += dt;
                    let side = if red { Color::Red } else { Color::Black };
                    clock.press(side, Duration::from_millis(now)).map(|f| f.is_some())
                }
                ClockStep::Check(dt) => {
                    now += dt;
                    Ok(clock.check(Duration::from_millis(now)).is_some())
                }
                ClockStep::Stop(dt) => {
                    now += dt;
                    clock.stop(Duration::from_millis(now)).map(|_| false)
                }
                ClockStep::Resume(dt) => {
                    now += dt;
                    clock.resume(Duration::from_millis(now)).map(|_| false)
                }
            };
            match outcome {
                Ok(flag) => {
                    if running { running_time += now - before; }
                    if flag { flags += 1; }
                }
                Err(_) => {
                    // A refused event changes nothing: its time was not taken by the clock.
                    now = before;
                }
            }
            running = clock.is_running();
            let t = Duration::from_millis(now);
            let used = clock.used(Color::Red, t) + clock.used(Color::Black, t);
            prop_assert!(used <= Duration::from_millis(running_time), "{used:?} > {running_time}");
            prop_assert!(clock.remaining(Color::Red, t) <= clock.deadline(Color::Red));
            prop_assert!(flags <= 1);
        }
        // However long one waits afterwards, a flag is reported at most once in all.
        flags += usize::from(clock.check(Duration::from_millis(now + 10_000_000)).is_some());
        flags += usize::from(clock.check(Duration::from_millis(now + 20_000_000)).is_some());
        prop_assert!(flags <= 1);
        prop_assert_eq!(flags == 1, clock.flag().is_some());
    }

    /// E2: a move's time is the time its face ran since the move began; stopping and restarting the
    /// clock neither adds to it nor starts it again.
    #[test]
    fn a_per_move_limit_counts_the_running_time_of_the_move(max_secs in 1u32..5, steps in any_steps()) {
        let limit = u64::from(max_secs) * 1000;
        let mut clock = Clock::new(TimeControl::PerMove { max_secs }).unwrap();
        clock.start(Color::Red, Duration::ZERO).unwrap();
        let (mut now, mut move_time, mut running, mut on_move_red) = (0u64, 0u64, true, true);
        for step in steps {
            let dt = match step {
                ClockStep::Press(_, dt) | ClockStep::Check(dt) | ClockStep::Stop(dt) | ClockStep::Resume(dt) => dt,
            };
            now += dt;
            if running {
                move_time += dt;
            }
            let t = Duration::from_millis(now);
            let flag = match step {
                ClockStep::Press(red, _) => {
                    let side = if red { Color::Red } else { Color::Black };
                    match clock.press(side, t) {
                        Ok(flag) => {
                            prop_assert!(running && red == on_move_red);
                            on_move_red = !on_move_red;
                            prop_assert_eq!(flag.is_some(), move_time > limit, "a move of {} ms", move_time);
                            move_time = 0;
                            flag.is_some()
                        }
                        Err(_) => {
                            prop_assert!(!running || red != on_move_red);
                            false
                        }
                    }
                }
                ClockStep::Check(_) => {
                    let flag = clock.check(t);
                    prop_assert_eq!(flag.is_some(), running && move_time > limit, "{} ms into the move", move_time);
                    flag.is_some()
                }
                ClockStep::Stop(_) => {
                    prop_assert_eq!(clock.stop(t).is_ok(), running);
                    running = false;
                    false
                }
                ClockStep::Resume(_) => {
                    prop_assert_eq!(clock.resume(t).is_ok(), !running);
                    running = true;
                    false
                }
            };
            if flag {
                break;
            }
            let remaining = Duration::from_millis(limit.saturating_sub(move_time));
            let side = if on_move_red { Color::Red } else { Color::Black };
            prop_assert_eq!(clock.remaining(side, t), remaining);
        }
    }

    /// 20.3: a withdrawn entrant gains no point afterwards (forfeits are won by the opponents still in the
    /// event); an entrant whose results were cancelled is not in the standings, and does not count among
    /// the opponents of a later withdrawal.
    #[test]
    fn a_withdrawn_entrant_wins_nothing_afterwards((n, results, withdrawing) in any_round_robin_with_withdrawals()) {
        use xiangqi_core::competition::standings::Withdrawal;
        let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
        let mut event = Event::new(System::RoundRobin { games_per_pair: 1 }, names.clone()).unwrap();
        let pairs = (0..n).flat_map(|red| (red + 1..n).map(move |black| (red, black)));
        for ((red, black), result) in pairs.zip(&results) {
            if let Some(result) = *result {
                event.add_game(1, &names[red], &names[black], result).unwrap();
            }
        }
        let mut cancelled = Vec::new();
        let mut withdrawn: Vec<(usize, u32)> = Vec::new();
        for &e in &withdrawing {
            // The opponents still in the event, and how many of them e has a result against.
            let opponents: Vec<usize> = (0..n).filter(|&o| o != e && !cancelled.contains(&o)).collect();
            let met = opponents
                .iter()
                .filter(|&&o| event.games().iter().any(|g| (g.red, g.black) == (e, o) || (g.red, g.black) == (o, e)))
                .count();
            let outcome = event.withdraw(&names[e]).unwrap();
            if 2 * met < opponents.len() {
                prop_assert!(matches!(outcome, Withdrawal::Voided(_)), "{} met {} of {:?}", e, met, opponents);
                cancelled.push(e);
            } else {
                prop_assert!(matches!(outcome, Withdrawal::Forfeited(_)), "{} met {} of {:?}", e, met, opponents);
            }
            let points = event.points();
            for &(w, before) in &withdrawn {
                prop_assert!(points[w].0 <= before, "{} gained after withdrawing", w);
            }
            withdrawn.push((e, points[e].0));
        }
        let table = event.standings(&[Tiebreak::Points]).unwrap();
        let listed: Vec<usize> = table.iter().map(|s| s.entrant).collect();
        for e in 0..n {
            prop_assert_eq!(listed.contains(&e), !cancelled.contains(&e), "entrant {}", e);
        }
        for (place, line) in table.iter().enumerate() {
            prop_assert!(line.place.place <= place + 1);
        }
    }
}
