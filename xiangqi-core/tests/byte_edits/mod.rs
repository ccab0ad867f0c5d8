//! Random edits of a binary file for the readers' bad-input tests: a byte set, bytes inserted or removed, the
//! file cut, each at a place taken modulo the part of the file edited.

use proptest::prelude::*;

#[derive(Clone, Debug)]
pub enum Edit {
    Set(usize, u8),
    Insert(usize, Vec<u8>),
    Remove(usize, usize),
    Truncate(usize),
}

/// Any edit, setting a byte most often.
pub fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (any::<usize>(), any::<u8>()).prop_map(|(at, byte)| Edit::Set(at, byte)),
        1 => (any::<usize>(), prop::collection::vec(any::<u8>(), 1..12)).prop_map(|(at, bytes)| Edit::Insert(at, bytes)),
        1 => (any::<usize>(), 1..12usize).prop_map(|(at, len)| Edit::Remove(at, len)),
        1 => any::<usize>().prop_map(Edit::Truncate),
    ]
}

/// Applies `edit` to the bytes from `from` on (all of them with 0).
pub fn apply(bytes: &mut Vec<u8>, edit: &Edit, from: usize) {
    let from = from.min(bytes.len());
    let span = bytes.len() - from;
    // A place among the `room` places from `from` on.
    let place = |at: usize, room: usize| from + at % room.max(1);
    match edit {
        Edit::Set(at, byte) => {
            if span > 0 {
                bytes[place(*at, span)] = *byte;
            }
        }
        Edit::Insert(at, new) => {
            let at = place(*at, span + 1);
            bytes.splice(at..at, new.iter().copied());
        }
        Edit::Remove(at, n) => {
            if span > 0 {
                let at = place(*at, span);
                bytes.drain(at..(at + n).min(bytes.len()));
            }
        }
        Edit::Truncate(at) => bytes.truncate(place(*at, span + 1)),
    }
}
