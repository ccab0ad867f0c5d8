//! Reading a PGN game in two steps (finding its end with `Reader::next_pending`, then reading its moves with
//! `PendingGame::finish`, as the bulk engine does on its workers) gives exactly what the reader's iterator
//! gives: over the bundled records, every prefix of a few of them, and the saved PGN fuzz corpus, in each
//! encoding the fuzz target tries.

use std::path::Path;

use xiangqi_core::encoding::TextEncoding;
use xiangqi_core::pgn::Reader;
use xiangqi_core::record::{DeferredGame, Records};

const ENCODINGS: [Option<TextEncoding>; 4] =
    [None, Some(TextEncoding::Big5), Some(TextEncoding::Gbk), Some(TextEncoding::Utf16Le)];

/// Compares the two ways on one input; the number of games read.
fn same_both_ways(data: &[u8], encoding: Option<TextEncoding>, what: &str) -> usize {
    let direct: Vec<_> = Reader::with_encoding(data, encoding).collect();
    let mut reader = Reader::with_encoding(data, encoding);
    let deferred: Vec<_> = std::iter::from_fn(|| reader.next_pending()).map(|r| r.and_then(|p| p.finish())).collect();
    assert_eq!(direct.len(), deferred.len(), "{what} ({encoding:?}): game count");
    for (i, (a, b)) in direct.iter().zip(&deferred).enumerate() {
        assert_eq!(a, b, "{what} ({encoding:?}): game {i}");
    }
    direct.len()
}

fn files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    out.sort();
    out
}

#[test]
fn bundled_records_and_their_prefixes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/records");
    let mut games = 0;
    for path in files(&dir).into_iter().filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn"))) {
        let data = std::fs::read(&path).expect("readable");
        games += same_both_ways(&data, None, &path.display().to_string());
        // Cut at many places: inside tags, comments, moves and between games.
        let step = (data.len() / 97).max(1);
        for cut in (0..data.len()).step_by(step) {
            same_both_ways(&data[..cut], None, &format!("{} cut at {cut}", path.display()));
        }
    }
    assert!(games > 100, "only {games} games in the bundled records");
}

#[test]
fn fuzz_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus/pgn");
    let inputs = files(&dir);
    assert!(inputs.len() > 100, "the PGN fuzz corpus is missing from {}", dir.display());
    for path in inputs {
        let data = std::fs::read(&path).expect("readable");
        for encoding in ENCODINGS {
            same_both_ways(&data, encoding, &path.display().to_string());
        }
    }
}

#[test]
fn records_defer_pgn_and_xqf() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data");
    for path in [root.join("records/ccpd-selected.pgn"), files(&root.join("xqf"))[0].clone()] {
        let read = |deferred: bool| {
            let mut records = xiangqi_core::record::read_file(&path).expect("opens");
            let mut out = Vec::new();
            loop {
                let item = if deferred { records.next_deferred().map(DeferredGame::finish) } else { records.next() };
                match item {
                    Some(item) => out.push(item),
                    None => break out,
                }
            }
        };
        let direct = read(false);
        assert!(!direct.is_empty());
        assert_eq!(direct, read(true), "{}", path.display());
    }
    // A source without a game gives its one NoGame item both ways.
    let mut empty = Records::from_reader(&b" \n"[..], None, None, None).expect("reads");
    assert!(matches!(empty.next_deferred().map(DeferredGame::finish), Some(Err(_))));
    assert!(empty.next_deferred().is_none());
}

/// Inputs where where a game ends depends on comments, variations, result tokens and tag lines.
const EDGES: [&str; 12] = [
    "1. h2e2 * {after the result [Event \"x\"] }\n[Round \"2\"]\n1. h2e2 h9g7\n",
    "1. h2e2 (1. b2e2 1-0) h9g7 {\n[Site \"in a comment\"]\n} 2. h0g2 *\n[Event \"next\"]\n1. b2e2 *",
    "1. h2e2 ; a line comment [Event\n[Event \"a\"]\n1. h2e2 0-1\n1. b2e2\n",
    "[Event \"a\"\n1. h2e2 h9g7 *\n[Event \"b\"]\n[Event \"c\"]\n1. h2e2",
    "[Red \"A\"]\n[Red \"B\"]\n1. h2e2 *\n\n1. h2h8 (1. b2e2 *) 1/2-1/2 { [Event \"x\"] }\n[Black \"C\"]\n",
    "1. h2e2 {never closed\n[Event \"b\"]\n1. b2e2 *\n",
    "1. h2e2 * [Event \"x\"]\n1. h2e2 h9g7 2. h0g2",
    "1. h9h2 (1. h2e2 *) 1-0 {x}\n[Event \"after an error\"]\n1. h2e2 *",
    "1. h2e2 ((((1. b2e2)))) *\n)) 1. b2e2\n[Event \"b\"]\n1. b2e2 1-0",
    "{a} {b\n} ; c\n% escape\n1. h2e2 $1 h9g7!? 2. h0g2 *",
    "[FEN \"bad\"]\n1. h2e2 (1. b2e2 *) * {\n[Event \"b\"]\n1. h2e2 *",
    "1. h2e2 *\n\n1. b2e2",
];

#[test]
fn hand_written_edges() {
    for (i, text) in EDGES.iter().enumerate() {
        for encoding in ENCODINGS {
            same_both_ways(text.as_bytes(), encoding, &format!("edge {i}"));
        }
        for cut in 0..text.len() {
            if text.is_char_boundary(cut) {
                same_both_ways(&text.as_bytes()[..cut], None, &format!("edge {i} cut at {cut}"));
            }
        }
    }
}
