//! Attack queries: which squares a piece attacks, and which pieces attack a square.
//!
//! "Attacks" means "could capture an opposing piece standing there", before asking whether the capture
//! would expose the attacker's own general. The general attacks the points of its palace next to it and,
//! across an open file, the opposing general (the flying-general rule).

use crate::movegen::for_each_step_target;
use crate::position::{bit, code, code_color, code_role_index, nearest, upto, EMPTY};
use crate::tables::{HORSE_CHECKS, RAYS, SOLDIER_ATTACK_MASKS};
use crate::{Color, Position, Role, Square, SquareSet};

impl Position {
    /// The squares the piece on `sq` attacks (empty if the square is empty).
    ///
    /// ```
    /// use xiangqi_core::{Position, Square};
    /// let pos = Position::default();
    /// // The red cannon on b2 attacks the black horse on b9 over the screen on b7...
    /// assert!(pos.attacks_from(Square::B2).contains(Square::B9));
    /// // ...but cannot capture by moving like a chariot.
    /// assert!(!pos.attacks_from(Square::B2).contains(Square::B7));
    /// ```
    pub fn attacks_from(&self, sq: Square) -> SquareSet {
        let from = sq.index();
        let piece = self.board[from];
        if piece == EMPTY {
            return SquareSet::EMPTY;
        }
        let occupied = self.occupied_bits();
        let color = code_color(piece);
        let mut set = 0u128;
        match code_role_index(piece) {
            4 => {
                for (dir, ray) in RAYS[from].iter().enumerate() {
                    let blockers = ray.mask & occupied;
                    set |= if blockers == 0 { ray.mask } else { ray.mask & upto(nearest(blockers, dir), dir) };
                }
            }
            5 => {
                for (dir, ray) in RAYS[from].iter().enumerate() {
                    let blockers = ray.mask & occupied;
                    if blockers == 0 {
                        continue;
                    }
                    let screen = nearest(blockers, dir);
                    let beyond = ray.mask & !upto(screen, dir);
                    let rest = blockers & beyond;
                    set |= if rest == 0 { beyond } else { beyond & upto(nearest(rest, dir), dir) };
                }
            }
            _ => {
                for_each_step_target::<true>(&self.board, occupied, from, piece, |to| set |= bit(to));
                if code_role_index(piece) == Role::General.index() {
                    set |= self.flying_general_attack(color);
                }
            }
        }
        SquareSet::from_bits(set)
    }

    /// The opposing general's square if it faces `color`'s general across an open file.
    fn flying_general_attack(&self, color: usize) -> u128 {
        let ours = usize::from(self.generals[color]);
        let theirs = usize::from(self.generals[1 - color]);
        let dir = if theirs > ours { crate::tables::NORTH } else { crate::tables::SOUTH };
        let blockers = RAYS[ours][dir].mask & self.occupied_bits();
        if blockers != 0 && nearest(blockers, dir) == theirs && self.board[theirs] == code(1 - color, Role::General) {
            bit(theirs)
        } else {
            0
        }
    }

    /// The pieces of `color` that attack `sq`.
    ///
    /// ```
    /// use xiangqi_core::{Color, Position, Square};
    /// let pos = Position::from_fen("4k4/9/9/9/4c4/9/9/4N4/9/3AKA3 w - - 0 1").unwrap();
    /// // The black cannon attacks e0 over the horse on e2.
    /// let attackers = pos.attackers(Square::E0, Color::Black);
    /// assert!(attackers.contains(Square::E5));
    /// assert!(pos.is_check());
    /// ```
    pub fn attackers(&self, sq: Square, color: Color) -> SquareSet {
        let target = sq.index();
        let c = color.index();
        let occupied = self.occupied_bits();
        let chariot = code(c, Role::Chariot);
        let cannon = code(c, Role::Cannon);
        let mut set = 0u128;
        for (dir, ray) in RAYS[target].iter().enumerate() {
            let blockers = ray.mask & occupied;
            if blockers == 0 {
                continue;
            }
            let first = nearest(blockers, dir);
            if self.board[first] == chariot {
                set |= bit(first);
            }
            let rest = blockers & !bit(first);
            if rest != 0 {
                let second = nearest(rest, dir);
                if self.board[second] == cannon {
                    set |= bit(second);
                }
            }
        }
        let own = self.by_color[c];
        let horses = own & self.by_role[Role::Horse.index()];
        for &(leg, group) in HORSE_CHECKS[target].as_slice() {
            if occupied & bit(usize::from(leg)) == 0 {
                set |= horses & group;
            }
        }
        set |= SOLDIER_ATTACK_MASKS[c][target] & own & self.by_role[Role::Soldier.index()];
        let few = own
            & (self.by_role[Role::General.index()]
                | self.by_role[Role::Advisor.index()]
                | self.by_role[Role::Elephant.index()]);
        for s in SquareSet::from_bits(few) {
            if self.attacks_from(s).contains(sq) {
                set |= bit(s.index());
            }
        }
        SquareSet::from_bits(set)
    }

    /// Whether any piece of `color` attacks `sq`.
    pub fn is_attacked(&self, sq: Square, color: Color) -> bool {
        !self.attackers(sq, color).is_empty()
    }
}
