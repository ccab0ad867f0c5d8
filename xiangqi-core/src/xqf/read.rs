//! The reader: header, start position, then the records in pre-order with an explicit stack.

use std::borrow::Cow;

use super::error::{XqfError, XqfErrorKind};
use super::header::{self, Keys};
use super::{IllegalVariations, ReadOptions, TAGS, TYPE_TAG};
use crate::encoding::{self, TextEncoding};
use crate::record::board::{composed_position, SLOT_PIECES};
use crate::record::preorder::{read_preorder, Links, PreorderRecords, TreeStop};
use crate::record::{GameRecord, GameResult, Location, MoveTree, ReadWarning, Tags};
use crate::{Color, Position, Setup};

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
    let mut tags = read_tags(bytes, &mut warnings);
    tags.set(TYPE_TAG, bytes[header::TYPE_OFFSET].to_string());
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
    let drop_bad_variations = options.illegal_variations != IllegalVariations::Error;
    let (mut record, end) = if root.next {
        read_preorder(&stream, record, root.end, drop_bad_variations)
            .map_err(|(stop, partial)| stopped(stop, partial, stream.bytes.len()))?
    } else {
        (record, root.end)
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

/// The data ends where the record at `offset` should be (or inside it).
fn truncated(offset: usize, ply: Option<usize>, partial: GameRecord) -> XqfError {
    let location = Location { byte_offset: offset as u64, ply, ..Location::default() };
    XqfError { location, kind: XqfErrorKind::Truncated, partial: Some(Box::new(partial)) }
}

/// The error a walk of the move tree stopped on (`len`: the length of the data).
fn stopped(stop: TreeStop<()>, partial: Box<GameRecord>, len: usize) -> XqfError {
    match stop {
        TreeStop::Unreadable { offset, ply, .. } => truncated(offset.min(len), ply, *partial),
        TreeStop::BadMove { offset, ply, token, off_board } => XqfError {
            location: Location {
                byte_offset: offset as u64,
                ply: Some(ply),
                token: Some(token),
                ..Location::default()
            },
            kind: if off_board { XqfErrorKind::InvalidSquare } else { XqfErrorKind::IllegalMove },
            partial: Some(partial),
        },
    }
}

impl PreorderRecords for Stream<'_> {
    type Record = Record;
    type Bad = ();

    fn record(&self, offset: usize) -> Result<Record, ()> {
        Stream::record(self, offset).ok_or(())
    }

    fn links(&self, rec: &Record) -> Links {
        let squares = match (header::square(rec.from), header::square(rec.to)) {
            (Some(from), Some(to)) => Ok((from, to)),
            _ => Err(self.raw_head(rec)),
        };
        Links { offset: rec.offset, end: rec.end, next: rec.next, sibling: rec.sibling, squares }
    }

    fn comment(&self, rec: &Record, ply: usize, warnings: &mut Vec<ReadWarning>) -> Option<String> {
        Stream::comment(self, rec, Some(ply), warnings)
    }
}
