//! The PGN reader over real databases: every game of `../shared/data/games/` (CCPD in Big5, the 弈天
//! export in GBK with CR CR LF, xqbase's files with their footer, wukong's three notations in UTF-8, the
//! test fixtures), the bundled fixtures when `../shared` is absent, and read → write → read in each
//! notation.

#![cfg(feature = "records")]

mod records_support;

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use records_support::{assert_same_game, bundled, files_with, shared_games};
use xiangqi_core::chinese::ChineseStyle;
use xiangqi_core::encoding::TextEncoding;
use xiangqi_core::pgn::{self, PgnErrorKind, WriteOptions};
use xiangqi_core::record::{GameRecord, GameResult};
use xiangqi_core::{Color, Notation, Position, PositionErrorKinds};

/// Every game of the shared corpus that does not read, with the reason (each checked by hand).
const KNOWN_BAD: [(&str, usize, &str); 10] = [
    ("ccpd-中局.pgn", 1024, "ply 18: 士４進５ leaves the black general in check from the chariot on g9"),
    ("ccpd-對局.pgn", 16034, "ply 70: 士６進５ leaves the black general in check from the cannon on a9 (screen d9)"),
    ("ccpd-對局.pgn", 25033, "ply 115: red has no legal move (the game was over), yet 帥五進一 follows"),
    ("ccpd-對局.pgn", 25040, "ply 72: black has no legal move (the game was over), yet 將５進１ follows"),
    ("ccpd-對局.pgn", 25067, "ply 72: black has no legal move (the game was over), yet 將５平４ follows"),
    ("ccpd-開局.pgn", 61, "FEN without a red general (RNBA1ABNR)"),
    ("ccpd-開局.pgn", 92, "FEN without a red general (RNBA1ABNR)"),
    ("ccpd-開局.pgn", 190, "FEN without a red general (RNBA1ABNR)"),
    ("ccpd-開局.pgn", 208, "FEN without a red general (RNBA1ABNR)"),
    ("ccpd-開局.pgn", 222, "FEN without a red general (RNBA1ABNR)"),
];

/// The tags a PGN round trip keeps (the writer restates `Result`, `FEN` and `Format` from the game).
fn kept_tags(record: &GameRecord) -> Vec<&str> {
    record.tags.iter().map(|(name, _)| name).filter(|n| !["Game", "Result", "FEN", "Format"].contains(n)).collect()
}

fn read_file(path: &Path) -> (Vec<Result<GameRecord, pgn::PgnError>>, Option<TextEncoding>) {
    let file = File::open(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    let mut reader = pgn::Reader::new(BufReader::new(file));
    let games: Vec<_> = reader.by_ref().collect();
    (games, reader.encoding())
}

/// Replays a main line with the checked `play`, independently of the reader.
fn replays_legally(record: &GameRecord) -> bool {
    let mut pos = record.start().clone();
    for m in record.main_line() {
        match pos.play(m) {
            Ok(next) => pos = next,
            Err(_) => return false,
        }
    }
    true
}

fn expected_encoding(path: &Path) -> TextEncoding {
    let name = path.to_string_lossy();
    if name.contains("ccpd") {
        TextEncoding::Big5
    } else if name.contains("wukong") || name.contains("bulk_games") || name.contains("xqdb_") {
        TextEncoding::Utf8
    } else {
        TextEncoding::Gbk
    }
}

#[test]
fn every_game_of_the_shared_corpus_reads() {
    let Some(games_dir) = shared_games() else {
        println!("skipped: ../shared/data/games not found (the bundled fixtures are tested below)");
        return;
    };
    let files = files_with(&games_dir, &["pgn"]);
    assert!(files.len() >= 30, "expected the whole corpus, found {} PGN files", files.len());
    let (mut games, mut plies, mut black_first) = (0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for path in &files {
        let (results, encoding) = read_file(path);
        assert_eq!(encoding, Some(expected_encoding(path)), "{}", path.display());
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for (index, result) in results.into_iter().enumerate() {
            games += 1;
            match result {
                Ok(record) => {
                    assert!(replays_legally(&record), "{name} game {index}");
                    assert_eq!(record.tree.move_count(), record.tree.main_line_len(), "{name} {index}: no variations");
                    plies += record.tree.main_line_len();
                    black_first += usize::from(record.start().turn() == Color::Black);
                }
                Err(err) => {
                    assert_eq!(err.location.game_index, index);
                    failures.push((name.clone(), index, err));
                }
            }
        }
    }
    println!("{} files, {games} games, {plies} plies, {black_first} black-first games", files.len());
    for (name, index, err) in &failures {
        let known = KNOWN_BAD.iter().find(|(n, i, _)| n == name && i == index);
        let reason = known.map_or("UNEXPECTED", |k| k.2);
        println!("  {name} game {index}: {err}\n    known: {reason}");
    }
    let unexpected: Vec<_> =
        failures.iter().filter(|(n, i, _)| !KNOWN_BAD.iter().any(|(kn, ki, _)| kn == n && ki == i)).collect();
    assert!(unexpected.is_empty(), "games that should read: {unexpected:?}");
    assert_eq!(failures.len(), KNOWN_BAD.len(), "every known bad game fails");
    for (_, _, err) in &failures {
        match &err.kind {
            PgnErrorKind::Move(_) => {
                let partial = err.partial.as_ref().expect("a move error keeps the game read so far");
                assert_eq!(partial.main_line().count() + 1, err.location.ply.unwrap());
                assert!(err.location.token.is_some());
            }
            PgnErrorKind::Fen(_) => assert!(err.location.token.as_deref().unwrap().contains("RNBA1ABNR")),
            other => panic!("unexpected error kind {other:?}"),
        }
    }
}

#[test]
fn bundled_fixtures_read_as_expected() {
    let dir = bundled();
    let (games, encoding) = read_file(&dir.join("ccpd-殺局_殺法_練習題.pgn"));
    assert_eq!(encoding, Some(TextEncoding::Big5));
    assert_eq!(games.len(), 82);
    assert!(games.iter().all(|g| g.as_ref().is_ok_and(replays_legally)));
    let first = games[0].as_ref().unwrap();
    assert_eq!(first.tags.get("Site"), Some("廣州"));
    assert_eq!(first.tags.get("Red"), Some("廣東許銀川"));
    assert_eq!(first.result, GameResult::RedWins);

    let (games, _) = read_file(&dir.join("ccpd-selected.pgn"));
    assert_eq!(games.len(), 4);
    let black_first = games[0].as_ref().unwrap();
    assert_eq!(black_first.start().turn(), Color::Black);
    assert!(black_first.main_line().count() > 0);
    let no_general = games[1].as_ref().unwrap_err();
    assert_eq!(no_general.location.game_index, 1);
    match &no_general.kind {
        PgnErrorKind::Fen(err) => assert!(err.to_string().contains("red has no general"), "{err}"),
        other => panic!("{other:?}"),
    }
    let illegal = games[2].as_ref().unwrap_err();
    assert_eq!(illegal.location.ply, Some(18));
    assert_eq!(illegal.location.token.as_deref(), Some("士４進５"));
    assert_eq!(illegal.partial.as_ref().unwrap().main_line().count(), 17);
    assert!(matches!(illegal.kind, PgnErrorKind::Move(_)));
    assert!(games[3].as_ref().is_ok_and(|g| g.start().turn() == Color::Black));

    let (games, encoding) = read_file(&dir.join("SAMPLE.PGN"));
    assert_eq!(encoding, Some(TextEncoding::Gbk));
    assert_eq!(games.len(), 1, "the footer after the result is not a game");
    let sample = games[0].as_ref().unwrap();
    assert_eq!(sample.start().fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1");
    assert_eq!(sample.main_line().count(), 75);
    assert_eq!(sample.tree.nodes().filter(|&n| sample.tree.comment(n).is_some()).count(), 12);
    assert!(sample.tree.comment(sample.tree.root()).unwrap().starts_with("　　象棋让九子"));
    assert_eq!(sample.tags.get("Event"), Some("许银川让九子对聂棋圣"));
    assert_eq!(sample.result, GameResult::RedWins);
}

/// The same 15 games in ICCS, full-width WXF and Chinese: the same moves, but for the one wrong move of
/// the ICCS file.
#[test]
fn three_notations_give_the_same_games() {
    let dir = bundled();
    let read = |name: &str| -> Vec<GameRecord> {
        let (games, _) = read_file(&dir.join(name));
        games.into_iter().map(|g| g.unwrap_or_else(|err| panic!("{name}: {err}"))).collect()
    };
    let iccs = read("bulk_games_uci.pgn");
    let wxf = read("xqdb_international.pgn");
    let chinese = read("xqdb_traditional.pgn");
    assert_eq!((iccs.len(), wxf.len(), chinese.len()), (15, 15, 15));
    let mut plies = 0;
    for (index, ((a, b), c)) in iccs.iter().zip(&wxf).zip(&chinese).enumerate() {
        let (a, b, c): (Vec<_>, Vec<_>, Vec<_>) =
            (a.main_line().collect(), b.main_line().collect(), c.main_line().collect());
        assert_eq!(b, c, "game {index}: WXF and Chinese");
        assert_eq!(a.len(), b.len(), "game {index}");
        for (ply, (x, y)) in a.iter().zip(&b).enumerate() {
            if (index, ply + 1) == (1, 71) {
                assert_eq!((x.to_string(), y.to_string()), ("e5e6".into(), "e3e4".into()));
            } else {
                assert_eq!(x, y, "game {index} ply {}", ply + 1);
            }
        }
        plies += b.len();
    }
    assert_eq!(plies, 1378);
}

/// Read → write → read in each notation gives the same game, for every readable game.
#[test]
fn round_trip_in_each_notation() {
    let mut files = files_with(&bundled(), &["pgn"]);
    if let Some(dir) = shared_games() {
        files = files_with(&dir, &["pgn"]);
    } else {
        println!("../shared not found: round trip over the bundled fixtures only");
    }
    let styles = [
        WriteOptions::new(Notation::Chinese),
        WriteOptions::new(Notation::Chinese).chinese(ChineseStyle::TRADITIONAL).line_ending("\r\n"),
        WriteOptions::new(Notation::Wxf),
        WriteOptions::new(Notation::Iccs),
    ];
    let mut counts = [0usize; 4];
    for path in &files {
        let (games, _) = read_file(path);
        for (index, original) in games.into_iter().enumerate().filter_map(|(i, g)| g.ok().map(|g| (i, g))) {
            let tags = kept_tags(&original);
            for (k, options) in styles.iter().enumerate() {
                let text = pgn::write(&original, options);
                let what = format!("{} game {index} in {options:?}", path.display());
                let mut again = pgn::read_str(&text);
                let copy = again.next().unwrap_or_else(|| panic!("{what}: no game")).unwrap_or_else(|err| {
                    panic!("{what}: {err}\n{text}");
                });
                assert!(again.next().is_none(), "{what}: one game");
                // Where the source ended a game without moves (at a repeated tag) is not part of the game.
                let expected: Vec<_> =
                    original.warnings.iter().filter(|w| !w.message.contains("repeated before any move")).collect();
                assert_eq!(copy.warnings.iter().collect::<Vec<_>>(), expected, "{what}");
                assert_same_game(&original, &copy, &tags, &what);
                counts[k] += 1;
            }
        }
    }
    println!(
        "round trip: {} games in Chinese, {} in traditional Chinese with CRLF, {} in WXF, {} in ICCS",
        counts[0], counts[1], counts[2], counts[3]
    );
    assert!(counts.iter().all(|&c| c >= 100));
}

#[test]
fn variations_comments_and_annotations() {
    let text = "\
[Event \"lines\"]
{before the first move}
1. h2e2 {centre} (1. b2e2 {the other cannon} h7e7 (1... b7e7) 2. b0c2) (1. h0g2) 1... h9g7 $14
2. h0g2! ; rest of the line
i9h9 3. b0c2?? *
";
    let game = pgn::read_str(text).next().unwrap().unwrap();
    let tree = &game.tree;
    assert_eq!(tree.comment(tree.root()), Some("before the first move"));
    let lines: Vec<String> =
        tree.lines().iter().map(|line| line.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")).collect();
    assert_eq!(lines, ["h2e2 h9g7 h0g2 i9h9 b0c2", "b2e2 h7e7 b0c2", "b2e2 b7e7", "h0g2"]);
    let main: Vec<_> = tree.main_line_nodes().collect();
    assert_eq!(tree.comment(main[0]), Some("centre"));
    assert_eq!(tree.nags(main[1]), [14]);
    assert_eq!(tree.nags(main[2]), [1]);
    assert_eq!(tree.comment(main[2]), Some("rest of the line"));
    assert_eq!(tree.nags(main[4]), [4]);
    assert!(game.warnings.is_empty(), "{:?}", game.warnings);
    // Move numbers are ignored: "3... b9c7" after a complete move pair is read as red's move, and fails.
    let err = pgn::read_str(&text.replace("3. b0c2??", "3... b9c7")).next().unwrap().unwrap_err();
    assert_eq!(err.location.ply, Some(5));
}

#[test]
fn black_to_move_starts_numbered_every_way() {
    let fen = "[FEN \"4k4/9/9/9/9/9/9/9/4R4/5K3 b - - 0 1\"]\n";
    for movetext in ["1. e9d9 2. e1d1", "1... e9d9 2. e1d1", "1.          将５平４\n2. 车五平六", "1. ... e9d9 2. e1d1"]
    {
        let game = pgn::read_str(&format!("{fen}{movetext}\n")).next().unwrap().unwrap();
        let moves: Vec<String> = game.main_line().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["e9d9", "e1d1"], "{movetext}");
    }
}

#[test]
fn garbage_side_field_is_taken_from_the_first_move() {
    let text = "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR -b\"]\n1. h7e7 h2e2\n";
    let game = pgn::read_str(text).next().unwrap().unwrap();
    assert_eq!(game.start().turn(), Color::Black);
    assert_eq!(game.main_line().count(), 2);
    assert!(game.warnings.iter().any(|w| w.message.contains("side")), "{:?}", game.warnings);
}

#[test]
fn line_ends_tags_and_footers_in_the_wild() {
    // CR CR LF line ends, a number glued to the move, a tag value over two lines, blank lines between
    // tags, an advertisement after the result, then a second game.
    let text = "[Game \"Chinese Chess\"]\r\r\n\r\r\n[Date \"\r\r\n2005.01.18\"]\r\r\n[Red \"x\"]\r\r\n\
                \x20 1.炮二平五 炮８平５\r\r\n  2.马二进三 马８进７\r\r\n 1-0\r\r\n=====\r\r\n欢迎访问\r\r\n\
                [Game \"Chinese Chess\"]\r\r\n1. h2e2 *\r\r\n";
    let games: Vec<_> = pgn::read_str(text).collect();
    assert_eq!(games.len(), 2);
    let first = games[0].as_ref().unwrap();
    assert_eq!(first.main_line().count(), 4);
    assert_eq!(first.tags.get("Date"), Some("\n2005.01.18"));
    assert_eq!(first.result, GameResult::RedWins);
    assert_eq!(games[1].as_ref().unwrap().main_line().count(), 1);
}

#[test]
fn a_bad_game_is_reported_and_the_next_one_read() {
    let text = "[Event \"a\"]\n1. h2e2 h9g7\n\n[Event \"b\"]\n[Format \"Klingon\"]\n1. h2e2\n\n\
                [Event \"c\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w\"]\n1. e0d0\n\n[Event \"d\"]\n1. h2e2 h9g7 2. h0g2 i9i5\n";
    let games: Vec<_> = pgn::read_str(text).collect();
    assert_eq!(games.len(), 4);
    assert!(games[0].is_ok());
    let format = games[1].as_ref().unwrap_err();
    assert_eq!(format.kind, PgnErrorKind::UnknownFormat("Klingon".into()));
    assert_eq!(format.location.game_index, 1);
    let fen = games[2].as_ref().unwrap_err();
    assert!(matches!(fen.kind, PgnErrorKind::Fen(_)), "{fen}");
    assert_eq!(fen.location.line, Some(9));
    let illegal = games[3].as_ref().unwrap_err();
    assert_eq!((illegal.location.game_index, illegal.location.ply), (3, Some(4)));
    assert_eq!(illegal.location.line, Some(13));
    assert_eq!(illegal.location.byte_offset as usize, text.find("i9i5").unwrap());
    assert!(illegal.to_string().contains("game 3"), "{illegal}");
}

#[test]
fn format_tag_and_forced_notation() {
    // With [Format "ICCS"] the xqbase spelling H2-E2 is read; a forced notation reads Fairy-Stockfish's
    // one-based ranks.
    let game = pgn::read_str("[Format \"ICCS\"]\n1. H2-E2 H9-G7\n").next().unwrap().unwrap();
    assert_eq!(game.main_line().count(), 2);
    let game = pgn::Reader::new(&b"1. h3e3 h10g8\n"[..]).notation(Notation::IccsOneBased).next().unwrap().unwrap();
    assert_eq!(game.main_line().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7"]);
}

#[test]
fn encodings_detected_or_given() {
    let text = "[Event \"象棋\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８\n";
    let mut with_bom = vec![0xEF, 0xBB, 0xBF];
    with_bom.extend_from_slice(text.as_bytes());
    let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    let (gbk, _) = xiangqi_core::encoding::encode(text, TextEncoding::Gbk);
    for (bytes, expected) in [
        (text.as_bytes().to_vec(), TextEncoding::Utf8),
        (with_bom, TextEncoding::Utf8),
        (utf16, TextEncoding::Utf16Le),
        (gbk.to_vec(), TextEncoding::Gbk),
    ] {
        let mut reader = pgn::Reader::new(&bytes[..]);
        let game = reader.next().unwrap().unwrap();
        assert_eq!(reader.encoding(), Some(expected));
        assert_eq!(game.tags.get("Event"), Some("象棋"));
        assert_eq!(game.main_line().count(), 4);
    }
    // A long ASCII start (more than the 64 KiB looked at first), then GBK: the first line with other
    // bytes decides.
    let mut late = String::new();
    for i in 0..1500 {
        late.push_str(&format!("[Event \"game {i}\"]\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n"));
    }
    assert!(late.len() > 64 * 1024);
    late.push_str(text);
    // The earlier games end with a marker: so must the last, or it would be taken for one cut short.
    late.push_str("\n*\n");
    let (late_gbk, _) = xiangqi_core::encoding::encode(&late, TextEncoding::Gbk);
    let mut reader = pgn::Reader::new(&late_gbk[..]);
    let games: Vec<_> = reader.by_ref().collect();
    assert_eq!(games.len(), 1501);
    let last = games.last().unwrap().as_ref().unwrap();
    assert_eq!((last.tags.get("Event"), last.main_line().count()), (Some("象棋"), 4));
    assert_eq!(reader.encoding(), Some(TextEncoding::Gbk));

    // Given the wrong encoding, the text does not read, and the error says where.
    let mut reader = pgn::Reader::with_encoding(&gbk[..], Some(TextEncoding::Big5));
    let err = reader.next().unwrap().unwrap_err();
    assert_eq!(err.location.ply, Some(1));
    assert!(reader.next().is_none_or(|g| g.is_err()));
}

#[test]
fn written_games_start_where_the_record_starts() {
    let start = Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/5K3 b - - 0 12").unwrap();
    let record = GameRecord::from_moves(start, ["e9d9".parse().unwrap(), "e1d1".parse().unwrap()]).unwrap();
    let text = pgn::write(&record, &WriteOptions::default());
    assert!(text.contains("[FEN \"4k4/9/9/9/9/9/9/9/4R4/5K3 b - - 0 12\"]"), "{text}");
    assert!(text.contains("12... 将５平４ 13. 车五平六 *"), "{text}");
    let copy = pgn::read_str(&text).next().unwrap().unwrap();
    assert_eq!(copy.start(), record.start());
    let waivable = Position::from_setup(copy.start().to_setup(), PositionErrorKinds::EMPTY);
    assert!(waivable.is_ok());
}
