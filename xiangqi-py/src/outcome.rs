//! The arbiter's verdict as an `Outcome`: termination, winner, rule article and explanation, with the
//! repetition's structured details.

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use xiangqi_core::arbiter::{Reason, Verdict};

use crate::classify::{is_red, Classification};

/// Why a game ended, or why a side must change its moves.
#[pyclass(module = "xiangqi", eq, eq_int, frozen, hash, rename_all = "SCREAMING_SNAKE_CASE")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is checkmated (4.1).
    Checkmate,
    /// The side to move has no legal move: a loss in xiangqi (4.1).
    Stalemate,
    /// One side checks on every move of a repetition (24.1, 26.1).
    PerpetualCheck,
    /// Both sides check on every move (26.3): a draw.
    MutualPerpetualCheck,
    /// One side attacks on every move, the other does not (24.3, 26.4).
    PerpetualAttack,
    /// Both sides attack on every move (26.3): a draw.
    BothForbidden,
    /// Neither side attacks on every move (24.2, 26.2): a draw.
    BothAllowed,
    /// Both sides attack; the side chasing with single pieces must change (2020 rule book, 26.9).
    SinglePieceChase,
    /// The side told to change repeated the cycle once more (24.3).
    IgnoredWarning,
    /// The natural move limit without a capture (4.2.4, 23.3).
    NaturalLimit,
    /// Neither side has a chariot, horse, cannon or soldier.
    InsufficientMaterial,
    /// A reason this build of the module does not name.
    Other,
}

impl Termination {
    pub fn from_reason(reason: Reason) -> Termination {
        match reason {
            Reason::Checkmate => Termination::Checkmate,
            Reason::Stalemate => Termination::Stalemate,
            Reason::PerpetualCheck => Termination::PerpetualCheck,
            Reason::MutualPerpetualCheck => Termination::MutualPerpetualCheck,
            Reason::PerpetualAttack => Termination::PerpetualAttack,
            Reason::BothForbidden => Termination::BothForbidden,
            Reason::BothAllowed => Termination::BothAllowed,
            Reason::SinglePieceChase => Termination::SinglePieceChase,
            Reason::IgnoredWarning => Termination::IgnoredWarning,
            Reason::NaturalLimit => Termination::NaturalLimit,
            Reason::InsufficientMaterial => Termination::InsufficientMaterial,
            _ => Termination::Other,
        }
    }

    /// The snake-case name used in tables: `"perpetual_check"`.
    pub fn snake_name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::PerpetualCheck => "perpetual_check",
            Termination::MutualPerpetualCheck => "mutual_perpetual_check",
            Termination::PerpetualAttack => "perpetual_attack",
            Termination::BothForbidden => "both_forbidden",
            Termination::BothAllowed => "both_allowed",
            Termination::SinglePieceChase => "single_piece_chase",
            Termination::IgnoredWarning => "ignored_warning",
            Termination::NaturalLimit => "natural_limit",
            Termination::InsufficientMaterial => "insufficient_material",
            Termination::Other => "other",
        }
    }
}

#[pymethods]
impl Termination {
    /// The snake-case name: `"perpetual_check"`.
    #[getter]
    fn value(&self) -> &'static str {
        self.snake_name()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let getattr = slf.py().import("builtins")?.getattr("getattr")?;
        let name = slf.get().snake_name().to_ascii_uppercase();
        Ok((getattr, (slf.as_any().get_type(), name).into_pyobject(slf.py())?))
    }
}

/// The arbiter's verdict: a loss, a draw, or a side that must change its moves (which does not end the game).
#[pyclass(module = "xiangqi", frozen, get_all)]
pub struct Outcome {
    /// Why.
    pub termination: Termination,
    /// The winner (`True` red, `False` black), `None` for a draw or a must-change.
    pub winner: Option<bool>,
    /// `"loss"`, `"draw"`, `"must_change"` or `"undecided"` (a search reached its node budget).
    pub verdict: String,
    /// The side that loses or must change (`True` red, `False` black), `None` for a draw.
    pub side: Option<bool>,
    /// The rule article: `"24.1, 26.1"`.
    pub article: String,
    /// The words of the case files: `"red loses"`, `"black loses"` or `"draw"`.
    pub summary: String,
    /// A paragraph: the rule, the side, the moves of a repetition with their classes and chased pieces.
    pub explanation: String,
    /// For a repetition: the window of moves judged, as 0-based indices `(first, end)`; else `None`.
    pub plies: Option<(usize, usize)>,
    /// For a repetition: red's and black's conduct (`"perpetual_check"`, `"forbidden"`, `"allowed"`).
    pub profiles: Option<(String, String)>,
    /// For a repetition: every move of the window with its classification.
    pub moves: Vec<Py<Classification>>,
}

#[pymethods]
impl Outcome {
    /// The game result: `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` when a side must change or the repetition is
    /// undecided (play goes on).
    fn result(&self) -> &'static str {
        match (self.verdict.as_str(), self.winner) {
            ("draw", _) => "1/2-1/2",
            (_, Some(true)) => "1-0",
            (_, Some(false)) => "0-1",
            _ => "*",
        }
    }

    /// Whether the verdict ends the game (a loss or a draw).
    fn is_game_over(&self) -> bool {
        matches!(self.verdict.as_str(), "loss" | "draw")
    }

    /// Restores a pickled outcome.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        termination: PyRef<'_, Termination>,
        winner: Option<bool>,
        verdict: String,
        side: Option<bool>,
        article: String,
        summary: String,
        explanation: String,
        plies: Option<(usize, usize)>,
        profiles: Option<(String, String)>,
        moves: Vec<Py<Classification>>,
    ) -> Outcome {
        Outcome {
            termination: *termination,
            winner,
            verdict,
            side,
            article,
            summary,
            explanation,
            plies,
            profiles,
            moves,
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let o = slf.get();
        let moves = PyList::new(py, o.moves.iter().map(|m| m.bind(py)))?;
        let state = (
            o.termination,
            o.winner,
            &o.verdict,
            o.side,
            &o.article,
            &o.summary,
            &o.explanation,
            o.plies,
            o.profiles.clone(),
            moves,
        );
        Ok((slf.get_type().getattr("_restore")?, state.into_pyobject(py)?))
    }

    fn __repr__(&self) -> String {
        let winner = match self.winner {
            Some(true) => "RED",
            Some(false) => "BLACK",
            None => "None",
        };
        format!(
            "<Outcome termination=Termination.{} winner={} verdict={:?} article={:?}>",
            self.termination.snake_name().to_ascii_uppercase(),
            winner,
            self.verdict,
            self.article
        )
    }
}

impl Outcome {
    /// The outcome of `verdict`, `None` for `Continue`.
    pub fn new(py: Python<'_>, verdict: &Verdict) -> PyResult<Option<Outcome>> {
        let Some(ruling) = verdict.ruling() else { return Ok(None) };
        let kind = verdict.kind();
        let winner = match verdict {
            Verdict::Loss(r) => r.side.map(|loser| !is_red(loser)),
            _ => None,
        };
        let repetition = ruling.profiles.is_some();
        Ok(Some(Outcome {
            termination: Termination::from_reason(ruling.reason),
            winner,
            verdict: kind.to_owned(),
            side: ruling.side.map(is_red),
            article: ruling.reason.article().to_owned(),
            summary: verdict.summary().to_owned(),
            explanation: verdict.explanation(),
            plies: repetition.then_some((ruling.plies.start, ruling.plies.end)),
            profiles: ruling.profiles.map(|[red, black]| (red.name().to_owned(), black.name().to_owned())),
            moves: ruling
                .moves
                .iter()
                .map(|(ply, c)| Py::new(py, Classification::new(py, *ply, c)?))
                .collect::<PyResult<_>>()?,
        }))
    }
}
