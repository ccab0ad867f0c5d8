//! The streaming reader: bytes to lines (encoding detected once), lines to games.

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Chain, Cursor, Read};

use crate::encoding::{self, TextEncoding};
use crate::quote::Quoted;
use crate::record::{GameRecord, Location};
use crate::Notation;

use super::movetext::{GameBuilder, LineInfo, PendingGame, SourceEnd};
use super::{tags, PgnError, PgnErrorKind};

/// How much of the input encoding detection looks at.
const DETECTION_PREFIX: u64 = 64 * 1024;

type Lines<R> = BufReader<Chain<Cursor<Vec<u8>>, R>>;

enum Source<R: Read> {
    /// Not started: the encoding is detected on the first read.
    Unopened(R),
    Lines(Lines<R>),
    /// A source that ended within the detection prefix, held whole: no second buffer to fill.
    Whole(Cursor<Vec<u8>>),
    /// UTF-16 input, decoded whole and re-encoded as UTF-8.
    Decoded(Cursor<Vec<u8>>),
    Done,
}

/// Reads the games of a PGN source one at a time (an [`Iterator`] of `Result<GameRecord, PgnError>`).
///
/// Memory stays bounded by the largest game, whatever the size of the source. The encoding is detected
/// from the first 64 KiB (see [`encoding::detect`]; if they are plain ASCII, from the first line that is
/// not and the bytes after it) unless given with [`Reader::with_encoding`]; bytes
/// that do not decode become U+FFFD and the game gets a warning.
///
/// ```
/// use xiangqi_core::pgn::Reader;
/// use xiangqi_core::encoding::TextEncoding;
///
/// // Two games in Big5, the second with a move that is not legal.
/// let text = "[Red \"A\"]\n1. 炮二平五 馬８進７\n\n[Red \"B\"]\n1. 炮二平五 馬８進８\n";
/// let (big5, _) = xiangqi_core::encoding::encode(text, TextEncoding::Big5);
/// let mut reader = Reader::new(&big5[..]);
/// let first = reader.next().unwrap().unwrap();
/// assert_eq!(first.main_line().count(), 2);
/// let second = reader.next().unwrap().unwrap_err();
/// assert_eq!(second.location.game_index, 1);
/// assert_eq!(second.location.token.as_deref(), Some("馬８進８"));
/// assert_eq!(second.location.byte_offset, 54); // counted in the Big5 bytes
/// assert!(reader.next().is_none());
/// assert_eq!(reader.encoding(), Some(TextEncoding::Big5));
/// ```
pub struct Reader<R: Read> {
    source: Source<R>,
    forced_encoding: Option<TextEncoding>,
    encoding: Option<TextEncoding>,
    /// The detection prefix was plain ASCII: the first line with other bytes decides the encoding.
    undecided: bool,
    /// UTF-16 input had bytes that did not decode.
    decoded_lossy: bool,
    /// The source's length in bytes when it was decoded whole (UTF-16): offsets, counted two bytes a code unit,
    /// stop there (a last odd byte decodes to one replacement character, a code unit of two bytes).
    decoded_len: u64,
    notation: Option<Notation>,
    raw: Vec<u8>,
    offset: u64,
    line_number: u64,
    game_index: usize,
    /// Lines read but not yet given to a game: the parts of the last line, or the line that starts the
    /// next game.
    queue: VecDeque<(String, LineInfo)>,
    /// An I/O error met while a game was being read, reported after that game.
    io_error: Option<io::Error>,
    /// An earlier game ended with a termination marker.
    seen_marker: bool,
    /// The last byte read is a line end (or nothing was read).
    line_break: bool,
}

/// Reads the games of a text (UTF-8).
///
/// ```
/// use xiangqi_core::pgn;
/// let games: Vec<_> = pgn::read_str("1. h2e2 h9g7 *\n\n[FEN \"3k5/9/9/9/9/9/9/9/4R4/4K4 w\"]\n1. e1e8 *").collect();
/// assert_eq!(games.len(), 2);
/// assert!(games.iter().all(Result::is_ok));
/// ```
pub fn read_str(text: &str) -> Reader<&[u8]> {
    Reader::with_encoding(text.as_bytes(), Some(TextEncoding::Utf8))
}

impl<R: Read> Reader<R> {
    /// A reader that detects the encoding and the notation of every move.
    pub fn new(source: R) -> Reader<R> {
        Reader::with_encoding(source, None)
    }

    /// A reader with a given encoding (`None`: detect it).
    pub fn with_encoding(source: R, encoding: Option<TextEncoding>) -> Reader<R> {
        Reader {
            source: Source::Unopened(source),
            forced_encoding: encoding,
            encoding,
            undecided: false,
            decoded_lossy: false,
            decoded_len: u64::MAX,
            notation: None,
            raw: Vec::new(),
            offset: 0,
            line_number: 0,
            game_index: 0,
            queue: VecDeque::new(),
            io_error: None,
            seen_marker: false,
            line_break: true,
        }
    }

    /// Reads every move in one notation, whatever the `Format` tag says (by default each token's
    /// notation is detected, or taken from the `Format` tag). [`Notation::IccsOneBased`] is only read
    /// when asked for here.
    pub fn notation(mut self, notation: Notation) -> Reader<R> {
        self.notation = Some(notation);
        self
    }

    /// The encoding in use: the caller's, or the one detected (`None` before the first game is read).
    pub fn encoding(&self) -> Option<TextEncoding> {
        self.encoding
    }

    fn open(&mut self) -> io::Result<()> {
        if !matches!(self.source, Source::Unopened(_)) {
            return Ok(());
        }
        let Source::Unopened(mut source) = core::mem::replace(&mut self.source, Source::Done) else {
            unreachable!("checked above")
        };
        let mut prefix = Vec::new();
        (&mut source).take(DETECTION_PREFIX).read_to_end(&mut prefix)?;
        let detected = self.forced_encoding.unwrap_or_else(|| encoding::detect(&prefix));
        self.encoding = Some(detected);
        self.undecided = self.forced_encoding.is_none() && prefix.is_ascii();
        let whole = (prefix.len() as u64) < DETECTION_PREFIX;
        self.source = if detected.is_ascii_compatible() {
            if encoding::bom(&prefix) == Some(TextEncoding::Utf8) {
                prefix.drain(..3);
                self.offset = 3;
            }
            if whole {
                Source::Whole(Cursor::new(prefix))
            } else {
                Source::Lines(BufReader::with_capacity(64 * 1024, Cursor::new(prefix).chain(source)))
            }
        } else {
            source.read_to_end(&mut prefix)?;
            let (text, lossy) = encoding::decode(&prefix, detected);
            self.offset = if encoding::bom(&prefix) == Some(detected) { 2 } else { 0 };
            self.decoded_lossy = lossy;
            self.decoded_len = prefix.len() as u64;
            Source::Decoded(Cursor::new(text.into_owned().into_bytes()))
        };
        Ok(())
    }

    /// Reads the next line and queues its parts, decoded, without line ends (a lone CR inside a line
    /// breaks it too). `false` at the end of the source.
    fn read_line(&mut self) -> io::Result<bool> {
        self.raw.clear();
        let read = match &mut self.source {
            Source::Unopened(_) => unreachable!("opened before reading"),
            Source::Lines(lines) => lines.read_until(b'\n', &mut self.raw)?,
            Source::Whole(text) => text.read_until(b'\n', &mut self.raw)?,
            Source::Decoded(text) => text.read_until(b'\n', &mut self.raw)?,
            Source::Done => 0,
        };
        if read == 0 {
            return Ok(false);
        }
        self.line_break = matches!(self.raw.last(), Some(b'\n' | b'\r'));
        if self.undecided && !self.raw.is_ascii() {
            // Judged on this line and what is buffered after it.
            let mut sample = self.raw.clone();
            // (A whole source was judged entirely when opened: it is never undecided.)
            if let Source::Lines(lines) = &self.source {
                sample.extend_from_slice(lines.buffer());
            }
            self.encoding = Some(encoding::detect(&sample));
            self.undecided = false;
        }
        let encoding = self.encoding.unwrap_or(TextEncoding::Utf8);
        let decoded = matches!(self.source, Source::Decoded(_));
        let decode_as = if decoded { TextEncoding::Utf8 } else { encoding };
        // Offsets count the source's bytes: for UTF-16, decoded whole into UTF-8, two per code unit.
        let width = |bytes: &[u8]| match decoded {
            true => core::str::from_utf8(bytes).map_or(bytes.len(), |text| 2 * text.encode_utf16().count()),
            false => bytes.len(),
        };
        let mut end = self.raw.len();
        while end > 0 && matches!(self.raw[end - 1], b'\n' | b'\r') {
            end -= 1;
        }
        // A CR byte is never part of a GBK, Big5 or UTF-8 character, so the raw bytes split safely.
        let mut start = 0;
        for part in self.raw[..end].split(|&b| b == b'\r') {
            self.line_number += 1;
            let number = self.line_number;
            let (text, lossy) = match core::str::from_utf8(part) {
                Ok(text) if decoded => (text.to_owned(), self.decoded_lossy && text.contains('\u{FFFD}')),
                Ok(text) if decode_as == TextEncoding::Utf8 || text.is_ascii() => (text.to_owned(), false),
                _ => {
                    let (text, lossy) = encoding::decode(part, decode_as);
                    (text.into_owned(), lossy)
                }
            };
            let offset = (self.offset + start as u64).min(self.decoded_len);
            let info = LineInfo { offset, number, encoding, lossy };
            self.queue.push_back((text, info));
            start += width(part) + width(b"\r");
        }
        self.offset = (self.offset + width(&self.raw) as u64).min(self.decoded_len);
        Ok(true)
    }

    /// The next game with its lines read and its end found, its moves not yet read: call
    /// [`PendingGame::finish`] (on any thread) for the game the iterator would give. Reading the moves is
    /// most of the cost of reading, so a bulk reader can take games from one source in order and read their
    /// moves in parallel. The items are those of the iterator, in the same order.
    ///
    /// ```
    /// use xiangqi_core::pgn;
    /// let mut reader = pgn::read_str("1. h2e2 h9g7 *\n\n[Event \"2\"]\n1. h2h8 *\n");
    /// let first = reader.next_pending().unwrap().unwrap();
    /// let second = reader.next_pending().unwrap().unwrap();
    /// assert!(reader.next_pending().is_none());
    /// assert_eq!(first.finish().unwrap().main_line().count(), 2);
    /// assert_eq!(second.finish().unwrap_err().location.game_index, 1);
    /// ```
    pub fn next_pending(&mut self) -> Option<Result<PendingGame, PgnError>> {
        self.next_game(true).map(|read| {
            read.map(|game| match game {
                GameRead::Pending(pending) => pending,
                GameRead::Done(_) => unreachable!("a deferred read gives a pending game"),
            })
        })
    }

    fn next_game(&mut self, deferred: bool) -> Option<Result<GameRead, PgnError>> {
        if let Err(err) = self.open() {
            return Some(Err(self.io_failure(err, None)));
        }
        if let Some(err) = self.io_error.take() {
            return Some(Err(self.io_failure(err, None)));
        }
        let start = self.queue.front().map_or((self.offset, self.line_number + 1), |(_, i)| (i.offset, i.number));
        let mut game = match deferred {
            true => GameBuilder::deferred(self.game_index, start, self.notation),
            false => GameBuilder::new(self.game_index, start, self.notation),
        };
        let mut at_end = false;
        loop {
            let Some((line, info)) = self.queue.pop_front() else {
                match self.read_line() {
                    Ok(true) => continue,
                    Ok(false) => {
                        at_end = true;
                        break;
                    }
                    Err(err) => {
                        self.source = Source::Done;
                        if game.is_empty() {
                            return Some(Err(self.io_failure(err, Some(game.start()))));
                        }
                        self.io_error = Some(err);
                        break;
                    }
                }
            };
            if self.route(&mut game, &line, info) {
                self.queue.push_front((line, info));
                break;
            }
            if info.lossy {
                game.warn(format!("line {}: bytes that are not valid {} replaced", info.number, info.encoding));
            }
        }
        if game.is_empty() {
            return self.io_error.take().map(|err| Err(self.io_failure(err, None)));
        }
        self.game_index += 1;
        let end = at_end.then_some(SourceEnd {
            offset: self.offset,
            line: self.line_number,
            line_break: self.line_break,
            earlier_marker: self.seen_marker,
        });
        self.seen_marker |= game.has_marker();
        Some(match deferred {
            true => Ok(GameRead::Pending(game.into_pending(end))),
            false => game.finish(end).map(GameRead::Done),
        })
    }

    /// Feeds a line to the game; `true` if the line starts the next game instead.
    fn route(&mut self, game: &mut GameBuilder, line: &str, info: LineInfo) -> bool {
        let trimmed = line.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}');
        if game.in_comment() {
            // A `[` line inside a comment belongs to it, but a comment left open must not swallow the games
            // after it: an `[Event` tag line ends it, unless a `}` further on closes the comment first.
            if trimmed.starts_with("[Event ") && tags::is_complete(trimmed) && !self.comment_closes_ahead() {
                game.abandon_comment(info.number);
                return true;
            }
            game.feed_movetext(line, info);
            return false;
        }
        if tags::is_tag_line(trimmed) {
            if game.has_movetext() {
                return true;
            }
            if !game.in_tag() && game.has_tag(trimmed) {
                // Most often a game recorded without moves, followed by the next game's tags.
                game.warn_at(
                    format!(
                        "line {}: a tag repeated before any move ({}): the game ends here without moves, and the \
                         next game starts",
                        info.number,
                        Quoted(trimmed)
                    ),
                    (info.offset, info.number),
                );
                return true;
            }
            game.feed_tag(trimmed, info);
        } else if game.in_tag() && starts_movetext(trimmed) {
            game.close_malformed_tag();
            game.feed_movetext(line, info);
        } else if game.in_tag() {
            game.feed_tag(line, info);
        } else if !trimmed.is_empty() {
            game.feed_movetext(line, info);
        }
        false
    }

    /// At an `[Event` tag line met inside an open comment: whether the comment is closed further on, before
    /// anything that looks like the next game. The lines after the tag line are read ahead (and queued): past
    /// the tag lines that follow it, the first brace decides (a `}` closes the comment, a `{` opens a comment
    /// of the next game), and a line that starts movetext (a move number) or another tag line before any
    /// brace says a game begins there.
    fn comment_closes_ahead(&mut self) -> bool {
        /// Lines read ahead at most: a comment that stays open longer is taken as never closed.
        const LOOKAHEAD_LINES: usize = 64;
        let mut past_tags = false;
        for index in 0..LOOKAHEAD_LINES {
            while self.queue.len() <= index {
                match self.read_line() {
                    Ok(true) => {}
                    Ok(false) => return false,
                    Err(err) => {
                        self.io_error = Some(err);
                        self.source = Source::Done;
                        return false;
                    }
                }
            }
            let text = self.queue[index].0.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}');
            if text.is_empty() {
                continue;
            }
            if tags::is_tag_line(text) {
                if past_tags {
                    return false;
                }
                continue;
            }
            past_tags = true;
            match text.find(['{', '}']) {
                Some(at) => return text.as_bytes()[at] == b'}',
                None if starts_movetext(text) => return false,
                None => {}
            }
        }
        false
    }

    fn io_failure(&mut self, err: io::Error, at: Option<(u64, u64)>) -> PgnError {
        let (byte_offset, line) = at.unwrap_or((self.offset, self.line_number));
        let location = Location { game_index: self.game_index, byte_offset, line: Some(line), ply: None, token: None };
        self.source = Source::Done;
        PgnError { location, kind: PgnErrorKind::Io(err.to_string()), partial: None }
    }
}

/// A game read now, or only found (its moves to be read later). It lives for one call only, so the size
/// of its variants does not matter.
#[allow(clippy::large_enum_variant)]
enum GameRead {
    Done(GameRecord),
    Pending(PendingGame),
}

/// Whether a line starts with a move number (`1.`, `12...`): movetext, never a tag value's continuation.
fn starts_movetext(trimmed: &str) -> bool {
    let word = trimmed.split(super::tokens::is_space).next().unwrap_or("");
    super::tokens::strip_move_number(word).0 > 0
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<GameRecord, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_game(false).map(|read| {
            read.map(|game| match game {
                GameRead::Done(record) => record,
                GameRead::Pending(pending) => unreachable!("a direct read finishes its game: {pending:?}"),
            })
        })
    }
}
