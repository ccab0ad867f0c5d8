//! A record's move tree: variations, comments and NAGs, node by node, for a viewer that shows them.

use std::ffi::c_char;

use xiangqi_core::record::{GameRecord, MoveTree, NodeId};

use crate::args::{borrow, Out};
use crate::error::{guard, Error, Result};
use crate::fen::new_position_handle;
use crate::moves::XqMove;
use crate::output::{check_array, write_array, write_text};
use crate::position::XqPosition;
use crate::records::XqRecord;
use crate::status::XqStatus;

/// The link of an XqRecordNode that leads nowhere (the root's parent, a last child's sibling, a leaf's child).
pub const XQ_NO_NODE: u32 = u32::MAX;

/// A node of a record's move tree. Nodes are numbered 0 to xq_record_node_count() - 1 in the order they
/// were read; node 0, the root, stands for the start position, every other node for the move that leads to
/// it. A node's first child is the main continuation, its siblings are the alternatives (variations).
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct XqRecordNode {
    /// The node before this one; XQ_NO_NODE for the root.
    pub parent: u32,
    /// The main continuation; XQ_NO_NODE when the line ends here.
    pub first_child: u32,
    /// The next alternative to this node's move; XQ_NO_NODE when there is none.
    pub next_sibling: u32,
    /// Moves from the start to this node (0 for the root).
    pub ply: u32,
    /// Whether `mv` holds the move leading here (false for the root only).
    pub has_move: bool,
    /// The move leading here (zero for the root).
    pub mv: XqMove,
    /// Whether the node has a comment (xq_record_node_comment()).
    pub has_comment: bool,
    /// How many NAGs the node has (xq_record_node_nags()).
    pub nag_count: u32,
}

fn link(id: Option<NodeId>) -> u32 {
    // A tree never holds u32::MAX nodes: the arena's indices are u32 below its NONE marker.
    id.map_or(XQ_NO_NODE, |n| n.index() as u32)
}

fn node_at(game: &GameRecord, index: usize) -> Result<(&MoveTree, NodeId)> {
    let tree = &game.tree;
    let id = tree.node_at(index).ok_or_else(|| {
        Error::new(XqStatus::OutOfRange, format!("node {index} is past the record's {} nodes", tree.node_count()))
    })?;
    Ok((tree, id))
}

/// How many nodes the record's move tree has, the root included (so 1 + the number of moves in all lines).
#[no_mangle]
pub unsafe extern "C" fn xq_record_node_count(record: *const XqRecord, out: *mut usize) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(record, "record") }?.game()?;
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(game.tree.node_count()) };
        Ok(())
    })
}

/// Node `index` of the record's move tree into `*out`. XQ_STATUS_OUT_OF_RANGE past the last node.
#[no_mangle]
pub unsafe extern "C" fn xq_record_node(record: *const XqRecord, index: usize, out: *mut XqRecordNode) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(record, "record") }?.game()?;
        let (tree, id) = node_at(game, index)?;
        let mv = tree.mv(id);
        let node = XqRecordNode {
            parent: link(tree.parent(id)),
            first_child: link(tree.first_child(id)),
            next_sibling: link(tree.next_sibling(id)),
            ply: tree.ply(id) as u32,
            has_move: mv.is_some(),
            mv: mv.map_or(XqMove { from: 0, to: 0 }, XqMove::from),
            has_comment: tree.comment(id).is_some(),
            nag_count: tree.nags(id).len() as u32,
        };
        // SAFETY: checked by `Out::new`.
        unsafe { out.set(node) };
        Ok(())
    })
}

/// The comment of node `index` into `buf` (string rules; an empty text when it has none). A comment on the
/// root is the one before the first move.
#[no_mangle]
pub unsafe extern "C" fn xq_record_node_comment(
    record: *const XqRecord,
    index: usize,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(record, "record") }?.game()?;
        let (tree, id) = node_at(game, index)?;
        // SAFETY: buffer contract forwarded from the caller.
        unsafe { write_text(tree.comment(id).unwrap_or(""), buf, len, needed) }
    })
}

/// The NAGs of node `index` (numeric annotation glyphs: 1 "!", 2 "?", ...), array rules.
#[no_mangle]
pub unsafe extern "C" fn xq_record_node_nags(
    record: *const XqRecord,
    index: usize,
    out: *mut u8,
    capacity: usize,
    out_count: *mut usize,
) -> XqStatus {
    guard(|| {
        check_array(out, capacity, out_count)?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(record, "record") }?.game()?;
        let (tree, id) = node_at(game, index)?;
        // SAFETY: array contract checked and forwarded from the caller.
        unsafe { write_array(tree.nags(id).iter().copied(), out, capacity, out_count, "nags") }
    })
}

/// The position at node `index` (after its move), as a new handle to free with xq_position_free().
#[no_mangle]
pub unsafe extern "C" fn xq_record_node_position(
    record: *const XqRecord,
    index: usize,
    out: *mut *mut XqPosition,
) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        // SAFETY: a live handle by the caller's contract.
        let game = unsafe { borrow(record, "record") }?.game()?;
        let (tree, id) = node_at(game, index)?;
        new_position_handle(&out, tree.position_at(id));
        Ok(())
    })
}
