//! `Ecco`: the ECCO opening code of a game with its names, from `xiangqi_core::ecco`.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use xiangqi_core::ecco::{self, Ecco as CoreEcco, EccoError};
use xiangqi_core::quote::Quoted;
use xiangqi_core::{Move, Position};

use crate::errors::{illegal_move, NoEccoCodeError};
use crate::moves::extract_move;

/// An ECCO opening code (中国象棋开局编码, `A00`-`E99`) with its names in simplified and traditional
/// Chinese. Get one with `Board.ecco()`, `Game.ecco()`, `Ecco.classify(moves)` or `Ecco.from_code(code)`.
#[pyclass(module = "xiangqi", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Ecco {
    inner: CoreEcco,
}

impl Ecco {
    fn from_core(inner: CoreEcco) -> Ecco {
        Ecco { inner }
    }
}

/// The code of a classification, or the Python error that says why there is none: `IllegalMoveError`
/// (with the position the move met, replayed from `start` and `moves`) or `NoEccoCodeError`.
pub fn ecco_result(
    py: Python<'_>,
    result: Result<CoreEcco, EccoError>,
    start: &Position,
    moves: &[Move],
) -> PyResult<Ecco> {
    match result {
        Ok(code) => Ok(Ecco::from_core(code)),
        Err(EccoError::IllegalMove { ply, mv }) => {
            let mut pos = start.clone();
            for &m in moves.iter().take(ply.saturating_sub(1)) {
                pos.play_unchecked(m);
            }
            Err(illegal_move(py, &pos, mv))
        }
        Err(err) => Err(NoEccoCodeError::new_err(err.to_string())),
    }
}

#[pymethods]
impl Ecco {
    /// The ECCO code of moves (`Move` objects or ICCS text) played from the standard start; only the first
    /// 20 are read. Raises `IllegalMoveError` for an illegal move, `NoEccoCodeError` for no moves.
    #[staticmethod]
    fn classify(py: Python<'_>, moves: &Bound<'_, PyAny>) -> PyResult<Ecco> {
        let mut list: Vec<Move> = Vec::new();
        for item in moves.try_iter()? {
            list.push(extract_move(&item?)?);
            if list.len() == 20 {
                break;
            }
        }
        let start = Position::default();
        ecco_result(py, ecco::classify(&start, &list), &start, &list)
    }

    /// The code named `code` (`"C45"`); raises `ValueError` (`XiangqiError`) if it is not one of the 260.
    #[staticmethod]
    fn from_code(code: &str) -> PyResult<Ecco> {
        CoreEcco::from_code(code).map(Ecco::from_core).ok_or_else(|| {
            crate::errors::XiangqiError::new_err(format!("{} is not one of the 260 ECCO codes", Quoted(code)))
        })
    }

    /// Every code, `A00` to `E48`.
    #[staticmethod]
    fn all() -> Vec<Ecco> {
        CoreEcco::all().map(Ecco::from_core).collect()
    }

    /// The code: a letter A-E and two digits, `"C45"`.
    #[getter]
    fn code(&self) -> &'static str {
        self.inner.code
    }

    /// The group: the code's letter and first digit, `"C4"`.
    #[getter]
    fn group(&self) -> &'static str {
        self.inner.group
    }

    /// The opening's name in simplified characters.
    #[getter]
    fn opening(&self) -> &'static str {
        self.inner.opening.simplified
    }

    /// The variation's name in simplified characters, `None` when the code has none.
    #[getter]
    fn variation(&self) -> Option<&'static str> {
        self.inner.variation.map(|v| v.simplified)
    }

    /// The group's name in simplified characters.
    #[getter]
    fn group_name(&self) -> &'static str {
        self.inner.group_name.simplified
    }

    /// The opening's name in traditional characters.
    #[getter]
    fn opening_traditional(&self) -> &'static str {
        self.inner.opening.traditional
    }

    /// The variation's name in traditional characters, `None` when the code has none.
    #[getter]
    fn variation_traditional(&self) -> Option<&'static str> {
        self.inner.variation.map(|v| v.traditional)
    }

    /// The group's name in traditional characters.
    #[getter]
    fn group_name_traditional(&self) -> &'static str {
        self.inner.group_name.traditional
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let from_code = slf.get_type().getattr("from_code")?;
        Ok((from_code, PyTuple::new(slf.py(), [slf.get().inner.code])?))
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Ecco.from_code('{}')", self.inner.code)
    }
}
