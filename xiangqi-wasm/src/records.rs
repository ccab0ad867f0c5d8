//! Game records: `readGames(bytes)` reads PGN, XQF, DhtmlXQ and ChessBridge (the format and the text encoding
//! are detected) into `RecordGame`s, and a record is written back as PGN, XQF or DhtmlXQ.

use std::io::Cursor;

use js_sys::{Array, Object, Uint8Array};
use wasm_bindgen::prelude::*;
use xiangqi_core::chinese::ChineseStyle;
use xiangqi_core::encoding::TextEncoding;
use xiangqi_core::pgn::{self, WriteOptions};
use xiangqi_core::record::{Format, GameRecord, Records};
use xiangqi_core::xqf::XqfVersion;
use xiangqi_core::{Notation, Position};

use crate::errors::{record_error, type_error, xiangqi_error};
use crate::game::Game;
use crate::js::{self, describe, Options};
use crate::position::move_array;

/// Reads every game of a record held in memory: PGN (any number of games), XQF, or a page with DhtmlXQ
/// games. `options.encoding` (`"utf-8"`, `"gbk"`, `"big5"`, ...) overrides the detection of the text
/// encoding; `options.extension` (`"pgn"`, `"xqf"`) decides only a source too short to tell; with
/// `options.strict` the first unreadable game throws its `RecordError`, otherwise that game carries it in
/// `error` with the moves read before the fault.
#[wasm_bindgen(js_name = readGames, unchecked_return_type = "RecordGame[]")]
pub fn read_games(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ReadOptions | undefined")] options: JsValue,
) -> Result<Array, JsValue> {
    let Some(bytes) = bytes.dyn_ref::<Uint8Array>() else {
        return Err(type_error(&format!("bytes must be a Uint8Array, got {}", describe(&bytes))));
    };
    let options = Options::read(&options, "options", &["encoding", "extension", "strict"])?;
    let encoding = match js::optional_string(&options.get("encoding"), &options.field("encoding"))? {
        Some(name) => Some(name.parse::<TextEncoding>().map_err(|e| xiangqi_error(&format!("{e}")))?),
        None => None,
    };
    let extension = js::optional_string(&options.get("extension"), &options.field("extension"))?;
    let strict = js::optional_bool(&options.get("strict"), &options.field("strict"))?.unwrap_or(false);
    let records = Records::from_reader(Cursor::new(bytes.to_vec()), None, extension.as_deref(), encoding)
        .map_err(|e| xiangqi_error(&format!("cannot read the record: {e}")))?;
    let format = records.format();
    let games = Array::new();
    for (index, item) in records.enumerate() {
        let game = match item {
            Ok(record) => RecordGame { record, index, format, error: JsValue::NULL },
            Err(err) => {
                let exception = record_error(&err, format.name());
                if strict {
                    return Err(exception);
                }
                let partial = err.partial().cloned().unwrap_or_else(|| GameRecord::new(Position::default()));
                RecordGame { record: partial, index, format, error: exception }
            }
        };
        games.push(&game.into());
    }
    Ok(games)
}

/// One game of a record: tags, main line, variations, result, the reader's warnings, and the `RecordError`
/// that stopped the reader (`error`, with the moves read before the fault), if any.
#[wasm_bindgen]
pub struct RecordGame {
    record: GameRecord,
    index: usize,
    format: Format,
    error: JsValue,
}

#[wasm_bindgen]
impl RecordGame {
    /// The game's index in its source, from 0.
    #[wasm_bindgen(getter)]
    pub fn index(&self) -> usize {
        self.index
    }

    /// The format read: `"PGN"`, `"XQF"`, `"DhtmlXQ"` or `"ChessBridge"`.
    #[wasm_bindgen(getter)]
    pub fn format(&self) -> String {
        self.format.name().to_string()
    }

    /// The `RecordError` that stopped the reader in this game, or `null`.
    #[wasm_bindgen(getter, unchecked_return_type = "Error | null")]
    pub fn error(&self) -> JsValue {
        self.error.clone()
    }

    /// The tags in the order read, as an object.
    #[wasm_bindgen(getter, unchecked_return_type = "Record<string, string>")]
    pub fn headers(&self) -> Object {
        let headers = Object::new();
        for (name, value) in self.record.tags.iter() {
            js::set(&headers, name, value);
        }
        headers
    }

    /// The result: `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    #[wasm_bindgen(getter)]
    pub fn result(&self) -> String {
        self.record.result.as_pgn().to_string()
    }

    /// The start position's FEN.
    #[wasm_bindgen(getter, js_name = startingFen)]
    pub fn starting_fen(&self) -> String {
        self.record.start().fen()
    }

    /// The number of moves of the main line.
    #[wasm_bindgen(getter)]
    pub fn plies(&self) -> usize {
        self.record.tree.main_line_len()
    }

    /// What the reader worked around, as sentences.
    #[wasm_bindgen(getter, unchecked_return_type = "string[]")]
    pub fn warnings(&self) -> Array {
        js::string_array(self.record.warnings.iter().map(ToString::to_string))
    }

    /// The comment before the first move, or `null`.
    #[wasm_bindgen(getter, unchecked_return_type = "string | null")]
    pub fn comment(&self) -> JsValue {
        js::nullable(self.record.tree.comment(self.record.tree.root()))
    }

    /// The main line's moves, in ICCS.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn mainline(&self) -> Array {
        let moves: Vec<_> = self.record.main_line().collect();
        move_array(&moves)
    }

    /// The comments after each move of the main line (`null` where there is none).
    #[wasm_bindgen(js_name = mainlineComments, unchecked_return_type = "(string | null)[]")]
    pub fn mainline_comments(&self) -> Array {
        let tree = &self.record.tree;
        tree.main_line_nodes().map(|id| js::nullable(tree.comment(id))).collect()
    }

    /// Every line of the tree from the start to a leaf, the main line first, each a list of ICCS moves.
    #[wasm_bindgen(unchecked_return_type = "string[][]")]
    pub fn lines(&self) -> Array {
        self.record.tree.lines().iter().map(|line| JsValue::from(move_array(line))).collect()
    }

    /// The ECCO code of the main line, computed from the moves (compare with `headers.ECCO`). Throws an
    /// `EccoError` for a game from a set-up position or without moves.
    #[wasm_bindgen(unchecked_return_type = "Ecco")]
    pub fn ecco(&self) -> Result<Object, JsValue> {
        let moves: Vec<_> = self.record.main_line().take(20).collect();
        crate::ecco::ecco_result(self.record.ecco(), self.record.start(), &moves)
    }

    /// The main line as a `Game` judged by the arbiter, with `options` as for `new Game` (the start
    /// position is taken leniently: records hold composed positions).
    pub fn game(
        &self,
        #[wasm_bindgen(unchecked_param_type = "GameOptions | undefined")] options: JsValue,
    ) -> Result<Game, JsValue> {
        let config = Game::config_from(&options)?;
        let mut game = xiangqi_core::Game::with_config(self.record.start().clone(), config);
        for m in self.record.main_line() {
            game.push(m).map_err(|e| crate::errors::illegal_move(&e.position, m))?;
        }
        Ok(Game::from_core(game))
    }

    /// The game as PGN: `options.notation` (`"chinese"`, the default; `"wxf"`; `"iccs"`) and
    /// `options.traditional`; variations, comments and NAGs are kept.
    #[wasm_bindgen(js_name = toPgn)]
    pub fn to_pgn(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PgnOptions | undefined")] options: JsValue,
    ) -> Result<String, JsValue> {
        let options = Options::read(&options, "options", &["notation", "traditional", "tags"])?;
        let mut record = self.record.clone();
        set_tags(&mut record, &options.get("tags"))?;
        write_pgn(&record, &options)
    }

    /// The game as an XQF file (version 18 unless `version` is 10).
    #[wasm_bindgen(js_name = toXqf)]
    pub fn to_xqf(&self, version: Option<u32>) -> Result<Uint8Array, JsValue> {
        let version = match version {
            None | Some(18) => XqfVersion::V18,
            Some(10) => XqfVersion::V10,
            Some(other) => return Err(xiangqi_error(&format!("XQF version {other}: 10 or 18 are written"))),
        };
        Ok(Uint8Array::from(&xiangqi_core::xqf::write(&self.record, version)[..]))
    }

    /// The game as a DhtmlXQ block (`[DhtmlXQ]...[/DhtmlXQ]`).
    #[wasm_bindgen(js_name = toDhtmlXq)]
    pub fn to_dhtmlxq(&self) -> String {
        xiangqi_core::dhtmlxq::write(&self.record)
    }
}

/// Sets the tags of `tags` (an object of strings; `undefined` for none) on `record`; `Result` sets the
/// record's result.
pub fn set_tags(record: &mut GameRecord, tags: &JsValue) -> Result<(), JsValue> {
    if js::is_absent(tags) {
        return Ok(());
    }
    if !tags.is_object() || Array::is_array(tags) {
        return Err(type_error(&format!("options.tags must be an object of strings, got {}", describe(tags))));
    }
    let entries = Object::entries(&Object::from(tags.clone()));
    for entry in entries.iter() {
        let pair = Array::from(&entry);
        let name = pair.get(0).as_string().unwrap_or_default();
        let value = js::string_arg(&pair.get(1), &format!("options.tags.{name}"))?;
        if name == "Result" {
            // The result is the record's own field, which the writer puts in the Result tag.
            record.result = value.parse().map_err(|e| xiangqi_error(&format!("options.tags.Result: {e}")))?;
        } else {
            record.tags.set(name, value);
        }
    }
    Ok(())
}

/// PGN text of `record` with the notation of `options`.
pub fn write_pgn(record: &GameRecord, options: &Options) -> Result<String, JsValue> {
    let notation = match js::optional_string(&options.get("notation"), &options.field("notation"))? {
        None => Notation::Chinese,
        Some(name) => match name.to_ascii_lowercase().as_str() {
            "chinese" => Notation::Chinese,
            "wxf" => Notation::Wxf,
            "iccs" => Notation::Iccs,
            _ => return Err(xiangqi_error(&format!("unknown notation {name:?} (expected chinese, wxf or iccs)"))),
        },
    };
    let traditional = js::optional_bool(&options.get("traditional"), &options.field("traditional"))?.unwrap_or(false);
    let mut write = WriteOptions::new(notation);
    if traditional {
        write = write.chinese(ChineseStyle::TRADITIONAL);
    }
    Ok(pgn::write(record, &write))
}
