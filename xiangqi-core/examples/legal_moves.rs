//! Dumps every position of ICCS games with its legal moves, for differential tests against other
//! engines (see `tests/peers/compare_pyffish.py`).
//!
//! Reads JSON lines `{"id": ..., "moves": ["h2e2", ...]}` on stdin (games from the start position). For
//! every position of a game (before each move and after the last) prints one JSON line
//! `{"id": ..., "ply": N, "fen": "...", "check": bool, "legal": ["a0a1", ...]}` with the legal moves
//! sorted as text. A move that is not legal (or not ICCS) prints
//! `{"id": ..., "ply": N, "error": "..."}` and the rest of that game is skipped. An input line that is
//! not such an object prints `{"line": N, "error": "..."}` (N counts from 1) and is skipped.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use serde_json::Value;
use xiangqi_core::{Move, Position};

/// JSON text of a string.
fn quote(s: &str) -> String {
    Value::String(s.to_owned()).to_string()
}

/// Prints the positions of one game; `Err` only for output errors.
fn dump_game(out: &mut impl Write, id: &Value, moves: &[Value]) -> io::Result<()> {
    let id = id.to_string();
    let mut pos = Position::default();
    for ply in 0..=moves.len() {
        let mut legal: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
        legal.sort_unstable();
        let legal: Vec<String> = legal.iter().map(|m| quote(m)).collect();
        writeln!(
            out,
            "{{\"id\":{id},\"ply\":{ply},\"fen\":{},\"check\":{},\"legal\":[{}]}}",
            quote(&pos.fen()),
            pos.is_check(),
            legal.join(",")
        )?;
        let Some(text) = moves.get(ply) else {
            break;
        };
        let error = match text.as_str().map(str::parse::<Move>) {
            None => format!("move {ply} is not a string: {text}"),
            Some(Err(err)) => err.to_string(),
            Some(Ok(m)) => match pos.play(m) {
                Ok(next) => {
                    pos = next;
                    continue;
                }
                Err(err) => err.to_string(),
            },
        };
        writeln!(out, "{{\"id\":{id},\"ply\":{ply},\"error\":{}}}", quote(&error))?;
        break;
    }
    Ok(())
}

/// The id and the moves of an input line, or the id (`null` if unknown) and what is wrong.
fn parse_game(line: &[u8]) -> Result<(Value, Vec<Value>), (Value, String)> {
    let mut game = match serde_json::from_slice::<Value>(line) {
        Ok(Value::Object(game)) => game,
        Ok(_) => return Err((Value::Null, "expected a JSON object".to_owned())),
        Err(err) => return Err((Value::Null, format!("invalid JSON: {err}"))),
    };
    let id = game.remove("id").unwrap_or(Value::Null);
    match game.remove("moves") {
        Some(Value::Array(moves)) => Ok((id, moves)),
        Some(_) => Err((id, "\"moves\" is not an array".to_owned())),
        None => Err((id, "missing \"moves\"".to_owned())),
    }
}

fn run() -> io::Result<()> {
    let stdin = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    // Lines as bytes: a line that is not UTF-8 is reported like any other bad line.
    for (index, line) in stdin.split(b'\n').enumerate() {
        let line_no = index + 1;
        let line = line?;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let (id, moves) = match parse_game(&line) {
            Ok(game) => game,
            Err((id, problem)) => {
                writeln!(
                    out,
                    "{{\"line\":{line_no},\"id\":{id},\"error\":{}}}",
                    quote(&format!("input line {line_no}: {problem}"))
                )?;
                continue;
            }
        };
        dump_game(&mut out, &id, &moves)?;
    }
    out.flush()
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stops early (`| head`) is not an error worth a message.
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("legal_moves: {err}");
            ExitCode::FAILURE
        }
    }
}
