//! The 24 move translation cases of Xiangqi-Core (bundled in `tests/data/notation/`): whole games in one
//! notation (WXF-style "English" with lower case for black, ICCS, traditional or simplified Chinese) and
//! their exact translation into another. Every move is read in its own notation and by the detecting
//! reader, and written in the target notation.

use std::path::Path;

use serde_json::Value;
use xiangqi_core::chinese::{self, ChineseStyle};
use xiangqi_core::wxf::{self, WxfStyle};
use xiangqi_core::{notation, Move, Notation, Position};

/// The notation a case's notation name stands for.
fn notation_of(name: &str) -> Notation {
    match name {
        "English" => Notation::Wxf,
        "UCCI" => Notation::Iccs,
        "TraditionalChinese" | "SimplifiedChinese" => Notation::Chinese,
        other => panic!("unknown notation name {other:?}"),
    }
}

/// Writes `m` as the case's target notation is written.
fn write_as(name: &str, pos: &Position, m: Move) -> String {
    match name {
        "English" => wxf::write_with(pos, m, WxfStyle { black_lower_case: true, ..WxfStyle::DEFAULT }),
        "UCCI" => m.to_string(),
        "TraditionalChinese" => chinese::write_with(pos, m, ChineseStyle::TRADITIONAL),
        "SimplifiedChinese" => chinese::write_with(pos, m, ChineseStyle::SIMPLIFIED),
        other => panic!("unknown notation name {other:?}"),
    }
}

/// The move tokens of a case's game text: move numbers (`12`, `12.`) dropped.
fn move_tokens(text: &str) -> Vec<&str> {
    text.split_whitespace().filter(|t| !t.trim_end_matches('.').chars().all(|c| c.is_ascii_digit())).collect()
}

/// Translates one case, or says where it went wrong.
fn translate(case: &Value) -> Result<(), String> {
    let field = |name: &str| case[name].as_str().ok_or_else(|| format!("case without {name:?}"));
    let (from_name, to_name) = (field("from_notation")?, field("to_notation")?);
    let source = move_tokens(field("from")?);
    let expected = move_tokens(field("to")?);
    if source.len() != expected.len() {
        return Err(format!("{} moves given, {} expected", source.len(), expected.len()));
    }
    let mut pos = Position::default();
    for (ply, (text, want)) in source.iter().zip(&expected).enumerate() {
        let m = notation::parse_as(&pos, text, notation_of(from_name)).map_err(|e| format!("ply {}: {e}", ply + 1))?;
        let detected = notation::parse(&pos, text).map_err(|e| format!("ply {}: detected reading: {e}", ply + 1))?;
        if detected != m {
            return Err(format!("ply {}: {text:?} detected as {detected}, read as {m}", ply + 1));
        }
        let written = write_as(to_name, &pos, m);
        if written != *want {
            return Err(format!("ply {}: {text:?} ({m}) written {written:?}, expected {want:?}", ply + 1));
        }
        pos = pos.play(m).map_err(|e| format!("ply {}: {e}", ply + 1))?;
    }
    Ok(())
}

#[test]
fn move_translator_cases() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/notation/move_translator_cases.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let cases: Vec<Value> = serde_json::from_str(&text).expect("the cases file is a JSON array");
    assert_eq!(cases.len(), 24, "{}: expected the 24 cases", path.display());
    let mut failures = Vec::new();
    let mut moves = 0;
    for (i, case) in cases.iter().enumerate() {
        match translate(case) {
            Ok(()) => moves += move_tokens(case["from"].as_str().unwrap_or_default()).len(),
            Err(why) => {
                failures.push(format!("case {i} ({} -> {}): {why}", case["from_notation"], case["to_notation"]))
            }
        }
    }
    println!("{} of {} translation cases exact ({moves} moves)", cases.len() - failures.len(), cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_case_reader_sees_every_move() {
    assert_eq!(move_tokens("1 C2=5 n8+7\n2 N2+3 r9=8"), ["C2=5", "n8+7", "N2+3", "r9=8"]);
    assert_eq!(move_tokens("12. 15+1 炮二平五"), ["15+1", "炮二平五"]);
}
