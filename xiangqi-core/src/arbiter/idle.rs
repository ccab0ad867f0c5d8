//! The sub-kinds of an idle move (28.5-28.8), for reporting.

use super::classify::{IdleKind, PlyContext};
use super::search::child;
use super::value::nominal_value;
use crate::{Move, Position, Role};

/// The sub-kind of an idle move: an exchange offer (the moved piece and an opposing piece of equal value can
/// take each other), a sacrifice (the moved piece can be taken and not retaken), a block (it lands on the
/// line of an opposing chariot or cannon), a follow (it attacks the piece the opponent has just moved, which
/// is protected), or plain.
pub(crate) fn idle_kind(ctx: &PlyContext<'_>, view: &Position) -> IdleKind {
    let to = ctx.mv.to;
    let Some(moved) = ctx.after.piece_at(to) else { return IdleKind::Plain };
    let equal =
        |pos: &Position, sq| pos.piece_at(sq).is_some_and(|p| nominal_value(p.role) == nominal_value(moved.role));
    let takers: Vec<Move> = ctx.after.legal_captures().into_iter().filter(|m| m.to == to).collect();
    if moved.role != Role::Soldier {
        let taken_by_equal = takers.iter().any(|m| equal(ctx.after, m.from));
        let takes_equal = view
            .legal_captures()
            .into_iter()
            .any(|m| m.from == to && equal(view, m.to) && ctx.after.is_legal(Move::new(m.to, m.from)));
        if taken_by_equal || takes_equal {
            return IdleKind::Exchange;
        }
        if !takers.is_empty() {
            let retaken = takers.iter().any(|&m| child(ctx.after, m).legal_captures().into_iter().any(|r| r.to == to));
            if !retaken {
                return IdleKind::Sacrifice;
            }
        }
    }
    // A block lands where an opposing chariot or cannon reaches.
    let blocks = ctx.before.pieces_of(!moved.color).into_iter().any(|sq| {
        matches!(ctx.before.piece_at(sq).map(|p| p.role), Some(Role::Chariot | Role::Cannon))
            && ctx.before.attacks_from(sq).contains(to)
    });
    if blocks {
        return IdleKind::Block;
    }
    if let Some(previous) = ctx.previous_move {
        if view.attacks_from(to).contains(previous.to)
            && view.piece_at(previous.to).is_some_and(|p| p.color != moved.color)
        {
            return IdleKind::Follow;
        }
    }
    IdleKind::Plain
}
