//! The sub-kinds of an idle move (28.5-28.8), for reporting.

use super::classify::{IdleKind, PlyContext};
use super::search::child;
use super::value::nominal_value;
use crate::{Move, Position, Role};

pub(crate) fn idle_kind(ctx: &PlyContext<'_>, view: &Position) -> IdleKind {
    let to = ctx.mv.to;
    let moved = ctx.after.piece_at(to).expect("moved piece");
    let takers: Vec<Move> = ctx.after.legal_captures().into_iter().filter(|m| m.to == to).collect();
    if takers
        .iter()
        .any(|m| ctx.after.piece_at(m.from).is_some_and(|p| nominal_value(p.role) == nominal_value(moved.role)))
        && moved.role != Role::Soldier
    {
        return IdleKind::Exchange;
    }
    if !takers.is_empty() && moved.role != Role::Soldier {
        let recaptured = takers.iter().any(|&m| child(ctx.after, m).legal_captures().into_iter().any(|r| r.to == to));
        if !recaptured {
            return IdleKind::Sacrifice;
        }
    }
    let attacked = view.attacks_from(to) & view.pieces_of(!moved.color);
    if attacked.into_iter().any(|sq| view.piece_at(sq).is_some_and(|p| p.role != Role::General)) {
        return IdleKind::Follow;
    }
    let opponent_lines = ctx
        .before
        .pieces_of(!moved.color)
        .into_iter()
        .filter(|&sq| matches!(ctx.before.piece_at(sq).map(|p| p.role), Some(Role::Chariot | Role::Cannon)));
    for sq in opponent_lines {
        if ctx.before.attacks_from(sq).contains(to) {
            return IdleKind::Block;
        }
    }
    IdleKind::Plain
}
