//! Root analysis (28.16): is a piece protected against a given attacker, and why.

use super::search::{Depth, Searcher, FULL};
use super::threats::Standoffs;
use super::value::nominal_value;
use super::SearchLimits;
use crate::{Color, Move, Piece, Position, Role, Square};

/// Why a protector does not really protect (假根, a false root).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FalseRoot {
    /// The recapture is illegal: the protector is pinned to its general, the recapture would leave the
    /// generals facing, or would leave its general in check.
    IllegalRecapture,
    /// The protection disappears with the capture itself (a cannon whose screen was the attacker).
    LostWithCapture,
}

/// A piece that covers the target square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Protector {
    /// Where the protector stands.
    pub square: Square,
    /// The protector.
    pub piece: Piece,
    /// A hidden root (暗根): it covers the square only once the attacker has captured (an x-ray through the
    /// attacker, or a cannon that gains the attacker as its screen).
    pub hidden: bool,
    /// Set when the protection is false; `None` for a real root (a legal recapture).
    pub false_root: Option<FalseRoot>,
}

/// The verdict of a root analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Rooting {
    /// The attacker cannot legally capture the target at all.
    NotCapturable,
    /// A legal recapture exists and the whole exchange gains nothing for the attacker: rooted (有根).
    Rooted,
    /// Nothing covers the target: unrooted (无根).
    Unrooted,
    /// Protectors exist, but none can legally recapture: a false root (假根), counted as unrooted.
    FalseRoot,
    /// A legal recapture exists, but the attacker's side is worth less than the target: the capture gains
    /// even if answered.
    Outvalued,
    /// A legal recapture exists, but the attackers outnumber the protectors and the whole exchange still
    /// gains: an insufficient root (少根), counted as unrooted (28.16).
    Insufficient,
}

impl Rooting {
    /// The snake-case name used in tables and by the bindings: `"rooted"`, `"false_root"`, ...
    ///
    /// ```
    /// use xiangqi_core::arbiter::Rooting;
    /// assert_eq!(Rooting::FalseRoot.name(), "false_root");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Rooting::NotCapturable => "not_capturable",
            Rooting::Rooted => "rooted",
            Rooting::Unrooted => "unrooted",
            Rooting::FalseRoot => "false_root",
            Rooting::Outvalued => "outvalued",
            Rooting::Insufficient => "insufficient",
        }
    }

    /// Whether the rules count the target as unrooted: the capture wins material.
    pub fn wins_material(self) -> bool {
        matches!(self, Rooting::Unrooted | Rooting::FalseRoot | Rooting::Outvalued | Rooting::Insufficient)
    }

    /// A short English description.
    pub fn describe(self) -> &'static str {
        match self {
            Rooting::NotCapturable => "cannot be captured legally",
            Rooting::Rooted => "rooted",
            Rooting::Unrooted => "unrooted (no protector)",
            Rooting::FalseRoot => "false root (no protector can legally recapture)",
            Rooting::Outvalued => "worth more than its attacker",
            Rooting::Insufficient => "insufficient root (the full exchange still wins material)",
        }
    }
}

/// Why a root analysis could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RootError {
    /// No piece on the target or attacker square.
    #[error("no piece on {0}")]
    Empty(Square),
    /// Target and attacker belong to the same side.
    #[error("the pieces on {0} and {1} are on the same side")]
    SameSide(Square, Square),
    /// The general is never a target.
    #[error("the general on {0} is not a target: attacks on it are checks")]
    GeneralTarget(Square),
    /// The attacker's side cannot be put on move: its opponent is in check.
    #[error("the position has {0} in check, so {1} cannot be put on move")]
    OpponentInCheck(Color, Color),
}

/// The analysis of one target against one attacker.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RootAnalysis {
    /// The attacked piece's square.
    pub target: Square,
    /// The attacked piece.
    pub target_piece: Piece,
    /// The attacker's square.
    pub attacker: Square,
    /// The attacker.
    pub attacker_piece: Piece,
    /// Every piece that covers the target square, before or after the capture.
    pub protectors: Vec<Protector>,
    /// The material result for the attacker's side (half units: chariot 4, horse and cannon 2, advisor and
    /// elephant 1, soldiers floating) of the capture and the best exchange that follows; 0 if the capture
    /// is illegal.
    pub exchange_gain: i32,
    /// The verdict.
    pub rooting: Rooting,
}

impl RootAnalysis {
    /// Whether the target is rooted against this attacker.
    pub fn is_rooted(&self) -> bool {
        !self.rooting.wins_material()
    }

    /// The real roots: protectors with a legal recapture.
    pub fn real_roots(&self) -> impl Iterator<Item = &Protector> {
        self.protectors.iter().filter(|p| p.false_root.is_none())
    }
}

/// Analyses whether the piece on `target` is rooted against the piece on `attacker`, with the attacker's side
/// on move (the side to move in `pos` is swapped if needed).
///
/// ```
/// use xiangqi_core::{arbiter::{analyse_root, FalseRoot, Rooting}, Position, Square};
/// // The black cannon on e7 covers the horse on e5 only over the red chariot on e6: once the chariot has
/// // taken the horse, the cannon has no screen left. A false root.
/// let pos = Position::from_fen("3k5/9/4c4/4R4/4n4/9/9/9/9/5K3 w - - 0 1")?;
/// let report = analyse_root(&pos, Square::E5, Square::E6)?;
/// assert_eq!(report.rooting, Rooting::FalseRoot);
/// assert_eq!(report.protectors[0].square, Square::E7);
/// assert_eq!(report.protectors[0].false_root, Some(FalseRoot::LostWithCapture));
/// assert_eq!(report.exchange_gain, 2); // a horse won
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyse_root(pos: &Position, target: Square, attacker: Square) -> Result<RootAnalysis, RootError> {
    analyse_root_with(pos, target, attacker, &SearchLimits::default())
}

/// [`analyse_root`] with explicit search limits.
pub fn analyse_root_with(
    pos: &Position,
    target: Square,
    attacker: Square,
    limits: &SearchLimits,
) -> Result<RootAnalysis, RootError> {
    analyse(pos, target, attacker, limits, None)
}

/// The rooting of `target` against `attacker` (see [`analyse_root_with`]), for a classification that has found
/// the exchange offers of the position (`pairs`) already and needs only the rooting: the exchange is searched
/// only for its sign, so the analysis's `exchange_gain` is a bound (above zero exactly when the exchange gains).
pub(crate) fn rooting_with_pairs(
    pos: &Position,
    target: Square,
    attacker: Square,
    limits: &SearchLimits,
    pairs: &[Move],
) -> Result<Rooting, RootError> {
    analyse(pos, target, attacker, limits, Some(pairs)).map(|analysis| analysis.rooting)
}

/// [`analyse_root_with`]; with `pairs` known, the exchange searched for its sign only.
fn analyse(
    pos: &Position,
    target: Square,
    attacker: Square,
    limits: &SearchLimits,
    pairs: Option<&[Move]>,
) -> Result<RootAnalysis, RootError> {
    let target_piece = pos.piece_at(target).ok_or(RootError::Empty(target))?;
    let attacker_piece = pos.piece_at(attacker).ok_or(RootError::Empty(attacker))?;
    if target_piece.color == attacker_piece.color {
        return Err(RootError::SameSide(attacker, target));
    }
    if target_piece.role == Role::General {
        return Err(RootError::GeneralTarget(target));
    }
    let side = attacker_piece.color;
    let view = if pos.turn() == side {
        pos.clone()
    } else {
        pos.swap_turn().ok_or(RootError::OpponentInCheck(pos.turn(), side))?
    };
    let defender = !side;
    let before = view.attackers(target, defender);
    let capture = Move::new(attacker, target);
    if !view.is_legal(capture) {
        let protectors = before
            .into_iter()
            .map(|sq| Protector {
                square: sq,
                piece: view.piece_at(sq).expect("protector"),
                hidden: false,
                false_root: None,
            })
            .collect();
        return Ok(RootAnalysis {
            target,
            target_piece,
            attacker,
            attacker_piece,
            protectors,
            exchange_gain: 0,
            rooting: Rooting::NotCapturable,
        });
    }
    let after = super::search::child(&view, capture);
    let covering = after.attackers(target, defender);
    let mut protectors = Vec::new();
    for sq in (before | covering).into_iter() {
        let legal = covering.contains(sq) && after.is_legal(Move::new(sq, target));
        let false_root = match (legal, covering.contains(sq)) {
            (true, _) => None,
            (false, true) => Some(FalseRoot::IllegalRecapture),
            (false, false) => Some(FalseRoot::LostWithCapture),
        };
        protectors.push(Protector {
            square: sq,
            piece: view.piece_at(sq).expect("protector"),
            hidden: !before.contains(sq),
            false_root,
        });
    }
    let (pairs, window) = match pairs {
        Some(pairs) => (pairs.to_vec(), (0, 1)),
        None => {
            let opponent_view = if pos.turn() == side { pos.swap_turn() } else { Some(pos.clone()) };
            (Standoffs::of(&view, opponent_view.as_ref(), limits).pairs, FULL)
        }
    };
    let mut searcher = Searcher::new(limits, side).excluding(pairs);
    let depth = Depth::new(limits.capture_plies, 0, limits.reply_checks);
    let exchange_gain = searcher.root_move(&view, capture, depth, window);
    let has_real_root = protectors.iter().any(|p| p.false_root.is_none());
    let rooting = if protectors.is_empty() {
        Rooting::Unrooted
    } else if !has_real_root {
        Rooting::FalseRoot
    } else if exchange_gain <= 0 {
        Rooting::Rooted
    } else if nominal_value(target_piece.role) > nominal_value(attacker_piece.role) {
        Rooting::Outvalued
    } else {
        Rooting::Insufficient
    };
    Ok(RootAnalysis { target, target_piece, attacker, attacker_piece, protectors, exchange_gain, rooting })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rooting found with the exchange offers given and the exchange searched for its sign is the full
    /// analysis's, for every capture of every position of the bundled cases, either side to move.
    #[test]
    fn rooting_with_pairs_is_the_full_analysis_rooting() {
        let limits = SearchLimits::default();
        let mut kinds = std::collections::HashSet::new();
        let mut count = 0;
        for pos in super::super::search::tests::positions() {
            for view in [Some(pos.clone()), pos.swap_turn()].into_iter().flatten() {
                let pairs = Standoffs::of(&view, view.swap_turn().as_ref(), &limits).pairs;
                for m in view.legal_captures() {
                    if view.piece_at(m.to).is_some_and(|p| p.role == Role::General) {
                        continue;
                    }
                    let full = analyse_root_with(&view, m.to, m.from, &limits).map(|a| a.rooting);
                    let quick = rooting_with_pairs(&view, m.to, m.from, &limits, &pairs);
                    assert_eq!(quick, full, "{} {m}", view.fen());
                    kinds.extend(full.ok());
                    count += 1;
                }
            }
        }
        assert!(count > 1_000 && kinds.len() >= 4, "{count} captures, rootings {kinds:?}");
    }
}
