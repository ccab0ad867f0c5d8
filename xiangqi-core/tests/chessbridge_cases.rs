//! The ChessBridge reader on the sample files: the worked example of the format description (test2.cbr),
//! a CBR with variations (test.cbr), the two libraries (the bundled 1989 one always, the 1956 one when
//! `../shared` is present), the two CBF files; tags, results and comments as the files hold them; CBF
//! files with Move elements outside the single chain (made for these tests, see the data's SOURCE.txt).

#![cfg(feature = "records")]

mod records_support;

use records_support::chessbridge::{bundled, library_index, shared, BUNDLED_LIBRARY, SHARED_LIBRARY};
use xiangqi_core::chessbridge::{self, Container};
use xiangqi_core::record::{self, Format, GameRecord, GameResult};
use xiangqi_core::Position;

/// Every line of a game replays legally from its start; the number of moves in the tree.
fn assert_legal(record: &GameRecord) -> usize {
    for line in record.tree.lines() {
        let mut pos = record.start().clone();
        for m in line {
            pos = pos.play(m).expect("every move in a record is legal");
        }
    }
    record.tree.move_count()
}

fn comments(record: &GameRecord) -> usize {
    record.tree.nodes().filter(|&id| record.tree.comment(id).is_some()).count()
}

fn iccs(record: &GameRecord) -> Vec<String> {
    record.main_line().map(|m| m.to_string()).collect()
}

#[test]
fn the_worked_example_test2_cbr() {
    let game = chessbridge::read_cbr(&bundled("test2.cbr")).expect("reads");
    assert_eq!(iccs(&game), ["h2e2", "h7e7"]);
    assert_eq!(game.tree.move_count(), 2);
    let tree = &game.tree;
    let first = tree.first_child(tree.root()).expect("h2e2");
    let second = tree.first_child(first).expect("h7e7");
    assert_eq!(tree.comment(tree.root()), Some("李1"));
    assert_eq!(tree.comment(first), Some("李2"));
    assert_eq!(tree.comment(second), Some("李3"));
    assert_eq!(game.tags.get("Title"), Some("Test"));
    assert_eq!(game.start(), &Position::default());
    assert_eq!(game.result, GameResult::Unknown);
    assert!(game.warnings.is_empty(), "{:?}", game.warnings);
}

#[test]
fn test_cbr_has_102_legal_moves_with_variations() {
    let game = chessbridge::read_cbr(&bundled("test.cbr")).expect("reads");
    assert_eq!(assert_legal(&game), 102);
    assert!(game.tree.lines().len() > 1, "variations are kept");
    assert_eq!(game.tags.get("Title"), Some("黄丹青讲座004-破解新式弃马局的攻防要领"));
    assert!(game.warnings.is_empty(), "{:?}", game.warnings);
    // Every variation of the tree is reached: the 102 records after the root are 102 nodes.
    assert_eq!(game.tree.node_count(), 103);
}

/// Reads a library both ways (the library reader and `record::read_bytes`) and checks every game against
/// the index; returns the games.
fn check_library(bytes: &[u8], games_expected: usize) -> Vec<GameRecord> {
    let index = library_index(bytes);
    assert_eq!(index.len(), games_expected);
    let read = chessbridge::read_cbl(bytes);
    assert_eq!(read.len(), games_expected);
    let (format, through_records) = record::read_bytes(bytes, Some("CBL"));
    assert_eq!(format, Format::ChessBridge);
    assert_eq!(through_records.len(), games_expected);
    assert_eq!(chessbridge::container(bytes), Some(Container::Cbl));
    let mut games = Vec::new();
    for (k, (game, (_, _, _, title))) in read.into_iter().zip(&index).enumerate() {
        let game = game.unwrap_or_else(|e| panic!("game {k}: {e}"));
        assert_legal(&game);
        assert_eq!(game.tags.get("Title").unwrap_or(""), title, "game {k}");
        assert_eq!(through_records[k].as_ref().expect("the same game"), &game);
        games.push(game);
    }
    games
}

#[test]
fn the_bundled_library_has_38_legal_games_titled_as_its_index() {
    let games = check_library(&bundled(BUNDLED_LIBRARY), 38);
    // Games 0 and 21 are section headings: text, an empty board, no move.
    for (k, game) in games.iter().enumerate() {
        if k == 0 || k == 21 {
            assert_eq!(game.tree.move_count(), 0);
            assert_eq!(game.warnings.len(), 1, "game {k}");
            assert!(game.warnings[0].message.contains("board is empty"), "{}", game.warnings[0]);
            // The first heading's text is its root comment; the second is only its title (2,218 bytes).
            assert_eq!(game.tree.comment(game.tree.root()).is_some(), k == 0, "game {k}");
        } else {
            assert!(game.tree.move_count() > 20, "game {k}");
            assert!(game.warnings.is_empty(), "game {k}: {:?}", game.warnings);
        }
    }
    let first = &games[1];
    assert_eq!(first.tags.get("Title"), Some("第一轮 徐天红 先和 徐天利"));
    assert_eq!(first.tags.get("Event"), Some("1989年龙化杯象棋名师邀请赛"));
    assert_eq!((first.tags.get("Red"), first.tags.get("RedTeam")), (Some("徐天红"), Some("江苏")));
    assert_eq!((first.tags.get("Black"), first.tags.get("BlackTeam")), (Some("徐天利"), Some("上海")));
    assert_eq!(first.tags.get("Site"), Some("柳州市"));
    assert_eq!(first.tags.get("Date"), Some("1989年6月3日"));
    assert_eq!(first.tags.get("ChessBridge_Category"), Some("挺兵对飞象"));
    assert_eq!(first.result, GameResult::Draw, "先和");
    // The results agree with the titles: 先胜 Red wins, 先负 Black wins, 先和 a draw.
    let mut counted = [0; 3];
    for game in &games {
        let title = game.tags.get("Title").unwrap_or("");
        let expected = if title.contains("先胜") {
            GameResult::RedWins
        } else if title.contains("先负") {
            GameResult::BlackWins
        } else if title.contains("先和") {
            GameResult::Draw
        } else {
            GameResult::Unknown
        };
        assert_eq!(game.result, expected, "{title}");
        if let Some(i) =
            [GameResult::RedWins, GameResult::BlackWins, GameResult::Draw].iter().position(|r| *r == expected)
        {
            counted[i] += 1;
        }
    }
    assert_eq!(counted.iter().sum::<usize>(), 36);
    assert!(counted.iter().all(|&n| n > 0), "{counted:?}");
}

#[test]
fn the_shared_library_has_93_legal_games_titled_as_its_index() {
    let Some(bytes) = shared("the_shared_library_has_93_legal_games_titled_as_its_index", SHARED_LIBRARY) else {
        return;
    };
    let games = check_library(&bytes, 93);
    let moves: usize = games.iter().map(|g| g.tree.move_count()).sum();
    assert_eq!(moves, 7313);
    assert!(games.iter().all(|g| g.warnings.is_empty()));
    assert!(games.iter().all(|g| g.result != GameResult::Unknown), "every game states its result");
    let first = &games[0];
    assert_eq!(first.tags.get("Title"), Some("初赛 保定邓裕如(红先负)哈尔滨王嘉良"));
    assert_eq!(first.result, GameResult::BlackWins);
}

#[test]
fn the_cbf_files() {
    for (name, moves, commented, result, title, ecco) in [
        ("test.cbf", 50, 8, GameResult::Unknown, "第一局 屏风马巡河炮抵当头炮局(和)", "C03"),
        ("test2.cbf", 75, 17, GameResult::Draw, "第十局 当头炮抵当头炮局(和)", "D04"),
    ] {
        let bytes = bundled(name);
        let game = chessbridge::read_cbf(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(assert_legal(&game), moves, "{name}");
        assert_eq!(game.tree.main_line_len(), moves, "{name}: one line");
        assert_eq!(comments(&game), commented, "{name}");
        assert!(game.tree.comment(game.tree.root()).is_some(), "{name}: the root's comment");
        assert_eq!(game.result, result, "{name}");
        assert_eq!(game.tags.get("Title"), Some(title), "{name}");
        assert_eq!(game.tags.get("ECCO"), Some(ecco), "{name}");
        assert_eq!(game.tags.get("FEN"), None, "{name}: the FEN is the start position, not a tag");
        assert!(game.warnings.is_empty(), "{name}: {:?}", game.warnings);
        let (format, games) = record::read_bytes(&bytes, Some("cbf"));
        assert_eq!(format, Format::ChessBridge);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].as_ref().expect("the same game"), &game);
    }
    let game = chessbridge::read_cbf(&bundled("test.cbf")).expect("reads");
    assert_eq!(iccs(&game)[..2], ["h2e2", "h9g7"]);
    assert_eq!(game.tags.get("Event"), Some("居荣鑫《象棋古谱全局三种》"));
    assert_eq!(game.tags.get("Annotator"), Some("居荣鑫"));
    assert_eq!(game.tags.get("ChessBridge_DateModified"), Some("2014-09-08 20:19:09"));
    assert_eq!(game.tree.comment(game.tree.root()), Some("中炮横车盘头马对屏风马双炮巡河"));
}

#[test]
fn a_cbf_start_position_is_read_from_its_fen() {
    let cbf = "\u{feff}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n<Head>\
               <FEN>3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1</FEN><RecordResult>1</RecordResult>\
               <Red>A &amp; B</Red><RedRating>2600</RedRating></Head>\n<MoveList>\n\
               <Move value=\"00-00\" />\n<Move value=\"30-31\" />\n<Move value=\"48-38\" end=\"1\" />\n\
               </MoveList>\n</ChineseChessRecord>\n";
    let game = chessbridge::read_cbf(cbf.as_bytes()).expect("reads");
    assert_eq!(game.start().fen(), "3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1");
    assert_eq!(iccs(&game), ["d9d8", "e1d1"]);
    assert_eq!(game.result, GameResult::RedWins);
    assert_eq!(game.tags.get("Red"), Some("A & B"));
    assert_eq!(game.tags.get("RedElo"), Some("2600"));
}

#[test]
fn cbr_results_are_mapped() {
    let mut bytes = bundled("test2.cbr");
    for (code, result, warned) in [
        (0, GameResult::Unknown, false),
        (1, GameResult::RedWins, false),
        (2, GameResult::BlackWins, false),
        (3, GameResult::Draw, false),
        (4, GameResult::Unknown, false),
        (9, GameResult::Unknown, true),
    ] {
        bytes[2076] = code;
        let game = chessbridge::read_cbr(&bytes).expect("reads");
        assert_eq!(game.result, result, "code {code}");
        assert_eq!(!game.warnings.is_empty(), warned, "code {code}");
    }
}

#[test]
fn cbr_text_fields_become_tags() {
    let mut bytes = bundled("test2.cbr");
    let mut put = |offset: usize, text: &str| {
        for (i, unit) in text.encode_utf16().chain([0]).enumerate() {
            bytes[offset + 2 * i..offset + 2 * i + 2].copy_from_slice(&unit.to_le_bytes());
        }
    };
    put(692, "全国赛");
    put(756, "第3轮");
    put(1076, "胡荣华");
    put(1140, "上海");
    put(1268, "2600");
    put(1300, "杨官璘");
    put(1492, "2550");
    put(1012, "40 moves in 2 hours");
    put(1652, "解说");
    put(1780, "作者");
    put(820, "A组");
    let game = chessbridge::read_cbr(&bytes).expect("reads");
    for (name, value) in [
        ("Event", "全国赛"),
        ("Round", "第3轮"),
        ("Red", "胡荣华"),
        ("RedTeam", "上海"),
        ("RedElo", "2600"),
        ("Black", "杨官璘"),
        ("BlackElo", "2550"),
        ("TimeControl", "40 moves in 2 hours"),
        ("Annotator", "解说"),
        ("Author", "作者"),
        ("ChessBridge_Group", "A组"),
    ] {
        assert_eq!(game.tags.get(name), Some(value), "{name}");
    }
}

#[test]
fn read_file_reads_every_kind() {
    let dir = records_support::chessbridge::bundled_dir();
    for (name, games) in [("test.cbr", 1), ("test2.cbr", 1), ("test.cbf", 1), ("test2.cbf", 1), (BUNDLED_LIBRARY, 38)] {
        let records = record::read_file(dir.join(name)).expect("opens");
        assert_eq!(records.format(), Format::ChessBridge, "{name}");
        let read: Vec<_> = records.collect();
        assert_eq!(read.len(), games, "{name}");
        assert!(read.iter().all(Result::is_ok), "{name}");
    }
}

#[test]
fn cbf_moves_outside_the_single_chain_are_ignored_with_a_warning() {
    // The audit's files: Move elements nested in a Move (after its comment), and in a Variation element.
    for (name, first_off_chain, line) in
        [("f05_nested.cbf", "<Move value=\"17-47\">", 18), ("f15_wrapper.cbf", "<Move value=\"17-47\" />", 8)]
    {
        let bytes = bundled(name);
        let game = chessbridge::read_cbf(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(iccs(&game), ["h2e2", "h9g7"], "{name}");
        assert_eq!(game.tree.move_count(), 2, "{name}");
        assert_eq!(game.warnings.len(), 1, "{name}: {:?}", game.warnings);
        let warning = &game.warnings[0];
        let at = bytes.windows(first_off_chain.len()).position(|w| w == first_off_chain.as_bytes()).unwrap();
        assert_eq!((warning.byte_offset, warning.line), (Some(at as u64), Some(line)), "{name}: {warning}");
        assert_eq!(
            warning.message, "2 Move elements not in the single chain of the MoveList ignored: variations are not read",
            "{name}"
        );
    }
    let nested = chessbridge::read_cbf(&bundled("f05_nested.cbf")).expect("reads");
    let first = nested.tree.first_child(nested.tree.root()).expect("h2e2");
    assert_eq!(nested.tree.comment(first), Some("keep me"), "the outer Move's comment");

    // The text of a head field or a Move around an element inside it is kept whole.
    let text = "<ChineseChessRecord><Head><Name>first <b/>second</Name></Head><MoveList>\
                <Move value=\"00-00\">before<Move value=\"17-47\"><![CDATA[inner]]></Move> after</Move>\
                <Move value=\"77-47\" end=\"1\"/></MoveList></ChineseChessRecord>";
    let game = chessbridge::read_cbf(text.as_bytes()).expect("reads");
    assert_eq!(game.tags.get("Title"), Some("first second"));
    assert_eq!(game.tree.comment(game.tree.root()), Some("before after"));
    assert_eq!(iccs(&game), ["h2e2"]);
    assert_eq!(game.warnings.len(), 1);
    assert_eq!(game.warnings[0].byte_offset, Some(text.find("<Move value=\"17-47\"").unwrap() as u64));
}
