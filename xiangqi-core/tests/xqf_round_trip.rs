//! Writing and reading back: every readable file (the shared corpus when present, else the bundled files),
//! written as version 10 and as version 18 and read again, gives the same start position, the same tree
//! (the same nodes in the same order, with the same comments), the same tags and the same result.

#![cfg(feature = "records")]

mod records_support;

use records_support::xqf as xqf_files;

use records_support::name;
use xiangqi_core::record::GameRecord;
use xiangqi_core::xqf::{self, XqfVersion, TAGS};

/// The tree in pre-order: each node's move, ply, comment and number of children.
fn shape(record: &GameRecord) -> Vec<(Option<String>, usize, Option<&str>, usize)> {
    let tree = &record.tree;
    tree.preorder()
        .into_iter()
        .map(|id| (tree.mv(id).map(|m| m.to_string()), tree.ply(id), tree.comment(id), tree.children(id).count()))
        .collect()
}

/// A field that was full and ended in a cut double-byte character reads with a final U+FFFD, which takes
/// four bytes in GB18030 and no longer fits: the writer cuts it off.
fn cut_replacement(got: Option<&str>, had: Option<&str>) -> bool {
    match (got, had) {
        (Some(got), Some(had)) => {
            had.strip_suffix('\u{FFFD}').is_some_and(|rest| rest.trim_end_matches('\u{FFFD}') == got)
        }
        _ => false,
    }
}

fn compare(file: &str, version: XqfVersion, original: &GameRecord) -> Result<(), String> {
    let bytes = xqf::write(original, version);
    let back = xqf::read(&bytes).map_err(|err| format!("{file} as {version:?}: {err}"))?;
    let what = |what: &str| format!("{file} as {version:?}: {what} differs");
    if back.start() != original.start() {
        return Err(what(&format!("start ({} / {})", back.start().fen(), original.start().fen())));
    }
    if back.tree.lines() != original.tree.lines() {
        return Err(what("lines"));
    }
    if shape(&back) != shape(original) {
        return Err(what("tree or comments"));
    }
    for tag in TAGS {
        let (got, had) = (back.tags.get(tag), original.tags.get(tag));
        if got != had && !cut_replacement(got, had) {
            return Err(what(&format!("tag {tag} ({got:?} / {had:?})")));
        }
    }
    if back.tags.len() != original.tags.len() {
        return Err(what("tag count"));
    }
    if back.result != original.result {
        return Err(what("result"));
    }
    if !back.warnings.is_empty() {
        return Err(format!("{file} as {version:?}: warnings {:?}", back.warnings));
    }
    // Written twice, the same bytes.
    if xqf::write(&back, version) != bytes {
        return Err(what("second writing"));
    }
    Ok(())
}

#[test]
fn read_write_read() {
    let files = xqf_files::corpus_or_bundled("read_write_read");
    let (mut readable, mut unreadable, mut nodes) = (0, 0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("readable file");
        let file = name(path);
        let Ok(original) = xqf::read(&bytes) else {
            unreadable += 1;
            continue;
        };
        readable += 1;
        nodes += original.tree.move_count();
        for version in [XqfVersion::V10, XqfVersion::V18] {
            if let Err(message) = compare(&file, version, &original) {
                failures.push(message);
            }
        }
    }
    println!(
        "round trip: {} files, {readable} readable ({nodes} nodes), {unreadable} with an error skipped; \
         {} of {} re-written files identical",
        files.len(),
        2 * readable - failures.len(),
        2 * readable
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn long_tags_are_cut_on_a_character_boundary() {
    let mut record = GameRecord::new(xiangqi_core::Position::default());
    record.tags.set("Red", "一二三四五六七八九"); // 18 bytes in GBK; the field holds 15
    record.tags.set("Date", "2024-01-02 10:00:00 +0800");
    record.tags.set("Opening", "not an XQF field");
    for version in [XqfVersion::V10, XqfVersion::V18] {
        let back = xqf::read(&xqf::write(&record, version)).expect("reads");
        assert_eq!(back.tags.get("Red"), Some("一二三四五六七"));
        assert_eq!(back.tags.get("Date"), Some("2024-01-02 10:0"));
        assert_eq!(back.tags.get("Opening"), None);
    }
}

#[test]
fn black_to_move_and_comments_with_line_breaks() {
    let start = xiangqi_core::Position::from_fen("3k5/9/9/9/9/9/9/9/5r3/4K4 b").expect("legal");
    let mut record = GameRecord::from_moves(start, ["f1f2".parse().expect("ICCS")]).expect("legal");
    let first = record.tree.first_child(record.tree.root()).expect("a move");
    record.tree.set_comment(first, "line one\nline two\r\nthree");
    for version in [XqfVersion::V10, XqfVersion::V18] {
        let bytes = xqf::write(&record, version);
        let back = xqf::read(&bytes).expect("reads");
        assert_eq!(back.start(), record.start());
        let node = back.tree.first_child(back.tree.root()).expect("a move");
        assert_eq!(back.tree.comment(node), Some("line one\nline two\r\nthree"));
    }
}
