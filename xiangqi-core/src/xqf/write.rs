//! The writer: version 10, or version 18 with zero keys.

use super::header::{self, Keys};
use super::{XqfVersion, TAGS, TYPE_TAG};
use crate::encoding::{self, TextEncoding};
use crate::record::board::slot_squares;
use crate::record::{GameRecord, GameResult};
use crate::{Color, Position};

/// The comment-length offset of version 18 with zero keys.
const ZERO_KEY_RMK: i32 = 767;
/// Marks an absent piece (any value of 90 or more does).
const ABSENT: u8 = 0xFF;

pub(super) fn write(record: &GameRecord, version: XqfVersion) -> Vec<u8> {
    let mut out = vec![0u8; header::HEADER_LEN];
    out[..2].copy_from_slice(header::MAGIC);
    out[header::VERSION_OFFSET] = match version {
        XqfVersion::V10 => 10,
        XqfVersion::V18 => 18,
    };
    debug_assert_eq!(Keys::derive(&[0; 16]).xy, 0);

    let start = record.start();
    let squares = slots(start);
    let board = &mut out[header::BOARD_OFFSET..header::BOARD_OFFSET + 32];
    match version {
        XqfVersion::V10 => board.copy_from_slice(&squares),
        // The version-12 permutation with a zero key: slot i is stored at i - 1.
        XqfVersion::V18 => {
            for (i, byte) in board.iter_mut().enumerate() {
                *byte = squares[(i + 1) % 32];
            }
        }
    }
    out[header::WHO_PLAY_OFFSET] = u8::from(start.turn() == Color::Black);
    out[header::RESULT_OFFSET] = match record.result {
        GameResult::Unknown => 0,
        GameResult::RedWins => 1,
        GameResult::BlackWins => 2,
        GameResult::Draw => 3,
    };
    // The type read from an XQF file is written back as it was. Otherwise 0 is a full game, 3 an endgame:
    // some readers use the standard start whatever the board says for a full game, so anything else is
    // marked as an endgame.
    let standard = start.to_setup().board == Position::default().to_setup().board;
    let stated = record.tags.get(TYPE_TAG).and_then(|value| value.parse::<u8>().ok());
    out[header::TYPE_OFFSET] = stated.unwrap_or(if standard { 0 } else { 3 });
    for (name, (offset, size)) in TAGS.iter().zip(header::FIELDS) {
        if let Some(value) = record.tags.get(name) {
            let text = encode_within(value, size - 1);
            out[offset] = text.len() as u8;
            out[offset + 1..offset + 1 + text.len()].copy_from_slice(&text);
        }
    }

    let tree = &record.tree;
    for id in tree.preorder() {
        let (from, to) = match tree.mv(id) {
            Some(m) => (header::square_value(m.from), header::square_value(m.to)),
            None => match version {
                XqfVersion::V10 => (0, 0),
                XqfVersion::V18 => (b'X' - 24, b'Q' - 32),
            },
        };
        let has_child = tree.first_child(id).is_some();
        let has_sibling = tree.next_sibling(id).is_some();
        let comment = tree.comment(id).map(encode_comment).unwrap_or_default();
        // A length field holds at most i32::MAX - 767 bytes.
        let comment = &comment[..comment.len().min((i32::MAX - ZERO_KEY_RMK) as usize)];
        let reserved = if tree.mv(id).is_none() && version == XqfVersion::V10 { 0xFF } else { 0 };
        out.extend([from + 24, to + 32]);
        match version {
            XqfVersion::V10 => {
                let flags = if has_child { 0xF0 } else { 0 } | if has_sibling { 0x0F } else { 0 };
                out.extend([flags, reserved]);
                out.extend((comment.len() as i32).to_le_bytes());
            }
            XqfVersion::V18 => {
                let flags = if has_child { 0x80 } else { 0 }
                    | if has_sibling { 0x40 } else { 0 }
                    | if comment.is_empty() { 0 } else { 0x20 };
                out.extend([flags, reserved]);
                if !comment.is_empty() {
                    out.extend((comment.len() as i32 + ZERO_KEY_RMK).to_le_bytes());
                }
            }
        }
        out.extend_from_slice(comment);
    }
    out
}

/// The stored square of each slot; absent pieces are [`ABSENT`].
fn slots(pos: &Position) -> [u8; 32] {
    slot_squares(pos).map(|sq| sq.map_or(ABSENT, header::square_value))
}

/// GBK bytes of `text`, cut at a character boundary to at most `capacity` bytes.
fn encode_within(text: &str, capacity: usize) -> Vec<u8> {
    let (bytes, _) = encoding::encode(text, TextEncoding::Gbk);
    if bytes.len() <= capacity {
        return bytes.into_owned();
    }
    let mut out = Vec::with_capacity(capacity);
    let mut buf = [0u8; 4];
    for c in text.chars() {
        let (piece, _) = encoding::encode(c.encode_utf8(&mut buf), TextEncoding::Gbk);
        if out.len() + piece.len() > capacity {
            break;
        }
        out.extend_from_slice(&piece);
    }
    out
}

fn encode_comment(text: &str) -> Vec<u8> {
    let text = text.replace('\n', "\r\n");
    encoding::encode(&text, TextEncoding::Gbk).0.into_owned()
}
