//! The move trees of the binary record formats (XQF, ChessBridge's CBR): one record per move, in pre-order,
//! each saying whether the next record continues its line and whether an alternative to it follows its
//! subtree. The formats differ in how a record is stored; the walk that builds the tree is this one.
//!
//! Every move is checked against the rules. A bad move (a square off the board, or an illegal move) on the
//! main line stops the walk with the game read so far; in a variation it drops that move and its
//! continuation with a warning, unless the format's reader asks for an error there too.

use super::{GameRecord, NodeId, ReadWarning};
use crate::{Move, Position, Square};

/// What the walk needs of a format: its records, read one at a time.
pub(crate) trait PreorderRecords {
    /// One record as the format stores it.
    type Record;
    /// Why a record could not be read (the data ends inside it, a flag is unknown…).
    type Bad;

    /// The record at `offset` in the data.
    fn record(&self, offset: usize) -> Result<Self::Record, Self::Bad>;

    /// How the record links to the others, and its move.
    fn links(&self, record: &Self::Record) -> Links;

    /// The record's comment, decoded (warnings about its text go to `warnings`, about ply `ply`).
    fn comment(&self, record: &Self::Record, ply: usize, warnings: &mut Vec<ReadWarning>) -> Option<String>;

    /// The offset in the file of `offset` in the data, for warnings (the data may be part of a file).
    fn file_offset(&self, offset: usize) -> usize {
        offset
    }
}

/// A record's place and links, and its move.
pub(crate) struct Links {
    /// Where the record starts in the data, and where it ends (its comment included).
    pub offset: usize,
    pub end: usize,
    /// The next record continues this move's line.
    pub next: bool,
    /// An alternative to this move follows its subtree.
    pub sibling: bool,
    /// The move's squares, or the record's bytes as text when a square is off the board.
    pub squares: Result<(Square, Square), String>,
}

/// Why the walk stopped.
pub(crate) enum TreeStop<B> {
    /// The record at `offset` could not be read; `ply` is the ply it would have been (`None` inside a dropped
    /// variation).
    Unreadable { bad: B, offset: usize, ply: Option<usize> },
    /// A move that is not on the board or not legal, where it cannot be dropped.
    BadMove { offset: usize, ply: usize, token: String, off_board: bool },
}

/// Why the walk stopped, and the game read up to there.
pub(crate) type Stopped<B> = (TreeStop<B>, Box<GameRecord>);

/// A node that is owed further children.
enum Parent {
    /// A node of the tree, with its position; `main` if it is on the main line and has no child yet.
    Live { node: NodeId, pos: Box<Position>, main: bool },
    /// A node that was dropped (a bad move in a variation, or a descendant of one).
    Dropped,
}

/// Reads the records from `offset` on as the moves after the root of `game` (whose root has a next move):
/// the game and where the last record ends, or why the walk stopped and the game read up to there.
/// `drop_bad_variations`: a bad move in a variation drops it with a warning (otherwise it stops the walk).
pub(crate) fn read_preorder<F: PreorderRecords>(
    format: &F,
    mut game: GameRecord,
    mut offset: usize,
    drop_bad_variations: bool,
) -> Result<(GameRecord, usize), Stopped<F::Bad>> {
    let start = game.tree.start().clone();
    let mut parent = Some(Parent::Live { node: game.tree.root(), pos: Box::new(start), main: true });
    let mut pending: Vec<Parent> = Vec::new();
    while let Some(current) = parent.take() {
        let record = match format.record(offset) {
            Ok(record) => record,
            Err(bad) => {
                let ply = match &current {
                    Parent::Live { node, .. } => Some(game.tree.ply(*node) + 1),
                    Parent::Dropped => None,
                };
                return Err((TreeStop::Unreadable { bad, offset, ply }, Box::new(game)));
            }
        };
        let links = format.links(&record);
        offset = links.end;
        let child = match current {
            Parent::Dropped => {
                if links.sibling {
                    pending.push(Parent::Dropped);
                }
                Parent::Dropped
            }
            Parent::Live { node, mut pos, main } => {
                let ply = game.tree.ply(node) + 1;
                let is_main = main && game.tree.first_child(node).is_none();
                match checked_move(links.squares, &pos) {
                    Ok(m) => {
                        let id = game.tree.push_unchecked(node, m);
                        if let Some(text) = format.comment(&record, ply, &mut game.warnings) {
                            game.tree.set_comment(id, text);
                        }
                        if links.sibling {
                            pending.push(Parent::Live { node, pos: pos.clone(), main: false });
                        }
                        pos.play_unchecked(m);
                        Parent::Live { node: id, pos, main: is_main }
                    }
                    Err((token, off_board)) => {
                        if is_main || !drop_bad_variations {
                            let stop = TreeStop::BadMove { offset: links.offset, ply, token, off_board };
                            return Err((stop, Box::new(game)));
                        }
                        let what = if off_board { "a square off the board" } else { "an illegal move" };
                        game.warnings.push(ReadWarning::new(
                            Some(ply),
                            format!(
                                "byte {}: {what} ({token}) in a variation; it and its continuation were dropped",
                                format.file_offset(links.offset)
                            ),
                        ));
                        if links.sibling {
                            pending.push(Parent::Live { node, pos, main: false });
                        }
                        Parent::Dropped
                    }
                }
            }
        };
        parent = if links.next { Some(child) } else { pending.pop() };
    }
    Ok((game, offset))
}

/// The move, if legal in `pos`; otherwise its text and whether a square was off the board.
fn checked_move(squares: Result<(Square, Square), String>, pos: &Position) -> Result<Move, (String, bool)> {
    let (from, to) = squares.map_err(|raw| (raw, true))?;
    let m = Move::new(from, to);
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err((m.to_string(), false))
    }
}
