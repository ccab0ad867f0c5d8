//! The reference classifier: the slow oracle the fast classifier is tested against.
//!
//! Every definition of articles 25-29 and of the detailed rules (细则) is written here as directly as the
//! words allow, with the readings of `docs/arbiter.md`: minimax over every legal move of each kind, no
//! shortcuts in move generation (every legal move, filtered), no null-window tests, no node budget. Its only
//! bounds are the depths of [`SearchLimits`] (the number of plies of an exchange, of checks in a line, of
//! moves in a mate), which the rules leave open and which are documented there. Lines are searched with
//! alpha-beta cut-offs in the full window, which return exactly the minimax value.
//!
//! It is slow (milliseconds to seconds a move) and meant for tests and for checking a disputed move by hand:
//!
//! ```
//! use xiangqi_core::arbiter::{reference, ArbiterConfig, MoveClass};
//! use xiangqi_core::Position;
//!
//! // The red chariot attacks the unprotected black horse: a chase.
//! let pos = Position::from_fen("4k4/9/9/9/2n6/9/9/9/9/3K4R w - - 0 1")?;
//! let c = reference::classify(&pos, "i0i5".parse()?, None, &ArbiterConfig::default())?;
//! assert_eq!(c.class, MoveClass::Chase);
//! assert_eq!(c.chases, vec!["c5".parse()?]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;

use super::classify::{IdleKind, MoveClass};
use super::value::{is_material, nominal_value, Balance};
use super::{ArbiterConfig, ClassifyError, RuleSet, SearchLimits};
use crate::{Color, Move, Position, Role, Square};

/// A score beyond any material balance: a mate.
const MATE: i32 = 10_000;

/// The reference classifier's answer for one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReferenceClass {
    /// The class (idle sub-kinds are not worked out: always [`IdleKind::Plain`]).
    pub class: MoveClass,
    /// The squares, after the move, of the pieces the move newly threatens to win with a piece other than a
    /// soldier or the general (under the AXF rules, for a check: what the check also attacks).
    pub chases: Vec<Square>,
    /// New threats won only by soldiers (27.2).
    pub soldier_chases: Vec<Square>,
    /// New threats won only by the general (27.1).
    pub general_chases: Vec<Square>,
    /// No line of any search behind the answer reached a bound of [`SearchLimits`] while it could have gone
    /// on: deeper bounds would give the same answer.
    pub exact: bool,
}

std::thread_local! {
    /// Set when a line reached a bound while it could have gone on, since the last [`take_horizon`].
    static HORIZON: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn reached_bound() {
    HORIZON.with(|h| h.set(true));
}

fn take_horizon() -> bool {
    HORIZON.with(|h| h.replace(false))
}

/// The opponent's move that led to the position classified, and the position before it.
#[derive(Clone, Copy, Debug)]
pub struct LeadIn<'a> {
    /// The position before the opponent's move.
    pub position: &'a Position,
    /// The opponent's move.
    pub mv: Move,
}

/// Classifies `mv` played in `before` by the rules as written. `lead_in` is the opponent's previous move (it
/// matters when that move gave check, and for attacks that stood before it).
pub fn classify(
    before: &Position,
    mv: Move,
    lead_in: Option<LeadIn<'_>>,
    config: &ArbiterConfig,
) -> Result<ReferenceClass, ClassifyError> {
    take_horizon();
    let mut out = classify_within_bounds(before, mv, lead_in, config)?;
    out.exact = !take_horizon();
    Ok(out)
}

fn classify_within_bounds(
    before: &Position,
    mv: Move,
    lead_in: Option<LeadIn<'_>>,
    config: &ArbiterConfig,
) -> Result<ReferenceClass, ClassifyError> {
    super::both_generals(before)?;
    let after = before.clone().play(mv).map_err(ClassifyError::Illegal)?;
    super::both_generals(&after)?;
    let limits = match config.rules {
        // The AXF rules allow winning material by checks (AXF rule 26).
        RuleSet::Axf => SearchLimits { check_moves: 0, ..config.limits },
        _ => config.limits,
    };
    let side = before.turn();
    let moved = before.piece_at(mv.from).expect("a legal move moves a piece");
    // Where each piece of `after` stood in `before` (the moved piece came from `mv.from`).
    let origin = |sq: Square| if sq == mv.to { mv.from } else { sq };
    let mut out = ReferenceClass {
        class: MoveClass::Idle(IdleKind::Plain),
        chases: Vec::new(),
        soldier_chases: Vec::new(),
        general_chases: Vec::new(),
        exact: true,
    };

    // 28.1: the move attacks the opposing general.
    if after.is_check() {
        out.class = MoveClass::Check;
        if config.rules == RuleSet::Axf {
            out.chases = check_chases(before, &after, &origin, &limits);
        }
        return Ok(out);
    }
    // A general's move that answers a check is idle whatever it produces (2020 rule book).
    if config.king_evasion_idle && moved.role == Role::General && before.is_check() {
        return Ok(out);
    }
    let view = with_turn(&after, side).expect("the opponent is not in check");
    let before_view = with_turn(before, !side);

    // 28.2: a forced mate by checks that did not exist before the move.
    if limits.kill_moves > 0 {
        let now = Standoffs::of(&view, Some(&after), &limits);
        if mates_by_checks(&view, &now, &limits) {
            let then = Standoffs::of(before, before_view.as_ref(), &limits);
            if !mates_by_checks(before, &then, &limits) {
                out.class = MoveClass::Kill;
                return Ok(out);
            }
        }
    }

    // 28.3, 29.1-29.3: what the mover can win now, against what it could win before the move.
    let standoffs = Standoffs::of(&view, Some(&after), &limits);
    let mut accepted = Accepted::default();
    if !view.legal_captures().is_empty() {
        if let Some(opponent_before) = &before_view {
            accepted.standing = winnable(&after, &limits) & winnable(opponent_before, &limits);
        }
        // The mover's pieces stood where they stand now before the opponent's move too (the moved one on
        // the square it came from).
        let reference = lead_in.map_or(before, |l| l.position);
        accepted.abandoned = standing_attacks(&after, side, reference, origin);
    }
    let after_threats = threats(&view, &standoffs, accepted, &limits);
    if after_threats.is_empty() {
        return Ok(out);
    }
    let mut before_accepted = Accepted::default();
    if !before.legal_captures().is_empty() {
        let reference = lead_in.map_or(before, |l| l.position);
        before_accepted.abandoned = standing_attacks(before, side, reference, |sq| sq);
    }
    let then = Standoffs::of(before, before_view.as_ref(), &limits);
    let old: Vec<Square> = threats(before, &then, before_accepted, &limits).iter().map(|t| t.target).collect();
    let mut new: Vec<Threat> = after_threats.into_iter().filter(|t| !old.contains(&origin(t.target))).collect();

    // A piece that walked into the attack with the very check just answered does not count.
    if config.self_inflicted && before.is_check() {
        if let Some(l) = lead_in {
            new.retain(|t| origin(t.target) != l.mv.to);
        }
    }
    // 27.3: the arbiter's judgement of a defensive key point.
    if let Some(hook) = &config.defensive_key_point {
        if hook.judge(before, mv) {
            new.retain(|t| !matches!(view.piece_at(t.target).map(|p| p.role), Some(Role::Advisor | Role::Elephant)));
        }
    }
    // 27.1, 27.2: a target chased by a piece other than the general or a soldier is a chase; a target only a
    // soldier or only the general wins is kept aside.
    let mut targets: Vec<Square> = new.iter().map(|t| t.target).collect();
    targets.sort_by_key(|sq| sq.index());
    targets.dedup();
    for target in targets {
        let mut winners: Vec<&Threat> = new.iter().filter(|t| t.target == target).collect();
        if config.rules == RuleSet::Axf {
            // Outnumbering a real root is allowed under the AXF rules (rule 31).
            winners.retain(|t| !(t.direct && is_insufficient_root(&view, t.capturer, target, &standoffs, &limits)));
        }
        let roles: Vec<Role> = winners.iter().filter_map(|t| view.piece_at(t.capturer).map(|p| p.role)).collect();
        if roles.is_empty() {
            continue;
        }
        if roles.iter().any(|r| !matches!(r, Role::General | Role::Soldier)) {
            out.chases.push(target);
        } else if roles.contains(&Role::Soldier) {
            out.soldier_chases.push(target);
        } else {
            out.general_chases.push(target);
        }
    }
    if !out.chases.is_empty() {
        out.class = MoveClass::Chase;
    }
    Ok(out)
}

/// Classifies move `index` of `game` with the reference classifier, with the same lead-in as
/// [`Game::classify`](crate::Game::classify) uses; `None` past the end.
pub fn classify_in(game: &crate::Game, index: usize) -> Option<Result<ReferenceClass, ClassifyError>> {
    classify_in_with(game, index, game.config())
}

/// [`classify_in`] with another configuration than the game's.
pub fn classify_in_with(
    game: &crate::Game,
    index: usize,
    config: &ArbiterConfig,
) -> Option<Result<ReferenceClass, ClassifyError>> {
    let mv = *game.moves().get(index)?;
    let before = game.position_at(index)?;
    let lead_in = game
        .lead_in(index)
        .map(|i| LeadIn { position: game.position_at(i).expect("an earlier position"), mv: game.moves()[i] });
    Some(classify(before, mv, lead_in, config))
}

/// The board of `pos` with `turn` to move, if the side not on move is not in check.
fn with_turn(pos: &Position, turn: Color) -> Option<Position> {
    if pos.turn() == turn {
        Some(pos.clone())
    } else {
        pos.swap_turn()
    }
}

fn child(pos: &Position, m: Move) -> Position {
    let mut next = pos.clone();
    next.play_unchecked(m);
    next
}

fn captures(pos: &Position) -> Vec<Move> {
    pos.legal_moves().into_iter().filter(|&m| pos.piece_at(m.to).is_some()).collect()
}

fn checks(pos: &Position) -> Vec<Move> {
    pos.legal_moves().into_iter().filter(|&m| child(pos, m).is_check()).collect()
}

fn bit(sq: Square) -> u128 {
    1u128 << sq.index()
}

/// 28.5: an exchange offer. A capture of a piece of equal value (soldiers aside) that could legally take the
/// capturer back is a mutual attack; when taking back does not leave its side a whole piece of that value
/// down, the pair is an offer to exchange, and neither capture is a threat or part of a line.
struct Standoffs {
    mutual: Vec<Move>,
    pairs: Vec<Move>,
}

impl Standoffs {
    fn of(pos: &Position, opponent_view: Option<&Position>, limits: &SearchLimits) -> Standoffs {
        let (mut mutual, mut pairs) = (Vec::new(), Vec::new());
        let Some(view) = opponent_view else { return Standoffs { mutual, pairs } };
        for m in captures(pos) {
            let (a, x) = (pos.piece_at(m.from).expect("capturer"), pos.piece_at(m.to).expect("victim"));
            let back = Move::new(m.to, m.from);
            if a.role == Role::Soldier || nominal_value(a.role) != nominal_value(x.role) || !view.is_legal(back) {
                continue;
            }
            mutual.push(m);
            let mut taker = Lines::new(limits, view.turn(), Vec::new(), 0);
            let value =
                taker.after(view, back, Balance::default(), limits.capture_plies, 0, limits.reply_checks, Goal::Free);
            if value > -nominal_value(a.role) {
                pairs.push(m);
                pairs.push(back);
            }
        }
        Standoffs { mutual, pairs }
    }
}

/// Losses the mover has already accepted (decision 6 of `docs/arbiter.md`).
#[derive(Clone, Copy, Default)]
struct Accepted {
    /// The mover's pieces the opponent could win before the move and still can.
    standing: u128,
    /// The mover's pieces under an attack that stood before the opponent's last move.
    abandoned: u128,
}

/// The squares of the pieces (of the side not to move in `pos`) that the side to move wins by a direct
/// capture and the exchange after it.
fn winnable(pos: &Position, limits: &SearchLimits) -> u128 {
    let mut set = 0;
    let mut lines = Lines::new(limits, pos.turn(), Vec::new(), 0);
    for m in captures(pos) {
        if lines.after(pos, m, Balance::default(), limits.capture_plies, 0, 0, Goal::Free) > 0 {
            set |= bit(m.to);
        }
    }
    set
}

/// The pieces of `side` in `pos` that the opponent attacks and already attacked in `reference` (the position
/// before the opponent's last move); `then` maps a square of `pos` to the square its piece stood on there.
fn standing_attacks(pos: &Position, side: Color, reference: &Position, then: impl Fn(Square) -> Square) -> u128 {
    let attacked = |p: &Position, sq: Square| !p.attackers(sq, !side).is_empty();
    let mut set = 0;
    for sq in pos.pieces_of(side) {
        let old = then(sq);
        let same_piece = reference.piece_at(old) == pos.piece_at(sq);
        if attacked(pos, sq) && same_piece && attacked(reference, old) {
            set |= bit(sq);
        }
    }
    set
}

/// A target the side to move can win, and the piece making the first move of the line.
#[derive(Clone, Copy, Debug)]
struct Threat {
    target: Square,
    capturer: Square,
    /// The line starts by capturing the target itself.
    direct: bool,
}

/// 29.1: every target the side to move wins by capturing it (and the exchange after), by capturing something
/// else first, or by a series of checks. A line must gain material (25.3) and take the target. A gaining line
/// that forces no single piece (a fork) names the pieces at stake in it: forbidding their capture makes it
/// gain less.
fn threats(pos: &Position, standoffs: &Standoffs, accepted: Accepted, limits: &SearchLimits) -> Vec<Threat> {
    let side = pos.turn();
    let targets: Vec<Square> =
        pos.pieces_of(!side).into_iter().filter(|&sq| is_material(pos.piece_at(sq).expect("piece"), sq)).collect();
    let mut found = Vec::new();
    let capture_depth = (limits.capture_plies + 2, 1.min(limits.check_moves), limits.reply_checks);
    for m in captures(pos) {
        if standoffs.pairs.contains(&m) {
            continue;
        }
        let victim = pos.piece_at(m.to).expect("victim");
        // Pieces the capturer protected from its square, left to an attack that already stood.
        let guarded = pos.attacks_from(m.from).bits() & accepted.abandoned;
        let left = guarded & !child(pos, m).attacks_from(m.to).bits();
        let mut lines = Lines::new(limits, side, standoffs.pairs.clone(), accepted.standing | left);
        let (plies, checks, replies) = capture_depth;
        let value = lines.after(pos, m, Balance::default(), plies, checks, replies, Goal::Free);
        let material = is_material(victim, m.to);
        if value <= 0 || (!material && value >= MATE) {
            continue;
        }
        if material {
            found.push(Threat { target: m.to, capturer: m.from, direct: true });
        }
        let before = found.len();
        for &t in targets.iter().filter(|&&t| t != m.to) {
            if lines.after(pos, m, Balance::default(), plies, checks, replies, Goal::Take(Some(t))) > 0 {
                found.push(Threat { target: t, capturer: m.from, direct: false });
            }
        }
        if !material && found.len() == before {
            for &t in targets.iter().filter(|&&t| t != m.to) {
                if lines.after(pos, m, Balance::default(), plies, checks, replies, Goal::Spare(t)) < value {
                    found.push(Threat { target: t, capturer: m.from, direct: false });
                }
            }
        }
    }
    if limits.check_moves > 0 {
        let mut lines = Lines::new(limits, side, standoffs.pairs.clone(), accepted.standing);
        let (plies, check_moves, replies) =
            (2 * limits.check_moves + limits.capture_plies, limits.check_moves - 1, limits.reply_checks);
        for m in checks(pos) {
            if pos.piece_at(m.to).is_some() {
                continue; // judged as a capture
            }
            let value = lines.after(pos, m, Balance::default(), plies, check_moves, replies, Goal::Free);
            if value <= 0 || value >= MATE {
                continue; // nothing won, or a mate (a kill, not a chase)
            }
            let before = found.len();
            for &t in &targets {
                if lines.after(pos, m, Balance::default(), plies, check_moves, replies, Goal::Take(Some(t))) > 0 {
                    found.push(Threat { target: t, capturer: m.from, direct: false });
                }
            }
            // A fork: the line gains, but the opponent chooses which piece to give. The pieces at stake
            // (forbidding their capture makes the line gain less) are the targets.
            if found.len() == before {
                for &t in &targets {
                    if lines.after(pos, m, Balance::default(), plies, check_moves, replies, Goal::Spare(t)) < value {
                        found.push(Threat { target: t, capturer: m.from, direct: false });
                    }
                }
            }
        }
    }
    found
}

/// Under the AXF rules: the target has a real root that the attackers outnumber (少根).
fn is_insufficient_root(
    view: &Position,
    attacker: Square,
    target: Square,
    standoffs: &Standoffs,
    limits: &SearchLimits,
) -> bool {
    let side = view.turn();
    let capture = Move::new(attacker, target);
    let after = child(view, capture);
    let real_root = after.attackers(target, !side).into_iter().any(|sq| after.is_legal(Move::new(sq, target)));
    let (a, x) = (view.piece_at(attacker).expect("attacker"), view.piece_at(target).expect("target"));
    if !real_root || nominal_value(x.role) > nominal_value(a.role) {
        return false;
    }
    let mut lines = Lines::new(limits, side, standoffs.pairs.clone(), 0);
    lines.after(view, capture, Balance::default(), limits.capture_plies, 0, limits.reply_checks, Goal::Free) > 0
}

/// Under the AXF rules, what a check also attacks: new threats by direct capture, judged on the board with
/// the checking side to move again.
fn check_chases(
    before: &Position,
    after: &Position,
    origin: &impl Fn(Square) -> Square,
    limits: &SearchLimits,
) -> Vec<Square> {
    let mut setup = after.to_setup();
    setup.turn = !setup.turn;
    let view = Position::from_setup_unchecked(&setup);
    let limits = SearchLimits { check_moves: 0, ..*limits };
    let now = threats(&view, &Standoffs::of(&view, Some(after), &limits), Accepted::default(), &limits);
    if now.is_empty() {
        return Vec::new();
    }
    let swapped = before.swap_turn();
    let then = threats(before, &Standoffs::of(before, swapped.as_ref(), &limits), Accepted::default(), &limits);
    let old: Vec<Square> = then.iter().map(|t| t.target).collect();
    let mut out: Vec<Square> = now.iter().map(|t| t.target).filter(|&t| !old.contains(&origin(t))).collect();
    out.sort_by_key(|sq| sq.index());
    out.dedup();
    out
}

/// 28.2: the side to move mates by checks alone within `kill_moves` of its moves, its first move not taking
/// the partner of a mutual attack and no line using an exchange offer.
fn mates_by_checks(pos: &Position, standoffs: &Standoffs, limits: &SearchLimits) -> bool {
    let mut lines = Lines::new(limits, pos.turn(), standoffs.pairs.clone(), 0);
    checks(pos).into_iter().any(|m| !standoffs.mutual.contains(&m) && lines.check_mates(pos, m, limits.kill_moves))
}

/// What a line must do about one opposing piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// Nothing.
    Free,
    /// Take the piece (standing on the square; `None` once taken): before that, the line gains nothing.
    Take(Option<Square>),
    /// Never take the piece on the square (unless that is the only answer to a check).
    Spare(Square),
}

/// Lines of play judged for one side: minimax over every capture (and a bounded number of checks), either
/// side free to stop when not in check, a side in check answering with any legal move.
struct Lines<'a> {
    limits: &'a SearchLimits,
    side: Color,
    /// Captures no line may use (the exchange offers standing at the root).
    excluded: Vec<Move>,
    /// Squares of the judged side's pieces whose loss is left out of the lines (accepted losses).
    standing: u128,
    mates: HashMap<(u64, u8), bool>,
}

impl<'a> Lines<'a> {
    fn new(limits: &'a SearchLimits, side: Color, excluded: Vec<Move>, standing: u128) -> Lines<'a> {
        Lines { limits, side, excluded, standing, mates: HashMap::new() }
    }

    /// The exact value for the judged side of playing `m` in `pos` and going on, with a goal about one
    /// opposing piece (see [`Goal`]).
    #[allow(clippy::too_many_arguments)]
    fn after(&mut self, pos: &Position, m: Move, bal: Balance, plies: u8, checks: u8, replies: u8, goal: Goal) -> i32 {
        let (bal, goal) = self.account(pos, m, bal, goal);
        self.line(&child(pos, m), bal, plies.saturating_sub(1), checks, replies, goal, (-MATE - 1, MATE + 1))
    }

    /// The balance after `m`, and the goal with its piece followed to where it stands then (the piece moves
    /// when it captures or answers a check).
    fn account(&self, pos: &Position, m: Move, bal: Balance, goal: Goal) -> (Balance, Goal) {
        let mut bal = bal;
        let mut goal = goal;
        if let Some(victim) = pos.piece_at(m.to) {
            if pos.turn() == self.side {
                bal = bal.won(victim, m.to);
                if goal == Goal::Take(Some(m.to)) {
                    goal = Goal::Take(None);
                }
                if goal == Goal::Spare(m.to) {
                    goal = Goal::Free; // taken as the only answer to a check: nothing left to spare
                }
            } else {
                bal = bal.lost(victim, m.to);
            }
        }
        goal = match goal {
            Goal::Take(Some(sq)) if sq == m.from => Goal::Take(Some(m.to)),
            Goal::Spare(sq) if sq == m.from => Goal::Spare(m.to),
            other => other,
        };
        (bal, goal)
    }

    /// Minimax with alpha-beta cut-offs, which give the exact minimax value at the root when it is searched
    /// with the full window (as [`Lines::after`] does); no other shortcut.
    #[allow(clippy::too_many_arguments)]
    fn line(
        &mut self,
        pos: &Position,
        bal: Balance,
        plies: u8,
        checks: u8,
        replies: u8,
        goal: Goal,
        window: (i32, i32),
    ) -> i32 {
        let (mut alpha, mut beta) = window;
        let ours = pos.turn() == self.side;
        // With a piece to take, stopping before it is taken gains nothing (losses still count).
        let stand_pat = match goal {
            Goal::Take(Some(_)) => bal.score().min(0),
            _ => bal.score(),
        };
        let forbidden = |m: &Move| ours && goal == Goal::Spare(m.to);
        let standing = self.standing;
        let lost_standing = |m: &Move| !ours && standing & bit(m.to) != 0;
        // Keeps the better value for the side to move; true on a cut-off.
        let improve = |best: &mut i32, v: i32, alpha: &mut i32, beta: &mut i32| {
            if ours {
                *best = (*best).max(v);
                *alpha = (*alpha).max(v);
            } else {
                *best = (*best).min(v);
                *beta = (*beta).min(v);
            }
            alpha >= beta
        };
        if pos.is_check() {
            // A side in check answers with any legal move.
            let mut moves: Vec<Move> = pos.legal_moves().to_vec();
            if moves.is_empty() {
                return if ours { -MATE } else { MATE };
            }
            if plies == 0 {
                reached_bound();
                return stand_pat;
            }
            if moves.iter().any(|m| !forbidden(m)) {
                moves.retain(|m| !forbidden(m));
            }
            if moves.iter().any(|m| !lost_standing(m)) {
                moves.retain(|m| !lost_standing(m));
            }
            let mut best = if ours { -MATE - 1 } else { MATE + 1 };
            for m in moves {
                let (b, n) = self.account(pos, m, bal, goal);
                let v = self.line(&child(pos, m), b, plies - 1, checks, replies, n, (alpha, beta));
                if improve(&mut best, v, &mut alpha, &mut beta) {
                    break;
                }
            }
            return best;
        }
        // Either side may stop: the value of stopping is the balance so far.
        let mut best = stand_pat;
        if ours {
            alpha = alpha.max(best);
        } else {
            beta = beta.min(best);
        }
        if plies == 0 && !(captures(pos).is_empty() && self::checks(pos).is_empty()) {
            reached_bound();
        }
        if alpha >= beta || plies == 0 {
            return self.spoilt(pos, ours, best);
        }
        for m in captures(pos) {
            if self.excluded.contains(&m) || lost_standing(&m) || forbidden(&m) {
                continue;
            }
            let (b, n) = self.account(pos, m, bal, goal);
            let v = self.line(&child(pos, m), b, plies - 1, checks, replies, n, (alpha, beta));
            if improve(&mut best, v, &mut alpha, &mut beta) {
                return best;
            }
        }
        if (if ours { checks } else { replies }) == 0 && !self::checks(pos).is_empty() {
            reached_bound();
        }
        if (if ours { checks } else { replies }) > 0 {
            for m in self::checks(pos) {
                if pos.piece_at(m.to).is_some() {
                    continue;
                }
                let (c, r) = if ours { (checks - 1, replies) } else { (checks, replies - 1) };
                // The goal's piece may be the one giving check: it is followed to its new square.
                let (b, n) = self.account(pos, m, bal, goal);
                let v = self.line(&child(pos, m), b, plies - 1, c, r, n, (alpha, beta));
                if improve(&mut best, v, &mut alpha, &mut beta) {
                    return best;
                }
            }
        }
        self.spoilt(pos, ours, best)
    }

    /// 29.4, D7: an opponent that stops while behind may mate instead, which spoils the line. (On a cut-off
    /// the value is a bound the caller discards, spoilt or not.)
    fn spoilt(&mut self, pos: &Position, ours: bool, best: i32) -> i32 {
        if !ours && best > 0 && self.has_mate_in(pos, self.limits.mate_reply_moves) {
            return -MATE;
        }
        best
    }

    /// The side to move mates by checks within `moves` of its moves.
    fn has_mate_in(&mut self, pos: &Position, moves: u8) -> bool {
        if moves == 0 {
            return false;
        }
        if let Some(&known) = self.mates.get(&(pos.zobrist_hash(), moves)) {
            return known;
        }
        let found = checks(pos).into_iter().any(|m| !self.excluded.contains(&m) && self.check_mates(pos, m, moves));
        self.mates.insert((pos.zobrist_hash(), moves), found);
        found
    }

    /// The checking move `m` forces mate by further checks within `moves` moves in all.
    fn check_mates(&mut self, pos: &Position, m: Move, moves: u8) -> bool {
        let next = child(pos, m);
        let replies = next.legal_moves();
        if replies.is_empty() {
            return true;
        }
        if moves <= 1 {
            reached_bound();
            return false;
        }
        replies.into_iter().all(|r| self.has_mate_in(&child(&next, r), moves - 1))
    }
}
