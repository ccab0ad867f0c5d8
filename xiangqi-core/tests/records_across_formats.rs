//! The same games in different formats read to the same records: xqbase's `SAMPLE.XQF` and the PGN its
//! converter made of it; the 15 wxf.ca pages (DhtmlXQ) and the same games in wukong's PGN files.

#![cfg(feature = "records")]

mod records_support;

use std::path::Path;

use records_support::bundled;
use xiangqi_core::record::GameRecord;
use xiangqi_core::{dhtmlxq, pgn, xqf};

fn xqf_fixture(name: &str) -> GameRecord {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/xqf").join(name);
    xqf::read(&std::fs::read(&path).expect("bundled fixture")).expect("reads")
}

fn pgn_fixture(name: &str) -> Vec<GameRecord> {
    let bytes = std::fs::read(bundled().join(name)).expect("bundled fixture");
    pgn::Reader::new(&bytes[..]).map(|g| g.expect("reads")).collect()
}

/// The comments of a game, node by node along the main line (the root first), trimmed.
fn main_line_comments(record: &GameRecord) -> Vec<Option<String>> {
    let tree = &record.tree;
    std::iter::once(tree.root())
        .chain(tree.main_line_nodes())
        .map(|id| tree.comment(id).map(|c| c.trim().replace("\r\n", "\n")))
        .collect()
}

#[test]
fn sample_xqf_and_its_pgn_conversion_agree() {
    let from_xqf = xqf_fixture("SAMPLE.XQF");
    let from_pgn = pgn_fixture("SAMPLE.PGN").remove(0);
    assert_eq!(from_xqf.start(), from_pgn.start());
    let (a, b): (Vec<_>, Vec<_>) = (from_xqf.main_line().collect(), from_pgn.main_line().collect());
    assert_eq!(a.len(), 75);
    assert_eq!(a, b);
    assert_eq!(from_xqf.tree.move_count(), from_pgn.tree.move_count(), "no variations in either");
    let (ca, cb) = (main_line_comments(&from_xqf), main_line_comments(&from_pgn));
    assert_eq!(ca.iter().flatten().count(), 12);
    assert_eq!(ca, cb);
    for tag in ["Event", "Date", "Site", "Red", "Black"] {
        assert_eq!(from_xqf.tags.get(tag), from_pgn.tags.get(tag), "{tag}");
        assert!(from_xqf.tags.get(tag).is_some(), "{tag}");
    }
    assert_eq!(from_xqf.result, from_pgn.result);
}

#[test]
fn dhtmlxq_pages_and_pgn_files_give_the_same_games() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/dhtmlxq");
    let mut pages: Vec<_> = std::fs::read_dir(&dir)
        .expect("bundled pages")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    assert_eq!(pages.len(), 15);
    let chinese = pgn_fixture("xqdb_traditional.pgn");
    let wxf = pgn_fixture("xqdb_international.pgn");
    let mut matched = vec![false; chinese.len()];
    let mut plies = 0;
    for page in &pages {
        let mut games = dhtmlxq::read_bytes(&std::fs::read(page).expect("readable"), None);
        assert_eq!(games.len(), 1, "{}", page.display());
        let game = games.remove(0).expect("reads");
        let moves: Vec<_> = game.main_line().collect();
        let found: Vec<usize> =
            (0..chinese.len()).filter(|&i| chinese[i].main_line().collect::<Vec<_>>() == moves).collect();
        assert_eq!(found.len(), 1, "{}: one PGN game with the same moves", page.display());
        let i = found[0];
        assert!(!matched[i], "{}: game {i} matched twice", page.display());
        matched[i] = true;
        assert_eq!(wxf[i].main_line().collect::<Vec<_>>(), moves, "the WXF file agrees");
        assert_eq!(game.start(), chinese[i].start());
        for tag in ["Red", "Black"] {
            assert_eq!(game.tags.get(tag), chinese[i].tags.get(tag), "{}: {tag}", page.display());
        }
        plies += moves.len();
    }
    assert!(matched.iter().all(|&m| m));
    assert_eq!(plies, 1378);
}
