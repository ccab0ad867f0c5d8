//! The repetition arbiter of the Chinese Xiangqi Association rules: every move of a repeating cycle is
//! classified as check, kill, chase or idle, each side's conduct over the cycle is profiled, and the cycle is
//! judged (perpetual check loses, a forbidden side against an allowed one must change, otherwise a draw).
//! The natural move limit and insufficient material complete the game's outcome.
//!
//! The entry point is [`Game`](crate::Game); this module holds the vocabulary and the per-piece root
//! analysis.
//!
//! ```
//! use xiangqi_core::{arbiter::{MoveClass, Verdict}, Color, Game};
//!
//! // A red chariot checks on every move: perpetual check loses at the third occurrence (24.1).
//! let mut game = Game::from_fen("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1")?;
//! for m in ["f0e0", "e8f8", "e0f0", "f8e8", "f0e0", "e8f8", "e0f0", "f8e8"] {
//!     game.push(m.parse()?)?;
//! }
//! assert_eq!(game.classify(0).unwrap().class, MoveClass::Check);
//! let verdict = game.verdict();
//! assert!(matches!(verdict, Verdict::Loss(ref r) if r.side == Some(Color::Red)));
//! println!("{}", verdict.explanation());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cache;
mod chase_target;
mod checks;
mod classify;
pub(crate) mod cycle;
mod idle;
mod memo;
mod natural;
pub mod reference;
mod roots;
mod search;
mod threats;
mod value;
mod verdict;

pub use cache::ClassificationCache;
pub use classify::{ChaseTarget, Classification, IdleKind, IdleRule, MoveClass, PieceId};
pub use natural::NaturalLimit;
pub use roots::{analyse_root, analyse_root_with, FalseRoot, Protector, RootAnalysis, RootError, Rooting};
pub use threats::ThreatMeans;
pub use verdict::{Reason, Ruling, SideProfile, Verdict};

pub(crate) use cache::Context;
pub(crate) use classify::{classify, PlyContext};

use crate::PlayError;

/// Classifies `mv` played in `before`, outside a [`Game`](crate::Game): pieces are identified by their
/// squares in `before`. `previous_move` is the opponent's move that led to `before`, if known (it matters only
/// when that move gave check).
///
/// ```
/// use xiangqi_core::{arbiter::{classify_move, ArbiterConfig, MoveClass}, Position};
/// let pos = Position::from_fen("4k4/9/9/9/2n6/9/9/9/9/3K4R w - - 0 1")?;
/// let c = classify_move(&pos, "i0i5".parse()?, None, &ArbiterConfig::default())?;
/// assert_eq!(c.class, MoveClass::Chase);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn classify_move(
    before: &Position,
    mv: Move,
    previous_move: Option<Move>,
    config: &ArbiterConfig,
) -> Result<Classification, ClassifyError> {
    both_generals(before)?;
    let after = before.clone().play(mv).map_err(ClassifyError::Illegal)?;
    both_generals(&after)?;
    let ids_before: [u8; 90] = core::array::from_fn(|i| if before.board[i] != 0 { i as u8 + 1 } else { 0 });
    let mut ids_after = ids_before;
    ids_after[mv.to.index()] = ids_before[mv.from.index()];
    ids_after[mv.from.index()] = 0;
    let ctx = PlyContext {
        before,
        after: &after,
        mv,
        ids_before: &ids_before,
        ids_after: &ids_after,
        previous_move,
        previous: None,
    };
    Ok(classify(&ctx, config))
}
pub(crate) use cycle::judge_cycle;

use crate::{Move, Position};

/// Why a move could not be classified.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClassifyError {
    /// The move is not legal in the position.
    #[error(transparent)]
    Illegal(PlayError),
    /// A general is missing: the rules of repetition (checks, mates) need both on the board.
    #[error("the {} general is missing: the repetition rules need both generals on the board", .0.name())]
    NoGeneral(crate::Color),
}

/// The repetition rules cover a move only between positions with both generals (a move that takes a
/// general, possible only from a position accepted with the opponent in check, is not classified).
pub(crate) fn both_generals(pos: &Position) -> Result<(), ClassifyError> {
    match [crate::Color::Red, crate::Color::Black].into_iter().find(|&c| !pos.has_general(c)) {
        Some(color) => Err(ClassifyError::NoGeneral(color)),
        None => Ok(()),
    }
}

/// Which rules judge a repetition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RuleSet {
    /// The Chinese Xiangqi Association competition rules (articles 24-29 and their detailed rules): when both
    /// sides attack on every move, the cycle is drawn.
    #[default]
    Cxa,
    /// As [`RuleSet::Cxa`], with the 2020 rule book's order of responsibility: when both sides attack on
    /// every move, a side chasing with single pieces must change against a side whose chases are joint or
    /// against insufficiently rooted pieces.
    Cxa2020,
    /// The Asian Xiangqi Federation rules: perpetual kill and one-check-one-chase are allowed, a perpetual
    /// chase must aim at the same piece on every move, soldiers and the general may chase.
    Axf,
}

impl RuleSet {
    /// `"cxa"`, `"cxa2020"` or `"axf"`.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Cxa => "cxa",
            RuleSet::Cxa2020 => "cxa2020",
            RuleSet::Axf => "axf",
        }
    }
}

/// An unknown rule-set name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set {} (expected cxa, cxa2020 or axf)", crate::quote::Quoted(.0))]
pub struct ParseRuleSetError(pub String);

impl core::str::FromStr for RuleSet {
    type Err = ParseRuleSetError;

    fn from_str(s: &str) -> Result<RuleSet, ParseRuleSetError> {
        match s.to_ascii_lowercase().as_str() {
            "cxa" => Ok(RuleSet::Cxa),
            "cxa2020" | "cxa-2020" => Ok(RuleSet::Cxa2020),
            "axf" => Ok(RuleSet::Axf),
            _ => Err(ParseRuleSetError(s.to_string())),
        }
    }
}

/// Bounds of the arbiter's searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchLimits {
    /// Plies of the capture exchange that judges a capture (SPEC §4.1).
    pub capture_plies: u8,
    /// Checking moves a line may start with to win material (29.1 b).
    pub check_moves: u8,
    /// Checking moves the defending side may answer with inside a material line (its counter-attack).
    pub reply_checks: u8,
    /// Moves (all checks) of a forced mate that makes a kill (28.2).
    pub kill_moves: u8,
    /// Moves of the mate that makes a winning line unsafe (29.4).
    pub mate_reply_moves: u8,
    /// Nodes one search may visit before it stops and keeps what it has.
    pub node_budget: u32,
}

impl Default for SearchLimits {
    fn default() -> SearchLimits {
        SearchLimits {
            capture_plies: 6,
            check_moves: 4,
            reply_checks: 1,
            kill_moves: 7,
            mate_reply_moves: 1,
            node_budget: 250_000,
        }
    }
}

/// A judgement the rules leave to the arbiter: whether a move occupies a defensive key point (27.3).
///
/// The hook is called with the position before the move and the move. It may capture state (a list of
/// points an arbiter marked, a callback into another language), so it is shared rather than copied.
///
/// ```
/// use xiangqi_core::arbiter::{ArbiterConfig, KeyPointHook};
///
/// let mut config = ArbiterConfig::default();
/// let marked = vec!["d4e4".to_string()];
/// config.defensive_key_point = Some(KeyPointHook::new(move |_, m| marked.contains(&m.to_string())));
/// ```
#[derive(Clone)]
pub struct KeyPointHook(std::sync::Arc<KeyPointJudge>);

/// The judgement a [`KeyPointHook`] shares.
type KeyPointJudge = dyn Fn(&Position, Move) -> bool + Send + Sync;

impl KeyPointHook {
    /// Wraps a judgement.
    pub fn new(judge: impl Fn(&Position, Move) -> bool + Send + Sync + 'static) -> KeyPointHook {
        KeyPointHook(std::sync::Arc::new(judge))
    }

    /// Whether `mv`, played from `before`, occupies a defensive key point.
    pub fn judge(&self, before: &Position, mv: Move) -> bool {
        (self.0)(before, mv)
    }

    /// What tells this judgement from others (its clones share it).
    pub(crate) fn identity(&self) -> usize {
        std::sync::Arc::as_ptr(&self.0) as *const () as usize
    }
}

impl std::fmt::Debug for KeyPointHook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KeyPointHook(..)")
    }
}

/// Everything that tunes the arbiter.
#[derive(Clone, Debug)]
pub struct ArbiterConfig {
    /// The rule set for repetitions.
    pub rules: RuleSet,
    /// Search bounds.
    pub limits: SearchLimits,
    /// A general's move answering a check is idle whatever it threatens (2020 rule book; default on).
    pub king_evasion_idle: bool,
    /// A threat on a piece that walked into the attack with the check just answered is dropped (default on).
    pub self_inflicted: bool,
    /// The defensive key point judgement (27.3); `None` never grants it.
    pub defensive_key_point: Option<KeyPointHook>,
    /// The natural limit in plies without a capture (default 120: sixty moves).
    pub natural_limit_plies: u32,
    /// Checks of the claimant that count towards the natural limit (default 10).
    pub natural_limit_checks: u32,
    /// Declare the natural-limit draw as soon as either side could claim it (default on); when off, the
    /// limit is only reported as claimable.
    pub auto_natural_draw: bool,
    /// Report a must-change verdict directly as a loss (what engines do in search).
    pub strict_engine_mode: bool,
}

impl Default for ArbiterConfig {
    fn default() -> ArbiterConfig {
        ArbiterConfig {
            rules: RuleSet::Cxa,
            limits: SearchLimits::default(),
            king_evasion_idle: true,
            self_inflicted: true,
            defensive_key_point: None,
            natural_limit_plies: 120,
            natural_limit_checks: 10,
            auto_natural_draw: true,
            strict_engine_mode: false,
        }
    }
}

impl ArbiterConfig {
    /// The default configuration with another rule set.
    pub fn with_rules(rules: RuleSet) -> ArbiterConfig {
        ArbiterConfig { rules, ..ArbiterConfig::default() }
    }
}
