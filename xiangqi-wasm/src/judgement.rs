//! The arbiter's classification of a move and its verdict as plain JavaScript objects (see the
//! `Classification`, `ChaseTarget` and `Verdict` TypeScript interfaces).

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;
use xiangqi_core::arbiter::{ChaseTarget, Classification, IdleRule, MoveClass, Rooting, Verdict};

use crate::js::{nullable, set};
use crate::position::square_name;

fn target_object(t: &ChaseTarget) -> Object {
    let o = Object::new();
    set(&o, "attacker", square_name(t.attacker));
    set(&o, "attackerPiece", t.attacker_piece.char().to_string());
    set(&o, "target", square_name(t.target));
    set(&o, "targetPiece", t.target_piece.char().to_string());
    set(&o, "targetId", t.target_id.get());
    set(&o, "means", t.means.name());
    set(&o, "rooting", nullable(t.rooting.map(Rooting::name)));
    set(&o, "joint", t.joint);
    set(&o, "description", t.describe());
    o
}

fn targets(list: &[ChaseTarget]) -> Array {
    list.iter().map(|t| JsValue::from(target_object(t))).collect()
}

/// The sentence that sums up a classification: `"3. red d1e1 check"`, with the chased pieces and the rule
/// that made a move idle.
fn explanation(ply: usize, c: &Classification) -> String {
    let mut text = format!("{}. {} {} {}", ply + 1, c.side.name(), c.mv, c.class.label());
    let chased: Vec<String> = c.chases.iter().map(ChaseTarget::describe).collect();
    if !chased.is_empty() {
        text.push_str(&format!(" [{}]", chased.join("; ")));
    }
    if let Some(rule) = c.idle_rule {
        text.push_str(&format!(" [{}]", rule.describe()));
    }
    if c.undecided {
        text.push_str(" [undecided: a search reached its node budget]");
    }
    text
}

/// The classification of move `ply` (0-based) as a `Classification` object.
pub fn classification_object(ply: usize, c: &Classification) -> Object {
    let o = Object::new();
    set(&o, "ply", ply as u32);
    set(&o, "move", c.mv.to_string());
    set(&o, "side", c.side.name());
    set(&o, "moveClass", c.class.name());
    set(&o, "label", c.class.label());
    set(
        &o,
        "idleKind",
        nullable(match c.class {
            MoveClass::Idle(kind) => Some(kind.name()),
            _ => None,
        }),
    );
    set(&o, "chases", targets(&c.chases));
    set(&o, "soldierChases", targets(&c.soldier_chases));
    set(&o, "generalChases", targets(&c.general_chases));
    set(&o, "mateStart", nullable(c.mate_start.map(|m| m.to_string())));
    set(&o, "idleRule", nullable(c.idle_rule.map(IdleRule::name)));
    set(&o, "undecided", c.undecided);
    set(&o, "explanation", explanation(ply, c));
    o
}

/// The verdict as a `Verdict` object, `null` while play goes on.
pub fn verdict_object(verdict: &Verdict) -> JsValue {
    let Some(ruling) = verdict.ruling() else { return JsValue::NULL };
    let kind = verdict.kind();
    let winner = match verdict {
        Verdict::Loss(r) => r.side.map(|loser| (!loser).name()),
        _ => None,
    };
    let result = match (kind, winner) {
        ("draw", _) => "1/2-1/2",
        (_, Some("red")) => "1-0",
        (_, Some(_)) => "0-1",
        _ => "*",
    };
    let repetition = ruling.profiles.is_some();
    let o = Object::new();
    set(&o, "verdict", kind);
    set(&o, "termination", ruling.reason.name());
    set(&o, "winner", nullable(winner));
    set(&o, "side", nullable(ruling.side.map(|s| s.name())));
    set(&o, "article", ruling.reason.article());
    set(&o, "summary", verdict.summary());
    set(&o, "result", result);
    set(&o, "isGameOver", matches!(kind, "loss" | "draw"));
    set(&o, "explanation", verdict.explanation());
    let plies: JsValue = if repetition {
        Array::of2(&(ruling.plies.start as u32).into(), &(ruling.plies.end as u32).into()).into()
    } else {
        JsValue::NULL
    };
    set(&o, "plies", plies);
    let profiles: JsValue = match ruling.profiles {
        Some([red, black]) => Array::of2(&red.name().into(), &black.name().into()).into(),
        None => JsValue::NULL,
    };
    set(&o, "profiles", profiles);
    let moves: Array = ruling.moves.iter().map(|(ply, c)| JsValue::from(classification_object(*ply, c))).collect();
    set(&o, "moves", moves);
    o.into()
}
