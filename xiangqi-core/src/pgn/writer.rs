//! The strict writer: one tag per line, numbered movetext in one notation, variations, comments, NAGs.

use core::fmt::{self, Write as _};

use crate::chinese::{self, ChineseStyle};
use crate::record::{GameRecord, NodeId};
use crate::wxf::{self, WxfStyle};
use crate::{Color, Notation, Position};

use super::tags;

/// How [`write()`] writes a game.
///
/// ```
/// use xiangqi_core::pgn::WriteOptions;
/// use xiangqi_core::Notation;
/// let options = WriteOptions::new(Notation::Iccs).line_ending("\r\n");
/// assert_eq!(options.notation, Notation::Iccs);
/// assert_eq!(WriteOptions::default().notation, Notation::Chinese);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    /// The notation of the moves: Chinese (the default, no `Format` tag), WXF (`[Format "WXF"]`) or
    /// ICCS, written `H2-E2` (`[Format "ICCS"]`). [`Notation::IccsOneBased`] is written as ICCS.
    pub notation: Notation,
    /// The line end, `"\n"` by default.
    pub line_ending: &'static str,
    /// Movetext lines are broken before they grow past this many characters (80 by default).
    pub line_width: usize,
    /// The characters and digits of Chinese moves (simplified, full-width black digits by default;
    /// traditional for a Big5 file).
    pub chinese: ChineseStyle,
}

impl WriteOptions {
    /// Options for a notation, with the other settings at their defaults.
    pub fn new(notation: Notation) -> WriteOptions {
        WriteOptions { notation, ..WriteOptions::default() }
    }

    /// The same options with another line end.
    pub fn line_ending(self, line_ending: &'static str) -> WriteOptions {
        WriteOptions { line_ending, ..self }
    }

    /// The same options with another style of Chinese moves.
    ///
    /// ```
    /// use xiangqi_core::chinese::ChineseStyle;
    /// use xiangqi_core::pgn::{self, WriteOptions};
    /// use xiangqi_core::{record::GameRecord, Position};
    /// let game = GameRecord::from_moves(Position::default(), ["h2e2".parse()?, "h9g7".parse()?])?;
    /// let text = pgn::write(&game, &WriteOptions::default().chinese(ChineseStyle::TRADITIONAL));
    /// assert!(text.contains("1. 炮二平五 馬８進７ *"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn chinese(self, chinese: ChineseStyle) -> WriteOptions {
        WriteOptions { chinese, ..self }
    }
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            notation: Notation::Chinese,
            line_ending: "\n",
            line_width: 80,
            chinese: ChineseStyle::SIMPLIFIED,
        }
    }
}

/// Tags written first, in this order, when the record has them.
const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "Red", "Black"];
/// Tags the writer states from the record itself, never copied.
const DERIVED: [&str; 4] = ["Game", "Result", "FEN", "Format"];

/// Writes a game as PGN text (see [`write_to`]).
pub fn write(record: &GameRecord, options: &WriteOptions) -> String {
    let mut out = String::new();
    write_to(&mut out, record, options).expect("writing to a String does not fail");
    out
}

/// Writes a game: `[Game "Chinese Chess"]`, the roster tags (`Event`, `Site`, `Date`, `Round`, `Red`,
/// `Black`) and the record's other tags in their order, `Result`, `FEN` when the start is not the
/// standard one and `Format` when the notation is not Chinese; a blank line; the movetext, ending with
/// the result; a blank line.
///
/// Comments are written in braces (a `}` inside becomes `｝`, which PGN cannot escape), variations in
/// parentheses, NAGs as `$n`. Move numbers follow the start position's move number; a line that goes on
/// with a black move after a comment or a variation states its number again (`3...`).
///
/// ```
/// use xiangqi_core::pgn::{self, WriteOptions};
/// use xiangqi_core::record::{GameRecord, GameResult};
/// use xiangqi_core::{Notation, Position};
///
/// let start = Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/5K3 b - - 0 7")?;
/// let mut record = GameRecord::from_moves(start, ["e9d9".parse()?, "e1d1".parse()?])?;
/// record.result = GameResult::RedWins;
/// let text = pgn::write(&record, &WriteOptions::new(Notation::Iccs));
/// assert_eq!(text, "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4R4/5K3 b - - 0 7\"]\n\
///                   [Format \"ICCS\"]\n\n7... E9-D9 8. E1-D1 1-0\n\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_to(out: &mut impl fmt::Write, record: &GameRecord, options: &WriteOptions) -> fmt::Result {
    let mut head = String::new();
    let eol = options.line_ending;
    let mut tag = |name: &str, value: &str| {
        tags::write(&mut head, name, value);
        head.push_str(eol);
    };
    tag("Game", "Chinese Chess");
    for name in ROSTER {
        if let Some(value) = record.tags.get(name) {
            tag(name, value);
        }
    }
    for (name, value) in record.tags.iter() {
        if !ROSTER.contains(&name) && !DERIVED.contains(&name) {
            tag(name, value);
        }
    }
    tag("Result", record.result.as_pgn());
    if *record.start() != Position::default() {
        tag("FEN", &record.start().fen());
    }
    match options.notation {
        Notation::Chinese => {}
        Notation::Wxf => tag("Format", "WXF"),
        Notation::Iccs | Notation::IccsOneBased => tag("Format", "ICCS"),
    }
    out.write_str(&head)?;
    out.write_str(eol)?;
    let mut lines = LineBreaker { out, width: options.line_width, column: 0, eol, glue: false };
    write_movetext(&mut lines, record, options.notation, options.chinese)?;
    lines.word(record.result.as_pgn())?;
    out.write_str(eol)?;
    out.write_str(eol)
}

/// What is left to write, kept on a stack so that deep trees need no recursion.
enum Step {
    /// A move and, after it, the rest of its line.
    Move { node: NodeId, before: Position, number_needed: bool },
    /// The `(` of a variation, then its first move.
    Open { node: NodeId, before: Position },
    /// The `)` of a variation.
    Close,
}

fn write_movetext<W: fmt::Write>(
    lines: &mut LineBreaker<'_, W>,
    record: &GameRecord,
    notation: Notation,
    style: ChineseStyle,
) -> fmt::Result {
    let tree = &record.tree;
    let start = record.start();
    let black_first = start.turn() == Color::Black;
    let first_number = start.fullmoves() as usize;
    if let Some(comment) = tree.comment(tree.root()) {
        lines.comment(comment)?;
    }
    let mut stack = Vec::new();
    if let Some(first) = tree.first_child(tree.root()) {
        stack.push(Step::Move { node: first, before: start.clone(), number_needed: true });
    }
    let mut text = String::new();
    while let Some(step) = stack.pop() {
        let (node, before, number_needed) = match step {
            Step::Close => {
                lines.word(")")?;
                if let Some(Step::Move { number_needed, .. }) = stack.last_mut() {
                    *number_needed = true;
                }
                continue;
            }
            Step::Open { node, before } => {
                lines.open()?;
                (node, before, true)
            }
            Step::Move { node, before, number_needed } => (node, before, number_needed),
        };
        let m = tree.mv(node).expect("only the root has no move");
        let k = tree.ply(node) - 1 + usize::from(black_first);
        let number = first_number + k / 2;
        let black = k % 2 == 1;
        text.clear();
        if !black {
            write!(text, "{number}. ")?;
        } else if number_needed {
            write!(text, "{number}... ")?;
        }
        match notation {
            Notation::Iccs | Notation::IccsOneBased => {
                let iccs = m.to_string().to_ascii_uppercase();
                write!(text, "{}-{}", &iccs[..2], &iccs[2..])?;
            }
            Notation::Chinese => chinese::write_to(&mut text, &before, m, style),
            Notation::Wxf => wxf::write_to(&mut text, &before, m, WxfStyle::default()),
        }
        lines.word(&text)?;
        for nag in tree.nags(node) {
            lines.word(&format!("${nag}"))?;
        }
        let mut after = before.clone();
        after.play_unchecked(m);
        let comment = tree.comment(node);
        if let Some(comment) = comment {
            lines.comment(comment)?;
        }
        let is_main_choice = tree.parent(node).and_then(|p| tree.first_child(p)) == Some(node);
        let variations: Vec<NodeId> = if is_main_choice {
            tree.children(tree.parent(node).expect("has a parent")).skip(1).collect()
        } else {
            Vec::new()
        };
        if let Some(next) = tree.first_child(node) {
            let number_needed = comment.is_some() || !variations.is_empty();
            stack.push(Step::Move { node: next, before: after, number_needed });
        }
        for variation in variations.into_iter().rev() {
            stack.push(Step::Close);
            stack.push(Step::Open { node: variation, before: before.clone() });
        }
    }
    Ok(())
}

/// Writes words separated by spaces, breaking lines before they grow past the width.
struct LineBreaker<'a, W: fmt::Write> {
    out: &'a mut W,
    width: usize,
    column: usize,
    eol: &'static str,
    /// The next word follows without a space (after `(`).
    glue: bool,
}

impl<W: fmt::Write> LineBreaker<'_, W> {
    fn word(&mut self, word: &str) -> fmt::Result {
        let first_line = word.split('\n').next().unwrap_or("").chars().count();
        let attached = self.glue || word == ")";
        if self.column > 0 && !attached {
            if self.column + 1 + first_line > self.width {
                self.out.write_str(self.eol)?;
                self.column = 0;
            } else {
                self.out.write_char(' ')?;
                self.column += 1;
            }
        }
        for (i, part) in word.split('\n').enumerate() {
            if i > 0 {
                self.out.write_str(self.eol)?;
                self.column = 0;
            }
            self.out.write_str(part)?;
            self.column += part.chars().count();
        }
        self.glue = false;
        Ok(())
    }

    /// Writes `(`; the next word follows it without a space.
    fn open(&mut self) -> fmt::Result {
        self.word("(")?;
        self.glue = true;
        Ok(())
    }

    fn comment(&mut self, comment: &str) -> fmt::Result {
        self.word(&format!("{{{}}}", comment.replace('}', "｝")))
    }
}
