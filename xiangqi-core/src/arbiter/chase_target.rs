//! The chased pieces of a move: who wins them, why they count, and whether the attack is joint.

use super::classify::{ChaseTarget, PieceId};
use super::roots::analyse_root_with;
use super::search::child;
use super::threats::{exchange_pairs, winning_threats, Threat, ThreatMeans};
use super::ArbiterConfig;
use crate::{Move, Position, Role, Square, SquareSet};

fn without(pos: &Position, sq: Square) -> Position {
    let mut setup = pos.to_setup();
    setup.board[sq.index()] = None;
    Position::from_setup_unchecked(&setup)
}

/// Whether the side to move in `view` still wins the piece on `target` with the piece on `removed` gone.
fn wins_without(view: &Position, after: &Position, removed: Square, target: Square, config: &ArbiterConfig) -> bool {
    let reduced = without(view, removed);
    let reduced_after = without(after, removed);
    let pairs = exchange_pairs(&reduced, Some(&reduced_after), &config.limits);
    winning_threats(&reduced, &pairs, 0, &config.limits, Some(target)).iter().any(|t| t.target == target)
}

pub(crate) fn make_target(
    view: &Position,
    after: &Position,
    t: &Threat,
    id: u8,
    config: &ArbiterConfig,
) -> ChaseTarget {
    let attacker_piece = view.piece_at(t.capturer).expect("attacker");
    let rooting = match t.means {
        ThreatMeans::Capture => analyse_root_with(view, t.target, t.capturer, &config.limits).ok().map(|r| r.rooting),
        ThreatMeans::Checks | ThreatMeans::Sequence => None,
    };
    // The pieces that take part: other attackers of the target, and the pieces that pin its protectors.
    let mut helpers = view.attackers(t.target, attacker_piece.color);
    if t.means == ThreatMeans::Capture {
        helpers |= pinners_of_protectors(view, t.capturer, t.target);
    }
    if attacker_piece.role == Role::Cannon {
        // A screen is not a partner in the attack.
        helpers &= !cannon_screen(view, t.capturer, t.target);
    }
    let joint = helpers
        .into_iter()
        .filter(|&sq| sq != t.capturer && view.piece_at(sq).is_some_and(|p| p.role != Role::General))
        .any(|sq| !wins_without(view, after, sq, t.target, config));
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

/// The piece between a cannon on `from` and its target on `to`, if they share a line.
fn cannon_screen(pos: &Position, from: Square, to: Square) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    let df = (i16::from(to.file()) - i16::from(from.file())).signum() as i8;
    let dr = (i16::from(to.rank()) - i16::from(from.rank())).signum() as i8;
    if df != 0 && dr != 0 {
        return set;
    }
    let mut next = from.offset(df, dr);
    while let Some(sq) = next {
        if sq == to {
            break;
        }
        if pos.piece_at(sq).is_some() {
            set.insert(sq);
            break;
        }
        next = sq.offset(df, dr);
    }
    set
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
