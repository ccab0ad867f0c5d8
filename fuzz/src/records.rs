//! Checks over the game records a reader returns.

use xiangqi_core::record::{GameRecord, Location, MoveTree};
use xiangqi_core::{Move, Position};

/// The longest message an error may have, whatever the input: an offending token is quoted at most 64
/// characters long (each written in up to 10 bytes, `\u{10ffff}`), a record error quotes it twice (in
/// its location and in the move error), and the rest of a message is short.
pub const MESSAGE_LIMIT: usize = 2048;

/// Every node of the tree replays legally from its parent's position: each move is played once.
pub fn assert_tree_replays(tree: &MoveTree) {
    let mut stack: Vec<(_, Position)> = vec![(tree.root(), tree.start().clone())];
    while let Some((node, pos)) = stack.pop() {
        for child in tree.children(node) {
            let m = tree.mv(child).expect("only the root has no move");
            let next = pos.clone().play(m).unwrap_or_else(|_| panic!("{m} is not legal in {}", pos.fen()));
            stack.push((child, next));
        }
    }
}

/// The tree's shape in pre-order: each node's ply and move. Two trees with the same shape hold the same
/// lines in the same order.
pub fn shape(tree: &MoveTree) -> Vec<(usize, Move)> {
    tree.preorder().into_iter().filter_map(|id| Some((tree.ply(id), tree.mv(id)?))).collect()
}

/// A record read: its tree replays; a partial record of an error too.
pub fn assert_record_replays(record: &GameRecord) {
    assert_tree_replays(&record.tree);
}

/// An error's location lies inside the input and its message is short, whatever the input's size.
pub fn assert_error_bounded(location: &Location, message: &str, input_len: usize) {
    assert!(location.byte_offset <= input_len as u64, "{message}: offset past the input ({input_len} bytes)");
    assert!(
        message.len() <= MESSAGE_LIMIT,
        "a message of {} bytes: {}",
        message.len(),
        message.chars().take(200).collect::<String>()
    );
}
