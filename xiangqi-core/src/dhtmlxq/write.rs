//! The DhtmlXQ writer.

use core::fmt::Write;

use super::read::{is_information_field, TAGS, TAG_PREFIX};
use super::text;
use crate::record::board::slot_squares;
use crate::record::{GameRecord, GameResult};
use crate::{Move, Position, Square};

fn push_field(out: &mut String, name: &str, value: &str) {
    let _ = writeln!(out, "[DhtmlXQ_{name}]{value}[/DhtmlXQ_{name}]");
}

fn is_field_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The two digits of a square: the file from Red's left, the row from the top.
fn coords(sq: Square) -> [char; 2] {
    [char::from(b'0' + sq.file()), char::from(b'0' + (9 - sq.rank()))]
}

fn push_move(out: &mut String, m: Move) {
    out.extend(coords(m.from));
    out.extend(coords(m.to));
}

/// The 64 digits of `binit` for a position.
fn binit(pos: &Position) -> String {
    let mut out = String::with_capacity(64);
    for slot in slot_squares(pos) {
        match slot {
            Some(sq) => out.extend(coords(sq)),
            None => out.push_str("99"),
        }
    }
    out
}

/// Writes a game as one `[DhtmlXQ]` container, a field a line.
///
/// The tags that DhtmlXQ has fields for come first (Title `title`, Event `event`, Date `date`, Site
/// `place`, Round `round`, Red `red`, RedTeam `redteam`, Black `black`, BlackTeam `blackteam`, ECCO
/// `ecco`, Opening `open`, Variation `variation`; a `DhtmlXQ_<name>` tag as `<name>`, unless the reader
/// would take `<name>` for another field (a board, move or comment field, a numbered field of the
/// DHJHtmlXQ dialect); the other tags are not written), in the order of the tags, then `result`
/// (`红胜`, `黑胜`, `和棋`; none when unknown), `fen` (which alone tells the side to move when there
/// is no move), `binit` (`99` for an absent piece), `movelist` (the first child at every node), a
/// `move_P_S_B` field for every other child, in depth-first order, with branch numbers from 1, and the
/// comments (`comment<K>` on the main line, `comment<B>_<K>` in branch `B`). Text values are escaped
/// (line breaks as `||`; `[`, `]`, `|`, `\` and `%` as `\uXXXX`), so that reading gives them back. A
/// `DhtmlXQ_length` tag is written with the main line's actual length.
///
/// ```
/// use xiangqi_core::{dhtmlxq, record::GameRecord, Position};
///
/// let mut record = GameRecord::from_moves(Position::default(), ["h2e2".parse()?, "h9g7".parse()?])?;
/// record.tags.set("Event", "Friendly");
/// let text = dhtmlxq::write(&record);
/// assert!(text.starts_with("[DhtmlXQ]\n[DhtmlXQ_event]Friendly[/DhtmlXQ_event]\n"));
/// assert!(text.contains("[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]"));
/// assert!(text.contains("[DhtmlXQ_binit]0919293949596979891777062646668600102030405060708012720323436383[/DhtmlXQ_binit]"));
/// assert_eq!(dhtmlxq::read_str(&text).remove(0)?.tags, record.tags);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(record: &GameRecord) -> String {
    let tree = &record.tree;
    let mut out = String::from("[DhtmlXQ]\n");
    let mut written: Vec<&str> = Vec::new();
    for (tag, value) in record.tags.iter() {
        let field = match TAGS.iter().find(|(name, _)| *name == tag) {
            Some((_, sources)) => sources[0],
            None => match tag.strip_prefix(TAG_PREFIX) {
                Some(name) if is_field_name(name) && is_information_field(name) => name,
                _ => continue,
            },
        };
        if written.contains(&field) || (field == "result" && record.result != GameResult::Unknown) {
            continue;
        }
        written.push(field);
        if field == "length" {
            push_field(&mut out, field, &tree.main_line_len().to_string());
        } else {
            push_field(&mut out, field, &text::encode(value));
        }
    }
    let result = match record.result {
        GameResult::RedWins => Some("红胜"),
        GameResult::BlackWins => Some("黑胜"),
        GameResult::Draw => Some("和棋"),
        GameResult::Unknown => None,
    };
    if let Some(result) = result {
        push_field(&mut out, "result", result);
    }
    push_field(&mut out, "fen", &tree.start().fen());
    push_field(&mut out, "binit", &binit(tree.start()));

    let mut movelist = String::with_capacity(4 * tree.main_line_len());
    for m in tree.main_line() {
        push_move(&mut movelist, m);
    }
    push_field(&mut out, "movelist", &movelist);

    // Branch numbers in pre-order: a node continues its parent's branch when it is the first child and
    // starts a new branch otherwise.
    let order = tree.preorder();
    let mut branch_of = vec![0usize; tree.node_count()];
    let mut next = 1;
    for &id in order.iter().skip(1) {
        let Some(parent) = tree.parent(id) else { continue };
        let parent_branch = branch_of.get(parent.index()).copied().unwrap_or(0);
        if tree.first_child(parent) == Some(id) {
            branch_of[id.index()] = parent_branch;
        } else {
            branch_of[id.index()] = next;
            let mut moves = String::new();
            let mut node = Some(id);
            while let Some(current) = node {
                if let Some(m) = tree.mv(current) {
                    push_move(&mut moves, m);
                }
                node = tree.first_child(current);
            }
            push_field(&mut out, &format!("move_{parent_branch}_{}_{next}", tree.ply(id)), &moves);
            next += 1;
        }
    }
    for &id in &order {
        if let Some(comment) = tree.comment(id) {
            push_field(&mut out, &comment_name(tree.ply(id), branch_of[id.index()]), &text::encode(comment));
        }
    }
    out.push_str("[/DhtmlXQ]\n");
    out
}

fn comment_name(ply: usize, branch: usize) -> String {
    if branch == 0 {
        format!("comment{ply}")
    } else {
        format!("comment{branch}_{ply}")
    }
}
