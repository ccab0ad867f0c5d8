//! The arbiter's per-move classification and root analysis, as plain read-only Python objects.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PyTuple};
use xiangqi_core::arbiter::{
    ChaseTarget as CoreChaseTarget, Classification as CoreClassification, FalseRoot, MoveClass,
    RootAnalysis as CoreRootAnalysis,
};
use xiangqi_core::Color;

use crate::moves::{move_object, PyMove};

/// `True` for red, `False` for black (python-chess's convention for white and black).
pub fn is_red(color: Color) -> bool {
    color == Color::Red
}

/// A piece threatened by a move: who attacks it, where, how it is won and why it counts as unrooted.
#[pyclass(module = "xiangqi", frozen, get_all)]
pub struct ChaseTarget {
    /// The square of the piece that wins the target (after the move).
    pub attacker: usize,
    /// That piece, as a FEN letter (`R` red chariot, `n` black horse, ...).
    pub attacker_piece: char,
    /// The target's square (after the move).
    pub target: usize,
    /// The target, as a FEN letter.
    pub target_piece: char,
    /// The target's identity for the whole game (1-32).
    pub target_id: u8,
    /// `"capture"`, `"checks"` (won by a series of checks) or `"sequence"` (at the end of a line).
    pub means: String,
    /// For a capture: `"unrooted"`, `"false_root"`, `"outvalued"`, `"insufficient"`, ...; else `None`.
    pub rooting: Option<String>,
    /// Whether the gain needs two or more pieces of the chasing side.
    pub joint: bool,
    /// The arbiter's sentence about this target.
    pub description: String,
}

#[pymethods]
impl ChaseTarget {
    fn __repr__(&self) -> String {
        format!("<ChaseTarget {}>", self.description)
    }

    /// Restores a pickled target.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        attacker: usize,
        attacker_piece: char,
        target: usize,
        target_piece: char,
        target_id: u8,
        means: String,
        rooting: Option<String>,
        joint: bool,
        description: String,
    ) -> ChaseTarget {
        ChaseTarget { attacker, attacker_piece, target, target_piece, target_id, means, rooting, joint, description }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let t = slf.get();
        let state = (
            t.attacker,
            t.attacker_piece,
            t.target,
            t.target_piece,
            t.target_id,
            &t.means,
            &t.rooting,
            t.joint,
            &t.description,
        );
        Ok((slf.get_type().getattr("_restore")?, state.into_pyobject(slf.py())?))
    }
}

impl ChaseTarget {
    fn new(t: &CoreChaseTarget) -> ChaseTarget {
        ChaseTarget {
            attacker: t.attacker.index(),
            attacker_piece: t.attacker_piece.char(),
            target: t.target.index(),
            target_piece: t.target_piece.char(),
            target_id: t.target_id.get(),
            means: t.means.name().to_owned(),
            rooting: t.rooting.map(|r| r.name().to_owned()),
            joint: t.joint,
            description: t.describe(),
        }
    }
}

/// The arbiter's classification of one move: check, kill, chase or idle, with what it threatens.
#[pyclass(module = "xiangqi", frozen, get_all)]
pub struct Classification {
    /// The move's index in the game (0 is the first move).
    pub ply: usize,
    /// The move.
    #[pyo3(name = "move")]
    pub mv: Py<PyMove>,
    /// The side that played it (`True` red, `False` black).
    pub side: bool,
    /// `"check"`, `"kill"`, `"chase"` or `"idle"`.
    pub move_class: String,
    /// The class with the idle sub-kind, as the rule book labels it (`"idle:exchange"`).
    pub label: String,
    /// For an idle move: `"plain"`, `"exchange"`, `"sacrifice"`, `"block"` or `"follow"`; else `None`.
    pub idle_kind: Option<String>,
    /// The new threats that make the move a chase.
    pub chases: Vec<Py<ChaseTarget>>,
    /// New threats won only by a soldier (idle unless both sides attack on every move, 27.2).
    pub soldier_chases: Vec<Py<ChaseTarget>>,
    /// New threats won only by the general (idle, 27.1).
    pub general_chases: Vec<Py<ChaseTarget>>,
    /// For a kill: the first move of the forced mate.
    pub mate_start: Option<Py<PyMove>>,
    /// A rule that made the move idle whatever it threatens: `"general_answering_check"`,
    /// `"defensive_key_point"`, or `None`.
    pub idle_rule: Option<String>,
    /// A search behind the class reached its node budget: the class is not a decision.
    pub undecided: bool,
    /// A sentence: the move, its class, the chased pieces.
    pub explanation: String,
}

#[pymethods]
impl Classification {
    fn __repr__(&self) -> String {
        format!("<Classification ply={} {}>", self.ply, self.explanation)
    }

    /// Restores a pickled classification.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        ply: usize,
        mv: Py<PyMove>,
        side: bool,
        move_class: String,
        label: String,
        idle_kind: Option<String>,
        chases: Vec<Py<ChaseTarget>>,
        soldier_chases: Vec<Py<ChaseTarget>>,
        general_chases: Vec<Py<ChaseTarget>>,
        mate_start: Option<Py<PyMove>>,
        idle_rule: Option<String>,
        undecided: bool,
        explanation: String,
    ) -> Classification {
        Classification {
            ply,
            mv,
            side,
            move_class,
            label,
            idle_kind,
            chases,
            soldier_chases,
            general_chases,
            mate_start,
            idle_rule,
            undecided,
            explanation,
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let c = slf.get();
        let list = |v: &[Py<ChaseTarget>]| PyList::new(py, v.iter().map(|t| t.bind(py)));
        let state = [
            c.ply.into_pyobject(py)?.into_any(),
            c.mv.bind(py).clone().into_any(),
            PyBool::new(py, c.side).to_owned().into_any(),
            c.move_class.as_str().into_pyobject(py)?.into_any(),
            c.label.as_str().into_pyobject(py)?.into_any(),
            c.idle_kind.as_deref().into_pyobject(py)?.into_any(),
            list(&c.chases)?.into_any(),
            list(&c.soldier_chases)?.into_any(),
            list(&c.general_chases)?.into_any(),
            c.mate_start.as_ref().map(|m| m.clone_ref(py)).into_pyobject(py)?.into_any(),
            c.idle_rule.as_deref().into_pyobject(py)?.into_any(),
            PyBool::new(py, c.undecided).to_owned().into_any(),
            c.explanation.as_str().into_pyobject(py)?.into_any(),
        ];
        Ok((slf.get_type().getattr("_restore")?, PyTuple::new(py, state)?))
    }
}

fn targets(py: Python<'_>, list: &[CoreChaseTarget]) -> PyResult<Vec<Py<ChaseTarget>>> {
    list.iter().map(|t| Py::new(py, ChaseTarget::new(t))).collect()
}

impl Classification {
    pub fn new(py: Python<'_>, ply: usize, c: &CoreClassification) -> PyResult<Classification> {
        let mut explanation = format!("{}. {} {} {}", ply + 1, c.side.name(), c.mv, c.class.label());
        let chased: Vec<String> = c.chases.iter().map(CoreChaseTarget::describe).collect();
        if !chased.is_empty() {
            explanation.push_str(&format!(" [{}]", chased.join("; ")));
        }
        if let Some(rule) = c.idle_rule {
            explanation.push_str(&format!(" [{}]", rule.describe()));
        }
        if c.undecided {
            explanation.push_str(" [undecided: a search reached its node budget]");
        }
        Ok(Classification {
            ply,
            mv: move_object(py, c.mv),
            side: is_red(c.side),
            move_class: c.class.name().to_owned(),
            label: c.class.label().to_owned(),
            idle_kind: match c.class {
                MoveClass::Idle(kind) => Some(kind.name().to_owned()),
                _ => None,
            },
            chases: targets(py, &c.chases)?,
            soldier_chases: targets(py, &c.soldier_chases)?,
            general_chases: targets(py, &c.general_chases)?,
            mate_start: c.mate_start.map(|m| move_object(py, m)),
            idle_rule: c.idle_rule.map(|r| r.name().to_owned()),
            undecided: c.undecided,
            explanation,
        })
    }
}

/// A piece covering the target square in a root analysis.
#[pyclass(module = "xiangqi", frozen, get_all)]
pub struct Protector {
    /// Where it stands.
    pub square: usize,
    /// The piece, as a FEN letter.
    pub piece: char,
    /// A hidden root (暗根): it covers the square only once the attacker has captured.
    pub hidden: bool,
    /// `None` for a real root; `"illegal_recapture"` or `"lost_with_capture"` for a false root (假根).
    pub false_root: Option<&'static str>,
}

#[pymethods]
impl Protector {
    fn __repr__(&self) -> String {
        format!(
            "<Protector {} on {}{}{}>",
            self.piece,
            self.square,
            if self.hidden { ", hidden" } else { "" },
            self.false_root.map(|f| format!(", false root: {f}")).unwrap_or_default()
        )
    }
}

/// Whether a piece is protected against one attacker (28.16), and why.
#[pyclass(module = "xiangqi", frozen, get_all)]
pub struct RootAnalysis {
    /// The attacked piece's square.
    pub target: usize,
    /// The attacked piece, as a FEN letter.
    pub target_piece: char,
    /// The attacker's square.
    pub attacker: usize,
    /// The attacker, as a FEN letter.
    pub attacker_piece: char,
    /// Every piece that covers the target square, before or after the capture.
    pub protectors: Vec<Py<Protector>>,
    /// The attacker's material result of the capture and the exchange that follows (half units: chariot 4,
    /// horse and cannon 2, advisor and elephant 1).
    pub exchange_gain: i32,
    /// `"rooted"`, `"unrooted"`, `"false_root"`, `"outvalued"`, `"insufficient"` or `"not_capturable"`.
    pub rooting: &'static str,
    /// Whether the target counts as rooted (the capture does not win material).
    pub is_rooted: bool,
}

#[pymethods]
impl RootAnalysis {
    fn __repr__(&self) -> String {
        format!(
            "<RootAnalysis {} on {} against {} on {}: {}>",
            self.target_piece, self.target, self.attacker_piece, self.attacker, self.rooting
        )
    }
}

impl RootAnalysis {
    pub fn new(py: Python<'_>, r: &CoreRootAnalysis) -> PyResult<RootAnalysis> {
        let protectors = r
            .protectors
            .iter()
            .map(|p| {
                Py::new(
                    py,
                    Protector {
                        square: p.square.index(),
                        piece: p.piece.char(),
                        hidden: p.hidden,
                        false_root: p.false_root.map(|f| match f {
                            FalseRoot::IllegalRecapture => "illegal_recapture",
                            FalseRoot::LostWithCapture => "lost_with_capture",
                        }),
                    },
                )
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(RootAnalysis {
            target: r.target.index(),
            target_piece: r.target_piece.char(),
            attacker: r.attacker.index(),
            attacker_piece: r.attacker_piece.char(),
            protectors,
            exchange_gain: r.exchange_gain,
            rooting: r.rooting.name(),
            is_rooted: r.is_rooted(),
        })
    }
}
