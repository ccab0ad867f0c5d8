//! Random edits of a text at character positions, keeping characters whole: what the bad-input tests
//! apply to real texts.

#![allow(dead_code)]

use proptest::prelude::*;

/// One edit; positions are taken modulo the length of the text at the time.
#[derive(Clone, Debug)]
pub enum Edit {
    /// Delete the character.
    Delete(usize),
    /// Insert a string before the character.
    Insert(usize, &'static str),
    /// Replace the character with a string.
    Replace(usize, &'static str),
    /// Keep only the characters before this one.
    Truncate(usize),
}

/// Deletions, insertions and replacements with strings of `alphabet`, in equal parts; with
/// `truncations`, also truncations (one edit in thirteen).
pub fn edit(alphabet: &'static [&'static str], truncations: bool) -> BoxedStrategy<Edit> {
    let truncate = if truncations { 1 } else { 0 };
    prop_oneof![
        4 => any::<usize>().prop_map(Edit::Delete),
        4 => (any::<usize>(), prop::sample::select(alphabet)).prop_map(|(i, s)| Edit::Insert(i, s)),
        4 => (any::<usize>(), prop::sample::select(alphabet)).prop_map(|(i, s)| Edit::Replace(i, s)),
        truncate => any::<usize>().prop_map(Edit::Truncate),
    ]
    .boxed()
}

/// Applies the edits in order.
pub fn mutate(base: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<String> = base.chars().map(String::from).collect();
    for e in edits {
        match *e {
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(i % chars.len());
            }
            Edit::Insert(i, s) => chars.insert(i % (chars.len() + 1), s.to_owned()),
            Edit::Replace(i, s) if !chars.is_empty() => {
                let n = chars.len();
                chars[i % n] = s.to_owned();
            }
            Edit::Truncate(i) => chars.truncate(i % (chars.len() + 1)),
            _ => {}
        }
    }
    chars.concat()
}
