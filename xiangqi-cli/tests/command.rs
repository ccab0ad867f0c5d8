//! The `xiangqi` binary run as a user runs it, on the bundled records and on bad input made here.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn xiangqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi")).args(args).output().expect("the binary runs")
}

fn data(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data").join(path).to_string_lossy().into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8")
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn validate_lists_the_broken_records_and_fails() {
    let output = xiangqi(&["validate", "--threads", "2", &data("records"), &data("xqf")]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let lines: Vec<String> = stdout(&output).lines().map(str::to_owned).collect();
    // The bundled records broken at the source: two CCPD games (no red general; a move that ignores a
    // check) and two XQF files with an illegal main-line move.
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[0].contains("ccpd-selected.pgn\t1\terror\t737\t44\t-\t"), "{}", lines[0]);
    assert!(lines[1].contains("ccpd-selected.pgn\t2\terror\t1550\t82\t18\t"), "{}", lines[1]);
    assert!(lines.iter().any(|l| l.contains("BadMoveTest3.xqf\t0\terror\t1106\t-\t10\t")));
    assert!(stderr(&output).contains(" errors, "), "{}", stderr(&output));
}

#[test]
fn validate_passes_sound_records_and_reports_cut_ones() {
    let sound = xiangqi(&["validate", &data("records/bulk_games_uci.pgn")]);
    assert_eq!(sound.status.code(), Some(0), "{}", stdout(&sound));
    assert!(stdout(&sound).is_empty());

    let dir = temp("cut");
    let text = std::fs::read(data("records/bulk_games_uci.pgn")).expect("fixture");
    let cut = dir.join("cut.pgn");
    std::fs::write(&cut, &text[..text.len() / 2]).expect("written");
    std::fs::write(dir.join("empty.pgn"), b"").expect("written");
    let output = xiangqi(&["validate", dir.to_str().expect("path")]);
    std::fs::remove_dir_all(&dir).expect("cleanup");
    assert_eq!(output.status.code(), Some(1));
    let out = stdout(&output);
    assert!(out.lines().any(|l| l.contains("cut.pgn") && l.contains("\ttruncated\t")), "{out}");
    assert!(out.lines().any(|l| l.contains("empty.pgn\t0\terror") && l.contains("no game")), "{out}");
}

#[test]
fn analyse_writes_parquet_and_csv_with_the_fixed_columns() {
    let dir = temp("analyse");
    let games = dir.join("games.parquet");
    let output = xiangqi(&[
        "analyse",
        &data("records/SAMPLE.PGN"),
        &data("xqf/SAMPLE.XQF"),
        "--plies",
        "--threads",
        "2",
        "-o",
        games.to_str().expect("path"),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).contains("2 sources, 2 games"), "{}", stderr(&output));
    let magic = std::fs::read(&games).expect("games written");
    assert!(magic.starts_with(b"PAR1") && magic.ends_with(b"PAR1"));
    assert!(dir.join("games.plies.parquet").exists());

    let csv = dir.join("games.csv");
    let output = xiangqi(&["analyse", &data("xqf/SAMPLE.XQF"), "-o", csv.to_str().expect("path")]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = std::fs::read_to_string(&csv).expect("csv written");
    std::fs::remove_dir_all(&dir).expect("cleanup");
    let header = text.lines().next().expect("a header");
    assert!(header.starts_with("game_id,source,index,format,status,error,"), "{header}");
    assert_eq!(text.lines().count(), 2);
}

#[test]
fn analyse_to_json_lines_on_stdout() {
    let output = xiangqi(&["analyse", &data("records/bulk_games_uci.pgn"), "--games", "1..3"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let rows: Vec<serde_json::Value> =
        stdout(&output).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["index"], 1);
    assert_eq!(rows[0]["status"], "complete");
    assert!(rows[0]["plies"].as_u64().expect("plies") > 10);
}

#[test]
fn bad_arguments_exit_with_status_2() {
    for args in [
        &["analyse", "x.pgn", "--threads", "0"][..],
        &["analyse", "x.pgn", "--games", "5..2"],
        &["analyse", "x.pgn", "--rules", "nope"],
        &["adjudicate", "--fen", "not a fen"],
        &["adjudicate", "h2h8"],
        &["perft", "2", "--fen", "9/9/9"],
        &["frobnicate"],
    ] {
        let output = xiangqi(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        assert!(!stderr(&output).is_empty());
    }
}

#[test]
fn perft_and_divide() {
    assert_eq!(stdout(&xiangqi(&["perft", "3"])).trim(), "79666");
    let divide = stdout(&xiangqi(&["perft", "2", "--divide"]));
    assert_eq!(divide.lines().count(), 45);
    assert_eq!(divide.lines().last(), Some("total 1920"));
}

#[test]
fn adjudicate_a_perpetual_check() {
    // Red checks with the chariot from file to file; black's general steps aside each time.
    let fen = "4k4/9/9/9/9/9/9/9/3R5/5K3 w - - 0 1";
    let moves = ["d1e1", "e9d9", "e1d1", "d9e9", "d1e1", "e9d9", "e1d1", "d9e9", "d1e1"];
    let mut args = vec!["adjudicate", "--json", "--fen", fen];
    args.extend(moves);
    let output = xiangqi(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    let verdict: serde_json::Value = serde_json::from_str(stdout(&output).trim()).expect("JSON");
    assert_eq!(verdict["plies"], 9);
    assert_eq!(verdict["summary"], "red loses", "{verdict}");
    assert_eq!(verdict["classes"][0], "check");
}

#[test]
fn convert_and_show() {
    let output = xiangqi(&["convert", "--moves", "h2e2", "h9g7", "--to", "chinese"]);
    assert_eq!(stdout(&output).trim(), "炮二平五 马８进７");
    let pgn = xiangqi(&["convert", &data("xqf/SAMPLE.XQF"), "--to", "iccs"]);
    assert!(pgn.status.success(), "{}", stderr(&pgn));
    assert!(stdout(&pgn).contains("[Format \"ICCS\"]"), "{}", stdout(&pgn));
    let board = stdout(&xiangqi(&["show", "--color", "never", "h2e2"]));
    assert!(board.contains("0 俥傌相仕帥仕相傌俥"), "{board}");
    assert!(board.contains("2 ・炮・・炮・・・・"), "{board}");
    assert!(board.trim_end().ends_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"));
}

#[test]
fn chessbridge_files_are_validated_analysed_and_converted() {
    // The bundled ChessBridge files are sound: nothing listed.
    let output = xiangqi(&["validate", &data("chessbridge")]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert!(stdout(&output).is_empty());
    // A library: one row per game, format ChessBridge.
    let output = xiangqi(&["analyse", &data("chessbridge/1989年龙化杯象棋名师邀请赛35局.CBL")]);
    assert!(output.status.success(), "{}", stderr(&output));
    let rows: Vec<serde_json::Value> =
        stdout(&output).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(rows.len(), 38);
    assert!(rows.iter().all(|r| r["format"] == "ChessBridge" && r["status"] == "complete"), "{:?}", rows[0]);
    assert!(rows.iter().enumerate().all(|(i, r)| r["index"] == i as u64));
    // A CBR game to PGN, with its comments.
    let pgn = xiangqi(&["convert", &data("chessbridge/test2.cbr"), "--to", "iccs"]);
    assert!(pgn.status.success(), "{}", stderr(&pgn));
    let text = stdout(&pgn);
    assert!(text.contains("{李1} 1. H2-E2 {李2} 1... H7-E7 {李3} *"), "{text}");
    assert!(text.contains("[Title \"Test\"]"), "{text}");
    // A refused layout is listed with its reason.
    let dir = temp("chessbridge");
    let mut bytes = std::fs::read(data("chessbridge/test2.cbr")).expect("fixture");
    bytes[19] = 3;
    std::fs::write(dir.join("newer.cbr"), &bytes).expect("written");
    let output = xiangqi(&["validate", dir.to_str().expect("path")]);
    std::fs::remove_dir_all(&dir).expect("cleanup");
    assert_eq!(output.status.code(), Some(1));
    let out = stdout(&output);
    assert!(out.contains("newer.cbr\t0\terror\t19\t") && out.contains("layout version 3 is not supported"), "{out}");
}

/// Ctrl-C (SIGINT) stops a run: the rows analysed so far are written whole, in order, the files are closed
/// (a Parquet file keeps its footer), and the exit status is 130.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_cleanly_with_what_was_written_intact() {
    let dir = temp("interrupt");
    // 2,516 different games (221,678 plies), a few seconds of classification: copies of the same games would
    // be classified once and then answered from the classification cache, in well under a second.
    let wukong = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/data/wukong");
    let mut input = Vec::new();
    for name in ["Hu_Ronghua_1391_UCI_games.pgn", "Liu_Dahua_1125_UCI_games.pgn"] {
        input.extend_from_slice(&std::fs::read(wukong.join(name)).expect("bundled games"));
        input.extend_from_slice(b"\n\n");
    }
    let big = dir.join("big.pgn");
    std::fs::write(&big, &input).expect("input written");
    for output in ["games.jsonl", "games.parquet"] {
        let out = dir.join(output);
        let child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(["analyse", "--classify", "--threads", "1", "-o"])
            .arg(&out)
            .arg(&big)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the binary runs");
        std::thread::sleep(std::time::Duration::from_millis(1500));
        let sent = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
        assert!(sent.success());
        let result = child.wait_with_output().expect("the run ends");
        let err = stderr(&result);
        assert_eq!(result.status.code(), Some(130), "{err}");
        assert!(err.contains("cancelled"), "{err}");
        let written = std::fs::read(&out).expect("output written");
        if output.ends_with(".parquet") {
            assert!(written.starts_with(b"PAR1") && written.ends_with(b"PAR1"), "a whole Parquet file");
        } else {
            let text = String::from_utf8(written).expect("UTF-8");
            let indices: Vec<u64> = text
                .lines()
                .map(|l| {
                    serde_json::from_str::<serde_json::Value>(l).expect("whole JSON rows")["index"]
                        .as_u64()
                        .expect("an index")
                })
                .collect();
            assert!(indices.iter().enumerate().all(|(i, &index)| index == i as u64), "a prefix, in order");
            let games_in_input = String::from_utf8_lossy(&input).matches("[Event ").count();
            assert!(indices.len() < games_in_input, "stopped early: {} of {games_in_input} rows", indices.len());
        }
    }
    std::fs::remove_dir_all(&dir).expect("cleanup");
}
