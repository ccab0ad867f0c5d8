//! Perft against the published table: `../shared/data/perft/perft.tsv` (relative to the workspace root)
//! when present, else the bundled copy `tests/data/perft/perft.tsv`.
//!
//! Rows under 50,000,000 nodes run by default; `cargo test --release -p xiangqi-core --test perft --
//! --ignored` (the Makefile's `perft-all`) runs every row.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use xiangqi_core::fen::Fen;
use xiangqi_core::perft::{divide, perft};
use xiangqi_core::{Move, Position, PositionErrorKinds};

/// Rows with at least this many nodes only run in the ignored test.
const QUICK_LIMIT: u64 = 50_000_000;

struct Row {
    line: usize,
    id: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn table_path() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let shared = root.join("../shared/data/perft/perft.tsv");
    let path = if shared.is_file() { shared } else { root.join("tests/data/perft/perft.tsv") };
    println!("perft table: {}", path.display());
    path
}

/// Reads the table; a malformed row fails the test with its line number.
fn rows() -> Vec<Row> {
    let path = table_path();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut rows = Vec::new();
    let mut header_seen = false;
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        if !header_seen && fields.first() == Some(&"id") {
            assert_eq!(fields, ["id", "fen", "depth", "nodes"], "line {line_no}: unexpected header");
            header_seen = true;
            continue;
        }
        let [id, fen, depth, nodes] = fields[..] else {
            panic!("line {line_no}: expected 4 tab-separated fields, got {}", fields.len());
        };
        rows.push(Row {
            line: line_no,
            id: id.to_owned(),
            fen: fen.to_owned(),
            depth: depth.parse().unwrap_or_else(|e| panic!("line {line_no}: bad depth {depth:?}: {e}")),
            nodes: nodes.parse().unwrap_or_else(|e| panic!("line {line_no}: bad node count {nodes:?}: {e}")),
        });
    }
    assert!(header_seen, "{}: no header row", path.display());
    assert!(!rows.is_empty(), "{}: no rows", path.display());
    rows
}

/// Published perft positions sometimes break placement rules on purpose: accept the waivable kinds.
fn position(row: &Row) -> Position {
    row.fen
        .parse::<Fen>()
        .unwrap_or_else(|e| panic!("line {} ({}): {e}", row.line, row.id))
        .into_position(PositionErrorKinds::WAIVABLE)
        .unwrap_or_else(|e| panic!("line {} ({}): {e}", row.line, row.id))
}

/// Runs the rows and reports every mismatch at once.
fn run(rows: &[&Row]) {
    let mut failures = Vec::new();
    let mut total = 0u64;
    let start = std::time::Instant::now();
    for row in rows {
        let got = perft(&position(row), row.depth);
        total += got;
        if got != row.nodes {
            failures
                .push(format!("{} (line {}) depth {}: expected {}, got {got}", row.id, row.line, row.depth, row.nodes));
        }
    }
    println!("{} rows, {total} nodes in {:.2?}", rows.len(), start.elapsed());
    assert!(failures.is_empty(), "{} of {} perft rows failed:\n{}", failures.len(), rows.len(), failures.join("\n"));
}

#[test]
fn perft_rows_under_50m_nodes() {
    let rows = rows();
    let quick: Vec<&Row> = rows.iter().filter(|r| r.nodes < QUICK_LIMIT).collect();
    assert!(quick.len() >= 10, "only {} quick rows: is the table truncated?", quick.len());
    run(&quick);
}

#[test]
#[ignore = "deep rows take minutes: run with --ignored (make perft-all)"]
fn perft_all_rows() {
    let rows = rows();
    run(&rows.iter().collect::<Vec<_>>());
}

#[test]
fn divide_sums_to_perft_and_lists_the_legal_moves() {
    let rows = rows();
    // A few rows of each kind: the start, a middlegame, endgames, and the two positions that need
    // waivers (the opponent in check, an advisor off its points).
    let wanted =
        [("startpos", 3), ("cpw-2", 2), ("cpw-4", 3), ("cpw-7", 3), ("mce-flying-general", 3), ("mce-horse-check", 4)];
    let mut checked = 0;
    for (id, depth) in wanted {
        let Some(row) = rows.iter().find(|r| r.id == id && r.depth == depth) else {
            println!("no row {id} depth {depth} in the table; skipped");
            continue;
        };
        let pos = position(row);
        let split = divide(&pos, depth);
        let sum: u64 = split.iter().map(|&(_, n)| n).sum();
        assert_eq!(sum, row.nodes, "{id}: divide sum vs table");
        assert_eq!(sum, perft(&pos, depth), "{id}: divide sum vs perft");

        let legal: Vec<Move> = pos.legal_moves().to_vec();
        let divided: Vec<Move> = split.iter().map(|&(m, _)| m).collect();
        assert_eq!(divided.iter().collect::<HashSet<_>>().len(), divided.len(), "{id}: divide repeats a move");
        assert_eq!(
            divided.iter().collect::<HashSet<_>>(),
            legal.iter().collect::<HashSet<_>>(),
            "{id}: divide moves vs legal moves"
        );
        for &(m, n) in &split {
            let child = pos.clone().play(m).expect("divide lists legal moves");
            assert_eq!(n, perft(&child, depth - 1), "{id}: {m}");
        }

        let ones = divide(&pos, 1);
        assert_eq!(ones.len(), pos.count_legal_moves(), "{id}: divide 1");
        assert!(ones.iter().all(|&(_, n)| n == 1), "{id}: divide 1 counts");
        assert_eq!(perft(&pos, 0), 1);
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} divide rows found");
}
