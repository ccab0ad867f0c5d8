//! `Move`: a frozen pair of squares. Every possible move exists once, in a table built on first use, so that
//! move generation hands out existing objects instead of allocating new ones.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;
use xiangqi_core::chinese::{self, ChineseStyle};
use xiangqi_core::wxf;
use xiangqi_core::{Move, Square};

use crate::board::Board;
use crate::errors::{iccs_syntax_error, XiangqiError};

/// A move from one square to another. Squares are numbered 0-89: `rank * 9 + file`, files `a`-`i` from
/// red's left, ranks 0-9 from red's side (ICCS names: `a0` is 0, `i9` is 89).
#[pyclass(module = "xiangqi", name = "Move", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove {
    pub inner: Move,
}

static TABLE: PyOnceLock<Vec<Py<PyMove>>> = PyOnceLock::new();

fn table(py: Python<'_>) -> &Vec<Py<PyMove>> {
    TABLE.get_or_init(py, || {
        let mut all = Vec::with_capacity(Square::COUNT * Square::COUNT);
        for from in Square::all() {
            for to in Square::all() {
                let object = Py::new(py, PyMove { inner: Move::new(from, to) }).expect("allocating a Move");
                all.push(object);
            }
        }
        all
    })
}

/// The shared `Move` object for `m`.
pub fn move_object(py: Python<'_>, m: Move) -> Py<PyMove> {
    table(py)[m.from.index() * Square::COUNT + m.to.index()].clone_ref(py)
}

/// A square from a Python int, or a `ValueError` naming it.
pub fn square(index: i64) -> PyResult<Square> {
    usize::try_from(index)
        .ok()
        .and_then(Square::new)
        .ok_or_else(|| XiangqiError::new_err(format!("no square {index}: squares are numbered 0 to 89")))
}

/// Reads a move argument: a `Move`, or ICCS text such as `"h2e2"`.
pub fn extract_move(value: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = value.cast::<PyMove>() {
        return Ok(m.get().inner);
    }
    if let Ok(text) = value.cast::<PyString>() {
        let text = text.to_cow()?;
        return text.parse::<Move>().map_err(|e| iccs_syntax_error(value.py(), &text, e));
    }
    Err(PyTypeError::new_err(format!("expected a Move or ICCS text, got {}", value.get_type().name()?)))
}

#[pymethods]
impl PyMove {
    /// The move between two squares (0-89). Whether it is legal depends on a board.
    #[new]
    fn new(py: Python<'_>, from_square: i64, to_square: i64) -> PyResult<Py<PyMove>> {
        let (from, to) = (square(from_square)?, square(to_square)?);
        if from == to {
            return Err(XiangqiError::new_err(format!("a move needs two different squares, got {from} twice")));
        }
        Ok(move_object(py, Move::new(from, to)))
    }

    /// The move named in ICCS (`h2e2`, also `H2-E2`); raises `InvalidMoveTextError` otherwise.
    #[staticmethod]
    fn from_iccs(py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        let m: Move = text.parse().map_err(|e| iccs_syntax_error(py, text, e))?;
        Ok(move_object(py, m))
    }

    /// The square the piece leaves (0-89).
    #[getter]
    #[allow(clippy::wrong_self_convention)] // python-chess's attribute name
    fn from_square(&self) -> usize {
        self.inner.from.index()
    }

    /// The square the piece lands on (0-89).
    #[getter]
    #[allow(clippy::wrong_self_convention)] // python-chess's attribute name
    fn to_square(&self) -> usize {
        self.inner.to.index()
    }

    /// The move in ICCS: `"h2e2"`.
    fn iccs(&self) -> String {
        self.inner.to_string()
    }

    /// The move in Chinese notation on `board` (`炮二平五`), simplified characters unless `traditional`.
    #[pyo3(signature = (board, traditional = false))]
    fn chinese(&self, py: Python<'_>, board: &Bound<'_, Board>, traditional: bool) -> PyResult<String> {
        let board = board.borrow();
        let pos = board.game.position();
        if !pos.is_legal(self.inner) {
            return Err(crate::errors::illegal_move(py, pos, self.inner));
        }
        let style = if traditional { ChineseStyle::TRADITIONAL } else { ChineseStyle::SIMPLIFIED };
        Ok(chinese::write_with(pos, self.inner, style))
    }

    /// The move in WXF notation on `board`: `"C2=5"`.
    #[pyo3(signature = (board, black_lower_case = false))]
    fn wxf(&self, py: Python<'_>, board: &Bound<'_, Board>, black_lower_case: bool) -> PyResult<String> {
        let board = board.borrow();
        let pos = board.game.position();
        if !pos.is_legal(self.inner) {
            return Err(crate::errors::illegal_move(py, pos, self.inner));
        }
        Ok(wxf::write_with(pos, self.inner, wxf::WxfStyle { black_lower_case, ..wxf::WxfStyle::DEFAULT }))
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_iccs('{}')", self.inner)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let constructor = slf.get_type().getattr("from_iccs")?;
        Ok((constructor, (slf.get().inner.to_string(),)))
    }
}

/// A Python list of the shared `Move` objects for `moves`.
pub fn move_list<'py>(py: Python<'py>, moves: &[Move]) -> PyResult<Bound<'py, pyo3::types::PyList>> {
    let all = table(py);
    pyo3::types::PyList::new(py, moves.iter().map(|m| all[m.from.index() * Square::COUNT + m.to.index()].bind(py)))
}
