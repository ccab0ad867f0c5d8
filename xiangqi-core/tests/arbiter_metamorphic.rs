//! Metamorphic properties of the arbiter on the public repetition cases: the rules know no left or right, no
//! colour, and no first move of a cycle. Mirroring the board, turning it with the colours exchanged, or
//! starting the game at another ply of the same cycle must give the same classes and verdict.

#[path = "support/transform.rs"]
mod transform;

use serde_json::Value;
use std::path::PathBuf;
use transform::{mirror_fen, mirror_move, swap_colours_fen, swap_colours_move, swap_verdict};
use xiangqi_core::arbiter::{ArbiterConfig, RuleSet};
use xiangqi_core::{Game, Position};

fn load_cases() -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/rules/repetition-cases.jsonl");
    let text = std::fs::read_to_string(&path).expect("cases");
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).expect("JSON")).collect()
}

/// Classes per ply and the verdict of a game, or None when the transformed start is not a legal position.
fn judge(fen: &str, moves: &[String], rules: RuleSet) -> Option<(Vec<&'static str>, String)> {
    let start = Position::from_fen(fen).ok()?;
    let mut game = Game::with_config(start, ArbiterConfig::with_rules(rules));
    for m in moves {
        game.push(m.parse().expect("ICCS")).unwrap_or_else(|e| panic!("{m} after {fen}: {e}"));
    }
    let classes = (0..game.len()).map(|i| game.classify(i).expect("ply").class.name()).collect();
    Some((classes, game.verdict().summary().to_string()))
}

fn moves_of(case: &Value) -> Vec<String> {
    case["moves"].as_array().expect("moves").iter().map(|m| m.as_str().expect("move").to_string()).collect()
}

fn rules_for(case: &Value) -> Vec<RuleSet> {
    if case["id"].as_str().expect("id").starts_with("cxa2020") {
        vec![RuleSet::Cxa, RuleSet::Cxa2020]
    } else {
        vec![RuleSet::Axf]
    }
}

fn check(name: &str, failures: &mut Vec<String>, transform: impl Fn(&str, &[String]) -> (String, Vec<String>, bool)) {
    for case in load_cases() {
        let id = case["id"].as_str().expect("id");
        let fen = case["fen"].as_str().expect("fen");
        let moves = moves_of(&case);
        for rules in rules_for(&case) {
            let (base_classes, base_verdict) = judge(fen, &moves, rules).expect("legal case");
            let (t_fen, t_moves, swapped) = transform(fen, &moves);
            let Some((classes, verdict)) = judge(&t_fen, &t_moves, rules) else { continue };
            let verdict = if swapped { swap_verdict(&verdict) } else { verdict };
            if classes != base_classes || verdict != base_verdict {
                failures.push(format!(
                    "{name} {id} ({}): classes {classes:?} verdict {verdict:?}, untransformed {base_classes:?} \
                     {base_verdict:?}",
                    rules.name()
                ));
            }
        }
    }
}

#[test]
fn mirror_and_colour_swap_change_nothing() {
    let mut failures = Vec::new();
    check("mirror", &mut failures, |fen, moves| {
        (mirror_fen(fen), moves.iter().map(|m| mirror_move(m)).collect(), false)
    });
    check("swap", &mut failures, |fen, moves| {
        (swap_colours_fen(fen), moves.iter().map(|m| swap_colours_move(m)).collect(), true)
    });
    assert!(failures.is_empty(), "{} changes:\n{}", failures.len(), failures.join("\n"));
}

/// The same cycle entered one or more plies later: the positions played through are the same, so the verdict
/// is too.
#[test]
fn entering_the_cycle_later_changes_nothing() {
    let mut failures = Vec::new();
    for case in load_cases() {
        let id = case["id"].as_str().expect("id");
        let period = case["cycle_plies"].as_u64().unwrap_or(0) as usize;
        let moves = moves_of(&case);
        if period == 0 || moves.len() != 2 * period {
            continue;
        }
        for rules in rules_for(&case) {
            let (_, base_verdict) = judge(case["fen"].as_str().expect("fen"), &moves, rules).expect("legal");
            let mut pos = Position::from_fen(case["fen"].as_str().expect("fen")).expect("legal");
            for k in 1..period {
                pos = pos.play(moves[k - 1].parse().expect("ICCS")).expect("legal");
                let shifted: Vec<String> = (0..2 * period).map(|i| moves[(k + i) % period].clone()).collect();
                let (_, verdict) = judge(&pos.fen(), &shifted, rules).expect("legal");
                // Entering later moves the side whose move completes the cycle: both verdicts name a loser or a
                // draw the same way.
                if verdict != base_verdict {
                    failures
                        .push(format!("{id} ({}) from ply {k}: {verdict:?}, from 0: {base_verdict:?}", rules.name()));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} changes:\n{}", failures.len(), failures.join("\n"));
}
