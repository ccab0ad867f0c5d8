//! Reads game records (PGN, XQF or DhtmlXQ, told from the content) and prints one JSON line per game:
//!
//! ```text
//! {"file": "games.pgn", "index": 0, "start_fen": "...", "moves": ["h2e2", ...], "result": "1-0", "error": null}
//! ```
//!
//! `moves` is the main line in ICCS, every move checked for legality. For a game that could not be read,
//! `error` says where and why, and `start_fen` and `moves` hold what was read before the problem (`null`
//! and `[]` when not even the start position could be read).
//!
//! Usage: `cargo run --release --example replay -- [--summary] FILE...` (exit status 1 if a file cannot be
//! opened). With `--summary`, one line per file instead: format, games read, plies, and each error.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use xiangqi_core::record::{self, GameRecord};

fn main() -> ExitCode {
    let mut files: Vec<String> = std::env::args().skip(1).collect();
    let summary = files.iter().any(|f| f == "--summary");
    files.retain(|f| f != "--summary");
    if files.is_empty() {
        eprintln!("usage: replay [--summary] FILE...");
        return ExitCode::from(2);
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if summary {
        return summarise(&mut out, &files);
    }
    let mut status = ExitCode::SUCCESS;
    for file in &files {
        let result = match record::read_file(file) {
            Ok(games) => games.enumerate().try_for_each(|(index, game)| match game {
                Ok(record) => print_line(&mut out, file, index, Some(&record), None),
                Err(err) => print_line(&mut out, file, index, err.partial(), Some(&err.to_string())),
            }),
            Err(err) => {
                status = ExitCode::FAILURE;
                print_line(&mut out, file, 0, None, Some(&format!("cannot open the file: {err}")))
            }
        };
        if result.is_err() {
            // The reader of our output went away (a closed pipe): stop quietly.
            return status;
        }
    }
    let _ = out.flush();
    status
}

fn print_line(
    out: &mut impl Write,
    file: &str,
    index: usize,
    record: Option<&GameRecord>,
    error: Option<&str>,
) -> io::Result<()> {
    let start_fen = record.map(|r| r.start().fen());
    let moves: Vec<String> = record.map_or_else(Vec::new, |r| r.main_line().map(|m| json(&m.to_string())).collect());
    let result = record.map_or("*", |r| r.result.as_pgn());
    writeln!(
        out,
        "{{\"file\": {}, \"index\": {index}, \"start_fen\": {}, \"moves\": [{}], \"result\": {}, \"error\": {}}}",
        json(file),
        start_fen.as_deref().map_or("null".into(), json),
        moves.join(", "),
        json(result),
        error.map_or("null".into(), json),
    )
}

fn json(text: &str) -> String {
    serde_json::to_string(text).expect("strings serialise")
}

/// One line per file: what was read, and every error.
fn summarise(out: &mut impl Write, files: &[String]) -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    let (mut all_games, mut all_plies, mut all_errors) = (0, 0, 0);
    for file in files {
        let games = match record::read_file(file) {
            Ok(games) => games,
            Err(err) => {
                status = ExitCode::FAILURE;
                let _ = writeln!(out, "{file}: cannot open the file: {err}");
                continue;
            }
        };
        let format = games.format();
        let (mut count, mut plies, mut variations) = (0, 0, 0);
        let mut errors = Vec::new();
        for game in games {
            count += 1;
            match game {
                Ok(record) => {
                    plies += record.tree.main_line_len();
                    variations += record.tree.move_count() - record.tree.main_line_len();
                }
                Err(err) => errors.push(err.to_string()),
            }
        }
        let _ = writeln!(
            out,
            "{file}: {format}, {count} games, {} read ({plies} main-line plies, {variations} moves in variations), {} errors",
            count - errors.len(),
            errors.len()
        );
        for err in &errors {
            let _ = writeln!(out, "    {err}");
        }
        all_games += count;
        all_plies += plies;
        all_errors += errors.len();
    }
    let _ = writeln!(out, "total: {all_games} games, {all_plies} main-line plies, {all_errors} errors");
    status
}
