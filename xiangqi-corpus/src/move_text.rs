//! A move's text in one notation, kept inside its row: a bulk run writes three of them for every ply, and
//! a heap allocation each would cost more than writing them.

use std::fmt;
use std::ops::Deref;

use arrayvec::ArrayString;

/// Bytes held inline: every ICCS and WXF move, and every Chinese move (four characters of at most three
/// bytes each), fits; a longer text goes to the heap.
const INLINE: usize = 22;

/// A move written in one notation (`h2e2`, `C2.5`, `炮二平五`): a `str` that needs no allocation for the
/// texts of the standard notations.
///
/// ```
/// use xiangqi_corpus::MoveText;
/// let text = MoveText::new("炮二平五");
/// assert_eq!(text, "炮二平五");
/// assert_eq!(text.len(), 12);
/// assert_eq!(MoveText::new(&"x".repeat(40)).as_str(), "x".repeat(40));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct MoveText(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Inline(ArrayString<INLINE>),
    Heap(Box<str>),
}

impl MoveText {
    /// A copy of `text`.
    pub fn new(text: &str) -> MoveText {
        match ArrayString::from(text) {
            Ok(inline) => MoveText(Repr::Inline(inline)),
            Err(_) => MoveText(Repr::Heap(text.into())),
        }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline(text) => text,
            Repr::Heap(text) => text,
        }
    }
}

impl Deref for MoveText {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for MoveText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for MoveText {
    fn from(text: &str) -> MoveText {
        MoveText::new(text)
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for MoveText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for MoveText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

#[cfg(test)]
mod tests {
    use super::MoveText;

    #[test]
    fn texts_of_every_length_read_back() {
        let text = "炮二平五h2e2C2.5+-=".repeat(3);
        for end in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            let part = &text[..end];
            let held = MoveText::new(part);
            assert_eq!(held.as_str(), part);
            assert_eq!(held.to_string(), part);
            assert_eq!(held, MoveText::from(part));
        }
    }
}
