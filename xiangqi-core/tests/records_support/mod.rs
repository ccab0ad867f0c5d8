//! What the record tests share: where the data is, and a tree comparison that ignores node order.

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use xiangqi_core::record::{GameRecord, MoveTree};

pub mod chessbridge;
pub mod xqf;

/// `../shared/data/games` next to the project, if present.
pub fn shared_games() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/games");
    dir.is_dir().then_some(dir)
}

/// The bundled record fixtures.
pub fn bundled() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/records")
}

/// A tree as a list in pre-order: (parent's place in the list, move, comment, NAGs). Two trees with the
/// same lines, variations in the same order and the same annotations give the same list, whatever order
/// their nodes were created in.
pub fn tree_signature(tree: &MoveTree) -> Vec<(usize, String, Option<String>, Vec<u8>)> {
    let order = tree.preorder();
    let place: HashMap<_, _> = order.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    order
        .iter()
        .map(|&id| {
            let parent = tree.parent(id).map_or(usize::MAX, |p| place[&p]);
            let mv = tree.mv(id).map_or(String::new(), |m| m.to_string());
            (parent, mv, tree.comment(id).map(str::to_owned), tree.nags(id).to_vec())
        })
        .collect()
}

/// Asserts that two records hold the same game: start, tree, result, and the given tags.
pub fn assert_same_game(original: &GameRecord, copy: &GameRecord, tags: &[&str], what: &str) {
    assert_eq!(original.start(), copy.start(), "{what}: start position");
    assert_eq!(original.result, copy.result, "{what}: result");
    let (a, b) = (tree_signature(&original.tree), tree_signature(&copy.tree));
    if a != b {
        let first = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
        panic!("{what}: trees differ at pre-order node {first}: {:?} vs {:?}", a.get(first), b.get(first));
    }
    for name in tags {
        assert_eq!(original.tags.get(name), copy.tags.get(name), "{what}: tag {name}");
    }
}

/// Every file under `dir` (recursively) whose extension is one of `extensions` (any case), sorted.
pub fn files_with(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|err| panic!("{}: {err}", dir.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.iter().any(|x| x.eq_ignore_ascii_case(e)))
            {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// A file's name.
pub fn name(path: &Path) -> String {
    path.file_name().expect("a file").to_string_lossy().into_owned()
}

/// A line of moves in ICCS, space-separated.
pub fn iccs_line(moves: &[xiangqi_core::Move]) -> String {
    moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
}
