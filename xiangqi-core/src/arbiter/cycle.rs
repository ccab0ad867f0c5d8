//! Side profiles over a repetition and the adjudication table (24, 25.2, 26, 27.2; SPEC §7-§8).

use super::classify::{Classification, MoveClass};
use super::roots::Rooting;
use super::value::nominal_value;
use super::verdict::{Reason, SideProfile};
use super::RuleSet;
use crate::Color;

/// What a repetition comes to, before the warning of 24.3 is taken into account.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CycleRuling {
    Draw(Reason),
    MustChange(Color, Reason),
    Loss(Color, Reason),
}

fn profile<'a>(moves: impl Iterator<Item = &'a Classification>, count_soldiers: bool) -> SideProfile {
    let (mut all_checks, mut all_attacks, mut any) = (true, true, false);
    for c in moves {
        any = true;
        let attack = c.class.is_attack() || (count_soldiers && c.idle_rule.is_none() && !c.soldier_chases.is_empty());
        all_checks &= c.class == MoveClass::Check;
        all_attacks &= attack;
    }
    match (any, all_checks, all_attacks) {
        (false, _, _) => SideProfile::Allowed,
        (true, true, _) => SideProfile::PerpetualCheck,
        (true, false, true) => SideProfile::Forbidden,
        _ => SideProfile::Allowed,
    }
}

fn axf_profile<'a>(moves: impl Iterator<Item = &'a Classification> + Clone) -> SideProfile {
    if profile(moves.clone(), false) == SideProfile::PerpetualCheck {
        return SideProfile::PerpetualCheck;
    }
    // Every move chases (a check that also wins material counts), and one piece is chased on all of them.
    // A soldier's chase is allowed under these rules; the general may chase with other pieces.
    let mut common: Option<Vec<u8>> = None;
    for c in moves {
        let chasing = matches!(c.class, MoveClass::Chase | MoveClass::Check)
            && !(c.chases.is_empty() && c.general_chases.is_empty());
        if !chasing {
            return SideProfile::Allowed;
        }
        let ids: Vec<u8> = c.chases.iter().chain(&c.general_chases).map(|t| t.target_id.0).collect();
        common = Some(match common {
            None => ids,
            Some(prev) => prev.into_iter().filter(|id| ids.contains(id)).collect(),
        });
    }
    match common {
        Some(ids) if !ids.is_empty() => SideProfile::Forbidden,
        _ => SideProfile::Allowed,
    }
}

/// A side chases with single pieces against unrooted targets: on every chasing move, the most valuable target
/// is attacked by one piece and is not merely insufficiently rooted.
fn is_pure<'a>(moves: impl Iterator<Item = &'a Classification>) -> bool {
    moves.filter(|c| c.class == MoveClass::Chase).all(|c| {
        let principal = c.chases.iter().max_by_key(|t| nominal_value(t.target_piece.role));
        principal.is_none_or(|t| !t.joint && t.rooting != Some(Rooting::Insufficient))
    })
}

/// Judges a window of classified moves (every move of two cycles).
pub(crate) fn judge_cycle(window: &[(usize, Classification)], rules: RuleSet) -> (CycleRuling, [SideProfile; 2]) {
    let of = |side: Color| window.iter().map(|(_, c)| c).filter(move |c| c.side == side);
    let mut profiles = match rules {
        RuleSet::Axf => [axf_profile(of(Color::Red)), axf_profile(of(Color::Black))],
        _ => [profile(of(Color::Red), false), profile(of(Color::Black), false)],
    };
    let attacking = |p: SideProfile| p != SideProfile::Allowed;
    if rules != RuleSet::Axf && attacking(profiles[0]) && attacking(profiles[1]) {
        // Mutual perpetual attack: soldiers' chases count again (27.2).
        profiles = [profile(of(Color::Red), true), profile(of(Color::Black), true)];
    }
    use SideProfile::*;
    let ruling = match (profiles[0], profiles[1]) {
        (PerpetualCheck, PerpetualCheck) => CycleRuling::Draw(Reason::MutualPerpetualCheck),
        (PerpetualCheck, _) => CycleRuling::Loss(Color::Red, Reason::PerpetualCheck),
        (_, PerpetualCheck) => CycleRuling::Loss(Color::Black, Reason::PerpetualCheck),
        (Forbidden, Allowed) => CycleRuling::MustChange(Color::Red, Reason::PerpetualAttack),
        (Allowed, Forbidden) => CycleRuling::MustChange(Color::Black, Reason::PerpetualAttack),
        (Allowed, Allowed) => CycleRuling::Draw(Reason::BothAllowed),
        (Forbidden, Forbidden) => {
            if rules == RuleSet::Cxa2020 {
                match (is_pure(of(Color::Red)), is_pure(of(Color::Black))) {
                    (true, false) => CycleRuling::MustChange(Color::Red, Reason::SinglePieceChase),
                    (false, true) => CycleRuling::MustChange(Color::Black, Reason::SinglePieceChase),
                    _ => CycleRuling::Draw(Reason::BothForbidden),
                }
            } else {
                CycleRuling::Draw(Reason::BothForbidden)
            }
        }
    };
    (ruling, profiles)
}
