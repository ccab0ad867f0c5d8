//! The arbiter on bad input and on arbitrary games: typed errors, never a panic.

use proptest::prelude::*;
use xiangqi_core::arbiter::{analyse_root, classify_move, ArbiterConfig, RootError, Rooting, RuleSet, Verdict};
use xiangqi_core::{Color, Game, Move, Position, Square};

#[test]
fn illegal_moves_leave_the_game_unchanged() {
    let mut game = Game::default();
    game.push("h2e2".parse().unwrap()).unwrap();
    let before = game.position().clone();
    let err = game.push("e2e9".parse().unwrap()).unwrap_err();
    assert_eq!(err.mv.to_string(), "e2e9");
    assert_eq!(game.position(), &before);
    assert_eq!(game.len(), 1);
    assert!(game.classify(1).is_none(), "no classification past the end");
    assert_eq!(game.verdict_at(5), Verdict::Continue, "no verdict past the end");
    assert!(classify_move(&before, "a0a5".parse().unwrap(), None, &ArbiterConfig::default()).is_err());
}

#[test]
fn root_analysis_errors_are_typed() {
    let pos = Position::default();
    assert_eq!(analyse_root(&pos, Square::E5, Square::B2), Err(RootError::Empty(Square::E5)));
    assert_eq!(analyse_root(&pos, Square::B0, Square::B2), Err(RootError::SameSide(Square::B2, Square::B0)));
    assert_eq!(analyse_root(&pos, Square::E9, Square::E0), Err(RootError::GeneralTarget(Square::E9)));
    // Red, to move, is in check from the chariot: black cannot be put on move to attack the advisor.
    let check = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/3K4r w - - 0 1").unwrap();
    assert_eq!(analyse_root(&check, Square::E1, Square::I0), Err(RootError::OpponentInCheck(Color::Red, Color::Black)));
    // The red general covers its chariot, but taking back would face the black general: a false root.
    let facing = Position::from_fen("3k5/9/9/9/9/9/9/3r5/3R5/3K5 b - - 0 1").unwrap();
    let report = analyse_root(&facing, Square::D1, Square::D2).unwrap();
    assert_eq!(report.rooting, Rooting::FalseRoot);
    assert_eq!(report.real_roots().count(), 0);
    assert_eq!(report.exchange_gain, 4);
    // A capture the attacker cannot make at all.
    let blocked = Position::from_fen("3k5/9/9/9/9/9/9/3r5/3N5/3RK4 b - - 0 1").unwrap();
    assert_eq!(analyse_root(&blocked, Square::D0, Square::D2).unwrap().rooting, Rooting::NotCapturable);
}

#[test]
fn unknown_rule_sets_are_errors() {
    assert_eq!("cxa".parse::<RuleSet>(), Ok(RuleSet::Cxa));
    assert_eq!("CXA2020".parse::<RuleSet>(), Ok(RuleSet::Cxa2020));
    let err = "fide".parse::<RuleSet>().unwrap_err();
    assert!(err.to_string().contains("fide"));
}

/// A game of up to `plies` moves chosen by `choices` among the legal moves (stops at mate).
fn random_game(start: &Position, choices: &[u16], config: ArbiterConfig) -> Game {
    let mut game = Game::with_config(start.clone(), config);
    for &c in choices {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        game.push(moves[usize::from(c) % moves.len()]).unwrap();
    }
    game
}

const STARTS: [&str; 4] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "2baka2r/9/2n1b4/2p1p4/9/3Rc1Pc1/4C1n2/3NB1NC1/4A4/4KAB2 w - - 0 1",
    "3k5/4P4/4b4/3C5/4c4/9/9/9/9/5K3 w - - 0 1",
    "1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Classifying every move and judging every ply of arbitrary games never panics, and the verdict after
    /// each ply depends only on the game up to that ply.
    #[test]
    fn arbitrary_games_are_judged(
        start in 0usize..STARTS.len(),
        choices in proptest::collection::vec(any::<u16>(), 0..30),
        rules in prop_oneof![Just(RuleSet::Cxa), Just(RuleSet::Cxa2020), Just(RuleSet::Axf)],
    ) {
        let pos = Position::from_fen(STARTS[start]).unwrap();
        let game = random_game(&pos, &choices, ArbiterConfig::with_rules(rules));
        for i in 0..game.len() {
            let c = game.classify(i).unwrap();
            prop_assert_eq!(c.mv, game.moves()[i]);
            prop_assert_eq!(c.side, game.position_at(i).unwrap().turn());
        }
        for ply in 0..=game.len() {
            let verdict = game.verdict_at(ply);
            prop_assert!(!verdict.explanation().is_empty());
            // The same verdict from a game that stops at that ply.
            let mut prefix = Game::with_config(pos.clone(), ArbiterConfig::with_rules(rules));
            for &m in &game.moves()[..ply] {
                prefix.push(m).unwrap();
            }
            prop_assert_eq!(prefix.verdict(), verdict);
        }
    }

    /// Shuffling two pieces back and forth always reaches a repetition verdict at the third occurrence.
    #[test]
    fn shuffles_are_judged_at_the_third_occurrence(start in 0usize..STARTS.len(), pick in any::<u16>()) {
        let pos = Position::from_fen(STARTS[start]).unwrap();
        let back = |m: Move| Move::new(m.to, m.from);
        let quiet = |p: &Position| -> Vec<Move> {
            p.legal_moves().into_iter().filter(|&m| !p.is_capture(m)).collect()
        };
        let candidates: Vec<[Move; 4]> = quiet(&pos).into_iter().filter_map(|a| {
            let p1 = pos.clone().play(a).ok()?;
            quiet(&p1).into_iter().find_map(|b| {
                let p2 = p1.clone().play(b).ok()?;
                let p4 = p2.play(back(a)).ok()?.play(back(b)).ok()?;
                (p4.zobrist_hash() == pos.zobrist_hash() && p4.fen().split(' ').next() == pos.fen().split(' ').next()).then_some([a, b, back(a), back(b)])
            })
        }).collect();
        prop_assume!(!candidates.is_empty());
        let cycle = candidates[usize::from(pick) % candidates.len()];
        let mut game = Game::new(pos.clone());
        for round in 0..2 {
            for (i, &m) in cycle.iter().enumerate() {
                game.push(m).unwrap();
                let last = round == 1 && i == 3;
                prop_assert_eq!(game.repetition_verdict_at(game.len()) != Verdict::Continue, last);
            }
        }
        let verdict = game.verdict();
        prop_assert!(verdict.ruling().is_some());
        if let Some(side) = verdict.side() {
            prop_assert!(side == Color::Red || side == Color::Black);
        }
    }
}

/// A position the repetition rules do not cover (a general has been captured): both classifiers give a typed
/// error, never a panic.
#[test]
fn classifying_without_a_general_is_a_typed_error() {
    use xiangqi_core::arbiter::{reference, ClassifyError};
    use xiangqi_core::{fen::Fen, PositionErrorKinds};
    // Black is in check with red to move: accepted on request, and red can take the general.
    let fen: Fen = "4k4/9/9/9/9/9/9/9/9/3KR4 w - - 0 1".parse().unwrap();
    let pos = fen.into_position(PositionErrorKinds::OPPONENT_IN_CHECK).unwrap();
    let taken = pos.clone().play("e0e9".parse().unwrap()).unwrap();
    let mv = taken.legal_moves().into_iter().next();
    let mv = mv.unwrap_or_else(|| "d0d1".parse().unwrap());
    let config = ArbiterConfig::default();
    assert_eq!(classify_move(&taken, mv, None, &config).unwrap_err(), ClassifyError::NoGeneral(Color::Black));
    assert_eq!(reference::classify(&taken, mv, None, &config).unwrap_err(), ClassifyError::NoGeneral(Color::Black));
    // The move that takes the general is not classified either, alone or in a game.
    let capture: Move = "e0e9".parse().unwrap();
    assert_eq!(classify_move(&pos, capture, None, &config).unwrap_err(), ClassifyError::NoGeneral(Color::Black));
    assert_eq!(reference::classify(&pos, capture, None, &config).unwrap_err(), ClassifyError::NoGeneral(Color::Black));
    let mut game = Game::new(pos.clone());
    game.push(capture).unwrap();
    assert_eq!(game.try_classify(0), Some(Err(&ClassifyError::NoGeneral(Color::Black))));
    assert!(game.classify(0).is_none() && game.try_classify(1).is_none());
    // An illegal move is the other error, from both.
    let start = Position::default();
    let bad: Move = "a0a5".parse().unwrap();
    assert!(matches!(classify_move(&start, bad, None, &config), Err(ClassifyError::Illegal(_))));
    assert!(matches!(reference::classify(&start, bad, None, &config), Err(ClassifyError::Illegal(_))));
}
