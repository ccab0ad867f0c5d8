//! Touch-move (5.1-5.6, E7): given the pieces a player touched, what the player must do.

use crate::{Move, Position, Square};

use super::conduct::Foul;

/// How a piece was touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TouchKind {
    /// An ordinary touch.
    Touch,
    /// A clearly accidental touch: it does not count (5.6).
    Accidental,
    /// Straightening a piece (摆正). With the opponent's consent beforehand and in one's own move time it does
    /// not count; without, it counts as a touch (5.6).
    Adjust {
        /// Whether the opponent agreed beforehand.
        consent: bool,
    },
}

/// One touch, in the order they happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Touch {
    /// The square of the piece.
    pub square: Square,
    /// How.
    pub kind: TouchKind,
    /// Whether this touch came at the same time as the one before it (5.5: handled as 5.4).
    pub simultaneous: bool,
}

impl Touch {
    /// An ordinary touch of the piece on `square`.
    pub fn at(square: Square) -> Touch {
        Touch { square, kind: TouchKind::Touch, simultaneous: false }
    }
}

/// What the player must do (5.1-5.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Obligation {
    /// Nothing counted: any legal move.
    Free,
    /// Any legal move, and the touch is a foul (9.1.5, 9.1.6).
    FreeWithFoul(Foul),
    /// This move: the touched own piece takes the touched opponent's piece (5.3(a), 5.4(a)).
    Play(Move),
    /// A move of the piece on this square (5.1, 5.3(b), 5.4(c)).
    MoveFrom(Square),
    /// A capture of the piece on this square, by any piece (5.2, 5.3(c), 5.4(b)).
    CaptureOn(Square),
}

impl Obligation {
    /// Whether the legal move `m` meets the obligation.
    pub fn allows(&self, m: Move) -> bool {
        match *self {
            Obligation::Free | Obligation::FreeWithFoul(_) => true,
            Obligation::Play(required) => m == required,
            Obligation::MoveFrom(from) => m.from == from,
            Obligation::CaptureOn(to) => m.to == to,
        }
    }

    /// The article that sets it.
    pub fn article(&self) -> &'static str {
        match self {
            Obligation::Free => "5.6",
            Obligation::FreeWithFoul(foul) => foul.article(),
            Obligation::Play(_) => "5.3, 5.4",
            Obligation::MoveFrom(_) => "5.1",
            Obligation::CaptureOn(_) => "5.2",
        }
    }
}

/// A touch that cannot be judged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TouchError {
    /// The touched square is empty.
    #[error("touch {index}: no piece on {square}")]
    EmptySquare {
        /// The touch's index in the list.
        index: usize,
        /// Its square.
        square: Square,
    },
}

/// The obligation of the side to move after `touches`, in order. Accidental touches and consented
/// adjustments do not count (5.6). The first counted own piece and the first counted opponent's piece
/// decide; later touches add nothing (the texts speak of one of each).
///
/// ```
/// use xiangqi_core::competition::touch::{touch_obligation, Obligation, Touch};
/// use xiangqi_core::{Position, Square};
///
/// let pos = Position::default();
/// let cannon: Square = "h2".parse()?;
/// assert_eq!(touch_obligation(&pos, &[Touch::at(cannon)])?, Obligation::MoveFrom(cannon));
/// // The cannon takes the horse on h9: touching both, cannon first, obliges that capture (5.3(a)).
/// let horse: Square = "h9".parse()?;
/// let ob = touch_obligation(&pos, &[Touch::at(cannon), Touch::at(horse)])?;
/// assert_eq!(ob, Obligation::Play("h2h9".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn touch_obligation(pos: &Position, touches: &[Touch]) -> Result<Obligation, TouchError> {
    let mover = pos.turn();
    let mut own: Option<(usize, Square)> = None;
    let mut theirs: Option<(usize, Square)> = None;
    let mut opponent_first_simultaneous = false;
    for (index, touch) in touches.iter().enumerate() {
        let piece = pos.piece_at(touch.square).ok_or(TouchError::EmptySquare { index, square: touch.square })?;
        if !matches!(touch.kind, TouchKind::Touch | TouchKind::Adjust { consent: false }) {
            continue;
        }
        let slot = if piece.color == mover { &mut own } else { &mut theirs };
        if slot.is_none() {
            *slot = Some((index, touch.square));
            if touch.simultaneous && own.is_some() && theirs.is_some() {
                opponent_first_simultaneous = true;
            }
        }
    }
    let legal = pos.legal_moves();
    let can_move = |p: Square| legal.iter().any(|m| m.from == p);
    let capturable = |q: Square| legal.iter().any(|m| m.to == q);
    Ok(match (own, theirs) {
        (None, None) => Obligation::Free,
        (Some((_, p)), None) => {
            if can_move(p) {
                Obligation::MoveFrom(p)
            } else {
                Obligation::FreeWithFoul(Foul::TouchedImmovablePiece)
            }
        }
        (None, Some((_, q))) => {
            if capturable(q) {
                Obligation::CaptureOn(q)
            } else {
                Obligation::FreeWithFoul(Foul::TouchedUncapturablePiece)
            }
        }
        (Some((pi, p)), Some((qi, q))) => {
            let direct = Move::new(p, q);
            if legal.contains(&direct) {
                Obligation::Play(direct)
            } else if pi < qi && !opponent_first_simultaneous {
                // 5.3: own piece first.
                if can_move(p) {
                    Obligation::MoveFrom(p)
                } else if capturable(q) {
                    Obligation::CaptureOn(q)
                } else {
                    Obligation::FreeWithFoul(Foul::TouchedImmovablePiece)
                }
            } else {
                // 5.4 (and 5.5, both at once): the opponent's piece first.
                if capturable(q) {
                    Obligation::CaptureOn(q)
                } else if can_move(p) {
                    Obligation::MoveFrom(p)
                } else {
                    Obligation::FreeWithFoul(Foul::TouchedUncapturablePiece)
                }
            }
        }
    })
}
