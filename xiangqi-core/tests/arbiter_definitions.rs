//! The repetition arbiter's definitions (SPEC §2-§9) on small hand-made positions: roots (hidden, false,
//! insufficient, outvalued), the classification of single moves (check, kill, chase, idle, soldier and
//! general chases, chases by checks), the judgement of cycles (perpetual check, must change and the 24.3
//! warning, mutual chase, both idle), the natural limit with the check cap, insufficient material, checkmate
//! and stalemate, and the explanations.

use xiangqi_core::arbiter::{
    analyse_root, classify_move, ArbiterConfig, Classification, FalseRoot, IdleKind, MoveClass, Reason, RootAnalysis,
    Rooting, RuleSet, SideProfile, ThreatMeans, Verdict,
};
use xiangqi_core::{is_insufficient_material, Color, Game, Move, Position, Role, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn root(fen: &str, target: &str, attacker: &str) -> RootAnalysis {
    analyse_root(&pos(fen), sq(target), sq(attacker)).unwrap()
}

fn classify(fen: &str, m: &str) -> Classification {
    classify_move(&pos(fen), mv(m), None, &ArbiterConfig::default()).unwrap()
}

fn game_with(fen: &str, config: ArbiterConfig, moves: &[&str]) -> Game {
    let mut game = Game::with_config(pos(fen), config);
    for m in moves {
        game.push(mv(m)).unwrap_or_else(|e| panic!("{m} is illegal after {:?}: {e}", game.moves()));
    }
    game
}

fn game(fen: &str, moves: &[&str]) -> Game {
    game_with(fen, ArbiterConfig::default(), moves)
}

/// The cycle `moves` played `times` times.
fn cycle(moves: &[&'static str], times: usize) -> Vec<&'static str> {
    moves.iter().copied().cycle().take(moves.len() * times).collect()
}

fn reason(verdict: &Verdict) -> Reason {
    verdict.ruling().unwrap_or_else(|| panic!("no ruling in {verdict:?}")).reason
}

// ---------------------------------------------------------------------------------------------------------
// 1. Roots (28.16, SPEC §3)
// ---------------------------------------------------------------------------------------------------------

/// Black horse e5 covered by the chariot e9, attacked by the red horse c4: horse for horse, nothing gained.
#[test]
fn root_rooted_against_an_equal_attacker() {
    let r = root("4rk3/9/9/9/4n4/2N6/9/9/9/3K5 w - - 0 1", "e5", "c4");
    assert_eq!(r.rooting, Rooting::Rooted);
    assert!(r.is_rooted());
    assert_eq!(r.exchange_gain, 0);
    assert_eq!(r.protectors.len(), 1);
    let p = r.protectors[0];
    assert_eq!((p.square, p.piece.role, p.hidden, p.false_root), (sq("e9"), Role::Chariot, false, None));
}

/// Black horse e5, red chariot e3, black chariot e1 behind it: the chariot covers e5 only through the attacker.
#[test]
fn root_hidden_xray_behind_the_attacker() {
    let r = root("5k3/9/9/9/4n4/9/4R4/9/4r4/3K5 w - - 0 1", "e5", "e3");
    assert_eq!(r.rooting, Rooting::Rooted);
    assert_eq!(r.protectors.len(), 1);
    let p = r.protectors[0];
    assert_eq!((p.square, p.piece.role, p.hidden, p.false_root), (sq("e1"), Role::Chariot, true, None));
    // Chariot for horse: the attacker loses a horse's worth (half units: 2 - 4).
    assert_eq!(r.exchange_gain, -2);
}

/// Black cannon e9, black elephant e7, red chariot e6 takes the horse e5: the elephant becomes the screen.
#[test]
fn root_hidden_cannon_gains_a_screen() {
    let r = root("4ck3/9/4b4/4R4/4n4/9/9/9/9/3K5 w - - 0 1", "e5", "e6");
    assert_eq!(r.rooting, Rooting::Rooted);
    assert_eq!(r.protectors.len(), 1);
    let p = r.protectors[0];
    assert_eq!((p.square, p.piece.role, p.hidden, p.false_root), (sq("e9"), Role::Cannon, true, None));
}

/// Black cannon c7 covered only by the horse e8, which is pinned to its general e9 by the red chariot e3.
#[test]
fn root_false_when_the_protector_is_pinned() {
    let r = root("4k4/4n4/2c6/9/9/9/4R4/2R6/9/3K5 w - - 0 1", "c7", "c2");
    assert_eq!(r.rooting, Rooting::FalseRoot);
    assert!(!r.is_rooted());
    assert_eq!(r.protectors.len(), 1);
    let p = r.protectors[0];
    assert_eq!((p.square, p.piece.role), (sq("e8"), Role::Horse));
    assert_eq!(p.false_root, Some(FalseRoot::IllegalRecapture));
    assert_eq!(r.real_roots().count(), 0);
}

/// Black horse f7 covered only by the advisor e8, the one piece between the two generals on the e-file.
#[test]
fn root_false_when_the_recapture_would_face_the_generals() {
    let r = root("4k4/4a4/5n3/9/9/9/9/5R3/9/4K4 w - - 0 1", "f7", "f2");
    assert_eq!(r.rooting, Rooting::FalseRoot);
    assert_eq!(r.protectors.len(), 1);
    let p = r.protectors[0];
    assert_eq!((p.square, p.piece.role), (sq("e8"), Role::Advisor));
    assert_eq!(p.false_root, Some(FalseRoot::IllegalRecapture));
}

/// Black horse d9 next to its general e9; the red chariot a9 takes it, and the general cannot take back on
/// the open d-file where the red general stands.
#[test]
fn root_false_when_the_general_recapture_is_illegal() {
    let r = root("R2nk4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d9", "a9");
    assert_eq!(r.rooting, Rooting::FalseRoot);
    assert_eq!(r.protectors.len(), 1);
    let p = r.protectors[0];
    assert_eq!((p.square, p.piece.role), (sq("e9"), Role::General));
    assert_eq!(p.false_root, Some(FalseRoot::IllegalRecapture));
}

/// Black cannon e9 "covers" the horse e5 only with the attacking red chariot e7 as its screen.
#[test]
fn root_false_when_the_cannon_screen_is_the_attacker() {
    let r = root("4ck3/9/4R4/9/4n4/9/9/9/9/3K5 w - - 0 1", "e5", "e7");
    assert_eq!(r.rooting, Rooting::FalseRoot);
    assert_eq!(r.protectors.len(), 1);
    let p = r.protectors[0];
    assert_eq!((p.square, p.piece.role, p.hidden), (sq("e9"), Role::Cannon, false));
    assert_eq!(p.false_root, Some(FalseRoot::LostWithCapture));
    assert_eq!(r.exchange_gain, 2);
}

/// Black cannon e5 covered once (horse g6), attacked twice (red horses d3 and f3): the exchange wins a piece.
#[test]
fn root_insufficient_when_outnumbered() {
    let r = root("5k3/9/9/6n2/4c4/9/3N1N3/9/9/3K5 w - - 0 1", "e5", "d3");
    assert_eq!(r.rooting, Rooting::Insufficient);
    assert!(r.rooting.wins_material());
    assert_eq!(r.exchange_gain, 2);
    assert_eq!(r.real_roots().count(), 1);
    assert_eq!(r.real_roots().next().unwrap().square, sq("g6"));
}

/// A red horse attacks the black chariot e5, which the horse g6 covers: still worth more than the attacker.
#[test]
fn root_outvalued_chariot_attacked_by_a_horse_is_a_chase() {
    let before = "5k3/9/9/6n2/4r4/9/9/1N7/9/3K5 w - - 0 1";
    let after = pos(before).play(mv("b2d3")).unwrap();
    let r = analyse_root(&after, sq("e5"), sq("d3")).unwrap();
    assert_eq!(r.rooting, Rooting::Outvalued);
    assert_eq!(r.exchange_gain, 2);
    assert_eq!(r.real_roots().count(), 1);

    let c = classify(before, "b2d3");
    assert_eq!(c.class, MoveClass::Chase);
    assert_eq!(c.chases.len(), 1);
    let t = &c.chases[0];
    assert_eq!((t.attacker, t.target, t.means), (sq("d3"), sq("e5"), ThreatMeans::Capture));
    assert_eq!(t.rooting, Some(Rooting::Outvalued));
}

// ---------------------------------------------------------------------------------------------------------
// 2. Classification of single moves (28.1-28.9, 27.1, 27.2, 29.1; SPEC §5)
// ---------------------------------------------------------------------------------------------------------

/// The red chariot a0 goes to a5 and attacks the lone black horse g5.
#[test]
fn chase_of_an_unrooted_piece() {
    let c = classify("4k4/9/9/9/6n2/9/9/9/9/R2K5 w - - 0 1", "a0a5");
    assert_eq!(c.class, MoveClass::Chase);
    assert_eq!(c.side, Color::Red);
    assert_eq!(c.chases.len(), 1);
    let t = &c.chases[0];
    assert_eq!((t.attacker, t.target, t.target_piece.role), (sq("a5"), sq("g5"), Role::Horse));
    assert_eq!(t.means, ThreatMeans::Capture);
    assert_eq!(t.rooting, Some(Rooting::Unrooted));
    assert!(!t.joint);
}

/// The red horse b2 goes to d3 and attacks the black cannon e5, covered by the horse g6: horse for cannon.
#[test]
fn attacking_a_rooted_piece_of_equal_value_is_idle() {
    let c = classify("5k3/9/9/6n2/4c4/9/9/1N7/9/3K5 w - - 0 1", "b2d3");
    assert!(matches!(c.class, MoveClass::Idle(_)), "{:?}", c.class);
    assert!(c.chases.is_empty());
}

/// The crossed red soldier steps d6-e6 and attacks the lone black horse f6.
#[test]
fn soldier_attack_is_not_a_chase_by_itself() {
    let c = classify("4k4/9/9/3P1n3/9/9/9/9/9/3K5 w - - 0 1", "d6e6");
    assert!(matches!(c.class, MoveClass::Idle(_)), "{:?}", c.class);
    assert!(c.chases.is_empty());
    assert_eq!(c.soldier_chases.len(), 1);
    let t = &c.soldier_chases[0];
    assert_eq!((t.attacker, t.target, t.attacker_piece.role), (sq("e6"), sq("f6"), Role::Soldier));
}

/// The red general steps e0-e1 next to the lone black cannon d1.
#[test]
fn general_alone_attacking_is_idle() {
    let c = classify("5k3/9/9/9/9/9/9/9/3c5/4K4 w - - 0 1", "e0e1");
    assert!(matches!(c.class, MoveClass::Idle(_)), "{:?}", c.class);
    assert!(c.chases.is_empty());
    assert_eq!(c.general_chases.len(), 1);
    let t = &c.general_chases[0];
    assert_eq!((t.attacker, t.target, t.attacker_piece.role), (sq("e1"), sq("d1"), Role::General));
}

/// The red horse d3 goes to c5: next it checks from d7, and when the general steps aside it takes the lone
/// black chariot f6 (a fork that only a check makes).
#[test]
fn chase_by_a_series_of_checks() {
    let c = classify("4k4/9/9/5r3/9/9/3N5/9/4A4/4K4 w - - 0 1", "d3c5");
    assert_eq!(c.class, MoveClass::Chase);
    assert_eq!(c.chases.len(), 1);
    let t = &c.chases[0];
    assert_eq!(t.means, ThreatMeans::Checks);
    assert_eq!((t.target, t.target_piece.role), (sq("f6"), Role::Chariot));
    assert_eq!(t.attacker, sq("c5"));
}

/// Black general e9 boxed in by its advisors d9, f9 and its horse e8; the red horse g4 goes to h6, from where
/// g8 or f7 mates.
#[test]
fn kill_is_a_new_mate_threat_made_of_checks() {
    let fen = "3aka3/4n4/9/9/9/6N2/9/9/9/3K5 w - - 0 1";
    let c = classify(fen, "g4h6");
    assert_eq!(c.class, MoveClass::Kill);
    let start = c.mate_start.expect("the first move of the mate");
    assert!(["h6g8", "h6f7"].contains(&start.to_string().as_str()), "{start}");
    // Played in the threat view (red to move again), the mate's first move mates at once.
    let view = pos(fen).play(mv("g4h6")).unwrap().swap_turn().unwrap();
    assert!(view.play(start).unwrap().is_checkmate());
    // Before the move there was no checking move at all, so the threat is new; a waiting move is no kill.
    assert!(!matches!(classify(fen, "d0d1").class, MoveClass::Kill));
}

/// The red chariot a0 goes to a9 and checks the black general e9 along the back rank.
#[test]
fn check_is_a_check() {
    let c = classify("4k4/9/9/9/6n2/9/9/9/9/R2K5 w - - 0 1", "a0a9");
    assert_eq!(c.class, MoveClass::Check);
    assert_eq!(c.class.name(), "check");
    assert!(c.class.is_attack());
    assert_eq!(c.mate_start, None);
}

// ---------------------------------------------------------------------------------------------------------
// 3. Cycles (24, 25.2, 26; SPEC §6-§7)
// ---------------------------------------------------------------------------------------------------------

/// Red chariot a8, black general e9: the chariot checks from a9 and a8 while the general steps e9-e8-e9.
const PERPETUAL_CHECK: &str = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1";
const PERPETUAL_CHECK_CYCLE: &[&str] = &["a8a9", "e9e8", "a9a8", "e8e9"];

/// Red chariot a0 (red general f0) checks from e0, then goes back to a0 and attacks the lone black horse a5;
/// the black general steps e9-d9-e9.
const CHECK_AND_CHASE: &str = "4k4/9/9/9/n8/9/9/9/9/R4K3 w - - 0 1";
const CHECK_AND_CHASE_CYCLE: &[&str] = &["a0e0", "e9d9", "e0a0", "d9e9"];

#[test]
fn perpetual_check_loses() {
    let g = game(PERPETUAL_CHECK, &cycle(PERPETUAL_CHECK_CYCLE, 2));
    assert_eq!(g.occurrences(8), vec![0, 4, 8]);
    for i in (0..8).step_by(2) {
        assert_eq!(g.classify(i).unwrap().class, MoveClass::Check, "ply {i}");
        assert!(matches!(g.classify(i + 1).unwrap().class, MoveClass::Idle(_)), "ply {}", i + 1);
    }
    let v = g.verdict();
    assert!(matches!(v, Verdict::Loss(_)), "{v:?}");
    assert_eq!(reason(&v), Reason::PerpetualCheck);
    assert_eq!(v.side(), Some(Color::Red));
    assert_eq!(v.summary(), "red loses");
    let r = v.ruling().unwrap();
    assert_eq!(r.profiles, Some([SideProfile::PerpetualCheck, SideProfile::Allowed]));
    assert_eq!(r.plies, 0..8);
    assert_eq!(r.moves.len(), 8);
}

#[test]
fn one_check_one_chase_must_change() {
    let g = game(CHECK_AND_CHASE, &cycle(CHECK_AND_CHASE_CYCLE, 2));
    let classes: Vec<&str> = (0..8).map(|i| g.classify(i).unwrap().class.name()).collect();
    assert_eq!(classes, ["check", "idle", "chase", "idle", "check", "idle", "chase", "idle"]);
    let chase = g.classify(2).unwrap();
    assert_eq!(chase.chases.len(), 1);
    assert_eq!((chase.chases[0].target, chase.chases[0].rooting), (sq("a5"), Some(Rooting::Unrooted)));
    let v = g.verdict();
    assert!(matches!(v, Verdict::MustChange(_)), "{v:?}");
    assert_eq!(reason(&v), Reason::PerpetualAttack);
    assert_eq!(v.side(), Some(Color::Red));
    assert_eq!(v.summary(), "red loses");
    assert_eq!(v.ruling().unwrap().profiles, Some([SideProfile::Forbidden, SideProfile::Allowed]));
}

/// Red chariot b2/b3 and black cannon g2/g3 chase each other: the cannon attacks the chariot through the red
/// elephant e2 or soldier e3, the chariot escapes and attacks the lone black horse a3 or a2.
#[test]
fn mutual_chase_is_a_draw() {
    let fen = "3k5/9/9/9/9/9/n3P4/nR2B1c2/9/5K3 w - - 0 1";
    let moves = cycle(&["b2b3", "g2g3", "b3b2", "g3g2"], 2);
    let g = game(fen, &moves);
    let expected_targets = ["a3", "b3", "a2", "b2"];
    for i in 0..8 {
        let c = g.classify(i).unwrap();
        assert_eq!(c.class, MoveClass::Chase, "ply {i} {}", c.mv);
        assert_eq!(c.chases.len(), 1, "ply {i}");
        assert_eq!(c.chases[0].target, sq(expected_targets[i % 4]), "ply {i}");
        assert_eq!(c.chases[0].rooting, Some(Rooting::Unrooted), "ply {i}");
    }
    let v = g.verdict();
    assert!(matches!(v, Verdict::Draw(_)), "{v:?}");
    assert_eq!(reason(&v), Reason::BothForbidden);
    assert_eq!(v.side(), None);
    assert_eq!(v.summary(), "draw");
    assert_eq!(v.ruling().unwrap().profiles, Some([SideProfile::Forbidden, SideProfile::Forbidden]));
    // Both sides chase single, unrooted pieces: the 2020 order of responsibility has no one to blame either.
    let g = game_with(fen, ArbiterConfig::with_rules(RuleSet::Cxa2020), &moves);
    assert_eq!(reason(&g.verdict()), Reason::BothForbidden);
}

/// Both generals shuffle (d0-d1, f9-f8); a soldier each keeps the material sufficient.
const BOTH_IDLE: &str = "5k3/9/9/p8/9/9/P8/9/9/3K5 w - - 0 1";
const BOTH_IDLE_CYCLE: &[&str] = &["d0d1", "f9f8", "d1d0", "f8f9"];

#[test]
fn both_idle_is_a_draw() {
    let g = game(BOTH_IDLE, &cycle(BOTH_IDLE_CYCLE, 2));
    for i in 0..8 {
        assert!(matches!(g.classify(i).unwrap().class, MoveClass::Idle(_)), "ply {i}");
    }
    let v = g.verdict();
    assert!(matches!(v, Verdict::Draw(_)), "{v:?}");
    assert_eq!(reason(&v), Reason::BothAllowed);
    assert_eq!(v.ruling().unwrap().profiles, Some([SideProfile::Allowed, SideProfile::Allowed]));
}

#[test]
fn fewer_than_three_occurrences_continue() {
    let g = game(BOTH_IDLE, &cycle(BOTH_IDLE_CYCLE, 2));
    assert_eq!(g.occurrences(4), vec![0, 4]);
    assert_eq!(g.repetition_verdict_at(4), Verdict::Continue);
    assert_eq!(g.verdict_at(4), Verdict::Continue);
    assert_eq!(g.verdict_at(7), Verdict::Continue);
    // The attacking cycles too: a second occurrence is no ruling yet.
    let g = game(CHECK_AND_CHASE, &cycle(CHECK_AND_CHASE_CYCLE, 2));
    assert_eq!(g.repetition_verdict_at(4), Verdict::Continue);
    assert_eq!(g.repetition_verdict_at(7), Verdict::Continue);
    assert!(matches!(g.repetition_verdict_at(8), Verdict::MustChange(_)));
    let g = game(PERPETUAL_CHECK, &cycle(PERPETUAL_CHECK_CYCLE, 2));
    assert_eq!(g.repetition_verdict_at(4), Verdict::Continue);
    assert_eq!(g.repetition_verdict_at(6), Verdict::Continue);
}

#[test]
fn ignored_warning_loses_at_the_fourth_occurrence() {
    let g = game(CHECK_AND_CHASE, &cycle(CHECK_AND_CHASE_CYCLE, 3));
    assert_eq!(g.occurrences(12), vec![0, 4, 8, 12]);
    // From the third occurrence on, every position reached is there for the third time: red must change.
    for ply in 8..12 {
        let v = g.verdict_at(ply);
        assert!(matches!(v, Verdict::MustChange(_)), "ply {ply}: {v:?}");
        assert_eq!(v.side(), Some(Color::Red), "ply {ply}");
    }
    let v = g.verdict();
    assert!(matches!(v, Verdict::Loss(_)), "{v:?}");
    assert_eq!(reason(&v), Reason::IgnoredWarning);
    assert_eq!(v.side(), Some(Color::Red));
    assert_eq!(v.summary(), "red loses");
}

#[test]
fn deviating_after_the_warning_clears_it() {
    // After the warning red plays a1-a0 instead of the check: the horse a5 stays attacked, nothing new, so
    // both moves are idle and the fourth occurrence is judged on the new window as a draw, not a loss.
    let mut moves = cycle(CHECK_AND_CHASE_CYCLE, 2);
    moves.extend(["a0a1", "e9e8", "a1a0", "e8e9"]);
    let g = game(CHECK_AND_CHASE, &moves);
    assert_eq!(g.occurrences(12), vec![0, 4, 8, 12]);
    assert!(matches!(g.verdict_at(8), Verdict::MustChange(_)));
    assert!(matches!(g.classify(8).unwrap().class, MoveClass::Idle(_)));
    assert!(matches!(g.classify(10).unwrap().class, MoveClass::Idle(_)));
    let v = g.verdict();
    assert!(matches!(v, Verdict::Draw(_)), "{v:?}");
    assert_eq!(reason(&v), Reason::BothAllowed);
    assert_eq!(v.ruling().unwrap().plies, 4..12);
}

// ---------------------------------------------------------------------------------------------------------
// 4. Natural limit (4.2.4, 23.3; SPEC §9)
// ---------------------------------------------------------------------------------------------------------

/// The red chariot climbs the a-file while the black one goes down the i-file: 20 quiet plies, no position
/// twice, no check.
const QUIET_WALK: &str = "5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
const QUIET_WALK_MOVES: &[&str] = &[
    "a0a1", "i9i8", "a1a2", "i8i7", "a2a3", "i7i6", "a3a4", "i6i5", "a4a5", "i5i4", "a5a6", "i4i3", "a6a7", "i3i2",
    "a7a8", "i2i1", "a8b8", "i1h1", "b8c8", "h1g1",
];

/// Red chariot a8 gives four checks (a9, a8, a7, a8) while the black general walks f9-f8-f7-f8-f9, then both
/// chariots walk: 24 plies without a capture.
const CHECKING_WALK: &str = "5k3/R8/9/9/8r/9/9/9/9/3K5 w - - 0 1";
const CHECKING_WALK_MOVES: &[&str] = &[
    "a8a9", "f9f8", "a9a8", "f8f7", "a8a7", "f7f8", "a7a8", "f8f9", "a8b8", "i5i4", "b8c8", "i4i3", "c8c7", "i3i2",
    "c7c6", "i2i1", "c6c5", "i1h1", "c5c4", "h1g1", "c4c3", "g1g2", "c3c2", "g2g3",
];

fn short_limit(checks: u32, automatic: bool) -> ArbiterConfig {
    ArbiterConfig {
        natural_limit_plies: 20,
        natural_limit_checks: checks,
        auto_natural_draw: automatic,
        ..ArbiterConfig::default()
    }
}

#[test]
fn natural_limit_reached_without_checks() {
    let g = game_with(QUIET_WALK, short_limit(2, true), QUIET_WALK_MOVES);
    for ply in 0..=20 {
        assert_eq!(g.occurrences(ply).len(), 1, "ply {ply} repeats");
    }
    let n = g.natural_limit_at(19);
    assert_eq!((n.plies_since_capture, n.claimable_by), (19, [false, false]));
    assert_eq!(g.verdict_at(19), Verdict::Continue);
    let n = g.natural_limit();
    assert_eq!((n.plies_since_capture, n.checks, n.limit), (20, [0, 0], 20));
    assert_eq!(n.claimable_by, [true, true]);
    let v = g.verdict();
    assert!(matches!(v, Verdict::Draw(_)), "{v:?}");
    assert_eq!(reason(&v), Reason::NaturalLimit);
    assert_eq!(v.ruling().unwrap().natural_limit, Some(n));
}

#[test]
fn natural_limit_only_claimable_when_not_automatic() {
    let g = game_with(QUIET_WALK, short_limit(2, false), QUIET_WALK_MOVES);
    let n = g.natural_limit();
    assert_eq!(n.claimable_by, [true, true]);
    assert!(!n.automatic);
    assert_eq!(g.verdict(), Verdict::Continue);
}

#[test]
fn natural_limit_claimants_checks_beyond_the_cap_do_not_count() {
    // Four red checks, two of them beyond the cap: red's claim needs 20 + 2 * 2 plies, black's only 20.
    let g = game_with(CHECKING_WALK, short_limit(2, false), CHECKING_WALK_MOVES);
    for ply in 0..=24 {
        assert!(g.occurrences(ply).len() <= 2, "ply {ply} occurs three times");
    }
    let n = g.natural_limit_at(20);
    assert_eq!((n.plies_since_capture, n.checks, n.check_cap), (20, [4, 0], 2));
    assert_eq!(n.claimable_by, [false, true]);
    assert_eq!(g.verdict_at(20), Verdict::Continue);
    assert_eq!(g.natural_limit_at(23).claimable_by, [false, true]);
    let n = g.natural_limit_at(24);
    assert_eq!((n.plies_since_capture, n.checks), (24, [4, 0]));
    assert_eq!(n.claimable_by, [true, true]);

    // Declared automatically as soon as black could claim.
    let g = game_with(CHECKING_WALK, short_limit(2, true), CHECKING_WALK_MOVES);
    assert_eq!(g.verdict_at(19), Verdict::Continue);
    let v = g.verdict_at(20);
    assert_eq!(reason(&v), Reason::NaturalLimit);
    assert_eq!(v.ruling().unwrap().natural_limit.unwrap().claimable_by, [false, true]);

    // With the default cap of ten, all four checks count for red as well.
    let g = game_with(CHECKING_WALK, short_limit(10, false), CHECKING_WALK_MOVES);
    assert_eq!(g.natural_limit_at(20).claimable_by, [true, true]);
    assert_eq!(g.natural_limit_at(19).claimable_by, [false, false]);
}

// ---------------------------------------------------------------------------------------------------------
// 5. Insufficient material, 6. checkmate and stalemate
// ---------------------------------------------------------------------------------------------------------

/// Generals, advisors and elephants only.
const DEFENDERS_ONLY: &str = "2bakab2/9/9/9/9/9/9/9/4A4/2BK1AB2 w - - 0 1";

#[test]
fn insufficient_material_with_defenders_only() {
    assert!(is_insufficient_material(&pos(DEFENDERS_ONLY)));
    assert!(is_insufficient_material(&pos("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")));
    // One soldier, even an uncrossed one, is enough to play on.
    let with_soldier = "2bakab2/9/9/4p4/9/9/9/9/4A4/2BK1AB2 w - - 0 1";
    assert!(!is_insufficient_material(&pos(with_soldier)));
    assert!(!is_insufficient_material(&pos("2bakab2/9/9/9/9/9/9/9/4A4/1RBK1AB2 w - - 0 1")));

    let v = Game::from_fen(DEFENDERS_ONLY).unwrap().verdict();
    assert!(matches!(v, Verdict::Draw(_)), "{v:?}");
    assert_eq!(reason(&v), Reason::InsufficientMaterial);
    assert_eq!(Game::from_fen(with_soldier).unwrap().verdict(), Verdict::Continue);
}

/// The red horse g8 checks the black general e9, boxed in by its advisors and its horse e8.
#[test]
fn checkmate_loses() {
    let g = Game::from_fen("3aka3/4n1N2/9/9/9/9/9/9/9/3K5 b - - 0 1").unwrap();
    let v = g.verdict();
    assert!(matches!(v, Verdict::Loss(_)), "{v:?}");
    assert_eq!(reason(&v), Reason::Checkmate);
    assert_eq!(v.side(), Some(Color::Black));
    assert_eq!(v.summary(), "black loses");
}

/// The red chariots d8 and f5 take every point from the black general e9, which is not in check.
#[test]
fn stalemate_loses() {
    let g = Game::from_fen("4k4/3R5/9/9/5R3/9/9/9/9/3K5 b - - 0 1").unwrap();
    assert!(!g.position().is_check());
    let v = g.verdict();
    assert!(matches!(v, Verdict::Loss(_)), "{v:?}");
    assert_eq!(reason(&v), Reason::Stalemate);
    assert_eq!(v.side(), Some(Color::Black));
}

/// The kill position (with a spare black soldier a6) played out: h6-g8 mates, and the game says so.
#[test]
fn checkmate_after_a_move() {
    let g = game("3aka3/4n4/9/p8/9/6N2/9/9/9/3K5 w - - 0 1", &["g4h6", "a6a5", "h6g8"]);
    let v = g.verdict();
    assert_eq!(reason(&v), Reason::Checkmate);
    assert_eq!(v.side(), Some(Color::Black));
    assert_eq!(g.verdict_at(2), Verdict::Continue);
}

// ---------------------------------------------------------------------------------------------------------
// 7. Explanations
// ---------------------------------------------------------------------------------------------------------

fn assert_lists_every_ply(text: &str, v: &Verdict) {
    let r = v.ruling().unwrap();
    assert!(!r.moves.is_empty());
    for (ply, c) in &r.moves {
        let entry = format!("{} {} {}", c.side.name(), c.mv, c.class.label());
        assert!(text.contains(&entry), "ply {ply}: {entry:?} missing from {text:?}");
    }
}

#[test]
fn explanation_of_perpetual_check() {
    let v = game(PERPETUAL_CHECK, &cycle(PERPETUAL_CHECK_CYCLE, 2)).verdict();
    let text = v.explanation();
    assert!(text.contains("24.1"), "{text}");
    assert!(text.contains("red"), "{text}");
    assert!(text.contains("check"), "{text}");
    assert_lists_every_ply(&text, &v);
}

#[test]
fn explanation_of_must_change() {
    let v = game(CHECK_AND_CHASE, &cycle(CHECK_AND_CHASE_CYCLE, 2)).verdict();
    let text = v.explanation();
    assert!(text.contains("24.3"), "{text}");
    assert!(text.contains("red"), "{text}");
    assert!(text.contains("must change"), "{text}");
    assert!(text.contains("chase") && text.contains("idle") && text.contains("check"), "{text}");
    assert_lists_every_ply(&text, &v);
    assert!(Verdict::Continue.explanation().contains("continues"));
}

/// The red chariot i1 goes to a1 and faces the black chariot a9 on the open a-file: an exchange offer, idle.
#[test]
fn facing_an_equal_piece_is_an_exchange_offer() {
    let c = classify("r2k5/9/9/9/9/9/9/9/8R/5K3 w - - 0 1", "i1a1");
    assert_eq!(c.class, MoveClass::Idle(IdleKind::Exchange));
    assert!(c.chases.is_empty());
}

/// A classification whose searches run out of nodes says it is undecided, and a starved search claims no
/// chase. (That it then stops is seen only in its cost: `docs/performance.md`.)
#[test]
fn a_classification_past_its_node_budget_is_undecided() {
    let fen = "4k4/9/9/9/2n6/9/9/9/9/3K4R w - - 0 1";
    let decided = classify(fen, "i0i5");
    assert_eq!(decided.class, MoveClass::Chase);
    assert!(!decided.undecided);
    let mut config = ArbiterConfig::default();
    config.limits.node_budget = 1;
    let starved = classify_move(&pos(fen), mv("i0i5"), None, &config).unwrap();
    assert!(starved.undecided);
    assert!(starved.chases.is_empty(), "{starved:?}");
}
