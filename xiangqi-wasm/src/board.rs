//! `Board`: a position with the moves played on it, for move generation, notation and check, mate and
//! stalemate. Repetitions are the `Game`'s business (the arbiter).

use js_sys::{Array, Object, Uint16Array};
use wasm_bindgen::prelude::*;
use xiangqi_core::{Move, Position};

use crate::errors::{illegal_move, xiangqi_error};
use crate::js::{self, Options};
use crate::position::{self as p, color_name};

/// A xiangqi position and the moves played on it (`push`, `pop`). Moves are ICCS strings (`"h2e2"`),
/// squares ICCS names (`"e0"`) or indices 0-89.
#[wasm_bindgen]
pub struct Board {
    position: Position,
    history: Vec<(Position, Move)>,
}

impl Board {
    /// A board at `position` with the moves that led there.
    pub fn from_parts(position: Position, history: Vec<(Position, Move)>) -> Board {
        Board { position, history }
    }
}

#[wasm_bindgen]
impl Board {
    /// The standard start, or the position of `fen`. `options.lenient` accepts composed positions with
    /// advisors, elephants or soldiers off their points. Throws a `FenError` for a bad FEN.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string | undefined")] fen: JsValue,
        #[wasm_bindgen(unchecked_param_type = "BoardOptions | undefined")] options: JsValue,
    ) -> Result<Board, JsValue> {
        let options = Options::read(&options, "options", &["lenient"])?;
        let lenient = js::optional_bool(&options.get("lenient"), &options.field("lenient"))?.unwrap_or(false);
        let position = match js::optional_string(&fen, "fen")? {
            Some(fen) => p::position_from_fen(&fen, lenient)?,
            None => Position::default(),
        };
        Ok(Board { position, history: Vec::new() })
    }

    /// The FEN of the position.
    pub fn fen(&self) -> String {
        self.position.fen()
    }

    /// The side to move: `"red"` or `"black"`.
    #[wasm_bindgen(getter, unchecked_return_type = "Color")]
    pub fn turn(&self) -> String {
        color_name(self.position.turn()).to_string()
    }

    /// The FEN's move number.
    #[wasm_bindgen(getter, js_name = fullmoveNumber)]
    pub fn fullmove_number(&self) -> u32 {
        self.position.fullmoves()
    }

    /// The FEN's halfmove clock (plies since the last capture).
    #[wasm_bindgen(getter, js_name = halfmoveClock)]
    pub fn halfmove_clock(&self) -> u32 {
        self.position.halfmoves()
    }

    /// The piece on `square` as a FEN letter (`"R"` red chariot, `"n"` black horse), or `null`.
    #[wasm_bindgen(js_name = pieceAt, unchecked_return_type = "string | null")]
    pub fn piece_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Square")] square: JsValue,
    ) -> Result<JsValue, JsValue> {
        p::piece_at(&self.position, &square)
    }

    /// The legal moves, in ICCS.
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "string[]")]
    pub fn legal_moves(&self) -> Array {
        p::move_array(&self.position.legal_moves())
    }

    /// The legal moves as packed codes, `from * 90 + to` (squares `rank * 9 + file`): no strings made.
    #[wasm_bindgen(js_name = legalMoveCodes)]
    pub fn legal_move_codes(&self) -> Uint16Array {
        p::move_codes(&self.position.legal_moves())
    }

    /// The number of legal moves.
    #[wasm_bindgen(js_name = legalMoveCount)]
    pub fn legal_move_count(&self) -> usize {
        self.position.count_legal_moves()
    }

    /// The legal moves of the piece on `square`, in ICCS (none for an empty square or the other side's piece).
    #[wasm_bindgen(js_name = legalMovesFrom, unchecked_return_type = "string[]")]
    pub fn legal_moves_from(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Square")] square: JsValue,
    ) -> Result<Array, JsValue> {
        let sq = p::square_arg(&square, "square")?;
        Ok(p::move_array(&self.position.legal_moves_from(sq)))
    }

    /// Whether an ICCS move is legal here. Throws a `MoveTextError` for text that is not ICCS.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, #[wasm_bindgen(unchecked_param_type = "string")] iccs: JsValue) -> Result<bool, JsValue> {
        Ok(self.position.is_legal(p::iccs_arg(&iccs, "move")?))
    }

    /// The legal move named by `text` in `notation` (`"iccs"`, `"iccs1"`, `"wxf"`, `"chinese"`; detected
    /// when left out), in ICCS. Throws a `MoveTextError` with the offset of the fault.
    pub fn parse(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Notation | undefined")] notation: JsValue,
    ) -> Result<String, JsValue> {
        let text = js::string_arg(&text, "text")?;
        Ok(p::parse_move(&self.position, &text, p::notation_arg(&notation)?)?.to_string())
    }

    /// Reads `text` (as `parse` does), plays it and returns it in ICCS.
    pub fn push(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Notation | undefined")] notation: JsValue,
    ) -> Result<String, JsValue> {
        let text = js::string_arg(&text, "text")?;
        let m = p::parse_move(&self.position, &text, p::notation_arg(&notation)?)?;
        self.play(m)?;
        Ok(m.to_string())
    }

    /// Takes back the last move and returns it; throws when none was played.
    pub fn pop(&mut self) -> Result<String, JsValue> {
        let (before, m) = self.history.pop().ok_or_else(|| xiangqi_error("pop from an empty move stack"))?;
        self.position = before;
        Ok(m.to_string())
    }

    /// The last move played, or `null`.
    #[wasm_bindgen(unchecked_return_type = "string | null")]
    pub fn peek(&self) -> JsValue {
        js::nullable(self.history.last().map(|(_, m)| m.to_string()))
    }

    /// The moves played on this board, oldest first, in ICCS.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn moves(&self) -> Array {
        let moves: Vec<Move> = self.history.iter().map(|&(_, m)| m).collect();
        p::move_array(&moves)
    }

    /// A legal ICCS move written in Chinese notation (`炮二平五`), simplified characters unless `traditional`.
    pub fn chinese(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] iccs: JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean | undefined")] traditional: JsValue,
    ) -> Result<String, JsValue> {
        p::write_chinese(&self.position, &iccs, &traditional)
    }

    /// A legal ICCS move written in WXF notation (`C2=5`); `blackLowerCase` writes black's letters small.
    pub fn wxf(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] iccs: JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean | undefined", js_name = blackLowerCase)]
        black_lower_case: JsValue,
    ) -> Result<String, JsValue> {
        p::write_wxf(&self.position, &iccs, &black_lower_case)
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.position.is_check()
    }

    /// Whether the side to move is checkmated.
    #[wasm_bindgen(js_name = isCheckmate)]
    pub fn is_checkmate(&self) -> bool {
        self.position.is_checkmate()
    }

    /// Whether the side to move has no legal move and is not in check (a loss in xiangqi).
    #[wasm_bindgen(js_name = isStalemate)]
    pub fn is_stalemate(&self) -> bool {
        self.position.is_stalemate()
    }

    /// `{ winner, termination }` when the side to move is mated or stalemated, else `null`. Repetitions
    /// and the move limit are judged by `Game`.
    #[wasm_bindgen(unchecked_return_type = "BoardOutcome | null")]
    pub fn outcome(&self) -> JsValue {
        let Some(outcome) = self.position.outcome() else { return JsValue::NULL };
        let object = Object::new();
        js::set(&object, "winner", color_name(outcome.winner));
        let termination = match outcome.termination {
            xiangqi_core::Termination::Checkmate => "checkmate",
            xiangqi_core::Termination::Stalemate => "stalemate",
            _ => "other",
        };
        js::set(&object, "termination", termination);
        object.into()
    }

    /// A copy of the board with its moves.
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> Board {
        Board { position: self.position.clone(), history: self.history.clone() }
    }

    /// The board as text: rank 9 at the top, FEN letters, `.` for an empty point.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        crate::position::diagram(&self.position)
    }
}

impl Board {
    fn play(&mut self, m: Move) -> Result<(), JsValue> {
        let next = self.position.clone().play(m).map_err(|e| illegal_move(&e.position, m))?;
        self.history.push((std::mem::replace(&mut self.position, next), m));
        Ok(())
    }

    /// The position (for the benchmarks' and tests' Rust side).
    pub fn position(&self) -> &Position {
        &self.position
    }
}
