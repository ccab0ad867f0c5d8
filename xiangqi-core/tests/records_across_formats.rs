//! The same games in different formats read to the same records: xqbase's `SAMPLE.XQF` and the PGN its
//! converter made of it; the 15 wxf.ca pages (DhtmlXQ) and the same games in wukong's PGN files; the
//! ChessBridge samples (CBR with variations, CBF, a CBL library) written as PGN, XQF and DhtmlXQ and read
//! back.

#![cfg(feature = "records")]

mod records_support;

use std::path::Path;

use records_support::{assert_same_game, bundled};
use xiangqi_core::record::GameRecord;
use xiangqi_core::{chessbridge, dhtmlxq, pgn, xqf, Notation};

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

/// The tags every format keeps.
const SHARED_TAGS: [&str; 5] = ["Event", "Date", "Site", "Red", "Black"];

/// A ChessBridge game through PGN (each notation), XQF and DhtmlXQ: the same game back (comments without
/// the spaces around them, which PGN does not keep).
fn round_trips(game: &GameRecord, what: &str) {
    let mut game = game.clone();
    for id in game.tree.nodes().collect::<Vec<_>>() {
        if let Some(comment) = game.tree.comment(id).map(|c| c.trim().to_owned()) {
            game.tree.set_comment(id, comment);
        }
    }
    let game = &game;
    for notation in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
        let text = pgn::write(game, &pgn::WriteOptions::new(notation));
        let back = pgn::read_str(&text).next().expect("one game").unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_same_game(game, &back, &SHARED_TAGS, &format!("{what} as PGN ({notation:?})"));
        assert_eq!(back.tags.get("Title"), game.tags.get("Title"), "{what}");
    }
    let back = xqf::read(&xqf::write(game, xqf::XqfVersion::V18)).expect("reads");
    assert_eq!(back.start(), game.start(), "{what} as XQF");
    assert_eq!(back.tree.lines(), game.tree.lines(), "{what} as XQF");
    let back = dhtmlxq::read_str(&dhtmlxq::write(game)).remove(0).expect("reads");
    assert_eq!(back.start(), game.start(), "{what} as DhtmlXQ");
    assert_eq!(back.tree.lines(), game.tree.lines(), "{what} as DhtmlXQ");
}

fn chessbridge_fixture(name: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/chessbridge").join(name))
        .expect("bundled fixture")
}

#[test]
fn chessbridge_games_round_trip_through_the_other_formats() {
    for name in ["test.cbr", "test2.cbr", "test.cbf", "test2.cbf"] {
        let mut games = chessbridge::read(&chessbridge_fixture(name));
        assert_eq!(games.len(), 1);
        let game = games.remove(0).expect("reads");
        assert!(game.tree.move_count() >= 2, "{name}");
        round_trips(&game, name);
    }
    let library = chessbridge::read(&chessbridge_fixture("1989年龙化杯象棋名师邀请赛35局.CBL"));
    assert_eq!(library.len(), 38);
    let (mut plies, mut moves) = (0, 0);
    for (k, game) in library.into_iter().enumerate() {
        let game = game.expect("reads");
        plies += game.tree.main_line_len();
        moves += game.tree.move_count();
        round_trips(&game, &format!("library game {k}"));
    }
    assert_eq!((plies, moves), (3209, 3302), "main-line plies, and moves with the variations");
}
