//! The bounded searches behind the arbiter: material lines (captures, checks and their answers) and forced
//! mates made of checks.

use super::memo::LineMemo;
use super::value::Balance;
use super::SearchLimits;

pub(crate) use super::checks::{checking_moves, checking_moves_into};
use crate::{Color, Move, MoveList, Position, Square};

/// A score beyond any material balance: the side judged mates (or is mated).
pub(crate) const MATE: i32 = 10_000;

/// What a line must do about one opposing piece, followed to the square it stands on as the line goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Goal {
    /// Nothing.
    Free,
    /// Take the piece, standing on the square (`None` once taken): before that, the line gains nothing.
    /// The threat search asks this of every piece at once ([`Searcher::winnable_after`]); the one-piece
    /// search is its definition, held to it by the tests.
    #[cfg_attr(not(test), allow(dead_code))]
    Take(Option<Square>),
    /// Never take the piece on the square (unless that is the only answer to a check). The fork search asks
    /// this of every piece at once ([`Searcher::at_stake_after`]); the one-piece search is its definition,
    /// held to it by the tests.
    #[cfg_attr(not(test), allow(dead_code))]
    Spare(Square),
}

impl Goal {
    /// The goal after `m`, which the judged side plays when `ours`.
    fn after(self, m: Move, ours: bool) -> Goal {
        match self {
            Goal::Take(Some(sq)) if ours && sq == m.to => Goal::Take(None),
            Goal::Spare(sq) if ours && sq == m.to => Goal::Free, // taken as the only answer to a check
            Goal::Take(Some(sq)) if sq == m.from => Goal::Take(Some(m.to)),
            Goal::Spare(sq) if sq == m.from => Goal::Spare(m.to),
            other => other,
        }
    }

    /// Whether the judged side's move `m` is left out of the line.
    fn forbids(self, m: Move) -> bool {
        self == Goal::Spare(m.to)
    }
}

/// Everything a line's value depends on besides the searcher itself: the position (its Zobrist hash), the
/// material account, the depth left, the goal (a piece already taken is no goal) and the window. Within one
/// [`Searcher`] (one side, one set of exclusions and standing losses) the value is a function of this key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct LineKey {
    hash: u64,
    context: u64,
    window: u32,
}

impl LineKey {
    fn new(pos: &Position, bal: Balance, depth: Depth, goal: Goal, window: (i32, i32)) -> LineKey {
        let goal = match goal {
            Goal::Free | Goal::Take(None) => 0,
            Goal::Take(Some(sq)) => 0x100 | sq.index() as u64,
            Goal::Spare(sq) => 0x200 | sq.index() as u64,
        };
        // Every field fits its bits: nets and windows stay within ±(MATE + 1) < 2^15.
        let net = u64::from(bal.net as i16 as u16);
        let flags = u64::from(bal.won_officer) | u64::from(bal.lost_officer) << 1;
        let depth = u64::from(depth.plies) | u64::from(depth.checks) << 8 | u64::from(depth.replies) << 16;
        let window = u32::from(window.0 as i16 as u16) | u32::from(window.1 as i16 as u16) << 16;
        LineKey { hash: pos.zobrist_hash(), context: net | flags << 16 | depth << 18 | goal << 42, window }
    }
}

/// The memo context of the mate-by-checks answers of a position (no line key has this bit).
const MATES: u64 = 1 << 63;

/// How far a line may go: plies in all, and checking moves of the judged side.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Depth {
    pub(crate) plies: u8,
    pub(crate) checks: u8,
    /// Checking moves left to the opponent.
    pub(crate) replies: u8,
}

impl Depth {
    pub(crate) fn new(plies: u8, checks: u8, replies: u8) -> Depth {
        Depth { plies, checks, replies }
    }
}

/// The widest search window.
pub(crate) const FULL: (i32, i32) = (-MATE - 1, MATE + 1);

pub(crate) fn child(pos: &Position, m: Move) -> Position {
    let mut next = pos.clone();
    next.play_unchecked(m);
    next
}

std::thread_local! {
    /// Set when a search on this thread stopped at its node budget since the last [`take_budget_hit`].
    static BUDGET_HIT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether a search on this thread ran out of nodes since the last call; clears the mark. A classification
/// reads it around its searches: an answer found past the budget is not an answer (it is "undecided").
pub(crate) fn take_budget_hit() -> bool {
    BUDGET_HIT.with(|hit| hit.replace(false))
}

/// Whether a search on this thread ran out of nodes since the last [`take_budget_hit`], the mark kept.
pub(crate) fn budget_hit_so_far() -> bool {
    BUDGET_HIT.with(|hit| hit.get())
}

/// Puts captures of the most valuable pieces first, each by its least valuable taker, then the other moves
/// (the general's first). A line's value within its window, and the set of pieces a line wins, do not depend
/// on the order moves are tried in; the work does: the move that refutes a line (most often taking the piece
/// that checks) is met sooner.
fn most_valuable_victim_first(pos: &Position, moves: &mut MoveList) {
    // The nominal value of the piece with each board code, 0 for an empty square.
    const VALUE_OF_CODE: [u32; 16] = {
        let mut table = [0u32; 16];
        let mut code = 1;
        while code < 15 {
            let role = crate::Role::ALL[crate::position::code_role_index(code as u8)];
            table[code] = super::value::nominal_value(role) as u32;
            code += 1;
        }
        table
    };
    if moves.len() < 2 {
        return;
    }
    // Sorted as numbers: the victim's value (descending), the taker's, then the place in the list (equal keys
    // keep their order), with the move in the low bits. Filled in place: a collected list of this size would
    // be copied on its way out.
    let mut keyed = arrayvec::ArrayVec::<u32, { crate::movegen::MOVE_LIST_CAPACITY }>::new();
    for (i, m) in moves.iter().enumerate() {
        let (from, to) = (m.from.index(), m.to.index());
        let victim = VALUE_OF_CODE[usize::from(pos.board[to] & 15)];
        let taker = VALUE_OF_CODE[usize::from(pos.board[from] & 15)];
        keyed.push((4 - victim) << 27 | taker << 24 | (i as u32) << 16 | (from as u32) << 8 | to as u32);
    }
    keyed.sort_unstable();
    for (slot, key) in moves.iter_mut().zip(&keyed) {
        *slot = Move::new(Square::new_unchecked((key >> 8) as u8), Square::new_unchecked(*key as u8));
    }
}

/// What the set searches know of one line: the pieces asked about, and those of them found (won, or at stake).
#[derive(Clone, Copy, Debug, Default)]
struct Answered {
    asked: u128,
    found: u128,
}

/// Bounded searches on behalf of one side.
pub(crate) struct Searcher<'a> {
    limits: &'a SearchLimits,
    side: Color,
    nodes: u32,
    /// Captures left out of every line: the two captures of each exchange offer standing at the root (28.5).
    excluded: Vec<Move>,
    /// Lines already searched to the end, and their values (see [`LineKey`]): checks and captures played in
    /// another order, and the searches for each target of one first move, meet the same lines. Positions
    /// searched for a mate by checks are kept there too (under the context [`MATES`]).
    lines: LineMemo,
    /// For each line already searched by [`Searcher::winnable_after`]: the pieces asked about, and those of them
    /// found winnable. Each piece's answer is its own, so an answer for some pieces serves any question about
    /// them, and a question about more asks only about the others.
    pending: crate::zobrist::KeyMap<LineKey, Answered>,
    /// The same for [`Searcher::at_stake_after`] (the line's window holding the threshold): the pieces asked
    /// about, and those of them found at stake.
    stakes: crate::zobrist::KeyMap<LineKey, Answered>,
    /// Squares of the judged side's pieces the opponent could win before the judged move and still can:
    /// losses already accepted, left out of the lines.
    standing: u128,
    /// By plies left, the opponent's last answer to a check that cut a line off ([`Searcher::line`]).
    line_killers: [Option<Move>; KILLER_DEPTHS],
    /// By plies left, the opponent's last answer to a check that saved every piece in the pieces-won walk
    /// ([`Searcher::winnable_after`]).
    walk_killers: [Option<Move>; KILLER_DEPTHS],
    /// By plies left, the last move that ended a node of the fork walk early ([`Searcher::at_stake_after`]): the
    /// judged side's that left no piece at stake, or the opponent's that put every piece at stake.
    stake_killers: [Option<Move>; KILLER_DEPTHS],
}

/// The most answers to a check the mate search orders by the checks they leave, the room it keeps on the stack
/// for their lists of checks (more answers, seldom met, are tried in the order they are generated in).
const FEWEST_CHECKS_FIRST: usize = 32;

/// Depths the answers that refuted a line are remembered for (deeper lines share them, modulo).
const KILLER_DEPTHS: usize = 32;

/// Moves `killer`, a move that ended a node at the same depth before (an answer that refuted a line, say), to
/// the front of `items` if it is there (`move_of` reads an item's move): the same move often ends the next node
/// too, where sorting by value may try it late. The value of a line, and the pieces it wins, do not depend on
/// the order.
fn killer_first<T>(items: &mut [T], killer: Option<Move>, move_of: impl Fn(&T) -> Move) {
    if let Some(at) = items.iter().position(|item| Some(move_of(item)) == killer) {
        items[..=at].rotate_right(1);
    }
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(limits: &'a SearchLimits, side: Color) -> Searcher<'a> {
        Searcher {
            limits,
            side,
            nodes: 0,
            excluded: Vec::new(),
            lines: LineMemo::take(),
            pending: Default::default(),
            stakes: Default::default(),
            standing: 0,
            line_killers: [None; KILLER_DEPTHS],
            walk_killers: [None; KILLER_DEPTHS],
            stake_killers: [None; KILLER_DEPTHS],
        }
    }

    /// The value remembered for a line, if any (see [`LineKey`]).
    fn remembered(&self, key: &LineKey) -> Option<i32> {
        self.lines.get(key.hash, key.context, key.window)
    }

    /// Changes the squares whose captures by the opponent are left out.
    pub(crate) fn set_standing(&mut self, squares: u128) {
        if squares != self.standing {
            // Values depend on the losses left out.
            self.lines.clear();
            self.pending.clear();
            self.stakes.clear();
        }
        self.standing = squares;
    }

    /// Leaves the captures `excluded` out of every line.
    pub(crate) fn excluding(mut self, excluded: Vec<Move>) -> Searcher<'a> {
        self.excluded = excluded;
        self
    }

    fn exhausted(&mut self) -> bool {
        self.nodes += 1;
        let out = self.nodes > self.limits.node_budget;
        if out {
            BUDGET_HIT.with(|hit| hit.set(true));
        }
        out
    }

    /// The value for the judged side of playing `m` in `pos`, at the root of a line (nothing won or lost yet).
    pub(crate) fn root_move(&mut self, pos: &Position, m: Move, depth: Depth, window: (i32, i32)) -> i32 {
        self.root_move_with(pos, m, Goal::Free, depth, window)
    }

    /// As [`Searcher::root_move`], with a goal about one opposing piece. With `Goal::Take`, the value is above
    /// zero exactly when the judged side can win that piece, whatever else it wins; with `Goal::Spare`, it
    /// falls below the unrestricted value when the piece is at stake. Either answer is a property of the
    /// position, not of the order in which lines are searched.
    pub(crate) fn root_move_with(
        &mut self,
        pos: &Position,
        m: Move,
        goal: Goal,
        depth: Depth,
        window: (i32, i32),
    ) -> i32 {
        self.after_move(pos, m, Balance::default(), depth, goal, window)
    }

    /// The value for the judged side of playing `m` in `pos` and continuing the line, searched in the
    /// window `(alpha, beta)` (fail-soft: outside the window only a bound).
    fn after_move(
        &mut self,
        pos: &Position,
        m: Move,
        bal: Balance,
        depth: Depth,
        goal: Goal,
        window: (i32, i32),
    ) -> i32 {
        let ours = pos.turn() == self.side;
        let bal = bal.after(pos, m, ours);
        let depth = Depth { plies: depth.plies.saturating_sub(1), ..depth };
        self.line(&child(pos, m), bal, depth, goal.after(m, ours), window, None)
    }

    /// Minimax over captures (and, for the judged side, up to `depth.checks` checking moves), either side free
    /// to stop when not in check. The opponent stopping with the judged side ahead is met by its mate.
    /// `in_check` says whether the side to move is in check, when the caller knows it (after a checking move).
    fn line(
        &mut self,
        pos: &Position,
        bal: Balance,
        depth: Depth,
        goal: Goal,
        window: (i32, i32),
        in_check: Option<bool>,
    ) -> i32 {
        let key = LineKey::new(pos, bal, depth, goal, window);
        if let Some(value) = self.remembered(&key) {
            return value;
        }
        let value = self.search_line(pos, bal, depth, goal, window, in_check);
        // A line cut short by the node budget is not its value (and the search is undecided anyway).
        if self.nodes <= self.limits.node_budget {
            self.lines.insert(key.hash, key.context, key.window, value);
        }
        value
    }

    /// The answers to check a line follows: the forbidden capture and standing losses stay out, unless nothing
    /// else answers the check.
    fn keep_answers_to_check(&self, moves: &mut MoveList, ours: bool, goal: Goal) {
        let left_out = |m: &Move| {
            if ours {
                goal.forbids(*m)
            } else {
                self.standing & (1u128 << m.to.index()) != 0
            }
        };
        if moves.iter().any(left_out) && !moves.iter().all(left_out) {
            moves.retain(|m| !left_out(m));
        }
    }

    /// The captures a line follows when not in check: exchange offers, the forbidden capture and (for the
    /// opponent) standing losses left out.
    fn line_captures(&self, pos: &Position, ours: bool, goal: Goal, moves: &mut MoveList) {
        pos.legal_captures_knowing_into(false, moves);
        if !self.excluded.is_empty() {
            moves.retain(|m| !self.excluded.contains(m));
        }
        if !ours && self.standing != 0 {
            moves.retain(|m| self.standing & (1u128 << m.to.index()) == 0);
        }
        if ours && goal != Goal::Free {
            moves.retain(|m| !goal.forbids(*m));
        }
    }

    /// The search behind [`Searcher::line`], for a key not met before.
    fn search_line(
        &mut self,
        pos: &Position,
        bal: Balance,
        depth: Depth,
        goal: Goal,
        window: (i32, i32),
        in_check: Option<bool>,
    ) -> i32 {
        let (mut alpha, mut beta) = window;
        // With a piece to take, stopping before it is taken gains nothing (losses still count).
        let stand_pat = match goal {
            Goal::Take(Some(_)) => bal.score().min(0),
            _ => bal.score(),
        };
        if self.exhausted() {
            return stand_pat;
        }
        let ours = pos.turn() == self.side;
        debug_assert!(in_check.is_none_or(|known| known == pos.is_check()), "{}", pos.fen());
        let in_check = in_check.unwrap_or_else(|| pos.is_check());
        let mut best: Option<i32> = None;
        let mut moves = MoveList::new();
        if in_check {
            // At the end of the line only whether an answer exists matters.
            let mated = if ours { -MATE } else { MATE };
            if depth.plies == 0 {
                return if pos.has_legal_move_knowing(true) { stand_pat } else { mated };
            }
            pos.legal_moves_knowing_into(true, &mut moves);
            if moves.is_empty() {
                return mated;
            }
            self.keep_answers_to_check(&mut moves, ours, goal);
            most_valuable_victim_first(pos, &mut moves);
            if !ours {
                killer_first(&mut moves, self.line_killers[usize::from(depth.plies) % KILLER_DEPTHS], |&m| m);
            }
        } else {
            best = Some(stand_pat);
            if ours {
                alpha = alpha.max(stand_pat)
            } else {
                beta = beta.min(stand_pat)
            }
            if alpha >= beta {
                return stand_pat;
            }
            if depth.plies > 0 {
                self.line_captures(pos, ours, goal, &mut moves);
                most_valuable_victim_first(pos, &mut moves);
            }
        }
        // Keeps the better value for the side to move; true on a cut-off.
        let improve = |best: &mut Option<i32>, v: i32, alpha: &mut i32, beta: &mut i32| {
            if best.is_none_or(|b| if ours { v > b } else { v < b }) {
                *best = Some(v);
                if ours {
                    *alpha = (*alpha).max(v);
                } else {
                    *beta = (*beta).min(v);
                }
            }
            alpha >= beta
        };
        for &m in &moves {
            let v = self.after_move(pos, m, bal, depth, goal, (alpha, beta));
            if improve(&mut best, v, &mut alpha, &mut beta) {
                if in_check && !ours {
                    self.line_killers[usize::from(depth.plies) % KILLER_DEPTHS] = Some(m);
                }
                return v;
            }
        }
        let checks_left = if ours { depth.checks } else { depth.replies };
        // The opponent's checking moves, once generated, serve its mate test below too.
        let mut checks = None;
        if !in_check && checks_left > 0 && depth.plies > 0 {
            let checks = checks.insert(MoveList::new());
            checking_moves_into(pos, false, checks);
            for &m in checks.iter() {
                if pos.piece_at(m.to).is_some() {
                    continue; // searched with the captures
                }
                let deeper = if ours {
                    Depth { plies: depth.plies - 1, checks: depth.checks - 1, ..depth }
                } else {
                    Depth { plies: depth.plies - 1, replies: depth.replies - 1, ..depth }
                };
                let v = self.line(&child(pos, m), bal, deeper, goal.after(m, ours), (alpha, beta), Some(true));
                if improve(&mut best, v, &mut alpha, &mut beta) {
                    return v;
                }
            }
        }
        let best = best.unwrap_or(stand_pat);
        if !ours && !in_check && best > 0 && self.has_mate_in_given(pos, self.limits.mate_reply_moves, checks.as_ref())
        {
            return -MATE;
        }
        best
    }

    /// Of the opposing pieces standing on `pending`, those the judged side wins by playing `m` in `pos` and
    /// continuing the line: the squares `t` for which [`Searcher::root_move_with`] with `Goal::Take(Some(t))`
    /// and the window `(0, 1)` is above zero, found by one walk of the lines instead of one search per piece.
    ///
    /// In that window a line that has not yet taken its piece gains nothing by stopping: it goes on only
    /// through the judged side's captures and checks and the opponent's answers to check (the opponent, not in
    /// check, stops), and a piece is won when every answer leaves it winnable and some move of the judged side
    /// does. So the pieces won are a union over the judged side's moves and an intersection over the answers;
    /// a piece taken is won when the line after the capture still gains (the unrestricted search from there).
    pub(crate) fn winnable_after(&mut self, pos: &Position, m: Move, pending: u128, depth: Depth) -> u128 {
        let depth = Depth { plies: depth.plies.saturating_sub(1), ..depth };
        self.take_edge(pos, m, Balance::default(), depth, pending, None)
    }

    /// [`Searcher::winnable_after`] for the move `m` from `pos` (the account before it), `depth` being the
    /// depth after it: the pending squares of `pos` won. `gives_check` says whether `m` checks, when known.
    fn take_edge(
        &mut self,
        pos: &Position,
        m: Move,
        bal: Balance,
        depth: Depth,
        pending: u128,
        gives_check: Option<bool>,
    ) -> u128 {
        let ours = pos.turn() == self.side;
        let bal = bal.after(pos, m, ours);
        let (from, to) = (1u128 << m.from.index(), 1u128 << m.to.index());
        let next = child(pos, m);
        if ours {
            // Asked once for the searches below.
            let in_check = Some(gives_check.unwrap_or_else(|| next.is_check()));
            let taken = pending & to;
            if taken == 0 {
                return self.take_set(&next, bal, depth, pending, in_check);
            }
            // A line that no longer gains after the capture wins nothing from there (a piece to take can only
            // lower what the line gains): the other pieces are not asked about.
            if self.line(&next, bal, depth, Goal::Free, (0, 1), in_check) <= 0 {
                return 0;
            }
            taken | self.take_set(&next, bal, depth, pending & !to, in_check)
        } else if pending & from != 0 {
            // The opponent moved one of the pieces: follow it to its new square and back.
            let won = self.take_set(&next, bal, depth, (pending & !from) | to, None);
            (won & !to) | if won & to != 0 { from } else { 0 }
        } else {
            self.take_set(&next, bal, depth, pending, None)
        }
    }

    /// The pending pieces of `pos` the judged side wins from here (see [`Searcher::winnable_after`]); `in_check`
    /// says whether the side to move is in check, when known.
    fn take_set(&mut self, pos: &Position, bal: Balance, depth: Depth, pending: u128, in_check: Option<bool>) -> u128 {
        if pending == 0 {
            return 0;
        }
        let ours = pos.turn() == self.side;
        // Whether the opponent, to move, is in check (on the judged side's nodes, only if known).
        let opponent_in_check = if ours { None } else { Some(in_check.unwrap_or_else(|| pos.is_check())) };
        if opponent_in_check == Some(false) {
            return 0; // the opponent stops before anything more is taken (as `search_take_set` finds)
        }
        let key = LineKey::new(pos, bal, depth, Goal::Free, (0, 1));
        let known = self.pending.get(&key).copied().unwrap_or_default();
        let new = pending & !known.asked;
        if new == 0 {
            return known.found & pending;
        }
        // A line known not to gain from here, whatever it takes, wins nothing (see `take_edge`).
        if self.remembered(&key).is_some_and(|value| value <= 0) {
            return known.found & pending;
        }
        let won = self.search_take_set(pos, bal, depth, new, if ours { in_check } else { opponent_in_check });
        if self.nodes <= self.limits.node_budget {
            self.pending.insert(key, Answered { asked: known.asked | new, found: known.found | won });
        }
        (known.found & pending) | won
    }

    /// The search behind [`Searcher::take_set`]; `in_check` when the caller knows it.
    fn search_take_set(
        &mut self,
        pos: &Position,
        bal: Balance,
        depth: Depth,
        pending: u128,
        in_check: Option<bool>,
    ) -> u128 {
        if self.exhausted() {
            return 0; // the line stops with nothing taken
        }
        let ours = pos.turn() == self.side;
        debug_assert!(in_check.is_none_or(|known| known == pos.is_check()), "{}", pos.fen());
        let in_check = in_check.unwrap_or_else(|| pos.is_check());
        let mut moves = MoveList::new();
        if in_check {
            let mated = if ours { 0 } else { pending }; // the opponent is mated: every line gains
            if depth.plies == 0 {
                return if pos.has_legal_move_knowing(true) { 0 } else { mated };
            }
            pos.legal_moves_knowing_into(true, &mut moves);
            if moves.is_empty() {
                return mated;
            }
            self.keep_answers_to_check(&mut moves, ours, Goal::Free);
            most_valuable_victim_first(pos, &mut moves);
        } else {
            if !ours || depth.plies == 0 {
                return 0; // the opponent stops, or the line ends, before anything is taken
            }
            self.line_captures(pos, ours, Goal::Free, &mut moves);
            most_valuable_victim_first(pos, &mut moves);
        }
        if !ours {
            killer_first(&mut moves, self.walk_killers[usize::from(depth.plies) % KILLER_DEPTHS], |&m| m);
            let mut held = pending;
            for &m in &moves {
                held &= self.take_edge(pos, m, bal, Depth { plies: depth.plies - 1, ..depth }, held, None);
                if held == 0 {
                    self.walk_killers[usize::from(depth.plies) % KILLER_DEPTHS] = Some(m);
                    break;
                }
            }
            return held;
        }
        let mut won = 0u128;
        for &m in &moves {
            won |= self.take_edge(pos, m, bal, Depth { plies: depth.plies - 1, ..depth }, pending & !won, None);
            if won == pending {
                return won;
            }
        }
        if !in_check && depth.checks > 0 {
            let mut checks = MoveList::new();
            checking_moves_into(pos, false, &mut checks);
            for &m in &checks {
                if pos.piece_at(m.to).is_some() {
                    continue; // searched with the captures
                }
                let deeper = Depth { plies: depth.plies - 1, checks: depth.checks - 1, ..depth };
                won |= self.take_edge(pos, m, bal, deeper, pending & !won, Some(true));
                if won == pending {
                    return won;
                }
            }
        }
        won
    }

    /// Of the opposing pieces standing on `candidates`, those at stake in the line that starts with the judged
    /// side's move `m` in `pos`: the squares `t` for which [`Searcher::root_move_with`] with
    /// `Goal::Spare(t)` and the window `(threshold - 1, threshold)` is below `threshold` (forbidden to take
    /// the piece, the judged side gains less), found by one walk of the lines instead of one search per piece.
    ///
    /// Forbidding a capture only takes moves from the judged side. So at its moves a piece is at stake when
    /// every move it may still play (all but taking that piece, unless taking it is the only answer to a check)
    /// leaves it at stake, and at the opponent's when some answer does, or the opponent may stop below the
    /// threshold, or it mates in answer (then every line is below it).
    pub(crate) fn at_stake_after(
        &mut self,
        pos: &Position,
        m: Move,
        candidates: u128,
        depth: Depth,
        threshold: i32,
    ) -> u128 {
        let depth = Depth { plies: depth.plies.saturating_sub(1), ..depth };
        self.stake_edge(pos, m, Balance::default(), depth, candidates, threshold)
    }

    /// [`Searcher::at_stake_after`] for the move `m` from `pos` (the account before it), `depth` being the
    /// depth after it: the candidate squares of `pos` at stake.
    fn stake_edge(
        &mut self,
        pos: &Position,
        m: Move,
        bal: Balance,
        depth: Depth,
        candidates: u128,
        threshold: i32,
    ) -> u128 {
        let ours = pos.turn() == self.side;
        let bal = bal.after(pos, m, ours);
        let (from, to) = (1u128 << m.from.index(), 1u128 << m.to.index());
        let next = child(pos, m);
        if ours {
            // Taking a candidate (as the only answer to a check) ends its restriction: the line goes on free.
            let taken = candidates & to;
            let mut held = self.stake_set(&next, bal, depth, candidates & !to, threshold);
            if taken != 0 && self.line(&next, bal, depth, Goal::Free, (threshold - 1, threshold), None) < threshold {
                held |= taken;
            }
            held
        } else if candidates & from != 0 {
            // The opponent moved one of the pieces: follow it to its new square and back.
            let held = self.stake_set(&next, bal, depth, (candidates & !from) | to, threshold);
            (held & !to) | if held & to != 0 { from } else { 0 }
        } else {
            self.stake_set(&next, bal, depth, candidates, threshold)
        }
    }

    /// The candidate pieces of `pos` at stake from here (see [`Searcher::at_stake_after`]).
    fn stake_set(&mut self, pos: &Position, bal: Balance, depth: Depth, candidates: u128, threshold: i32) -> u128 {
        if candidates == 0 {
            return 0;
        }
        let key = LineKey::new(pos, bal, depth, Goal::Free, (threshold - 1, threshold));
        let known = self.stakes.get(&key).copied().unwrap_or_default();
        let new = candidates & !known.asked;
        if new == 0 {
            return known.found & candidates;
        }
        // A line known to gain less than the threshold from here, whatever it spares, leaves every piece at stake.
        if self.remembered(&key).is_some_and(|value| value < threshold) {
            return candidates;
        }
        let held = self.search_stake_set(pos, bal, depth, new, threshold);
        if self.nodes <= self.limits.node_budget {
            self.stakes.insert(key, Answered { asked: known.asked | new, found: known.found | held });
        }
        (known.found & candidates) | held
    }

    fn search_stake_set(
        &mut self,
        pos: &Position,
        bal: Balance,
        depth: Depth,
        candidates: u128,
        threshold: i32,
    ) -> u128 {
        debug_assert!(threshold > 0, "a line at stake gains");
        let stand_pat = bal.score();
        let below = |value: i32| if value < threshold { candidates } else { 0 };
        if self.exhausted() {
            return below(stand_pat);
        }
        let ours = pos.turn() == self.side;
        let in_check = pos.is_check();
        // The checking moves, when the side to move has checks left (the opponent's serve its mate test too).
        let mut checks = None;
        let mut moves = MoveList::new();
        if in_check {
            let mated = if ours { -MATE } else { MATE };
            if depth.plies == 0 {
                return below(if pos.has_legal_move_knowing(true) { stand_pat } else { mated });
            }
            pos.legal_moves_knowing_into(true, &mut moves);
            if moves.is_empty() {
                return below(mated);
            }
            if !ours {
                self.keep_answers_to_check(&mut moves, false, Goal::Free);
            }
            most_valuable_victim_first(pos, &mut moves);
        } else {
            // The side to move stops where that suits it (the judged side at or above the threshold, the opponent
            // below it), and either stops at the end of the line. The opponent stopping at or above the
            // threshold is met by its mate, if it has one (see `search_line`).
            let stops = if ours { stand_pat >= threshold } else { stand_pat < threshold };
            if stops || depth.plies == 0 {
                let mates = !ours && stand_pat >= threshold && self.has_mate_in(pos, self.limits.mate_reply_moves);
                return if mates { candidates } else { below(stand_pat) };
            }
            self.line_captures(pos, ours, Goal::Free, &mut moves);
            most_valuable_victim_first(pos, &mut moves);
            let checks_left = if ours { depth.checks } else { depth.replies };
            if checks_left > 0 {
                checking_moves_into(pos, false, checks.insert(MoveList::new()));
            }
        }
        let after_capture = Depth { plies: depth.plies - 1, ..depth };
        let after_check = if ours {
            Depth { plies: depth.plies - 1, checks: depth.checks.saturating_sub(1), ..depth }
        } else {
            Depth { plies: depth.plies - 1, replies: depth.replies.saturating_sub(1), ..depth }
        };
        let quiet_checks = checks.iter().flatten().filter(|m| pos.piece_at(m.to).is_none()); // captures: above
        let mut edges = arrayvec::ArrayVec::<(Move, Depth), { 2 * crate::movegen::MOVE_LIST_CAPACITY }>::new();
        edges.extend(moves.iter().map(|&m| (m, after_capture)).chain(quiet_checks.map(|&m| (m, after_check))));
        let slot = usize::from(depth.plies) % KILLER_DEPTHS;
        killer_first(&mut edges, self.stake_killers[slot], |&(m, _)| m);
        if ours {
            // A piece stays at stake only if every move the judged side may play for it leaves it so. Taking
            // the piece is not such a move, unless it is the only answer to a check.
            let mut held = candidates;
            for (m, d) in edges {
                let takes = candidates & 1u128 << m.to.index();
                let exempt = if takes != 0 && (!in_check || moves.iter().any(|a| a.to != m.to)) { takes } else { 0 };
                held &= self.stake_edge(pos, m, bal, d, held & !exempt, threshold) | exempt;
                if held == 0 {
                    self.stake_killers[slot] = Some(m);
                    return 0;
                }
            }
            return held;
        }
        let mut found = 0u128;
        for (m, d) in edges {
            found |= self.stake_edge(pos, m, bal, d, candidates & !found, threshold);
            if found == candidates {
                self.stake_killers[slot] = Some(m);
                return found;
            }
        }
        // The opponent stopping with the judged side ahead is met by its mate (see `search_line`).
        if !in_check && self.has_mate_in_given(pos, self.limits.mate_reply_moves, checks.as_ref()) {
            return candidates;
        }
        found
    }

    /// Whether the side to move mates by checks alone within `moves` of its moves, whatever the answers.
    pub(crate) fn has_mate_in(&mut self, pos: &Position, moves: u8) -> bool {
        self.has_mate_in_given(pos, moves, None)
    }

    /// What the memo knows of the mates by checks from the position with this hash: the most moves within which
    /// there is none, and the fewest within which there is one (0 and 255 when nothing is known).
    fn mates_known(&self, hash: u64) -> (i32, i32) {
        let known = self.lines.get(hash, MATES, 0).unwrap_or(0xff00);
        (known & 0xff, known >> 8)
    }

    /// [`Searcher::has_mate_in`], with the position's checking moves when they are known already.
    fn has_mate_in_given(&mut self, pos: &Position, moves: u8, checks: Option<&MoveList>) -> bool {
        if moves == 0 {
            return false;
        }
        // Checks played in another order reach the same positions: remember them. A mate within some number
        // of moves is one within more, so each position keeps the most moves known not to mate and the fewest
        // known to mate.
        let hash = pos.zobrist_hash();
        let (no_mate_within, mate_within) = self.mates_known(hash);
        if i32::from(moves) <= no_mate_within {
            return false;
        }
        if i32::from(moves) >= mate_within {
            return true;
        }
        let mut generated = MoveList::new();
        let checks = match checks {
            Some(checks) => checks,
            None => {
                checking_moves_into(pos, pos.is_check(), &mut generated);
                &generated
            }
        };
        let found = checks.iter().any(|&m| !self.excluded.contains(&m) && self.check_mates(pos, m, moves));
        let known = if found { no_mate_within | i32::from(moves) << 8 } else { i32::from(moves) | mate_within << 8 };
        if self.nodes <= self.limits.node_budget {
            self.lines.insert(hash, MATES, 0, known); // as for lines: an answer cut short is none
        }
        found
    }

    /// Whether the checking move `m` forces mate by further checks within `moves` moves in all.
    pub(crate) fn check_mates(&mut self, pos: &Position, m: Move, moves: u8) -> bool {
        if self.exhausted() {
            return false;
        }
        let next = child(pos, m);
        if moves <= 1 {
            return !next.has_legal_move_knowing(true);
        }
        let mut replies = MoveList::new();
        next.legal_moves_knowing_into(true, &mut replies);
        // The answer is the same in any order; the work is not. Taking the checking piece refutes many mates, so
        // captures come first among answers that are otherwise alike.
        replies.sort_unstable_by_key(|r| next.piece_at(r.to).is_none());
        if replies.len() > FEWEST_CHECKS_FIRST {
            return replies.iter().all(|&r| self.has_mate_in(&child(&next, r), moves - 1));
        }
        // After each answer, the checks left to the mating side: an answer that leaves none refutes at once, and
        // one that leaves few most often refutes soonest, so the answers are tried fewest checks first.
        let mut answers = arrayvec::ArrayVec::<(Move, MoveList), FEWEST_CHECKS_FIRST>::new();
        for &r in &replies {
            let after = child(&next, r);
            let (no_mate_within, mate_within) = self.mates_known(after.zobrist_hash());
            if i32::from(moves - 1) <= no_mate_within {
                return false;
            }
            if i32::from(moves - 1) >= mate_within {
                continue; // mated after this answer
            }
            let mut checks = MoveList::new();
            checking_moves_into(&after, after.is_check(), &mut checks);
            if checks.is_empty() {
                return false;
            }
            answers.push((r, checks));
        }
        answers.sort_by_key(|(_, checks)| checks.len());
        answers.iter().all(|(r, checks)| self.has_mate_in_given(&child(&next, *r), moves - 1, Some(checks)))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Every position of the bundled repetition cases and perft table.
    pub(crate) fn positions() -> Vec<Position> {
        let mut list = Vec::new();
        for line in include_str!("../../../tests/data/perft/perft.tsv").lines() {
            if let Some(fen) = line.split('\t').nth(1).filter(|f| f.contains('/')) {
                if let Ok(pos) = Position::from_fen(fen) {
                    list.push(pos);
                }
            }
        }
        for line in include_str!("../../../tests/data/rules/repetition-cases.jsonl").lines() {
            let Some(start) = line.find("\"fen\": \"") else { continue };
            let rest = &line[start + 8..];
            let fen = &rest[..rest.find('"').expect("closing quote")];
            let Ok(mut pos) = Position::from_fen(fen) else { continue };
            let moves_at = line.find("\"moves\": [").expect("moves");
            let moves = &line[moves_at + 10..];
            for text in moves[..moves.find(']').expect("end")].split(", ") {
                list.push(pos.clone());
                pos = pos.play(text.trim_matches('"').parse().expect("ICCS")).expect("legal");
            }
        }
        assert!(list.len() > 500);
        list
    }

    #[test]
    fn checking_moves_are_the_legal_moves_that_check() {
        for pos in positions() {
            for view in [Some(pos.clone()), pos.swap_turn()].into_iter().flatten() {
                let mut expected: Vec<Move> =
                    view.legal_moves().into_iter().filter(|&m| child(&view, m).is_check()).collect();
                let mut found: Vec<Move> = checking_moves(&view, view.is_check()).to_vec();
                expected.sort_by_key(|m| (m.from.index(), m.to.index()));
                found.sort_by_key(|m| (m.from.index(), m.to.index()));
                assert_eq!(found, expected, "{}", view.fen());
            }
        }
    }

    /// The positions a search meets: from each case and perft position, four plies of captures and checks,
    /// for both sides to move.
    #[test]
    fn checking_moves_are_the_legal_moves_that_check_along_search_lines() {
        fn walk(pos: &Position, depth: u8, seen: &mut std::collections::HashSet<u64>, count: &mut usize) {
            if !seen.insert(pos.zobrist_hash()) {
                return;
            }
            *count += 1;
            let mut expected: Vec<Move> = pos.legal_moves().into_iter().filter(|&m| child(pos, m).is_check()).collect();
            let mut found: Vec<Move> = checking_moves(pos, pos.is_check()).to_vec();
            expected.sort_by_key(|m| (m.from.index(), m.to.index()));
            found.sort_by_key(|m| (m.from.index(), m.to.index()));
            assert_eq!(found, expected, "{}", pos.fen());
            if depth == 0 {
                return;
            }
            for m in pos.legal_moves() {
                let next = child(pos, m);
                if pos.piece_at(m.to).is_some() || next.is_check() {
                    walk(&next, depth - 1, seen, count);
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        let mut count = 0;
        for pos in positions() {
            for view in [Some(pos.clone()), pos.swap_turn()].into_iter().flatten() {
                walk(&view, 4, &mut seen, &mut count);
            }
        }
        assert!(count > 20_000, "{count} positions");
    }

    /// In check, whether a legal move exists is whether the list of legal moves is not empty: after every check
    /// from the positions, and after every check that follows an answer.
    #[test]
    fn the_any_move_test_in_check_agrees_with_the_legal_moves() {
        let (mut escapes, mut mates) = (0, 0);
        let mut check = |pos: &Position| {
            let any = pos.has_legal_move_knowing(true);
            assert_eq!(any, !pos.legal_moves().is_empty(), "{}", pos.fen());
            if any {
                escapes += 1;
            } else {
                mates += 1;
            }
        };
        for pos in positions() {
            for view in [Some(pos.clone()), pos.swap_turn()].into_iter().flatten() {
                for m in checking_moves(&view, view.is_check()) {
                    let checked = child(&view, m);
                    check(&checked);
                    for answer in checked.legal_moves() {
                        let next = child(&checked, answer);
                        for again in checking_moves(&next, next.is_check()) {
                            check(&child(&next, again));
                        }
                    }
                }
            }
        }
        assert!(escapes > 3_000 && mates > 50, "{escapes} escapes, {mates} mates");
    }

    /// A first move of a threat line, as `winning_threats` searches it: from a position of the cases, or one
    /// capture or check away (lines reach deeper there before their bounds), either side to move.
    struct FirstMove {
        view: Position,
        /// The opposing pieces of value.
        targets: Vec<Square>,
        m: Move,
        depth: Depth,
        /// The targets but the one `m` takes.
        others: u128,
    }

    fn first_moves(limits: &SearchLimits) -> Vec<FirstMove> {
        let mut all = Vec::new();
        for pos in positions() {
            for view in [Some(pos.clone()), pos.swap_turn()].into_iter().flatten() {
                for m in view.legal_moves() {
                    let next = child(&view, m);
                    if view.piece_at(m.to).is_some() || next.is_check() {
                        all.extend(next.swap_turn());
                        all.push(next);
                    }
                }
                all.push(view);
            }
        }
        let captures = Depth::new(limits.capture_plies + 2, 1, limits.reply_checks);
        let checks =
            Depth::new(2 * limits.check_moves + limits.capture_plies, limits.check_moves - 1, limits.reply_checks);
        let mut firsts = Vec::new();
        for view in all {
            let targets: Vec<Square> = view
                .pieces_of(!view.turn())
                .into_iter()
                .filter(|&sq| view.piece_at(sq).is_some_and(|p| super::super::value::is_material(p, sq)))
                .collect();
            let moves: Vec<(Move, Depth)> = view
                .legal_captures()
                .into_iter()
                .map(|m| (m, captures))
                .chain(checking_moves(&view, view.is_check()).into_iter().map(|m| (m, checks)))
                .collect();
            for (m, depth) in moves {
                let others = targets.iter().filter(|&&t| t != m.to).fold(0u128, |set, t| set | 1u128 << t.index());
                firsts.push(FirstMove { view: view.clone(), targets: targets.clone(), m, depth, others });
            }
        }
        firsts
    }

    /// The pieces won after a first move, found all at once, are those the one-piece search finds one by one.
    #[test]
    fn winnable_pieces_are_those_each_one_piece_search_wins() {
        let limits = SearchLimits::default();
        let (mut moves_tried, mut pieces_won) = (0, 0);
        for FirstMove { view, targets, m, depth, others: pending } in first_moves(&limits) {
            let side = view.turn();
            let mut one_by_one = 0u128;
            for &t in &targets {
                let mut searcher = Searcher::new(&limits, side);
                if t != m.to && searcher.root_move_with(&view, m, Goal::Take(Some(t)), depth, (0, 1)) > 0 {
                    one_by_one |= 1u128 << t.index();
                }
            }
            let at_once = Searcher::new(&limits, side).winnable_after(&view, m, pending, depth);
            assert_eq!(at_once, one_by_one, "{} {m}", view.fen());
            // As the threat search asks it: after the gain test, its lines' values remembered.
            let mut searcher = Searcher::new(&limits, side);
            searcher.root_move(&view, m, depth, (0, 1));
            assert_eq!(searcher.winnable_after(&view, m, pending, depth), one_by_one, "{} {m}", view.fen());
            moves_tried += 1;
            pieces_won += one_by_one.count_ones();
        }
        assert!(moves_tried > 10_000 && pieces_won > 2_000, "{moves_tried} first moves, {pieces_won} pieces won");
    }

    /// The pieces at stake after a first move, found all at once, are those the one-piece search finds one by
    /// one, for several thresholds.
    #[test]
    fn pieces_at_stake_are_those_each_one_piece_search_finds() {
        let limits = SearchLimits::default();
        let (mut questions, mut at_stake) = (0, 0);
        for FirstMove { view, targets, m, depth, others: candidates } in first_moves(&limits) {
            let side = view.turn();
            for threshold in [1, 2, 4] {
                let mut one_by_one = 0u128;
                let mut searcher = Searcher::new(&limits, side);
                for &t in &targets {
                    if t != m.to
                        && searcher.root_move_with(&view, m, Goal::Spare(t), depth, (threshold - 1, threshold))
                            < threshold
                    {
                        one_by_one |= 1u128 << t.index();
                    }
                }
                let at_once = Searcher::new(&limits, side).at_stake_after(&view, m, candidates, depth, threshold);
                assert_eq!(at_once, one_by_one, "{} {m} threshold {threshold}", view.fen());
                // With the lines' values in the threshold's window remembered from a search before.
                let mut searcher = Searcher::new(&limits, side);
                searcher.root_move(&view, m, depth, (threshold - 1, threshold));
                let after_search = searcher.at_stake_after(&view, m, candidates, depth, threshold);
                assert_eq!(after_search, one_by_one, "{} {m} threshold {threshold}", view.fen());
                // Only lines that reach the threshold unrestricted ask something: the others are below it
                // whatever is spared.
                let window = (threshold - 1, threshold);
                if Searcher::new(&limits, side).root_move(&view, m, depth, window) >= threshold {
                    questions += 1;
                    at_stake += one_by_one.count_ones();
                }
            }
        }
        assert!(questions > 5_000 && at_stake > 3_000, "{questions} questions, {at_stake} pieces at stake");
    }

    /// The mate search (answers ordered by the checks they leave, answers known to the memo settled first) finds
    /// a mate by checks exactly where a plain search of every check and every answer does: from the positions
    /// and from those one check and one answer on (where mates are nearer), within one to three moves.
    #[test]
    fn the_mate_search_agrees_with_a_plain_one() {
        fn plain(pos: &Position, moves: u8) -> bool {
            moves > 0
                && checking_moves(pos, pos.is_check()).into_iter().any(|m| {
                    let next = child(pos, m);
                    let replies = next.legal_moves();
                    replies.is_empty() || (moves > 1 && replies.into_iter().all(|r| plain(&child(&next, r), moves - 1)))
                })
        }
        let mut views = Vec::new();
        for pos in positions() {
            for view in [Some(pos.clone()), pos.swap_turn()].into_iter().flatten() {
                for m in checking_moves(&view, view.is_check()) {
                    let checked = child(&view, m);
                    views.extend(checked.legal_moves().into_iter().map(|r| child(&checked, r)));
                }
                views.push(view);
            }
        }
        let limits = SearchLimits::default();
        let (mut asked, mut mates) = (0, 0);
        for view in views {
            // One searcher for every depth, as the classifier's searches share their memo.
            let mut searcher = Searcher::new(&limits, view.turn());
            for moves in 1..=3 {
                let expected = plain(&view, moves);
                assert_eq!(searcher.has_mate_in(&view, moves), expected, "{} in {moves}", view.fen());
                asked += 1;
                mates += usize::from(expected);
            }
        }
        assert!(asked > 10_000 && mates > 500, "{asked} questions, {mates} mates");
    }

    #[test]
    fn legal_captures_are_the_legal_moves_that_capture() {
        for pos in positions() {
            let expected: Vec<Move> = pos.legal_moves().into_iter().filter(|&m| pos.is_capture(m)).collect();
            let mut found = pos.legal_captures().to_vec();
            found.sort_by_key(|m| expected.iter().position(|e| e == m));
            assert_eq!(found, expected, "{}", pos.fen());
        }
    }
}
