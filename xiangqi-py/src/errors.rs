//! The exceptions, all subclasses of `ValueError`, and their construction from the core's errors with the
//! locations the core reports (offsets, tokens, game index, line, ply).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use pyo3::BoundObject;
use xiangqi_core::fen::FenError;
use xiangqi_core::notation::ParseMoveError;
use xiangqi_core::quote::Quoted;
use xiangqi_core::record::{Location, RecordError as CoreRecordError};
use xiangqi_core::{Move, Position};

pyo3::create_exception!(
    xiangqi,
    XiangqiError,
    PyValueError,
    "The base class of every error raised by this package; a subclass of ValueError."
);
pyo3::create_exception!(
    xiangqi,
    InvalidFenError,
    XiangqiError,
    "A FEN that cannot be read or describes no legal position. `field`, `offset` and `token` locate a \
     syntax error; `problems` lists what is wrong with a position."
);
pyo3::create_exception!(
    xiangqi,
    IllegalMoveError,
    XiangqiError,
    "A move that is not legal in the position: `move` (ICCS) and `fen` say which and where."
);
pyo3::create_exception!(
    xiangqi,
    InvalidMoveTextError,
    XiangqiError,
    "Move text that cannot be read as a legal move: `text`, `notation`, `offset` (bytes into the text), \
     `kind` and `fen`."
);
pyo3::create_exception!(
    xiangqi,
    RecordError,
    XiangqiError,
    "A game record that cannot be read: `game_index`, `byte_offset`, `line`, `ply` and `token` locate it."
);

pyo3::create_exception!(
    xiangqi,
    NoEccoCodeError,
    XiangqiError,
    "A game without an ECCO opening code: it starts from a set-up position, or has no moves. The message \
     says which."
);

/// The attributes each exception carries, `None` on the class so that they always exist.
pub const ATTRIBUTES: &[(&str, &[&str])] = &[
    ("InvalidFenError", &["fen", "field", "offset", "token", "problems"]),
    ("IllegalMoveError", &["move", "fen"]),
    ("InvalidMoveTextError", &["text", "notation", "offset", "kind", "fen"]),
    ("RecordError", &["game_index", "byte_offset", "line", "ply", "token", "format"]),
];

fn with_attributes<'py>(py: Python<'py>, err: PyErr, attributes: &[(&str, Bound<'py, PyAny>)]) -> PyErr {
    let value = err.value(py);
    for (name, item) in attributes {
        // Setting an attribute on a fresh exception instance cannot fail.
        let _ = value.setattr(*name, item);
    }
    err
}

fn object<'py, T: IntoPyObject<'py>>(py: Python<'py>, value: T) -> Bound<'py, PyAny> {
    match value.into_pyobject(py) {
        Ok(v) => v.into_any().into_bound(),
        Err(_) => py.None().into_bound(py),
    }
}

/// An `InvalidFenError` for `fen`.
pub fn fen_error(py: Python<'_>, fen: &str, err: &FenError) -> PyErr {
    let base = InvalidFenError::new_err(format!("{err}"));
    match err {
        FenError::Parse(parse) => with_attributes(
            py,
            base,
            &[
                ("fen", object(py, fen)),
                ("field", object(py, parse.field.to_string())),
                ("offset", object(py, parse.offset)),
                ("token", object(py, parse.token.as_str())),
                ("problems", PyList::empty(py).into_any()),
            ],
        ),
        FenError::Position(position) => {
            let problems: Vec<String> = position.problems().iter().map(|p| p.message.clone()).collect();
            with_attributes(py, base, &[("fen", object(py, fen)), ("problems", object(py, problems))])
        }
    }
}

/// An `IllegalMoveError` for `m` in `pos`.
pub fn illegal_move(py: Python<'_>, pos: &Position, m: Move) -> PyErr {
    let fen = pos.fen();
    let err = IllegalMoveError::new_err(format!("illegal move {m} in {fen}"));
    with_attributes(py, err, &[("move", object(py, m.to_string())), ("fen", object(py, fen))])
}

/// An `InvalidMoveTextError` for move text that does not name a legal move of `pos`.
pub fn move_text_error(py: Python<'_>, pos: &Position, err: &ParseMoveError) -> PyErr {
    let base = InvalidMoveTextError::new_err(format!("{err}"));
    let kind = format!("{:?}", err.kind);
    let kind = kind.split(['(', ' ', '{']).next().unwrap_or_default().to_string();
    with_attributes(
        py,
        base,
        &[
            ("text", object(py, err.text.as_str())),
            ("notation", object(py, err.notation.map(|n| n.name()))),
            ("offset", object(py, err.offset)),
            ("kind", object(py, kind)),
            ("fen", object(py, pos.fen())),
        ],
    )
}

/// An `InvalidMoveTextError` for text that is not ICCS at all (no position involved).
pub fn iccs_syntax_error(py: Python<'_>, text: &str, why: impl std::fmt::Display) -> PyErr {
    let err = InvalidMoveTextError::new_err(format!("cannot read {} as ICCS: {why}", Quoted(text)));
    with_attributes(
        py,
        err,
        &[
            ("text", object(py, text)),
            ("notation", object(py, "ICCS")),
            ("offset", object(py, 0)),
            ("kind", object(py, "Malformed")),
        ],
    )
}

/// A `RecordError` with the location the reader gave.
pub fn record_error(py: Python<'_>, err: &CoreRecordError, format: &str) -> PyErr {
    let base = RecordError::new_err(format!("{err}"));
    let location = err.location().cloned().unwrap_or_default();
    let Location { game_index, byte_offset, line, ply, token } = location;
    with_attributes(
        py,
        base,
        &[
            ("game_index", object(py, game_index)),
            ("byte_offset", object(py, err.location().map(|_| byte_offset))),
            ("line", object(py, line)),
            ("ply", object(py, ply)),
            ("token", object(py, token)),
            ("format", object(py, format)),
        ],
    )
}

/// Registers the exceptions and gives their attributes a `None` default on the class.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("XiangqiError", py.get_type::<XiangqiError>())?;
    m.add("InvalidFenError", py.get_type::<InvalidFenError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("InvalidMoveTextError", py.get_type::<InvalidMoveTextError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("NoEccoCodeError", py.get_type::<NoEccoCodeError>())?;
    for (class, names) in ATTRIBUTES {
        let class = m.getattr(*class)?;
        for name in *names {
            class.setattr(*name, py.None())?;
        }
    }
    Ok(())
}
