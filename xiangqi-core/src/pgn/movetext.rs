//! One game being read: its tag lines, then its movetext, fed a line at a time.

use core::cell::Cell;
use std::collections::HashMap;

use crate::chinese::{self, ChineseStyle};
use crate::encoding::{self, TextEncoding};
use crate::notation;
use crate::quote::Quoted;
use crate::record::{GameRecord, GameResult, Location, NodeId, ReadWarning};
use crate::wxf;
use crate::{Notation, Position};

use super::start::{start_position, with_other_side};
use super::tokens::{
    is_ellipsis, is_space, leading_spaces, parse_format, result_token, strip_move_number, strip_suffix_annotation,
    word_len,
};
use super::{tags, PgnError, PgnErrorKind};

/// Where a line sits in the file.
#[derive(Copy, Clone, Debug)]
pub(super) struct LineInfo {
    /// Byte offset of the line's first byte.
    pub offset: u64,
    /// Line number, from 1.
    pub number: u64,
    /// The file's encoding, to turn a column in the decoded line into bytes.
    pub encoding: TextEncoding,
    /// Some bytes of the line did not decode (and became U+FFFD).
    pub lossy: bool,
}

impl LineInfo {
    /// The byte offset in the file and the line number of a column of the decoded line. In a line with
    /// bytes that did not decode, columns cannot be mapped back to bytes: the line's start is given. So it is
    /// where the text before the column does not encode back to as many bytes as it came from: characters
    /// the decoder reads but the encoder does not write (Big5's HKSCS extension, GB18030's four-byte codes).
    ///
    /// `mark` remembers the last column mapped in this line, so that mapping the columns of one line left
    /// to right costs the length of the line, not its square (a long line of bad tokens in Big5 or UTF-16).
    fn at(&self, line: &str, column: usize, mark: &Cell<ColumnMark>) -> (u64, u64) {
        if self.lossy {
            return (self.offset, self.number);
        }
        let width = |text: &str| -> Option<u64> {
            match self.encoding {
                TextEncoding::Gbk | TextEncoding::Big5 if !text.is_ascii() => {
                    let (bytes, replaced) = encoding::encode(text, self.encoding);
                    (!replaced).then_some(bytes.len() as u64)
                }
                TextEncoding::Utf16Le | TextEncoding::Utf16Be => Some(2 * text.encode_utf16().count() as u64),
                _ => Some(text.len() as u64),
            }
        };
        let (from, bytes) = match mark.get() {
            ColumnMark { line_offset, line_number, column: from, bytes }
                if line_offset == self.offset && line_number == self.number && from <= column =>
            {
                (from, bytes)
            }
            _ => (0, 0),
        };
        let Some(width) = width(&line[from..column]) else {
            return (self.offset, self.number);
        };
        let bytes = bytes + width;
        mark.set(ColumnMark { line_offset: self.offset, line_number: self.number, column, bytes });
        (self.offset + bytes, self.number)
    }
}

/// The last column of a line mapped to bytes by [`LineInfo::at`], and its width in the source's bytes.
#[derive(Copy, Clone, Debug, Default)]
struct ColumnMark {
    line_offset: u64,
    line_number: u64,
    column: usize,
    bytes: u64,
}

/// Whether `text` is the beginning, and only the beginning, of a legal move as some notation writes it
/// (`h2`, `H2-`, `C2=`, `炮二平`): a move cut in two by the end of the source.
fn is_move_prefix(pos: &Position, text: &str) -> bool {
    let fold = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                '０'..='９' => char::from_digit(c as u32 - '０' as u32, 10).unwrap_or(c),
                _ => c.to_ascii_lowercase(),
            })
            .collect()
    };
    let text = fold(text);
    pos.legal_moves().iter().any(|&m| {
        let iccs = m.to_string();
        let dashed = format!("{}-{}", &iccs[..2], &iccs[2..]);
        let written = [
            iccs,
            dashed,
            wxf::write(pos, m),
            chinese::write_with(pos, m, ChineseStyle::SIMPLIFIED),
            chinese::write_with(pos, m, ChineseStyle::TRADITIONAL),
        ];
        written.iter().map(|w| fold(w)).any(|w| w.len() > text.len() && w.starts_with(&text))
    })
}

/// How the source ended inside the game being read.
#[derive(Copy, Clone, Debug)]
pub(super) struct SourceEnd {
    /// The length of the source in bytes, and its last line's number.
    pub offset: u64,
    pub line: u64,
    /// The source's last byte is a line end.
    pub line_break: bool,
    /// An earlier game of the source ended with a termination marker.
    pub earlier_marker: bool,
}

/// How deep variations may nest; deeper ones are skipped, so that memory does not grow with a run of `(`.
const MAX_NESTING: usize = 256;

/// Every this many plies of a line, the position is kept (see `Moves::checkpoints`).
const CHECKPOINT_PLIES: usize = 32;

/// A variation left open by `(`: where the line it interrupts stands.
struct Frame {
    node: NodeId,
    pos: Position,
    before: Option<Position>,
}

/// The moves being read: the record, the current node and the positions at and before it.
struct Moves {
    record: GameRecord,
    node: NodeId,
    pos: Position,
    /// The position before the current node's move (`None` at the root, or when not yet known).
    before: Option<Position>,
    stack: Vec<Frame>,
    /// The positions at the nodes whose ply is a multiple of [`CHECKPOINT_PLIES`]: the position at any
    /// node is then found by replaying fewer than that many moves, however deep the node, and a run of
    /// variations that open at the start of a variation (`((`) reads in linear time.
    checkpoints: HashMap<NodeId, Position>,
    /// Inside a variation being skipped (it holds a move that cannot be read, or is refused): how many
    /// `(` are open in it, itself included; its last `)` ends the skip.
    skipping: usize,
    /// The start side came from no usable FEN field, or may still be swapped by the first move.
    side_may_swap: bool,
}

impl Moves {
    /// The position at a node of the tree: from the nearest checkpoint at or above it.
    fn position_at(&self, node: NodeId) -> Position {
        let tree = &self.record.tree;
        let mut path = Vec::new();
        let mut current = node;
        let mut pos = loop {
            if let Some(pos) = self.checkpoints.get(&current) {
                break pos.clone();
            }
            match (tree.mv(current), tree.parent(current)) {
                (Some(m), Some(parent)) => {
                    path.push(m);
                    current = parent;
                }
                _ => break tree.start().clone(),
            }
        };
        for &m in path.iter().rev() {
            pos.play_unchecked(m);
        }
        pos
    }
}

pub(super) struct GameBuilder {
    index: usize,
    start: (u64, u64),
    tags: crate::record::Tags,
    /// A tag whose value goes on over several lines, with where it started.
    open_tag: Option<(String, (u64, u64))>,
    fen_at: (u64, u64),
    /// Where the `Format` tag stands (the game's start until one is read).
    format_at: (u64, u64),
    moves: Option<Moves>,
    notation: Option<Notation>,
    forced_notation: Option<Notation>,
    comment: Option<String>,
    /// Where the open `{` comment starts (offset, line).
    comment_at: (u64, u64),
    /// A result token was read: the rest up to the next tag line is a footer.
    footer: bool,
    movetext_result: Option<GameResult>,
    error: Option<PgnError>,
    /// The error's move token is the last word of its line, with the position it was read in: if the
    /// source ends on that line, [`is_move_prefix`] tells whether the move was cut off there (asked only
    /// then: it writes every legal move in every notation).
    error_at_line_end: Option<Box<(Position, String)>>,
    warnings: Vec<ReadWarning>,
    seen_movetext: bool,
    /// Where the last column mapped to bytes is (see [`LineInfo::at`]).
    columns: Cell<ColumnMark>,
    /// How many `(` are open: a result token ends the movetext only outside every variation.
    depth: usize,
    /// Deferred reading: the lines and decisions fed, to be read for real later by [`PendingGame::finish`].
    /// A deferred builder keeps only what decides where the game ends (tags, comments, the result token).
    log: Option<Log>,
}

/// What a deferred builder was fed, in order.
#[derive(Clone, Debug)]
enum Action {
    /// A line, as a range of the log's text.
    Tag(std::ops::Range<usize>, LineInfo),
    Movetext(std::ops::Range<usize>, LineInfo),
    CloseMalformedTag,
    AbandonComment(u64),
    /// A warning, with its byte offset and line when known.
    Warn(String, Option<(u64, u64)>),
}

/// A game whose lines have been read and whose end is known, but whose moves are not yet read: the costly
/// part of reading (notation, legality) can then run on another thread. See [`super::Reader::next_pending`].
#[derive(Clone, Debug)]
pub struct PendingGame {
    index: usize,
    start: (u64, u64),
    forced_notation: Option<Notation>,
    log: Log,
    end: Option<SourceEnd>,
}

/// What a deferred builder did, to be done again by [`PendingGame::finish`]: the lines live in one text.
#[derive(Clone, Debug, Default)]
struct Log {
    actions: Vec<Action>,
    text: String,
}

impl Log {
    fn line(&mut self, line: &str) -> std::ops::Range<usize> {
        let start = self.text.len();
        self.text.push_str(line);
        start..self.text.len()
    }
}

impl PendingGame {
    /// Reads the game: the same result the reader's iterator gives for it.
    ///
    /// # Errors
    ///
    /// As [`super::Reader`]'s items: the game cannot be read whole.
    pub fn finish(self) -> Result<GameRecord, PgnError> {
        let mut game = GameBuilder::new(self.index, self.start, self.forced_notation);
        let Log { actions, text } = self.log;
        for action in actions {
            match action {
                Action::Tag(line, info) => game.feed_tag(&text[line], info),
                Action::Movetext(line, info) => game.feed_movetext(&text[line], info),
                Action::CloseMalformedTag => game.close_malformed_tag(),
                Action::AbandonComment(line) => game.abandon_comment(line),
                Action::Warn(message, None) => game.warn(message),
                Action::Warn(message, Some(at)) => game.warn_at(message, at),
            }
        }
        game.finish(self.end)
    }
}

impl GameBuilder {
    pub(super) fn new(index: usize, start: (u64, u64), forced_notation: Option<Notation>) -> GameBuilder {
        GameBuilder {
            index,
            start,
            tags: Default::default(),
            open_tag: None,
            fen_at: start,
            format_at: start,
            moves: None,
            notation: forced_notation,
            forced_notation,
            comment: None,
            comment_at: start,
            footer: false,
            movetext_result: None,
            error: None,
            error_at_line_end: None,
            warnings: Vec::new(),
            seen_movetext: false,
            columns: Cell::default(),
            depth: 0,
            log: None,
        }
    }

    /// A builder that only finds where the game ends, for [`PendingGame`].
    pub(super) fn deferred(index: usize, start: (u64, u64), forced_notation: Option<Notation>) -> GameBuilder {
        GameBuilder { log: Some(Log::default()), ..GameBuilder::new(index, start, forced_notation) }
    }

    /// The deferred game, once its last line has been fed (see [`GameBuilder::finish`]).
    pub(super) fn into_pending(self, end: Option<SourceEnd>) -> PendingGame {
        PendingGame {
            index: self.index,
            start: self.start,
            forced_notation: self.forced_notation,
            log: self.log.unwrap_or_default(),
            end,
        }
    }

    fn log(&mut self, action: impl FnOnce(&mut Log) -> Action) {
        if let Some(log) = &mut self.log {
            let action = action(log);
            log.actions.push(action);
        }
    }

    /// Whether anything but tags has been read (a tag line then starts the next game).
    pub(super) fn has_movetext(&self) -> bool {
        self.seen_movetext
    }

    /// Whether a `{` comment is open (a `[` line then belongs to it).
    pub(super) fn in_comment(&self) -> bool {
        self.comment.is_some()
    }

    /// Whether a tag value is still open (the next line continues it unless it starts a tag).
    pub(super) fn in_tag(&self) -> bool {
        self.open_tag.is_some()
    }

    /// Whether the game already has a tag of this name (a repeated tag starts the next game).
    pub(super) fn has_tag(&self, line: &str) -> bool {
        tags::name(line).is_some_and(|name| self.tags.get(name).is_some())
    }

    pub(super) fn is_empty(&self) -> bool {
        self.tags.is_empty() && !self.seen_movetext && self.open_tag.is_none()
    }

    /// A tag line, or a line continuing an open tag value.
    pub(super) fn feed_tag(&mut self, line: &str, info: LineInfo) {
        self.log(|log| Action::Tag(log.line(line), info));
        let (text, at) = match self.open_tag.take() {
            Some((mut text, at)) if !tags::is_tag_line(line.trim_start()) => {
                text.push('\n');
                text.push_str(line);
                (text, at)
            }
            Some((text, at)) => {
                self.finish_tag(&text, at);
                (line.to_owned(), (info.offset, info.number))
            }
            None => (line.to_owned(), (info.offset, info.number)),
        };
        if tags::is_complete(&text) {
            self.finish_tag(&text, at);
        } else if tags::lacks_bracket(&text) {
            let message = format!("line {}: the tag line lacks its `]`; read up to its closing quote", at.1);
            self.warnings.push(ReadWarning::new(None, message).at(at.0, Some(at.1)));
            self.finish_tag(&text, at);
        } else {
            self.open_tag = Some((text, at));
        }
    }

    fn finish_tag(&mut self, text: &str, at: (u64, u64)) {
        match tags::parse(text) {
            Some((name, value)) => {
                match name.as_str() {
                    "FEN" => self.fen_at = at,
                    "Format" => self.format_at = at,
                    _ => {}
                }
                self.tags.set(name, value);
            }
            None => {
                let message = format!("line {}: unreadable tag line {}", at.1, Quoted(text));
                self.warnings.push(ReadWarning::new(None, message).at(at.0, Some(at.1)));
            }
        }
    }

    /// A movetext line (or a footer line after the result).
    pub(super) fn feed_movetext(&mut self, line: &str, info: LineInfo) {
        self.log(|log| Action::Movetext(log.line(line), info));
        let full = self.log.is_none();
        if let Some((text, at)) = self.open_tag.take() {
            self.finish_tag(&text, at);
        }
        if self.footer {
            return;
        }
        let mut i = 0;
        while i < line.len() {
            if let Some(comment) = &mut self.comment {
                match line[i..].find('}') {
                    Some(end) => {
                        if full {
                            comment.push_str(&line[i..i + end]);
                        }
                        i += end + 1;
                        self.close_comment();
                        continue;
                    }
                    None => {
                        if full {
                            comment.push_str(&line[i..]);
                            comment.push('\n');
                        }
                        return;
                    }
                }
            }
            let rest = &line[i..];
            let trimmed = &rest[leading_spaces(rest)..];
            i += rest.len() - trimmed.len();
            let Some(c) = trimmed.chars().next() else { break };
            self.seen_movetext = true;
            if self.footer {
                return;
            }
            match c {
                '{' => {
                    self.comment = Some(String::new());
                    if full {
                        self.comment_at = info.at(line, i, &self.columns);
                    }
                    i += 1;
                }
                ';' => {
                    self.comment = Some(if full { line[i + 1..].to_owned() } else { String::new() });
                    self.close_comment();
                    return;
                }
                '%' if i == 0 => return,
                '(' => {
                    self.depth += 1;
                    if full {
                        self.open_variation(line, i, info);
                    }
                    i += 1;
                }
                ')' => {
                    self.depth = self.depth.saturating_sub(1);
                    if full {
                        self.close_variation(line, i, info);
                    }
                    i += 1;
                }
                _ => {
                    let len = word_len(trimmed);
                    let word = &trimmed[..len.max(c.len_utf8())];
                    if let Some(result) = result_token(word) {
                        // Only outside every variation: inside one, a result token ends nothing.
                        if self.depth == 0 {
                            self.movetext_result = Some(result);
                            self.footer = true;
                        }
                    } else if full {
                        self.word(word, line, i, info);
                    }
                    i += word.len();
                }
            }
        }
    }

    fn close_comment(&mut self) {
        let Some(text) = self.comment.take() else { return };
        if self.log.is_some() {
            return;
        }
        let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
        if text.is_empty() {
            return;
        }
        // Before the first move, this makes the start position, and the comment goes to the root.
        if let Some(moves) = self.ensure_moves().filter(|m| m.skipping == 0) {
            moves.record.tree.append_comment(moves.node, text);
        }
    }

    /// Builds the start position from the tags the first time movetext needs it. `None` once the game
    /// has failed.
    fn ensure_moves(&mut self) -> Option<&mut Moves> {
        if self.error.is_some() {
            return None;
        }
        if self.moves.is_none() {
            if self.forced_notation.is_none() {
                if let Some(format) = self.tags.get("Format") {
                    match parse_format(format) {
                        Some(notation) => self.notation = notation,
                        None => {
                            let kind = PgnErrorKind::UnknownFormat(format.to_owned());
                            self.fail_at(self.format_at, None, Some(format.to_owned()), kind, None);
                            return None;
                        }
                    }
                }
            }
            match start_position(self.tags.get("FEN")) {
                Ok((pos, side_known, placement)) => {
                    if let Some(message) = placement {
                        self.warnings.push(ReadWarning::new(None, message));
                    }
                    if !side_known {
                        self.warnings
                            .push(ReadWarning::new(None, "the FEN names no side to move; the first move decides"));
                    }
                    // The tags join the record when it is given (or cut short by an error): none is added
                    // once movetext has begun.
                    let record = GameRecord::new(pos.clone());
                    let root = record.tree.root();
                    self.moves = Some(Moves {
                        record,
                        node: root,
                        pos,
                        before: None,
                        stack: Vec::new(),
                        checkpoints: HashMap::new(),
                        skipping: 0,
                        side_may_swap: true,
                    });
                }
                Err(err) => {
                    let token = self.tags.get("FEN").map(str::to_owned);
                    self.fail_at(self.fen_at, None, token, PgnErrorKind::Fen(Box::new(err)), None);
                    return None;
                }
            }
        }
        self.moves.as_mut()
    }

    fn fail_at(
        &mut self,
        at: (u64, u64),
        ply: Option<usize>,
        token: Option<String>,
        kind: PgnErrorKind,
        partial: Option<Box<GameRecord>>,
    ) {
        if self.error.is_some() {
            return;
        }
        let location = Location { game_index: self.index, byte_offset: at.0, line: Some(at.1), ply, token };
        self.error = Some(PgnError { location, kind, partial });
    }

    fn open_variation(&mut self, line: &str, column: usize, info: LineInfo) {
        let Some(moves) = self.ensure_moves() else { return };
        if moves.skipping > 0 {
            moves.skipping += 1;
            return;
        }
        let parent = moves.record.tree.parent(moves.node);
        let refused = match parent {
            None => Some("a variation before any move is ignored"),
            Some(_) if moves.stack.len() >= MAX_NESTING => Some("variations nested deeper than 256 are ignored"),
            Some(_) => None,
        };
        if let Some(reason) = refused {
            // Kept as a frame of its own, so that its `)` comes back to where the line stands.
            moves.stack.push(Frame { node: moves.node, pos: moves.pos.clone(), before: moves.before.clone() });
            moves.skipping = 1;
            let at = info.at(line, column, &self.columns);
            let message = format!("line {}: {reason}", at.1);
            self.warnings.push(ReadWarning::new(None, message).at(at.0, Some(at.1)));
            return;
        }
        let parent = parent.expect("checked above");
        let before = moves.before.take().unwrap_or_else(|| moves.position_at(parent));
        let frame =
            Frame { node: moves.node, pos: core::mem::replace(&mut moves.pos, before.clone()), before: Some(before) };
        moves.stack.push(frame);
        moves.node = parent;
        moves.before = None;
    }

    fn close_variation(&mut self, line: &str, column: usize, info: LineInfo) {
        let Some(moves) = self.ensure_moves() else { return };
        if moves.skipping > 1 {
            moves.skipping -= 1;
            return;
        }
        moves.skipping = 0;
        let Some(frame) = moves.stack.pop() else {
            let at = info.at(line, column, &self.columns);
            let message = format!("line {}: a `)` without its `(` is ignored", at.1);
            self.warnings.push(ReadWarning::new(None, message).at(at.0, Some(at.1)));
            return;
        };
        moves.node = frame.node;
        moves.pos = frame.pos;
        moves.before = frame.before;
    }

    /// A word of movetext that is not a result token: a NAG, a move number, a move.
    fn word(&mut self, word: &str, line: &str, column: usize, info: LineInfo) {
        if let Some(digits) = word.strip_prefix('$') {
            if let Ok(nag) = digits.parse::<u8>() {
                if let Some(moves) = self.ensure_moves().filter(|m| m.skipping == 0 && m.node.index() != 0) {
                    moves.record.tree.add_nag(moves.node, nag);
                }
                return;
            }
        }
        let (number_len, text) = strip_move_number(word);
        if text.is_empty() || is_ellipsis(text) {
            return;
        }
        let (text, suffix_nag) = strip_suffix_annotation(text);
        let column = column + number_len;
        self.play(text, suffix_nag, line, column, info);
    }

    fn play(&mut self, text: &str, nag: Option<u8>, line: &str, column: usize, info: LineInfo) {
        // The start position is made first: it reads the `Format` tag, which names the notation of every move.
        if self.ensure_moves().is_none_or(|moves| moves.skipping > 0) {
            return;
        }
        let notation = self.notation;
        let moves = self.moves.as_mut().expect("made above");
        let read = |pos: &Position| match notation {
            Some(n) => notation::parse_as(pos, text, n),
            None => notation::parse(pos, text),
        };
        let mut parsed = read(&moves.pos);
        if parsed.is_err() && moves.side_may_swap && moves.node.index() == 0 && moves.record.tree.is_empty() {
            if let Some(swapped) = with_other_side(&moves.pos) {
                if let Ok(m) = read(&swapped) {
                    let fen = swapped.fen();
                    let mut record = GameRecord::new(swapped.clone());
                    record.tags = core::mem::take(&mut moves.record.tags);
                    if let Some(comment) = moves.record.tree.comment(moves.record.tree.root()) {
                        let root = record.tree.root();
                        record.tree.set_comment(root, comment);
                    }
                    moves.record = record;
                    moves.pos = swapped;
                    parsed = Ok(m);
                    let message = format!("the first move {} is not the stated side's: read from {fen}", Quoted(text));
                    self.warnings.push(ReadWarning::new(Some(1), message));
                }
            }
        }
        let moves = self.moves.as_mut().expect("present");
        moves.side_may_swap = false;
        let ply = moves.record.tree.ply(moves.node) + 1;
        match parsed {
            Ok(m) => {
                let node = moves.record.tree.push_unchecked(moves.node, m);
                if let Some(nag) = nag {
                    moves.record.tree.add_nag(node, nag);
                }
                let before = moves.pos.clone();
                moves.pos.play_unchecked(m);
                moves.before = Some(before);
                moves.node = node;
                if ply % CHECKPOINT_PLIES == 0 {
                    moves.checkpoints.insert(node, moves.pos.clone());
                }
            }
            Err(err) if !moves.stack.is_empty() => {
                moves.skipping = 1;
                let (offset, line_number) = info.at(line, column, &self.columns);
                let message = format!("line {line_number}: variation dropped from here: {err}");
                self.warnings.push(ReadWarning::new(Some(ply), message).at(offset, Some(line_number)));
            }
            Err(err) => {
                let mut partial = Box::new(moves.record.clone());
                partial.tags = self.tags.clone();
                let partial = Some(partial);
                let kind = PgnErrorKind::Move(Box::new(err));
                // No move is written in more than six characters: a longer token is not a cut move.
                self.error_at_line_end = (self.error.is_none() && !line[column..].trim_end().contains(is_space))
                    .then(|| Box::new((moves.pos.clone(), text.to_owned())));
                self.fail_at(info.at(line, column, &self.columns), Some(ply), Some(text.to_owned()), kind, partial);
            }
        }
    }

    /// Ends a tag value left open when a line that starts movetext (a move number) comes: the tag lacked
    /// its closing quote or `]`, and the movetext is not swallowed into its value.
    pub(super) fn close_malformed_tag(&mut self) {
        self.log(|_| Action::CloseMalformedTag);
        if let Some((text, at)) = self.open_tag.take() {
            let message = format!("line {}: the tag line is not closed; its value ends at the line's end", at.1);
            self.warnings.push(ReadWarning::new(None, message).at(at.0, Some(at.1)));
            self.finish_tag(text.trim_end(), at);
        }
    }

    /// Ends an open `{` comment at a line that starts the next game, so that the comment does not
    /// swallow the rest of the source.
    pub(super) fn abandon_comment(&mut self, next_game_line: u64) {
        self.log(|_| Action::AbandonComment(next_game_line));
        let (offset, line) = self.comment_at;
        let message =
            format!("line {line}: a `{{` comment is still open at the next game (line {next_game_line}); closed there");
        self.warnings.push(ReadWarning::new(None, message).at(offset, Some(line)));
        self.close_comment();
    }

    /// The game, once its last line has been fed; `end` is given when the source ended inside it.
    pub(super) fn finish(mut self, end: Option<SourceEnd>) -> Result<GameRecord, PgnError> {
        let cut_inside = self.comment.is_some() || self.open_tag.is_some();
        if let Some((text, at)) = self.open_tag.take() {
            self.warnings
                .push(ReadWarning::new(None, format!("line {}: tag value never closed", at.1)).at(at.0, Some(at.1)));
            self.finish_tag(&text, at);
        }
        if self.comment.is_some() {
            let (offset, line) = self.comment_at;
            let message = format!("line {line}: a `{{` comment is never closed");
            self.warnings.push(ReadWarning::new(None, message).at(offset, Some(line)));
            self.close_comment();
        }
        self.ensure_moves();
        if let Some(mut err) = self.error.take() {
            // A move cut off by the end of the source: the game is truncated there, not wrong.
            let cut_off = |end: &SourceEnd| {
                matches!(err.kind, PgnErrorKind::Move(_))
                    && !end.line_break
                    && err.location.line == Some(end.line)
                    && self.error_at_line_end.as_deref().is_some_and(|(pos, text)| is_move_prefix(pos, text))
            };
            if let Some(end) = end.filter(cut_off) {
                err.kind = PgnErrorKind::Truncated;
                err.location.byte_offset = end.offset;
                err.location.token = None;
            }
            if let Some(partial) = err.partial.as_mut() {
                partial.warnings.append(&mut self.warnings);
            }
            return Err(err);
        }
        let mut moves = self.moves.take().expect("made by ensure_moves");
        let cut_inside = cut_inside || !moves.stack.is_empty();
        if !moves.stack.is_empty() {
            self.warnings.push(ReadWarning::new(None, "a variation is never closed"));
        }
        let tag_result = self.tags.get("Result").map(|r| r.parse::<GameResult>());
        let stated_result = matches!(tag_result, Some(Ok(r)) if r != GameResult::Unknown);
        moves.record.result = match (self.movetext_result, tag_result) {
            (Some(token), Some(Ok(tag))) if token != tag => {
                let message = format!("the Result tag says {tag}, the movetext {token}; {token} kept");
                self.warnings.push(ReadWarning::new(None, message));
                token
            }
            (Some(token), _) => token,
            (None, Some(Ok(tag))) => tag,
            (None, Some(Err(err))) => {
                self.warnings.push(ReadWarning::new(None, err.to_string()));
                GameResult::Unknown
            }
            (None, None) => GameResult::Unknown,
        };
        moves.record.tags = self.tags;
        moves.record.warnings = self.warnings;
        if let Some(end) = end {
            let unmarked = self.movetext_result.is_none() && self.seen_movetext;
            if unmarked && (cut_inside || !end.line_break || end.earlier_marker || stated_result) {
                let location = Location {
                    game_index: self.index,
                    byte_offset: end.offset,
                    line: Some(end.line),
                    ply: Some(moves.record.tree.main_line_len() + 1),
                    token: None,
                };
                return Err(PgnError {
                    location,
                    kind: PgnErrorKind::Truncated,
                    partial: Some(Box::new(moves.record)),
                });
            }
        }
        Ok(moves.record)
    }

    /// Whether the movetext ended with a termination marker.
    pub(super) fn has_marker(&self) -> bool {
        self.movetext_result.is_some()
    }

    pub(super) fn warn(&mut self, message: String) {
        if let Some(log) = &mut self.log {
            log.actions.push(Action::Warn(message, None));
            return;
        }
        self.warnings.push(ReadWarning::new(None, message));
    }

    /// A warning about the line at `at` (its byte offset and number).
    pub(super) fn warn_at(&mut self, message: String, at: (u64, u64)) {
        if let Some(log) = &mut self.log {
            log.actions.push(Action::Warn(message, Some(at)));
            return;
        }
        self.warnings.push(ReadWarning::new(None, message).at(at.0, Some(at.1)));
    }

    pub(super) fn start(&self) -> (u64, u64) {
        self.start
    }
}
