//! The header: version, keys, the 32 piece slots and the text fields.

use crate::Square;

pub(super) const MAGIC: &[u8] = b"XQ";
/// The header's size; the move records start here.
pub(super) const HEADER_LEN: usize = 0x400;
/// The smallest readable file: the header and a root record without a comment length.
pub(super) const MIN_LEN: usize = HEADER_LEN + 4;
pub(super) const VERSION_OFFSET: usize = 2;
pub(super) const LAST_VERSION: u8 = 18;
pub(super) const BOARD_OFFSET: usize = 0x10;
pub(super) const WHO_PLAY_OFFSET: usize = 0x32;
pub(super) const RESULT_OFFSET: usize = 0x33;
pub(super) const TYPE_OFFSET: usize = 0x40;

/// The text fields: offset of the length byte and size of the field (length byte included), in the
/// order of [`TAGS`](super::TAGS).
pub(super) const FIELDS: [(usize, usize); 11] = [
    (0x50, 128),
    (0xD0, 64),
    (0x110, 16),
    (0x120, 16),
    (0x130, 16),
    (0x140, 16),
    (0x150, 64),
    (0x190, 16),
    (0x1A0, 16),
    (0x1D0, 16),
    (0x1E0, 16),
];

/// The 32 bytes the stream key is cut from.
const SEED: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The keys of versions 11 and later; all zero (and no comment-length offset) for version 10.
#[derive(Clone, Debug)]
pub(super) struct Keys {
    /// Offsets the board squares (and sets the board permutation).
    pub xy: u8,
    /// Offsets the from-square of every record.
    pub xyf: u8,
    /// Offsets the to-square of every record.
    pub xyt: u8,
    /// Added to comment lengths.
    pub rmk: i32,
    /// Added to every byte from the records on, by file offset modulo 32.
    pub stream: [u8; 32],
    /// Whether the four key bytes sum to 0 modulo 256, as XQStudio writes them.
    pub checksum_ok: bool,
}

impl Keys {
    pub(super) fn plain() -> Keys {
        Keys { xy: 0, xyf: 0, xyt: 0, rmk: 0, stream: [0; 32], checksum_ok: true }
    }

    /// Derives the keys from the header bytes 0x03..0x10.
    pub(super) fn derive(header: &[u8; 16]) -> Keys {
        let [_, _, _, mask, _, _, _, _, or_a, or_b, or_c, or_d, sum, a, f, t] = *header;
        // Only the low byte of 54 b² + 221 ever matters.
        let g = |b: u8| 54u8.wrapping_mul(b).wrapping_mul(b).wrapping_add(221);
        let xy = g(a).wrapping_mul(a);
        let xyf = g(f).wrapping_mul(xy);
        let xyt = g(t).wrapping_mul(xyf);
        let rmk = ((u32::from(sum) << 8 | u32::from(a)) % 32000 + 767) as i32;
        let fkey = [(sum & mask) | or_a, (a & mask) | or_b, (f & mask) | or_c, (t & mask) | or_d];
        let mut stream = [0; 32];
        for (i, byte) in stream.iter_mut().enumerate() {
            *byte = SEED[i] & fkey[i % 4];
        }
        let checksum_ok = sum.wrapping_add(a).wrapping_add(f).wrapping_add(t) == 0;
        Keys { xy, xyf, xyt, rmk, stream, checksum_ok }
    }
}

/// The square each slot holds after undoing the version's transformation (a value of 90 or more means
/// the piece is absent).
pub(super) fn decode_board(raw: &[u8; 32], version: u8, keys: &Keys) -> [u8; 32] {
    let mut squares = *raw;
    if version >= 12 {
        for (i, &byte) in raw.iter().enumerate() {
            squares[(usize::from(keys.xy) + 1 + i) % 32] = byte;
        }
    }
    if version >= 11 {
        for square in &mut squares {
            *square = square.wrapping_sub(keys.xy);
        }
    }
    squares
}

/// The square of a stored value `x * 10 + y`, if it is on the board.
pub(super) fn square(value: u8) -> Option<Square> {
    if value < 90 {
        Square::from_coords(value / 10, value % 10)
    } else {
        None
    }
}

/// The stored value of a square.
pub(super) fn square_value(square: Square) -> u8 {
    square.file() * 10 + square.rank()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_of_the_sample_file() {
        let header: [u8; 16] = [0x58, 0x51, 0x12, 0xBE, 0, 0, 0, 0, 0xE8, 0xD8, 0xBC, 0x84, 0xA5, 0x9C, 0xE7, 0xD8];
        let keys = Keys::derive(&header);
        assert_eq!((keys.xy, keys.xyf, keys.xyt, keys.rmk), (0x2C, 0xC4, 0x34, 11163));
        assert_eq!(keys.stream[..8], [0x48, 0x08, 0x02, 0x08, 0x20, 0x40, 0x2E, 0x10]);
        assert_eq!(keys.stream[24..], [0x40, 0x48, 0x28, 0x14, 0x64, 0x48, 0x2E, 0x1C]);
        assert!(keys.checksum_ok);
    }

    #[test]
    fn zero_keys() {
        let keys = Keys::derive(&[0; 16]);
        assert_eq!((keys.xy, keys.xyf, keys.xyt, keys.rmk, keys.stream), (0, 0, 0, 767, [0; 32]));
    }

    #[test]
    fn squares_are_file_times_ten_plus_rank() {
        assert_eq!(square(0x28), Some(Square::E0));
        assert_eq!(square(89).map(|sq| sq.to_string()).as_deref(), Some("i9"));
        assert_eq!(square(90), None);
        assert!((0..90).all(|v| square(v).map(square_value) == Some(v)));
    }
}
