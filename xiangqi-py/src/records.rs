//! Game records: `read_games` streams `Game` objects (headers, main line, variations, comments, NAGs,
//! warnings) from PGN, XQF, DhtmlXQ and ChessBridge. A game that cannot be read carries its error in `Game.error` and
//! what was read before the fault; iteration goes on with the next game.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use xiangqi_core::chinese::ChineseStyle;
use xiangqi_core::encoding::TextEncoding;
use xiangqi_core::pgn::{self, WriteOptions};
use xiangqi_core::quote::Quoted;
use xiangqi_core::record::{Format, GameRecord, NodeId};
use xiangqi_core::{Notation, Position};

use crate::board::{rule_set, Board};
use crate::errors::{record_error, RecordError, XiangqiError};
use crate::moves::{move_list, move_object, PyMove};
use crate::source::{open_games, GameStream, PyFileReader};

/// A text encoding from its name, or a `ValueError`.
pub fn encoding_from_name(name: Option<&str>) -> PyResult<Option<TextEncoding>> {
    name.map(|n| n.parse().map_err(|e| XiangqiError::new_err(format!("{e}")))).transpose()
}

/// An iterator of the games of a record source (see `xiangqi.read_games`).
#[pyclass(module = "xiangqi")]
pub struct GameReader {
    games: Mutex<GameStream>,
    format: Format,
    next_index: usize,
    strict: bool,
}

#[pymethods]
impl GameReader {
    /// Opens a path, bytes, or a binary file object. See `xiangqi.read_games`.
    #[new]
    #[pyo3(signature = (source, encoding = None, *, strict = false))]
    fn new(py: Python<'_>, source: &Bound<'_, PyAny>, encoding: Option<&str>, strict: bool) -> PyResult<GameReader> {
        let encoding = encoding_from_name(encoding)?;
        let opened = if let Ok(bytes) = source.cast::<PyBytes>() {
            open_games(std::io::Cursor::new(bytes.as_bytes().to_vec()), None, encoding)
        } else if source.is_instance_of::<PyString>() || source.hasattr("__fspath__")? {
            let path: PathBuf = source.extract()?;
            let extension = path.extension().and_then(|e| e.to_str()).map(str::to_owned);
            let file = std::fs::File::open(&path)
                .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display())))?;
            open_games(file, extension.as_deref(), encoding)
        } else if source.hasattr("read")? {
            let extension = source
                .getattr("name")
                .ok()
                .and_then(|n| n.extract::<PathBuf>().ok())
                .and_then(|p| p.extension().and_then(|e| e.to_str()).map(str::to_owned));
            open_games(PyFileReader(source.clone().unbind()), extension.as_deref(), encoding)
        } else {
            return Err(PyTypeError::new_err(format!(
                "expected a path, bytes or a binary file object, got {}",
                source.get_type().name()?
            )));
        };
        let _ = py;
        let (format, games) = opened.map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))?;
        Ok(GameReader { games: Mutex::new(games), format, next_index: 0, strict })
    }

    /// The format of the source: `"PGN"`, `"XQF"`, `"DhtmlXQ"` or `"ChessBridge"`.
    #[getter]
    fn format(&self) -> &'static str {
        self.format.name()
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Game>> {
        let next = self.games.lock().map_err(|_| XiangqiError::new_err("the reader failed earlier"))?.next();
        let Some(item) = next else { return Ok(None) };
        let index = self.next_index;
        self.next_index += 1;
        match item {
            Ok(record) => Ok(Some(Game::new(record, index, self.format, None))),
            Err(err) => {
                let exception = record_error(py, &err, self.format.name());
                if self.strict {
                    return Err(exception);
                }
                let partial = err.partial().cloned().unwrap_or_else(|| GameRecord::new(Position::default()));
                Ok(Some(Game::new(partial, index, self.format, Some(exception.into_value(py).into_any()))))
            }
        }
    }
}

/// One game of a record: headers, the move tree and result, and the reader's warnings. When the game could
/// not be read, `error` holds the `RecordError` (with its location) and the game holds what was read before
/// the fault.
#[pyclass(module = "xiangqi", frozen)]
pub struct Game {
    record: Arc<GameRecord>,
    /// The game's index in its source, from 0.
    #[pyo3(get)]
    index: usize,
    format: Format,
    /// The `RecordError` that stopped the reader, or `None`.
    #[pyo3(get)]
    error: Option<Py<PyAny>>,
}

impl Game {
    pub fn new(record: GameRecord, index: usize, format: Format, error: Option<Py<PyAny>>) -> Game {
        Game { record: Arc::new(record), index, format, error }
    }

    fn node(&self, id: NodeId) -> GameNode {
        GameNode { record: Arc::clone(&self.record), id }
    }
}

fn format_from_name(name: &str) -> Format {
    match name {
        "XQF" => Format::Xqf,
        "DhtmlXQ" => Format::DhtmlXq,
        "ChessBridge" => Format::ChessBridge,
        _ => Format::Pgn,
    }
}

#[pymethods]
impl Game {
    /// The tags in the order read (a new dict each time).
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let headers = PyDict::new(py);
        for (name, value) in self.record.tags.iter() {
            headers.set_item(name, value)?;
        }
        Ok(headers)
    }

    /// The result: `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    #[getter]
    fn result(&self) -> &'static str {
        self.record.result.as_pgn()
    }

    /// The format read: `"PGN"`, `"XQF"`, `"DhtmlXQ"` or `"ChessBridge"`.
    #[getter]
    fn format(&self) -> &'static str {
        self.format.name()
    }

    /// The start position's FEN.
    #[getter]
    fn starting_fen(&self) -> String {
        self.record.start().fen()
    }

    /// The number of moves of the main line.
    #[getter]
    fn plies(&self) -> usize {
        self.record.tree.main_line_len()
    }

    /// What the reader worked around, as sentences (`"ply 12: ..."`).
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.record.warnings.iter().map(ToString::to_string).collect()
    }

    /// The comment before the first move, if any.
    #[getter]
    fn comment(&self) -> Option<String> {
        self.record.tree.comment(self.record.tree.root()).map(str::to_owned)
    }

    /// The ECCO opening code of the main line, computed from the moves (compare with
    /// `headers.get("ECCO")`). Raises `NoEccoCodeError` for a game from a set-up position or without moves.
    fn ecco(&self, py: Python<'_>) -> PyResult<crate::ecco::Ecco> {
        let result = self.record.ecco();
        let moves: Vec<_> = if result.is_err() { self.record.main_line().take(20).collect() } else { Vec::new() };
        crate::ecco::ecco_result(py, result, self.record.start(), &moves)
    }

    /// The main line's moves.
    fn mainline_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves: Vec<_> = self.record.main_line().collect();
        move_list(py, &moves)
    }

    /// The main line's nodes (the root excluded), each with its move, comment and NAGs.
    fn mainline(&self) -> Vec<GameNode> {
        self.record.tree.main_line_nodes().map(|id| self.node(id)).collect()
    }

    /// The root node: the start position; walk the tree through `variations`.
    fn root(&self) -> GameNode {
        self.node(self.record.tree.root())
    }

    /// Every line of the tree from the start to a leaf, the main line first, as lists of moves.
    fn lines<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyList>>> {
        self.record.tree.lines().iter().map(|line| move_list(py, line)).collect()
    }

    /// A `Board` at the end of the main line, or after `ply` of its moves.
    #[pyo3(signature = (ply = None, *, rules = "cxa"))]
    fn board(&self, py: Python<'_>, ply: Option<usize>, rules: &str) -> PyResult<Board> {
        let len = self.record.tree.main_line_len();
        let ply = ply.unwrap_or(len);
        if ply > len {
            return Err(PyIndexError::new_err(format!("no ply {ply}: the main line has {len} moves")));
        }
        let mut board = Board::from_parts(py, self.record.start().clone(), rule_set(rules)?, None, true);
        for m in self.record.main_line().take(ply) {
            // Every move of a record tree is legal: the readers check each one.
            board.game.push(m).map_err(|e| crate::errors::illegal_move(py, &e.position, m))?;
        }
        Ok(board)
    }

    /// The game as PGN text in `"chinese"` (default), `"wxf"` or `"iccs"` notation.
    #[pyo3(signature = (notation = "chinese", *, traditional = false))]
    fn to_pgn(&self, notation: &str, traditional: bool) -> PyResult<String> {
        let notation = match notation.to_ascii_lowercase().as_str() {
            "chinese" => Notation::Chinese,
            "wxf" => Notation::Wxf,
            "iccs" => Notation::Iccs,
            other => {
                return Err(XiangqiError::new_err(format!(
                    "unknown notation {} (expected chinese, wxf or iccs)",
                    Quoted(other)
                )))
            }
        };
        let mut options = WriteOptions::new(notation);
        if traditional {
            options = options.chinese(ChineseStyle::TRADITIONAL);
        }
        Ok(pgn::write(&self.record, &options))
    }

    /// Restores a pickled game.
    #[staticmethod]
    fn _restore(
        py: Python<'_>,
        pgn_text: &str,
        index: usize,
        format: &str,
        error: Option<Py<PyAny>>,
    ) -> PyResult<Game> {
        let record = pgn::read_str(pgn_text)
            .next()
            .ok_or_else(|| RecordError::new_err("no game in the pickled text"))?
            .map_err(|e| record_error(py, &e.into(), "PGN"))?;
        Ok(Game::new(record, index, format_from_name(format), error))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, pyo3::types::PyTuple>)> {
        let py = slf.py();
        let this = slf.get();
        let text = pgn::write(&this.record, &WriteOptions::new(Notation::Iccs));
        let error = this.error.as_ref().map(|e| e.clone_ref(py));
        let args = (text, this.index, this.format.name(), error).into_pyobject(py)?;
        Ok((slf.get_type().getattr("_restore")?, args))
    }

    fn __repr__(&self) -> String {
        let tag = |name: &str| self.record.tags.get(name).unwrap_or("?").to_string();
        format!(
            "<Game #{} {} vs {}, {} plies, {}{}>",
            self.index,
            tag("Red"),
            tag("Black"),
            self.record.tree.main_line_len(),
            self.record.result.as_pgn(),
            if self.error.is_some() { ", with an error" } else { "" }
        )
    }
}

/// A node of a game's move tree: the move that leads to it (`None` at the root), its comment and NAGs, and
/// the moves that follow (`variations`, the main continuation first).
#[pyclass(module = "xiangqi", frozen)]
pub struct GameNode {
    record: Arc<GameRecord>,
    id: NodeId,
}

#[pymethods]
impl GameNode {
    /// The move leading here, `None` at the root.
    #[getter]
    fn r#move(&self, py: Python<'_>) -> Option<Py<PyMove>> {
        self.record.tree.mv(self.id).map(|m| move_object(py, m))
    }

    /// The number of moves from the start to here.
    #[getter]
    fn ply(&self) -> usize {
        self.record.tree.ply(self.id)
    }

    /// The comment after the move, if any.
    #[getter]
    fn comment(&self) -> Option<String> {
        self.record.tree.comment(self.id).map(str::to_owned)
    }

    /// The NAGs (PGN's `$1`..`$255`; `!` is 1, `?` is 2, ...).
    #[getter]
    fn nags(&self) -> Vec<u32> {
        self.record.tree.nags(self.id).iter().map(|&n| u32::from(n)).collect()
    }

    /// The node before, `None` at the root.
    #[getter]
    fn parent(&self) -> Option<GameNode> {
        self.record.tree.parent(self.id).map(|id| GameNode { record: Arc::clone(&self.record), id })
    }

    /// The nodes after this one, the main continuation first.
    #[getter]
    fn variations(&self) -> Vec<GameNode> {
        self.record.tree.children(self.id).map(|id| GameNode { record: Arc::clone(&self.record), id }).collect()
    }

    /// The main continuation, `None` at the end of a line.
    fn next(&self) -> Option<GameNode> {
        self.record.tree.first_child(self.id).map(|id| GameNode { record: Arc::clone(&self.record), id })
    }

    /// The FEN of the position at this node.
    fn fen(&self) -> String {
        self.record.tree.position_at(self.id).fen()
    }

    /// A `Board` with the moves from the start to this node.
    #[pyo3(signature = (*, rules = "cxa"))]
    fn board(&self, py: Python<'_>, rules: &str) -> PyResult<Board> {
        let mut board = Board::from_parts(py, self.record.start().clone(), rule_set(rules)?, None, true);
        for m in self.record.tree.path_to(self.id) {
            board.game.push(m).map_err(|e| crate::errors::illegal_move(py, &e.position, m))?;
        }
        Ok(board)
    }

    /// Restores a pickled node: the node reached from the root of `game` by taking, at each step, the child
    /// of the given rank (0 is the main continuation).
    #[staticmethod]
    fn _restore(game: PyRef<'_, Game>, path: Vec<usize>) -> PyResult<GameNode> {
        let tree = &game.record.tree;
        let mut id = tree.root();
        for rank in path {
            id = tree
                .children(id)
                .nth(rank)
                .ok_or_else(|| RecordError::new_err("the pickled node is not in its game"))?;
        }
        Ok(GameNode { record: Arc::clone(&game.record), id })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, pyo3::types::PyTuple>)> {
        let node = slf.get();
        let tree = &node.record.tree;
        let mut path = Vec::with_capacity(tree.ply(node.id));
        let mut id = node.id;
        while let Some(parent) = tree.parent(id) {
            path.push(tree.children(parent).position(|c| c == id).expect("a node is among its parent's children"));
            id = parent;
        }
        path.reverse();
        let game = Game { record: Arc::clone(&node.record), index: 0, format: Format::Pgn, error: None };
        Ok((slf.get_type().getattr("_restore")?, (game, path).into_pyobject(slf.py())?))
    }

    fn __repr__(&self) -> String {
        match self.record.tree.mv(self.id) {
            Some(m) => format!("<GameNode ply {} {m}>", self.record.tree.ply(self.id)),
            None => "<GameNode root>".to_string(),
        }
    }
}
