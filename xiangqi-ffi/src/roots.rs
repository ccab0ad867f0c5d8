//! Root analysis (28.16): is a piece protected against a given attacker, and why.

use xiangqi_core::arbiter::{analyse_root_with, FalseRoot, RootAnalysis, Rooting, SearchLimits};
use xiangqi_core::Position;

use crate::args::{borrow, Out};
use crate::enums::piece_code;
use crate::error::{guard, Error, Result};
use crate::game::XqGame;
use crate::moves::square;
use crate::output::{check_array, write_array};
use crate::position::XqPosition;
use crate::status::XqStatus;

/// Whether a target counts as rooted against an attacker.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqRooting {
    /// No rooting given (a chase won by checks).
    None = 0,
    /// The attacker cannot legally capture the target at all.
    NotCapturable = 1,
    /// A legal recapture exists and the exchange gains nothing: rooted (有根).
    Rooted = 2,
    /// Nothing covers the target: unrooted (无根).
    Unrooted = 3,
    /// Protectors exist, none can legally recapture: a false root (假根), counted as unrooted.
    FalseRoot = 4,
    /// The target is worth more than its attacker: the capture gains even if answered.
    Outvalued = 5,
    /// The attackers outnumber the protectors and the exchange still gains: insufficient root (少根).
    Insufficient = 6,
}

pub(crate) fn rooting(r: Rooting) -> XqRooting {
    match r {
        Rooting::NotCapturable => XqRooting::NotCapturable,
        Rooting::Rooted => XqRooting::Rooted,
        Rooting::Unrooted => XqRooting::Unrooted,
        Rooting::FalseRoot => XqRooting::FalseRoot,
        Rooting::Outvalued => XqRooting::Outvalued,
        Rooting::Insufficient => XqRooting::Insufficient,
    }
}

/// Why a protector does not really protect.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqFalseRoot {
    /// A real root: the recapture is legal.
    None = 0,
    /// The recapture is illegal (pinned, generals facing, own general left in check).
    IllegalRecapture = 1,
    /// The protection disappears with the capture (a cannon whose screen was the attacker).
    LostWithCapture = 2,
}

/// A piece that covers the target square.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqProtector {
    /// Where it stands.
    pub square: u8,
    /// Its piece code.
    pub piece: i8,
    /// A hidden root (暗根): it covers the square only once the attacker has captured.
    pub hidden: bool,
    /// Why the protection is false; XQ_FALSE_ROOT_NONE for a real root.
    pub false_root: XqFalseRoot,
}

/// The analysis of one target against one attacker.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqRootAnalysis {
    /// The target's square.
    pub target: u8,
    /// The attacker's square.
    pub attacker: u8,
    /// The target's piece code.
    pub target_piece: i8,
    /// The attacker's piece code.
    pub attacker_piece: i8,
    /// The material result for the attacker's side of the capture and the best exchange after it, in half
    /// units (chariot 4, horse and cannon 2, advisor and elephant 1, soldiers floating); 0 if the capture is
    /// illegal.
    pub exchange_gain: i32,
    /// The verdict.
    pub rooting: XqRooting,
    /// The number of protectors (the array holds the first ones that fit).
    pub protector_count: usize,
}

fn analyse(pos: &Position, target: u32, attacker: u32, limits: &SearchLimits) -> Result<RootAnalysis> {
    let target = square(target, "target")?;
    let attacker = square(attacker, "attacker")?;
    analyse_root_with(pos, target, attacker, limits).map_err(|e| Error::new(XqStatus::RootAnalysisError, e.to_string()))
}

/// Writes an analysis and its protectors.
///
/// # Safety
/// `out` checked non-NULL; `protectors`, `capacity`, `out_count` as checked by `check_array`.
unsafe fn write_analysis(
    report: &RootAnalysis,
    out: &Out<XqRootAnalysis>,
    protectors: *mut XqProtector,
    capacity: usize,
    out_count: *mut usize,
) -> Result<()> {
    let data = XqRootAnalysis {
        target: report.target.index() as u8,
        attacker: report.attacker.index() as u8,
        target_piece: piece_code(Some(report.target_piece)),
        attacker_piece: piece_code(Some(report.attacker_piece)),
        exchange_gain: report.exchange_gain,
        rooting: rooting(report.rooting),
        protector_count: report.protectors.len(),
    };
    // SAFETY: checked non-NULL by `Out::new`.
    unsafe { out.set(data) };
    let items = report.protectors.iter().map(|p| XqProtector {
        square: p.square.index() as u8,
        piece: piece_code(Some(p.piece)),
        hidden: p.hidden,
        false_root: match p.false_root {
            None => XqFalseRoot::None,
            Some(FalseRoot::IllegalRecapture) => XqFalseRoot::IllegalRecapture,
            Some(FalseRoot::LostWithCapture) => XqFalseRoot::LostWithCapture,
        },
    });
    // SAFETY: array contract forwarded from the caller.
    unsafe { write_array(items, protectors, capacity, out_count, "protectors") }
}

/// Root analysis (28.16): is the piece on `target` protected against the piece on `attacker`, with the
/// attacker's side put on move. `protectors` receives up to `capacity` protectors (NULL when 0) and
/// `*out_count` their number; XQ_STATUS_BUFFER_TOO_SMALL when they did not all fit (the analysis is written
/// anyway). XQ_STATUS_ROOT_ANALYSIS_ERROR when no analysis can be made (the message says why).
#[no_mangle]
pub unsafe extern "C" fn xq_position_analyse_root(
    pos: *const XqPosition,
    target: u32,
    attacker: u32,
    out: *mut XqRootAnalysis,
    protectors: *mut XqProtector,
    capacity: usize,
    out_count: *mut usize,
) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        check_array(protectors, capacity, out_count)?;
        // SAFETY: a live handle by the caller's contract.
        let pos = unsafe { borrow(pos, "pos") }?;
        let report = analyse(&pos.inner, target, attacker, &SearchLimits::default())?;
        // SAFETY: output contract checked above and forwarded from the caller.
        unsafe { write_analysis(&report, &out, protectors, capacity, out_count) }
    })
}

/// As xq_position_analyse_root() on the game's current position, with the game's search limits.
#[no_mangle]
pub unsafe extern "C" fn xq_game_analyse_root(
    game: *const XqGame,
    target: u32,
    attacker: u32,
    out: *mut XqRootAnalysis,
    protectors: *mut XqProtector,
    capacity: usize,
    out_count: *mut usize,
) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        check_array(protectors, capacity, out_count)?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        let report = analyse(game.inner.position(), target, attacker, &game.inner.config().limits)?;
        // SAFETY: output contract checked above and forwarded from the caller.
        unsafe { write_analysis(&report, &out, protectors, capacity, out_count) }
    })
}
