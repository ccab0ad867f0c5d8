//! Finding containers and fields in a text. Every search moves forward, so a page is scanned a bounded
//! number of times whatever its content.

use std::cell::OnceCell;

/// Finds a pattern at increasing offsets and remembers the last answer, so that asking again from a
/// later offset does not search the same bytes twice.
struct Finder {
    pattern: &'static [u8],
    /// The offset the last search started from and what it found.
    last: Option<(usize, Option<usize>)>,
}

impl Finder {
    const fn new(pattern: &'static str) -> Finder {
        Finder { pattern: pattern.as_bytes(), last: None }
    }

    /// The first occurrence at or after `from`.
    fn find(&mut self, text: &[u8], from: usize) -> Option<usize> {
        if let Some((start, found)) = self.last {
            if from >= start {
                match found {
                    None => return None,
                    Some(at) if at >= from => return Some(at),
                    Some(_) => {}
                }
            }
        }
        let found = text
            .get(from..)
            .and_then(|rest| rest.windows(self.pattern.len()).position(|w| w == self.pattern))
            .map(|at| at + from);
        self.last = Some((from, found));
        found
    }
}

/// Finds whichever of several patterns comes first, and which one it is.
struct FirstOf<const N: usize> {
    finders: [Finder; N],
}

impl<const N: usize> FirstOf<N> {
    const fn new(finders: [Finder; N]) -> FirstOf<N> {
        FirstOf { finders }
    }

    /// The first occurrence of any pattern at or after `from`: its offset and the pattern's index.
    fn find(&mut self, text: &[u8], from: usize) -> Option<(usize, usize)> {
        let mut first: Option<(usize, usize)> = None;
        for (index, finder) in self.finders.iter_mut().enumerate() {
            if let Some(at) = finder.find(text, from) {
                if first.is_none_or(|(best, _)| at < best) {
                    first = Some((at, index));
                }
            }
        }
        first
    }
}

/// One container: `[DhtmlXQ]`, `[DhtmlXQiFrame]`, `[DhtmlXQHTML]` or `[DHJHtmlXQ]` and what follows up
/// to its closing tag (or up to the next container, or the end of the text, when the closing tag is
/// missing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Container {
    /// Offset of the opening tag.
    pub start: usize,
    /// Offsets of the content.
    pub body: (usize, usize),
    /// Whether the closing tag was found.
    pub closed: bool,
}

/// The opening and closing tags of the containers. The last is the DHJHtmlXQ dialect's (DHTMLXQ.md
/// section 7).
const CONTAINERS: [(&str, &str); 4] = [
    ("[DhtmlXQ]", "[/DhtmlXQ]"),
    ("[DhtmlXQiFrame]", "[/DhtmlXQiFrame]"),
    ("[DhtmlXQHTML]", "[/DhtmlXQHTML]"),
    ("[DHJHtmlXQ]", "[/DHJHtmlXQ]"),
];

/// What every opening tag of a container or a field starts with: the standard marker and the DHJHtmlXQ
/// dialect's.
pub(super) const MARKERS: [&str; 2] = ["[DhtmlXQ", "[DHJHtmlXQ"];

/// Every container of the text, in order.
pub(super) fn containers(text: &str) -> Vec<Container> {
    let bytes = text.as_bytes();
    let mut openers = Vec::new();
    let mut markers = FirstOf::new(MARKERS.map(Finder::new));
    let mut pos = 0;
    while let Some((at, _)) = markers.find(bytes, pos) {
        let rest = bytes.get(at..).unwrap_or_default();
        match CONTAINERS.iter().position(|(open, _)| rest.starts_with(open.as_bytes())) {
            Some(kind) => {
                let body = at + CONTAINERS[kind].0.len();
                openers.push((kind, at, body));
                pos = body;
            }
            None => pos = at + 1,
        }
    }
    let mut closers = CONTAINERS.map(|(_, close)| Finder::new(close));
    let mut found = Vec::with_capacity(openers.len());
    for (i, &(kind, start, body)) in openers.iter().enumerate() {
        let limit = openers.get(i + 1).map_or(bytes.len(), |next| next.1);
        let close = closers[kind].find(bytes, body).filter(|&close| close < limit);
        found.push(Container { start, body: (body, close.unwrap_or(limit)), closed: close.is_some() });
    }
    found
}

/// One field: `[DhtmlXQ_<name>]<value>[/DhtmlXQ_<name>]`, or the same with `DHJHtmlXQ_`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Field<'t> {
    /// The name, without the `DhtmlXQ_` (or `DHJHtmlXQ_`) prefix.
    pub name: &'t str,
    /// The value as written (escapes not decoded).
    pub value: &'t str,
    /// Offset of the opening tag in the whole text.
    pub offset: usize,
    /// Offset of the value in the whole text.
    pub value_offset: usize,
    /// Whether the closing tag was found. Without it the value runs up to the next field or the end.
    pub closed: bool,
}

/// The opening and the closing prefix of a field's tags, standard and DHJHtmlXQ.
const FIELD_TAGS: [(&str, &str); 2] = [("[DhtmlXQ_", "[/DhtmlXQ_"), ("[DHJHtmlXQ_", "[/DHJHtmlXQ_")];

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The fields between two offsets of the text, in order.
pub(super) fn fields(text: &str, (start, end): (usize, usize)) -> Vec<Field<'_>> {
    let Some(body) = text.get(start..end) else {
        return Vec::new();
    };
    let bytes = body.as_bytes();
    let mut opens = FirstOf::new(FIELD_TAGS.map(|(open, _)| Finder::new(open)));
    let mut closes = FirstOf::new(FIELD_TAGS.map(|(_, close)| Finder::new(close)));
    let mut found = Vec::new();
    let mut pos = 0;
    while let Some((at, dialect)) = opens.find(bytes, pos) {
        let (open, close_prefix) = FIELD_TAGS[dialect];
        let name_start = at + open.len();
        let name_len = bytes.get(name_start..).unwrap_or_default().iter().take_while(|&&b| is_name_byte(b)).count();
        let name_end = name_start + name_len;
        if name_len == 0 || bytes.get(name_end) != Some(&b']') {
            pos = at + 1;
            continue;
        }
        let name = body.get(name_start..name_end).unwrap_or_default();
        let value_start = name_end + 1;
        let next_open = opens.find(bytes, value_start).map_or(bytes.len(), |(next, _)| next);
        let close = closes.find(bytes, value_start).filter(|&(close, _)| close < next_open);
        let (value_end, closed, next) = match close {
            Some((close, close_dialect)) => {
                let tag_end = close + close_prefix.len() + name.len();
                let matches = close_dialect == dialect
                    && bytes.get(close + close_prefix.len()..tag_end) == Some(name.as_bytes())
                    && bytes.get(tag_end) == Some(&b']');
                if matches {
                    (close, true, tag_end + 1)
                } else {
                    (close, false, close + 1)
                }
            }
            None => (next_open, false, next_open),
        };
        found.push(Field {
            name,
            value: body.get(value_start..value_end).unwrap_or_default(),
            offset: start + at,
            value_offset: start + value_start,
            closed,
        });
        pos = next;
    }
    found
}

/// Line numbers of byte offsets, from an index of the line breaks built on first use.
pub(super) struct Lines<'t> {
    text: &'t str,
    breaks: OnceCell<Vec<usize>>,
}

impl<'t> Lines<'t> {
    pub fn new(text: &'t str) -> Lines<'t> {
        Lines { text, breaks: OnceCell::new() }
    }

    /// The line (from 1) of a byte offset.
    pub fn line(&self, offset: usize) -> u64 {
        let breaks = self
            .breaks
            .get_or_init(|| self.text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i).collect());
        breaks.partition_point(|&b| b < offset) as u64 + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn containers_end_at_their_closing_tag_or_at_the_next_container() {
        let text = "x[DhtmlXQ]a[/DhtmlXQ] [DhtmlXQHTML]b [DhtmlXQiFrame]c[/DhtmlXQiFrame][DhtmlXQ_z]\
                    [DHJHtmlXQ]d[/DHJHtmlXQ][DHJHtmlXQ_y]";
        let found = containers(text);
        let bodies: Vec<_> = found.iter().map(|c| (&text[c.body.0..c.body.1], c.closed)).collect();
        assert_eq!(bodies, [("a", true), ("b ", false), ("c", true), ("d", true)]);
        assert_eq!(found[0].start, 1);
    }

    #[test]
    fn fields_with_and_without_closing_tags() {
        let text = "[DhtmlXQ_a]1[/DhtmlXQ_a][DhtmlXQ_b]2[DhtmlXQ_c]3[/DhtmlXQ_d][DhtmlXQ_ bad][DhtmlXQ_e]5";
        let found = fields(text, (0, text.len()));
        let got: Vec<_> = found.iter().map(|f| (f.name, f.value, f.closed)).collect();
        assert_eq!(got, [("a", "1", true), ("b", "2", false), ("c", "3", false), ("e", "5", false)]);
        assert_eq!((found[1].offset, found[1].value_offset), (24, 35));
    }

    #[test]
    fn fields_of_the_dhjhtmlxq_dialect() {
        let text = "[DHJHtmlXQ_34]7747[/DHJHtmlXQ_34][DhtmlXQ_10]t[/DhtmlXQ_10][DHJHtmlXQ_a]1[/DhtmlXQ_a][DhtmlXQ_b]2";
        let found = fields(text, (0, text.len()));
        let got: Vec<_> = found.iter().map(|f| (f.name, f.value, f.closed)).collect();
        assert_eq!(got, [("34", "7747", true), ("10", "t", true), ("a", "1", false), ("b", "2", false)]);
    }

    #[test]
    fn line_numbers() {
        let lines = Lines::new("a\nb\n\nc");
        assert_eq!([0, 2, 4, 5].map(|o| lines.line(o)), [1, 2, 3, 4]);
    }
}
