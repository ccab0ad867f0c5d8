//! Zobrist hashing: a 64-bit key per position, updated incrementally by every move.
//!
//! The key covers the placement and the side to move (not the move counters), so two positions that
//! repeat in the sense of the repetition rules have the same key. The keys are fixed constants: hashes are
//! stable across runs, platforms and versions of this crate within a major version.
//!
//! ```
//! use xiangqi_core::{Move, Position, Square};
//! let start = Position::default();
//! let mut pos = start.clone();
//! for m in ["h2e2", "h9g7", "e2h2", "g7h9"] {
//!     pos = pos.play(m.parse().unwrap()).unwrap();
//! }
//! assert_eq!(pos.zobrist_hash(), start.zobrist_hash());
//! assert_eq!(pos.zobrist_hash(), xiangqi_core::zobrist::hash_from_scratch(&pos));
//! ```

use crate::{Color, Piece, Position, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

static PIECE_SQUARE: [[u64; 90]; 14] = {
    let mut t = [[0u64; 90]; 14];
    let mut state = 0x5869_616E_6771_6921; // arbitrary fixed seed
    let mut p = 0;
    while p < 14 {
        let mut sq = 0;
        while sq < 90 {
            let (next, value) = splitmix64(state);
            state = next;
            t[p][sq] = value;
            sq += 1;
        }
        p += 1;
    }
    t
};

/// The key mixed in when black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix64(0x0B1A_C0B1_AC0B_1AC0).1;

/// The key of `piece` standing on `square`.
#[inline(always)]
pub fn piece_key(piece: Piece, square: Square) -> u64 {
    PIECE_SQUARE[piece.index()][square.index()]
}

/// The key of the piece with board code `code` (1 + piece index) on square index `sq`.
#[inline(always)]
pub(crate) fn code_key(code: u8, sq: usize) -> u64 {
    PIECE_SQUARE[usize::from(code - 1)][sq]
}

/// The key of the side to move.
#[inline(always)]
pub const fn turn_key(turn: Color) -> u64 {
    match turn {
        Color::Red => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}

/// Computes a position's hash from its placement and turn (what [`Position::zobrist_hash`] keeps
/// up to date move by move).
pub fn hash_from_scratch(pos: &Position) -> u64 {
    let mut h = turn_key(pos.turn());
    for (sq, piece) in pos.pieces() {
        h ^= piece_key(piece, sq);
    }
    h
}

/// A hasher for keys that are Zobrist hashes already (random 64-bit values): it passes them through, where
/// the standard hasher would spend a SipHash round on every lookup of a repetition or search memo.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct KeyHasher(u64);

impl core::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u8(b);
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.0 = (self.0 ^ u64::from(n)).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 ^= n;
    }
}

/// A map keyed by Zobrist hashes (and small values beside them).
pub(crate) type KeyMap<K, V> = std::collections::HashMap<K, V, core::hash::BuildHasherDefault<KeyHasher>>;
