//! The checking moves of a position, found without playing the moves that cannot check.

use super::search::child;
use crate::movegen::for_each_target;
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
    debug_assert_eq!(in_check, pos.is_check(), "{}", pos.fen());
    let mut checks = MoveList::new();
    let us = pos.turn();
    let general = pos.general(!us);
    if in_check {
        // Answering a check: every candidate needs the full test anyway.
        for &m in &pos.legal_moves_knowing(true) {
            if may_check(pos, m, general) && child(pos, m).is_check() {
                checks.push(m);
            }
        }
        return checks;
    }
    let occupied = pos.occupied_bits();
    let ours = Checkers::of(pos, us.index());
    let theirs = Checkers::of(pos, (!us).index());
    let own_general = pos.general(us).index();
    let filter = CheckFilter::new(pos, general.index(), &ours);
    // With no check standing (a view after a check has one), the squares a piece that uncovers nothing checks
    // from are known exactly.
    let exact = if general_attacked(occupied, general.index(), us.index(), &ours) {
        None
    } else {
        Some(DirectChecks::new(pos, general.index(), &ours))
    };
    // A move that neither leaves nor lands on a square of danger to the mover's own general is legal.
    let (leave_danger, land_danger) = pos.danger(own_general, &theirs);
    for from in pos.pieces_of(us) {
        let code = pos.board[from.index()];
        let f = from.index();
        let role = code_role_index(code);
        // A chariot or cannon standing on a line of the general changes that line by leaving it.
        let uncovers = filter.discover & bit(f) != 0 || (matches!(role, 4 | 5) && filter.lines & bit(f) != 0);
        // The targets worth a look, and those among them that surely check.
        let (targets, sure) = match exact {
            Some(direct) if !uncovers => {
                let sure = direct.of(role);
                (sure, sure)
            }
            _ => (filter.targets(f, role), 0),
        };
        if targets == 0 {
            continue;
        }
        let test_all = f == own_general || leave_danger & bit(f) != 0;
        let mut visit = |to: usize| {
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
        };
        if matches!(role, 4 | 5) {
            // Along each ray, the targets in the order the piece reaches them.
            for (dir, ray) in RAYS[f].iter().enumerate() {
                if ray.mask & targets == 0 {
                    continue;
                }
                let mut reached = slider_targets(pos, occupied, ray.mask, dir, role == 5) & targets;
                while reached != 0 {
                    let to = nearest(reached, dir);
                    reached &= !bit(to);
                    visit(to);
                }
            }
        } else {
            for_each_target(&pos.board, occupied, f, code, |to| {
                if targets & bit(to) != 0 {
                    visit(to);
                }
            });
        }
    }
    checks
}

/// The squares a chariot (or, with `cannon`, a cannon) of the side to move reaches along one ray (`mask`, in
/// direction `dir`): the empty squares up to the first piece, then that piece (a chariot's) or the one beyond it
/// (a cannon's) when it is an opposing one.
fn slider_targets(pos: &Position, occupied: u128, mask: u128, dir: usize, cannon: bool) -> u128 {
    let blockers = mask & occupied;
    if blockers == 0 {
        return mask;
    }
    let first = nearest(blockers, dir);
    let quiet = mask & upto(first, dir) & !bit(first);
    let capture = if cannon {
        let beyond = blockers & !upto(first, dir);
        if beyond == 0 {
            return quiet;
        }
        nearest(beyond, dir)
    } else {
        first
    };
    quiet | (bit(capture) & pos.by_color[(!pos.turn()).index()])
}

/// Where a piece of the checking side that uncovers nothing checks from, by role, when no check stands: the
/// squares from which it attacks the general itself, and the squares where it becomes the only screen of a
/// cannon (the first piece on a line from the general).
#[derive(Clone, Copy)]
struct DirectChecks {
    horse: u128,
    chariot: u128,
    cannon: u128,
    soldier: u128,
    screens: u128,
}

impl DirectChecks {
    fn new(pos: &Position, general: usize, ours: &Checkers) -> DirectChecks {
        let occupied = pos.occupied_bits();
        let (mut chariot, mut cannon, mut screens) = (0u128, 0u128, 0u128);
        for (dir, ray) in RAYS[general].iter().enumerate() {
            let blockers = ray.mask & occupied;
            if blockers == 0 {
                chariot |= ray.mask;
                continue;
            }
            let first = nearest(blockers, dir);
            let near = ray.mask & upto(first, dir);
            chariot |= near;
            if ours.cannons & bit(first) != 0 {
                screens |= near & !bit(first);
            }
            let beyond = ray.mask & !near;
            let rest = blockers & !bit(first);
            cannon |= if rest == 0 { beyond } else { beyond & upto(nearest(rest, dir), dir) };
        }
        let mut horse = 0u128;
        for &(leg, horses) in HORSE_CHECKS[general].as_slice() {
            if occupied & bit(usize::from(leg)) == 0 {
                horse |= horses;
            }
        }
        let soldier = SOLDIER_ATTACK_MASKS[pos.turn().index()][general];
        DirectChecks { horse, chariot, cannon, soldier, screens }
    }

    /// The squares for a piece of the role (index as in the board codes).
    fn of(self, role: usize) -> u128 {
        self.screens
            | match role {
                3 => self.horse,
                4 => self.chariot,
                5 => self.cannon,
                6 => self.soldier,
                _ => 0,
            }
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
}

impl CheckFilter {
    fn new(pos: &Position, general: usize, ours: &Checkers) -> CheckFilter {
        let occupied = pos.occupied_bits();
        let own = pos.by_color[pos.turn().index()];
        let (mut discover, mut lines, mut cannon_rays) = (0u128, 0u128, 0u128);
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
                rest &= !(1u128 << sq);
            }
            let [b1, b2, b3] = firsts;
            let is = |sq: usize, set: u128| sq != usize::MAX && set & (1u128 << sq) != 0;
            if is(b1, own) && is(b2, ours.lines_rank | ours.lines_file) {
                discover |= 1u128 << b1;
            }
            if is(b3, ours.cannons) {
                // Either screen leaving leaves one screen.
                if is(b1, own) {
                    discover |= 1u128 << b1;
                }
                if is(b2, own) {
                    discover |= 1u128 << b2;
                }
            }
        }
        let mut horse = 0u128;
        for &(leg, horses) in HORSE_CHECKS[general].as_slice() {
            horse |= horses;
            if horses & ours.horses != 0 && own & (1u128 << leg) != 0 {
                discover |= 1u128 << leg;
            }
        }
        CheckFilter { discover, lines, cannon_rays, horse }
    }

    /// The targets worth testing for the piece (role index as in the board codes) on `from`.
    fn targets(&self, from: usize, role: usize) -> u128 {
        if self.discover & (1u128 << from) != 0 {
            return u128::MAX;
        }
        match role {
            3 => self.horse | self.cannon_rays, // horse
            4..=6 => self.lines,                // chariot, cannon, soldier
            _ => self.cannon_rays,
        }
    }
}
