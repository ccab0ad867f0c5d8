//! The small vocabulary enums. Values given by C arrive as `uint32_t` and are checked here; values handed to
//! C are these enums.

use xiangqi_core::arbiter::RuleSet;
use xiangqi_core::{Color, Notation, Piece};

use crate::error::{Error, Result};

/// A side. XQ_COLOR_NONE stands for "no side" in results (a draw, play going on).
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqColor {
    /// Red, who moves first.
    Red = 0,
    /// Black.
    Black = 1,
    /// No side.
    None = 2,
}

impl From<Color> for XqColor {
    fn from(c: Color) -> XqColor {
        match c {
            Color::Red => XqColor::Red,
            Color::Black => XqColor::Black,
        }
    }
}

impl From<Option<Color>> for XqColor {
    fn from(c: Option<Color>) -> XqColor {
        c.map_or(XqColor::None, XqColor::from)
    }
}

/// A kind of piece. A piece is given as one signed byte, its piece code: `color * 7 + role` (red general
/// 0 ... red soldier 6, black general 7 ... black soldier 13), or XQ_NO_PIECE for an empty point.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqRole {
    /// The general (帥/將).
    General = 0,
    /// The advisor (仕/士).
    Advisor = 1,
    /// The elephant (相/象).
    Elephant = 2,
    /// The horse (傌/馬).
    Horse = 3,
    /// The chariot (俥/車).
    Chariot = 4,
    /// The cannon (炮/砲).
    Cannon = 5,
    /// The soldier (兵/卒).
    Soldier = 6,
}

/// The piece code of an empty point.
pub const XQ_NO_PIECE: i8 = -1;

/// The piece code of a piece (see XqRole).
pub(crate) fn piece_code(piece: Option<Piece>) -> i8 {
    // Piece::index is below 14.
    piece.map_or(XQ_NO_PIECE, |p| p.index() as i8)
}

/// A move notation, for reading and writing move texts.
///
/// XQ_NOTATION_AUTO reads any of ICCS, WXF and Chinese, told apart by the characters (never the one-based
/// ICCS dialect); it cannot be used for writing. Reading Chinese accepts simplified and traditional
/// characters alike, so XQ_NOTATION_CHINESE and XQ_NOTATION_CHINESE_TRADITIONAL read the same texts and
/// differ only in writing.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqNotation {
    /// Read: detect the notation. Not for writing.
    Auto = 0,
    /// ICCS coordinates, "h2e2".
    Iccs = 1,
    /// ICCS coordinates with ranks 1 to 10, as Fairy-Stockfish writes them ("h3e3").
    IccsOneBased = 2,
    /// WXF, "C2=5".
    Wxf = 3,
    /// Chinese, written in simplified characters: "炮二平五", "马８进７".
    Chinese = 4,
    /// Chinese, written in traditional characters: "炮二平五", "馬８進７".
    ChineseTraditional = 5,
}

impl XqNotation {
    pub(crate) fn from_u32(value: u32) -> Result<XqNotation> {
        Ok(match value {
            0 => XqNotation::Auto,
            1 => XqNotation::Iccs,
            2 => XqNotation::IccsOneBased,
            3 => XqNotation::Wxf,
            4 => XqNotation::Chinese,
            5 => XqNotation::ChineseTraditional,
            _ => return Err(Error::invalid(format!("notation: {value} is not an XqNotation value"))),
        })
    }

    /// The core notation; `None` for auto-detection.
    pub(crate) fn core(self) -> Option<Notation> {
        match self {
            XqNotation::Auto => None,
            XqNotation::Iccs => Some(Notation::Iccs),
            XqNotation::IccsOneBased => Some(Notation::IccsOneBased),
            XqNotation::Wxf => Some(Notation::Wxf),
            XqNotation::Chinese | XqNotation::ChineseTraditional => Some(Notation::Chinese),
        }
    }
}

/// The rule set that judges repetitions.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqRules {
    /// The Chinese Xiangqi Association rules (the default): when both sides attack on every move, a draw.
    Cxa = 0,
    /// As XQ_RULES_CXA, with the 2020 rule book's order of responsibility when both sides attack.
    Cxa2020 = 1,
    /// The Asian Xiangqi Federation rules.
    Axf = 2,
}

pub(crate) fn rule_set(value: u32) -> Result<RuleSet> {
    Ok(match value {
        0 => RuleSet::Cxa,
        1 => RuleSet::Cxa2020,
        2 => RuleSet::Axf,
        _ => return Err(Error::invalid(format!("rules: {value} is not an XqRules value"))),
    })
}

impl From<RuleSet> for XqRules {
    fn from(r: RuleSet) -> XqRules {
        match r {
            RuleSet::Cxa => XqRules::Cxa,
            RuleSet::Cxa2020 => XqRules::Cxa2020,
            RuleSet::Axf => XqRules::Axf,
        }
    }
}
