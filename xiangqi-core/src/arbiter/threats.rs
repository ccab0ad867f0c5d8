//! "Can the side to move win material on its next move?" (SPEC §4): direct captures evaluated over the whole
//! board, and lines that start with checks.

use super::search::{checking_moves, child, Depth, Searcher, FULL, MATE};

/// Only the sign of a line's value matters to a threat: is it above zero.
const CAPTURE_CHECKS: u8 = 1;
const GAIN_WINDOW: (i32, i32) = (0, 1);
use super::value::{is_material, nominal_value};
use super::SearchLimits;
use crate::{Move, MoveList, Position, Square};

/// How a threat wins its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ThreatMeans {
    /// A capture, the exchange that follows included (29.1 a, c).
    Capture,
    /// A series of checks that ends by winning the target (29.1 b).
    Checks,
    /// A line whose first capture is of something else (of no value, or worth less) and which wins the
    /// target later: a capture with check that uncovers an attack on it, for instance.
    Sequence,
}

impl ThreatMeans {
    /// `"capture"`, `"checks"` or `"sequence"`.
    ///
    /// ```
    /// use xiangqi_core::arbiter::ThreatMeans;
    /// assert_eq!(ThreatMeans::Checks.name(), "checks");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            ThreatMeans::Capture => "capture",
            ThreatMeans::Checks => "checks",
            ThreatMeans::Sequence => "sequence",
        }
    }
}

/// A gaining line for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Threat {
    /// Where the target stands now.
    pub(crate) target: Square,
    /// Where the piece that wins it stands now.
    pub(crate) capturer: Square,
    /// How it is won.
    pub(crate) means: ThreatMeans,
}

/// For a mutual attack `m` (`a` takes `x`): whether `x` taking `a` back first, in `opponent_view`, does not
/// leave its side a whole piece of that value down. Then the pair is an exchange offer (28.5).
fn is_even_trade(pos: &Position, m: Move, opponent_view: Option<&Position>, limits: &SearchLimits) -> bool {
    let (Some(view), Some(a)) = (opponent_view, pos.piece_at(m.from)) else { return false };
    let mut searcher = Searcher::new(limits, view.turn());
    let depth = Depth::new(limits.capture_plies, 0, limits.reply_checks);
    let back = Move::new(m.to, m.from);
    let value = searcher.root_move(view, back, depth, FULL);
    value > -nominal_value(a.role)
}

/// Whether `a` takes `x` where the two are of equal value (soldiers aside) and `x` could legally take `a`
/// back at once, judged in `opponent_view`.
fn is_mutual_attack(pos: &Position, m: Move, opponent_view: Option<&Position>) -> bool {
    let (Some(a), Some(x)) = (pos.piece_at(m.from), pos.piece_at(m.to)) else {
        return false;
    };
    if nominal_value(a.role) != nominal_value(x.role) || a.role == crate::Role::Soldier {
        return false;
    }
    opponent_view.is_some_and(|view| view.is_legal(Move::new(m.to, m.from)))
}

/// The equal pieces facing each other in a position, found once for all the searches from it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Standoffs {
    /// The side to move's captures of a piece of equal value that could take back (see [`is_mutual_attack`]):
    /// a kill does not start with one (figure 29), whether or not the trade would be even (figure 17).
    pub(crate) mutual: Vec<Move>,
    /// Both captures of every exchange offer (a mutual attack where taking back is an even trade), left out
    /// of every line searched from the position (28.5).
    pub(crate) pairs: Vec<Move>,
    /// The side to move's legal captures, generated once for the searches from the position.
    pub(crate) captures: MoveList,
}

impl Standoffs {
    /// The standoffs in `pos`, the side to move's captures judged in `opponent_view` (the same board with the
    /// opponent to move).
    pub(crate) fn of(pos: &Position, opponent_view: Option<&Position>, limits: &SearchLimits) -> Standoffs {
        let captures = pos.legal_captures();
        let mutual: Vec<Move> = captures.iter().copied().filter(|&m| is_mutual_attack(pos, m, opponent_view)).collect();
        let mut pairs = Vec::new();
        for &m in &mutual {
            if is_even_trade(pos, m, opponent_view, limits) {
                pairs.push(m);
                pairs.push(Move::new(m.to, m.from));
            }
        }
        Standoffs { mutual, pairs, captures }
    }
}

/// Losses the mover has already accepted, left out of the lines that judge its threats.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Accepted {
    /// Pieces the opponent could win before the move and still can.
    pub(crate) standing: u128,
    /// Pieces under an attack that stood before the opponent's last move: a capture that leaves them
    /// without the capturer's protection is not spoilt by their loss.
    pub(crate) abandoned: u128,
}

/// Every target the side to move in `pos` can win, with the first move of a line that wins it. `standoffs` are
/// those of `pos` (its exchange offers stay out of the lines, its captures are the first moves) and `accepted`
/// the losses left out of the lines.
///
/// A target is won by a line whose first move is a capture or a check, which gains material (25.3) and in
/// which the target is taken (29.1): by capturing it at once (`Capture`), after capturing something else
/// (`Sequence`), or after a series of checks (`Checks`). Each target is asked about on its own
/// ([`Goal::Take`]), so the answer does not depend on which of several equal lines a search
/// meets first. A gaining line that forces no single piece (a fork) names the pieces at stake in it
/// ([`Goal::Spare`]). `no_mate_within`, when not 0, is a number of moves within which the side to move is known
/// to have no mate by checks (the kill search found none, excluding the same exchange offers).
pub(crate) fn winning_threats(
    pos: &Position,
    standoffs: &Standoffs,
    accepted: Accepted,
    limits: &SearchLimits,
    no_mate_within: u8,
) -> Vec<Threat> {
    threats_until(pos, standoffs, accepted, limits, None, no_mate_within)
}

/// Which of the pieces on `wanted` the side to move in `pos` can win: the targets of [`winning_threats`] among
/// them. The search stops as soon as every one of them is found won, and looks at their captures first, and at
/// the lines of the pieces on the squares `likely` in that order before the others (the pieces that won most of
/// them in a similar position, say): the answer does not depend on the order, the work does.
pub(crate) fn winnable_among(
    pos: &Position,
    standoffs: &Standoffs,
    accepted: Accepted,
    limits: &SearchLimits,
    wanted: u128,
    likely: &[Square],
) -> u128 {
    let threats = threats_until(pos, standoffs, accepted, limits, Some((wanted, likely)), 0);
    threats.iter().fold(0, |set, t| set | 1u128 << t.target.index()) & wanted
}

/// [`winning_threats`], stopping once every piece on `wanted` (when given, with the squares of the pieces likely
/// to win them, likeliest first) is among the targets found.
fn threats_until(
    pos: &Position,
    standoffs: &Standoffs,
    accepted: Accepted,
    limits: &SearchLimits,
    question: Option<(u128, &[Square])>,
    no_mate_within: u8,
) -> Vec<Threat> {
    let wanted = question.map(|(wanted, _)| wanted);
    let likely = question.map_or(&[][..], |(_, likely)| likely);
    // The likeliest winners' moves first.
    let rank = |m: &Move| likely.iter().position(|&sq| sq == m.from).unwrap_or(likely.len());
    let pairs = &standoffs.pairs;
    let Accepted { standing, abandoned } = accepted;
    let all_found = |threats: &[Threat]| {
        wanted.is_some_and(|wanted| {
            threats.iter().fold(0u128, |set, t| set | 1u128 << t.target.index()) & wanted == wanted
        })
    };
    let side = pos.turn();
    let mut searcher = Searcher::new(limits, side).excluding(pairs.to_vec());
    let mut threats = Vec::new();
    let targets: Vec<Square> =
        pos.pieces_of(!side).into_iter().filter(|&sq| pos.piece_at(sq).is_some_and(|p| is_material(p, sq))).collect();
    // The other targets a gaining first move also wins, further down its line. When the line gains but no
    // single piece can be forced (a fork: the opponent chooses which piece to give), the pieces at stake are
    // named instead: those whose capture, forbidden, makes the line gain less than its exact `value`
    // (asked when the line may be a fork: its first move takes nothing of value).
    let further = |searcher: &mut Searcher<'_>,
                   m: Move,
                   depth: Depth,
                   means: ThreatMeans,
                   fork: Fork,
                   threats: &mut Vec<Threat>| {
        // Only the wanted pieces are asked about; each piece's answer is its own (see `winnable_after`).
        let asked = wanted.unwrap_or(u128::MAX);
        let others = targets.iter().filter(|&&t| t != m.to).fold(0u128, |set, t| set | 1u128 << t.index());
        let won = searcher.winnable_after(pos, m, others & asked, depth);
        for &t in &targets {
            if won & (1u128 << t.index()) != 0 {
                threats.push(Threat { target: t, capturer: m.from, means });
            }
        }
        if won != 0 {
            return;
        }
        let value = match fork {
            Fork::No => return,
            Fork::Value(value) => value,
            // The exact value, needed only now: a line that gains without mating is strictly in between.
            Fork::Search => match searcher.root_move(pos, m, depth, (0, MATE)) {
                value if value > 0 && value < MATE => value,
                _ => return,
            },
        };
        // A fork is a line that wins no single piece: none of the pieces not asked about either.
        if others & !asked != 0 && searcher.winnable_after(pos, m, others & !asked, depth) != 0 {
            return;
        }
        let at_stake = searcher.at_stake_after(pos, m, others & asked, depth, value);
        for &t in &targets {
            if at_stake & (1u128 << t.index()) != 0 {
                threats.push(Threat { target: t, capturer: m.from, means });
            }
        }
    };
    let mut captures = standoffs.captures.clone();
    if let Some(wanted) = wanted {
        // The wanted pieces' captures first: the likeliest way to find them won, and so to stop early.
        captures.sort_by_key(|m| (wanted & 1u128 << m.to.index() == 0, rank(m)));
    }
    for m in captures {
        if all_found(&threats) {
            return threats;
        }
        let Some(victim) = pos.piece_at(m.to) else { continue };
        if pairs.contains(&m) {
            continue;
        }
        let depth = Depth::new(limits.capture_plies + 2, CAPTURE_CHECKS.min(limits.check_moves), limits.reply_checks);
        let guarded = pos.attacks_from(m.from).bits() & abandoned;
        let left = if guarded == 0 { 0 } else { guarded & !child(pos, m).attacks_from(m.to).bits() };
        searcher.set_standing(standing | left);
        let material = is_material(victim, m.to);
        // Of no value taken, the window (0, MATE) gives the line's exact value for the fork test below.
        let window = if material { GAIN_WINDOW } else { (0, MATE) };
        let value = searcher.root_move(pos, m, depth, window);
        if value <= 0 || (!material && value >= MATE) {
            continue;
        }
        if material {
            threats.push(Threat { target: m.to, capturer: m.from, means: ThreatMeans::Capture });
        }
        let fork = if material { Fork::No } else { Fork::Value(value) };
        further(&mut searcher, m, depth, ThreatMeans::Sequence, fork, &mut threats);
    }
    searcher.set_standing(standing);
    if limits.check_moves > 0 {
        let mut checks = checking_moves(pos, pos.is_check());
        if !likely.is_empty() {
            checks.sort_by_key(rank);
        }
        for m in checks {
            if all_found(&threats) {
                return threats;
            }
            if pos.piece_at(m.to).is_some() {
                continue; // already judged as a capture
            }
            // The check itself is the first of the line's checking moves.
            let depth =
                Depth::new(2 * limits.check_moves + limits.capture_plies, limits.check_moves - 1, limits.reply_checks);
            let value = searcher.root_move(pos, m, depth, GAIN_WINDOW);
            if value <= 0 {
                continue;
            }
            // A mate makes a kill, not a chase: asked in the window just below a mate, which only mating lines
            // reach. A line mates only through checks of the judged side answered by every legal answer (one not
            // giving check lets the opponent stop): a mate by checks of at most half the line's plies, so none
            // when the kill search found none within as many moves and no standing loss narrows the answers.
            let mate_ruled_out = standing == 0 && 2 * u32::from(no_mate_within) >= u32::from(depth.plies);
            if !mate_ruled_out && searcher.root_move(pos, m, depth, (MATE - 1, MATE)) >= MATE {
                continue;
            }
            further(&mut searcher, m, depth, ThreatMeans::Checks, Fork::Search, &mut threats);
        }
    }
    threats
}

/// Whether a gaining line may be a fork, asked when it wins no single piece: with the line's exact value, or
/// with that value still to be searched.
#[derive(Clone, Copy)]
enum Fork {
    No,
    Value(i32),
    Search,
}

/// The board after a check with the checking side to move again: what the checking piece and its partners
/// attack, as if the check did not have to be answered.
pub(crate) fn check_view(after: &Position) -> Position {
    let mut setup = after.to_setup();
    setup.turn = !setup.turn;
    Position::from_setup_unchecked(&setup)
}

/// The squares, among `among`, of the pieces the side to move can win by a capture now (the exchange
/// included).
pub(crate) fn winnable_squares(pos: &Position, limits: &SearchLimits, among: u128) -> u128 {
    if among == 0 {
        return 0;
    }
    let mut searcher = Searcher::new(limits, pos.turn());
    let mut squares = 0u128;
    for m in pos.legal_captures() {
        if (squares | !among) & (1u128 << m.to.index()) != 0 {
            continue;
        }
        let depth = Depth::new(limits.capture_plies, 0, 0);
        let value = searcher.root_move(pos, m, depth, GAIN_WINDOW);
        if value > 0 {
            squares |= 1u128 << m.to.index();
        }
    }
    squares
}

/// The first move of a forced mate by checks of the side to move within `moves` of its moves, if any. Taking
/// the partner of a mutual attack does not start one, and exchange offers stay out of it (see [`Standoffs`]).
pub(crate) fn mating_start(pos: &Position, standoffs: &Standoffs, limits: &SearchLimits, moves: u8) -> Option<Move> {
    let checks = checking_moves(pos, pos.is_check());
    if checks.is_empty() {
        return None;
    }
    let mut searcher = Searcher::new(limits, pos.turn()).excluding(standoffs.pairs.clone());
    checks.into_iter().find(|&m| !standoffs.mutual.contains(&m) && searcher.check_mates(pos, m, moves))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SquareSet;

    /// The squares of the side to move's pieces from i9 down: another order of the lines.
    fn pieces_from_the_top(view: &Position) -> Vec<Square> {
        let mut squares: Vec<Square> = view.pieces_of(view.turn()).into_iter().collect();
        squares.reverse();
        squares
    }

    /// Asked about some pieces only, the search finds exactly those of them the full search finds: each piece
    /// alone, and all of them at once, whichever pieces' lines it looks at first.
    #[test]
    fn winnable_among_agrees_with_the_full_search() {
        let limits = SearchLimits::default();
        let (mut asked, mut won) = (0, 0);
        for pos in super::super::search::tests::positions() {
            for view in [Some(pos.clone()), pos.swap_turn()].into_iter().flatten() {
                let standoffs = Standoffs::of(&view, view.swap_turn().as_ref(), &limits);
                let full = winning_threats(&view, &standoffs, Accepted::default(), &limits, 0)
                    .iter()
                    .fold(0u128, |set, t| set | 1u128 << t.target.index());
                let pieces = view.pieces_of(!view.turn()).bits();
                let masks = std::iter::once(pieces)
                    .chain(SquareSet::from_bits(pieces).into_iter().map(|sq| 1u128 << sq.index()));
                for wanted in masks {
                    let among = winnable_among(&view, &standoffs, Accepted::default(), &limits, wanted, &[]);
                    assert_eq!(among, full & wanted, "{} {wanted:#x}", view.fen());
                    // The lines of any pieces first: the same answer.
                    for likely in [pieces_from_the_top(&view), pieces_from_the_top(&view).into_iter().rev().collect()] {
                        let ordered = winnable_among(&view, &standoffs, Accepted::default(), &limits, wanted, &likely);
                        assert_eq!(ordered, among, "{} {wanted:#x} {likely:?}", view.fen());
                    }
                    asked += 1;
                    won += among.count_ones();
                }
            }
        }
        assert!(asked > 5_000 && won > 500, "{asked} questions, {won} pieces won");
    }

    /// Where the kill search finds no mate by checks, the threat search told so finds the same threats as one
    /// that asks each gaining check line about mates itself: from the positions (either side to move), and
    /// from every answer to each of their checks.
    #[test]
    fn a_position_without_a_kill_has_no_mating_check_line() {
        let limits = SearchLimits::default();
        let mut views = Vec::new();
        for pos in super::super::search::tests::positions() {
            for view in [Some(pos.clone()), pos.swap_turn()].into_iter().flatten() {
                for m in checking_moves(&view, view.is_check()) {
                    let checked = child(&view, m);
                    views.extend(checked.legal_moves().into_iter().map(|r| child(&checked, r)));
                }
                views.push(view);
            }
        }
        let (mut compared, mut with_threats) = (0, 0);
        for view in views.into_iter().filter(|v| !v.is_check()) {
            let standoffs = Standoffs::of(&view, view.swap_turn().as_ref(), &limits);
            super::super::search::take_budget_hit();
            if mating_start(&view, &standoffs, &limits, limits.kill_moves).is_some()
                || super::super::search::take_budget_hit()
            {
                continue;
            }
            let asking = winning_threats(&view, &standoffs, Accepted::default(), &limits, 0);
            let told = winning_threats(&view, &standoffs, Accepted::default(), &limits, limits.kill_moves);
            assert_eq!(told, asking, "{}", view.fen());
            compared += 1;
            with_threats += usize::from(asking.iter().any(|t| t.means == ThreatMeans::Checks));
        }
        assert!(compared > 2_000 && with_threats > 100, "{compared} positions, {with_threats} with lines of checks");
    }
}
