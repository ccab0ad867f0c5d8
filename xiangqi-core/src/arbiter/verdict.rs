//! Verdicts and their explanations.

use super::classify::Classification;
use super::natural::NaturalLimit;
use crate::Color;
use core::fmt::Write as _;
use core::ops::Range;

/// A side's conduct over the moves of a repetition (25.2, 28.10-28.15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SideProfile {
    /// Every move checks (长将).
    PerpetualCheck,
    /// Every move attacks (check, kill or chase), not all of them checks: 长打, forbidden.
    Forbidden,
    /// At least one idle move: allowed.
    Allowed,
}

impl SideProfile {
    /// `"perpetual_check"`, `"forbidden"` or `"allowed"`.
    ///
    /// ```
    /// use xiangqi_core::arbiter::SideProfile;
    /// assert_eq!(SideProfile::Forbidden.name(), "forbidden");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            SideProfile::PerpetualCheck => "perpetual_check",
            SideProfile::Forbidden => "forbidden",
            SideProfile::Allowed => "allowed",
        }
    }

    /// A short English name.
    pub fn describe(self) -> &'static str {
        match self {
            SideProfile::PerpetualCheck => "perpetual check",
            SideProfile::Forbidden => "attacks on every move (forbidden)",
            SideProfile::Allowed => "allowed (has idle moves)",
        }
    }
}

/// Why a game is decided or a side must change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Reason {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move: a loss in xiangqi.
    Stalemate,
    /// One side checks on every move of the repetition (24.1, 26.1).
    PerpetualCheck,
    /// Both sides check on every move (26.3).
    MutualPerpetualCheck,
    /// One side attacks on every move, the other does not (24.3, 26.4).
    PerpetualAttack,
    /// Both sides attack on every move (26.3).
    BothForbidden,
    /// Neither side attacks on every move (24.2, 26.2).
    BothAllowed,
    /// Both sides attack on every move; the side chasing with single pieces against unrooted targets must
    /// change (2020 rule book, 26.9).
    SinglePieceChase,
    /// The side told to change played the same cycle once more (24.3).
    IgnoredWarning,
    /// Sixty moves (or the configured limit) without a capture (4.2.4, 23.3).
    NaturalLimit,
    /// Neither side has a chariot, horse, cannon or soldier.
    InsufficientMaterial,
}

impl Reason {
    /// The snake-case name used in tables and by the bindings: `"perpetual_check"`, `"both_allowed"`, ...
    ///
    /// ```
    /// use xiangqi_core::arbiter::Reason;
    /// assert_eq!(Reason::MutualPerpetualCheck.name(), "mutual_perpetual_check");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::PerpetualCheck => "perpetual_check",
            Reason::MutualPerpetualCheck => "mutual_perpetual_check",
            Reason::PerpetualAttack => "perpetual_attack",
            Reason::BothForbidden => "both_forbidden",
            Reason::BothAllowed => "both_allowed",
            Reason::SinglePieceChase => "single_piece_chase",
            Reason::IgnoredWarning => "ignored_warning",
            Reason::NaturalLimit => "natural_limit",
            Reason::InsufficientMaterial => "insufficient_material",
        }
    }

    /// The rule article.
    pub fn article(self) -> &'static str {
        match self {
            Reason::Checkmate | Reason::Stalemate => "4.1",
            Reason::PerpetualCheck => "24.1, 26.1",
            Reason::MutualPerpetualCheck | Reason::BothForbidden => "26.3",
            Reason::PerpetualAttack => "24.3, 26.4",
            Reason::BothAllowed => "24.2, 26.2",
            Reason::SinglePieceChase => "26.9 (2020)",
            Reason::IgnoredWarning => "24.3",
            Reason::NaturalLimit => "4.2.4, 23.3",
            Reason::InsufficientMaterial => "4.2",
        }
    }
}

/// The grounds of a verdict: rule, side, the plies involved and each ply's class.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ruling {
    /// Why.
    pub reason: Reason,
    /// The side that loses or must change; `None` for a draw.
    pub side: Option<Color>,
    /// For a repetition: the window of plies judged (0-based move indices, from the first occurrence of the
    /// repeated position).
    pub plies: Range<usize>,
    /// For a repetition: the profiles of red and black.
    pub profiles: Option<[SideProfile; 2]>,
    /// For a repetition: every move of the window with its classification.
    pub moves: Vec<(usize, Classification)>,
    /// For the natural limit: the counts behind it.
    pub natural_limit: Option<NaturalLimit>,
}

impl Ruling {
    pub(crate) fn simple(reason: Reason, side: Option<Color>) -> Ruling {
        Ruling { reason, side, plies: 0..0, profiles: None, moves: Vec::new(), natural_limit: None }
    }
}

/// The arbiter's verdict after a ply.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Verdict {
    /// Play goes on.
    Continue,
    /// A draw.
    Draw(Ruling),
    /// The side must change its moves; repeating the cycle once more loses (24.3).
    MustChange(Ruling),
    /// The side loses.
    Loss(Ruling),
    /// A repetition that the arbiter could not judge: a search behind one of its moves reached its node
    /// budget ([`Classification::undecided`]). The ruling is what the bounded searches would give, kept for
    /// the explanation; it is not a decision. Raising the budget decides it.
    Undecided(Ruling),
}

impl Verdict {
    /// The ruling, unless play goes on.
    pub fn ruling(&self) -> Option<&Ruling> {
        match self {
            Verdict::Continue => None,
            Verdict::Draw(r) | Verdict::MustChange(r) | Verdict::Loss(r) | Verdict::Undecided(r) => Some(r),
        }
    }

    /// The side that loses or must change.
    pub fn side(&self) -> Option<Color> {
        self.ruling().and_then(|r| r.side)
    }

    /// What the ruling is, as the tables and the bindings name it: `"continue"`, `"draw"`, `"must_change"`,
    /// `"loss"` or `"undecided"`.
    ///
    /// ```
    /// use xiangqi_core::Game;
    /// let game = Game::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
    /// assert_eq!(game.verdict().kind(), "draw"); // neither side can mate
    /// assert_eq!(Game::default().verdict().kind(), "continue");
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Continue => "continue",
            Verdict::Draw(_) => "draw",
            Verdict::MustChange(_) => "must_change",
            Verdict::Loss(_) => "loss",
            Verdict::Undecided(_) => "undecided",
        }
    }

    /// `"red loses"`, `"black loses"` (a loss or a must-change), `"draw"`, `"undecided"` or `"continue"`.
    pub fn summary(&self) -> &'static str {
        match self {
            Verdict::Continue => "continue",
            Verdict::Undecided(_) => "undecided",
            Verdict::Draw(_) => "draw",
            Verdict::MustChange(r) | Verdict::Loss(r) => match r.side {
                Some(Color::Red) => "red loses",
                Some(Color::Black) => "black loses",
                None => "draw",
            },
        }
    }

    /// A paragraph a person can read: the rule, the side, the moves and their classes, the chased pieces.
    pub fn explanation(&self) -> String {
        let Some(r) = self.ruling() else {
            return "no repetition, mate or draw rule applies: play continues".to_string();
        };
        let side = r.side.map(|c| c.name()).unwrap_or("neither side");
        let mut text = match (self, r.reason) {
            (Verdict::Undecided(_), reason) => {
                let plies: Vec<String> =
                    r.moves.iter().filter(|(_, c)| c.undecided).map(|(ply, _)| (ply + 1).to_string()).collect();
                let would = match r.side {
                    Some(side) => format!("{} ({})", side.name(), reason.article()),
                    None => format!("a draw ({})", reason.article()),
                };
                format!(
                    "Undecided: the searches behind ply {} reached their node budget before they could finish, so \
                     the repetition is not judged (the bounded classes point to {would}; raise the budget to decide).",
                    plies.join(", ")
                )
            }
            (_, Reason::Checkmate) => format!("{side} is checkmated and loses (4.1)."),
            (_, Reason::Stalemate) => format!("{side} has no legal move and loses (stalemate, 4.1)."),
            (_, Reason::InsufficientMaterial) => {
                "Draw: neither side has a chariot, horse, cannon or soldier left.".to_string()
            }
            (_, Reason::NaturalLimit) => {
                let n = r.natural_limit.expect("natural limit counts");
                format!(
                    "Draw by the natural limit (4.2.4): {} plies without a capture (checks red {}, black {}; \
                     the claimant's checks beyond {} do not count); {}.",
                    n.plies_since_capture,
                    n.checks[0],
                    n.checks[1],
                    n.check_cap,
                    if n.automatic { "declared automatically" } else { "claimable" }
                )
            }
            (Verdict::Loss(_), Reason::PerpetualCheck) => {
                format!("Rule {}: {side} checks on every move of the repetition and loses.", r.reason.article())
            }
            (Verdict::Loss(_), Reason::IgnoredWarning) => {
                format!("Rule 24.3: {side} was told to change and repeated the cycle once more: {side} loses.")
            }
            (Verdict::Loss(_), _) | (Verdict::MustChange(_), _) => {
                let mut t = format!(
                    "Rule {}: {side} attacks on every move of the repetition while the opponent does not; \
                     {side} must change its moves",
                    r.reason.article()
                );
                if r.reason == Reason::SinglePieceChase {
                    t = format!(
                        "Rule {}: both sides attack on every move; {side} chases with single pieces against \
                         the opponent's joint chases and must change its moves",
                        r.reason.article()
                    );
                }
                t.push_str(if matches!(self, Verdict::Loss(_)) { " (a loss at once)." } else { ", or lose." });
                t
            }
            (_, Reason::MutualPerpetualCheck) => "Draw (26.3): both sides check on every move.".to_string(),
            (_, Reason::BothForbidden) => "Draw (26.3): both sides attack on every move.".to_string(),
            (_, Reason::BothAllowed) => "Draw (24.2, 26.2): neither side attacks on every move.".to_string(),
            (_, reason) => format!("{reason:?} ({})", reason.article()),
        };
        if let Some([red, black]) = r.profiles {
            let _ = write!(
                text,
                " Repetition over plies {}-{}: red {}, black {}.",
                r.plies.start + 1,
                r.plies.end,
                red.describe(),
                black.describe()
            );
        }
        if !r.moves.is_empty() {
            text.push_str(" Moves:");
            for (ply, c) in &r.moves {
                let _ = write!(text, " {}. {} {} {}", ply + 1, c.side.name(), c.mv, c.class.label());
                let chased: Vec<String> = c.chases.iter().map(|t| t.describe()).collect();
                if !chased.is_empty() {
                    let _ = write!(text, " [{}]", chased.join("; "));
                }
                if let Some(rule) = c.idle_rule {
                    let _ = write!(text, " [{}]", rule.describe());
                }
                if c.undecided {
                    text.push_str(" [undecided]");
                }
                text.push(';');
            }
            text.pop();
            text.push('.');
        }
        text
    }
}
