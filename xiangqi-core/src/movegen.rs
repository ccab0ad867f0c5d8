//! Legal move generation.
//!
//! Pseudo-legal moves come from the precomputed tables. Most of them cannot affect the mover's own general
//! and are accepted at once. A move is tested (the check test run on the bit sets as they would be after
//! it) only when the side is in check, when the general itself moves, when the piece leaves a line (file or
//! rank of the general) on which an opposing chariot, cannon or general stands, when it leaves a square
//! that blocks a horse's leg towards the general, or when it lands on a line of the general on which an
//! opposing cannon stands (it may become the cannon's screen). Landing on a line that holds only chariots
//! can only block or capture them.

use arrayvec::ArrayVec;

use crate::position::{
    bit, code_color, code_role_index, general_attacked, general_attackers, nearest, upto, Checkers, Code, EMPTY,
};
use crate::tables::{
    ADVISOR_MOVES, CROSS, EAST, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_CHECKS, HORSE_MOVES, NORTH, RAYS, SOLDIER_MOVES,
    SOUTH, STEP_REACH, STEP_SOURCES, WEST,
};
use crate::{Move, Position, Role, Square};

/// Capacity of a [`MoveList`]. No legal position has more moves: with at most one general, two each of
/// advisors, elephants, horses, chariots and cannons, and five soldiers, the pseudo-legal moves number at
/// most 4 + 2·4 + 2·4 + 2·8 + 2·17 + 2·17 + 5·3 = 119 (a test checks every per-piece bound on every
/// square).
pub const MOVE_LIST_CAPACITY: usize = 128;

/// A list of moves on the stack, no allocation.
pub type MoveList = ArrayVec<Move, MOVE_LIST_CAPACITY>;

/// Calls `f` with every pseudo-legal target of the piece `piece` (of side `us`) standing on `from`:
/// empty squares and opposing pieces it can reach, ignoring the safety of its own general.
#[inline(always)]
pub(crate) fn for_each_target(board: &[Code; 90], occupied: u128, from: usize, piece: Code, f: impl FnMut(usize)) {
    for_each_step_target::<false>(board, occupied, from, piece, f)
}

/// Calls `f` with every opposing piece the piece `piece` standing on `from` can capture (pseudo-legally).
#[inline(always)]
pub(crate) fn for_each_capture_target(
    board: &[Code; 90],
    occupied: u128,
    from: usize,
    piece: Code,
    mut f: impl FnMut(usize),
) {
    let us = code_color(piece);
    let theirs = |c: Code| c != EMPTY && code_color(c) != us;
    match code_role_index(piece) {
        4 => {
            for (dir, ray) in RAYS[from].iter().enumerate() {
                let blockers = ray.mask & occupied;
                if blockers != 0 {
                    let target = nearest(blockers, dir);
                    if theirs(board[target]) {
                        f(target);
                    }
                }
            }
        }
        5 => {
            for (dir, ray) in RAYS[from].iter().enumerate() {
                let blockers = ray.mask & occupied;
                if blockers == 0 {
                    continue;
                }
                let screen = nearest(blockers, dir);
                let beyond = blockers & !upto(screen, dir);
                if beyond != 0 {
                    let target = nearest(beyond, dir);
                    if theirs(board[target]) {
                        f(target);
                    }
                }
            }
        }
        _ => for_each_step_target::<false>(board, occupied, from, piece, |to| {
            if board[to] != EMPTY {
                f(to)
            }
        }),
    }
}

/// Like [`for_each_target`]; with `DEFENDED` set, the step pieces (general, advisor, elephant, horse,
/// soldier) also yield targets holding their own pieces, which they defend.
#[inline(always)]
pub(crate) fn for_each_step_target<const DEFENDED: bool>(
    board: &[Code; 90],
    occupied: u128,
    from: usize,
    piece: Code,
    mut f: impl FnMut(usize),
) {
    let us = code_color(piece);
    let not_own = |c: Code| DEFENDED || c == EMPTY || code_color(c) != us;
    match code_role_index(piece) {
        0 => {
            for &(_, to) in GENERAL_MOVES[us][from].as_slice() {
                if not_own(board[to as usize]) {
                    f(to as usize);
                }
            }
        }
        1 => {
            for &(_, to) in ADVISOR_MOVES[us][from].as_slice() {
                if not_own(board[to as usize]) {
                    f(to as usize);
                }
            }
        }
        2 => {
            for &(eye, to) in ELEPHANT_MOVES[us][from].as_slice() {
                if board[eye as usize] == EMPTY && not_own(board[to as usize]) {
                    f(to as usize);
                }
            }
        }
        3 => {
            for &(leg, to) in HORSE_MOVES[from].as_slice() {
                if board[leg as usize] == EMPTY && not_own(board[to as usize]) {
                    f(to as usize);
                }
            }
        }
        4 | 5 => for_each_slider_target(board, occupied, from, piece, u128::MAX, f),
        _ => {
            for &(_, to) in SOLDIER_MOVES[us][from].as_slice() {
                if not_own(board[to as usize]) {
                    f(to as usize);
                }
            }
        }
    }
}

/// [`for_each_target`] where the piece can reach a square of `within` at all: a chariot or cannon along the rays
/// that hold one, a step piece only if its reach does (the targets given are not limited to `within`).
#[inline(always)]
pub(crate) fn for_each_target_towards(
    board: &[Code; 90],
    occupied: u128,
    from: usize,
    piece: Code,
    within: u128,
    f: impl FnMut(usize),
) {
    match code_role_index(piece) {
        4 | 5 => for_each_slider_target(board, occupied, from, piece, within, f),
        role if STEP_REACH[code_color(piece)][role][from] & within != 0 => {
            for_each_step_target::<false>(board, occupied, from, piece, f)
        }
        _ => {}
    }
}

/// [`for_each_target`] for a chariot or cannon, along the rays that hold a square of `within` only (in the same
/// order: ray by ray, outwards).
#[inline(always)]
fn for_each_slider_target(
    board: &[Code; 90],
    occupied: u128,
    from: usize,
    piece: Code,
    within: u128,
    mut f: impl FnMut(usize),
) {
    let us = code_color(piece);
    let cannon = code_role_index(piece) == 5;
    for (dir, ray) in RAYS[from].iter().enumerate() {
        if ray.mask & within == 0 {
            continue;
        }
        let mut screen = None;
        for &to in ray.as_slice() {
            let c = board[to as usize];
            if c == EMPTY {
                f(to as usize);
            } else {
                if !cannon && code_color(c) != us {
                    f(to as usize);
                }
                screen = Some(to as usize);
                break;
            }
        }
        if let (true, Some(screen)) = (cannon, screen) {
            let beyond = ray.mask & occupied & !upto(screen, dir);
            if beyond != 0 {
                let target = nearest(beyond, dir);
                if code_color(board[target]) != us {
                    f(target);
                }
            }
        }
    }
}

/// Whether the general (then on `general_sq`) is safe after `from -> to`, judged on bit sets alone.
#[inline]
fn safe_after(occupied: u128, from: usize, to: usize, general_sq: usize, them: usize, checkers: &Checkers) -> bool {
    let occupied = (occupied & !bit(from)) | bit(to);
    !general_attacked(occupied, general_sq, them, &checkers.without(to))
}

impl Position {
    /// Calls `sink` with every legal move of the pieces in `movers` (a subset of the side to move's
    /// pieces). `sink` returns `false` to stop early.
    #[inline(always)]
    fn generate(&self, movers: u128, sink: impl FnMut(Move) -> bool) {
        self.generate_kind::<false>(movers, None, sink)
    }

    /// [`Position::generate`], limited to captures when `CAPTURES` is set; `in_check`, when known, saves the
    /// check test.
    #[inline(always)]
    fn generate_kind<const CAPTURES: bool>(
        &self,
        movers: u128,
        in_check: Option<bool>,
        mut sink: impl FnMut(Move) -> bool,
    ) {
        let us = self.turn.index();
        let them = 1 - us;
        let general = usize::from(self.generals[us]);
        if self.board[general] != crate::position::code(us, Role::General) {
            // Only after capturing a general in a position accepted with the opponent in check.
            return;
        }
        let occupied = self.occupied_bits();
        let checkers = Checkers::of(self, them);
        let in_check = in_check.unwrap_or_else(|| general_attacked(occupied, general, them, &checkers));
        debug_assert_eq!(in_check, general_attacked(occupied, general, them, &checkers), "{}", self.fen());
        let (from_danger, to_danger) = if in_check { (u128::MAX, u128::MAX) } else { self.danger(general, &checkers) };
        let evasions = if in_check { self.single_check_evasions(general, occupied, &checkers) } else { None };
        let mut pieces = movers & self.by_color[us];
        if let Some((targets, screens)) = evasions {
            // Only the general, a checking cannon's screen and the pieces that may reach an answer can answer.
            pieces &= self.pieces_reaching(us, targets) | screens | bit(general);
        }
        while pieces != 0 {
            let from = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let piece = self.board[from];
            let is_general = from == general;
            // Leaving a dangerous square (or moving the general) needs a test whatever the target.
            let test_all = is_general || from_danger & bit(from) != 0;
            // Against a single checker, other pieces can only capture it, block it or move its screen away.
            let targets = match evasions {
                Some((targets, screens)) if !is_general && screens & bit(from) == 0 => targets,
                _ => u128::MAX,
            };
            let mut go_on = true;
            let visit = |to: usize| {
                if !go_on || (targets != u128::MAX && targets & bit(to) == 0) {
                    return;
                }
                if (test_all || to_danger & bit(to) != 0)
                    && !safe_after(occupied, from, to, if is_general { to } else { general }, them, &checkers)
                {
                    return;
                }
                let m = Move::new(Square::new_unchecked(from as u8), Square::new_unchecked(to as u8));
                go_on = sink(m);
            };
            if CAPTURES {
                let role = code_role_index(piece);
                if !matches!(role, 4 | 5) && STEP_REACH[us][role][from] & self.by_color[them] == 0 {
                    continue;
                }
                for_each_capture_target(&self.board, occupied, from, piece, visit);
            } else {
                // Answering a single check, only the rays or steps that reach an answer.
                for_each_target_towards(&self.board, occupied, from, piece, targets, visit);
            }
            if !go_on {
                return;
            }
        }
    }

    /// The pieces of side `us` other than the general that may move to a square of `squares`, a superset found
    /// from the squares (a chariot or cannon on their file or rank, a step piece whose steps lead there, its
    /// leg or eye not looked at): cheaper than asking every piece when the squares are few.
    #[inline(always)]
    fn pieces_reaching(&self, us: usize, squares: u128) -> u128 {
        let own = self.by_color[us];
        let sliders = own & (self.by_role[Role::Chariot.index()] | self.by_role[Role::Cannon.index()]);
        let [advisors, elephants, horses, soldiers] =
            [Role::Advisor, Role::Elephant, Role::Horse, Role::Soldier].map(|role| own & self.by_role[role.index()]);
        let mut found = 0u128;
        let mut rest = squares;
        while rest != 0 {
            let to = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            found |= CROSS[to] & sliders
                | STEP_SOURCES[us][1][to] & advisors
                | STEP_SOURCES[us][2][to] & elephants
                | STEP_SOURCES[us][3][to] & horses
                | STEP_SOURCES[us][6][to] & soldiers;
        }
        found
    }

    /// When the general on `general` is checked by exactly one piece: the squares a move must reach to answer
    /// it (the checker, the squares between it and the general, a checking horse's leg) and the pieces that
    /// may answer by moving anywhere (a checking cannon's screen). `None` when no such narrowing applies.
    fn single_check_evasions(&self, general: usize, occupied: u128, checkers: &Checkers) -> Option<(u128, u128)> {
        let king = Square::new_unchecked(general as u8);
        let attackers = general_attackers(occupied, general, 1 - self.turn.index(), checkers);
        if attackers.count_ones() != 1 {
            return None;
        }
        let checker = attackers.trailing_zeros() as usize;
        let from = Square::new_unchecked(checker as u8);
        match code_role_index(self.board[checker]) {
            4 | 5 => {
                // The ray from the checker towards the general, up to the square before it.
                let dir = if king.file() == from.file() {
                    if general > checker {
                        NORTH
                    } else {
                        SOUTH
                    }
                } else if general > checker {
                    EAST
                } else {
                    WEST
                };
                let between = RAYS[checker][dir].mask & upto(general, dir) & !bit(general);
                Some((between | bit(checker), between))
            }
            3 => {
                let df = i16::from(king.file()) - i16::from(from.file());
                let dr = i16::from(king.rank()) - i16::from(from.rank());
                let leg = if df.abs() == 2 { from.offset((df / 2) as i8, 0) } else { from.offset(0, (dr / 2) as i8) };
                Some((bit(checker) | leg.map_or(0, |l| bit(l.index())), 0))
            }
            6 => Some((bit(checker), 0)),
            _ => None,
        }
    }

    /// Squares a non-general piece must not leave / land on without a full test (see the module docs).
    ///
    /// Leaving a line of the general matters if an opposing chariot, cannon or (on the file) general stands
    /// on it; landing on one matters only if a cannon stands there (the mover may become its screen).
    #[inline(always)]
    pub(crate) fn danger(&self, general: usize, checkers: &Checkers) -> (u128, u128) {
        let (mut leave, mut land) = (0u128, 0u128);
        for (dir, ray) in RAYS[general].iter().enumerate() {
            let liners = if dir < 2 { checkers.lines_file } else { checkers.lines_rank };
            if ray.mask & checkers.cannons != 0 {
                land |= ray.mask;
                leave |= ray.mask;
            } else if ray.mask & liners != 0 {
                leave |= ray.mask;
            }
        }
        for &(leg, horses) in HORSE_CHECKS[general].as_slice() {
            if checkers.horses & horses != 0 {
                leave |= bit(usize::from(leg));
            }
        }
        (leave, land)
    }

    /// Every legal move.
    ///
    /// ```
    /// use xiangqi_core::Position;
    /// let moves = Position::default().legal_moves();
    /// assert_eq!(moves.len(), 44);
    /// assert!(moves.contains(&"h2e2".parse().unwrap()));
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        self.collect::<false>(None)
    }

    /// The legal moves of the piece on `from` (empty if no piece of the side to move stands there).
    ///
    /// ```
    /// use xiangqi_core::{Position, Square};
    /// let pos = Position::default();
    /// assert_eq!(pos.legal_moves_from(Square::B0).len(), 2); // the horse
    /// assert!(pos.legal_moves_from(Square::E5).is_empty());
    /// ```
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut moves = MoveList::new();
        self.generate(bit(from.index()), |m| {
            moves.push(m);
            true
        });
        moves
    }

    /// The legal captures.
    ///
    /// To ask what the side *not* to move could capture, use [`Position::swap_turn`] first.
    ///
    /// ```
    /// use xiangqi_core::Position;
    /// let pos = Position::default();
    /// let captures: Vec<String> = pos.legal_captures().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(captures, ["b2b9", "h2h9"]); // the cannons take the horses over their screens
    /// ```
    pub fn legal_captures(&self) -> MoveList {
        self.collect::<true>(None)
    }

    /// The number of legal moves (faster than collecting them).
    pub fn count_legal_moves(&self) -> usize {
        let mut n = 0;
        self.generate(u128::MAX, |_| {
            n += 1;
            true
        });
        n
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        self.any_legal_move(None)
    }

    /// [`Position::legal_moves`], the side to move known to be in check or not.
    pub(crate) fn legal_moves_knowing(&self, in_check: bool) -> MoveList {
        self.collect::<false>(Some(in_check))
    }

    /// [`Position::legal_moves_knowing`] into `moves` (emptied first): a list filled where it lives is not
    /// copied, which counts at every node of a search.
    pub(crate) fn legal_moves_knowing_into(&self, in_check: bool, moves: &mut MoveList) {
        self.collect_into::<false>(Some(in_check), moves)
    }

    /// [`Position::legal_captures`] into `moves` (emptied first), the side to move known to be in check or not.
    pub(crate) fn legal_captures_knowing_into(&self, in_check: bool, moves: &mut MoveList) {
        self.collect_into::<true>(Some(in_check), moves)
    }

    /// [`Position::has_legal_move`], the side to move known to be in check or not.
    pub(crate) fn has_legal_move_knowing(&self, in_check: bool) -> bool {
        self.any_legal_move(Some(in_check))
    }

    /// The legal moves (captures only with `CAPTURES`), `in_check` saying whether the side to move is in check
    /// when that is known.
    #[inline(always)]
    fn collect<const CAPTURES: bool>(&self, in_check: Option<bool>) -> MoveList {
        let mut moves = MoveList::new();
        self.collect_into::<CAPTURES>(in_check, &mut moves);
        moves
    }

    /// [`Position::collect`] into `moves` (emptied first).
    #[inline(always)]
    fn collect_into<const CAPTURES: bool>(&self, in_check: Option<bool>, moves: &mut MoveList) {
        moves.clear();
        self.generate_kind::<CAPTURES>(u128::MAX, in_check, |m| {
            moves.push(m);
            true
        });
    }

    /// Whether the side to move has a legal move, `in_check` as for [`Position::collect`].
    #[inline(always)]
    fn any_legal_move(&self, in_check: Option<bool>) -> bool {
        let us = self.turn.index();
        let general = usize::from(self.generals[us]);
        let mut movers = u128::MAX;
        if in_check == Some(true) && self.board[general] == crate::position::code(us, Role::General) {
            // In check, the general's own steps are the likeliest way out: tried first, on their own.
            let occupied = self.occupied_bits();
            let checkers = Checkers::of(self, 1 - us);
            let mut out = false;
            for_each_target(&self.board, occupied, general, self.board[general], |to| {
                out = out || safe_after(occupied, general, to, to, 1 - us, &checkers);
            });
            if out {
                return true;
            }
            movers = !bit(general);
        }
        let mut any = false;
        self.generate_kind::<false>(movers, in_check, |_| {
            any = true;
            false
        });
        any
    }

    /// Whether `m` is legal here.
    ///
    /// ```
    /// use xiangqi_core::Position;
    /// let pos = Position::default();
    /// assert!(pos.is_legal("b2e2".parse().unwrap()));
    /// assert!(pos.is_legal("b2b9".parse().unwrap())); // the cannon captures over the screen on b7
    /// assert!(!pos.is_legal("b2b7".parse().unwrap())); // but cannot capture without one
    /// ```
    pub fn is_legal(&self, m: Move) -> bool {
        // The test `generate` makes of each move, for this one move alone: the piece reaches `to`, and its
        // general is not attacked afterwards (the shortcuts `generate` takes only skip that last test
        // where it cannot fail).
        let (from, to) = (m.from.index(), m.to.index());
        let us = self.turn.index();
        let them = 1 - us;
        let general = usize::from(self.generals[us]);
        if self.by_color[us] & bit(from) == 0 || self.board[general] != crate::position::code(us, Role::General) {
            return false;
        }
        let occupied = self.occupied_bits();
        let mut reaches = false;
        for_each_target(&self.board, occupied, from, self.board[from], |target| reaches |= target == to);
        reaches
            && safe_after(
                occupied,
                from,
                to,
                if from == general { to } else { general },
                them,
                &Checkers::of(self, them),
            )
    }
}

#[cfg(test)]
mod tests {
    use crate::fen::Fen;
    use crate::{Move, PositionErrorKinds};

    /// Answering a check, an advisor or elephant placed off its points (accepted on request) may step back onto
    /// them: the pieces that may answer are found from where they stand, not from where the answers' squares lead.
    #[test]
    fn misplaced_pieces_answer_a_check() {
        let accept = PositionErrorKinds::ADVISOR_PLACEMENT | PositionErrorKinds::ELEPHANT_PLACEMENT;
        for (fen, answer) in [
            ("3k5/9/9/9/9/9/9/2A6/r3K4/9 w - - 0 1", "c2d1"), // the advisor on c2 blocks the chariot on d1
            ("3k5/9/4r4/9/2B6/9/9/9/9/4K4 w - - 0 1", "c5e3"), // the elephant across the river blocks on e3
        ] {
            let pos = fen.parse::<Fen>().unwrap().into_position(accept).unwrap();
            assert!(pos.is_check(), "{fen}");
            let answer: Move = answer.parse().unwrap();
            assert!(pos.is_legal(answer), "{fen}");
            assert!(pos.legal_moves().contains(&answer), "{fen}: {:?}", pos.legal_moves());
            assert!(pos.has_legal_move(), "{fen}");
        }
    }
}
