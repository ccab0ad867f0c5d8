//! The WXF and Chinese texts a thread has read, remembered with what they say.
//!
//! What such a text says (its [`Reading`]) does not depend on the position: only resolving it does. A
//! database has a few thousand distinct move texts over millions of moves, so a reader that remembers
//! the last reading of each text parses it once and then only resolves it. The table has buckets of two
//! slots, the one used last first (a text pushed out by two others is read again, to the same reading),
//! and is per thread, so it needs no lock.

use std::cell::RefCell;

use crate::notation::ParseMoveError;
use crate::relative::Reading;
use crate::{Move, Notation, Position};

/// Buckets of two slots in the table (a power of two; a slot takes about 72 bytes). The first 2,002 games
/// of a large database have 1,413 distinct move texts.
const BUCKETS: usize = 1 << 12;
/// The longest text remembered, in bytes (a Chinese move in five characters takes 15).
const LONGEST: usize = 24;

#[derive(Clone)]
struct Slot {
    /// How the text was read: detected, or in the notation asked for.
    asked: Option<Notation>,
    len: u8,
    text: [u8; LONGEST],
    reading: Reading,
}

std::thread_local! {
    static TABLE: RefCell<Vec<[Option<Slot>; 2]>> = const { RefCell::new(Vec::new()) };
}

fn bucket(text: &[u8], asked: Option<Notation>) -> usize {
    // FNV-1a over the bytes and the notation asked for.
    let mut hash = 0xcbf2_9ce4_8422_2325u64 ^ asked.map_or(0, |n| n as u64 + 1);
    for &byte in text {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    // FNV's last bytes reach only its middle bits: they are folded into the top ones before taking them.
    let mixed = (hash ^ hash >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> (64 - BUCKETS.trailing_zeros())) as usize
}

/// The move `text` read as `asked` (`None`: its notation detected) names in `pos`, if what the text says
/// is remembered.
pub(super) fn resolve(pos: &Position, text: &str, asked: Option<Notation>) -> Option<Result<Move, ParseMoveError>> {
    let bytes = text.as_bytes();
    if bytes.len() > LONGEST {
        return None;
    }
    TABLE
        .try_with(|table| {
            let mut table = table.borrow_mut();
            let bucket = table.get_mut(bucket(bytes, asked))?;
            let holds = |slot: &Option<Slot>| {
                slot.as_ref().is_some_and(|slot| slot.asked == asked && &slot.text[..usize::from(slot.len)] == bytes)
            };
            // The slot used last is looked at first; a hit in the other one moves it to the front.
            if !holds(&bucket[0]) {
                if !holds(&bucket[1]) {
                    return None;
                }
                bucket.swap(0, 1);
            }
            bucket[0].as_ref().map(|slot| slot.reading.resolve(pos, text))
        })
        .ok()
        .flatten()
}

/// Remembers what `text` read as `asked` says.
pub(super) fn insert(text: &str, asked: Option<Notation>, reading: &Reading) {
    let bytes = text.as_bytes();
    if bytes.len() > LONGEST {
        return;
    }
    let mut stored = [0u8; LONGEST];
    stored[..bytes.len()].copy_from_slice(bytes);
    let slot = Slot { asked, len: bytes.len() as u8, text: stored, reading: reading.clone() };
    // During thread teardown the table may be gone already: the text is then simply not remembered.
    let _ = TABLE.try_with(|table| {
        let mut table = table.borrow_mut();
        if table.is_empty() {
            table.resize(BUCKETS, [None, None]);
        }
        let bucket = &mut table[bucket(bytes, asked)];
        bucket[1] = Some(slot);
        bucket.swap(0, 1);
    });
}
