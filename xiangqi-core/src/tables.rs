//! Move tables computed at compile time, indexed by square index (`rank * 9 + file`).
//!
//! Every step a piece can take from every square, with the square that can block it (horse leg, elephant
//! eye). Colour-dependent tables are indexed `[color][square]`.

/// Direction index into the ray tables: towards rank 9, towards rank 0, towards file i, towards file a.
pub(crate) const NORTH: usize = 0;
pub(crate) const SOUTH: usize = 1;
pub(crate) const EAST: usize = 2;
pub(crate) const WEST: usize = 3;

const DIRS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// Up to `N` entries of `(blocker, target)` (blocker unused where nothing can block) and their count.
#[derive(Copy, Clone)]
pub(crate) struct Steps<const N: usize> {
    pub len: u8,
    pub items: [(u8, u8); N],
}

impl<const N: usize> Steps<N> {
    const EMPTY: Steps<N> = Steps { len: 0, items: [(0, 0); N] };

    const fn push(mut self, blocker: u8, target: u8) -> Steps<N> {
        self.items[self.len as usize] = (blocker, target);
        self.len += 1;
        self
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[(u8, u8)] {
        &self.items[..self.len as usize]
    }
}

/// Squares along one direction, nearest first.
#[derive(Copy, Clone)]
pub(crate) struct Ray {
    pub len: u8,
    pub squares: [u8; 9],
    /// The same squares as a bit set.
    pub mask: u128,
}

impl Ray {
    #[inline(always)]
    pub fn as_slice(&self) -> &[u8] {
        &self.squares[..self.len as usize]
    }
}

const fn sq_at(file: i8, rank: i8) -> Option<u8> {
    if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
        Some((rank * 9 + file) as u8)
    } else {
        None
    }
}

const fn file_of(sq: usize) -> i8 {
    (sq % 9) as i8
}

const fn rank_of(sq: usize) -> i8 {
    (sq / 9) as i8
}

/// Rank counted from `color`'s back rank (color 0 = red).
const fn relative_rank(color: usize, rank: i8) -> i8 {
    if color == 0 {
        rank
    } else {
        9 - rank
    }
}

const fn in_palace(color: usize, file: i8, rank: i8) -> bool {
    file >= 3 && file <= 5 && relative_rank(color, rank) <= 2
}

const fn is_advisor_point(color: usize, file: i8, rank: i8) -> bool {
    let r = relative_rank(color, rank);
    in_palace(color, file, rank) && ((file == 4 && r == 1) || (file != 4 && r != 1))
}

const fn is_elephant_point(color: usize, file: i8, rank: i8) -> bool {
    let r = relative_rank(color, rank);
    match r {
        0 | 4 => file == 2 || file == 6,
        2 => file == 0 || file == 4 || file == 8,
        _ => false,
    }
}

pub(crate) static RAYS: [[Ray; 4]; 90] = {
    let mut t = [[Ray { len: 0, squares: [0; 9], mask: 0 }; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let (mut f, mut r) = (file_of(sq) + df, rank_of(sq) + dr);
            while let Some(to) = sq_at(f, r) {
                let ray = &mut t[sq][d];
                ray.squares[ray.len as usize] = to;
                ray.len += 1;
                ray.mask |= 1u128 << to;
                f += df;
                r += dr;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Horse moves: `(leg, target)`.
pub(crate) static HORSE_MOVES: [Steps<8>; 90] = {
    let mut t = [Steps::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = (file_of(sq), rank_of(sq));
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            // The leg is one orthogonal step; the horse then goes one more step that way and one aside.
            if let Some(leg) = sq_at(f + df, r + dr) {
                let (sf, sr) = (dr, df); // perpendicular
                if let Some(to) = sq_at(f + 2 * df + sf, r + 2 * dr + sr) {
                    t[sq] = t[sq].push(leg, to);
                }
                if let Some(to) = sq_at(f + 2 * df - sf, r + 2 * dr - sr) {
                    t[sq] = t[sq].push(leg, to);
                }
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Elephant moves: `(eye, target)`: two diagonal steps that stay on the mover's own side. From an elephant
/// point this always lands on another; an elephant placed elsewhere on purpose moves the same way.
pub(crate) static ELEPHANT_MOVES: [[Steps<4>; 90]; 2] = {
    let mut t = [[Steps::EMPTY; 90]; 2];
    let mut color = 0;
    while color < 2 {
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = (file_of(sq), rank_of(sq));
            let mut d = 0;
            while d < 4 {
                let (df, dr) = DIAGONALS[d];
                if let (Some(eye), Some(to)) = (sq_at(f + df, r + dr), sq_at(f + 2 * df, r + 2 * dr)) {
                    if relative_rank(color, r + 2 * dr) <= 4 {
                        t[color][sq] = t[color][sq].push(eye, to);
                    }
                }
                d += 1;
            }
            sq += 1;
        }
        color += 1;
    }
    t
};

/// One step in each of `steps` that stays inside the mover's own palace: `(_, target)`.
const fn palace_steps(steps: [(i8, i8); 4]) -> [[Steps<4>; 90]; 2] {
    let mut t = [[Steps::EMPTY; 90]; 2];
    let mut color = 0;
    while color < 2 {
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = (file_of(sq), rank_of(sq));
            let mut d = 0;
            while d < 4 {
                let (df, dr) = steps[d];
                if let Some(to) = sq_at(f + df, r + dr) {
                    if in_palace(color, f + df, r + dr) {
                        t[color][sq] = t[color][sq].push(to, to);
                    }
                }
                d += 1;
            }
            sq += 1;
        }
        color += 1;
    }
    t
}

const DIAGONALS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Advisor moves: one diagonal step inside the palace (from an advisor point this always lands on another).
pub(crate) static ADVISOR_MOVES: [[Steps<4>; 90]; 2] = palace_steps(DIAGONALS);

/// General steps: one orthogonal step inside the palace.
pub(crate) static GENERAL_MOVES: [[Steps<4>; 90]; 2] = palace_steps(DIRS);

/// Soldier steps: `(_, target)`: forward, and sideways once across the river.
pub(crate) static SOLDIER_MOVES: [[Steps<3>; 90]; 2] = {
    let mut t = [[Steps::EMPTY; 90]; 2];
    let mut color = 0;
    while color < 2 {
        let forward: i8 = if color == 0 { 1 } else { -1 };
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = (file_of(sq), rank_of(sq));
            if let Some(to) = sq_at(f, r + forward) {
                t[color][sq] = t[color][sq].push(to, to);
            }
            if relative_rank(color, r) >= 5 {
                if let Some(to) = sq_at(f - 1, r) {
                    t[color][sq] = t[color][sq].push(to, to);
                }
                if let Some(to) = sq_at(f + 1, r) {
                    t[color][sq] = t[color][sq].push(to, to);
                }
            }
            sq += 1;
        }
        color += 1;
    }
    t
};

/// The squares a piece of the indexed colour may ever stand on, by role (general, advisor, elephant,
/// soldier); other roles go anywhere.
pub(crate) const fn placement_allowed(color: usize, role: usize, sq: usize) -> bool {
    let (f, r) = (file_of(sq), rank_of(sq));
    match role {
        0 => in_palace(color, f, r),
        1 => is_advisor_point(color, f, r),
        2 => is_elephant_point(color, f, r),
        6 => {
            let rel = relative_rank(color, r);
            rel >= 5 || (rel >= 3 && f % 2 == 0)
        }
        _ => true,
    }
}

/// Horse checks on a square grouped by leg: `(leg, the horse squares that use it)`; the leg is a diagonal
/// neighbour of the attacked square, shared by two horse squares.
#[derive(Copy, Clone)]
pub(crate) struct LegGroups {
    pub len: u8,
    pub items: [(u8, u128); 4],
}

impl LegGroups {
    #[inline(always)]
    pub fn as_slice(&self) -> &[(u8, u128)] {
        &self.items[..self.len as usize]
    }
}

pub(crate) static HORSE_CHECKS: [LegGroups; 90] = {
    let mut t = [LegGroups { len: 0, items: [(0, 0); 4] }; 90];
    let mut horse = 0;
    while horse < 90 {
        let moves = HORSE_MOVES[horse];
        let mut i = 0;
        while i < moves.len as usize {
            let (leg, target) = moves.items[i];
            let groups = &mut t[target as usize];
            let mut g = 0;
            while g < groups.len as usize && groups.items[g].0 != leg {
                g += 1;
            }
            if g == groups.len as usize {
                groups.items[g] = (leg, 0);
                groups.len += 1;
            }
            groups.items[g].1 |= 1u128 << horse;
            i += 1;
        }
        horse += 1;
    }
    t
};

/// The squares from which a soldier of the indexed colour attacks a square, as a bit set (its steps turned
/// around: a soldier captures as it moves).
pub(crate) static SOLDIER_ATTACK_MASKS: [[u128; 90]; 2] = [STEP_SOURCES[0][6], STEP_SOURCES[1][6]];

/// The targets of a step piece (general, advisor, elephant, horse or soldier: role index as in the board codes)
/// of the indexed colour on a square, its legs and eyes ignored, as a bit set: a piece whose reach holds no
/// opposing piece captures nothing.
pub(crate) static STEP_REACH: [[[u128; 90]; 7]; 2] = {
    const fn mask<const N: usize>(steps: Steps<N>) -> u128 {
        let mut set = 0u128;
        let mut i = 0;
        while i < steps.len as usize {
            set |= 1u128 << steps.items[i].1;
            i += 1;
        }
        set
    }
    let mut t = [[[0u128; 90]; 7]; 2];
    let mut color = 0;
    while color < 2 {
        let mut sq = 0;
        while sq < 90 {
            t[color][0][sq] = mask(GENERAL_MOVES[color][sq]);
            t[color][1][sq] = mask(ADVISOR_MOVES[color][sq]);
            t[color][2][sq] = mask(ELEPHANT_MOVES[color][sq]);
            t[color][3][sq] = mask(HORSE_MOVES[sq]);
            t[color][6][sq] = mask(SOLDIER_MOVES[color][sq]);
            sq += 1;
        }
        color += 1;
    }
    t
};

/// The squares from which a step piece (role index as in the board codes) of the indexed colour reaches a square,
/// its legs and eyes ignored: [`STEP_REACH`] turned around. Not the same table: an advisor or elephant placed
/// off its points (accepted on request) may step to a square from which no step leads back to it.
pub(crate) static STEP_SOURCES: [[[u128; 90]; 7]; 2] = {
    let mut t = [[[0u128; 90]; 7]; 2];
    let mut color = 0;
    while color < 2 {
        let mut role = 0;
        while role < 7 {
            let mut from = 0;
            while from < 90 {
                let mut reach = STEP_REACH[color][role][from];
                while reach != 0 {
                    let to = reach.trailing_zeros() as usize;
                    reach &= reach - 1;
                    t[color][role][to] |= 1u128 << from;
                }
                from += 1;
            }
            role += 1;
        }
        color += 1;
    }
    t
};

/// The file and rank of a square (the square itself left out), as a bit set: where a chariot or cannon may come
/// from to reach it.
pub(crate) static CROSS: [u128; 90] = {
    let mut t = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut dir = 0;
        while dir < 4 {
            t[sq] |= RAYS[sq][dir].mask;
            dir += 1;
        }
        sq += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_counts() {
        for color in 0..2 {
            let count = |role| (0..90).filter(|&sq| placement_allowed(color, role, sq)).count();
            assert_eq!(count(0), 9);
            assert_eq!(count(1), 5);
            assert_eq!(count(2), 7);
            assert_eq!(count(6), 10 + 45);
        }
    }

    #[test]
    fn horse_tables_are_symmetric() {
        let total: usize = HORSE_MOVES.iter().map(|s| s.len as usize).sum();
        let reverse: usize =
            HORSE_CHECKS.iter().flat_map(|g| g.as_slice()).map(|&(_, horses)| horses.count_ones() as usize).sum();
        assert_eq!(total, reverse);
        // Corner horse: two moves; centre horse: eight.
        assert_eq!(HORSE_MOVES[0].len, 2);
        assert_eq!(HORSE_MOVES[4 * 9 + 4].len, 8);
    }

    #[test]
    fn ray_lengths() {
        for (sq, rays) in RAYS.iter().enumerate() {
            let total: u8 = rays.iter().map(|r| r.len).sum();
            assert_eq!(total, 8 + 9);
            assert_eq!(rays[NORTH].len as usize, 9 - sq / 9);
            assert_eq!(rays[SOUTH].len as usize, sq / 9);
            assert_eq!(rays[EAST].len as usize, 8 - sq % 9);
            assert_eq!(rays[WEST].len as usize, sq % 9);
        }
    }
}
