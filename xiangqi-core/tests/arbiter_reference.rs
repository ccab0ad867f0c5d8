//! Differential tests: the fast classifier against the reference classifier (`arbiter::reference`), which
//! writes each definition out as plain minimax without pruning or node budget. They must give the same
//! class and the same chased pieces (the soldiers' and the general's kept apart) on (a) every ply of the
//! public repetition cases, (b) repetition cycles generated from the bundled games, and (c) cycles on
//! composed sparse positions. A move the fast classifier marks undecided is counted, not compared.
//!
//! A move the reference is sure of (no line reached a bound) is classified again with every bound doubled,
//! which must not change it.
//!
//! Sample sizes: `XQ_CYCLES` cycles of each generated kind (default 1,000; `make arbiter-cycles` runs more).

#[path = "support/composed.rs"]
mod composed;
#[path = "support/cycles.rs"]
mod cycles;

use serde_json::Value;
use std::path::PathBuf;
use xiangqi_core::arbiter::{reference, ArbiterConfig, Classification, MoveClass, RuleSet, SearchLimits};
use xiangqi_core::{Game, Position, Square};

#[derive(Default)]
struct Tally {
    compared: usize,
    undecided: usize,
    disagreements: Vec<String>,
    /// Moves the reference is sure of (no line reached a bound), and those whose answer changed when every
    /// bound was doubled.
    exact: usize,
    changed_when_doubled: Vec<String>,
}

/// Every search bound doubled.
fn doubled(config: &ArbiterConfig) -> ArbiterConfig {
    let l = config.limits;
    let mut c = config.clone();
    c.limits = SearchLimits {
        capture_plies: 2 * l.capture_plies,
        check_moves: 2 * l.check_moves,
        reply_checks: 2 * l.reply_checks,
        kill_moves: 2 * l.kill_moves,
        mate_reply_moves: 2 * l.mate_reply_moves,
        node_budget: 2 * l.node_budget,
    };
    c
}

fn squares(list: &[xiangqi_core::arbiter::ChaseTarget]) -> Vec<Square> {
    let mut v: Vec<Square> = list.iter().map(|t| t.target).collect();
    v.sort_by_key(|sq| sq.index());
    v
}

fn sorted(mut v: Vec<Square>) -> Vec<Square> {
    v.sort_by_key(|sq| sq.index());
    v
}

fn summary(class: MoveClass, chases: &[Square], soldiers: &[Square], general: &[Square]) -> String {
    format!("{} chases {chases:?} soldier {soldiers:?} general {general:?}", class.name())
}

fn compare_game(game: &Game, origin: &str, tally: &mut Tally) {
    for i in 0..game.len() {
        let fast: &Classification = game.classify(i).expect("ply");
        if fast.undecided {
            tally.undecided += 1;
            continue;
        }
        let slow = reference::classify_in(game, i).expect("ply").expect("classifiable");
        tally.compared += 1;
        let a =
            summary(fast.class, &squares(&fast.chases), &squares(&fast.soldier_chases), &squares(&fast.general_chases));
        let b = summary(
            slow.class,
            &sorted(slow.chases.clone()),
            &sorted(slow.soldier_chases.clone()),
            &sorted(slow.general_chases.clone()),
        );
        if slow.exact {
            tally.exact += 1;
            let deeper = reference::classify_in_with(game, i, &doubled(game.config())).expect("ply").expect("ok");
            if deeper.class != slow.class || sorted(deeper.chases.clone()) != sorted(slow.chases.clone()) {
                tally.changed_when_doubled.push(format!("{origin} ply {i}: {b}, doubled {:?}", deeper));
            }
        }
        // Class names: the reference does not work out idle sub-kinds.
        if a != b {
            tally.disagreements.push(format!(
                "{origin} ply {i} {} in {}: fast {a}, reference {b}",
                game.moves()[i],
                game.position_at(i).expect("position").fen()
            ));
        }
    }
}

fn game_of(fen: &str, moves: &[String], rules: RuleSet) -> Game {
    let mut game = Game::with_config(Position::from_fen(fen).expect("legal"), ArbiterConfig::with_rules(rules));
    for m in moves {
        game.push(m.parse().expect("ICCS")).expect("legal");
    }
    game
}

fn report(name: &str, tally: &Tally) {
    println!(
        "{name}: {} moves compared, {} disagreements ({:.2}% agreement), {} undecided by the fast classifier",
        tally.compared,
        tally.disagreements.len(),
        100.0 * (tally.compared - tally.disagreements.len()) as f64 / tally.compared.max(1) as f64,
        tally.undecided
    );
    for d in tally.disagreements.iter().take(10) {
        println!("  {d}");
    }
    println!(
        "{name}: the reference is sure of {} moves; doubling every bound changed {} of them",
        tally.exact,
        tally.changed_when_doubled.len()
    );
}

/// At least 99.5% agreement (the acceptance figure); every disagreement is printed.
fn assert_agreement(name: &str, tally: &Tally) {
    report(name, tally);
    assert!(tally.compared > 0 && tally.exact > 0, "{name}: nothing compared, or nothing the reference is sure of");
    assert!(tally.changed_when_doubled.is_empty(), "{name}: {:?}", tally.changed_when_doubled);
    assert!(
        tally.disagreements.len() * 200 <= tally.compared,
        "{name}: {} disagreements in {} moves",
        tally.disagreements.len(),
        tally.compared
    );
}

#[test]
fn public_cases_agree() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/rules/repetition-cases.jsonl");
    let text = std::fs::read_to_string(path).expect("cases");
    let mut tally = Tally::default();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("JSON");
        let id = case["id"].as_str().expect("id");
        let moves: Vec<String> =
            case["moves"].as_array().expect("moves").iter().map(|m| m.as_str().expect("move").to_string()).collect();
        let rules = if id.starts_with("cxa2020") { [RuleSet::Cxa, RuleSet::Cxa2020] } else { [RuleSet::Axf; 2] };
        for r in rules {
            compare_game(&game_of(case["fen"].as_str().expect("fen"), &moves, r), id, &mut tally);
        }
    }
    assert_agreement("public cases", &tally);
    assert!(tally.disagreements.is_empty(), "the public cases must agree exactly");
}

#[test]
fn generated_cycles_agree() {
    let mut tally = Tally::default();
    for cycle in cycles::generate(cycles::sample_size(1_000), 0xd1ff) {
        compare_game(&game_of(&cycle.fen, &cycle.moves, RuleSet::Cxa), &cycle.origin, &mut tally);
    }
    assert_agreement("generated cycles", &tally);
}

#[test]
fn composed_positions_agree() {
    let mut rng = cycles::Rng::new(0xc0_ffee);
    let mut tally = Tally::default();
    let wanted = cycles::sample_size(1_000);
    let mut made = 0;
    for attempt in 0..wanted * 20 {
        if made >= wanted {
            break;
        }
        let Some(pos) = composed::sparse_position(&mut rng, 7) else { continue };
        let Some(moves) = cycles::shuttle(&pos, &mut rng) else { continue };
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        made += 1;
        let rules = [RuleSet::Cxa, RuleSet::Axf][attempt % 2];
        compare_game(&game_of(&pos.fen(), &moves, rules), &format!("composed {made}"), &mut tally);
    }
    assert_agreement("composed positions", &tally);
}
