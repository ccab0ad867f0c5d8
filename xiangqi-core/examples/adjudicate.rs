//! Judges repetition cases: `adjudicate [--rules cxa|cxa2020|axf] < CASES.jsonl`; the search bounds can be
//! changed with `--kill-moves N`, `--check-moves N`, `--reply-checks N` and
//! `--capture-plies N`.
//!
//! Reads JSON lines with at least `id`, `fen` and `moves` (ICCS), plays the moves and prints one JSON line
//! per case: `{"id": …, "classes": ["chase", "idle", …], "verdict": "red loses" | "black loses" | "draw" |
//! "continue", "explanation": "…"}`. The verdict is judged after the last move ("X loses" covers a loss and a
//! must-change). A bad line or an illegal move gives `"verdict": "error"` with the reason, and the next case
//! follows. With `--summary`, one readable line per case instead, compared with the case's own expectation
//! when it has one.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use serde_json::{json, Value};
use xiangqi_core::arbiter::{ArbiterConfig, RuleSet, SearchLimits};
use xiangqi_core::{Game, Move};

fn usage() -> ExitCode {
    eprintln!(
        "usage: adjudicate [--rules cxa|cxa2020|axf] [--summary] [--kill-moves N] [--check-moves N] [--reply-checks N] \
         [--capture-plies N] \
         < CASES.jsonl"
    );
    ExitCode::from(2)
}

/// Judges one case; `Err` names what is wrong with it.
fn judge(case: &Value, config: ArbiterConfig) -> Result<Value, String> {
    let fen = case.get("fen").and_then(Value::as_str).ok_or("no \"fen\" string")?;
    let moves = case.get("moves").and_then(Value::as_array).ok_or("no \"moves\" list")?;
    let start = xiangqi_core::Position::from_fen(fen).map_err(|e| format!("bad fen: {e}"))?;
    let mut game = Game::with_config(start, config);
    for (ply, text) in moves.iter().enumerate() {
        let text = text.as_str().ok_or_else(|| format!("ply {}: move is not a string: {text}", ply + 1))?;
        let m: Move = text.parse().map_err(|e| format!("ply {}: {text}: {e}", ply + 1))?;
        game.push(m)
            .map_err(|_| format!("ply {}: {text} is not a legal move in {}", ply + 1, game.position().fen()))?;
    }
    let classes: Vec<&str> = (0..game.len()).map(|i| game.classify(i).expect("in range").class.name()).collect();
    let verdict = game.verdict();
    Ok(json!({
        "id": case.get("id").cloned().unwrap_or(Value::Null),
        "classes": classes,
        "verdict": verdict.summary(),
        "explanation": verdict.explanation(),
    }))
}

fn main() -> ExitCode {
    let mut rules = RuleSet::Cxa;
    let mut limits = SearchLimits::default();
    let mut summary = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rules" => match args.next().map(|name| name.parse::<RuleSet>()) {
                Some(Ok(r)) => rules = r,
                Some(Err(e)) => {
                    eprintln!("adjudicate: {e}");
                    return usage();
                }
                None => return usage(),
            },
            "--summary" => summary = true,
            "--kill-moves" | "--check-moves" | "--reply-checks" | "--capture-plies" => {
                match args.next().map(|n| n.parse::<u8>()) {
                    Some(Ok(n)) => match arg.as_str() {
                        "--kill-moves" => limits.kill_moves = n,
                        "--check-moves" => limits.check_moves = n,
                        "--reply-checks" => limits.reply_checks = n,
                        _ => limits.capture_plies = n,
                    },
                    _ => return usage(),
                }
            }
            _ => return usage(),
        }
    }
    let config = ArbiterConfig { limits, ..ArbiterConfig::with_rules(rules) };
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for (n, line) in stdin.lock().lines().enumerate() {
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                eprintln!("adjudicate: reading input: {e}");
                return ExitCode::FAILURE;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let result = match serde_json::from_str::<Value>(&line) {
            Ok(case) => judge(&case, config.clone()).unwrap_or_else(|error| {
                json!({"id": case.get("id").cloned().unwrap_or(Value::Null), "classes": [], "verdict": "error",
                       "explanation": error})
            }),
            Err(e) => json!({"id": Value::Null, "classes": [], "verdict": "error",
                             "explanation": format!("line {}: not JSON: {e}", n + 1)}),
        };
        let printed = if summary {
            let expected = serde_json::from_str::<Value>(&line).ok().and_then(|case| {
                let key = if rules == RuleSet::Cxa { "seed_verdict" } else { "expected_verdict" };
                case.get(key).and_then(Value::as_str).map(str::to_owned)
            });
            let classes: Vec<&str> =
                result["classes"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
            let verdict = result["verdict"].as_str().unwrap_or("error");
            let agreement = match expected {
                Some(e) if e == verdict => " (as expected)".to_string(),
                Some(e) => format!(" (expected: {e})"),
                None => String::new(),
            };
            writeln!(
                out,
                "{:<22} {:<12} {}{agreement}",
                result["id"].as_str().unwrap_or("?"),
                verdict,
                classes.join(" ")
            )
        } else {
            // The fields in the documented order.
            writeln!(
                out,
                "{{\"id\":{},\"classes\":{},\"verdict\":{},\"explanation\":{}}}",
                result["id"], result["classes"], result["verdict"], result["explanation"]
            )
        };
        if printed.is_err() {
            return ExitCode::FAILURE;
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
