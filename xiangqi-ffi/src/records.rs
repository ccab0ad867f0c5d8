//! Game records: reading PGN, XQF, DhtmlXQ and ChessBridge from memory or a file, one game at a time.

use std::ffi::c_char;

use xiangqi_core::arbiter::ArbiterConfig;
use xiangqi_core::quote::Quoted;
use xiangqi_core::record::{Format, GameRecord, GameResult, Location, RecordError, Records};

use crate::args::{borrow, borrow_mut, bytes, free_handle, text, Out};
use crate::enums::rule_set;
use crate::error::{guard, Error, Result};
use crate::fen::new_position_handle;
use crate::game::{new_game_handle, XqGame};
use crate::moves::XqMove;
use crate::output::{check_array, write_array, write_text};
use crate::position::XqPosition;
use crate::status::XqStatus;

/// A game record format.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqFormat {
    /// Told from the content (XQF and ChessBridge by their signatures, DhtmlXQ by its fields, PGN otherwise).
    Auto = 0,
    /// PGN text, any notation, UTF-8, GBK or Big5.
    Pgn = 1,
    /// XQStudio's binary XQF.
    Xqf = 2,
    /// DhtmlXQ fields, usually in a web page.
    Dhtmlxq = 3,
    /// ChessBridge's CBR, CBL (a library: one game per index entry) and CBF files. CBR layout versions 1 and 3
    /// and the `CCBridge\x15` container are recognised and refused (XQ_STATUS_UNSUPPORTED_FORMAT).
    ChessBridge = 4,
}

impl From<Format> for XqFormat {
    fn from(f: Format) -> XqFormat {
        match f {
            Format::Pgn => XqFormat::Pgn,
            Format::Xqf => XqFormat::Xqf,
            Format::DhtmlXq => XqFormat::Dhtmlxq,
            Format::ChessBridge => XqFormat::ChessBridge,
        }
    }
}

fn format(value: u32) -> Result<Option<Format>> {
    Ok(match value {
        0 => None,
        1 => Some(Format::Pgn),
        2 => Some(Format::Xqf),
        3 => Some(Format::DhtmlXq),
        4 => Some(Format::ChessBridge),
        _ => return Err(Error::invalid(format!("format: {value} is not an XqFormat value"))),
    })
}

/// The result a record states.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqGameResult {
    /// Not known, or the game is not over ("*").
    Unknown = 0,
    /// Red won ("1-0").
    RedWins = 1,
    /// Black won ("0-1").
    BlackWins = 2,
    /// A draw ("1/2-1/2").
    Draw = 3,
}

/// A reader of the games of a record: a file or a buffer in memory.
///
/// Ownership: made by xq_record_reader_from_buffer() or xq_record_reader_open(), owned by the caller, freed
/// with xq_record_reader_free(). The records it hands out are independent of it.
///
/// Thread safety: may be moved to another thread; one thread at a time.
pub struct XqRecordReader {
    records: Records,
}

/// One game of a record, read or not.
///
/// A game that could not be read keeps the error (xq_record_error_status(), xq_record_error_message(),
/// xq_record_error_location()) and, when the reader got that far, the game up to the fault: its tags, start
/// and moves. Functions that need the game return XQ_STATUS_RECORD_ERROR when not even that exists.
///
/// Ownership: made by xq_record_reader_next(), owned by the caller, freed with xq_record_free().
///
/// Thread safety: may be moved to another thread; const functions may run on one handle from several
/// threads at once.
pub struct XqRecord {
    game: Option<GameRecord>,
    error: Option<RecordError>,
}

impl XqRecord {
    pub(crate) fn game(&self) -> Result<&GameRecord> {
        self.game.as_ref().ok_or_else(|| {
            Error::new(
                XqStatus::RecordError,
                match &self.error {
                    Some(e) => format!("no part of this game could be read: {e}"),
                    None => "no game".to_string(),
                },
            )
        })
    }
}

fn error_status(e: &RecordError) -> XqStatus {
    match e {
        RecordError::Io(_) => XqStatus::IoError,
        e if e.is_unsupported() => XqStatus::UnsupportedFormat,
        _ => XqStatus::RecordError,
    }
}

fn new_reader_handle(out: &Out<*mut XqRecordReader>, records: Records) {
    // SAFETY: `out` was checked non-NULL by `Out::handle`; writable by the caller's contract.
    unsafe { out.give(XqRecordReader { records }) };
}

/// A reader over `len` bytes at `data`, in a format (XQ_FORMAT_AUTO tells it from the content). The bytes
/// are copied during this call: the caller may free them on return. Free the reader with
/// xq_record_reader_free().
#[no_mangle]
pub unsafe extern "C" fn xq_record_reader_from_buffer(
    data: *const u8,
    len: usize,
    format_value: u32,
    out: *mut *mut XqRecordReader,
) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        let forced = format(format_value)?;
        // SAFETY: `data` holds `len` bytes by the caller's contract, for the duration of this call.
        let data = unsafe { bytes(data, len, "data") }?;
        let records = Records::from_reader(std::io::Cursor::new(data.to_vec()), forced, None, None)
            .map_err(|e| Error::new(XqStatus::IoError, format!("cannot read the buffer: {e}")))?;
        new_reader_handle(&out, records);
        Ok(())
    })
}

/// A reader over a file (`path_len` bytes of UTF-8, no NUL needed), in a format (XQ_FORMAT_AUTO tells it
/// from the content; the extension is only a hint). PGN files are read as the games are asked for; others
/// whole. XQ_STATUS_IO_ERROR when the file cannot be opened or read.
#[no_mangle]
pub unsafe extern "C" fn xq_record_reader_open(
    path: *const c_char,
    path_len: usize,
    format_value: u32,
    out: *mut *mut XqRecordReader,
) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        let forced = format(format_value)?;
        // SAFETY: `path` holds `path_len` bytes by the caller's contract.
        let path = unsafe { text(path, path_len, "path") }?;
        let io_error = |e: std::io::Error| Error::new(XqStatus::IoError, format!("cannot read {}: {e}", Quoted(path)));
        let file = std::fs::File::open(path).map_err(io_error)?;
        let extension = std::path::Path::new(path).extension().and_then(|e| e.to_str());
        let records = Records::from_reader(file, forced, extension, None).map_err(io_error)?;
        new_reader_handle(&out, records);
        Ok(())
    })
}

/// Frees a reader. NULL is allowed and does nothing.
#[no_mangle]
pub unsafe extern "C" fn xq_record_reader_free(reader: *mut XqRecordReader) {
    // SAFETY: a handle of this library, freed once, by the caller's contract.
    unsafe { free_handle(reader) }
}

/// The format the reader reads.
#[no_mangle]
pub unsafe extern "C" fn xq_record_reader_format(reader: *const XqRecordReader, out: *mut XqFormat) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let reader = unsafe { borrow(reader, "reader") }?;
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(reader.records.format().into()) };
        Ok(())
    })
}

/// The next game. XQ_STATUS_OK: `*out` is the game. XQ_STATUS_END_OF_RECORDS: no more games, `*out` is NULL.
/// XQ_STATUS_RECORD_ERROR (or XQ_STATUS_IO_ERROR, XQ_STATUS_UNSUPPORTED_FORMAT): this game could not be read;
/// `*out` is a record holding the error and what was read, and the next call goes on with the next game.
/// Free each record with xq_record_free().
#[no_mangle]
pub unsafe extern "C" fn xq_record_reader_next(reader: *mut XqRecordReader, out: *mut *mut XqRecord) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        // SAFETY: a live handle, used by this call alone, by the caller's contract.
        let reader = unsafe { borrow_mut(reader, "reader") }?;
        let Some(next) = reader.records.next() else {
            return Err(Error::new(XqStatus::EndOfRecords, "no more games"));
        };
        let (record, failure) = match next {
            Ok(game) => (XqRecord { game: Some(game), error: None }, None),
            Err(e) => {
                let failure = Error::new(error_status(&e), e.to_string());
                (XqRecord { game: e.partial().cloned(), error: Some(e) }, Some(failure))
            }
        };
        // SAFETY: checked out-parameter, writable by the caller\'s contract.
        unsafe { out.give(record) };
        failure.map_or(Ok(()), Err)
    })
}

/// Frees a record. NULL is allowed and does nothing.
#[no_mangle]
pub unsafe extern "C" fn xq_record_free(record: *mut XqRecord) {
    // SAFETY: a handle of this library, freed once, by the caller's contract.
    unsafe { free_handle(record) }
}

/// XQ_STATUS_OK in `*out` for a game that was read; otherwise the status xq_record_reader_next() returned
/// for it.
#[no_mangle]
pub unsafe extern "C" fn xq_record_error_status(record: *const XqRecord, out: *mut XqStatus) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let record = unsafe { borrow(record, "record") }?;
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(record.error.as_ref().map_or(XqStatus::Ok, error_status)) };
        Ok(())
    })
}

/// Why the game could not be read ("" for a game that was read), into `buf` (string rules). The text names
/// the game, byte offset, line, ply and token.
#[no_mangle]
pub unsafe extern "C" fn xq_record_error_message(
    record: *const XqRecord,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle by the caller's contract.
        let record = unsafe { borrow(record, "record") }?;
        let message = record.error.as_ref().map(ToString::to_string).unwrap_or_default();
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_text(&message, buf, len, needed) }
    })
}

/// Where a reader met a problem.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqLocation {
    /// The game's index in the file, from 0.
    pub game_index: usize,
    /// The byte offset in the file of the token, record or field at fault.
    pub byte_offset: u64,
    /// Whether `line` is set (text formats).
    pub has_line: bool,
    /// The line, from 1.
    pub line: u64,
    /// Whether `ply` is set (a move is at fault).
    pub has_ply: bool,
    /// The ply at fault, 1 for the first move.
    pub ply: usize,
    /// Whether there is an offending token (read it with xq_record_error_token()).
    pub has_token: bool,
}

fn location(record: &XqRecord) -> Result<&Location> {
    record
        .error
        .as_ref()
        .and_then(RecordError::location)
        .ok_or_else(|| Error::new(XqStatus::NotFound, "the record has no error location"))
}

/// Where the game's error is. XQ_STATUS_NOT_FOUND for a game that was read, or an error without a location
/// (an I/O error).
#[no_mangle]
pub unsafe extern "C" fn xq_record_error_location(record: *const XqRecord, out: *mut XqLocation) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let loc = location(unsafe { borrow(record, "record") }?)?;
        let data = XqLocation {
            game_index: loc.game_index,
            byte_offset: loc.byte_offset,
            has_line: loc.line.is_some(),
            line: loc.line.unwrap_or(0),
            has_ply: loc.ply.is_some(),
            ply: loc.ply.unwrap_or(0),
            has_token: loc.token.is_some(),
        };
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(data) };
        Ok(())
    })
}

/// The offending text of the game's error (a move token, a field), into `buf` (string rules).
/// XQ_STATUS_NOT_FOUND when there is none.
#[no_mangle]
pub unsafe extern "C" fn xq_record_error_token(
    record: *const XqRecord,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle by the caller's contract.
        let loc = location(unsafe { borrow(record, "record") }?)?;
        let token = loc.token.as_deref().ok_or_else(|| Error::new(XqStatus::NotFound, "the error names no token"))?;
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_text(token, buf, len, needed) }
    })
}

/// The number of tags (name/value pairs such as Event, Red, Black, Date), in the order read.
#[no_mangle]
pub unsafe extern "C" fn xq_record_tag_count(record: *const XqRecord, out: *mut usize) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(record, "record") }?.game()?;
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(game.tags.len()) };
        Ok(())
    })
}

/// Writes the name or the value (`pick`) of tag `index` by the string rules.
unsafe fn write_tag_part(
    record: *const XqRecord,
    index: usize,
    pick: for<'a> fn((&'a str, &'a str)) -> &'a str,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> Result<()> {
    // SAFETY: a live handle by the caller's contract.
    let game = unsafe { borrow(record, "record") }?.game()?;
    let tag = game.tags.iter().nth(index).ok_or_else(|| {
        Error::new(XqStatus::OutOfRange, format!("tag {index} is past the record's {} tags", game.tags.len()))
    })?;
    // SAFETY: buffer contract forwarded from the caller.
    unsafe { write_text(pick(tag), buf, len, needed) }
}

/// The name of tag `index` (0-based) into `buf` (string rules).
#[no_mangle]
pub unsafe extern "C" fn xq_record_tag_name(
    record: *const XqRecord,
    index: usize,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    // SAFETY: the caller's contract, forwarded.
    guard(|| unsafe { write_tag_part(record, index, |(name, _)| name, buf, len, needed) })
}

/// The value of tag `index` (0-based) into `buf` (string rules).
#[no_mangle]
pub unsafe extern "C" fn xq_record_tag_value(
    record: *const XqRecord,
    index: usize,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    // SAFETY: the caller's contract, forwarded.
    guard(|| unsafe { write_tag_part(record, index, |(_, value)| value, buf, len, needed) })
}

/// The value of the tag named `name` (`name_len` bytes, compared exactly) into `buf` (string rules).
/// XQ_STATUS_NOT_FOUND when the record has no such tag.
#[no_mangle]
pub unsafe extern "C" fn xq_record_tag(
    record: *const XqRecord,
    name: *const c_char,
    name_len: usize,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(record, "record") }?.game()?;
        // SAFETY: `name` holds `name_len` bytes by the caller's contract.
        let name = unsafe { text(name, name_len, "name") }?;
        let value = game
            .tags
            .get(name)
            .ok_or_else(|| Error::new(XqStatus::NotFound, format!("no tag named {}", Quoted(name))))?;
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_text(value, buf, len, needed) }
    })
}

/// The number of warnings: problems the reader worked around (the game was read, but not exactly as
/// written: a truncated XQF move list kept as far as it goes, bytes that do not decode, ...).
#[no_mangle]
pub unsafe extern "C" fn xq_record_warning_count(record: *const XqRecord, out: *mut usize) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(record, "record") }?.game()?;
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(game.warnings.len()) };
        Ok(())
    })
}

/// Warning `index` (0-based) as a sentence ("ply 12: ..." when it concerns a move) into `buf` (string
/// rules).
#[no_mangle]
pub unsafe extern "C" fn xq_record_warning(
    record: *const XqRecord,
    index: usize,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(record, "record") }?.game()?;
        let warning = game.warnings.get(index).ok_or_else(|| {
            Error::new(XqStatus::OutOfRange, format!("warning {index} is past the {} warnings", game.warnings.len()))
        })?;
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_text(&warning.to_string(), buf, len, needed) }
    })
}

/// The result the record states.
#[no_mangle]
pub unsafe extern "C" fn xq_record_result(record: *const XqRecord, out: *mut XqGameResult) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(record, "record") }?.game()?;
        let result = match game.result {
            GameResult::RedWins => XqGameResult::RedWins,
            GameResult::BlackWins => XqGameResult::BlackWins,
            GameResult::Draw => XqGameResult::Draw,
            GameResult::Unknown => XqGameResult::Unknown,
        };
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(result) };
        Ok(())
    })
}

/// The start position as FEN into `buf` (string rules).
#[no_mangle]
pub unsafe extern "C" fn xq_record_start_fen(
    record: *const XqRecord,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(record, "record") }?.game()?;
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_text(&game.start().fen(), buf, len, needed) }
    })
}

/// A copy of the start position. Free it with xq_position_free().
#[no_mangle]
pub unsafe extern "C" fn xq_record_start_position(record: *const XqRecord, out: *mut *mut XqPosition) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(record, "record") }?.game()?;
        new_position_handle(&out, game.start().clone());
        Ok(())
    })
}

/// The main line's moves (every one legal), array rules as xq_position_legal_moves(): up to `capacity` into
/// `out`, their number into `*out_count`, XQ_STATUS_BUFFER_TOO_SMALL when they did not all fit.
#[no_mangle]
pub unsafe extern "C" fn xq_record_moves(
    record: *const XqRecord,
    out: *mut XqMove,
    capacity: usize,
    out_count: *mut usize,
) -> XqStatus {
    guard(|| {
        check_array(out, capacity, out_count)?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(record, "record") }?.game()?;
        let moves: Vec<XqMove> = game.main_line().map(XqMove::from).collect();
        // SAFETY: array contract checked and forwarded from the caller.
        unsafe { write_array(moves.into_iter(), out, capacity, out_count, "moves") }
    })
}

/// The main line as a new game judged by `rules` (an XqRules value), ready for xq_game_verdict(). Free it
/// with xq_game_free().
#[no_mangle]
pub unsafe extern "C" fn xq_record_to_game(record: *const XqRecord, rules: u32, out: *mut *mut XqGame) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        let rules = rule_set(rules)?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(record, "record") }?.game()?;
        let mut game = game.to_game();
        game.set_config(ArbiterConfig::with_rules(rules));
        new_game_handle(&out, game);
        Ok(())
    })
}
