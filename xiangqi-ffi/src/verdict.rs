//! The arbiter's verdict as structured data and as text, and the natural-limit counts.

use std::ffi::c_char;

use xiangqi_core::arbiter::{NaturalLimit, Reason, SideProfile, Verdict};

use crate::args::{borrow, Out};
use crate::enums::XqColor;
use crate::error::{guard, Error, Result};
use crate::game::XqGame;
use crate::output::{static_c_str, write_text};
use crate::status::XqStatus;

/// What the arbiter rules.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqVerdictKind {
    /// Play goes on.
    Continue = 0,
    /// A draw.
    Draw = 1,
    /// `side` must change its moves; repeating the cycle once more loses (24.3).
    MustChange = 2,
    /// `side` loses.
    Loss = 3,
    /// A repetition the arbiter could not judge: a search behind one of its moves reached its node budget.
    /// `side` and `reason` say what the bounded searches point to; it is not a decision.
    Undecided = 4,
}

/// Why: the rule behind a verdict.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqReason {
    /// No ruling (play goes on).
    None = 0,
    /// The side to move is checkmated (4.1).
    Checkmate = 1,
    /// The side to move has no legal move: a loss (4.1).
    Stalemate = 2,
    /// One side checks on every move of the repetition (24.1, 26.1).
    PerpetualCheck = 3,
    /// Both sides check on every move (26.3).
    MutualPerpetualCheck = 4,
    /// One side attacks on every move, the other does not (24.3, 26.4).
    PerpetualAttack = 5,
    /// Both sides attack on every move (26.3).
    BothForbidden = 6,
    /// Neither side attacks on every move (24.2, 26.2).
    BothAllowed = 7,
    /// Both attack on every move; the side chasing with single pieces must change (2020 rule book, 26.9).
    SinglePieceChase = 8,
    /// The side told to change repeated the cycle once more (24.3).
    IgnoredWarning = 9,
    /// The natural limit: sixty moves (or the configured number) without a capture.
    NaturalLimit = 10,
    /// Neither side has a chariot, horse, cannon or soldier.
    InsufficientMaterial = 11,
    /// A reason this version of the header does not name: read the explanation.
    Other = 255,
}

/// A side's conduct over the moves of a repetition.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqSideProfile {
    /// Not a repetition ruling.
    None = 0,
    /// Every move checks.
    PerpetualCheck = 1,
    /// Every move attacks (check, kill or chase), not all of them checks: forbidden.
    Forbidden = 2,
    /// At least one idle move: allowed.
    Allowed = 3,
}

/// The natural-limit counts (4.2.4).
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqNaturalLimit {
    /// Plies since the last capture (or the start).
    pub plies_since_capture: u32,
    /// Checks given by red in those plies.
    pub checks_red: u32,
    /// Checks given by black in those plies.
    pub checks_black: u32,
    /// The limit in plies (120 by default).
    pub limit: u32,
    /// The most checks of the claimant that count towards the limit.
    pub check_cap: u32,
    /// Red could claim the draw now.
    pub claimable_by_red: bool,
    /// Black could claim the draw now.
    pub claimable_by_black: bool,
    /// The draw is declared automatically when reached.
    pub automatic: bool,
    /// Either side could claim it.
    pub reached: bool,
}

impl From<&NaturalLimit> for XqNaturalLimit {
    fn from(n: &NaturalLimit) -> XqNaturalLimit {
        XqNaturalLimit {
            plies_since_capture: n.plies_since_capture,
            checks_red: n.checks[0],
            checks_black: n.checks[1],
            limit: n.limit,
            check_cap: n.check_cap,
            claimable_by_red: n.claimable_by[0],
            claimable_by_black: n.claimable_by[1],
            automatic: n.automatic,
            reached: n.is_reached(),
        }
    }
}

/// The arbiter's verdict as data. The window's moves and their classes are read with xq_game_classify() for
/// each ply in [window_start, window_end).
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqVerdict {
    /// Continue, draw, must change or loss.
    pub kind: XqVerdictKind,
    /// The side that loses or must change; XQ_COLOR_NONE for a draw or when play goes on.
    pub side: XqColor,
    /// The rule behind it; XQ_REASON_NONE when play goes on.
    pub reason: XqReason,
    /// The rule article, such as "24.1, 26.1" (static, never freed; "" when play goes on).
    pub article: *const c_char,
    /// For a repetition: the first ply of the window judged (0-based move index, from the first occurrence
    /// of the repeated position); 0 otherwise.
    pub window_start: usize,
    /// For a repetition: one past the last ply of the window; 0 otherwise.
    pub window_end: usize,
    /// For a repetition: red's conduct; XQ_SIDE_PROFILE_NONE otherwise.
    pub red_profile: XqSideProfile,
    /// For a repetition: black's conduct; XQ_SIDE_PROFILE_NONE otherwise.
    pub black_profile: XqSideProfile,
    /// Whether `natural_limit` holds the counts behind a natural-limit ruling.
    pub has_natural_limit: bool,
    /// The counts behind a natural-limit ruling (zero otherwise).
    pub natural_limit: XqNaturalLimit,
}

fn profile(p: SideProfile) -> XqSideProfile {
    match p {
        SideProfile::PerpetualCheck => XqSideProfile::PerpetualCheck,
        SideProfile::Forbidden => XqSideProfile::Forbidden,
        SideProfile::Allowed => XqSideProfile::Allowed,
    }
}

fn reason(r: Reason) -> XqReason {
    match r {
        Reason::Checkmate => XqReason::Checkmate,
        Reason::Stalemate => XqReason::Stalemate,
        Reason::PerpetualCheck => XqReason::PerpetualCheck,
        Reason::MutualPerpetualCheck => XqReason::MutualPerpetualCheck,
        Reason::PerpetualAttack => XqReason::PerpetualAttack,
        Reason::BothForbidden => XqReason::BothForbidden,
        Reason::BothAllowed => XqReason::BothAllowed,
        Reason::SinglePieceChase => XqReason::SinglePieceChase,
        Reason::IgnoredWarning => XqReason::IgnoredWarning,
        Reason::NaturalLimit => XqReason::NaturalLimit,
        Reason::InsufficientMaterial => XqReason::InsufficientMaterial,
        _ => XqReason::Other,
    }
}

fn zero_limit() -> XqNaturalLimit {
    XqNaturalLimit {
        plies_since_capture: 0,
        checks_red: 0,
        checks_black: 0,
        limit: 0,
        check_cap: 0,
        claimable_by_red: false,
        claimable_by_black: false,
        automatic: false,
        reached: false,
    }
}

fn verdict_data(v: &Verdict) -> XqVerdict {
    let kind = match v {
        Verdict::Continue => XqVerdictKind::Continue,
        Verdict::Draw(_) => XqVerdictKind::Draw,
        Verdict::MustChange(_) => XqVerdictKind::MustChange,
        Verdict::Loss(_) => XqVerdictKind::Loss,
        Verdict::Undecided(_) => XqVerdictKind::Undecided,
    };
    let ruling = v.ruling();
    let profiles = ruling.and_then(|r| r.profiles);
    let limit = ruling.and_then(|r| r.natural_limit.as_ref());
    XqVerdict {
        kind,
        side: v.side().into(),
        reason: ruling.map_or(XqReason::None, |r| reason(r.reason)),
        article: static_c_str(ruling.map_or("", |r| r.reason.article())),
        window_start: ruling.map_or(0, |r| r.plies.start),
        window_end: ruling.map_or(0, |r| r.plies.end),
        red_profile: profiles.map_or(XqSideProfile::None, |[red, _]| profile(red)),
        black_profile: profiles.map_or(XqSideProfile::None, |[_, black]| profile(black)),
        has_natural_limit: limit.is_some(),
        natural_limit: limit.map_or_else(zero_limit, XqNaturalLimit::from),
    }
}

/// The verdict after the last move: checkmate and stalemate, repetition rulings, the natural limit and
/// insufficient material. Classifies the moves it needs (cached in the game).
#[no_mangle]
pub unsafe extern "C" fn xq_game_verdict(game: *const XqGame, out: *mut XqVerdict) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        write_verdict_at(game, game.inner.len(), &out)
    })
}

/// The verdict as it stood after `ply` moves (0 to xq_game_len()). XQ_STATUS_OUT_OF_RANGE past the end.
#[no_mangle]
pub unsafe extern "C" fn xq_game_verdict_at(game: *const XqGame, ply: usize, out: *mut XqVerdict) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        write_verdict_at(game, ply, &out)
    })
}

fn write_verdict_at(game: &XqGame, ply: usize, out: &Out<XqVerdict>) -> Result<()> {
    if ply > game.inner.len() {
        return Err(Error::new(
            XqStatus::OutOfRange,
            format!("ply {ply} is past the game's {} moves", game.inner.len()),
        ));
    }
    let data = verdict_data(&game.inner.verdict_at(ply));
    // SAFETY: checked by `Out::new` in the exported functions.
    unsafe { out.set(data) };
    Ok(())
}

/// The verdict after the last move in the words of the case files: "red loses", "black loses" (a loss or a
/// must-change), "draw" or "continue", into `buf` (string rules).
#[no_mangle]
pub unsafe extern "C" fn xq_game_verdict_summary(
    game: *const XqGame,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_text(game.inner.verdict().summary(), buf, len, needed) }
    })
}

/// The verdict after the last move explained in English: the rule, the side, the window, every ply's class
/// and the chased pieces; into `buf` (string rules).
#[no_mangle]
pub unsafe extern "C" fn xq_game_verdict_explanation(
    game: *const XqGame,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_text(&game.inner.verdict().explanation(), buf, len, needed) }
    })
}

/// The natural-limit counts after the last move.
#[no_mangle]
pub unsafe extern "C" fn xq_game_natural_limit(game: *const XqGame, out: *mut XqNaturalLimit) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(game, "game") }?;
        let data = XqNaturalLimit::from(&game.inner.natural_limit());
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(data) };
        Ok(())
    })
}
