//! `Board`: a game from a start position with the arbiter's judgement, in python-chess's manner
//! (`push`/`pop`/`peek`, `legal_moves`, `outcome()`), and the lazy `legal_moves` view.

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyList, PyString, PyTuple};
use xiangqi_core::arbiter::{analyse_root, ArbiterConfig, KeyPointHook, RuleSet, Verdict};
use xiangqi_core::chinese::{self, ChineseStyle};
use xiangqi_core::fen::{Fen, FenError};
use xiangqi_core::wxf::WxfStyle;
use xiangqi_core::{notation, wxf, Color, Game, Move, Notation, Position, PositionErrorKinds, Square};

use crate::classify::{is_red, Classification, RootAnalysis};
use crate::errors::{fen_error, illegal_move, move_text_error, XiangqiError};
use crate::moves::{extract_move, move_object, square, PyMove};
use crate::outcome::Outcome;

/// The FEN of the standard start position.
pub const STARTING_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A rule set from its name, or a `ValueError`.
pub fn rule_set(name: &str) -> PyResult<RuleSet> {
    name.parse().map_err(|e| XiangqiError::new_err(format!("{e}")))
}

/// A position from a FEN, or an `InvalidFenError` naming the field, offset and token. `lenient` accepts
/// the placement problems composed positions break on purpose (advisors, elephants, soldiers off their points).
pub fn position_from_fen(py: Python<'_>, fen: &str, lenient: bool) -> PyResult<Position> {
    let accept = if lenient { PositionErrorKinds::WAIVABLE } else { PositionErrorKinds::EMPTY };
    let parsed = fen.parse::<Fen>().map_err(|e| fen_error(py, fen, &FenError::from(e)))?;
    parsed.into_position(accept).map_err(|e| fen_error(py, fen, &FenError::from(e)))
}

fn arbiter_config(py: Python<'_>, rules: RuleSet, key_point: Option<&Py<PyAny>>) -> ArbiterConfig {
    let mut config = ArbiterConfig::with_rules(rules);
    if let Some(judge) = key_point {
        let judge = judge.clone_ref(py);
        config.defensive_key_point = Some(KeyPointHook::new(move |pos: &Position, m: Move| {
            Python::attach(|py| match judge.bind(py).call1((pos.fen(), move_object(py, m))) {
                Ok(answer) => answer.is_truthy().unwrap_or(false),
                Err(err) => {
                    // The arbiter cannot raise: report the callable's error and take "not a key point".
                    err.write_unraisable(py, Some(judge.bind(py)));
                    false
                }
            })
        }));
    }
    config
}

/// Reads a move given as a `Move` or as text in any notation (ICCS, WXF, Chinese), legal in `pos`.
fn move_on(py: Python<'_>, pos: &Position, value: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(text) = value.cast::<PyString>() {
        let text = text.to_cow()?;
        return notation::parse(pos, &text).map_err(|e| move_text_error(py, pos, &e));
    }
    extract_move(value)
}

/// A xiangqi game in progress: the start position, the moves played and the arbiter's judgement.
///
/// `Board()` is the standard start; `Board(fen)` any legal position. `rules` is `"cxa"` (the default),
/// `"cxa2020"` or `"axf"`. `key_point(fen, move) -> bool` is the arbiter's own judgement of a defensive key
/// point (rule 27.3), asked for moves that threaten only an advisor or elephant. `lenient=True` accepts
/// composed positions with advisors, elephants or soldiers off their points.
#[pyclass(module = "xiangqi", name = "Board")]
pub struct Board {
    pub game: Game,
    rules: RuleSet,
    key_point: Option<Py<PyAny>>,
    lenient: bool,
}

impl Board {
    /// A board from a start position already checked (`lenient` if it may break placement rules).
    pub fn from_parts(
        py: Python<'_>,
        start: Position,
        rules: RuleSet,
        key_point: Option<Py<PyAny>>,
        lenient: bool,
    ) -> Board {
        let config = arbiter_config(py, rules, key_point.as_ref());
        Board { game: Game::with_config(start, config), rules, key_point, lenient }
    }

    fn position(&self) -> &Position {
        self.game.position()
    }

    fn parse_in(&self, py: Python<'_>, text: &str, notation: Option<Notation>) -> PyResult<Move> {
        let pos = self.position();
        let parsed = match notation {
            Some(n) => notation::parse_as(pos, text, n),
            None => notation::parse(pos, text),
        };
        parsed.map_err(|e| move_text_error(py, pos, &e))
    }

    fn push_move(&mut self, py: Python<'_>, m: Move) -> PyResult<Py<PyMove>> {
        self.game.push(m).map_err(|e| illegal_move(py, &e.position, m))?;
        Ok(move_object(py, m))
    }

    fn push_text(&mut self, py: Python<'_>, text: &str, notation: Option<Notation>) -> PyResult<Py<PyMove>> {
        let m = self.parse_in(py, text, notation)?;
        self.push_move(py, m)
    }

    fn ply_index(&self, ply: isize) -> PyResult<usize> {
        let len = self.game.len() as isize;
        let index = if ply < 0 { ply + len } else { ply };
        if (0..len).contains(&index) {
            Ok(index as usize)
        } else {
            Err(PyIndexError::new_err(format!("no move {ply}: the game has {len} moves")))
        }
    }

    fn legal_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self.position().legal_moves();
        crate::moves::move_list(py, &moves)
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (fen = None, *, rules = "cxa", key_point = None, lenient = false))]
    fn new(
        py: Python<'_>,
        fen: Option<&str>,
        rules: &str,
        key_point: Option<Py<PyAny>>,
        lenient: bool,
    ) -> PyResult<Board> {
        let start = match fen {
            Some(fen) => position_from_fen(py, fen, lenient)?,
            None => Position::default(),
        };
        Ok(Board::from_parts(py, start, rule_set(rules)?, key_point, lenient))
    }

    /// A board after `moves` (each a `Move` or text in any notation) from `fen` (the start by default).
    #[classmethod]
    #[pyo3(signature = (moves, fen = None, *, rules = "cxa", key_point = None, lenient = false))]
    fn from_moves(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        moves: &Bound<'_, PyAny>,
        fen: Option<&str>,
        rules: &str,
        key_point: Option<Py<PyAny>>,
        lenient: bool,
    ) -> PyResult<Board> {
        let mut board = Board::new(py, fen, rules, key_point, lenient)?;
        for item in moves.try_iter()? {
            let m = move_on(py, board.position(), &item?)?;
            board.push_move(py, m)?;
        }
        Ok(board)
    }

    /// The FEN of the current position.
    fn fen(&self) -> String {
        self.position().fen()
    }

    /// The FEN the game started from.
    #[getter]
    fn starting_fen(&self) -> String {
        self.game.start().fen()
    }

    /// The rule set judging repetitions: `"cxa"`, `"cxa2020"` or `"axf"`.
    #[getter]
    fn rules(&self) -> &'static str {
        self.rules.name()
    }

    /// The side to move: `True` for red (`xiangqi.RED`), `False` for black.
    #[getter]
    fn turn(&self) -> bool {
        is_red(self.position().turn())
    }

    /// The FEN's move number.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.position().fullmoves()
    }

    /// The FEN's halfmove clock.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.position().halfmoves()
    }

    /// The number of moves played on this board.
    fn ply(&self) -> usize {
        self.game.len()
    }

    /// The Zobrist hash of the position (placement and side to move).
    fn zobrist_hash(&self) -> u64 {
        self.position().zobrist_hash()
    }

    /// The legal moves, a live view: `len()`, `in`, iteration, `count()`.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> LegalMoveGenerator {
        LegalMoveGenerator { board: slf.clone().unbind() }
    }

    /// The legal moves of the piece on `square`.
    fn legal_moves_from<'py>(&self, py: Python<'py>, square_index: i64) -> PyResult<Bound<'py, PyList>> {
        let moves = self.position().legal_moves_from(square(square_index)?);
        crate::moves::move_list(py, &moves)
    }

    /// Whether `move` (a `Move` or ICCS text) is legal here.
    fn is_legal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let _ = py;
        Ok(self.position().is_legal(extract_move(r#move)?))
    }

    /// Plays a legal move (a `Move` or ICCS text); raises `IllegalMoveError` otherwise.
    fn push(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = extract_move(r#move)?;
        self.push_move(py, m).map(|_| ())
    }

    /// Reads ICCS text (`h2e2`, `H2-E2`), plays it and returns the move.
    fn push_iccs(&mut self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        self.push_text(py, text, Some(Notation::Iccs))
    }

    /// Reads WXF text (`C2=5`, `H8+7`), plays it and returns the move.
    fn push_wxf(&mut self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        self.push_text(py, text, Some(Notation::Wxf))
    }

    /// Reads Chinese text (`炮二平五`, `馬８進７`), plays it and returns the move.
    fn push_chinese(&mut self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        self.push_text(py, text, Some(Notation::Chinese))
    }

    /// Reads text in any notation (detected), plays it and returns the move.
    fn push_notation(&mut self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        self.push_text(py, text, None)
    }

    /// The legal move named by ICCS text; raises `InvalidMoveTextError` otherwise.
    fn parse_iccs(&self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        Ok(move_object(py, self.parse_in(py, text, Some(Notation::Iccs))?))
    }

    /// The legal move named by WXF text.
    fn parse_wxf(&self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        Ok(move_object(py, self.parse_in(py, text, Some(Notation::Wxf))?))
    }

    /// The legal move named by Chinese text.
    fn parse_chinese(&self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        Ok(move_object(py, self.parse_in(py, text, Some(Notation::Chinese))?))
    }

    /// The legal move named by text in any notation (detected).
    fn parse_notation(&self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        Ok(move_object(py, self.parse_in(py, text, None)?))
    }

    /// A legal move written in Chinese notation (simplified characters unless `traditional`).
    #[pyo3(signature = (r#move, traditional = false))]
    fn chinese(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>, traditional: bool) -> PyResult<String> {
        let m = extract_move(r#move)?;
        let pos = self.position();
        if !pos.is_legal(m) {
            return Err(illegal_move(py, pos, m));
        }
        let style = if traditional { ChineseStyle::TRADITIONAL } else { ChineseStyle::SIMPLIFIED };
        Ok(chinese::write_with(pos, m, style))
    }

    /// A legal move written in WXF notation (`C2=5`); `black_lower_case` writes black's letters in lower case.
    #[pyo3(signature = (r#move, black_lower_case = false))]
    fn wxf(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>, black_lower_case: bool) -> PyResult<String> {
        let m = extract_move(r#move)?;
        let pos = self.position();
        if !pos.is_legal(m) {
            return Err(illegal_move(py, pos, m));
        }
        Ok(wxf::write_with(pos, m, WxfStyle { black_lower_case, ..WxfStyle::DEFAULT }))
    }

    /// Takes back the last move and returns it; `IndexError` if none was played.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        let m = self.game.pop().ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        Ok(move_object(py, m))
    }

    /// The last move; `IndexError` if none was played.
    fn peek(&self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        let m = self.game.peek().ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))?;
        Ok(move_object(py, m))
    }

    /// The moves played, oldest first.
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        crate::moves::move_list(py, self.game.moves())
    }

    /// The ECCO opening code of the moves played from the start (the first 20 are read). Raises
    /// `NoEccoCodeError` for a board set up from another position or without moves.
    fn ecco(&self, py: Python<'_>) -> PyResult<crate::ecco::Ecco> {
        crate::ecco::ecco_result(py, self.game.ecco(), self.game.start(), self.game.moves())
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.position().is_check()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.position().is_checkmate()
    }

    /// Whether the side to move has no legal move and is not in check (a loss in xiangqi).
    fn is_stalemate(&self) -> bool {
        self.position().is_stalemate()
    }

    /// Whether `move` captures a piece.
    fn is_capture(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.position().is_capture(extract_move(r#move)?))
    }

    /// Whether the current position has occurred `count` times since the last irreversible move.
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> bool {
        self.game.occurrences(self.game.len()).len() >= count
    }

    /// Whether the arbiter's verdict ends the game (mate, stalemate, a repetition loss or draw, the natural
    /// limit, insufficient material).
    fn is_game_over(&self) -> bool {
        matches!(self.game.verdict(), Verdict::Loss(_) | Verdict::Draw(_))
    }

    /// The arbiter's verdict now (or after `ply` moves): `None` while play goes on, else an `Outcome`
    /// (a loss, a draw, or a side that must change its moves).
    #[pyo3(signature = (ply = None))]
    fn outcome(&self, py: Python<'_>, ply: Option<usize>) -> PyResult<Option<Outcome>> {
        let verdict = match ply {
            None => self.game.verdict(),
            Some(p) if p <= self.game.len() => self.game.verdict_at(p),
            Some(p) => {
                return Err(PyIndexError::new_err(format!("no ply {p}: the game has {} moves", self.game.len())))
            }
        };
        Outcome::new(py, &verdict)
    }

    /// The arbiter's classification of move `ply` (0-based; negative counts from the end).
    fn classify(&self, py: Python<'_>, ply: isize) -> PyResult<Classification> {
        let index = self.ply_index(ply)?;
        let c = match self.game.try_classify(index) {
            None => return Err(PyIndexError::new_err("no such move")),
            Some(Err(err)) => return Err(crate::errors::XiangqiError::new_err(format!("move {index}: {err}"))),
            Some(Ok(c)) => c,
        };
        Classification::new(py, index, c)
    }

    /// Root analysis (28.16): is the piece on `target` protected against the piece on `attacker`?
    fn analyse_root(&self, py: Python<'_>, target: i64, attacker: i64) -> PyResult<RootAnalysis> {
        let report = analyse_root(self.position(), square(target)?, square(attacker)?)
            .map_err(|e| XiangqiError::new_err(format!("{e}")))?;
        RootAnalysis::new(py, &report)
    }

    /// The piece on `square` as a FEN letter (`R` red chariot, `n` black horse), or `None`.
    fn piece_at(&self, square_index: i64) -> PyResult<Option<char>> {
        Ok(self.position().piece_at(square(square_index)?).map(|p| p.char()))
    }

    /// Every piece: `{square: FEN letter}`.
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let map = PyDict::new(py);
        for (sq, piece) in self.position().pieces() {
            map.set_item(sq.index(), piece.char())?;
        }
        Ok(map)
    }

    /// The square of `color`'s general (`True` red, `False` black), or `None`.
    fn king(&self, color: bool) -> Option<usize> {
        let color = if color { Color::Red } else { Color::Black };
        let pos = self.position();
        pos.has_general(color).then(|| pos.general(color).index())
    }

    /// The squares of the pieces giving check.
    fn checkers(&self) -> Vec<usize> {
        self.position().checkers().into_iter().map(Square::index).collect()
    }

    /// A copy; with `stack=False` the copy starts from the current position without history.
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, py: Python<'_>, stack: bool) -> Board {
        let key_point = self.key_point.as_ref().map(|k| k.clone_ref(py));
        if stack {
            Board { game: self.game.clone(), rules: self.rules, key_point, lenient: self.lenient }
        } else {
            Board::from_parts(py, self.position().clone(), self.rules, key_point, self.lenient)
        }
    }

    fn __copy__(&self, py: Python<'_>) -> Board {
        self.copy(py, true)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> Board {
        self.copy(py, true)
    }

    /// Restores a pickled board.
    #[staticmethod]
    #[pyo3(signature = (starting_fen, moves, rules, key_point = None, lenient = false))]
    fn _restore(
        py: Python<'_>,
        starting_fen: &str,
        moves: Vec<String>,
        rules: &str,
        key_point: Option<Py<PyAny>>,
        lenient: bool,
    ) -> PyResult<Board> {
        let mut board = Board::new(py, Some(starting_fen), rules, key_point, lenient)?;
        for text in moves {
            board.push_text(py, &text, Some(Notation::Iccs))?;
        }
        Ok(board)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let this = slf.borrow();
        let moves: Vec<String> = this.game.moves().iter().map(Move::to_string).collect();
        let key_point = this.key_point.as_ref().map(|k| k.clone_ref(py));
        let args = (this.game.start().fen(), moves, this.rules.name(), key_point, this.lenient).into_pyobject(py)?;
        Ok((slf.get_type().getattr("_restore")?, args))
    }

    /// Boards are equal when their positions are: the same pieces on the same squares, the same side to
    /// move (history, counters and rule sets aside).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.cast::<Board>() else { return false };
        let Ok(other) = other.try_borrow() else { return false };
        let (a, b) = (self.position(), other.position());
        a.turn() == b.turn() && a.to_setup().board == b.to_setup().board
    }

    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    fn __repr__(&self) -> String {
        let mut rules =
            if self.rules == RuleSet::Cxa { String::new() } else { format!(", rules='{}'", self.rules.name()) };
        if self.lenient {
            rules.push_str(", lenient=True");
        }
        if self.game.is_empty() {
            return format!("Board('{}'{rules})", self.position().fen());
        }
        let moves: Vec<String> = self.game.moves().iter().map(|m| format!("'{m}'")).collect();
        format!("Board.from_moves([{}], fen='{}'{rules})", moves.join(", "), self.game.start().fen())
    }

    /// The board as text: rank 9 at the top, FEN letters, `.` for an empty point.
    fn __str__(&self) -> String {
        let pos = self.position();
        let mut rows = Vec::with_capacity(10);
        for rank in (0..10u8).rev() {
            let row: Vec<String> = (0..9u8)
                .map(|file| {
                    let sq = Square::from_coords(file, rank).expect("on the board");
                    pos.piece_at(sq).map_or('.', |p| p.char()).to_string()
                })
                .collect();
            rows.push(row.join(" "));
        }
        rows.join("\n")
    }

    /// An SVG drawing for notebooks: Chinese glyphs, the last move and a check highlighted.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        let draw = slf.py().import("xiangqi._svg")?.getattr("board_svg")?;
        draw.call1((slf,))?.extract()
    }
}

/// The legal moves of a board, generated when asked for: `len()`, `in`, iteration and `count()` follow the
/// board as it changes.
#[pyclass(module = "xiangqi", frozen)]
pub struct LegalMoveGenerator {
    board: Py<Board>,
}

#[pymethods]
impl LegalMoveGenerator {
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.board.bind(py).try_borrow()?.position().count_legal_moves())
    }

    /// The number of legal moves.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.board.bind(py).try_borrow()?.position().has_legal_move())
    }

    fn __contains__(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(m) = value.cast::<PyMove>() else {
            if value.is_instance_of::<PyString>() {
                return Ok(extract_move(value)
                    .is_ok_and(|m| self.board.bind(py).try_borrow().is_ok_and(|b| b.position().is_legal(m))));
            }
            return Ok(false);
        };
        Ok(self.board.bind(py).try_borrow()?.position().is_legal(m.get().inner))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let list = self.board.bind(py).try_borrow()?.legal_list(py)?;
        list.try_iter()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let list = self.board.bind(py).try_borrow()?.position().legal_moves();
        let names: Vec<String> = list.iter().map(Move::to_string).collect();
        Ok(format!("<LegalMoveGenerator ({})>", names.join(", ")))
    }
}
