//! The competition case file (tests/data/competition/cases.txt), judged through the Rust API. The C and
//! Python tests read the same file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use xiangqi_core::competition::card_draw::{shuffled_deck, Card, CardKnockout};
use xiangqi_core::competition::conduct::{
    decide, natural_limit_count, Authority, ClaimOutcome, Conduct, ConductRules, Decision, Foul, OfferOutcome,
    OfferPolicy, Penalty,
};
use xiangqi_core::competition::results_csv::{event_from_results, parse_results};
use xiangqi_core::competition::scoresheet::{Scoresheet, Signer};
use xiangqi_core::competition::scoring::{
    match_points, team_forfeit_match_points, BestOf, DrawsInMatch, GameResult, HalfPoints, MatchState, Score,
};
use xiangqi_core::competition::standings::{Event, Standing, System, Tiebreak};
use xiangqi_core::competition::team::{
    all_play_all, board_colour, check_board_order, is_valid_lineup, members_total_standings, second_game_colour,
    valid_lineups, TeamError, TeamEvent, TeamMatch, TeamTiebreak,
};
use xiangqi_core::competition::time::{
    judge_lateness, CarryOver, Clock, FlagReason, LatenessLimit, LatenessRuling, Period, RapidRepeat, TimeControl,
};
use xiangqi_core::competition::touch::{touch_obligation, Obligation, Touch, TouchKind};
use xiangqi_core::{Color, Game, Position, Square};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/competition")
}

#[derive(Default)]
struct State {
    clock: Option<Clock>,
    control: Option<TimeControl>,
    conduct: Option<Conduct>,
    game: Option<Game>,
    position: Option<Position>,
    event: Option<Event>,
    team_event: TeamEvent,
    knockout: Option<CardKnockout>,
    sheet: Option<Scoresheet>,
}

type Answer = Result<String, String>;

fn side(s: &str) -> Result<Color, String> {
    match s {
        "red" => Ok(Color::Red),
        "black" => Ok(Color::Black),
        _ => Err(format!("bad side {s:?}")),
    }
}

fn num<T: std::str::FromStr>(s: &str) -> Result<T, String> {
    s.parse().map_err(|_| format!("bad number {s:?}"))
}

fn ms(s: &str) -> Result<Duration, String> {
    Ok(Duration::from_millis(num(s)?))
}

fn ms_of(d: Duration) -> String {
    d.as_millis().to_string()
}

fn flag_reason_name(r: FlagReason) -> &'static str {
    match r {
        FlagReason::Overtime => "overtime",
        FlagReason::LatePress => "late-press",
        FlagReason::PerMoveLimit => "per-move",
    }
}

fn decision_text(d: Option<&Decision>) -> String {
    match d {
        None => "none".into(),
        Some(d) => format!("{} {} {}", d.summary().replace(' ', "-"), d.reason.name(), d.article),
    }
}

fn standings_text(table: &[Standing]) -> String {
    table
        .iter()
        .map(|s| format!("{}{}:{}:{}", s.place.place, if s.place.shared { "=" } else { "" }, s.name, s.points))
        .collect::<Vec<_>>()
        .join(" ")
}

fn chain(spec: &str) -> Result<Vec<Tiebreak>, String> {
    if let Some(preset) = Tiebreak::preset(spec) {
        return Ok(preset.to_vec());
    }
    spec.split(',').map(|t| Tiebreak::from_name(t).ok_or_else(|| format!("bad tie-break {t:?}"))).collect()
}

fn result(s: &str) -> Result<GameResult, String> {
    GameResult::from_text(s).ok_or_else(|| format!("bad result {s:?}"))
}

fn err<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

/// Runs one command; `Ok(answer)` or `Err(message)` for a refusal. A malformed command panics (a bug in the
/// case file).
fn run(state: &mut State, cmd: &str, args: &[&str]) -> Answer {
    let ok = || Ok("ok".to_string());
    let a = |i: usize| args[i];
    match cmd {
        "clock" => {
            let control = match a(0) {
                "quota" => {
                    let first =
                        (a(1) != "0").then(|| Period { moves: num(a(1)).unwrap(), minutes: num(a(2)).unwrap() });
                    let then = Period { moves: num(a(3)).unwrap(), minutes: num(a(4)).unwrap() };
                    TimeControl::MoveQuota { first, then, carry_over: carry(a(5)) }
                }
                "rapid" => {
                    let repeat = if a(1) == "30" { RapidRepeat::Thirty } else { RapidRepeat::Fifty };
                    TimeControl::g6_3(repeat, carry(a(2)))
                }
                "permove" => TimeControl::PerMove { max_secs: num(a(1)).unwrap() },
                "guillotine" => TimeControl::Guillotine { minutes: num(a(1)).unwrap() },
                other => panic!("clock {other}"),
            };
            state.clock = Some(Clock::new(control).map_err(err)?);
            state.control = Some(control);
            ok()
        }
        "deadline" => {
            let d = state.control.unwrap().deadline(num(a(0)).unwrap());
            Ok(d.map_or("none".into(), ms_of))
        }
        "start" => state.clock.as_mut().unwrap().start(side(a(0))?, ms(a(1))?).map(|_| "ok".into()).map_err(err),
        "press" => {
            let flag = state.clock.as_mut().unwrap().press(side(a(0))?, ms(a(1))?).map_err(err)?;
            Ok(flag.map_or("ok".into(), |f| format!("flag {} {}", f.side.name(), flag_reason_name(f.reason))))
        }
        "check" => {
            let flag = state.clock.as_mut().unwrap().check(ms(a(0))?);
            Ok(flag.map_or("none".into(), |f| format!("flag {} {}", f.side.name(), flag_reason_name(f.reason))))
        }
        "used" => Ok(ms_of(state.clock.as_ref().unwrap().used(side(a(0))?, ms(a(1))?))),
        "remaining" => Ok(ms_of(state.clock.as_ref().unwrap().remaining(side(a(0))?, ms(a(1))?))),
        "stop" => state.clock.as_mut().unwrap().stop(ms(a(0))?).map(|_| "ok".into()).map_err(err),
        "resume" => state.clock.as_mut().unwrap().resume(ms(a(0))?).map(|_| "ok".into()).map_err(err),
        "addtime" => state.clock.as_mut().unwrap().add_used(side(a(0))?, ms(a(1))?).map(|_| "ok".into()).map_err(err),
        "setused" => state.clock.as_mut().unwrap().set_used(side(a(0))?, ms(a(1))?).map(|_| "ok".into()).map_err(err),
        "lateness" => {
            let limit = if a(0) == "first" { LatenessLimit::FirstDeadline } else { LatenessLimit::Fixed(ms(a(0))?) };
            let arrival = |s: &str| if s == "never" { Ok(None) } else { ms(s).map(Some) };
            let red_first_press = args.get(3).map(|t| ms(t)).transpose()?;
            let arrivals = [arrival(a(1))?, arrival(a(2))?];
            let ruling = judge_lateness(&state.control.unwrap(), limit, arrivals, red_first_press).map_err(err)?;
            Ok(match ruling {
                LatenessRuling::Play { charge } => format!("play {} {}", ms_of(charge[0]), ms_of(charge[1])),
                LatenessRuling::Forfeit { loser } => format!("forfeit {}", loser.name()),
                LatenessRuling::DoubleForfeit => "double-forfeit".into(),
            })
        }
        "conduct" => {
            let offers = if a(1) == "strict" { OfferPolicy::Strict } else { OfferPolicy::Loose };
            let rules = if a(0) == "general" { ConductRules::general(offers) } else { ConductRules::event(offers) };
            state.conduct = Some(Conduct::new(rules).map_err(err)?);
            ok()
        }
        _ if state.conduct.is_some() && conduct_command(cmd) => run_conduct(state, cmd, args),
        "position" => {
            state.position = Some(Position::from_fen(&args.join(" ")).map_err(err)?);
            ok()
        }
        "touch" => {
            let touches: Vec<Touch> = args
                .iter()
                .map(|t| {
                    let (sq, suffix) = t.split_at(2);
                    let square: Square = sq.parse().unwrap();
                    let kind = match suffix {
                        "~" => TouchKind::Accidental,
                        "=" => TouchKind::Adjust { consent: true },
                        "!" => TouchKind::Adjust { consent: false },
                        _ => TouchKind::Touch,
                    };
                    Touch { square, kind, simultaneous: suffix == "&" }
                })
                .collect();
            let ob = touch_obligation(state.position.as_ref().unwrap(), &touches).map_err(err)?;
            Ok(match ob {
                Obligation::Free => "free".into(),
                Obligation::FreeWithFoul(f) => format!("foul {}", f.name()),
                Obligation::Play(m) => format!("play {m}"),
                Obligation::MoveFrom(s) => format!("move-from {s}"),
                Obligation::CaptureOn(s) => format!("capture-on {s}"),
            })
        }
        "points" => {
            let [r, b] = result(a(0))?.scores();
            Ok(format!("{} {}", r.points(), b.points()))
        }
        "team-forfeit" => Ok(format!("{} {}", team_forfeit_match_points(true), team_forfeit_match_points(false))),
        "match-points" => Ok(match_points(HalfPoints(num(a(0))?), HalfPoints(num(a(1))?)).to_string()),
        "bestof" => {
            let draws = if a(1) == "half" { DrawsInMatch::HalfPoint } else { DrawsInMatch::Ignored };
            let mut m = BestOf::new(num(a(0))?, draws);
            for s in &args[2..] {
                m.add(match *s {
                    "win" => Score::Win,
                    "draw" => Score::Draw,
                    _ => Score::Loss,
                });
            }
            Ok(match m.state() {
                MatchState::InProgress => "in-progress".into(),
                MatchState::Won { winner } => format!("won {}", if winner == 0 { "first" } else { "second" }),
                MatchState::Level => "level".into(),
            })
        }
        "event" => {
            let system = match a(0) {
                "swiss" => System::Swiss,
                rr => System::RoundRobin { games_per_pair: num(&rr[2..])? },
            };
            state.event = Some(Event::new(system, args[1..].iter().copied()).map_err(err)?);
            ok()
        }
        "game" if state.event.is_some() && args.len() == 4 => state
            .event
            .as_mut()
            .unwrap()
            .add_game(num(a(0))?, a(1), a(2), result(a(3))?)
            .map(|_| "ok".into())
            .map_err(err),
        "efouls" => state.event.as_mut().unwrap().add_fouls(a(0), num(a(1))?).map(|_| "ok".into()).map_err(err),
        "epenalty" => {
            let p = if a(1) == "warning" { Penalty::Warning } else { Penalty::Disqualification };
            state.event.as_mut().unwrap().add_penalty(a(0), p).map(|_| "ok".into()).map_err(err)
        }
        "withdraw" => {
            use xiangqi_core::competition::standings::Withdrawal;
            Ok(match state.event.as_mut().unwrap().withdraw(a(0)).map_err(err)? {
                Withdrawal::Voided(n) => format!("voided {n}"),
                Withdrawal::Forfeited(n) => format!("forfeited {n}"),
            })
        }
        "standings" => Ok(standings_text(&state.event.as_ref().unwrap().standings(&chain(a(0))?).map_err(err)?)),
        "playoff" => {
            let table = state.event.as_ref().unwrap().standings(&chain(a(0))?).map_err(err)?;
            Ok(if Event::requires_playoff(&table, num(a(1))?) { "yes" } else { "no" }.into())
        }
        "csv" => {
            let system = match a(0) {
                "swiss" => System::Swiss,
                rr => System::RoundRobin { games_per_pair: num(&rr[2..])? },
            };
            let text = std::fs::read_to_string(data_dir().join(a(1))).unwrap();
            let rows = parse_results(&text).map_err(err)?;
            let event = event_from_results(system, &rows).map_err(err)?;
            Ok(standings_text(&event.standings(&chain(a(2))?).map_err(err)?))
        }
        "board-order" => {
            let ratings: Vec<Option<u32>> = a(0).split(',').map(|r| r.parse().ok()).collect();
            check_board_order(&ratings).map(|_| "ok".into()).map_err(|e| e.board.to_string())
        }
        "lineups" => Ok(valid_lineups(num(a(0))?, num(a(1))?).len().to_string()),
        "lineup-valid" => {
            let lineup: Vec<usize> = a(1).split(',').map(|i| num(i).unwrap()).collect();
            Ok(if is_valid_lineup(num(a(0))?, &lineup) { "yes" } else { "no" }.into())
        }
        "all-play-all" => Ok(all_play_all(num(a(0))?, num(a(1))?).len().to_string()),
        "board-colour" => Ok(board_colour(a(0) == "first", num(a(1))?).name().into()),
        "second-game" => Ok(second_game_colour(side(a(0))?).name().into()),
        "teams" => {
            state.team_event = TeamEvent::new(num(a(0))?);
            ok()
        }
        "tmatch" => {
            let boards = a(2).split(',').map(result).collect::<Result<Vec<_>, _>>()?;
            let m = TeamMatch { first: num(a(0))?, second: num(a(1))?, boards };
            state.team_event.add_match(m).map_err(|e| e.to_string())?;
            ok()
        }
        "team-standings" => {
            let chain = if a(0) == "15.3" { TeamTiebreak::G15_3 } else { TeamTiebreak::G15_4 };
            let table = state.team_event.standings(chain);
            Ok(table
                .iter()
                .map(|t| {
                    let shared = if t.place.shared { "=" } else { "" };
                    format!("{}{shared}:{}:{}:{}", t.place.place, t.team, t.match_points, t.game_points)
                })
                .collect::<Vec<_>>()
                .join(" "))
        }
        "members" => {
            let members: Vec<Vec<usize>> =
                a(1).split(';').map(|t| t.split(',').map(|p| num(p).unwrap()).collect()).collect();
            let table = members_total_standings(&members, num(a(0))?, &[]);
            Ok(table
                .iter()
                .map(|(t, p)| format!("{}{}:{t}", p.place, if p.shared { "=" } else { "" }))
                .collect::<Vec<_>>()
                .join(" "))
        }
        "knockout" => {
            state.knockout = Some(CardKnockout::e9(num(a(0))?).map_err(err)?);
            ok()
        }
        "round" => Ok(state.knockout.as_ref().unwrap().round().to_string()),
        "deck" => Ok(state.knockout.as_ref().unwrap().deck().map_or("none".into(), |d| cards_text(&d))),
        "draw" => {
            let cards = args.iter().map(|t| card(t)).collect::<Result<Vec<_>, _>>()?;
            let p = state.knockout.as_mut().unwrap().draw(&cards).map_err(err)?;
            let pairs: Vec<String> = p.pairs.iter().map(|(r, b)| format!("{r}:{b}")).collect();
            Ok(format!("{} bye {}", pairs.join(" "), p.bye.map_or("none".into(), |b| b.to_string())))
        }
        "advance" => {
            let winners = args.iter().map(|w| num(w)).collect::<Result<Vec<usize>, _>>()?;
            state.knockout.as_mut().unwrap().advance(&winners).map(|_| "ok".into()).map_err(err)
        }
        "field" => {
            Ok(state.knockout.as_ref().unwrap().field().iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" "))
        }
        "finalists" => {
            Ok(state.knockout.as_ref().unwrap().finalists().map_or("none".into(), |[a, b]| format!("{a} {b}")))
        }
        "shuffle" => Ok(cards_text(&shuffled_deck(num(a(0))?, a(1) == "king", num(a(2))?))),
        "sheet" => {
            let used = [ms(a(0))?, ms(a(1))?];
            state.sheet = Some(Scoresheet::from_conduct(state.conduct.as_ref().unwrap(), used).map_err(err)?);
            ok()
        }
        "sign" => state.sheet.as_mut().unwrap().sign(signer(a(0))?).map(|_| "ok".into()).map_err(err),
        "signed" => Ok(if state.sheet.as_ref().unwrap().is_signed_by(signer(a(0))?) { "yes" } else { "no" }.into()),
        "official" => Ok(decision_text(state.sheet.as_ref().unwrap().official_result())),
        "sheet-result" => Ok(decision_text(Some(state.sheet.as_ref().unwrap().result()))),
        "sheet-used" => Ok(state.sheet.as_ref().unwrap().time_used().map(ms_of).join(" ")),
        "sheet-fouls" => Ok(state.sheet.as_ref().unwrap().fouls().map(|f| f.to_string()).join(" ")),
        "correct" => {
            let sheet = state.sheet.as_mut().unwrap();
            let result = sheet.result().clone();
            sheet.correct(result, [ms(a(0))?, ms(a(1))?], [num(a(2))?, num(a(3))?]).map(|_| "ok".into()).map_err(err)
        }
        _ => panic!("unknown command {cmd}"),
    }
}

fn card(text: &str) -> Result<Card, String> {
    Card::from_name(text).ok_or_else(|| format!("bad card {text:?}"))
}

fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(" ")
}

fn signer(name: &str) -> Result<Signer, String> {
    Signer::from_name(name).ok_or_else(|| format!("bad signer {name:?}"))
}

fn carry(s: &str) -> CarryOver {
    if s == "reset" {
        CarryOver::Reset
    } else {
        CarryOver::Cumulative
    }
}

const CONDUCT_COMMANDS: &[&str] = &[
    "move",
    "cpress",
    "offer",
    "accept",
    "decline",
    "claim",
    "foul",
    "fouls",
    "unrecorded",
    "illegal",
    "kingsfacing",
    "resign",
    "flagfall",
    "lateness-result",
    "theoretical-draw",
    "penalty",
    "result",
    "correction",
    "game",
    "play",
    "decide",
];

fn conduct_command(cmd: &str) -> bool {
    CONDUCT_COMMANDS.contains(&cmd)
}

fn run_conduct(state: &mut State, cmd: &str, args: &[&str]) -> Answer {
    let a = |i: usize| args[i];
    let c = state.conduct.as_mut().unwrap();
    let done =
        |r: Result<(), xiangqi_core::competition::conduct::ConductError>| r.map(|_| "ok".to_string()).map_err(err);
    match cmd {
        "move" => done(c.make_move(side(a(0))?)),
        "cpress" => done(c.press(side(a(0))?)),
        "offer" => Ok(match c.offer_draw(side(a(0))?).map_err(err)? {
            OfferOutcome::Pending => "pending".into(),
            OfferOutcome::Foul => "foul".into(),
        }),
        "accept" => done(c.accept_draw(side(a(0))?)),
        "decline" => done(c.decline_draw(side(a(0))?)),
        "claim" => {
            let count = natural_limit_count(num(a(1))?, [num(a(2))?, num(a(3))?], num(a(4))?, num(a(5))?);
            Ok(match c.claim_natural_limit(side(a(0))?, &count).map_err(err)? {
                ClaimOutcome::Draw => "draw".into(),
                ClaimOutcome::False { add_time } => format!("false {}", ms_of(add_time)),
            })
        }
        "foul" => done(c.foul(side(a(0))?, Foul::from_name(a(1)).expect("foul name"))),
        "fouls" => Ok(c.fouls(side(a(0))?).to_string()),
        "unrecorded" => c.unrecorded_moves(side(a(0))?, num(a(1))?, ms(a(2))?).map(|n| n.to_string()).map_err(err),
        "illegal" => done(c.illegal_move(side(a(0))?)),
        "kingsfacing" => done(c.kings_facing(side(a(0))?)),
        "resign" => done(c.resign(side(a(0))?)),
        "flagfall" => {
            let reason = match a(1) {
                "overtime" => FlagReason::Overtime,
                "late-press" => FlagReason::LatePress,
                _ => FlagReason::PerMoveLimit,
            };
            done(c.flag_fall(side(a(0))?, reason))
        }
        "lateness-result" => {
            let ruling = if a(0) == "double-forfeit" {
                LatenessRuling::DoubleForfeit
            } else {
                LatenessRuling::Forfeit { loser: side(a(1))? }
            };
            done(c.lateness(ruling))
        }
        "theoretical-draw" => done(c.theoretical_draw()),
        "penalty" => {
            let penalty = match a(1) {
                "warning" => Penalty::Warning,
                "loss" => Penalty::Loss,
                "disqualification" => Penalty::Disqualification,
                _ => Penalty::Expulsion,
            };
            let by = match a(2) {
                "game-arbiter" => Authority::GameArbiter,
                "chief-arbiter" => Authority::ChiefArbiter,
                _ => Authority::Organiser,
            };
            done(c.penalty(side(a(0))?, penalty, by))
        }
        "result" => Ok(decision_text(c.decision())),
        "correction" => Ok(if c.correction_allowed() { "yes" } else { "no" }.into()),
        "game" => {
            state.game = Some(Game::from_fen(&args.join(" ")).map_err(err)?);
            Ok("ok".into())
        }
        "play" => {
            let game = state.game.as_mut().unwrap();
            for m in args {
                game.push(m.parse().map_err(err)?).map_err(err)?;
            }
            Ok("ok".into())
        }
        "decide" => {
            let game = state.game.as_ref().unwrap();
            Ok(decision_text(decide(&game.verdict(), game.len(), state.conduct.as_ref().unwrap()).as_ref()))
        }
        _ => unreachable!(),
    }
}

#[test]
fn competition_cases() {
    let text = std::fs::read_to_string(data_dir().join("cases.txt")).expect("cases.txt");
    let mut state = State::default();
    let mut failures = Vec::new();
    let (mut cases, mut checks) = (0, 0);
    let mut articles = BTreeSet::new();
    let mut current = String::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (command, expected) = match line.split_once("=>") {
            Some((c, e)) => (c.trim(), e.trim()),
            None => (line, "ok"),
        };
        let words: Vec<&str> = command.split_whitespace().collect();
        if words[0] == "case" {
            state = State::default();
            current = format!("{} ({})", words[1], words[2]);
            articles.insert(words[2].to_string());
            cases += 1;
            continue;
        }
        checks += 1;
        let answer = run(&mut state, words[0], &words[1..]);
        let pass = match (&answer, expected.strip_prefix("error")) {
            (Err(message), Some(part)) => message.contains(part.trim()),
            (Ok(answer), None) => answer == expected,
            _ => false,
        };
        if !pass {
            failures.push(format!("line {}: {current}: {command} => {answer:?}, expected {expected}", number + 1));
        }
    }
    println!("competition cases: {cases} cases, {checks} checks, articles: {articles:?}");
    assert!(cases >= 90, "only {cases} cases read");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// 4.1.8 and E4(四): the article of a foul-limit loss is the rule set's, not derived from the illegal-move
/// policy (illegal moves as fouls with the general limit of three still lose under 4.1.8).
#[test]
fn foul_limit_article_4_1_8_is_the_rule_sets() {
    use xiangqi_core::competition::conduct::IllegalMovePolicy;
    let rules = ConductRules { illegal_move: IllegalMovePolicy::Foul, ..ConductRules::general(OfferPolicy::Strict) };
    let mut c = Conduct::new(rules).unwrap();
    c.make_move(Color::Red).unwrap();
    c.illegal_move(Color::Red).unwrap();
    c.illegal_move(Color::Red).unwrap();
    assert!(c.decision().is_none(), "the general limit is three");
    c.illegal_move(Color::Red).unwrap();
    assert_eq!(decision_text(c.decision()), "black-wins foul-limit 4.1.8");
    assert_eq!(ConductRules::event(OfferPolicy::Strict).foul_limit_article, "E4(四)");
}

/// E9: the three card draws of the 13-player knockout, the bye of the king, red cards playing Red, and
/// refused draws and results.
#[test]
fn card_draw_knockout_e9() {
    use xiangqi_core::competition::card_draw::{deck, pair_by_cards, shuffled_deck, Card, CardDrawError, CardKnockout};
    assert_eq!(CardKnockout::e9(12), Err(CardDrawError::FieldSize(12)));
    assert_eq!(deck(6, true).len(), 13);
    assert_eq!(deck(3, true).len(), 7);
    assert_eq!(deck(2, false).len(), 4);
    let card = |t: &str| Card::from_name(t).unwrap();
    assert_eq!(Card::from_name("0r"), None);
    assert_eq!(Card::from_name("3x"), None);
    assert_eq!(card("K"), Card::King);

    let mut ko = CardKnockout::e9(13).unwrap();
    assert_eq!(ko.advance(&[0]), Err(CardDrawError::NotDrawn(1)));
    // Round 1: entrant i draws the i-th card of this list.
    let r1: Vec<Card> =
        ["K", "1b", "1r", "2r", "2b", "3r", "3b", "4b", "4r", "5r", "5b", "6r", "6b"].map(card).to_vec();
    let too_few = &r1[..12];
    assert!(matches!(ko.draw(too_few), Err(CardDrawError::CardCount { cards: 12, players: 13 })));
    let mut twice = r1.clone();
    twice[1] = card("1r");
    assert!(matches!(ko.draw(&twice), Err(CardDrawError::NotInDeck { player: 2, .. })));
    let p = ko.draw(&r1).unwrap();
    assert_eq!(p.bye, Some(0));
    assert_eq!(p.pairs, [(2, 1), (3, 4), (5, 6), (8, 7), (9, 10), (11, 12)]);
    assert!(matches!(ko.advance(&[2, 3, 5, 8, 9]), Err(CardDrawError::WinnerCount { given: 5, pairs: 6 })));
    assert!(matches!(ko.advance(&[2, 3, 5, 8, 9, 1]), Err(CardDrawError::NotInPair { index: 5, winner: 1 })));
    ko.advance(&[1, 3, 6, 7, 9, 12]).unwrap();
    assert_eq!(ko.field(), [1, 3, 6, 7, 9, 12, 0]);
    assert_eq!(ko.round(), 2);
    // Round 2: seven cards, 1-3 twice and the king; the bye of round 1 draws like the winners.
    let p = ko.draw(&["1r", "1b", "2r", "2b", "3r", "3b", "K"].map(card)).unwrap();
    assert_eq!((p.pairs.clone(), p.bye), (vec![(1, 3), (6, 7), (9, 12)], Some(0)));
    ko.advance(&[3, 6, 12]).unwrap();
    // Round 3, the semi-finals: four cards and no king (the text's "every round has a bye" cannot hold).
    assert_eq!(ko.deck().unwrap().len(), 4);
    let p = ko.draw(&["2b", "1r", "2r", "1b"].map(card)).unwrap();
    assert_eq!((p.pairs.clone(), p.bye), (vec![(6, 0), (12, 3)], None));
    assert_eq!(ko.finalists(), None);
    ko.advance(&[0, 12]).unwrap();
    assert_eq!(ko.finalists(), Some([0, 12]));
    assert_eq!(ko.draw(&[]), Err(CardDrawError::NoDraw));

    // A seeded shuffle is a permutation of the deck and is the same for the same seed.
    let shuffled = shuffled_deck(6, true, 18);
    assert_eq!(shuffled, shuffled_deck(6, true, 18));
    let mut sorted = shuffled.clone();
    sorted.sort();
    let mut expected = deck(6, true);
    expected.sort();
    assert_eq!(sorted, expected);
    let p = pair_by_cards(&shuffled, 6, true).unwrap();
    assert_eq!(p.pairs.len(), 6);
    for (red, black) in p.pairs {
        assert!(matches!(shuffled[red], Card::Number { red: true, .. }));
        assert!(matches!(shuffled[black], Card::Number { red: false, .. }));
    }
}

/// 10.1: the scoresheet records the result, the time used by both sides and the fouls; the signatures of
/// both players and the arbiter make it the official result (7.3: corrected before, never after).
#[test]
fn scoresheet_signatures_10_1() {
    use xiangqi_core::competition::scoresheet::{Scoresheet, ScoresheetError, Signer};
    let mut c = Conduct::new(ConductRules::general(OfferPolicy::Strict)).unwrap();
    c.make_move(Color::Red).unwrap();
    let used = [Duration::from_secs(90), Duration::from_secs(30)];
    assert_eq!(Scoresheet::from_conduct(&c, used), Err(ScoresheetError::NoResult));
    c.foul(Color::Black, Foul::Distracting).unwrap();
    c.resign(Color::Black).unwrap();
    let mut sheet = Scoresheet::from_conduct(&c, used).unwrap();
    assert_eq!(decision_text(Some(sheet.result())), "red-wins resignation 4.1.9");
    assert_eq!(sheet.fouls(), [0, 1]);
    assert_eq!(sheet.time_used(), used);
    sheet.sign(Signer::Black).unwrap();
    assert_eq!(sheet.sign(Signer::Black), Err(ScoresheetError::AlreadySigned(Signer::Black)));
    // 7.3: a correction before all have signed withdraws the signatures given.
    let result = sheet.result().clone();
    sheet.correct(result.clone(), [Duration::from_secs(95), Duration::from_secs(30)], [0, 1]).unwrap();
    assert!(!sheet.is_signed_by(Signer::Black));
    for who in Signer::ALL {
        assert!(sheet.official_result().is_none());
        sheet.sign(who).unwrap();
    }
    assert_eq!(sheet.official_result(), Some(&result));
    assert_eq!(sheet.correct(result, used, [0, 0]), Err(ScoresheetError::Official));
    assert_eq!(Signer::from_name("arbiter"), Some(Signer::Arbiter));
}

#[test]
fn fouls_past_a_count_are_refused_and_change_nothing() {
    let mut event = Event::new(System::Swiss, ["A", "B"]).expect("event");
    event.add_fouls("A", 3).expect("fouls");
    let err = event.add_fouls("A", u32::MAX).expect_err("past u32::MAX");
    assert!(err.to_string().contains("would pass 4294967295"), "{err}");
    event.add_fouls("A", 1).expect("still 3, one more fits");

    let mut teams = TeamEvent::new(2);
    teams.add_fouls(1, 7).expect("fouls");
    assert_eq!(teams.add_fouls(1, u32::MAX), Err(TeamError::TooManyFouls { team: 1, had: 7, more: u32::MAX }));
    assert_eq!(teams.add_fouls(2, 1), Err(TeamError::NotATeam { context: "fouls", team: 2, teams: 2 }));
    assert_eq!(
        teams.add_penalty(5, Penalty::Warning),
        Err(TeamError::NotATeam { context: "penalty", team: 5, teams: 2 })
    );
    let m = TeamMatch { first: 0, second: 0, boards: vec![GameResult::Draw] };
    assert!(matches!(teams.add_match(m), Err(TeamError::SelfMatch { .. })));
    assert!(teams.matches().is_empty());
}
