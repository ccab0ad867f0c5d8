//! Converts move lists between notations, one JSON object per line:
//!
//! ```text
//! convert --to iccs|wxf|chinese [--traditional] < IN.jsonl
//! ```
//!
//! Each input line is `{"fen": FEN, "moves": [move texts]}`: the moves in any mix of ICCS, WXF and
//! Chinese notation, played in order from the FEN (the start position if `fen` is left out or null).
//! Each output line is `{"moves": [the same moves in the target notation], "error": null}`; on the first
//! move that cannot be read (or a bad line or FEN) `error` says why, naming the move's index and text,
//! and `moves` holds the moves converted before it. `--traditional` writes Chinese in traditional
//! characters. Only a bad command line or an I/O error stops the program.

use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

use serde_json::Value;
use xiangqi_core::chinese::{self, ChineseStyle};
use xiangqi_core::{notation, Move, Notation, Position};

/// The target notation and style.
#[derive(Copy, Clone)]
enum Target {
    Iccs,
    Wxf,
    Chinese(ChineseStyle),
}

impl Target {
    fn write(self, pos: &Position, m: Move) -> String {
        match self {
            Target::Iccs => notation::write(pos, m, Notation::Iccs),
            Target::Wxf => notation::write(pos, m, Notation::Wxf),
            Target::Chinese(style) => chinese::write_with(pos, m, style),
        }
    }
}

fn parse_args(args: &[String]) -> Result<Target, String> {
    let mut to = None;
    let mut traditional = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--to" => to = Some(args.next().ok_or("--to needs a notation: iccs, wxf or chinese")?.as_str()),
            "--traditional" => traditional = true,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    let style = if traditional { ChineseStyle::TRADITIONAL } else { ChineseStyle::SIMPLIFIED };
    match to {
        Some("iccs") => Ok(Target::Iccs),
        Some("wxf") => Ok(Target::Wxf),
        Some("chinese") => Ok(Target::Chinese(style)),
        Some(other) => Err(format!("unknown notation {other:?} (expected iccs, wxf or chinese)")),
        None => Err("--to is required".to_owned()),
    }
}

/// Converts one input line: the moves converted, and the error that stopped the conversion, if any.
fn convert_line(line: &str, target: Target) -> (Vec<String>, Option<String>) {
    let mut converted = Vec::new();
    let request: Value = match serde_json::from_str(line) {
        Ok(value @ Value::Object(_)) => value,
        Ok(_) => return (converted, Some("the line is not a JSON object".to_owned())),
        Err(err) => return (converted, Some(format!("the line is not JSON: {err}"))),
    };
    let mut pos = match &request["fen"] {
        Value::Null => Position::default(),
        Value::String(fen) => match Position::from_fen(fen) {
            Ok(pos) => pos,
            Err(err) => return (converted, Some(format!("bad FEN {fen:?}: {err}"))),
        },
        other => return (converted, Some(format!("\"fen\" is not a string: {other}"))),
    };
    let Some(moves) = request["moves"].as_array() else {
        return (converted, Some("\"moves\" is missing or not an array".to_owned()));
    };
    for (index, text) in moves.iter().enumerate() {
        let Some(text) = text.as_str() else {
            return (converted, Some(format!("moves[{index}] is not a string: {text}")));
        };
        let m = match notation::parse(&pos, text) {
            Ok(m) => m,
            Err(err) => return (converted, Some(format!("moves[{index}]: {err}"))),
        };
        converted.push(target.write(&pos, m));
        pos.play_unchecked(m);
    }
    (converted, None)
}

fn run(target: Target) -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        let (moves, error) = match std::str::from_utf8(&bytes) {
            Ok(line) => convert_line(line.trim_end_matches(['\n', '\r']), target),
            Err(err) => (Vec::new(), Some(format!("the line is not UTF-8: {err}"))),
        };
        let moves = serde_json::to_string(&moves).expect("strings serialise");
        let error = serde_json::to_string(&error).expect("strings serialise");
        writeln!(out, "{{\"moves\":{moves},\"error\":{error}}}")?;
    }
    out.flush()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let target = match parse_args(&args) {
        Ok(target) => target,
        Err(why) => {
            eprintln!("convert: {why}\nusage: convert --to iccs|wxf|chinese [--traditional] < IN.jsonl");
            return ExitCode::from(2);
        }
    };
    match run(target) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("convert: {err}");
            ExitCode::FAILURE
        }
    }
}
