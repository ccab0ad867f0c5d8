//! The DhtmlXQ reader never panics: arbitrary strings and bytes, strings made of the format's own
//! pieces, and real pages with characters deleted, inserted or replaced, or cut short. Every error
//! points inside the text, on a character boundary, and so does every warning; every game read holds
//! legal moves only, and writing it gives a text that reads back to the same tree. Texts in UTF-16 too,
//! where offsets count the bytes.
#![cfg(feature = "records")]

mod text_edits;

use proptest::prelude::*;
use text_edits::{edit, mutate, Edit};
use xiangqi_core::dhtmlxq::{self, DhtmlXqError};
use xiangqi_core::encoding;
use xiangqi_core::record::GameRecord;

const PAGES: [&str; 3] = [
    include_str!("../../tests/data/dhtmlxq/116.html"),
    include_str!("../../tests/data/dhtmlxq/130.html"),
    include_str!("../../tests/data/dhtmlxq/44.html"),
];

/// A small tree with branches, nested branches and comments, in the three container kinds.
const TREE: &str = "[DhtmlXQ][DhtmlXQ_title]t[/DhtmlXQ_title][DhtmlXQ_movelist]7747706279678070[/DhtmlXQ_movelist]\
[DhtmlXQ_move_1_3_2]6665[/DhtmlXQ_move_1_3_2][DhtmlXQ_move_0_2_1]102219270010[/DhtmlXQ_move_0_2_1]\
[DhtmlXQ_comment0]a||b[/DhtmlXQ_comment0][DhtmlXQ_comment1_3]\\u7EA2[/DhtmlXQ_comment1_3][/DhtmlXQ]\
[DhtmlXQiFrame][DhtmlXQ_binit]0999999949999999999999999999999999999999309999999999999999999999[/DhtmlXQ_binit]\
[DhtmlXQ_movelist]09083031[/DhtmlXQ_movelist][/DhtmlXQiFrame][DhtmlXQHTML][DhtmlXQ_fen]3k5/9/9/9/9/9/9/9/9/R3K4 b\
[/DhtmlXQ_fen][/DhtmlXQHTML]";

/// Pieces of the format and characters around it.
const ALPHABET: &[&str] = &[
    "[DhtmlXQ]",
    "[/DhtmlXQ]",
    "[DhtmlXQiFrame]",
    "[DhtmlXQHTML]",
    "[DhtmlXQ_",
    "[/DhtmlXQ_",
    "[DHJHtmlXQ]",
    "[/DHJHtmlXQ]",
    "[DHJHtmlXQ_",
    "[/DHJHtmlXQ_",
    "31]",
    "32]",
    "34]",
    "comment_1]",
    "game_comment_0]",
    "movelist]",
    "binit]",
    "fen]",
    "move_0_1_1]",
    "move_0_2_1]",
    "move_1_3_2]",
    "comment0]",
    "comment1_2]",
    "result]",
    "length]",
    "[",
    "]",
    "_",
    "/",
    "0",
    "1",
    "4",
    "7",
    "9",
    "99",
    "7747",
    "||",
    "|",
    "\\u",
    "\\uD83C",
    "%",
    "%3A",
    "%E7",
    " ",
    "\n",
    "红",
    "胜",
    "\u{FFFD}",
    "\u{0}",
    "🀄",
];

fn check_error(text: &str, games: usize, err: &DhtmlXqError) {
    let offset = usize::try_from(err.location.byte_offset).unwrap();
    assert!(offset <= text.len(), "offset {offset} past the end ({}): {err}", text.len());
    assert!(text.is_char_boundary(offset), "offset {offset} inside a character: {err}");
    assert!(err.location.game_index < games.max(1), "{err}");
    assert!(err.location.line.is_some_and(|line| line >= 1), "{err}");
    assert!(!err.to_string().is_empty());
    if let Some(partial) = &err.partial {
        check_game(partial);
        check_warnings(text, partial);
    }
}

/// Every warning names a place inside the text, on a character boundary, and its line.
fn check_warnings(text: &str, game: &GameRecord) {
    for warning in &game.warnings {
        let offset = usize::try_from(warning.byte_offset.unwrap_or_else(|| panic!("no offset: {warning}"))).unwrap();
        assert!(offset <= text.len(), "offset {offset} past the end ({}): {warning}", text.len());
        assert!(text.is_char_boundary(offset), "offset {offset} inside a character: {warning}");
        assert!(warning.line.is_some_and(|line| line >= 1), "{warning}");
    }
}

/// Every move legal where it is played (checked from the start, not trusted from the tree).
fn check_game(game: &GameRecord) {
    let tree = &game.tree;
    for id in tree.preorder().into_iter().skip(1) {
        let parent = tree.parent(id).unwrap();
        let m = tree.mv(id).unwrap();
        assert!(tree.position_at(parent).is_legal(m), "{m} after {:?}", tree.path_to(parent));
    }
}

fn read_and_check(text: &str) {
    let games = dhtmlxq::read_str(text);
    for game in &games {
        match game {
            Ok(game) => {
                check_game(game);
                check_warnings(text, game);
                let written = dhtmlxq::write(game);
                let again = dhtmlxq::read_str(&written).remove(0).unwrap_or_else(|err| panic!("{err}\n{written}"));
                assert_eq!(again.start(), game.start(), "{written}");
                assert_eq!(again.tree.lines(), game.tree.lines(), "{written}");
            }
            Err(err) => check_error(text, games.len(), err),
        }
    }
}

/// Bytes in the detected encoding: offsets count the bytes.
fn read_bytes_and_check(bytes: &[u8]) {
    let games = dhtmlxq::read_bytes(bytes, None);
    for game in &games {
        match game {
            Ok(game) => {
                check_game(game);
                for warning in &game.warnings {
                    let offset = warning.byte_offset.unwrap_or_else(|| panic!("no offset: {warning}"));
                    assert!(offset <= bytes.len() as u64, "past the end ({}): {warning}", bytes.len());
                }
            }
            Err(err) => {
                assert!(err.location.byte_offset <= bytes.len() as u64, "past the end ({}): {err}", bytes.len());
                // The same checks on a text in which every byte is one character.
                let text: String = bytes.iter().map(|&b| if b.is_ascii() { b as char } else { '?' }).collect();
                check_error(&text, games.len(), err);
            }
        }
    }
}

/// A text in UTF-16 with a byte-order mark: what it reads as in UTF-8, with every offset on a code
/// unit, at twice the place of the same offset in UTF-16 code units.
fn read_utf16_and_check(text: &str, big_endian: bool) {
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut bytes = if big_endian { vec![0xFE, 0xFF] } else { vec![0xFF, 0xFE] };
    bytes.extend(units.iter().flat_map(|unit| if big_endian { unit.to_be_bytes() } else { unit.to_le_bytes() }));
    // The byte of a UTF-8 offset of the text: the BOM, then two per code unit before it.
    let in_bytes = |offset: u64| 2 + 2 * text[..offset as usize].encode_utf16().count() as u64;
    let from_bytes = dhtmlxq::read_bytes(&bytes, None);
    let from_text = dhtmlxq::read_str(text);
    assert_eq!(from_bytes.len(), from_text.len());
    for (read, expected) in from_bytes.iter().zip(&from_text) {
        match (read, expected) {
            (Ok(read), Ok(expected)) => {
                assert_eq!(read.tree.lines(), expected.tree.lines());
                let places: Vec<_> = read.warnings.iter().map(|w| (w.byte_offset, w.line)).collect();
                let wanted: Vec<_> = expected.warnings.iter().map(|w| (w.byte_offset.map(in_bytes), w.line)).collect();
                assert_eq!(places, wanted);
            }
            (Err(read), Err(expected)) => {
                assert_eq!(read.kind, expected.kind);
                assert_eq!(read.location.byte_offset, in_bytes(expected.location.byte_offset), "{read}");
                assert_eq!(read.location.line, expected.location.line, "{read}");
            }
            (read, expected) => panic!("{read:?} read from UTF-16, {expected:?} from the text"),
        }
    }
}

fn base_text() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![PAGES[0], PAGES[1], PAGES[2], TREE])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings(text in any::<String>()) {
        read_and_check(&text);
    }

    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        read_bytes_and_check(&bytes);
    }

    #[test]
    fn strings_of_the_format_pieces(parts in prop::collection::vec(prop::sample::select(ALPHABET), 0..40)) {
        read_and_check(&parts.concat());
    }

    #[test]
    fn mutated_pages(base in base_text(), edits in prop::collection::vec(edit(ALPHABET, true), 1..6)) {
        read_and_check(&mutate(base, &edits));
    }

    #[test]
    fn mutated_pages_in_utf16(base in base_text(), edits in prop::collection::vec(edit(ALPHABET, true), 1..4), big_endian in any::<bool>()) {
        read_utf16_and_check(&mutate(base, &edits), big_endian);
    }

    #[test]
    fn mutated_pages_as_bytes(base in base_text(), edits in prop::collection::vec(edit(ALPHABET, true), 1..4), cut in any::<usize>()) {
        let text = mutate(base, &edits);
        let bytes = text.as_bytes();
        let bytes = &bytes[..cut % (bytes.len() + 1)];
        read_bytes_and_check(bytes);
    }
}

#[test]
fn the_base_texts_read() {
    for text in PAGES.iter().chain([&TREE]) {
        for game in dhtmlxq::read_str(text) {
            let game = game.unwrap();
            assert!(game.warnings.is_empty(), "{:?}", game.warnings);
        }
    }
    assert_eq!(dhtmlxq::read_str(TREE).len(), 3);
    assert_eq!(dhtmlxq::read_str(TREE)[0].as_ref().unwrap().tree.lines().len(), 3);
}

#[test]
fn mutation_keeps_characters_whole() {
    assert_eq!(mutate("红胜和", &[Edit::Replace(1, "é"), Edit::Delete(2)]), "红é");
    assert_eq!(mutate("红胜", &[Edit::Truncate(1)]), "红");
}

#[test]
fn offsets_count_the_bytes_of_the_file() {
    let page = "<p>胡荣华对柳大华</p>[DhtmlXQ][DhtmlXQ_red]胡荣华[/DhtmlXQ_red][DhtmlXQ_movelist]77477079[/DhtmlXQ_movelist][/DhtmlXQ]";
    let (gbk, _) = encoding::encode(page, encoding::TextEncoding::Gbk);
    let err = dhtmlxq::read_bytes(&gbk, None).remove(0).unwrap_err();
    assert_eq!(err.location.token.as_deref(), Some("7079"));
    assert_eq!(err.location.byte_offset as usize, gbk.windows(4).position(|w| w == b"7079").unwrap());
    let err = dhtmlxq::read_str(page).remove(0).unwrap_err();
    assert_eq!(err.location.byte_offset as usize, page.find("7079").unwrap());
}
