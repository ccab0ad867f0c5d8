//! `Game`: a game from a start position judged by the arbiter: each move's class (check, kill, chase,
//! idle) with its targets, and the verdict (a loss, a draw, a side that must change) with its explanation.

use js_sys::{Array, Function, Object};
use wasm_bindgen::prelude::*;
use xiangqi_core::arbiter::{ArbiterConfig, KeyPointHook, RuleSet, Verdict};
use xiangqi_core::record::{GameRecord, GameResult};
use xiangqi_core::{Color, Move, Notation, Position};

use crate::board::Board;
use crate::errors::{illegal_move, type_error, xiangqi_error};
use crate::js::{self, describe, Options};
use crate::position::{self as p, color_name};

/// The option names `new Game(fen, options)` knows.
const GAME_OPTIONS: &[&str] = &[
    "rules",
    "lenient",
    "keyPoint",
    "kingEvasionIdle",
    "selfInflicted",
    "naturalLimitPlies",
    "naturalLimitChecks",
    "autoNaturalDraw",
    "strictEngineMode",
];

/// A JavaScript `keyPoint(fen, move)` function as the arbiter's judgement of a defensive key point (27.3).
struct KeyPointFunction(Function);

// The module runs on one thread (wasm32 without threads), where the function is only ever called from the
// thread that made it; the arbiter's hook type asks for Send + Sync because native programs share games.
unsafe impl Send for KeyPointFunction {}
unsafe impl Sync for KeyPointFunction {}

impl KeyPointFunction {
    fn judge(&self, pos: &Position, m: Move) -> bool {
        let answer = self.0.call2(&JsValue::UNDEFINED, &pos.fen().into(), &m.to_string().into());
        match answer {
            Ok(value) => value.is_truthy(),
            Err(err) => {
                // The arbiter cannot fail: the function's exception is reported and counts as "no key point".
                report(&err);
                false
            }
        }
    }
}

/// Reports an exception thrown by a callback through `console.error`.
fn report(err: &JsValue) {
    let console = js_sys::Reflect::get(&js_sys::global(), &"console".into()).unwrap_or(JsValue::UNDEFINED);
    if let Ok(error) = js_sys::Reflect::get(&console, &"error".into()) {
        if let Some(error) = error.dyn_ref::<Function>() {
            let _ = error.call2(&console, &"xiangqi: the keyPoint function threw; taken as false:".into(), err);
        }
    }
}

/// Reads the rule set and arbiter options of `options` (see `GameOptions` in the TypeScript declarations).
fn game_config(options: &Options) -> Result<(ArbiterConfig, bool), JsValue> {
    let rules = match js::optional_string(&options.get("rules"), &options.field("rules"))? {
        Some(name) => {
            name.parse::<RuleSet>().map_err(|e| xiangqi_error(&format!("{}: {e}", options.field("rules"))))?
        }
        None => RuleSet::Cxa,
    };
    let mut config = ArbiterConfig::with_rules(rules);
    let flag = |name: &str| js::optional_bool(&options.get(name), &options.field(name));
    if let Some(on) = flag("kingEvasionIdle")? {
        config.king_evasion_idle = on;
    }
    if let Some(on) = flag("selfInflicted")? {
        config.self_inflicted = on;
    }
    if let Some(on) = flag("autoNaturalDraw")? {
        config.auto_natural_draw = on;
    }
    if let Some(on) = flag("strictEngineMode")? {
        config.strict_engine_mode = on;
    }
    let count = |name: &str| js::optional_count(&options.get(name), &options.field(name), 10_000);
    if let Some(n) = count("naturalLimitPlies")? {
        config.natural_limit_plies = n;
    }
    if let Some(n) = count("naturalLimitChecks")? {
        config.natural_limit_checks = n;
    }
    let key_point = options.get("keyPoint");
    if !js::is_absent(&key_point) {
        let function = key_point.dyn_into::<Function>().map_err(|v| {
            type_error(&format!(
                "{} must be a function (fen, move) => boolean, got {}",
                options.field("keyPoint"),
                describe(&v)
            ))
        })?;
        let judge = KeyPointFunction(function);
        config.defensive_key_point = Some(KeyPointHook::new(move |pos: &Position, m: Move| judge.judge(pos, m)));
    }
    let lenient = flag("lenient")?.unwrap_or(false);
    Ok((config, lenient))
}

/// A xiangqi game judged by the arbiter. `new Game()` starts from the standard position; `new Game(fen,
/// options)` from any legal one, with `options.rules` (`"cxa"`, the default; `"cxa2020"`; `"axf"`) and the
/// arbiter's options. Moves are read in any notation and returned in ICCS.
#[wasm_bindgen]
pub struct Game {
    game: xiangqi_core::Game,
}

#[wasm_bindgen]
impl Game {
    /// A game from the standard start or from `fen`. Throws a `FenError` for a bad FEN, a `TypeError` for an
    /// option of the wrong type or an unknown option.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string | undefined")] fen: JsValue,
        #[wasm_bindgen(unchecked_param_type = "GameOptions | undefined")] options: JsValue,
    ) -> Result<Game, JsValue> {
        let options = Options::read(&options, "options", GAME_OPTIONS)?;
        let (config, lenient) = game_config(&options)?;
        let start = match js::optional_string(&fen, "fen")? {
            Some(fen) => p::position_from_fen(&fen, lenient)?,
            None => Position::default(),
        };
        Ok(Game { game: xiangqi_core::Game::with_config(start, config) })
    }

    /// A game after `moves` (text in any notation) from `fen` (the start when `undefined` or `null`).
    #[wasm_bindgen(js_name = fromMoves)]
    pub fn from_moves(
        #[wasm_bindgen(unchecked_param_type = "string[]")] moves: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | null | undefined")] fen: JsValue,
        #[wasm_bindgen(unchecked_param_type = "GameOptions | undefined")] options: JsValue,
    ) -> Result<Game, JsValue> {
        let moves = js::string_list(&moves, "moves")?;
        let mut game = Game::new(fen, options)?;
        for text in &moves {
            let m = p::parse_move(game.game.position(), text, None)?;
            game.play(m)?;
        }
        Ok(game)
    }

    /// The rule set: `"cxa"`, `"cxa2020"` or `"axf"`.
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> String {
        self.game.config().rules.name().to_string()
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        self.game.position().fen()
    }

    /// The FEN the game started from.
    #[wasm_bindgen(js_name = startingFen)]
    pub fn starting_fen(&self) -> String {
        self.game.start().fen()
    }

    /// The side to move: `"red"` or `"black"`.
    #[wasm_bindgen(getter, unchecked_return_type = "Color")]
    pub fn turn(&self) -> String {
        color_name(self.game.position().turn()).to_string()
    }

    /// The number of moves played.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.game.len()
    }

    /// The moves played, oldest first, in ICCS.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn moves(&self) -> Array {
        p::move_array(self.game.moves())
    }

    /// The moves played written in `notation` (`"iccs"`, `"iccs1"`, `"wxf"` or `"chinese"`);
    /// `traditional` for Chinese in traditional characters.
    #[wasm_bindgen(js_name = movesIn, unchecked_return_type = "string[]")]
    pub fn moves_in(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Notation")] notation: JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean | undefined")] traditional: JsValue,
    ) -> Result<Array, JsValue> {
        let notation = p::notation_arg(&notation)?.ok_or_else(|| type_error("notation must be given"))?;
        let traditional = js::optional_bool(&traditional, "traditional")?.unwrap_or(false);
        let mut pos = self.game.start().clone();
        let mut written = Vec::with_capacity(self.game.len());
        for &m in self.game.moves() {
            written.push(match (notation, traditional) {
                (Notation::Chinese, true) => {
                    xiangqi_core::chinese::write_with(&pos, m, xiangqi_core::chinese::ChineseStyle::TRADITIONAL)
                }
                _ => xiangqi_core::notation::write(&pos, m, notation),
            });
            pos.play_unchecked(m);
        }
        Ok(js::string_array(written))
    }

    /// The piece on `square` as a FEN letter, or `null`.
    #[wasm_bindgen(js_name = pieceAt, unchecked_return_type = "string | null")]
    pub fn piece_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Square")] square: JsValue,
    ) -> Result<JsValue, JsValue> {
        p::piece_at(self.game.position(), &square)
    }

    /// The legal moves, in ICCS.
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "string[]")]
    pub fn legal_moves(&self) -> Array {
        p::move_array(&self.game.position().legal_moves())
    }

    /// The legal moves of the piece on `square`, in ICCS.
    #[wasm_bindgen(js_name = legalMovesFrom, unchecked_return_type = "string[]")]
    pub fn legal_moves_from(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Square")] square: JsValue,
    ) -> Result<Array, JsValue> {
        let sq = p::square_arg(&square, "square")?;
        Ok(p::move_array(&self.game.position().legal_moves_from(sq)))
    }

    /// The legal move named by `text` in `notation` (detected when left out), in ICCS.
    pub fn parse(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Notation | undefined")] notation: JsValue,
    ) -> Result<String, JsValue> {
        let text = js::string_arg(&text, "text")?;
        Ok(p::parse_move(self.game.position(), &text, p::notation_arg(&notation)?)?.to_string())
    }

    /// Reads `text` (as `parse` does), plays it and returns it in ICCS.
    pub fn push(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Notation | undefined")] notation: JsValue,
    ) -> Result<String, JsValue> {
        let text = js::string_arg(&text, "text")?;
        let m = p::parse_move(self.game.position(), &text, p::notation_arg(&notation)?)?;
        self.play(m)?;
        Ok(m.to_string())
    }

    /// Takes back the last move and returns it; throws when none was played.
    pub fn pop(&mut self) -> Result<String, JsValue> {
        self.game.pop().map(|m| m.to_string()).ok_or_else(|| xiangqi_error("pop from an empty move stack"))
    }

    /// The last move played, or `null`.
    #[wasm_bindgen(unchecked_return_type = "string | null")]
    pub fn peek(&self) -> JsValue {
        js::nullable(self.game.peek().map(|m| m.to_string()))
    }

    /// A legal ICCS move of the current position in Chinese notation, simplified unless `traditional`.
    pub fn chinese(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] iccs: JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean | undefined")] traditional: JsValue,
    ) -> Result<String, JsValue> {
        p::write_chinese(self.game.position(), &iccs, &traditional)
    }

    /// A legal ICCS move of the current position in WXF notation.
    pub fn wxf(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] iccs: JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean | undefined", js_name = blackLowerCase)]
        black_lower_case: JsValue,
    ) -> Result<String, JsValue> {
        p::write_wxf(self.game.position(), &iccs, &black_lower_case)
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.game.position().is_check()
    }

    /// Whether the side to move is checkmated.
    #[wasm_bindgen(js_name = isCheckmate)]
    pub fn is_checkmate(&self) -> bool {
        self.game.position().is_checkmate()
    }

    /// Whether the side to move has no legal move and is not in check (a loss in xiangqi).
    #[wasm_bindgen(js_name = isStalemate)]
    pub fn is_stalemate(&self) -> bool {
        self.game.position().is_stalemate()
    }

    /// How many times the current position has occurred since the last capture (this time included).
    #[wasm_bindgen(js_name = repetitionCount)]
    pub fn repetition_count(&self) -> usize {
        self.game.occurrences(self.game.len()).len()
    }

    /// The arbiter's classification of move `ply` (0-based; negative counts from the end).
    #[wasm_bindgen(unchecked_return_type = "Classification")]
    pub fn classify(&self, ply: i32) -> Result<Object, JsValue> {
        let index = self.ply_index(ply)?;
        match self.game.try_classify(index) {
            Some(Ok(c)) => Ok(crate::judgement::classification_object(index, c)),
            Some(Err(err)) => Err(xiangqi_error(&format!("move {}: {err}", index + 1))),
            None => Err(xiangqi_error(&format!("no move {ply}: the game has {} moves", self.game.len()))),
        }
    }

    /// The arbiter's verdict now, or after `ply` moves: `null` while play goes on, else a `Verdict` (a loss,
    /// a draw, a side that must change its moves, or undecided).
    #[wasm_bindgen(unchecked_return_type = "Verdict | null")]
    pub fn verdict(&self, ply: Option<u32>) -> Result<JsValue, JsValue> {
        let verdict = match ply {
            None => self.game.verdict(),
            Some(p) if (p as usize) <= self.game.len() => self.game.verdict_at(p as usize),
            Some(p) => return Err(xiangqi_error(&format!("no ply {p}: the game has {} moves", self.game.len()))),
        };
        Ok(crate::judgement::verdict_object(&verdict))
    }

    /// Whether the verdict ends the game (mate, stalemate, a repetition loss or draw, the move limit,
    /// insufficient material).
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        matches!(self.game.verdict(), Verdict::Loss(_) | Verdict::Draw(_))
    }

    /// The ECCO opening code of the moves played from the standard start (the first 20 are read). Throws an
    /// `EccoError` for a game from a set-up position or without moves.
    #[wasm_bindgen(unchecked_return_type = "Ecco")]
    pub fn ecco(&self) -> Result<Object, JsValue> {
        crate::ecco::ecco_result(self.game.ecco(), self.game.start(), self.game.moves())
    }

    /// A `Board` at the current position with the moves played.
    pub fn board(&self) -> Board {
        let mut history = Vec::with_capacity(self.game.len());
        let mut pos = self.game.start().clone();
        for &m in self.game.moves() {
            let before = pos.clone();
            pos.play_unchecked(m);
            history.push((before, m));
        }
        Board::from_parts(pos, history)
    }

    /// The game as PGN: `options.notation` (`"chinese"`, the default; `"wxf"`; `"iccs"`),
    /// `options.traditional`, and `options.tags` (an object of tag names and values). The result is the
    /// verdict's when it ends the game (`tags.Result` overrides it).
    #[wasm_bindgen(js_name = toPgn)]
    pub fn to_pgn(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PgnOptions | undefined")] options: JsValue,
    ) -> Result<String, JsValue> {
        let options = Options::read(&options, "options", &["notation", "traditional", "tags"])?;
        let mut record = GameRecord::from_moves(self.game.start().clone(), self.game.moves().iter().copied())
            .map_err(|e| illegal_move(&e.position, e.mv))?;
        record.result = match self.game.verdict() {
            Verdict::Loss(ruling) => match ruling.side {
                Some(Color::Red) => GameResult::BlackWins,
                Some(Color::Black) => GameResult::RedWins,
                None => GameResult::Unknown,
            },
            Verdict::Draw(_) => GameResult::Draw,
            _ => GameResult::Unknown,
        };
        crate::records::set_tags(&mut record, &options.get("tags"))?;
        crate::records::write_pgn(&record, &options)
    }
}

impl Game {
    fn play(&mut self, m: Move) -> Result<(), JsValue> {
        self.game.push(m).map_err(|e| illegal_move(&e.position, m))
    }

    fn ply_index(&self, ply: i32) -> Result<usize, JsValue> {
        let len = self.game.len() as i64;
        let index = if ply < 0 { i64::from(ply) + len } else { i64::from(ply) };
        if (0..len).contains(&index) {
            Ok(index as usize)
        } else {
            Err(xiangqi_error(&format!("no move {ply}: the game has {len} moves")))
        }
    }

    /// A game over `record`'s main line, for `RecordGame.game()`.
    pub fn from_core(game: xiangqi_core::Game) -> Game {
        Game { game }
    }

    /// Reads game options for other constructors (`RecordGame.game(options)`).
    pub fn config_from(options: &JsValue) -> Result<ArbiterConfig, JsValue> {
        let options = Options::read(options, "options", GAME_OPTIONS)?;
        Ok(game_config(&options)?.0)
    }
}
