//! # xiangqi-core
//!
//! The rules of xiangqi (Chinese chess): board, FEN, legal moves with the flying-general rule, check,
//! checkmate and stalemate (a loss for the side that cannot move), Zobrist hashing and perft.
//!
//! Squares are named as in ICCS: files `a`-`i` from red's left, ranks `0`-`9` from red's side.
//!
//! ```
//! use xiangqi_core::{Color, Position, Termination};
//!
//! let mut pos = Position::default();
//! for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
//!     pos = pos.play(m.parse()?)?;
//! }
//! assert_eq!(pos.turn(), Color::Red);
//! assert!(!pos.is_check());
//!
//! // Two chariots shut the red general in: red cannot move, and in xiangqi that loses.
//! let pos = Position::from_fen("4k4/4a4/9/9/9/9/9/9/3r1r3/4K4 w - - 0 2")?;
//! assert!(pos.is_stalemate());
//! assert_eq!(pos.outcome().unwrap().winner, Color::Black);
//! assert_eq!(pos.outcome().unwrap().termination, Termination::Stalemate);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Features
//! - `serde`: `Serialize`/`Deserialize` for the vocabulary types, moves (ICCS text) and positions (FEN).
//! - `records` (on by default): game records, the [`record`] model with the PGN, XQF and DhtmlXQ
//!   readers and writers, the ChessBridge reader, and text-encoding detection ([`encoding`]). Adds the
//!   `encoding_rs` dependency.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod attacks;
mod color;
mod game;
mod move_text;
mod movegen;
mod mv;
mod piece;
mod position;
mod relative;
mod role;
mod setup;
mod square;
mod square_set;
mod tables;

pub mod arbiter;
pub mod chinese;
pub mod competition;
pub mod ecco;
pub mod fen;
pub mod iccs;
pub mod iccs_one_based;
pub mod notation;
pub mod perft;
pub mod quote;
pub mod wxf;
pub mod zobrist;

#[cfg(feature = "records")]
pub mod chessbridge;
#[cfg(feature = "records")]
pub mod dhtmlxq;
#[cfg(feature = "records")]
pub mod encoding;
#[cfg(feature = "records")]
pub mod pgn;
#[cfg(feature = "records")]
pub mod record;
#[cfg(feature = "records")]
pub mod xqf;

pub use color::Color;
pub use game::{is_insufficient_material, Game};
pub use movegen::{MoveList, MOVE_LIST_CAPACITY};
pub use mv::Move;
pub use notation::Notation;
pub use piece::Piece;
pub use position::{Outcome, PlayError, Position, Termination};
pub use role::Role;
pub use setup::{PositionError, PositionErrorKinds, PositionProblem, Setup};
pub use square::{ParseSquareError, Square};
pub use square_set::SquareSet;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

/// The ECCO document's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../docs/ecco.md")]
struct EccoDocDoctests;

/// The arbiter document's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/arbiter.md")]
struct ArbiterDocDoctests;
