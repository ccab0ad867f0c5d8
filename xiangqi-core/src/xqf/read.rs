//! The reader: header, start position, then the records in pre-order with an explicit stack.

use std::borrow::Cow;

use super::error::{XqfError, XqfErrorKind};
use super::header::{self, Keys};
use super::{IllegalVariations, ReadOptions, TAGS};
use crate::encoding::{self, TextEncoding};
use crate::record::board::{composed_position, SLOT_PIECES};
use crate::record::{GameRecord, GameResult, Location, MoveTree, NodeId, ReadWarning, Tags};
use crate::{Color, Move, Position, Setup};

pub(super) fn read(bytes: &[u8], options: &ReadOptions) -> Result<GameRecord, XqfError> {
    if !super::is_xqf(bytes) {
        return Err(XqfError::at(0, XqfErrorKind::NotXqf));
    }
    let version = match bytes.get(header::VERSION_OFFSET) {
        Some(&v) if v > header::LAST_VERSION => {
            return Err(XqfError::at(header::VERSION_OFFSET, XqfErrorKind::NewerVersion(v)))
        }
        Some(&v) => v.max(10),
        None => 10,
    };
    if bytes.len() < header::MIN_LEN {
        return Err(XqfError::at(bytes.len(), XqfErrorKind::TruncatedHeader));
    }
    let mut warnings = Vec::new();
    let keys = if version >= 11 {
        let mut key_bytes = [0; 16];
        key_bytes.copy_from_slice(&bytes[..16]);
        let keys = Keys::derive(&key_bytes);
        if !keys.checksum_ok {
            warnings.push(ReadWarning::new(None, "the key bytes do not sum to 0 modulo 256; read anyway"));
        }
        keys
    } else {
        Keys::plain()
    };
    let tags = read_tags(bytes, &mut warnings);
    let result = match bytes[header::RESULT_OFFSET] {
        0 => GameResult::Unknown,
        1 => GameResult::RedWins,
        2 => GameResult::BlackWins,
        3 | 4 => GameResult::Draw,
        other => {
            warnings.push(ReadWarning::new(None, format!("unknown result code {other}; read as unknown")));
            GameResult::Unknown
        }
    };

    let stream = Stream { bytes, version, keys };
    let root = match stream.record(header::HEADER_LEN) {
        Some(root) => root,
        // Only a version-10 root can lack bytes here: its comment length is always present.
        None => {
            let start = start_position(bytes, &stream, None, &mut warnings)?;
            let partial = GameRecord { tags, tree: MoveTree::new(start), result, warnings };
            return Err(truncated(header::HEADER_LEN, None, partial));
        }
    };
    let first = if root.next { stream.record(root.end) } else { None };
    let start = start_position(bytes, &stream, first.as_ref(), &mut warnings)?;
    let mut record = GameRecord { tags, tree: MoveTree::new(start), result, warnings };
    let root_id = record.tree.root();
    if let Some(comment) = stream.comment(&root, None, &mut record.warnings) {
        record.tree.set_comment(root_id, comment);
    }
    let end = if root.next {
        let start = record.tree.start().clone();
        read_tree(&stream, &mut record, root.end, start, options)?
    } else {
        root.end
    };
    if end < bytes.len() {
        record.warnings.push(ReadWarning::new(
            None,
            format!("{} bytes after the last record (from byte {end}) ignored", bytes.len() - end),
        ));
    }
    Ok(record)
}

fn read_tags(bytes: &[u8], warnings: &mut Vec<ReadWarning>) -> Tags {
    let mut tags = Tags::default();
    for (name, (offset, size)) in TAGS.iter().zip(header::FIELDS) {
        let stated = usize::from(bytes[offset]);
        let len = stated.min(size - 1);
        if len < stated {
            warnings.push(ReadWarning::new(
                None,
                format!("{name}: length {stated} exceeds the field's {} bytes; cut", size - 1),
            ));
        }
        let (text, replaced) = encoding::decode(&bytes[offset + 1..offset + 1 + len], TextEncoding::Gbk);
        if replaced {
            warnings.push(ReadWarning::new(None, format!("{name}: text that is not GBK, replaced with U+FFFD")));
        }
        if !text.is_empty() {
            tags.set(*name, text.into_owned());
        }
    }
    tags
}

/// The board of the 32 slots, with the side to move from the first move's piece (else the header's
/// side-to-move byte).
fn start_position(
    bytes: &[u8],
    stream: &Stream,
    first: Option<&Record>,
    warnings: &mut Vec<ReadWarning>,
) -> Result<Position, XqfError> {
    let mut raw = [0; 32];
    raw.copy_from_slice(&bytes[header::BOARD_OFFSET..header::BOARD_OFFSET + 32]);
    let squares = header::decode_board(&raw, stream.version, &stream.keys);
    let mut setup = Setup::empty();
    for (slot, (&value, piece)) in squares.iter().zip(SLOT_PIECES).enumerate() {
        if let Some(sq) = header::square(value) {
            if let Some(earlier) = setup.board[sq.index()].replace(piece) {
                warnings.push(ReadWarning::new(
                    None,
                    format!(
                        "slot {slot} puts {} on {sq}, where {} stands already; the later is kept",
                        piece.char(),
                        earlier.char()
                    ),
                ));
            }
        }
    }
    let mover = first.and_then(|rec| header::square(rec.from)).and_then(|sq| setup.board[sq.index()]);
    setup.turn = match mover {
        Some(piece) => piece.color,
        None if bytes[header::WHO_PLAY_OFFSET] == 1 => Color::Black,
        None => Color::Red,
    };
    let (pos, placement) = composed_position(setup).map_err(position_error)?;
    if let Some(message) = placement {
        warnings.push(ReadWarning::new(None, message));
    }
    Ok(pos)
}

fn position_error(err: crate::PositionError) -> XqfError {
    XqfError::at(header::BOARD_OFFSET, XqfErrorKind::InvalidPosition(err))
}

/// The bytes, with the version's keys.
struct Stream<'a> {
    bytes: &'a [u8],
    version: u8,
    keys: Keys,
}

/// One record as stored.
#[derive(Debug)]
struct Record {
    offset: usize,
    from: u8,
    to: u8,
    next: bool,
    sibling: bool,
    /// Offset and length of the comment text (already cut to the data present).
    comment: Option<(usize, usize)>,
    /// The comment length the record states, when the data holds less.
    cut_from: Option<i64>,
    end: usize,
}

impl Stream<'_> {
    fn byte(&self, offset: usize) -> Option<u8> {
        let stored = *self.bytes.get(offset)?;
        Some(stored.wrapping_sub(self.keys.stream[offset % 32]))
    }

    fn four(&self, offset: usize) -> Option<[u8; 4]> {
        Some([self.byte(offset)?, self.byte(offset + 1)?, self.byte(offset + 2)?, self.byte(offset + 3)?])
    }

    /// The record at `offset`, or `None` if the data ends before its head (and comment length) do.
    fn record(&self, offset: usize) -> Option<Record> {
        let [from, to, flags, _] = self.four(offset)?;
        let from = from.wrapping_sub(24).wrapping_sub(self.keys.xyf);
        let to = to.wrapping_sub(32).wrapping_sub(self.keys.xyt);
        let (next, sibling, has_length) = if self.version == 10 {
            (flags & 0xF0 != 0, flags & 0x0F != 0, true)
        } else {
            (flags & 0x80 != 0, flags & 0x40 != 0, flags & 0x20 != 0)
        };
        let mut rec = Record { offset, from, to, next, sibling, comment: None, cut_from: None, end: offset + 4 };
        if has_length {
            let stored = i32::from_le_bytes(self.four(offset + 4)?);
            let len = i64::from(stored) - i64::from(self.keys.rmk);
            rec.end = offset + 8;
            if len > 0 {
                let left = self.bytes.len() - rec.end;
                let taken = usize::try_from(len).map_or(left, |len| len.min(left));
                if (taken as i64) < len {
                    rec.cut_from = Some(len);
                }
                rec.comment = Some((rec.end, taken));
                rec.end += taken;
            }
        }
        Some(rec)
    }

    /// The record's comment, decoded, with `\r\n` turned into `\n`.
    fn comment(&self, rec: &Record, ply: Option<usize>, warnings: &mut Vec<ReadWarning>) -> Option<String> {
        if let Some(stated) = rec.cut_from {
            warnings.push(ReadWarning::new(
                ply,
                format!("byte {}: comment of {stated} bytes runs past the end of the data; cut", rec.offset),
            ));
        }
        let (start, len) = rec.comment?;
        let stored = &self.bytes[start..start + len];
        let plain: Cow<[u8]> = if self.version == 10 {
            Cow::Borrowed(stored)
        } else {
            Cow::Owned(stored.iter().zip(start..).map(|(&b, at)| b.wrapping_sub(self.keys.stream[at % 32])).collect())
        };
        let (text, replaced) = encoding::decode(&plain, TextEncoding::Gbk);
        if replaced {
            warnings.push(ReadWarning::new(
                ply,
                format!("byte {}: comment text that is not GBK, replaced with U+FFFD", rec.offset),
            ));
        }
        let text = if text.contains('\r') { text.replace("\r\n", "\n") } else { text.into_owned() };
        Some(text)
    }

    /// The record's head as stored, in hex: the token of a record whose squares are off the board.
    fn raw_head(&self, rec: &Record) -> String {
        self.bytes[rec.offset..rec.offset + 4].iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// A node that is owed further children.
enum Parent {
    /// A node of the tree, with its position; `main` if it is on the main line and has no child yet.
    Live { node: NodeId, pos: Box<Position>, main: bool },
    /// A node that was dropped (an illegal move in a variation, or a descendant of one).
    Dropped,
}

/// The data ends where the record at `offset` should be (or inside it).
fn truncated(offset: usize, ply: Option<usize>, partial: GameRecord) -> XqfError {
    let location = Location { byte_offset: offset as u64, ply, ..Location::default() };
    XqfError { location, kind: XqfErrorKind::Truncated, partial: Some(Box::new(partial)) }
}

/// Reads the records after the root, which has a next move; returns where the last record ends.
fn read_tree(
    stream: &Stream,
    record: &mut GameRecord,
    mut offset: usize,
    start: Position,
    options: &ReadOptions,
) -> Result<usize, XqfError> {
    let mut parent = Some(Parent::Live { node: record.tree.root(), pos: Box::new(start), main: true });
    let mut pending: Vec<Parent> = Vec::new();
    while let Some(current) = parent.take() {
        let Some(rec) = stream.record(offset) else {
            let ply = match &current {
                Parent::Live { node, .. } => Some(record.tree.ply(*node) + 1),
                Parent::Dropped => None,
            };
            let partial = core::mem::replace(record, GameRecord::new(Position::default()));
            return Err(truncated(offset.min(stream.bytes.len()), ply, partial));
        };
        offset = rec.end;
        let child = match current {
            Parent::Dropped => {
                if rec.sibling {
                    pending.push(Parent::Dropped);
                }
                Parent::Dropped
            }
            Parent::Live { node, mut pos, main } => {
                let ply = record.tree.ply(node) + 1;
                let is_main = main && record.tree.first_child(node).is_none();
                match checked_move(&rec, &pos) {
                    Ok(m) => {
                        let id = record.tree.push_unchecked(node, m);
                        if let Some(comment) = stream.comment(&rec, Some(ply), &mut record.warnings) {
                            record.tree.set_comment(id, comment);
                        }
                        if rec.sibling {
                            pending.push(Parent::Live { node, pos: pos.clone(), main: false });
                        }
                        pos.play_unchecked(m);
                        Parent::Live { node: id, pos, main: is_main }
                    }
                    Err(kind) => {
                        let token = match kind {
                            XqfErrorKind::InvalidSquare => stream.raw_head(&rec),
                            _ => format!("{}{}", square_name(rec.from), square_name(rec.to)),
                        };
                        if is_main || options.illegal_variations == IllegalVariations::Error {
                            let location = Location {
                                byte_offset: rec.offset as u64,
                                ply: Some(ply),
                                token: Some(token),
                                ..Location::default()
                            };
                            let partial = Some(Box::new(core::mem::replace(record, GameRecord::new(*pos))));
                            return Err(XqfError { location, kind, partial });
                        }
                        let what = match kind {
                            XqfErrorKind::InvalidSquare => "a square off the board",
                            _ => "an illegal move",
                        };
                        record.warnings.push(ReadWarning::new(
                            Some(ply),
                            format!(
                                "byte {}: {what} ({token}) in a variation; it and its continuation were dropped",
                                rec.offset
                            ),
                        ));
                        if rec.sibling {
                            pending.push(Parent::Live { node, pos, main: false });
                        }
                        Parent::Dropped
                    }
                }
            }
        };
        parent = if rec.next { Some(child) } else { pending.pop() };
    }
    Ok(offset)
}

fn checked_move(rec: &Record, pos: &Position) -> Result<Move, XqfErrorKind> {
    let (Some(from), Some(to)) = (header::square(rec.from), header::square(rec.to)) else {
        return Err(XqfErrorKind::InvalidSquare);
    };
    let m = Move::new(from, to);
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(XqfErrorKind::IllegalMove)
    }
}

fn square_name(value: u8) -> String {
    header::square(value).map_or_else(|| format!("#{value}"), |sq| sq.to_string())
}
