//! CBR records (a `.cbr` file, or one game of a `.cbl` library) and CBL libraries: the header, the board,
//! then the move records in pre-order with an explicit stack.

use super::error::{ChessBridgeError, ChessBridgeErrorKind, Container};
use super::tag_name;
use crate::record::board::composed_position;
use crate::record::preorder::{read_preorder, Links, PreorderRecords, TreeStop};
use crate::record::{GameRecord, GameResult, Location, MoveTree, ReadWarning, Tags};
use crate::{Color, Piece, Position, Role, Setup, Square};

pub(super) const CBR_MAGIC: &[u8; 16] = b"CCBridge Record\0";
pub(super) const CBL_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";

const LAYOUT_OFFSET: usize = 19;
/// The only layout read.
const LAYOUT: u8 = 2;
const RESULT_OFFSET: usize = 2076;
const FIRST_MOVER_OFFSET: usize = 2112;
const START_MOVE_OFFSET: usize = 2116;
const BOARD_OFFSET: usize = 2120;
/// The move records start here.
const MOVES_OFFSET: usize = 2214;

/// The text fields: offset, size in bytes, and the name CBF gives the same field (see [`tag_name`]).
const FIELDS: [(usize, usize, &str); 30] = [
    (52, 128, "Script"),
    (180, 128, "Name"),
    (308, 256, "Category"),
    (564, 64, "Source"),
    (628, 64, "ContestType"),
    (692, 64, "Contest"),
    (756, 64, "Round"),
    (820, 32, "Group"),
    (852, 32, "Table"),
    (884, 64, "Date"),
    (948, 64, "Site"),
    (1012, 64, "TimeRule"),
    (1076, 64, "Red"),
    (1140, 64, "RedTeam"),
    (1204, 64, "RedTime"),
    (1268, 32, "RedRating"),
    (1300, 64, "Black"),
    (1364, 64, "BlackTeam"),
    (1428, 64, "BlackTime"),
    (1492, 32, "BlackRating"),
    (1524, 64, "Referee"),
    (1588, 64, "Recorder"),
    (1652, 64, "Commentator"),
    (1716, 64, "CommentatorURL"),
    (1780, 64, "Creator"),
    (1844, 64, "CreatorURL"),
    (1908, 40, "DateCreated"),
    (1972, 40, "DateModified"),
    (2044, 32, "RecordKind"),
    (2080, 32, "ResultType"),
];

/// A CBL library's header: the slot capacity, then the index from here, then the records.
const CBL_CAPACITY_OFFSET: usize = 60;
const CBL_INDEX_OFFSET: usize = 66_624;
const CBL_ENTRY_LEN: usize = 276;
const CBL_BLOCK: u64 = 4096;
const ENTRY_TITLE: (usize, usize) = (100, 128);

/// The text of a fixed UTF-16LE field, up to its first 0 unit; whether units did not decode.
pub(super) fn utf16_field(bytes: &[u8]) -> (String, bool) {
    let units: Vec<u16> =
        bytes.chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]])).take_while(|&u| u != 0).collect();
    utf16_text(&units)
}

fn utf16_text(units: &[u16]) -> (String, bool) {
    let mut replaced = false;
    let text = char::decode_utf16(units.iter().copied())
        .map(|c| {
            c.unwrap_or_else(|_| {
                replaced = true;
                char::REPLACEMENT_CHARACTER
            })
        })
        .collect();
    (text, replaced)
}

/// A CBR record's header fields as tags, in the order of the header.
fn read_tags(rec: &[u8], warnings: &mut Vec<ReadWarning>) -> Tags {
    let mut tags = Tags::default();
    for (offset, size, field) in FIELDS {
        let (text, replaced) = utf16_field(&rec[offset..offset + size]);
        let name = tag_name(field);
        if replaced {
            warnings.push(ReadWarning::new(None, format!("{name}: text that is not UTF-16, replaced with U+FFFD")));
        }
        let text = text.trim();
        if !text.is_empty() {
            tags.set(name, text);
        }
    }
    tags
}

/// The piece of a board byte (`None` for an empty point), or the byte if it is no piece code.
fn piece(code: u8) -> Result<Option<Piece>, u8> {
    let color = match code >> 4 {
        _ if code == 0 => return Ok(None),
        1 => Color::Red,
        2 => Color::Black,
        _ => return Err(code),
    };
    let role = match code & 0x0F {
        1 => Role::Chariot,
        2 => Role::Horse,
        3 => Role::Elephant,
        4 => Role::Advisor,
        5 => Role::General,
        6 => Role::Cannon,
        7 => Role::Soldier,
        _ => return Err(code),
    };
    Ok(Some(Piece::new(color, role)))
}

/// The square of a board index (0 = a9, 8 = i9, 81 = a0, 89 = i0), if on the board.
pub(super) fn square(index: u8) -> Option<Square> {
    (index < 90).then(|| Square::from_coords(index % 9, 9 - index / 9)).flatten()
}

/// One move record as stored; offsets are in the record's bytes.
#[derive(Debug)]
struct Record {
    offset: usize,
    flags: u8,
    from: u8,
    to: u8,
    /// Offset and length of the comment text.
    comment: Option<(usize, usize)>,
    end: usize,
}

impl Record {
    fn ends_line(&self) -> bool {
        self.flags & 0x01 != 0
    }

    fn has_sibling(&self) -> bool {
        self.flags & 0x02 != 0
    }
}

/// Why a record could not be taken whole.
enum Bad {
    /// The data ends inside the record's head or comment length.
    Cut,
    Flags(u8),
    CommentPastEnd(u32),
}

/// The record at `offset`.
fn record(rec: &[u8], offset: usize) -> Result<Record, Bad> {
    let head = rec.get(offset..offset + 4).ok_or(Bad::Cut)?;
    let (flags, from, to) = (head[0], head[2], head[3]);
    if flags & !0x07 != 0 {
        return Err(Bad::Flags(flags));
    }
    let mut record = Record { offset, flags, from, to, comment: None, end: offset + 4 };
    if flags & 0x04 != 0 {
        let len = rec.get(offset + 4..offset + 8).ok_or(Bad::Cut)?;
        let len = u32::from_le_bytes([len[0], len[1], len[2], len[3]]);
        let start = offset + 8;
        if u64::from(len) > (rec.len() - start) as u64 {
            return Err(Bad::CommentPastEnd(len));
        }
        record.comment = Some((start, len as usize));
        record.end = start + len as usize;
    }
    Ok(record)
}

/// Where the bytes of a record are, for errors and warnings: the index of the game in its file, and the
/// offset of the record's first byte in the file.
#[derive(Copy, Clone)]
pub(super) struct Place {
    pub container: Container,
    pub game_index: usize,
    pub base: usize,
}

impl Place {
    fn error(self, offset: usize, kind: ChessBridgeErrorKind) -> ChessBridgeError {
        let mut err = ChessBridgeError::at(self.container, self.base + offset, kind);
        err.location.game_index = self.game_index;
        err
    }

    fn located(self, offset: usize, ply: Option<usize>, token: Option<String>) -> Location {
        Location {
            game_index: self.game_index,
            byte_offset: (self.base + offset) as u64,
            ply,
            token,
            ..Location::default()
        }
    }
}

/// A comment as text, `\r\n` made `\n`.
fn comment(
    rec: &[u8],
    record: &Record,
    place: Place,
    ply: Option<usize>,
    warnings: &mut Vec<ReadWarning>,
) -> Option<String> {
    let (start, len) = record.comment?;
    let bytes = &rec[start..start + len];
    let units: Vec<u16> = bytes.chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]])).collect();
    let (text, replaced) = utf16_text(&units);
    if replaced || len % 2 != 0 {
        warnings.push(ReadWarning::new(
            ply,
            format!("byte {}: comment text that is not UTF-16, replaced with U+FFFD", place.base + record.offset),
        ));
    }
    let text = if text.contains('\r') { text.replace("\r\n", "\n") } else { text };
    let text = text.trim_end_matches('\0').to_owned();
    (!text.is_empty()).then_some(text)
}

/// Reads one CBR record held in `rec` (a whole `.cbr` file, or the bytes a library's index gives a game,
/// up to the end of its blocks). `stated_len` is the record's length a library's index gives: the move
/// tree must end there, and the bytes after it are not looked at (libraries leave stale data in the
/// rest of a block). Without it (a `.cbr` file), bytes after the tree other than zeros give a warning.
pub(super) fn read_record(rec: &[u8], place: Place, stated_len: Option<usize>) -> Result<GameRecord, ChessBridgeError> {
    if !rec.starts_with(CBR_MAGIC) {
        let kind = if CBR_MAGIC.starts_with(rec) {
            ChessBridgeErrorKind::TruncatedHeader
        } else {
            ChessBridgeErrorKind::NotChessBridge
        };
        let at = if kind == ChessBridgeErrorKind::TruncatedHeader { rec.len() } else { 0 };
        return Err(place.error(at, kind));
    }
    match rec.get(LAYOUT_OFFSET) {
        Some(&LAYOUT) => {}
        Some(&other) => return Err(place.error(LAYOUT_OFFSET, ChessBridgeErrorKind::UnsupportedLayout(other))),
        None => {}
    }
    if rec.len() < MOVES_OFFSET + 4 {
        return Err(place.error(rec.len(), ChessBridgeErrorKind::TruncatedHeader));
    }
    let mut warnings = Vec::new();
    let tags = read_tags(rec, &mut warnings);
    let result = match rec[RESULT_OFFSET] {
        0 | 4 => GameResult::Unknown,
        1 => GameResult::RedWins,
        2 => GameResult::BlackWins,
        3 => GameResult::Draw,
        other => {
            warnings.push(ReadWarning::new(None, format!("unknown result code {other}; read as unknown")));
            GameResult::Unknown
        }
    };
    let root = match record(rec, MOVES_OFFSET) {
        Ok(root) => root,
        Err(bad) => {
            let start = start_position(rec, None, place, &mut warnings)?;
            let partial = GameRecord { tags, tree: MoveTree::new(start), result, warnings };
            return Err(bad_record(bad, MOVES_OFFSET, rec.len(), None, place, partial));
        }
    };
    let first = if root.ends_line() { None } else { record(rec, root.end).ok() };
    let start = start_position(rec, first.as_ref(), place, &mut warnings)?;
    let mut game = GameRecord { tags, tree: MoveTree::new(start), result, warnings };
    let root_id = game.tree.root();
    if let Some(text) = comment(rec, &root, place, None, &mut game.warnings) {
        game.tree.set_comment(root_id, text);
    }
    if root.has_sibling() {
        game.warnings.push(ReadWarning::new(None, "the root record announces a sibling; ignored"));
    }
    let (mut game, end) = if root.ends_line() {
        (game, root.end)
    } else {
        read_preorder(&Moves { rec, place }, game, root.end, true)
            .map_err(|(stop, partial)| stopped(stop, partial, rec.len(), place))?
    };
    match stated_len {
        Some(stated) if stated != end => {
            let mut err = place.error(end, ChessBridgeErrorKind::LengthMismatch { stated: stated as u64 });
            err.partial = Some(Box::new(game));
            return Err(err);
        }
        Some(_) => {}
        // As the XQF reader does: bytes after the tree that are not zero padding are said, not read.
        None if rec[end..].iter().any(|&b| b != 0) => game.warnings.push(ReadWarning::new(
            None,
            format!("{} bytes after the last record (from byte {}) ignored", rec.len() - end, place.base + end),
        )),
        None => {}
    }
    Ok(game)
}

/// The error for a record that could not be taken whole.
fn bad_record(
    bad: Bad,
    offset: usize,
    len: usize,
    ply: Option<usize>,
    place: Place,
    partial: GameRecord,
) -> ChessBridgeError {
    let (at, kind) = match bad {
        Bad::Cut => (offset.min(len), ChessBridgeErrorKind::Truncated),
        Bad::Flags(flags) => (offset, ChessBridgeErrorKind::InvalidFlags(flags)),
        Bad::CommentPastEnd(n) => (offset, ChessBridgeErrorKind::CommentPastEnd(n)),
    };
    ChessBridgeError {
        container: place.container,
        location: place.located(at, ply, None),
        kind,
        partial: Some(Box::new(partial)),
    }
}

/// The board, with the side to move from the first-mover byte (the first move's piece decides when it
/// disagrees), and the starting move number.
fn start_position(
    rec: &[u8],
    first: Option<&Record>,
    place: Place,
    warnings: &mut Vec<ReadWarning>,
) -> Result<Position, ChessBridgeError> {
    let mut setup = Setup::empty();
    let board = &rec[BOARD_OFFSET..BOARD_OFFSET + 90];
    if first.is_none() && board.iter().all(|&b| b == 0) && rec[MOVES_OFFSET] & 0x01 != 0 {
        warnings.push(ReadWarning::new(
            None,
            "the board is empty and there is no move (a record that holds only text, such as a section heading \
             of a library): read with the standard start position",
        ));
        return Ok(Position::default());
    }
    for (i, &code) in rec[BOARD_OFFSET..BOARD_OFFSET + 90].iter().enumerate() {
        let piece =
            piece(code).map_err(|code| place.error(BOARD_OFFSET + i, ChessBridgeErrorKind::InvalidPiece(code)))?;
        if let (Some(piece), Some(sq)) = (piece, square(i as u8)) {
            setup.board[sq.index()] = Some(piece);
        }
    }
    let stated = match rec[FIRST_MOVER_OFFSET] {
        1 => Some(Color::Red),
        2 => Some(Color::Black),
        other => {
            warnings.push(ReadWarning::new(None, format!("first-mover byte {other} is neither 1 (Red) nor 2 (Black)")));
            None
        }
    };
    let mover = first.and_then(|rec| square(rec.from)).and_then(|sq| setup.board[sq.index()]).map(|p| p.color);
    setup.turn = match (stated, mover) {
        (Some(stated), Some(mover)) if stated != mover => {
            warnings.push(ReadWarning::new(
                None,
                format!(
                    "the first-mover byte names {stated:?}, but the first move is {mover:?}'s; {mover:?} moves first"
                ),
            ));
            mover
        }
        (Some(color), _) | (None, Some(color)) => color,
        (None, None) => Color::Red,
    };
    let start_move = u16::from_le_bytes([rec[START_MOVE_OFFSET], rec[START_MOVE_OFFSET + 1]]);
    setup.fullmoves = u32::from(start_move.max(1));
    let (pos, placement) = composed_position(setup)
        .map_err(|err| place.error(BOARD_OFFSET, ChessBridgeErrorKind::InvalidPosition(err)))?;
    if let Some(message) = placement {
        warnings.push(ReadWarning::new(None, message));
    }
    Ok(pos)
}

/// A CBR record's move records, for the tree walk.
struct Moves<'a> {
    rec: &'a [u8],
    place: Place,
}

impl PreorderRecords for Moves<'_> {
    type Record = Record;
    type Bad = Bad;

    fn record(&self, offset: usize) -> Result<Record, Bad> {
        record(self.rec, offset)
    }

    fn links(&self, record: &Record) -> Links {
        let squares = match (square(record.from), square(record.to)) {
            (Some(from), Some(to)) => Ok((from, to)),
            _ => Err(self.rec[record.offset..record.offset + 4].iter().map(|b| format!("{b:02x}")).collect()),
        };
        Links {
            offset: record.offset,
            end: record.end,
            next: !record.ends_line(),
            sibling: record.has_sibling(),
            squares,
        }
    }

    fn comment(&self, record: &Record, ply: usize, warnings: &mut Vec<ReadWarning>) -> Option<String> {
        comment(self.rec, record, self.place, Some(ply), warnings)
    }

    fn file_offset(&self, offset: usize) -> usize {
        self.place.base + offset
    }
}

/// The error a walk of the move tree stopped on.
fn stopped(stop: TreeStop<Bad>, partial: Box<GameRecord>, len: usize, place: Place) -> ChessBridgeError {
    match stop {
        TreeStop::Unreadable { bad, offset, ply } => bad_record(bad, offset, len, ply, place, *partial),
        TreeStop::BadMove { offset, ply, token, off_board } => ChessBridgeError {
            container: place.container,
            location: place.located(offset, Some(ply), Some(token)),
            kind: if off_board { ChessBridgeErrorKind::InvalidSquare } else { ChessBridgeErrorKind::IllegalMove },
            partial: Some(partial),
        },
    }
}

fn u32_at(bytes: &[u8], offset: usize) -> u32 {
    u32::from_le_bytes([bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]])
}

/// Reads every game of a CBL library, in index order.
pub(super) fn read_library(bytes: &[u8]) -> Vec<Result<GameRecord, ChessBridgeError>> {
    let library = |offset: usize, kind| Err(ChessBridgeError::at(Container::Cbl, offset, kind));
    if !bytes.starts_with(CBL_MAGIC) {
        let kind = if CBL_MAGIC.starts_with(bytes) {
            return vec![library(bytes.len(), ChessBridgeErrorKind::TruncatedHeader)];
        } else {
            ChessBridgeErrorKind::NotChessBridge
        };
        return vec![library(0, kind)];
    }
    if bytes.len() < CBL_INDEX_OFFSET {
        return vec![library(bytes.len(), ChessBridgeErrorKind::TruncatedHeader)];
    }
    let capacity = u64::from(u32_at(bytes, CBL_CAPACITY_OFFSET));
    let first_record = CBL_INDEX_OFFSET as u64 + CBL_ENTRY_LEN as u64 * capacity;
    if first_record > bytes.len() as u64 {
        // The index of `capacity` slots does not fit in the data: cut short, or a capacity that is wrong.
        return vec![library(bytes.len(), ChessBridgeErrorKind::TruncatedHeader)];
    }
    let entries = (0..capacity as usize).map(|k| {
        let at = CBL_INDEX_OFFSET + CBL_ENTRY_LEN * k;
        (k, at, &bytes[at..at + CBL_ENTRY_LEN])
    });
    let mut games = Vec::new();
    let mut offset = first_record;
    let mut gap = false;
    for (k, at, entry) in entries {
        let blocks = u64::from(u32_at(entry, 8));
        if blocks == 0 {
            gap = true;
            continue;
        }
        let place = Place { container: Container::Cbl, game_index: k, base: 0 };
        if gap {
            games.push(Err(place.error(at, ChessBridgeErrorKind::IndexGap)));
            continue;
        }
        let record_offset = offset;
        offset = offset.saturating_add(blocks * CBL_BLOCK);
        if record_offset >= bytes.len() as u64 {
            games.push(Err(place.error(at, ChessBridgeErrorKind::RecordPastEnd { offset: record_offset })));
            continue;
        }
        let start = record_offset as usize;
        let limit = offset.min(bytes.len() as u64) as usize;
        let place = Place { base: start, ..place };
        let stated = u32_at(entry, 12) as usize;
        let read = match read_record(&bytes[start..limit], place, Some(stated)) {
            Ok(mut game) => {
                let (title, _) = utf16_field(&entry[ENTRY_TITLE.0..ENTRY_TITLE.0 + ENTRY_TITLE.1]);
                let title = title.trim();
                if game.tags.get("Title").unwrap_or("") != title {
                    game.warnings.push(ReadWarning::new(
                        None,
                        format!("index entry {k} gives the title {}", crate::quote::Quoted(title)),
                    ));
                }
                Ok(game)
            }
            // The data a cut record lacks is there, in the next record's blocks.
            Err(mut err) if limit < bytes.len() && err.is_truncated() => {
                err.kind = ChessBridgeErrorKind::RecordOverrun;
                Err(err)
            }
            Err(err) => Err(err),
        };
        games.push(read);
    }
    games
}
