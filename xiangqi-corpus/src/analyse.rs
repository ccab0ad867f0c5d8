//! One game read from a source, replayed through the arbiter: its row of the games table and its rows of
//! the plies table.

use xiangqi_core::arbiter::{ArbiterConfig, Classification, ClassificationCache, Verdict};
use xiangqi_core::chinese::{self, ChineseStyle};
use xiangqi_core::record::{GameRecord, MoveTree, NodeId, RecordError};
use xiangqi_core::wxf::{self, WxfStyle};
use xiangqi_core::{Color, Game, Position};

use crate::move_text::MoveText;
use crate::tags::FixedTags;

/// What a run computes besides the game rows.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// The arbiter's rules and options.
    pub config: ArbiterConfig,
    /// One row per ply (the plies table).
    pub plies: bool,
    /// Classify every move of the main line (slow), not only the moves of judged repetitions.
    pub classify: bool,
    /// Fill the plies table's `fen` column (the position before each move).
    pub fen: bool,
    /// Add the moves of every variation line to the plies table (`line` > 0).
    pub variations: bool,
}

/// How much of a game could be read.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Read whole, every move replayed.
    Complete,
    /// The source ends inside the game: the moves before the cut are analysed.
    Truncated,
    /// The game could not be read whole (an illegal move, a bad start position, a file that cannot be
    /// opened, a file without a game): the moves before the fault, if any, are analysed.
    Error,
}

impl Status {
    /// `complete`, `truncated` or `error`: the `status` column's values.
    pub const fn name(self) -> &'static str {
        match self {
            Status::Complete => "complete",
            Status::Truncated => "truncated",
            Status::Error => "error",
        }
    }
}

/// A problem the reader worked around, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// What was wrong and what the reader did about it.
    pub message: String,
    /// The byte offset in the source, when known.
    pub byte_offset: Option<u64>,
    /// The line, from 1, for text formats.
    pub line: Option<u64>,
    /// The ply concerned (1 = the first move), when one is.
    pub ply: Option<u32>,
}

/// A repetition the arbiter ruled on, at the ply where it ruled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// The ply (from 1) after which the position stood for the third time or more.
    pub ply: u32,
    /// `draw`, `must_change` or `loss`.
    pub verdict: &'static str,
    /// The reason in snake case (`perpetual_check`, `both_allowed`, ...).
    pub termination: String,
    /// The rule book's article.
    pub article: &'static str,
    /// The side that loses or must change (`red`, `black`); `None` for a draw.
    pub side: Option<&'static str>,
}

/// One row of the games table.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The stable identity of the game (see [`game_id`]).
    pub game_id: u64,
    /// The index of the source in the run's list of source names.
    pub source: u32,
    /// The game's index in its source, from 0.
    pub index: u32,
    /// `PGN`, `XQF`, `DhtmlXQ`, `ChessBridge`, or `None` when the source could not be opened.
    pub format: Option<&'static str>,
    /// How much of the game could be read.
    pub status: Status,
    /// The reader's or the replay's error, for a game not read whole.
    pub error: Option<String>,
    /// Where the error is: byte offset, line, ply.
    pub error_byte: Option<u64>,
    /// The error's line (text formats).
    pub error_line: Option<u64>,
    /// The error's ply.
    pub error_ply: Option<u32>,
    /// Every warning of the reader.
    pub warnings: Vec<Warning>,
    /// The common tags in typed form, the others as pairs.
    pub tags: FixedTags,
    /// The result the record states (`1-0`, `0-1`, `1/2-1/2`, `*`); `None` without a record.
    pub recorded_result: Option<&'static str>,
    /// The start position's FEN.
    pub start_fen: Option<String>,
    /// The ECCO opening code computed from the main line's moves; `None` for a set-up start or no moves.
    pub ecco: Option<xiangqi_core::ecco::Ecco>,
    /// The plies of the main line replayed.
    pub plies: u32,
    /// The arbiter's verdict at the last ply: `continue`, `draw`, `must_change`, `loss`.
    pub verdict: &'static str,
    /// The verdict in words.
    pub verdict_summary: &'static str,
    /// The verdict's reason in snake case (`checkmate`, `perpetual_check`, ...), unless play goes on.
    pub termination: Option<String>,
    /// The side that loses or must change.
    pub verdict_side: Option<&'static str>,
    /// Every repetition ruling along the main line.
    pub repetitions: Vec<Repetition>,
    /// The lines of the move tree besides the main line.
    pub variation_lines: u32,
    /// The moves of the tree outside the main line.
    pub variation_moves: u32,
}

/// One row of the plies table.
#[derive(Clone, Debug)]
pub struct PlyRow {
    /// The line of the move tree (0 = the main line; then depth-first order, as `MoveTree::lines`).
    pub line: u32,
    /// The ply, from 1, counted from the start position.
    pub ply: u32,
    /// The move number as a record writes it (both sides' moves share one).
    pub move_number: u32,
    /// The side that plays the move.
    pub side: &'static str,
    /// The move in ICCS notation (`h2e2`).
    pub iccs: MoveText,
    /// The move in WXF notation (`C2.5`).
    pub wxf: MoveText,
    /// The move in Chinese notation, simplified characters (`炮二平五`).
    pub chinese: MoveText,
    /// The position before the move, when asked for.
    pub fen: Option<String>,
    /// The move gives check.
    pub check: bool,
    /// The move captures.
    pub capture: bool,
    /// The arbiter's class (`check`, `kill`, `chase`, `idle`, ...) where it judged the move.
    pub class: Option<&'static str>,
    /// The squares the move chases, where it was classified.
    pub targets: Option<Vec<String>>,
}

/// The `game_id` of the game `index` of the source named `source`: the 64-bit FNV-1a hash of the name's UTF-8 bytes, a zero byte, and the index in decimal ASCII. It is
/// the same on every machine and in every run, and does not depend on the game's content (two copies of
/// one game in two files have two ids; a renamed file gives new ids).
///
/// ```
/// assert_eq!(xiangqi_corpus::game_id("a.pgn", 0), xiangqi_corpus::game_id("a.pgn", 0));
/// assert_ne!(xiangqi_corpus::game_id("a.pgn", 0), xiangqi_corpus::game_id("a.pgn", 1));
/// ```
pub fn game_id(source: &str, index: u64) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash = OFFSET;
    let index = index.to_string();
    for &byte in source.as_bytes().iter().chain([0u8].iter()).chain(index.as_bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(PRIME);
    }
    hash
}

fn targets(classification: &Classification) -> Vec<String> {
    classification.chases.iter().map(|t| t.target.to_string()).collect()
}

/// A game of a source as read, ready to be analysed.
pub(crate) struct ReadGame {
    pub source: u32,
    pub source_name: std::sync::Arc<str>,
    pub index: u32,
    pub format: Option<&'static str>,
    pub read: Result<GameRecord, RecordError>,
}

/// Analyses one game: its game row and, when asked for, its ply rows. Moves are classified through `cache`
/// when there is one (games that share their openings share those moves' classifications).
pub(crate) fn analyse(
    game: ReadGame,
    analysis: &Analysis,
    mut cache: Option<&mut ClassificationCache>,
) -> (GameRow, Vec<PlyRow>) {
    let (record, error) = match game.read {
        Ok(record) => (Some(record), None),
        Err(err) => (err.partial().cloned(), Some(err)),
    };
    let status = match &error {
        None => Status::Complete,
        Some(err) if err.is_truncated() => Status::Truncated,
        Some(_) => Status::Error,
    };
    let location = error.as_ref().and_then(|e| e.location().cloned());
    let mut row = GameRow {
        game_id: game_id(&game.source_name, u64::from(game.index)),
        source: game.source,
        index: game.index,
        format: game.format,
        status,
        error: error.as_ref().map(ToString::to_string),
        error_byte: location.as_ref().map(|l| l.byte_offset),
        error_line: location.as_ref().and_then(|l| l.line),
        error_ply: location.as_ref().and_then(|l| l.ply).map(|p| p as u32),
        warnings: Vec::new(),
        tags: FixedTags::default(),
        recorded_result: None,
        start_fen: None,
        ecco: None,
        plies: 0,
        verdict: "continue",
        verdict_summary: Verdict::Continue.summary(),
        termination: None,
        verdict_side: None,
        repetitions: Vec::new(),
        variation_lines: 0,
        variation_moves: 0,
    };
    let Some(record) = record else { return (row, Vec::new()) };
    row.warnings = record
        .warnings
        .iter()
        .map(|w| Warning {
            message: w.message.clone(),
            byte_offset: w.byte_offset,
            line: w.line,
            ply: w.ply.map(|p| p as u32),
        })
        .collect();
    row.tags = FixedTags::from_tags(&record.tags);
    row.recorded_result = Some(record.result.as_pgn());
    row.start_fen = Some(record.start().fen());
    row.ecco = record.ecco().ok();
    let main_len = record.tree.main_line_len();
    row.variation_moves = (record.tree.move_count() - main_len) as u32;
    row.variation_lines = count_leaves(&record.tree).saturating_sub(1) as u32;

    let mut game = Game::with_config(record.start().clone(), analysis.config.clone());
    game.reserve(main_len);
    let mut plies = Vec::with_capacity(if analysis.plies { main_len } else { 0 });
    let mut scratch = String::new();
    let mut classes: Vec<Option<(&'static str, Vec<String>)>> = Vec::new();
    for m in record.main_line() {
        let before = analysis.plies.then(|| game.position().clone());
        // A move tree holds only moves tested legal when they were added: no need to test them again.
        game.push_unchecked(m);
        let ply = game.len();
        let verdict = game.repetition_verdict_at(ply);
        if let Some(ruling) = verdict.ruling() {
            row.repetitions.push(Repetition {
                ply: ply as u32,
                verdict: verdict.kind(),
                termination: ruling.reason.name().to_owned(),
                article: ruling.reason.article(),
                side: ruling.side.map(Color::name),
            });
            if analysis.plies && !analysis.classify {
                classes.resize(ply, None);
                for (i, c) in &ruling.moves {
                    if let Some(slot) = classes.get_mut(*i) {
                        *slot = Some((c.class.name(), targets(c)));
                    }
                }
            }
        }
        if let Some(before) = before {
            plies.push(ply_row(0, ply as u32, &before, m, game.position(), analysis.fen, &mut scratch));
        }
    }
    row.plies = game.len() as u32;
    let verdict = game.verdict();
    row.verdict = verdict.kind();
    row.verdict_summary = verdict.summary();
    if let Some(ruling) = verdict.ruling() {
        row.termination = Some(ruling.reason.name().to_owned());
        row.verdict_side = ruling.side.map(Color::name);
        if analysis.plies && !analysis.classify {
            classes.resize(game.len(), None);
            for (i, c) in &ruling.moves {
                if let Some(slot) = classes.get_mut(*i) {
                    *slot = Some((c.class.name(), targets(c)));
                }
            }
        }
    }
    if analysis.plies {
        for (i, ply) in plies.iter_mut().enumerate() {
            let class = if analysis.classify {
                let classified = match cache.as_deref_mut() {
                    Some(cache) => game.classify_cached(i, cache).and_then(Result::ok),
                    None => game.classify(i),
                };
                classified.map(|c| (c.class.name(), targets(c)))
            } else {
                classes.get(i).cloned().flatten()
            };
            if let Some((name, chased)) = class {
                ply.class = Some(name);
                ply.targets = Some(chased);
            }
        }
        if analysis.variations && row.variation_moves > 0 {
            variation_plies(&record.tree, analysis.fen, &mut plies);
        }
    }
    (row, plies)
}

fn ply_row(
    line: u32,
    ply: u32,
    before: &Position,
    m: xiangqi_core::Move,
    after: &Position,
    fen: bool,
    scratch: &mut String,
) -> PlyRow {
    PlyRow {
        line,
        ply,
        move_number: before.fullmoves(),
        side: before.turn().name(),
        iccs: iccs(m),
        wxf: written(scratch, |out| wxf::write_to(out, before, m, WxfStyle::DEFAULT)),
        chinese: written(scratch, |out| chinese::write_to(out, before, m, ChineseStyle::SIMPLIFIED)),
        fen: fen.then(|| before.fen()),
        check: after.is_check(),
        capture: before.is_capture(m),
        class: None,
        targets: None,
    }
}

/// The text `write` appends to a `String`, written into the reused `scratch`.
fn written(scratch: &mut String, write: impl FnOnce(&mut String)) -> MoveText {
    scratch.clear();
    write(scratch);
    MoveText::new(scratch)
}

/// A move's ICCS text (`h2e2`).
fn iccs(m: xiangqi_core::Move) -> MoveText {
    MoveText::new(std::str::from_utf8(&m.iccs_bytes()).unwrap_or_default())
}

fn count_leaves(tree: &MoveTree) -> usize {
    tree.nodes().filter(|&id| id != tree.root() && tree.first_child(id).is_none()).count()
}

/// The moves off the main line, each with the number of the line it first appears in.
fn variation_plies(tree: &MoveTree, fen: bool, out: &mut Vec<PlyRow>) {
    // Depth first, the first child popped first: it continues its parent's line; any other child opens
    // the next line number when it is reached, which is the order of `MoveTree::lines`.
    let mut next_line = 1u32;
    let mut scratch = String::new();
    let mut stack: Vec<(NodeId, Option<u32>, Position)> = Vec::new();
    let push_children = |stack: &mut Vec<(NodeId, Option<u32>, Position)>, node: NodeId, line: u32, pos: &Position| {
        let children: Vec<NodeId> = tree.children(node).collect();
        for (k, child) in children.into_iter().enumerate().rev() {
            stack.push((child, (k == 0).then_some(line), pos.clone()));
        }
    };
    push_children(&mut stack, tree.root(), 0, tree.start());
    while let Some((node, line, before)) = stack.pop() {
        let line = line.unwrap_or_else(|| {
            next_line += 1;
            next_line - 1
        });
        let m = tree.mv(node).expect("only the root has no move");
        let mut after = before.clone();
        after.play_unchecked(m);
        if line > 0 {
            out.push(ply_row(line, tree.ply(node) as u32, &before, m, &after, fen, &mut scratch));
        }
        push_children(&mut stack, node, line, &after);
    }
}
