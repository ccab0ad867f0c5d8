//! Perft: counting the leaves of the legal move tree, the standard check of a move generator.

use crate::{Move, Position};

/// The number of leaf positions `depth` plies below `pos` (1 at depth 0). The last ply is counted
/// without being played.
///
/// ```
/// use xiangqi_core::{perft::perft, Position};
/// assert_eq!(perft(&Position::default(), 2), 1920);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by first move: each legal move with the leaf count below it (`depth` ≥ 1), in generation
/// order. Their sum is [`perft`]`(pos, depth)`.
///
/// ```
/// use xiangqi_core::{perft::divide, Position};
/// let rows = divide(&Position::default(), 1);
/// assert_eq!(rows.len(), 44);
/// assert!(rows.iter().all(|&(_, n)| n == 1));
/// ```
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}
