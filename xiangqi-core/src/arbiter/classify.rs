//! Per-move classification (28.1-28.9, 27.x, 29.x): check, kill, chase or idle, heaviest first.

use super::chase_target::make_target;
use super::idle::idle_kind;
use super::roots::Rooting;
use super::threats::{
    check_view, mating_start, winnable_among, winnable_squares, winning_threats, Accepted, Standoffs, Threat,
    ThreatMeans,
};
use super::{ArbiterConfig, SearchLimits};
use crate::{Color, Move, Piece, Position, Role, Square, SquareSet};

/// A piece's identity for the whole game: given at the start position, carried along by its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PieceId(pub(crate) u8);

impl PieceId {
    /// The id as a number (1-32, in the order of the start position's squares a0, b0, … i9).
    pub fn get(self) -> u8 {
        self.0
    }
}

/// What kind of idle move (28.5-28.9). All of them are allowed moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum IdleKind {
    /// Nothing more specific.
    Plain,
    /// 兑: the moved piece can be taken by one of equal value (28.5).
    Exchange,
    /// 献: an unprotected piece is offered (28.6).
    Sacrifice,
    /// 拦: the move closes a line of an opposing piece (28.7).
    Block,
    /// 跟: the move attacks a piece that is rooted, without any gain (28.8).
    Follow,
}

impl IdleKind {
    /// `"plain"`, `"exchange"`, `"sacrifice"`, `"block"` or `"follow"`.
    ///
    /// ```
    /// use xiangqi_core::arbiter::IdleKind;
    /// assert_eq!(IdleKind::Sacrifice.name(), "sacrifice");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            IdleKind::Plain => "plain",
            IdleKind::Exchange => "exchange",
            IdleKind::Sacrifice => "sacrifice",
            IdleKind::Block => "block",
            IdleKind::Follow => "follow",
        }
    }
}

/// The class of a move, heaviest first (27.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MoveClass {
    /// 将: the move attacks the opposing general (28.1).
    Check,
    /// 杀: the move creates a forced mate by checks (28.2).
    Kill,
    /// 捉: the move creates a threat to win material of value (28.3, 29).
    Chase,
    /// 闲: anything else (28.9).
    Idle(IdleKind),
}

impl MoveClass {
    /// `"check"`, `"kill"`, `"chase"` or `"idle"`.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Check => "check",
            MoveClass::Kill => "kill",
            MoveClass::Chase => "chase",
            MoveClass::Idle(_) => "idle",
        }
    }

    /// The name with the idle sub-kind, as in the rule book's labels (`"idle:exchange"`).
    pub fn label(self) -> &'static str {
        match self {
            MoveClass::Idle(IdleKind::Exchange) => "idle:exchange",
            MoveClass::Idle(IdleKind::Sacrifice) => "idle:sacrifice",
            MoveClass::Idle(IdleKind::Block) => "idle:block",
            MoveClass::Idle(IdleKind::Follow) => "idle:follow",
            other => other.name(),
        }
    }

    /// Whether the move attacks (check, kill or chase).
    pub fn is_attack(self) -> bool {
        !matches!(self, MoveClass::Idle(_))
    }
}

/// A rule that makes a move idle whatever it threatens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum IdleRule {
    /// A general's move answering a check (2020 rule book).
    GeneralAnsweringCheck,
    /// A move to a defensive key point whose only threats are on advisors or elephants (27.3).
    DefensiveKeyPoint,
}

impl IdleRule {
    /// `"general_answering_check"` or `"defensive_key_point"`.
    ///
    /// ```
    /// use xiangqi_core::arbiter::IdleRule;
    /// assert_eq!(IdleRule::DefensiveKeyPoint.name(), "defensive_key_point");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            IdleRule::GeneralAnsweringCheck => "general_answering_check",
            IdleRule::DefensiveKeyPoint => "defensive_key_point",
        }
    }

    /// A short English description.
    pub fn describe(self) -> &'static str {
        match self {
            IdleRule::GeneralAnsweringCheck => "a general's move answering a check is idle whatever it threatens",
            IdleRule::DefensiveKeyPoint => {
                "a move to a defensive key point that threatens only an advisor or elephant is idle (27.3)"
            }
        }
    }
}

/// A piece threatened by a move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChaseTarget {
    /// The piece that wins the target, on the board after the move.
    pub attacker: Square,
    /// That piece.
    pub attacker_piece: Piece,
    /// The target's square after the move.
    pub target: Square,
    /// The target.
    pub target_piece: Piece,
    /// The target's identity.
    pub target_id: PieceId,
    /// How the target is won.
    pub means: ThreatMeans,
    /// For a capture: why the target counts (unrooted, false root, outvalued, insufficient root).
    pub rooting: Option<Rooting>,
    /// The gain needs two or more pieces of the chasing side (removing any one of them destroys it).
    pub joint: bool,
}

impl ChaseTarget {
    /// A sentence such as "red chariot h0 threatens the black horse c7 (unrooted (no protector))".
    pub fn describe(&self) -> String {
        let why = match (self.means, self.rooting) {
            (ThreatMeans::Checks, _) => "won by a series of checks".to_string(),
            (ThreatMeans::Sequence, _) => "won at the end of a line of captures and checks".to_string(),
            (ThreatMeans::Capture, Some(r)) => r.describe().to_string(),
            (ThreatMeans::Capture, None) => "won by capture".to_string(),
        };
        format!(
            "{} {} {} threatens the {} {} {} ({}{})",
            self.attacker_piece.color.name(),
            self.attacker_piece.role.name(),
            self.attacker,
            self.target_piece.color.name(),
            self.target_piece.role.name(),
            self.target,
            why,
            if self.joint { ", joint attack" } else { "" }
        )
    }
}

/// The classification of one move, with what it threatens.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Classification {
    /// The move.
    pub mv: Move,
    /// The side that played it.
    pub side: Color,
    /// Its class.
    pub class: MoveClass,
    /// The new threats that make it a chase. Under the AXF rules a check lists what it also attacks.
    pub chases: Vec<ChaseTarget>,
    /// New threats whose only winner is a soldier: idle (27.2) unless both sides attack on every move.
    pub soldier_chases: Vec<ChaseTarget>,
    /// New threats whose only winner is the general: idle (27.1).
    pub general_chases: Vec<ChaseTarget>,
    /// For a kill: the first move of the forced mate.
    pub mate_start: Option<Move>,
    /// A rule that made the move idle whatever it threatens, if any.
    pub idle_rule: Option<IdleRule>,
    /// A search behind this classification reached its node budget ([`SearchLimits::node_budget`]) before it
    /// could finish: the classification stops there, and the class is what the searches had found by then, not
    /// a decision. A repetition whose window holds such a move is not judged
    /// ([`Verdict::Undecided`](super::Verdict::Undecided)).
    pub undecided: bool,
}

/// The positions around one move, as the classifier needs them.
pub(crate) struct PlyContext<'a> {
    pub(crate) before: &'a Position,
    pub(crate) after: &'a Position,
    pub(crate) mv: Move,
    pub(crate) ids_before: &'a [u8; 90],
    pub(crate) ids_after: &'a [u8; 90],
    /// The opponent's move that led to `before`, if any.
    pub(crate) previous_move: Option<Move>,
    /// The position before that move and its piece identities, if known.
    pub(crate) previous: Option<(&'a Position, &'a [u8; 90])>,
}

/// A position judged for one side: the board with that side to move, the equal pieces facing each other on it,
/// and the losses that side has accepted.
struct Judged<'a> {
    pos: &'a Position,
    standoffs: Standoffs,
    /// Losses the mover has accepted, left out of the lines.
    accepted: Accepted,
    /// Moves within which the side to move is known to have no mate by checks (0: not known).
    no_mate_within: u8,
}

impl<'a> Judged<'a> {
    fn new(pos: &'a Position, opponent_view: Option<&Position>, limits: &SearchLimits) -> Judged<'a> {
        let standoffs = Standoffs::of(pos, opponent_view, limits);
        Judged { pos, standoffs, accepted: Accepted::default(), no_mate_within: 0 }
    }

    fn kill_start(&self, config: &ArbiterConfig) -> Option<Move> {
        mating_start(self.pos, &self.standoffs, &config.limits, config.limits.kill_moves)
    }

    fn threats(&self, limits: &SearchLimits) -> Vec<Threat> {
        winning_threats(self.pos, &self.standoffs, self.accepted, limits, self.no_mate_within)
    }

    /// The identities (by `ids`) of the pieces among `targets` (identities) that were already threatened here,
    /// the lines of the pieces on `likely` looked at first, in that order (see [`winnable_among`]).
    fn threatened_among(&self, limits: &SearchLimits, ids: &[u8; 90], targets: &[u8], likely: &[Square]) -> Vec<u8> {
        let wanted = (0..90).filter(|&i| ids[i] != 0 && targets.contains(&ids[i])).fold(0u128, |set, i| set | 1 << i);
        let won = winnable_among(self.pos, &self.standoffs, self.accepted, limits, wanted, likely);
        SquareSet::from_bits(won).into_iter().map(|sq| ids[sq.index()]).collect()
    }
}

/// The mover's pieces in `pos` that the opponent attacks and already attacked before its last move (before
/// the judged move when that is not known).
fn standing_attacks(ctx: &PlyContext<'_>, pos: &Position, ids: &[u8; 90]) -> u128 {
    let side = ctx.before.turn();
    let (reference, reference_ids) = ctx.previous.unwrap_or((ctx.before, ctx.ids_before));
    let before = attacked_by(reference, !side) & reference.pieces_of(side).bits();
    let now = attacked_by(pos, !side) & pos.pieces_of(side).bits();
    let mut mask = 0u128;
    for sq in SquareSet::from_bits(now) {
        let id = ids[sq.index()];
        if SquareSet::from_bits(before).into_iter().any(|old| reference_ids[old.index()] == id) {
            mask |= 1u128 << sq.index();
        }
    }
    mask
}

/// The squares of the pieces that win something after the move and stood there before it (not the piece that
/// moved), those that win the most pieces first (then by square): where the search for the threats that stood
/// before the move looks first, and so most often finds them all soonest.
fn likely_winners(ctx: &PlyContext<'_>, after_threats: &[Threat]) -> Vec<Square> {
    let mut winners: Vec<(Square, u128)> = Vec::new();
    for t in after_threats.iter().filter(|t| t.capturer != ctx.mv.to) {
        let target = 1u128 << t.target.index();
        match winners.iter_mut().find(|(sq, _)| *sq == t.capturer) {
            Some((_, won)) => *won |= target,
            None => winners.push((t.capturer, target)),
        }
    }
    winners.sort_by_key(|&(sq, won)| (core::cmp::Reverse(won.count_ones()), sq));
    winners.into_iter().map(|(sq, _)| sq).collect()
}

/// Every square `color` attacks.
fn attacked_by(pos: &Position, color: Color) -> u128 {
    pos.pieces_of(color).into_iter().fold(0, |set, sq| set | pos.attacks_from(sq).bits())
}

/// What a check also attacks, for the rules that count a check that also chases (AXF): judged on the board
/// with the checking side to move again.
fn check_chases(ctx: &PlyContext<'_>, config: &ArbiterConfig) -> Vec<ChaseTarget> {
    let view = check_view(ctx.after);
    let limits = SearchLimits { check_moves: 0, ..config.limits };
    let after_threats = Judged::new(&view, Some(ctx.after), &config.limits).threats(&limits);
    if after_threats.is_empty() {
        return Vec::new();
    }
    let before_swapped = ctx.before.swap_turn();
    let targets: Vec<u8> = after_threats.iter().map(|t| ctx.ids_after[t.target.index()]).collect();
    let old = Judged::new(ctx.before, before_swapped.as_ref(), &config.limits).threatened_among(
        &limits,
        ctx.ids_before,
        &targets,
        &likely_winners(ctx, &after_threats),
    );
    let config = ArbiterConfig { limits, ..config.clone() };
    let mut chases: Vec<ChaseTarget> = Vec::new();
    for t in after_threats {
        let id = ctx.ids_after[t.target.index()];
        if !old.contains(&id) && !chases.iter().any(|c| c.target_id.0 == id) {
            chases.push(make_target(&view, &t, id, &config, None));
        }
    }
    chases
}

/// Sorts new threats by target: a target counts as chased when a piece other than the general or a soldier
/// wins it; otherwise it is kept aside as a soldier's (27.2) or the general's (27.1).
///
/// When several pieces win the same target, the one reported is chosen by what the threats are, never by the
/// order the board is scanned in, so that a mirrored or colour-swapped board reports the same: a piece other
/// than the general or a soldier first, then the plainest reason (unrooted, false root, outvalued, before an
/// insufficient root and before wins by checks or sequences), then the cheapest attacker. `pairs` are the
/// exchange offers standing in `view`.
fn sort_threats(
    new: &[&Threat],
    ctx: &PlyContext<'_>,
    view: &Position,
    pairs: &[Move],
    config: &ArbiterConfig,
    result: &mut Classification,
) {
    let mut seen: Vec<u8> = Vec::new();
    for t in new {
        let id = ctx.ids_after[t.target.index()];
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        // Several first moves can lead to the same winner by the same means: each is judged once.
        let mut winners: Vec<&Threat> = Vec::new();
        for u in new.iter().copied().filter(|u| ctx.ids_after[u.target.index()] == id) {
            if !winners.contains(&u) {
                winners.push(u);
            }
        }
        let mut candidates: Vec<ChaseTarget> =
            winners.into_iter().map(|u| make_target(view, u, id, config, Some(pairs))).collect();
        if config.rules == super::RuleSet::Axf {
            // Outnumbering a real root is allowed under these rules (AXF rule 31).
            candidates.retain(|c| c.rooting != Some(Rooting::Insufficient));
        }
        let Some(best) = candidates.into_iter().min_by_key(preference) else { continue };
        match best.attacker_piece.role {
            Role::General => result.general_chases.push(best),
            Role::Soldier => result.soldier_chases.push(best),
            _ => result.chases.push(best),
        }
    }
}

/// The order in which the winners of one target are preferred (smallest first); see [`sort_threats`].
fn preference(c: &ChaseTarget) -> (u8, u8, i32, u8) {
    let role = match c.attacker_piece.role {
        Role::General => 2,
        Role::Soldier => 1,
        _ => 0,
    };
    let reason = match (c.means, c.rooting) {
        (ThreatMeans::Capture, Some(Rooting::Unrooted)) => 0,
        (ThreatMeans::Capture, Some(Rooting::FalseRoot)) => 1,
        (ThreatMeans::Capture, Some(Rooting::Outvalued)) => 2,
        (ThreatMeans::Capture, Some(Rooting::Insufficient)) => 3,
        (ThreatMeans::Capture, _) => 4,
        (ThreatMeans::Sequence, _) => 5,
        (ThreatMeans::Checks, _) => 6,
    };
    let joint = u8::from(c.joint);
    (role, reason, super::value::nominal_value(c.attacker_piece.role), joint)
}

pub(crate) fn classify(ctx: &PlyContext<'_>, config: &ArbiterConfig) -> Classification {
    super::search::take_budget_hit();
    let mut result = classify_bounded(ctx, config);
    result.undecided = super::search::take_budget_hit();
    result
}

fn classify_bounded(ctx: &PlyContext<'_>, config: &ArbiterConfig) -> Classification {
    // The AXF rules allow winning material by checks and outnumbering a real root (AXF rules 26, 31).
    let axf_config;
    let config = if config.rules == super::RuleSet::Axf {
        axf_config = ArbiterConfig { limits: SearchLimits { check_moves: 0, ..config.limits }, ..config.clone() };
        &axf_config
    } else {
        config
    };
    let side = ctx.before.turn();
    let moved = ctx.before.piece_at(ctx.mv.from).expect("a piece moves");
    let mut result = Classification {
        mv: ctx.mv,
        side,
        class: MoveClass::Idle(IdleKind::Plain),
        chases: Vec::new(),
        soldier_chases: Vec::new(),
        general_chases: Vec::new(),
        mate_start: None,
        idle_rule: None,
        undecided: false,
    };
    if ctx.after.is_check() {
        result.class = MoveClass::Check;
        if config.rules == super::RuleSet::Axf {
            result.chases = check_chases(ctx, config);
        }
        return result;
    }
    if config.king_evasion_idle && moved.role == Role::General && ctx.before.is_check() {
        result.idle_rule = Some(IdleRule::GeneralAnsweringCheck);
        return result;
    }
    let view = ctx.after.swap_turn().expect("the opponent is not in check");
    let before_swapped = ctx.before.swap_turn();
    let mut judged_after = Judged::new(&view, Some(ctx.after), &config.limits);
    let judged_before = std::cell::OnceCell::new();
    let judged_before = || {
        judged_before.get_or_init(|| {
            let mut judged = Judged::new(ctx.before, before_swapped.as_ref(), &config.limits);
            if !judged.standoffs.captures.is_empty() {
                judged.accepted.abandoned = standing_attacks(ctx, ctx.before, ctx.ids_before);
            }
            judged
        })
    };

    // Once a search has reached its budget the classification is undecided whatever the later searches find:
    // it stops there, so that it costs about one budget rather than one per search (the class is what was
    // found by then).
    let stopped = super::search::budget_hit_so_far;
    if config.limits.kill_moves > 0 {
        if let Some(start) = judged_after.kill_start(config) {
            if judged_before().kill_start(config).is_none() {
                result.class = MoveClass::Kill;
                result.mate_start = Some(start);
                return result;
            }
        } else {
            // No mate by checks: the threat search need not ask its lines (unless the kill search stopped at its
            // budget, which ends the classification below).
            judged_after.no_mate_within = config.limits.kill_moves;
        }
    }
    if stopped() {
        return result;
    }
    // Pieces the opponent could already win before the move and still can: a loss the mover has accepted
    // does not spoil what its move threatens (figure 8).
    let can_capture = !judged_after.standoffs.captures.is_empty();
    if let (true, Some(opponent_before)) = (can_capture, before_swapped.as_ref()) {
        // Winnable now and before: only the pieces the opponent could capture before the move are asked about now.
        let takeable_before = opponent_before.legal_captures().iter().fold(0u128, |set, m| set | 1u128 << m.to.index());
        let now = winnable_squares(ctx.after, &config.limits, takeable_before);
        judged_after.accepted.standing = winnable_squares(opponent_before, &config.limits, now);
    }
    // Pieces under an attack that stood before the opponent's last move: a capture that leaves them without
    // its protection is still a threat (figures 22 and 28; figure 12's attack was fresh).
    if can_capture {
        judged_after.accepted.abandoned = standing_attacks(ctx, ctx.after, ctx.ids_after);
    }
    if stopped() {
        return result;
    }
    let after_threats = judged_after.threats(&config.limits);
    if stopped() {
        return result;
    }
    // Of the pieces threatened now, those threatened before the move too: their threats are not new.
    let old = if after_threats.is_empty() {
        Vec::new()
    } else {
        let targets: Vec<u8> = after_threats.iter().map(|t| ctx.ids_after[t.target.index()]).collect();
        judged_before().threatened_among(&config.limits, ctx.ids_before, &targets, &likely_winners(ctx, &after_threats))
    };
    if stopped() {
        return result;
    }
    let mut new: Vec<&Threat> =
        after_threats.iter().filter(|t| !old.contains(&ctx.ids_after[t.target.index()])).collect();

    if config.self_inflicted && ctx.before.is_check() {
        if let Some(prev) = ctx.previous_move {
            // The target walked into the attack with the very move that gave check (ref fig 22).
            let walked_in = ctx.ids_before[prev.to.index()];
            new.retain(|t| ctx.ids_after[t.target.index()] != walked_in);
        }
    }
    if let Some(hook) = &config.defensive_key_point {
        if hook.judge(ctx.before, ctx.mv) {
            new.retain(
                |t| !matches!(view.piece_at(t.target), Some(p) if matches!(p.role, Role::Advisor | Role::Elephant)),
            );
            if new.is_empty() {
                result.idle_rule = Some(IdleRule::DefensiveKeyPoint);
            }
        }
    }

    sort_threats(&new, ctx, &view, &judged_after.standoffs.pairs, config, &mut result);
    if !result.chases.is_empty() {
        result.class = MoveClass::Chase;
    } else {
        result.class = MoveClass::Idle(idle_kind(ctx, &view));
    }
    result
}
