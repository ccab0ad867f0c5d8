//! The chased pieces of a move: who wins them, why they count, and whether the attack is joint.

use super::classify::{ChaseTarget, PieceId};
use super::roots::{analyse_root_with, rooting_with_pairs, Rooting};
use super::search::child;
use super::threats::{Threat, ThreatMeans};
use super::ArbiterConfig;
use crate::{Move, Position, Square, SquareSet};

/// The chased piece of the threat `t` (found in `view`, the board with the mover to move again), with why it
/// counts and whether the attack is joint. `pairs` are the exchange offers standing in `view`, when known.
pub(crate) fn make_target(
    view: &Position,
    t: &Threat,
    id: u8,
    config: &ArbiterConfig,
    pairs: Option<&[Move]>,
) -> ChaseTarget {
    let attacker_piece = view.piece_at(t.capturer).expect("attacker");
    let rooting = match (t.means, pairs) {
        (ThreatMeans::Capture, Some(pairs)) => {
            rooting_with_pairs(view, t.target, t.capturer, &config.limits, pairs).ok()
        }
        (ThreatMeans::Capture, None) => {
            analyse_root_with(view, t.target, t.capturer, &config.limits).ok().map(|r| r.rooting)
        }
        (ThreatMeans::Checks | ThreatMeans::Sequence, _) => None,
    };
    // Joint: the root is outnumbered (少根), or another piece makes the protectors' recaptures illegal.
    let pinners = match t.means {
        ThreatMeans::Capture => pinners_of_protectors(view, t.capturer, t.target),
        _ => SquareSet::EMPTY,
    };
    let joint = rooting == Some(Rooting::Insufficient) || pinners.into_iter().any(|sq| sq != t.capturer);
    ChaseTarget {
        attacker: t.capturer,
        attacker_piece,
        target: t.target,
        target_piece: view.piece_at(t.target).expect("target"),
        target_id: PieceId(id),
        means: t.means,
        rooting,
        joint,
    }
}

/// The pieces of the capturer's side that make the recaptures on `target` illegal (pinners of false roots).
fn pinners_of_protectors(view: &Position, capturer: Square, target: Square) -> SquareSet {
    let mut pinners = SquareSet::EMPTY;
    let side = view.turn();
    let after = child(view, Move::new(capturer, target));
    for protector in after.attackers(target, !side) {
        let recapture = Move::new(protector, target);
        if after.is_legal(recapture) {
            continue;
        }
        let mut probe = after.clone();
        probe.play_unchecked(recapture);
        pinners |= probe.attackers(probe.general(!side), side);
    }
    pinners
}
