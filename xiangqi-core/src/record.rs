//! The game model shared by every record format: tags, a start position, a tree of moves with comments
//! and annotations, and a result; where a reader met a problem ([`Location`]), and any record file read in the
//! format its content shows ([`read_file`], [`read_bytes`]).
//!
//! Every move stored in a [`MoveTree`] is legal in the position it is played from: the readers check
//! each move as they add it, and [`MoveTree::add_move`] refuses an illegal one.
//!
//! ```
//! use xiangqi_core::record::{GameRecord, GameResult};
//! use xiangqi_core::Position;
//!
//! let mut record = GameRecord::new(Position::default());
//! let root = record.tree.root();
//! let cannon = record.tree.add_move(root, "h2e2".parse()?)?;
//! let horse = record.tree.add_move(cannon, "h9g7".parse()?)?;
//! record.tree.add_move(cannon, "b9c7".parse()?)?; // a variation: the other horse
//! record.tree.set_comment(horse, "the usual answer");
//! record.tags.set("Red", "Hu Ronghua");
//! record.result = GameResult::Draw;
//!
//! assert_eq!(record.main_line().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7"]);
//! assert_eq!(record.tree.lines().len(), 2);
//! assert_eq!(record.tree.comment(horse), Some("the usual answer"));
//! assert_eq!(record.tags.get("Red"), Some("Hu Ronghua"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod board;
mod detect;
pub(crate) mod preorder;
mod tree;

pub use detect::{detect_format, read_bytes, read_file, DeferredGame, Format, RecordError, Records};
pub use tree::{MoveTree, NodeId};

use core::fmt;
use std::collections::HashMap;

use crate::quote::Quoted;
use crate::{Move, Position};

/// One game as a record holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Tag pairs (PGN tags, XQF header fields, DhtmlXQ information fields) in the order they were read.
    pub tags: Tags,
    /// The start position and every move, with variations and comments. The root's comment is the
    /// comment before the first move.
    pub tree: MoveTree,
    /// The result the record states (not judged from the moves).
    pub result: GameResult,
    /// Problems the reader worked around without losing the game: a garbled side-to-move field, a
    /// variation that could not be attached, text that is not valid in its encoding.
    pub warnings: Vec<ReadWarning>,
}

impl GameRecord {
    /// An empty record starting at `start`: no tags, no moves, result unknown.
    pub fn new(start: Position) -> GameRecord {
        GameRecord {
            tags: Tags::default(),
            tree: MoveTree::new(start),
            result: GameResult::Unknown,
            warnings: Vec::new(),
        }
    }

    /// A record of one line of moves, each checked for legality.
    ///
    /// ```
    /// use xiangqi_core::{record::GameRecord, Position};
    /// let moves = ["h2e2".parse()?, "h9g7".parse()?];
    /// let record = GameRecord::from_moves(Position::default(), moves)?;
    /// assert_eq!(record.tree.main_line_len(), 2);
    /// assert!(GameRecord::from_moves(Position::default(), ["h2h8".parse()?]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_moves(start: Position, moves: impl IntoIterator<Item = Move>) -> Result<GameRecord, crate::PlayError> {
        let mut record = GameRecord::new(start);
        let mut pos = record.tree.start().clone();
        let mut node = record.tree.root();
        for m in moves {
            pos = pos.play(m)?;
            node = record.tree.push_unchecked(node, m);
        }
        Ok(record)
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        self.tree.start()
    }

    /// The main line's moves (the first child at every node).
    pub fn main_line(&self) -> impl Iterator<Item = Move> + '_ {
        self.tree.main_line()
    }

    /// The position after the last move of the main line.
    pub fn end_position(&self) -> Position {
        let mut pos = self.start().clone();
        for m in self.main_line() {
            pos.play_unchecked(m);
        }
        pos
    }

    /// Each move of the main line with the position it is played in, in order: what a database
    /// analysis walks through.
    ///
    /// ```
    /// use xiangqi_core::{record::GameRecord, Position};
    /// let record = GameRecord::from_moves(Position::default(), ["h2e2".parse()?, "h9g7".parse()?])?;
    /// let captures = record.main_line_positions().filter(|(pos, m)| pos.is_capture(*m)).count();
    /// assert_eq!(captures, 0);
    /// let (before_last, last) = record.main_line_positions().last().unwrap();
    /// assert_eq!((before_last.turn(), last.to_string()), (xiangqi_core::Color::Black, "h9g7".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn main_line_positions(&self) -> impl Iterator<Item = (Position, Move)> + '_ {
        let mut pos = self.start().clone();
        self.main_line().map(move |m| {
            let before = pos.clone();
            pos.play_unchecked(m);
            (before, m)
        })
    }

    /// The main line as an arbiter [`Game`](crate::Game), ready for [`Game::verdict`](crate::Game::verdict).
    ///
    /// ```
    /// use xiangqi_core::{record::GameRecord, Position};
    /// let record = GameRecord::from_moves(Position::default(), ["h2e2".parse()?])?;
    /// assert_eq!(record.to_game().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_game(&self) -> crate::Game {
        let mut game = crate::Game::new(self.start().clone());
        for m in self.main_line() {
            game.push(m).expect("moves in a record are legal");
        }
        game
    }
}

/// Tag pairs in the order they were read or set. Names compare exactly (`Red`, not `red`).
///
/// ```
/// use xiangqi_core::record::Tags;
/// let mut tags = Tags::default();
/// tags.set("Event", "Zhongli Cup");
/// tags.set("Red", "Zhao Guorong");
/// tags.set("Event", "Zhongli Cup 1997"); // replaces, keeps its place
/// assert_eq!(tags.iter().map(|(n, _)| n).collect::<Vec<_>>(), ["Event", "Red"]);
/// assert_eq!(tags.get("Event"), Some("Zhongli Cup 1997"));
/// assert_eq!(tags.remove("Red").as_deref(), Some("Zhao Guorong"));
/// assert!(tags.get("Red").is_none());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Tags {
    pairs: Vec<(String, String)>,
    /// Each name's place in `pairs`, once there are more than [`Tags::SCANNED`] tags: a record with
    /// thousands of tags is read in linear time.
    index: Option<HashMap<String, usize>>,
}

impl PartialEq for Tags {
    fn eq(&self, other: &Tags) -> bool {
        self.pairs == other.pairs
    }
}

impl Eq for Tags {}

impl Tags {
    /// Up to this many tags, a name is looked up by a scan.
    const SCANNED: usize = 16;

    fn position(&self, name: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.get(name).copied(),
            None => self.pairs.iter().position(|(n, _)| n == name),
        }
    }

    /// The value of a tag.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.position(name).map(|i| self.pairs[i].1.as_str())
    }

    /// Sets a tag: replaces the value in place, or appends the tag.
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        let name = name.into();
        let value = value.into();
        match self.position(&name) {
            Some(i) => self.pairs[i].1 = value,
            None => {
                if let Some(index) = &mut self.index {
                    index.insert(name.clone(), self.pairs.len());
                }
                self.pairs.push((name, value));
                if self.index.is_none() && self.pairs.len() > Tags::SCANNED {
                    self.index = Some(self.pairs.iter().enumerate().map(|(i, (n, _))| (n.clone(), i)).collect());
                }
            }
        }
    }

    /// Removes a tag and returns its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.position(name)?;
        let (_, value) = self.pairs.remove(i);
        if let Some(index) = &mut self.index {
            index.remove(name);
            for place in index.values_mut().filter(|place| **place > i) {
                *place -= 1;
            }
        }
        Some(value)
    }

    /// Every tag, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &str)> {
        self.pairs.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The number of tags.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether there is no tag.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }
}

/// The result a record states.
///
/// ```
/// use xiangqi_core::record::GameResult;
/// assert_eq!("1-0".parse::<GameResult>(), Ok(GameResult::RedWins));
/// assert_eq!("黑胜".parse::<GameResult>(), Ok(GameResult::BlackWins));
/// assert_eq!(GameResult::Draw.to_string(), "1/2-1/2");
/// assert!("2-0".parse::<GameResult>().is_err());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Red won: `1-0`.
    RedWins,
    /// Black won: `0-1`.
    BlackWins,
    /// A draw: `1/2-1/2`.
    Draw,
    /// Not known, or the game is not over: `*`.
    #[default]
    Unknown,
}

impl GameResult {
    /// The PGN token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_pgn(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_pgn())
    }
}

/// The error of [`GameResult`]'s `FromStr`: the text is no result.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a game result: {}", Quoted(.0))]
pub struct ParseResultError(pub String);

impl core::str::FromStr for GameResult {
    type Err = ParseResultError;

    /// Reads the PGN tokens (also `½-½` and `0.5-0.5`) and the Chinese words used by Chinese tools
    /// (`红胜` `紅勝` `黑胜` `黑勝` `和棋` `和局` `未知`).
    fn from_str(text: &str) -> Result<GameResult, ParseResultError> {
        Ok(match text.trim() {
            "1-0" | "红胜" | "紅勝" | "红先胜" | "紅先勝" => GameResult::RedWins,
            "0-1" | "黑胜" | "黑勝" | "红先负" | "紅先負" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" | "0.5-0.5" | "和棋" | "和局" | "红先和" | "紅先和" => GameResult::Draw,
            "*" | "未知" | "" => GameResult::Unknown,
            other => return Err(ParseResultError(other.to_owned())),
        })
    }
}

/// A problem a reader worked around: the game was read, but not exactly as written.
///
/// ```
/// use xiangqi_core::record::ReadWarning;
/// let warning = ReadWarning::new(None, "line 3: tag line lacks its `]`").at(40, Some(3));
/// assert_eq!((warning.byte_offset, warning.line), (Some(40), Some(3)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadWarning {
    /// The ply the problem concerns (1 = the first move), if any.
    pub ply: Option<usize>,
    /// What was wrong and what the reader did about it.
    pub message: String,
    /// The byte offset in the file of the text at fault, when the reader knows it.
    pub byte_offset: Option<u64>,
    /// The line number (from 1) of the text at fault, for text formats.
    pub line: Option<u64>,
}

impl ReadWarning {
    /// A warning about a ply (1 = the first move), or about the whole game.
    pub fn new(ply: Option<usize>, message: impl Into<String>) -> ReadWarning {
        ReadWarning { ply, message: message.into(), byte_offset: None, line: None }
    }

    /// The warning with where in the file its text is.
    pub fn at(mut self, byte_offset: u64, line: Option<u64>) -> ReadWarning {
        self.byte_offset = Some(byte_offset);
        self.line = line;
        self
    }
}

impl fmt::Display for ReadWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ply {
            Some(ply) => write!(f, "ply {ply}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Where in a file a reader met a problem. Every error of the record readers carries one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Location {
    /// The game's index in the file, from 0.
    pub game_index: usize,
    /// The byte offset in the file (of the token, record or field at fault; of the game's start when
    /// nothing narrower is known).
    pub byte_offset: u64,
    /// The line number, from 1, for text formats.
    pub line: Option<u64>,
    /// The ply at fault (1 = the first move), when a move is at fault.
    pub ply: Option<usize>,
    /// The offending text as read (a move token, a field), when there is one.
    pub token: Option<String>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, byte {}", self.game_index, self.byte_offset)?;
        if let Some(line) = self.line {
            write!(f, " (line {line})")?;
        }
        if let Some(ply) = self.ply {
            write!(f, ", ply {ply}")?;
        }
        if let Some(token) = &self.token {
            write!(f, ", at {}", Quoted(token))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Tags;

    #[test]
    fn many_tags_keep_their_order_and_lookups() {
        let mut tags = Tags::default();
        for i in 0..40 {
            tags.set(format!("T{i}"), format!("v{i}"));
        }
        tags.set("T3", "again");
        assert_eq!(tags.len(), 40);
        assert_eq!(tags.get("T3"), Some("again"));
        assert_eq!(tags.remove("T10").as_deref(), Some("v10"));
        assert_eq!(tags.get("T10"), None);
        assert_eq!(tags.get("T39"), Some("v39"));
        tags.set("T10", "back");
        let names: Vec<_> = tags.iter().map(|(n, _)| n.to_owned()).collect();
        assert_eq!(names.last().map(String::as_str), Some("T10"));
        assert_eq!(names.iter().position(|n| n == "T11"), Some(10));
        for (i, name) in names.iter().enumerate() {
            assert_eq!(tags.get(name), Some(tags.iter().nth(i).unwrap().1));
        }
        let mut small = Tags::default();
        for (name, value) in tags.iter() {
            small.set(name, value);
        }
        assert_eq!(small, tags);
    }
}
