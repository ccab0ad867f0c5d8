//! The 15 wxf.ca pages (World Championship games embedded as DhtmlXQ): every game reads, every move is
//! legal, the results and ply counts are those the pages state, and writing then reading a game gives
//! it back.
#![cfg(feature = "records")]

use std::path::PathBuf;

use xiangqi_core::dhtmlxq;
use xiangqi_core::record::{GameRecord, GameResult};

/// The shared data directory when it is there, else the copy bundled with the tests.
fn pages_dir() -> PathBuf {
    let shared = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared"));
    if shared.exists() {
        shared.join("data/games/wukong/dhtmlxq")
    } else {
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/dhtmlxq"))
    }
}

/// Every page, by file name, with its one game.
fn pages() -> Vec<(String, String, GameRecord)> {
    let mut paths: Vec<_> = std::fs::read_dir(pages_dir())
        .expect("the pages directory")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "html"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).expect("a readable page");
            let text = String::from_utf8(bytes.clone()).expect("the pages are UTF-8");
            let mut games = dhtmlxq::read_bytes(&bytes, None);
            assert_eq!(games.len(), 1, "{name}: one game per page");
            let game = games.remove(0).unwrap_or_else(|err| panic!("{name}: {err}"));
            (name, text, game)
        })
        .collect()
}

/// Each node's path and comment in pre-order: equal for two trees exactly when they hold the same
/// moves, in the same order, with the same comments.
fn shape(record: &GameRecord) -> Vec<(Vec<String>, Option<String>)> {
    let tree = &record.tree;
    tree.preorder()
        .into_iter()
        .map(|id| {
            let path = tree.path_to(id).iter().map(|m| m.to_string()).collect();
            (path, tree.comment(id).map(str::to_owned))
        })
        .collect()
}

fn sorted_tags(record: &GameRecord) -> Vec<(String, String)> {
    let mut tags: Vec<_> = record.tags.iter().map(|(n, v)| (n.to_owned(), v.to_owned())).collect();
    tags.sort();
    tags
}

#[test]
fn the_fifteen_pages_read_as_they_state() {
    let pages = pages();
    assert_eq!(pages.len(), 15);
    let mut results = [0usize; 3];
    let mut plies = 0;
    for (name, text, game) in &pages {
        assert!(dhtmlxq::contains_dhtmlxq(text), "{name}");
        assert!(game.warnings.is_empty(), "{name}: {:?}", game.warnings);
        let mut pos = game.start().clone();
        assert_eq!(pos, xiangqi_core::Position::default(), "{name}");
        for m in game.main_line() {
            assert!(pos.is_legal(m), "{name}: {m} in {}", pos.fen());
            pos.play_unchecked(m);
        }
        let len = game.tree.main_line_len();
        assert!(len > 0, "{name}");
        assert_eq!(game.tree.move_count(), len, "{name}: the pages have no variation");
        if let Some(length) = game.tags.get("DhtmlXQ_length") {
            assert_eq!(length.parse::<usize>().ok(), Some(len), "{name}");
        }
        plies += len;
        for tag in ["Red", "Black", "Event", "Title"] {
            assert!(game.tags.get(tag).is_some_and(|v| !v.trim().is_empty()), "{name}: {tag}");
        }
        // The title repeats the result letter between the two players: "... (W) ...".
        let title = game.tags.get("Title").unwrap();
        let letter = match game.result {
            GameResult::RedWins => "(W)",
            GameResult::BlackWins => "(L)",
            GameResult::Draw => "(D)",
            GameResult::Unknown => panic!("{name}: no result"),
        };
        assert!(title.contains(letter), "{name}: {title:?} and {:?}", game.result);
        results[match game.result {
            GameResult::RedWins => 0,
            GameResult::BlackWins => 1,
            _ => 2,
        }] += 1;
    }
    assert_eq!(results, [10, 4, 1], "W, L, D");
    assert_eq!(plies, 1378);
}

#[test]
fn page_116_starts_as_the_specification_shows() {
    let pages = pages();
    let (_, _, game) = pages.iter().find(|(name, _, _)| name == "116.html").unwrap();
    let first: Vec<_> = game.main_line().take(6).map(|m| m.to_string()).collect();
    assert_eq!(first, ["g0e2", "h7f7", "h0g2", "h9g7", "g3g4", "c6c5"]);
    assert_eq!(game.tags.get("Red"), Some("DING Wa Chong"));
    assert_eq!(game.tags.get("RedTeam"), Some("Holland"));
    assert_eq!(game.tags.get("Black"), Some("SCHAEFER Nobert"));
    assert_eq!(game.tags.get("BlackTeam"), Some("Germany"));
    assert_eq!(game.tags.get("Event"), Some("World Xiangqi Championships"));
    assert_eq!(game.result, GameResult::RedWins);
}

#[test]
fn every_page_survives_writing_and_reading() {
    let mut count = 0;
    for (name, _, game) in pages() {
        let written = dhtmlxq::write(&game);
        let mut again = dhtmlxq::read_str(&written);
        assert_eq!(again.len(), 1, "{name}");
        let again = again.remove(0).unwrap_or_else(|err| panic!("{name}: {err}\n{written}"));
        assert_eq!(again.start(), game.start(), "{name}");
        assert_eq!(shape(&again), shape(&game), "{name}");
        assert_eq!(sorted_tags(&again), sorted_tags(&game), "{name}");
        assert_eq!(again.result, game.result, "{name}");
        assert!(again.warnings.is_empty(), "{name}: {:?}", again.warnings);
        count += 1;
    }
    assert_eq!(count, 15);
}

#[test]
fn the_bundled_copy_is_the_shared_one() {
    let shared = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/games/wukong/dhtmlxq"));
    let bundled = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/dhtmlxq"));
    let html = |dir: &PathBuf| {
        let mut names: Vec<_> = std::fs::read_dir(dir)
            .map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
            .unwrap_or_default();
        names.retain(|n| n.to_string_lossy().ends_with(".html"));
        names.sort();
        names
    };
    assert_eq!(html(&bundled).len(), 15);
    if !shared.exists() {
        return;
    }
    assert_eq!(html(&shared), html(&bundled));
    for name in html(&shared) {
        assert_eq!(std::fs::read(shared.join(&name)).unwrap(), std::fs::read(bundled.join(&name)).unwrap(), "{name:?}");
    }
}
