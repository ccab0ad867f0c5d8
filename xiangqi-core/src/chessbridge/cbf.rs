//! CBF: ChessBridge's XML export. A small pull parser for the part of XML the files use (elements,
//! attributes in quotes, text with the predefined and numeric entities, CDATA, comments, the prolog),
//! then the game built from the `<Head>` and `<MoveList>` elements.

use std::borrow::Cow;

use super::error::{ChessBridgeError, ChessBridgeErrorKind, Container};
use super::tag_name;
use crate::fen::Fen;
use crate::record::board::composed_position;
use crate::record::{GameRecord, GameResult, Location, MoveTree, ReadWarning, Tags};
use crate::{Move, Position, Square};

const BOM: &[u8] = b"\xEF\xBB\xBF";
const ROOT: &[u8] = b"ChineseChessRecord";

/// A piece of the document.
enum Event<'a> {
    Start {
        name: &'a [u8],
        attributes: &'a [u8],
        empty: bool,
        at: usize,
    },
    End {
        name: &'a [u8],
    },
    /// Character data (entities not yet replaced), or CDATA (taken as it is).
    Text {
        raw: &'a [u8],
        cdata: bool,
    },
}

/// What stops the parser.
enum Stop {
    /// The data ends inside a construct that started at this offset.
    Cut(usize),
    Malformed(usize, &'static str),
}

struct Parser<'a> {
    bytes: &'a [u8],
    at: usize,
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes.get(from..)?.windows(needle.len()).position(|w| w == needle).map(|i| from + i)
}

impl<'a> Parser<'a> {
    fn next(&mut self) -> Result<Option<Event<'a>>, Stop> {
        loop {
            let bytes = self.bytes;
            let start = self.at;
            if start >= bytes.len() {
                return Ok(None);
            }
            if bytes[start] != b'<' {
                let end = bytes[start..].iter().position(|&b| b == b'<').map_or(bytes.len(), |i| start + i);
                self.at = end;
                return Ok(Some(Event::Text { raw: &bytes[start..end], cdata: false }));
            }
            let rest = &bytes[start..];
            if rest.starts_with(b"<?") {
                self.at = find(bytes, start + 2, b"?>").ok_or(Stop::Cut(start))? + 2;
            } else if rest.starts_with(b"<!--") {
                self.at = find(bytes, start + 4, b"-->").ok_or(Stop::Cut(start))? + 3;
            } else if rest.starts_with(b"<![CDATA[") {
                let end = find(bytes, start + 9, b"]]>").ok_or(Stop::Cut(start))?;
                self.at = end + 3;
                return Ok(Some(Event::Text { raw: &bytes[start + 9..end], cdata: true }));
            } else if rest.starts_with(b"<!") {
                self.at = find(bytes, start + 2, b">").ok_or(Stop::Cut(start))? + 1;
            } else {
                // A tag: up to the first `>` outside quotes.
                let mut quote = None;
                let mut close = None;
                for (i, &b) in rest.iter().enumerate().skip(1) {
                    match (quote, b) {
                        (None, b'"' | b'\'') => quote = Some(b),
                        (Some(q), _) if b == q => quote = None,
                        (None, b'>') => {
                            close = Some(i);
                            break;
                        }
                        (None, b'<') => return Err(Stop::Malformed(start, "a `<` inside a tag")),
                        _ => {}
                    }
                }
                let close = close.ok_or(Stop::Cut(start))?;
                self.at = start + close + 1;
                let inner = &rest[1..close];
                if let Some(name) = inner.strip_prefix(b"/") {
                    return Ok(Some(Event::End { name: name.trim_ascii() }));
                }
                let (inner, empty) = match inner.strip_suffix(b"/") {
                    Some(inner) => (inner, true),
                    None => (inner, false),
                };
                let name_end = inner.iter().position(|b| b.is_ascii_whitespace()).unwrap_or(inner.len());
                if name_end == 0 {
                    return Err(Stop::Malformed(start, "a tag without a name"));
                }
                return Ok(Some(Event::Start {
                    name: &inner[..name_end],
                    attributes: &inner[name_end..],
                    empty,
                    at: start,
                }));
            }
        }
    }
}

/// The value of an attribute, entities replaced.
fn attribute<'a>(attributes: &'a [u8], name: &[u8]) -> Option<Cow<'a, str>> {
    let mut rest = attributes;
    loop {
        rest = rest.trim_ascii_start();
        let eq = rest.iter().position(|&b| b == b'=')?;
        let key = rest[..eq].trim_ascii();
        let after = rest[eq + 1..].trim_ascii_start();
        let quote = *after.first()?;
        if quote != b'"' && quote != b'\'' {
            return None;
        }
        let end = after[1..].iter().position(|&b| b == quote)? + 1;
        if key == name {
            return Some(unescape(&after[1..end]));
        }
        rest = &after[end + 1..];
    }
}

/// Text with the predefined and numeric entities replaced; an entity that is none is kept as it is.
fn unescape(raw: &[u8]) -> Cow<'_, str> {
    let text = String::from_utf8_lossy(raw);
    if !text.contains('&') {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = &*text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let entity = rest.find(';').filter(|&semi| semi <= 12).map(|semi| (&rest[1..semi], semi));
        let replaced = entity.and_then(|(name, semi)| {
            let c = match name {
                "lt" => '<',
                "gt" => '>',
                "amp" => '&',
                "quot" => '"',
                "apos" => '\'',
                _ => {
                    let number = name.strip_prefix('#')?;
                    let code = match number.strip_prefix(['x', 'X']) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                        None => number.parse().ok()?,
                    };
                    char::from_u32(code)?
                }
            };
            Some((c, semi))
        });
        match replaced {
            Some((c, semi)) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// A `Move` element as written.
struct RawMove {
    value: String,
    end: bool,
    comment: String,
    at: usize,
}

/// What the document holds, in the order read.
#[derive(Default)]
struct Document {
    head: Vec<(String, String, usize)>,
    moves: Vec<RawMove>,
    /// `Move` elements that are not children of `<MoveList>` (inside another `Move`, or inside a wrapper
    /// such as `<Variation>`): how many, and the offset of the first.
    off_chain: (usize, Option<usize>),
    /// Where the document stops short, when it does: the data ends inside it.
    cut: Option<usize>,
    /// Bytes that are not UTF-8.
    replaced: bool,
}

fn error(bytes: &[u8], at: usize, kind: ChessBridgeErrorKind) -> ChessBridgeError {
    ChessBridgeError { container: Container::Cbf, location: location(bytes, at, None, None), kind, partial: None }
}

fn location(bytes: &[u8], at: usize, ply: Option<usize>, token: Option<String>) -> Location {
    let line = bytes[..at.min(bytes.len())].iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    Location { game_index: 0, byte_offset: at as u64, line: Some(line), ply, token }
}

/// Reads the elements the game needs.
fn document(bytes: &[u8]) -> Result<Document, ChessBridgeError> {
    let mut parser = Parser { bytes, at: if bytes.starts_with(BOM) { BOM.len() } else { 0 } };
    let mut doc = Document::default();
    // The open elements inside the root, innermost last.
    let mut open: Vec<&[u8]> = Vec::new();
    let mut in_root = false;
    // The element whose text is being gathered (a Head field, or a Move), and the text.
    let mut text = String::new();
    loop {
        let event = match parser.next() {
            Ok(Some(event)) => event,
            Ok(None) => {
                if in_root {
                    doc.cut = Some(bytes.len());
                    return Ok(doc);
                }
                // Nothing but a prolog, comments or blank text: a file cut before its root element (or
                // no document at all).
                let body = bytes.strip_prefix(BOM).unwrap_or(bytes);
                if body.trim_ascii().is_empty() {
                    return Err(error(bytes, 0, ChessBridgeErrorKind::NotChessBridge));
                }
                doc.cut = Some(bytes.len());
                return Ok(doc);
            }
            Err(Stop::Cut(at)) => {
                doc.cut = Some(at);
                return Ok(doc);
            }
            Err(Stop::Malformed(at, what)) => return Err(error(bytes, at, ChessBridgeErrorKind::Xml(what))),
        };
        match event {
            Event::Start { name, attributes, empty, at } => {
                if !in_root {
                    if name != ROOT {
                        return Err(error(bytes, at, ChessBridgeErrorKind::NotChessBridge));
                    }
                    in_root = true;
                    if empty {
                        return Ok(doc);
                    }
                    continue;
                }
                let parent = open.last().copied();
                if parent == Some(b"MoveList") && name == b"Move" {
                    let Some(value) = attribute(attributes, b"value") else {
                        return Err(error(bytes, at, ChessBridgeErrorKind::Xml("a Move without its value")));
                    };
                    let end = attribute(attributes, b"end").is_some_and(|v| v.trim() == "1");
                    doc.moves.push(RawMove { value: value.into_owned(), end, comment: String::new(), at });
                    text.clear();
                } else if name == b"Move" {
                    let (count, first) = &mut doc.off_chain;
                    *count += 1;
                    first.get_or_insert(at);
                } else if parent == Some(b"Head") {
                    let name = String::from_utf8_lossy(name).into_owned();
                    doc.head.push((name, String::new(), at));
                    text.clear();
                }
                if !empty {
                    open.push(name);
                }
            }
            Event::End { name } => {
                if !in_root {
                    return Err(error(bytes, parser.at, ChessBridgeErrorKind::Xml("an end tag outside the root")));
                }
                match open.pop() {
                    Some(opened) if opened == name => {
                        let parent = open.last().copied();
                        if parent == Some(b"MoveList") && name == b"Move" {
                            if let Some(last) = doc.moves.last_mut() {
                                last.comment = core::mem::take(&mut text);
                            }
                        } else if parent == Some(b"Head") {
                            if let Some(last) = doc.head.last_mut() {
                                last.1 = core::mem::take(&mut text);
                            }
                        }
                    }
                    None if name == ROOT => return Ok(doc),
                    _ => {
                        return Err(error(
                            bytes,
                            parser.at,
                            ChessBridgeErrorKind::Xml("an end tag that closes no open element"),
                        ))
                    }
                }
            }
            Event::Text { raw, .. } if !in_root => {
                if !raw.trim_ascii().is_empty() {
                    return Err(error(bytes, 0, ChessBridgeErrorKind::NotChessBridge));
                }
            }
            Event::Text { raw, cdata } => {
                let gathering = match open.as_slice() {
                    [.., parent, b"Move"] => *parent == b"MoveList",
                    [b"Head", _] => true,
                    _ => false,
                };
                if gathering {
                    if std::str::from_utf8(raw).is_err() {
                        doc.replaced = true;
                    }
                    if cdata {
                        text.push_str(&String::from_utf8_lossy(raw));
                    } else {
                        text.push_str(&unescape(raw));
                    }
                }
            }
        }
    }
}

/// The squares of a move value `XY-XY`: column from Red's left, row from the top.
fn move_value(value: &str) -> Result<(Square, Square), ChessBridgeErrorKind> {
    let b = value.trim().as_bytes();
    if b.len() != 5 || b[2] != b'-' || ![b[0], b[1], b[3], b[4]].iter().all(u8::is_ascii_digit) {
        return Err(ChessBridgeErrorKind::MalformedMove);
    }
    let square = |x: u8, y: u8| {
        let (x, y) = (x - b'0', y - b'0');
        if x > 8 {
            None
        } else {
            Square::from_coords(x, 9 - y)
        }
    };
    match (square(b[0], b[1]), square(b[3], b[4])) {
        (Some(from), Some(to)) => Ok((from, to)),
        _ => Err(ChessBridgeErrorKind::InvalidSquare),
    }
}

pub(super) fn read(bytes: &[u8]) -> Result<GameRecord, ChessBridgeError> {
    let doc = document(bytes)?;
    let mut warnings = Vec::new();
    if doc.replaced {
        warnings.push(ReadWarning::new(None, "text that is not UTF-8, replaced with U+FFFD"));
    }
    let mut tags = Tags::default();
    let mut result = GameResult::Unknown;
    let mut start = None;
    for (name, value, at) in &doc.head {
        let value = value.trim();
        match name.as_str() {
            "FEN" if !value.is_empty() => {
                let fen: Fen = value.parse().map_err(|err| {
                    let mut e = error(bytes, *at, ChessBridgeErrorKind::BadFen(Box::new(err)));
                    e.location.token = Some(value.to_owned());
                    e
                })?;
                let (pos, placement) = composed_position(fen.into_setup())
                    .map_err(|err| error(bytes, *at, ChessBridgeErrorKind::InvalidPosition(err)))?;
                if let Some(message) = placement {
                    warnings.push(ReadWarning::new(None, message));
                }
                start = Some(pos);
            }
            "RecordResult" => {
                result = match value {
                    "" | "0" | "4" => GameResult::Unknown,
                    "1" => GameResult::RedWins,
                    "2" => GameResult::BlackWins,
                    "3" => GameResult::Draw,
                    other => {
                        warnings.push(
                            ReadWarning::new(
                                None,
                                format!("unknown RecordResult {}; read as unknown", crate::quote::Quoted(other)),
                            )
                            .at(*at as u64, location(bytes, *at, None, None).line),
                        );
                        GameResult::Unknown
                    }
                };
            }
            _ if !value.is_empty() => tags.set(tag_name(name), value),
            _ => {}
        }
    }
    let start = start.unwrap_or_default();
    let mut game = GameRecord { tags, tree: MoveTree::new(start), result, warnings };
    let mut moves = doc.moves.iter().peekable();
    if let Some(root) = moves.next_if(|m| m.value.trim() == "00-00") {
        let root_id = game.tree.root();
        set_comment(&mut game, root_id, &root.comment);
    }
    let mut node = game.tree.root();
    let mut pos = game.tree.start().clone();
    let mut ended = false;
    let mut ignored = Vec::new();
    for raw in moves {
        if ended {
            ignored.push(raw.at);
            continue;
        }
        let ply = game.tree.ply(node) + 1;
        let m = move_value(&raw.value).and_then(|(from, to)| {
            let m = Move::new(from, to);
            if pos.is_legal(m) {
                Ok(m)
            } else {
                Err(ChessBridgeErrorKind::IllegalMove)
            }
        });
        let m = match m {
            Ok(m) => m,
            Err(kind) => {
                let location = location(bytes, raw.at, Some(ply), Some(raw.value.clone()));
                let partial = Some(Box::new(core::mem::replace(&mut game, GameRecord::new(Position::default()))));
                return Err(ChessBridgeError { container: Container::Cbf, location, kind, partial });
            }
        };
        node = game.tree.push_unchecked(node, m);
        pos.play_unchecked(m);
        set_comment(&mut game, node, &raw.comment);
        ended = raw.end;
    }
    if let (count, Some(first)) = doc.off_chain {
        game.warnings.push(
            ReadWarning::new(
                None,
                format!(
                    "{count} Move elements not in the single chain of the MoveList ignored: variations are not read"
                ),
            )
            .at(first as u64, location(bytes, first, None, None).line),
        );
    }
    if let Some(&first) = ignored.first() {
        game.warnings.push(
            ReadWarning::new(
                None,
                format!(
                    "{} Move elements after the end of the line (end=\"1\") ignored: variations are not read",
                    ignored.len()
                ),
            )
            .at(first as u64, location(bytes, first, None, None).line),
        );
    }
    if let Some(at) = doc.cut {
        let ply = Some(game.tree.ply(node) + 1);
        let location = location(bytes, at, ply, None);
        return Err(ChessBridgeError {
            container: Container::Cbf,
            location,
            kind: ChessBridgeErrorKind::Truncated,
            partial: Some(Box::new(game)),
        });
    }
    Ok(game)
}

fn set_comment(game: &mut GameRecord, node: crate::record::NodeId, text: &str) {
    let text = text.replace("\r\n", "\n");
    let text = text.trim();
    if !text.is_empty() {
        game.tree.set_comment(node, text);
    }
}
