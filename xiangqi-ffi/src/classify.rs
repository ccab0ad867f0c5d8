//! Per-move classes: check, kill, chase or idle, with the chased pieces.

use std::ffi::c_char;

use xiangqi_core::arbiter::{ChaseTarget, Classification, IdleKind, IdleRule, MoveClass, ThreatMeans};

use crate::args::{borrow, Out};
use crate::enums::{piece_code, XqColor};
use crate::error::{guard, Error, Result};
use crate::game::{ply_check, XqGame};
use crate::moves::XqMove;
use crate::output::{static_c_str, write_text};
use crate::roots::{rooting, XqRooting};
use crate::status::XqStatus;

/// The class of a move, heaviest first (27.4).
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqMoveClass {
    /// 将: the move attacks the opposing general.
    Check = 0,
    /// 杀: the move creates a forced mate by checks.
    Kill = 1,
    /// 捉: the move creates a threat to win material.
    Chase = 2,
    /// 闲: anything else.
    Idle = 3,
}

/// What kind of idle move.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqIdleKind {
    /// The move is not idle.
    None = 0,
    /// Nothing more specific.
    Plain = 1,
    /// 兑: an exchange offer.
    Exchange = 2,
    /// 献: a sacrifice.
    Sacrifice = 3,
    /// 拦: a block.
    Block = 4,
    /// 跟: a follow.
    Follow = 5,
}

/// A rule that made a move idle whatever it threatens.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqIdleRule {
    /// None applied.
    None = 0,
    /// A general's move answering a check.
    GeneralAnsweringCheck = 1,
    /// A move to a defensive key point threatening only an advisor or elephant (27.3).
    DefensiveKeyPoint = 2,
}

/// How a chased piece is won.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqThreatMeans {
    /// A capture, the exchange that follows included.
    Capture = 0,
    /// A series of checks that ends by winning it.
    Checks = 1,
    /// A line whose first capture is of something else and which wins it later.
    Sequence = 2,
}

/// Which list of chased pieces of a classification.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqChaseList {
    /// The threats that make the move a chase.
    Chases = 0,
    /// Threats only a soldier makes, kept aside (27.2).
    SoldierChases = 1,
    /// Threats only the general makes, dropped (27.1).
    GeneralChases = 2,
}

/// The classification of one move.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqClassification {
    /// The move.
    pub mv: XqMove,
    /// The side that played it.
    pub side: XqColor,
    /// Check, kill, chase or idle.
    pub move_class: XqMoveClass,
    /// The idle sub-kind; XQ_IDLE_KIND_NONE unless the class is idle.
    pub idle_kind: XqIdleKind,
    /// The rule that made the move idle whatever it threatens, if any.
    pub idle_rule: XqIdleRule,
    /// "check", "kill", "chase" or "idle" (static, never freed).
    pub name: *const c_char,
    /// The name with the idle sub-kind: "idle:exchange", "idle:sacrifice", "idle:block", "idle:follow"
    /// (static, never freed).
    pub label: *const c_char,
    /// Whether `mate_start` holds the first move of the mate a kill threatens.
    pub has_mate_start: bool,
    /// For a kill: the first move of the threatened mate.
    pub mate_start: XqMove,
    /// The number of pieces in the XQ_CHASE_LIST_CHASES list (read them with xq_game_chase_target()).
    pub chase_count: usize,
    /// The number in the XQ_CHASE_LIST_SOLDIER_CHASES list.
    pub soldier_chase_count: usize,
    /// The number in the XQ_CHASE_LIST_GENERAL_CHASES list.
    pub general_chase_count: usize,
    /// A search behind the class reached its node budget: the class is not a decision.
    pub undecided: bool,
}

/// A piece threatened by a move.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqChaseTarget {
    /// The square of the piece that wins the target, after the move.
    pub attacker: u8,
    /// The target's square after the move.
    pub target: u8,
    /// The attacker's piece code.
    pub attacker_piece: i8,
    /// The target's piece code.
    pub target_piece: i8,
    /// The target's identity for the whole game (1 to 32, by the start position's squares a0 ... i9).
    pub target_id: u8,
    /// How the target is won.
    pub means: XqThreatMeans,
    /// For a capture: why the target counts (unrooted, false root, outvalued, insufficient root);
    /// XQ_ROOTING_NONE otherwise.
    pub rooting: XqRooting,
    /// The gain needs two or more pieces of the chasing side.
    pub joint: bool,
}

fn classification(game: &XqGame, index: usize) -> Result<&Classification> {
    ply_check(&game.inner, index)?;
    match game.inner.try_classify(index) {
        None => Err(Error::new(XqStatus::OutOfRange, format!("no move {index}"))),
        // A move the repetition rules do not cover (a general taken): the position is the problem.
        Some(Err(err)) => Err(Error::new(XqStatus::IllegalPosition, format!("move {index}: {err}"))),
        Some(Ok(c)) => Ok(c),
    }
}

fn classification_data(c: &Classification) -> XqClassification {
    let (move_class, idle_kind) = match c.class {
        MoveClass::Check => (XqMoveClass::Check, XqIdleKind::None),
        MoveClass::Kill => (XqMoveClass::Kill, XqIdleKind::None),
        MoveClass::Chase => (XqMoveClass::Chase, XqIdleKind::None),
        MoveClass::Idle(kind) => (
            XqMoveClass::Idle,
            match kind {
                IdleKind::Plain => XqIdleKind::Plain,
                IdleKind::Exchange => XqIdleKind::Exchange,
                IdleKind::Sacrifice => XqIdleKind::Sacrifice,
                IdleKind::Block => XqIdleKind::Block,
                IdleKind::Follow => XqIdleKind::Follow,
            },
        ),
    };
    XqClassification {
        mv: c.mv.into(),
        side: c.side.into(),
        move_class,
        idle_kind,
        idle_rule: match c.idle_rule {
            None => XqIdleRule::None,
            Some(IdleRule::GeneralAnsweringCheck) => XqIdleRule::GeneralAnsweringCheck,
            Some(IdleRule::DefensiveKeyPoint) => XqIdleRule::DefensiveKeyPoint,
        },
        name: static_c_str(c.class.name()),
        label: static_c_str(c.class.label()),
        has_mate_start: c.mate_start.is_some(),
        mate_start: c.mate_start.map_or(XqMove { from: 0, to: 0 }, XqMove::from),
        chase_count: c.chases.len(),
        soldier_chase_count: c.soldier_chases.len(),
        general_chase_count: c.general_chases.len(),
        undecided: c.undecided,
    }
}

fn chase_list(c: &Classification, list: u32) -> Result<&[ChaseTarget]> {
    Ok(match list {
        0 => &c.chases,
        1 => &c.soldier_chases,
        2 => &c.general_chases,
        _ => return Err(Error::invalid(format!("list: {list} is not an XqChaseList value"))),
    })
}

fn chase_target(game: &XqGame, index: usize, list: u32, position: usize) -> Result<&ChaseTarget> {
    let targets = chase_list(classification(game, index)?, list)?;
    targets.get(position).ok_or_else(|| {
        Error::new(XqStatus::OutOfRange, format!("target {position} is past the list's {} pieces", targets.len()))
    })
}

/// Classifies move `index` (0-based) of the game: the first call for a move computes it (a search bounded
/// in time), later calls read the cache. XQ_STATUS_OUT_OF_RANGE past the end.
#[no_mangle]
pub unsafe extern "C" fn xq_game_classify(game: *const XqGame, index: usize, out: *mut XqClassification) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        let data = classification_data(classification(game, index)?);
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(data) };
        Ok(())
    })
}

/// One chased piece of move `index`: entry `position` of the list `list` (an XqChaseList value).
#[no_mangle]
pub unsafe extern "C" fn xq_game_chase_target(
    game: *const XqGame,
    index: usize,
    list: u32,
    position: usize,
    out: *mut XqChaseTarget,
) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        let t = chase_target(game, index, list, position)?;
        let data = XqChaseTarget {
            attacker: t.attacker.index() as u8,
            target: t.target.index() as u8,
            attacker_piece: piece_code(Some(t.attacker_piece)),
            target_piece: piece_code(Some(t.target_piece)),
            target_id: t.target_id.get(),
            means: match t.means {
                ThreatMeans::Capture => XqThreatMeans::Capture,
                ThreatMeans::Checks => XqThreatMeans::Checks,
                ThreatMeans::Sequence => XqThreatMeans::Sequence,
            },
            rooting: t.rooting.map_or(XqRooting::None, rooting),
            joint: t.joint,
        };
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(data) };
        Ok(())
    })
}

/// A sentence describing one chased piece ("red chariot h0 threatens the black horse c7 (unrooted (no
/// protector))") into `buf` (string rules).
#[no_mangle]
pub unsafe extern "C" fn xq_game_chase_description(
    game: *const XqGame,
    index: usize,
    list: u32,
    position: usize,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        let text = chase_target(game, index, list, position)?.describe();
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_text(&text, buf, len, needed) }
    })
}
