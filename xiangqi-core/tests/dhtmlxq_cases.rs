//! Hand-made DhtmlXQ texts: several containers, branches defined before the branch they leave, nested
//! branches, comments everywhere, `binit` with absent pieces, escapes, branches that cannot be
//! attached, errors; and trees that survive writing and reading. Also the audit's files made for these
//! tests (`tests/data/dhtmlxq/SOURCE.txt`): UTF-16 pages, branches cut at a bad move, the byte of every
//! warning, and the numbered fields of the DHJHtmlXQ dialect.
#![cfg(feature = "records")]

use std::path::Path;
use std::time::{Duration, Instant};

use xiangqi_core::dhtmlxq::{self, DhtmlXqErrorKind};
use xiangqi_core::encoding::{self, TextEncoding};
use xiangqi_core::record::{self, Format, GameRecord, GameResult};
use xiangqi_core::{Color, Move, Position};

/// The DhtmlXQ digits of ICCS moves (`"h2e2 h9g7"` -> `"77477062"`).
fn digits(moves: &str) -> String {
    moves
        .split_whitespace()
        .flat_map(|m| {
            let m: Move = m.parse().expect("an ICCS move");
            [m.from, m.to]
        })
        .flat_map(|sq| [char::from(b'0' + sq.file()), char::from(b'0' + 9 - sq.rank())])
        .collect()
}

fn field(name: &str, value: &str) -> String {
    format!("[DhtmlXQ_{name}]{value}[/DhtmlXQ_{name}]")
}

fn lines(record: &GameRecord) -> Vec<String> {
    record.tree.lines().iter().map(|line| line.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")).collect()
}

/// The comment at the end of a path of ICCS moves ("" = the root).
fn comment_at(record: &GameRecord, path: &str) -> Option<String> {
    let tree = &record.tree;
    let mut node = tree.root();
    for m in path.split_whitespace() {
        let m: Move = m.parse().unwrap();
        node = tree.children(node).find(|&c| tree.mv(c) == Some(m)).unwrap_or_else(|| panic!("no {m} in {path}"));
    }
    tree.comment(node).map(str::to_owned)
}

fn shape(record: &GameRecord) -> Vec<(Vec<Move>, Option<String>)> {
    let tree = &record.tree;
    tree.preorder().into_iter().map(|id| (tree.path_to(id), tree.comment(id).map(str::to_owned))).collect()
}

fn read_one(text: &str) -> GameRecord {
    let mut games = dhtmlxq::read_str(text);
    assert_eq!(games.len(), 1, "{text}");
    games.remove(0).unwrap_or_else(|err| panic!("{err}\n{text}"))
}

/// Writes and reads back; the start, the tree, the tags and the result must be the same.
fn round_trip(record: &GameRecord) {
    let written = dhtmlxq::write(record);
    let again = read_one(&written);
    assert_eq!(again.start(), record.start(), "{written}");
    assert_eq!(shape(&again), shape(record), "{written}");
    assert_eq!(again.tags, record.tags, "{written}");
    assert_eq!(again.result, record.result, "{written}");
    assert!(again.warnings.is_empty(), "{:?}\n{written}", again.warnings);
}

/// A tree with branches at several depths, a branch of a branch, and comments on each kind of node.
fn branching_text() -> String {
    [
        "[DhtmlXQ]".to_owned(),
        field("title", "Branches"),
        field("movelist", &digits("h2e2 h9g7 h0g2 i9h9")),
        // Defined before branch 1, which it leaves: attached on a second pass.
        field("move_1_3_2", &digits("g3g4")),
        field("move_2_4_3", &digits("a9a8")),
        field("move_0_2_1", &digits("b9c7 b0c2 a9b9")),
        field("move_0_1_4", &digits("b2e2")),
        field("comment0", "before the first move"),
        field("comment1", "central cannon"),
        field("comment1_3", "in branch 1"),
        field("comment2_3", "in branch 2"),
        field("comment3_4", "in branch 3"),
        field("comment4_1", "the other cannon"),
        "[/DhtmlXQ]".to_owned(),
    ]
    .join("\n")
}

#[test]
fn branches_attach_in_passes_and_nest() {
    let game = read_one(&branching_text());
    assert!(game.warnings.is_empty(), "{:?}", game.warnings);
    assert_eq!(lines(&game), ["h2e2 h9g7 h0g2 i9h9", "h2e2 b9c7 b0c2 a9b9", "h2e2 b9c7 g3g4 a9a8", "b2e2",]);
    assert_eq!(comment_at(&game, "").as_deref(), Some("before the first move"));
    assert_eq!(comment_at(&game, "h2e2").as_deref(), Some("central cannon"));
    assert_eq!(comment_at(&game, "h2e2 b9c7 b0c2").as_deref(), Some("in branch 1"));
    assert_eq!(comment_at(&game, "h2e2 b9c7 g3g4").as_deref(), Some("in branch 2"));
    assert_eq!(comment_at(&game, "h2e2 b9c7 g3g4 a9a8").as_deref(), Some("in branch 3"));
    assert_eq!(comment_at(&game, "b2e2").as_deref(), Some("the other cannon"));
    assert_eq!(game.tags.get("Title"), Some("Branches"));
    round_trip(&game);
}

#[test]
fn a_bad_container_does_not_stop_the_next_one() {
    let text = format!(
        "<p>first</p>\n[DhtmlXQ]{}{}[/DhtmlXQ]\n<p>second</p>\n[DhtmlXQiFrame]{}[/DhtmlXQiFrame]",
        field("red", "A"),
        field("binit", "0919"),
        field("movelist", &digits("h2e2"))
    );
    let games = dhtmlxq::read_str(&text);
    assert_eq!(games.len(), 2);
    let err = games[0].as_ref().unwrap_err();
    assert_eq!(err.kind, DhtmlXqErrorKind::BadBinit("expected 64 digits"));
    assert_eq!(err.location.game_index, 0);
    assert_eq!(err.location.byte_offset, text.find("[DhtmlXQ_binit]").unwrap() as u64);
    assert_eq!(err.location.line, Some(2));
    assert_eq!(err.location.token.as_deref(), Some("binit"));
    assert!(err.partial.is_none());
    assert!(err.to_string().contains("game 0"), "{err}");
    let second = games[1].as_ref().unwrap();
    assert_eq!(lines(second), ["h2e2"]);
}

#[test]
fn fields_without_a_container_are_one_game() {
    let text = format!("{}\n{}", field("movelist", &digits("h2e2 h9g7")), field("result", "黑胜"));
    let game = read_one(&text);
    assert_eq!(game.tree.main_line_len(), 2);
    assert_eq!(game.result, GameResult::BlackWins);
    assert!(dhtmlxq::read_str("no game here").is_empty());
}

#[test]
fn binit_with_absent_pieces_and_black_to_move() {
    // Red: a chariot on a0 and the general on e0; Black: a chariot on i9 and the general on d9.
    let mut slots = vec!["99"; 32];
    slots[0] = "09";
    slots[4] = "49";
    slots[16] = "80";
    slots[20] = "30";
    let binit = slots.concat();
    let text = format!("[DhtmlXQ]{}{}[/DhtmlXQ]", field("binit", &binit), field("movelist", &digits("i9i1 e0f0")));
    let game = read_one(&text);
    assert_eq!(game.start().turn(), Color::Black);
    assert_eq!(game.start().fen(), "3k4r/9/9/9/9/9/9/9/9/R3K4 b - - 0 1");
    assert_eq!(lines(&game), ["i9i1 e0f0"]);
    round_trip(&game);

    // No move: Red to move, unless only Black to move is legal (here Black stands in check).
    slots[0] = "39";
    let text = format!("[DhtmlXQ]{}[/DhtmlXQ]", field("binit", &slots.concat()));
    let game = read_one(&text);
    assert_eq!(game.start().turn(), Color::Black);
    round_trip(&game);
    slots[0] = "09";
    let game = read_one(&format!("[DhtmlXQ]{}[/DhtmlXQ]", field("binit", &slots.concat())));
    assert_eq!(game.start().turn(), Color::Red);
    round_trip(&game);

    // The fen field decides the side and wins over binit.
    let text = format!(
        "[DhtmlXQ]{}{}[/DhtmlXQ]",
        field("binit", &slots.concat()),
        field("fen", "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1")
    );
    assert_eq!(read_one(&text).start().fen(), "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1");
}

#[test]
fn start_position_errors() {
    let two_on_one = format!("[DhtmlXQ]{}[/DhtmlXQ]", field("binit", &"49".repeat(32)));
    let err = dhtmlxq::read_str(&two_on_one).remove(0).unwrap_err();
    assert_eq!(err.kind, DhtmlXqErrorKind::BadBinit("two pieces on one square"));
    let no_general = format!("[DhtmlXQ]{}[/DhtmlXQ]", field("binit", &"99".repeat(32)));
    let err = dhtmlxq::read_str(&no_general).remove(0).unwrap_err();
    assert!(matches!(err.kind, DhtmlXqErrorKind::InvalidPosition(_)), "{err}");
    let bad_fen = format!("[DhtmlXQ]{}[/DhtmlXQ]", field("fen", "4k4/9/9 x"));
    let err = dhtmlxq::read_str(&bad_fen).remove(0).unwrap_err();
    assert!(matches!(err.kind, DhtmlXqErrorKind::BadFen(_)), "{err}");
    assert_eq!(err.location.token.as_deref(), Some("fen"));
}

#[test]
fn main_line_errors_carry_the_game_so_far() {
    let text = format!(
        "[DhtmlXQ]{}{}{}[/DhtmlXQ]",
        field("red", "A"),
        field("movelist", &format!("{}7x62", digits("h2e2"))),
        field("comment1", "kept")
    );
    let err = dhtmlxq::read_str(&text).remove(0).unwrap_err();
    assert_eq!(err.kind, DhtmlXqErrorKind::MalformedMove);
    assert_eq!((err.location.ply, err.location.token.as_deref()), (Some(2), Some("7x62")));
    assert_eq!(err.location.byte_offset, text.find("7x62").unwrap() as u64);
    let partial = err.partial.unwrap();
    assert_eq!(lines(&partial), ["h2e2"]);
    assert_eq!(partial.tags.get("Red"), Some("A"));
    assert_eq!(comment_at(&partial, "h2e2").as_deref(), Some("kept"));

    let short = format!("[DhtmlXQ]{}[/DhtmlXQ]", field("movelist", "774770"));
    let err = dhtmlxq::read_str(&short).remove(0).unwrap_err();
    assert_eq!((err.kind, err.location.token.as_deref()), (DhtmlXqErrorKind::MalformedMove, Some("70")));

    let unclosed = "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ]";
    let err = dhtmlxq::read_str(unclosed).remove(0).unwrap_err();
    assert_eq!(err.kind, DhtmlXqErrorKind::UnclosedField);
}

#[test]
fn branches_that_cannot_be_attached_are_dropped_with_a_warning() {
    let text = format!(
        "[DhtmlXQ]{}{}{}{}{}{}[/DhtmlXQ]",
        field("movelist", &digits("h2e2 h9g7")),
        field("move_5_3_6", &digits("h0g2")),
        field("move_0_2_1", &digits("h9h0")),
        field("move_1_3_2", &digits("h0g2")),
        field("move_0_2_3", "12"),
        field("comment9", "nowhere")
    );
    let game = read_one(&text);
    assert_eq!(lines(&game), ["h2e2 h9g7"]);
    let warnings: Vec<_> = game.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(warnings.len(), 5, "{warnings:?}");
    assert!(warnings.iter().any(|w| w.contains("move_0_2_1") && w.contains("illegal")), "{warnings:?}");
    assert!(warnings.iter().any(|w| w.contains("move_5_3_6") && w.contains("branch 5 has no ply 2")), "{warnings:?}");
    assert!(warnings.iter().any(|w| w.contains("move_1_3_2")), "{warnings:?}");
    assert!(warnings.iter().any(|w| w.contains("move_0_2_3") && w.contains("malformed")), "{warnings:?}");
    assert!(warnings.iter().any(|w| w.contains("comment9")), "{warnings:?}");
}

#[test]
fn escapes_in_comments_and_tags() {
    let text = format!(
        "[DhtmlXQ]{}{}{}{}{}[/DhtmlXQ]",
        field("event", "\\u7B2C\\u4E00\\u5C4A"),
        field("refer", "http%3A//www.dpxq.com/%0D%0A"),
        field("group", "50% off"),
        field("movelist", &digits("h2e2")),
        field("comment1", "line one||line two")
    );
    let game = read_one(&text);
    assert_eq!(game.tags.get("Event"), Some("第一届"));
    assert_eq!(game.tags.get("DhtmlXQ_refer"), Some("http://www.dpxq.com/\r\n"));
    assert_eq!(game.tags.get("DhtmlXQ_group"), Some("50% off"));
    assert_eq!(comment_at(&game, "h2e2").as_deref(), Some("line one\nline two"));
    let mut game = game;
    game.tags.set("DhtmlXQ_refer", "http://www.dpxq.com/");
    round_trip(&game);
}

#[test]
fn information_fields_and_results() {
    let text = format!(
        "[DhtmlXQHTML]{}{}{}{}{}{}{}{}{}[/DhtmlXQHTML]",
        field("redname", "孟辰"),
        field("red", "成都 孟辰"),
        field("blackname", "王天一"),
        field("black", ""),
        field("place", "上海"),
        field("open", "中炮对左三步虎"),
        field("length", "1"),
        field("result", "和棋"),
        field("movelist", &digits("h2e2"))
    );
    let game = read_one(&text);
    let tags: Vec<_> = game.tags.iter().collect();
    assert_eq!(
        tags,
        [
            ("DhtmlXQ_redname", "孟辰"),
            ("Red", "成都 孟辰"),
            ("Black", "王天一"),
            ("Site", "上海"),
            ("Opening", "中炮对左三步虎"),
            ("DhtmlXQ_length", "1")
        ]
    );
    assert_eq!(game.result, GameResult::Draw);
    assert!(game.warnings.is_empty());
    round_trip(&game);

    for (text, result) in [("W", GameResult::RedWins), ("L", GameResult::BlackWins), ("红胜", GameResult::RedWins)] {
        let game = read_one(&field("result", text));
        assert_eq!(game.result, result, "{text}");
    }
    let odd = read_one(&field("result", "中断"));
    assert_eq!((odd.result, odd.tags.get("DhtmlXQ_result")), (GameResult::Unknown, Some("中断")));
    round_trip(&odd);

    let wrong_length = read_one(&format!("{}{}", field("length", "3"), field("movelist", &digits("h2e2"))));
    assert_eq!(wrong_length.warnings.len(), 1);
}

#[test]
fn hand_made_trees_survive_writing_and_reading() {
    let mut record = GameRecord::new(Position::default());
    let tree = &mut record.tree;
    let root = tree.root();
    tree.set_comment(root, "start [with] brackets | bars \\ and 100%");
    let a = tree.add_move(root, "h2e2".parse().unwrap()).unwrap();
    let b = tree.add_move(a, "h9g7".parse().unwrap()).unwrap();
    let c = tree.add_move(b, "h0g2".parse().unwrap()).unwrap();
    tree.add_move(c, "i9h9".parse().unwrap()).unwrap();
    let b2 = tree.add_move(a, "b9c7".parse().unwrap()).unwrap();
    tree.set_comment(b2, "two\nlines");
    let c2 = tree.add_move(b2, "b0c2".parse().unwrap()).unwrap();
    tree.add_move(b2, "g3g4".parse().unwrap()).unwrap();
    tree.add_move(c2, "a9b9".parse().unwrap()).unwrap();
    let d2 = tree.add_move(c2, "c6c5".parse().unwrap()).unwrap();
    tree.set_comment(d2, "deep");
    tree.add_move(root, "b2e2".parse().unwrap()).unwrap();
    let e = tree.add_move(root, "c3c4".parse().unwrap()).unwrap();
    tree.add_move(e, "c6c5".parse().unwrap()).unwrap();
    record.tags.set("Red", "红方");
    record.tags.set("Event", "x");
    record.result = GameResult::RedWins;
    round_trip(&record);

    let start = Position::from_fen("3k5/9/4P4/9/9/9/9/9/9/4K4 b - - 3 20").unwrap();
    let mut black_first = GameRecord::new(start);
    let root = black_first.tree.root();
    black_first.tree.add_move(root, "d9d8".parse().unwrap()).unwrap();
    round_trip(&black_first);
    round_trip(&GameRecord::new(Position::from_fen("3k5/9/4P4/9/9/9/9/9/9/4K4 b - - 0 1").unwrap()));
}

/// A random legal line from a position, stopping early when the game is over.
fn random_line(pos: &Position, len: usize, seed: &mut u64) -> Vec<Move> {
    let mut pos = pos.clone();
    let mut moves = Vec::new();
    for _ in 0..len {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let m = legal[(*seed >> 33) as usize % legal.len()];
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

#[test]
fn a_big_page_reads_fast() {
    let mut seed = 7;
    let mut record = GameRecord::new(Position::default());
    let main = random_line(&Position::default(), 120, &mut seed);
    let mut node = record.tree.root();
    let mut main_nodes = vec![node];
    for &m in &main {
        node = record.tree.add_move(node, m).unwrap();
        main_nodes.push(node);
    }
    let mut branch_nodes = Vec::new();
    for i in 0..1500 {
        // Half of the branches leave the main line, half leave an earlier branch.
        let from = if i % 2 == 0 || branch_nodes.is_empty() {
            main_nodes[(i * 7) % main_nodes.len()]
        } else {
            branch_nodes[(i * 13) % branch_nodes.len()]
        };
        let pos = record.tree.position_at(from);
        let mut node = from;
        for m in random_line(&pos, 80, &mut seed) {
            node = record.tree.add_move(node, m).unwrap();
            branch_nodes.push(node);
        }
    }
    let text = dhtmlxq::write(&record);
    assert!(text.len() > 500_000, "{} bytes", text.len());

    let started = Instant::now();
    let again = read_one(&text);
    let elapsed = started.elapsed();
    assert!(elapsed < Duration::from_secs(2), "{elapsed:?} for {} bytes", text.len());
    assert_eq!(again.tree.move_count(), record.tree.move_count());
    assert_eq!(again.tree.lines(), record.tree.lines());

    // The same branches listed in reverse order: each waits for the one after it.
    let mut fields: Vec<&str> = text.lines().collect();
    let first_branch = fields.iter().position(|l| l.starts_with("[DhtmlXQ_move_")).unwrap();
    let last_branch = fields.iter().rposition(|l| l.starts_with("[DhtmlXQ_move_")).unwrap();
    fields[first_branch..=last_branch].reverse();
    let reversed = fields.join("\n");
    let started = Instant::now();
    let again = read_one(&reversed);
    let elapsed = started.elapsed();
    assert!(elapsed < Duration::from_secs(2), "{elapsed:?}");
    assert!(again.warnings.is_empty());
    assert_eq!(again.tree.move_count(), record.tree.move_count());
}

#[test]
fn a_long_chain_of_branches_in_reverse_order() {
    // Branch b continues branch b - 1 by one move; listed last to first, each waits for its parent.
    let shuffle = ["a0a1", "a9a8", "a1a0", "a8a9"];
    let count = 4000;
    let mut text = String::from("[DhtmlXQ]");
    for b in (1..=count).rev() {
        let ply = b + 1;
        text.push_str(&field(&format!("move_{}_{ply}_{b}", b - 1), &digits(shuffle[(ply - 1) % 4])));
    }
    text.push_str(&field("movelist", &digits("a0a1")));
    text.push_str("[/DhtmlXQ]");
    let started = Instant::now();
    let game = read_one(&text);
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    assert!(game.warnings.is_empty(), "{:?}", &game.warnings[..1]);
    assert_eq!(game.tree.main_line_len(), count + 1);
}

/// A file made for these tests in `tests/data/dhtmlxq` (see its SOURCE.txt).
fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/dhtmlxq").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// A text in UTF-16 with its byte-order mark.
fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
    let units = text.encode_utf16();
    match big_endian {
        true => [0xFE, 0xFF].into_iter().chain(units.flat_map(u16::to_be_bytes)).collect(),
        false => [0xFF, 0xFE].into_iter().chain(units.flat_map(u16::to_le_bytes)).collect(),
    }
}

/// Where a text first is in UTF-16 bytes with a byte-order mark: the offset of its first code unit.
fn utf16_offset(bytes: &[u8], text: &str, big_endian: bool) -> u64 {
    let needle = utf16(text, big_endian);
    let needle = &needle[2..];
    (2..bytes.len()).step_by(2).find(|&at| bytes[at..].starts_with(needle)).expect("in the bytes") as u64
}

#[test]
fn utf16_pages_are_detected_and_read() {
    for (name, red) in [("e08_utf16le_plain.txt", "胡榮華"), ("e07_utf16be.txt", "胡榮華"), ("e05_utf16.txt", "胡荣华")]
    {
        let bytes = fixture(name);
        assert!(dhtmlxq::contains_dhtmlxq(&bytes), "{name}");
        assert_eq!(record::detect_format(&bytes, Some("txt")), Format::DhtmlXq, "{name}");
        let (format, games) = record::read_bytes(&bytes, Some("txt"));
        assert_eq!(format, Format::DhtmlXq, "{name}");
        assert_eq!(games.len(), 1, "{name}");
        let game = games[0].as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(lines(game), ["h2e2"], "{name}");
        assert_eq!(game.tags.get("Red"), Some(red), "{name}");
        assert!(comment_at(game, "h2e2").is_some_and(|c| c.starts_with("中炮")), "{name}");
        assert!(game.warnings.is_empty(), "{name}: {:?}", game.warnings);
        let from_reader = record::Records::from_reader(std::io::Cursor::new(bytes.clone()), None, None, None)
            .expect("reads")
            .next()
            .expect("a game")
            .expect("read");
        assert_eq!(&from_reader, game, "{name}");
    }
}

#[test]
fn utf16_offsets_count_the_bytes_of_the_file() {
    for big_endian in [false, true] {
        let page = format!(
            "<p>胡荣华</p>\n[DhtmlXQ]{}\n{}\n{}[/DhtmlXQ]",
            field("movelist", &digits("h2e2 h9g7 h0g2")),
            field("move_0_2_1", &digits("b9c7 h0g2 h0g2")),
            field("comment7", "nowhere")
        );
        let bytes = utf16(&page, big_endian);
        let game = dhtmlxq::read_bytes(&bytes, None).remove(0).expect("reads");
        assert_eq!(lines(&game), ["h2e2 h9g7 h0g2", "h2e2 b9c7 h0g2"]);
        let places: Vec<_> = game.warnings.iter().map(|w| (w.ply, w.byte_offset, w.line)).collect();
        let bad_move = utf16_offset(&bytes, "79677967[", big_endian) + 8;
        let comment = utf16_offset(&bytes, "[DhtmlXQ_comment7]", big_endian);
        assert_eq!(places, [(Some(4), Some(bad_move), Some(3)), (Some(7), Some(comment), Some(4))], "{big_endian}");

        let illegal = format!("<p>胡荣华</p>\n[DhtmlXQ]{}[/DhtmlXQ]", field("movelist", &digits("h2e2 h9h0")));
        let bytes = utf16(&illegal, big_endian);
        let err = dhtmlxq::read_bytes(&bytes, None).remove(0).unwrap_err();
        assert_eq!(err.location.token.as_deref(), Some("7079"));
        assert_eq!(err.location.byte_offset, utf16_offset(&bytes, "7079", big_endian));
        assert_eq!(err.location.line, Some(2));
    }
}

#[test]
fn a_branch_keeps_its_moves_before_a_bad_one() {
    // move_0_2_1 of the audit's file: b9c7 b0c2, then b0c2 again (no piece on b0 any more), then h0g2 twice.
    let text = String::from_utf8(fixture("v16_branch_prefix.txt")).expect("UTF-8");
    let game = read_one(&text);
    assert_eq!(lines(&game), ["h2e2 h9g7 h0g2", "h2e2 b9c7 b0c2"]);
    assert_eq!(game.warnings.len(), 1, "{:?}", game.warnings);
    let warning = &game.warnings[0];
    let bad = text.find("19271927").unwrap() + 4;
    assert_eq!((warning.ply, warning.byte_offset, warning.line), (Some(4), Some(bad as u64), Some(1)));
    assert_eq!(
        warning.message, "move_0_2_1: illegal move b0c2 (\"1927\") at ply 4; the branch is kept up to ply 3",
        "{warning}"
    );

    // A malformed move cuts a branch too; the branches and comments that hang on its dropped part are
    // dropped with it, those on its kept part stay.
    let text = format!(
        "[DhtmlXQ]{}{}{}{}{}{}[/DhtmlXQ]",
        field("movelist", &digits("h2e2 h9g7 h0g2")),
        field("move_0_2_1", &format!("{}x9{}", digits("b9c7 b0c2"), digits("a9b9"))),
        field("move_1_4_2", &digits("c6c5")),
        field("move_1_5_3", &digits("a0a1")),
        field("comment1_3", "kept"),
        field("comment1_4", "dropped")
    );
    let game = read_one(&text);
    assert_eq!(lines(&game), ["h2e2 h9g7 h0g2", "h2e2 b9c7 b0c2 c6c5"]);
    assert_eq!(comment_at(&game, "h2e2 b9c7 b0c2").as_deref(), Some("kept"));
    let warnings: Vec<_> = game.warnings.iter().map(|w| (w.ply, w.byte_offset, w.message.as_str())).collect();
    let at = |needle: &str| Some(text.find(needle).unwrap() as u64);
    assert_eq!(
        warnings,
        [
            (Some(4), at("x9"), "move_0_2_1: malformed move \"x900\" at ply 4; the branch is kept up to ply 3"),
            (Some(5), at("[DhtmlXQ_move_1_5_3]"), "move_1_5_3: branch 1 has no ply 4; dropped"),
            (Some(4), at("[DhtmlXQ_comment1_4]"), "comment1_4: no such ply; comment dropped"),
        ]
    );
}

#[test]
fn every_warning_names_its_byte_and_line() {
    // The audit's files: a repeated branch number, a branch cut at its second move, a malformed branch,
    // comments on no ply; branches whose parent does not exist.
    // (message, the text its offset points at, bytes to skip from there)
    for (name, expected) in [
        (
            "v05_bad.txt",
            &[
                ("move_0_3_1: branch number 1 already used; dropped", "[DhtmlXQ_move_0_3_1]", 0),
                ("move_0_3_3: malformed move \"192\" at ply 3; dropped", "[DhtmlXQ_move_0_3_3]", 20),
                ("move_0_3_2: illegal move b9h0 (\"1079\") at ply 4; the branch is kept up to ply 3", "1079", 0),
                ("comment9: no such ply; comment dropped", "[DhtmlXQ_comment9]", 0),
                ("comment4_3: no such ply; comment dropped", "[DhtmlXQ_comment4_3]", 0),
            ][..],
        ),
        (
            "v04_badparent.txt",
            &[
                ("move_1_3_2: branch 1 has no ply 2; dropped", "[DhtmlXQ_move_1_3_2]", 0),
                ("move_1_2_3: branch 1 has no ply 1; dropped", "[DhtmlXQ_move_1_2_3]", 0),
            ][..],
        ),
    ] {
        let text = String::from_utf8(fixture(name)).expect("UTF-8");
        let game = read_one(&text);
        let got: Vec<_> = game.warnings.iter().map(|w| (w.message.as_str(), w.byte_offset, w.line)).collect();
        let expected: Vec<_> = expected
            .iter()
            .map(|&(message, needle, skip)| (message, Some((text.find(needle).unwrap() + skip) as u64), Some(1)))
            .collect();
        assert_eq!(got, expected, "{name}");
    }
    let v05 = read_one(&String::from_utf8(fixture("v05_bad.txt")).unwrap());
    assert_eq!(lines(&v05), ["h2e2 h9g7 h0g2", "h2e2 h9g7 b0c2", "h2e2 b9c7"]);

    // The other warnings: a field given twice, a text field without its closing tag, bad names, a wrong
    // length, a container without its closing tag.
    let text = format!(
        "[DhtmlXQ]\n{}\n{}\n{}\n[DhtmlXQ_event]no end\n{}\n{}\n{}\n",
        field("movelist", &digits("h2e2")),
        field("length", "2"),
        field("movelist", &digits("h0g2")),
        field("move_x", "1"),
        field("comment1_x", "y"),
        field("title", "t")
    );
    let games = dhtmlxq::read_str(&text);
    let game = games[0].as_ref().expect("reads");
    let places: Vec<_> = game.warnings.iter().map(|w| (w.byte_offset.map(|at| at as usize), w.line)).collect();
    let line_of = |needle: &str| {
        let at = text.find(needle).unwrap();
        (Some(at), Some(text[..at].matches('\n').count() as u64 + 1))
    };
    assert_eq!(
        places,
        [
            line_of("[DhtmlXQ_movelist]7967"),
            line_of("[DhtmlXQ_event]"),
            line_of("[DhtmlXQ_move_x]"),
            line_of("[DhtmlXQ_comment1_x]"),
            line_of("[DhtmlXQ_length]"),
            line_of("[DhtmlXQ]"),
        ],
        "{:?}",
        game.warnings
    );

    // Read from GBK bytes, the offsets count the bytes of the file, and the bytes that do not decode are
    // named too.
    let page = format!("<p>胡荣华</p>\n[DhtmlXQ]{}{}[/DhtmlXQ]", field("red", "柳大华"), field("comment5", "x"));
    let (gbk, _) = encoding::encode(&page, TextEncoding::Gbk);
    let mut gbk = gbk.into_owned();
    let game = dhtmlxq::read_bytes(&gbk, None).remove(0).expect("reads");
    let comment = gbk.windows(18).position(|w| w == b"[DhtmlXQ_comment5]").unwrap() as u64;
    assert_eq!(game.warnings.iter().map(|w| (w.byte_offset, w.line)).collect::<Vec<_>>(), [(Some(comment), Some(2))]);
    gbk[3] = 0x81;
    gbk[4] = b'!';
    let game = dhtmlxq::read_bytes(&gbk, Some(TextEncoding::Gbk)).remove(0).expect("reads");
    let replaced = game.warnings.iter().find(|w| w.message.contains("replaced by U+FFFD")).expect("a warning");
    assert_eq!((replaced.byte_offset, replaced.line), (Some(3), Some(1)), "{replaced}");
}

#[test]
fn the_dhjhtmlxq_dialect_with_numbered_fields() {
    // The audit's two files: numbered fields in a DhtmlXQ container, and in a DHJHtmlXQ one.
    let numbered = read_one(&String::from_utf8(fixture("v11_dhj_numbered.txt")).unwrap());
    assert_eq!(lines(&numbered), ["h2e2 h9g7"]);
    assert_eq!(numbered.tags.get("Title"), Some("title"));
    assert_eq!(numbered.tags.get("Red"), Some("胡荣华"));
    assert_eq!(numbered.result, GameResult::RedWins);
    assert!(numbered.warnings.is_empty(), "{:?}", numbered.warnings);
    let bytes = fixture("v10_dhj.txt");
    assert_eq!(record::detect_format(&bytes, Some("txt")), Format::DhtmlXq);
    let dhj = read_one(&String::from_utf8(bytes).unwrap());
    assert_eq!(lines(&dhj), ["h2e2 h9g7"]);
    assert_eq!(dhj.tags.get("Title"), Some("title"));

    // Every field of the mapping; the start player (1 = Black) says who moves in a FEN without a side.
    let dhj_field = |name: &str, value: &str| format!("[DHJHtmlXQ_{name}]{value}[/DHJHtmlXQ_{name}]");
    let info = [
        ("10", "T"),
        ("11", "E"),
        ("13", "2025-01-02"),
        ("14", "S"),
        ("15", "R"),
        ("16", "B1"),
        ("17", "Red team A"),
        ("18", "红"),
        ("21", ""),
        ("22", "黑"),
        ("28", "黑胜"),
        ("29", "10"),
        ("30", "20"),
        ("36", "O"),
        ("37", "V"),
        ("40", "N"),
        ("41", "A"),
        ("33", "1"),
        ("12", "unknown"),
    ];
    let text = [
        "[DHJHtmlXQ]".to_owned(),
        info.iter().map(|(name, value)| dhj_field(name, value)).collect(),
        dhj_field("31", "3k5/9/9/9/9/9/9/9/4R4/4K4"),
        dhj_field("32", "1"),
        dhj_field("34", &digits("d9d8 e1d1")),
        dhj_field("move_0_2_1", &digits("e1e2")),
        dhj_field("game_comment_0", "the start"),
        dhj_field("comment_1", "first"),
        dhj_field("comment_1_2", "in branch 1"),
        "[/DHJHtmlXQ]".to_owned(),
    ]
    .concat();
    let game = read_one(&text);
    assert!(game.warnings.is_empty(), "{:?}", game.warnings);
    assert_eq!(game.start().fen(), "3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1");
    assert_eq!(lines(&game), ["d9d8 e1d1", "d9d8 e1e2"]);
    assert_eq!(comment_at(&game, "").as_deref(), Some("the start"));
    assert_eq!(comment_at(&game, "d9d8").as_deref(), Some("first"));
    assert_eq!(comment_at(&game, "d9d8 e1e2").as_deref(), Some("in branch 1"));
    assert_eq!(game.result, GameResult::BlackWins);
    let tags: Vec<_> = game.tags.iter().collect();
    assert_eq!(
        tags,
        [
            ("Title", "T"),
            ("Event", "E"),
            ("Date", "2025-01-02"),
            ("Site", "S"),
            ("Round", "R"),
            ("DhtmlXQ_table", "B1"),
            ("Red", "Red team A"),
            ("DhtmlXQ_redname", "红"),
            ("Black", "黑"),
            ("DhtmlXQ_redtime", "10"),
            ("DhtmlXQ_blacktime", "20"),
            ("Opening", "O"),
            ("Variation", "V"),
            ("DhtmlXQ_remark", "N"),
            ("DhtmlXQ_author", "A"),
            ("DhtmlXQ_33", "1"),
            ("DhtmlXQ_12", "unknown"),
        ]
    );
    round_trip(&game);

    // The start player against the side of a FEN, a numbered field next to its standard name, and a
    // start player that is neither 0 nor 1.
    let text = format!(
        "[DhtmlXQ]{}{}{}{}{}[/DhtmlXQ]",
        field("31", "3k5/9/9/9/9/9/9/9/4R4/4K4 w"),
        field("32", "1"),
        field("34", &digits("d9d8")),
        field("movelist", &digits("d9d8 e1d1")),
        field("comment_1", "kept")
    );
    let game = read_one(&text);
    assert_eq!(lines(&game), ["d9d8"]);
    assert_eq!(comment_at(&game, "d9d8").as_deref(), Some("kept"));
    let messages: Vec<_> = game.warnings.iter().map(|w| (w.message.as_str(), w.byte_offset)).collect();
    let at = |needle: &str| Some(text.find(needle).unwrap() as u64);
    assert_eq!(
        messages,
        [
            ("the field movelist is given more than once; the first one counts", at("[DhtmlXQ_movelist]")),
            (
                "the fen field 31 gives red to move, the start player field 32 black; the start player counts",
                at("[DhtmlXQ_32]")
            ),
        ]
    );
    let game = read_one(&format!("{}{}", field("32", "B"), field("movelist", &digits("h2e2"))));
    assert_eq!(lines(&game), ["h2e2"]);
    assert_eq!(game.warnings.len(), 1);
    assert!(game.warnings[0].message.contains("neither 0 (Red) nor 1 (Black)"), "{}", game.warnings[0]);

    // A tag that would read back as another field is not written.
    let mut record = GameRecord::new(Position::default());
    record.tags.set("DhtmlXQ_34", "7747");
    record.tags.set("DhtmlXQ_10", "x");
    record.tags.set("DhtmlXQ_comment_1", "y");
    let written = dhtmlxq::write(&record);
    assert!(!written.contains("_34]") && !written.contains("_10]") && !written.contains("comment_1"), "{written}");
}
