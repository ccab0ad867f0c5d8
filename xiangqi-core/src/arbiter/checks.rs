//! The checking moves of a position, found without playing the moves that cannot check.

use super::search::child;
use crate::movegen::for_each_target_towards;
use crate::position::{bit, code_role_index, general_attacked, nearest, upto, Checkers};
use crate::tables::{HORSE_CHECKS, RAYS, SOLDIER_ATTACK_MASKS};
use crate::{Move, MoveList, Position, Role, Square};

/// Whether `m` can possibly give check (a cheap filter before playing it).
fn may_check(pos: &Position, m: Move, general: Square) -> bool {
    let (gf, gr) = (i32::from(general.file()), i32::from(general.rank()));
    let (ff, fr) = (i32::from(m.from.file()), i32::from(m.from.rank()));
    let (tf, tr) = (i32::from(m.to.file()), i32::from(m.to.rank()));
    if tf == gf || tr == gr || ff == gf || fr == gr {
        return true;
    }
    if (ff - gf).abs() == 1 && (fr - gr).abs() == 1 {
        return true; // a horse leg next to the general
    }
    matches!(pos.piece_at(m.from), Some(p) if p.role == Role::Horse) && (tf - gf).abs() <= 2 && (tr - gr).abs() <= 2
}

/// The legal moves of the side to move (in check or not, as `in_check` says) that give check: candidates are
/// filtered before they are played, and only moves that check are tested for legality.
pub(crate) fn checking_moves(pos: &Position, in_check: bool) -> MoveList {
    let mut checks = MoveList::new();
    checking_moves_into(pos, in_check, &mut checks);
    checks
}

/// [`checking_moves`] into `checks` (emptied first): a list filled where it lives is not copied.
pub(crate) fn checking_moves_into(pos: &Position, in_check: bool, checks: &mut MoveList) {
    debug_assert_eq!(in_check, pos.is_check(), "{}", pos.fen());
    checks.clear();
    let us = pos.turn();
    let general = pos.general(!us);
    if in_check {
        // Answering a check: every candidate needs the full test anyway.
        for &m in &pos.legal_moves_knowing(true) {
            if may_check(pos, m, general) && child(pos, m).is_check() {
                checks.push(m);
            }
        }
        return;
    }
    let occupied = pos.occupied_bits();
    let ours = Checkers::of(pos, us.index());
    let theirs = Checkers::of(pos, (!us).index());
    let own_general = pos.general(us).index();
    let filter = CheckFilter::new(pos, general.index(), &ours);
    // With a check standing (a view after a check), the squares a piece checks from by itself do not tell it all.
    let standing = general_attacked(occupied, general.index(), us.index(), &ours);
    // A move that neither leaves nor lands on a square of danger to the mover's own general is legal.
    let (leave_danger, land_danger) = pos.danger(own_general, &theirs);
    for from in pos.pieces_of(us) {
        let code = pos.board[from.index()];
        let f = from.index();
        let role = code_role_index(code);
        // A chariot or cannon standing on a line of the general changes that line by leaving it.
        let discovers = filter.discover & bit(f) != 0;
        let uncovers = discovers || (matches!(role, 4 | 5) && filter.lines & bit(f) != 0);
        // The targets worth a look, and those among them that surely check. A piece that uncovers a check by
        // leaving (see `CheckFilter::discover`) checks wherever it goes off the general's lines: landing
        // elsewhere blocks no line.
        let (targets, sure) = if standing {
            (filter.targets(f, role), 0)
        } else if discovers {
            (filter.targets(f, role), !filter.lines)
        } else if uncovers {
            (filter.targets(f, role), 0)
        } else {
            (filter.direct[role], filter.direct[role])
        };
        if targets == 0 {
            continue;
        }
        let test_all = f == own_general || leave_danger & bit(f) != 0;
        for_each_target_towards(&pos.board, occupied, f, code, targets, |to| {
            if targets & bit(to) == 0 {
                return;
            }
            let after = (occupied & !bit(f)) | bit(to);
            if sure & bit(to) == 0 && !general_attacked(after, general.index(), us.index(), &ours.moved(f, to)) {
                return;
            }
            let own = if f == own_general { to } else { own_general };
            if (test_all || land_danger & bit(to) != 0)
                && general_attacked(after, own, (!us).index(), &theirs.without(to))
            {
                return;
            }
            checks.push(Move::new(from, Square::new_unchecked(to as u8)));
        });
    }
}

/// Where each piece of the side to move must go to possibly give check, worked out once per position.
struct CheckFilter {
    /// Pieces whose leaving may uncover a check (on a line between the general and a chariot or cannon, or
    /// on the leg of a horse aimed at it): any target.
    discover: u128,
    /// The general's rank and file.
    lines: u128,
    /// The rays from the general that hold a cannon of the checking side (a piece landing there may become
    /// its screen).
    cannon_rays: u128,
    /// The squares from which a horse attacks the general.
    horse: u128,
    /// By role (index as in the board codes), when no check stands: the squares from which a piece that uncovers
    /// nothing checks by itself, and those where it becomes the only screen of a cannon (the first piece on a
    /// line from the general).
    direct: [u128; 7],
}

impl CheckFilter {
    fn new(pos: &Position, general: usize, ours: &Checkers) -> CheckFilter {
        let occupied = pos.occupied_bits();
        let own = pos.by_color[pos.turn().index()];
        let (mut discover, mut lines, mut cannon_rays) = (0u128, 0u128, 0u128);
        let (mut chariot, mut cannon, mut screens) = (0u128, 0u128, 0u128);
        for (dir, ray) in RAYS[general].iter().enumerate() {
            lines |= ray.mask;
            if ray.mask & ours.cannons != 0 {
                cannon_rays |= ray.mask;
            }
            // The first three pieces along the ray.
            let mut rest = ray.mask & occupied;
            let mut firsts = [usize::MAX; 3];
            for slot in &mut firsts {
                if rest == 0 {
                    break;
                }
                let sq = nearest(rest, dir);
                *slot = sq;
                rest &= !bit(sq);
            }
            let [b1, b2, b3] = firsts;
            let is = |sq: usize, set: u128| sq != usize::MAX && set & bit(sq) != 0;
            if is(b1, own) && is(b2, ours.lines_rank | ours.lines_file) {
                discover |= bit(b1);
            }
            if is(b3, ours.cannons) {
                // Either screen leaving leaves one screen.
                if is(b1, own) {
                    discover |= bit(b1);
                }
                if is(b2, own) {
                    discover |= bit(b2);
                }
            }
            // Up to the first piece a chariot checks from; beyond it, up to the second, a cannon.
            if b1 == usize::MAX {
                chariot |= ray.mask;
                continue;
            }
            let near = ray.mask & upto(b1, dir);
            chariot |= near;
            if is(b1, ours.cannons) {
                screens |= near & !bit(b1);
            }
            let beyond = ray.mask & !near;
            cannon |= if b2 == usize::MAX { beyond } else { beyond & upto(b2, dir) };
        }
        let (mut horse, mut horse_direct) = (0u128, 0u128);
        for &(leg, horses) in HORSE_CHECKS[general].as_slice() {
            horse |= horses;
            if occupied & bit(usize::from(leg)) == 0 {
                horse_direct |= horses;
            } else if horses & ours.horses != 0 && own & bit(usize::from(leg)) != 0 {
                discover |= bit(usize::from(leg));
            }
        }
        let soldier = SOLDIER_ATTACK_MASKS[pos.turn().index()][general];
        let direct = [0, 0, 0, horse_direct, chariot, cannon, soldier].map(|squares| squares | screens);
        CheckFilter { discover, lines, cannon_rays, horse, direct }
    }

    /// The targets worth testing for the piece (role index as in the board codes) on `from`.
    fn targets(&self, from: usize, role: usize) -> u128 {
        if self.discover & bit(from) != 0 {
            return u128::MAX;
        }
        match role {
            3 => self.horse | self.cannon_rays, // horse
            4..=6 => self.lines,                // chariot, cannon, soldier
            _ => self.cannon_rays,
        }
    }
}
