//! FEN reading and position validation: the labelled cases of `fen_validity.json` and
//! `terminal_positions.json` (from `../shared/data/fen/` when present, else the bundled
//! `tests/data/fen/`), then hand-made cases for every validation kind and every FEN syntax error.

use std::path::{Path, PathBuf};

use serde_json::Value;
use xiangqi_core::fen::{Fen, FenError, FenField, ParseFenError};
use xiangqi_core::{
    Color, Move, Piece, Position, PositionError, PositionErrorKinds, Role, Setup, Square, SquareSet, Termination,
};

// ---------------------------------------------------------------------------------------------
// Helpers

fn data_file(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let shared = root.join("../shared/data/fen").join(name);
    let path = if shared.is_file() { shared } else { root.join("tests/data/fen").join(name) };
    println!("{name}: {}", path.display());
    path
}

fn cases(name: &str) -> Vec<Value> {
    let path = data_file(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let value: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
    let cases = value.as_array().unwrap_or_else(|| panic!("{}: expected an array", path.display())).clone();
    assert!(!cases.is_empty(), "{}: no cases", path.display());
    cases
}

fn field<'a>(case: &'a Value, name: &str) -> &'a str {
    case[name].as_str().unwrap_or_else(|| panic!("case without a string {name:?}: {case}"))
}

const ALL_KINDS: [PositionErrorKinds; 9] = [
    PositionErrorKinds::MISSING_GENERAL,
    PositionErrorKinds::TOO_MANY_GENERALS,
    PositionErrorKinds::TOO_MANY_PIECES,
    PositionErrorKinds::GENERAL_OUTSIDE_PALACE,
    PositionErrorKinds::ADVISOR_PLACEMENT,
    PositionErrorKinds::ELEPHANT_PLACEMENT,
    PositionErrorKinds::SOLDIER_PLACEMENT,
    PositionErrorKinds::GENERALS_FACING,
    PositionErrorKinds::OPPONENT_IN_CHECK,
];

fn every_kind() -> PositionErrorKinds {
    ALL_KINDS.iter().fold(PositionErrorKinds::EMPTY, |acc, &k| acc | k)
}

fn setup(fen: &str) -> Setup {
    fen.parse::<Fen>().unwrap_or_else(|e| panic!("{fen}: {e}")).into_setup()
}

/// The error for a FEN that parses but must be rejected with nothing accepted.
fn rule_error(fen: &str) -> PositionError {
    match Position::from_setup(setup(fen), PositionErrorKinds::EMPTY) {
        Ok(pos) => panic!("{fen}: accepted as {pos:?}"),
        Err(e) => {
            assert!(!e.problems().is_empty(), "{fen}: error without problems");
            assert!(!e.to_string().is_empty());
            for p in e.problems() {
                assert!(!p.message.is_empty(), "{fen}: empty message");
                assert_eq!(p.kind.iter().count(), 1, "{fen}: problem with kinds {:?}", p.kind);
            }
            e
        }
    }
}

fn parse_error(fen: &str) -> ParseFenError {
    let err = fen.parse::<Fen>().map(|f| f.into_setup()).expect_err(&format!("{fen:?} parsed"));
    check_parse_error(fen, &err);
    // Position::from_fen reports the same error.
    match Position::from_fen(fen) {
        Err(FenError::Parse(e)) => assert_eq!(e, err),
        other => panic!("{fen:?}: Position::from_fen gave {other:?}"),
    }
    err
}

/// Offset within the input, on a character boundary, pointing at the token; the message names it.
fn check_parse_error(fen: &str, err: &ParseFenError) {
    assert!(err.offset <= fen.len(), "{fen:?}: {err:?}");
    assert!(fen.is_char_boundary(err.offset), "{fen:?}: {err:?}");
    assert!(fen[err.offset..].starts_with(&err.token), "{fen:?}: token {:?} is not at byte {}", err.token, err.offset);
    assert!(!err.reason.is_empty());
    let text = err.to_string();
    assert!(text.contains(&format!("at byte {}", err.offset)), "message {text:?}");
    assert!(text.contains(&err.field.to_string()), "message {text:?}");
}

fn problem_squares(err: &PositionError, kind: PositionErrorKinds) -> Vec<Square> {
    err.problems().iter().filter(|p| p.kind == kind).map(|p| p.square.expect("problem with a square")).collect()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// What the label's reason says about a rule error: `<role> on <square>` or "no kings".
fn rule_from_reason(reason: &str) -> Option<(PositionErrorKinds, Option<Square>)> {
    let lower = reason.to_lowercase();
    if lower.contains("no king") || lower.contains("no general") {
        return Some((PositionErrorKinds::MISSING_GENERAL, None));
    }
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',' || c == ':' || c == ';')
        .filter(|w| !w.is_empty())
        .collect();
    for w in words.windows(3) {
        let kind = match w[0] {
            "pawn" | "soldier" => PositionErrorKinds::SOLDIER_PLACEMENT,
            "advisor" | "guard" => PositionErrorKinds::ADVISOR_PLACEMENT,
            "elephant" | "bishop" => PositionErrorKinds::ELEPHANT_PLACEMENT,
            "king" | "general" => PositionErrorKinds::GENERAL_OUTSIDE_PALACE,
            _ => continue,
        };
        if w[1] == "on" {
            if let Ok(square) = w[2].parse::<Square>() {
                return Some((kind, Some(square)));
            }
        }
    }
    None
}

fn is_syntax_reason(reason: &str) -> bool {
    let lower = reason.to_lowercase();
    ["rank", "letter", "squares", "field"].iter().any(|w| lower.contains(w))
}

// ---------------------------------------------------------------------------------------------
// Labelled cases

#[test]
fn fen_validity_cases() {
    let (mut valid, mut typed, mut syntax, mut lenient) = (0, 0, 0, 0);
    for case in cases("fen_validity.json") {
        let fen = field(&case, "fen");
        let expected = field(&case, "expected");
        let reason = field(&case, "reason");
        match expected {
            "valid" => {
                let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
                let again =
                    Position::from_fen(&pos.fen()).unwrap_or_else(|e| panic!("{fen}: own FEN {}: {e}", pos.fen()));
                assert_eq!(again, pos, "{fen}");
                assert_eq!(again.zobrist_hash(), pos.zobrist_hash(), "{fen}");
                assert_eq!(pos.to_setup(), setup(fen), "{fen}: setup");
                valid += 1;
            }
            "invalid" => {
                if let Some((kind, square)) = rule_from_reason(reason) {
                    let err = rule_error(fen);
                    assert!(err.kinds().contains(kind), "{fen} ({reason}): got {:?}", err.kinds());
                    if let Some(square) = square {
                        assert!(
                            problem_squares(&err, kind).contains(&square),
                            "{fen} ({reason}): problems {:?}",
                            err.problems()
                        );
                    }
                    match Position::from_fen(fen) {
                        Err(FenError::Position(e)) => assert_eq!(e, err),
                        other => panic!("{fen}: Position::from_fen gave {other:?}"),
                    }
                    typed += 1;
                } else if is_syntax_reason(reason) {
                    let err = parse_error(fen);
                    assert_eq!(err.field, FenField::Board, "{fen} ({reason}): {err:?}");
                    // "letter X" or "written as '8'": the token the reason names.
                    let named = reason
                        .split_once("letter ")
                        .map(|(_, rest)| rest.split_whitespace().next().unwrap_or(""))
                        .or_else(|| reason.split('\'').nth(1));
                    if let Some(named) = named.filter(|t| !t.is_empty()) {
                        assert_eq!(err.token, named, "{fen} ({reason}): {err:?}");
                    }
                    syntax += 1;
                } else {
                    // A reason this test cannot interpret: at least it must be rejected.
                    let err = Position::from_fen(fen).expect_err(fen);
                    assert!(!err.to_string().is_empty());
                    println!("invalid case not classified ({reason}): {err}");
                }
            }
            "lenient-valid" => {
                // Our documented choice: strict. Boards with 8 ranks are rejected on the board field.
                let err = parse_error(fen);
                assert_eq!(err.field, FenField::Board, "{fen}: {err:?}");
                lenient += 1;
            }
            other => panic!("{fen}: unknown label {other:?}"),
        }
    }
    println!("{valid} valid, {typed} rule errors, {syntax} syntax errors, {lenient} lenient");
    assert!(valid > 0 && typed > 0 && syntax > 0, "a class of cases is missing");
}

#[test]
fn terminal_positions() {
    let (mut mates, mut stalemates) = (0, 0);
    for case in cases("terminal_positions.json") {
        let fen = field(&case, "fen");
        let claim = field(&case, "claim");
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(pos.legal_moves().is_empty(), "{fen}: {:?}", pos.legal_moves());
        assert_eq!(pos.count_legal_moves(), 0, "{fen}");
        assert!(!pos.has_legal_move(), "{fen}");
        let outcome = pos.outcome().unwrap_or_else(|| panic!("{fen}: no outcome"));
        assert_eq!(outcome.winner, !pos.turn(), "{fen}: the side to move loses");
        if claim.starts_with("checkmate") {
            assert!(pos.is_check(), "{fen}");
            assert!(!pos.checkers().is_empty(), "{fen}");
            assert!(pos.is_checkmate(), "{fen}");
            assert!(!pos.is_stalemate(), "{fen}");
            assert_eq!(outcome.termination, Termination::Checkmate, "{fen}");
            mates += 1;
        } else if claim.starts_with("stalemate") {
            assert!(!pos.is_check(), "{fen}");
            assert!(pos.checkers().is_empty(), "{fen}");
            assert!(pos.is_stalemate(), "{fen}");
            assert!(!pos.is_checkmate(), "{fen}");
            assert_eq!(outcome.termination, Termination::Stalemate, "{fen}");
            stalemates += 1;
        } else {
            panic!("{fen}: unknown claim {claim:?}");
        }
    }
    assert!(mates > 0 && stalemates > 0);
}

// ---------------------------------------------------------------------------------------------
// Validation, kind by kind

#[test]
fn missing_general() {
    let err = rule_error("9/9/9/9/9/9/9/9/9/4K4 w");
    assert_eq!(err.kinds(), PositionErrorKinds::MISSING_GENERAL);
    assert_eq!(err.problems().len(), 1);
    assert!(err.problems()[0].message.contains("black"));
    assert_eq!(err.problems()[0].square, None);

    let err = rule_error("9/9/9/9/9/9/9/9/9/9 w");
    assert_eq!(err.kinds(), PositionErrorKinds::MISSING_GENERAL);
    assert_eq!(err.problems().len(), 2, "one problem per side");
}

#[test]
fn too_many_generals() {
    let err = rule_error("3kk4/9/9/9/9/9/9/9/9/4K4 w");
    assert_eq!(err.kinds(), PositionErrorKinds::TOO_MANY_GENERALS);
}

#[test]
fn too_many_pieces() {
    // Three chariots, six soldiers, three advisors: each role's limit.
    for fen in [
        "3k5/9/9/9/9/9/9/9/RRR6/4K4 w",
        "3k5/9/9/9/PPPPPP3/9/9/9/9/4K4 w",
        "3aka3/4a4/9/9/9/9/9/9/9/4K4 w",
        "3k5/9/9/9/9/9/9/9/NNN6/4K4 w",
        "3k5/9/9/9/9/9/9/9/CCC6/4K4 w",
    ] {
        let err = rule_error(fen);
        assert_eq!(err.kinds(), PositionErrorKinds::TOO_MANY_PIECES, "{fen}");
    }
    // Exactly at the limit is fine.
    Position::from_fen("3k5/9/9/9/PPPPP4/9/9/9/RR7/4K4 w").unwrap();
}

#[test]
fn general_outside_palace() {
    let err = rule_error("3k5/9/9/9/9/9/9/9/9/K8 w");
    assert_eq!(err.kinds(), PositionErrorKinds::GENERAL_OUTSIDE_PALACE);
    assert_eq!(problem_squares(&err, PositionErrorKinds::GENERAL_OUTSIDE_PALACE), [sq("a0")]);
    // The red general in the black palace is outside its own.
    let err = rule_error("3k5/4K4/9/9/9/9/9/9/9/9 w");
    assert_eq!(err.kinds(), PositionErrorKinds::GENERAL_OUTSIDE_PALACE);
    assert_eq!(problem_squares(&err, PositionErrorKinds::GENERAL_OUTSIDE_PALACE), [sq("e8")]);
}

#[test]
fn advisor_placement() {
    let err = rule_error("3k5/9/9/9/9/9/9/9/3A5/4K4 w");
    assert_eq!(err.kinds(), PositionErrorKinds::ADVISOR_PLACEMENT);
    assert_eq!(problem_squares(&err, PositionErrorKinds::ADVISOR_PLACEMENT), [sq("d1")]);
    let err = rule_error("3k5/9/4a4/9/9/9/9/9/9/4K4 w");
    assert_eq!(problem_squares(&err, PositionErrorKinds::ADVISOR_PLACEMENT), [sq("e7")]);
}

#[test]
fn elephant_placement() {
    // A red elephant on c5 stands on a black elephant point, across the river.
    let err = rule_error("3k5/9/9/9/2B6/9/9/9/9/4K4 w");
    assert_eq!(err.kinds(), PositionErrorKinds::ELEPHANT_PLACEMENT);
    assert_eq!(problem_squares(&err, PositionErrorKinds::ELEPHANT_PLACEMENT), [sq("c5")]);
}

#[test]
fn soldier_placement() {
    // Red soldiers on b3 (odd file before the river) and a2 (behind the start rank).
    let err = rule_error("3k5/9/9/9/9/9/1P7/P8/9/4K4 w");
    assert_eq!(err.kinds(), PositionErrorKinds::SOLDIER_PLACEMENT);
    assert_eq!(problem_squares(&err, PositionErrorKinds::SOLDIER_PLACEMENT), [sq("a2"), sq("b3")]);
    // A black soldier on b6.
    let err = rule_error("3k5/9/9/1p7/9/9/9/9/9/4K4 w");
    assert_eq!(problem_squares(&err, PositionErrorKinds::SOLDIER_PLACEMENT), [sq("b6")]);
}

#[test]
fn generals_facing() {
    let err = rule_error("4k4/9/9/9/9/9/9/9/9/4K4 w");
    assert_eq!(err.kinds(), PositionErrorKinds::GENERALS_FACING);
    assert_eq!(err.problems()[0].square, Some(sq("e9")));
    // A piece between them is enough.
    Position::from_fen("4k4/9/9/9/4p4/9/9/9/9/4K4 w").unwrap();
}

#[test]
fn opponent_in_check() {
    let fen = "3k5/9/9/9/9/9/9/9/3R5/4K4 w";
    let err = rule_error(fen);
    assert_eq!(err.kinds(), PositionErrorKinds::OPPONENT_IN_CHECK);
    assert_eq!(problem_squares(&err, PositionErrorKinds::OPPONENT_IN_CHECK), [sq("d1")]);
    // With black to move it is an ordinary check.
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/3R5/4K4 b").unwrap();
    assert!(pos.is_check());
    assert_eq!(pos.checkers().into_iter().collect::<Vec<_>>(), [sq("d1")]);
}

#[test]
fn after_the_general_is_captured() {
    // Accepted with the opponent in check, red takes the black general; a second chariot behind the
    // first then bears on the square where the general stood. Black has no general, so no check and
    // no checkers, and no move: red has won.
    let pos = "3k5/9/9/9/9/9/9/9/3R5/3R1K3 w - - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(PositionErrorKinds::OPPONENT_IN_CHECK)
        .unwrap();
    let next = pos.play(Move::new(sq("d1"), sq("d9"))).unwrap();
    assert!(!next.is_check(), "{next:?}");
    assert!(next.legal_moves().is_empty(), "{next:?}");
    assert_eq!(next.outcome().map(|o| o.winner), Some(Color::Red));
    assert_eq!(next.checkers(), SquareSet::EMPTY, "checkers without a general in {next:?}");
}

#[test]
fn placement_tables_square_by_square() {
    // Each role alone on every square, with the generals on different files (never facing) and the
    // piece's opponent to move (so that a check it gives is no problem): the placement problem appears
    // exactly off the role's points. The horse goes anywhere.
    let red_advisor = ["d0", "f0", "e1", "d2", "f2"];
    let red_elephant = ["c0", "g0", "a2", "e2", "i2", "c4", "g4"];
    let mut rejected = 0;
    for color in Color::ALL {
        for role in [Role::General, Role::Advisor, Role::Elephant, Role::Soldier, Role::Horse] {
            for square in Square::all() {
                // The square as seen from `color`'s side.
                let ours = if color == Color::Red { square } else { square.flip() };
                let name = ours.to_string();
                let allowed = match role {
                    Role::General => (3..=5).contains(&ours.file()) && ours.rank() <= 2,
                    Role::Advisor => red_advisor.contains(&name.as_str()),
                    Role::Elephant => red_elephant.contains(&name.as_str()),
                    Role::Soldier => ours.rank() >= 5 || (ours.rank() >= 3 && ours.file() % 2 == 0),
                    _ => true,
                };
                let kind = match role {
                    Role::General => PositionErrorKinds::GENERAL_OUTSIDE_PALACE,
                    Role::Advisor => PositionErrorKinds::ADVISOR_PLACEMENT,
                    Role::Elephant => PositionErrorKinds::ELEPHANT_PLACEMENT,
                    _ => PositionErrorKinds::SOLDIER_PLACEMENT,
                };
                let mut s = Setup::empty();
                s.turn = !color;
                s.board[square.index()] = Some(Piece::new(color, role));
                let [red_general, black_general] = if role == Role::General {
                    let file = if square.file() == 3 { 5 } else { 3 };
                    let other = Square::from_coords(file, if color == Color::Red { 9 } else { 0 });
                    if color == Color::Red {
                        [square, other.unwrap()]
                    } else {
                        [other.unwrap(), square]
                    }
                } else if square == Square::D0 || square == Square::F9 {
                    [Square::F0, Square::D9]
                } else {
                    [Square::D0, Square::F9]
                };
                s.board[red_general.index()] = Some(Piece::new(Color::Red, Role::General));
                s.board[black_general.index()] = Some(Piece::new(Color::Black, Role::General));
                let found = match Position::from_setup(s.clone(), PositionErrorKinds::EMPTY) {
                    Ok(_) => PositionErrorKinds::EMPTY,
                    Err(e) => e.kinds(),
                };
                let expected = if allowed {
                    PositionErrorKinds::EMPTY
                } else {
                    rejected += 1;
                    kind
                };
                assert_eq!(found, expected, "{color} {role} on {square}: {}", Fen(s));
            }
        }
    }
    // 81 + 85 + 83 + 35 squares per side are off the points.
    assert_eq!(rejected, 2 * (81 + 85 + 83 + 35));
}

// ---------------------------------------------------------------------------------------------
// Several problems, waivers

#[test]
fn every_problem_is_listed() {
    // Advisor d1, elephant c5, soldiers b2 and h2.
    let fen = "3k5/9/9/9/2B6/9/9/1P5P1/3A5/4K4 w";
    let err = rule_error(fen);
    assert_eq!(
        err.kinds(),
        PositionErrorKinds::ADVISOR_PLACEMENT
            | PositionErrorKinds::ELEPHANT_PLACEMENT
            | PositionErrorKinds::SOLDIER_PLACEMENT
    );
    assert_eq!(err.problems().len(), 4, "{:?}", err.problems());
    assert_eq!(problem_squares(&err, PositionErrorKinds::SOLDIER_PLACEMENT), [sq("b2"), sq("h2")]);
    // The message mentions each square.
    let text = err.to_string();
    for s in ["d1", "c5", "b2", "h2"] {
        assert!(text.contains(s), "{text}");
    }

    // Structural and placement problems together.
    let err = rule_error("9/9/9/9/9/9/9/9/3A5/RRR1K4 w");
    assert_eq!(
        err.kinds(),
        PositionErrorKinds::MISSING_GENERAL
            | PositionErrorKinds::TOO_MANY_PIECES
            | PositionErrorKinds::ADVISOR_PLACEMENT
    );
}

#[test]
fn waivable_kinds_are_accepted_on_request() {
    assert_eq!(
        PositionErrorKinds::WAIVABLE,
        PositionErrorKinds::ADVISOR_PLACEMENT
            | PositionErrorKinds::ELEPHANT_PLACEMENT
            | PositionErrorKinds::SOLDIER_PLACEMENT
            | PositionErrorKinds::OPPONENT_IN_CHECK
    );
    let fen = "3k5/9/9/9/2B6/9/9/1P5P1/3A5/4K4 w";
    // Accepting one kind leaves the others.
    let err = Position::from_setup(setup(fen), PositionErrorKinds::ADVISOR_PLACEMENT).unwrap_err();
    assert_eq!(err.kinds(), PositionErrorKinds::ELEPHANT_PLACEMENT | PositionErrorKinds::SOLDIER_PLACEMENT);
    assert_eq!(err.problems().len(), 3);
    let pos = Position::from_setup(setup(fen), PositionErrorKinds::WAIVABLE).unwrap();
    assert_eq!(pos.to_setup(), setup(fen));

    for (fen, kind) in [
        ("3k5/9/9/9/9/9/9/9/3A5/4K4 w", PositionErrorKinds::ADVISOR_PLACEMENT),
        ("3k5/9/9/9/2B6/9/9/9/9/4K4 w", PositionErrorKinds::ELEPHANT_PLACEMENT),
        ("3k5/9/9/9/9/9/1P7/9/9/4K4 w", PositionErrorKinds::SOLDIER_PLACEMENT),
        ("3k5/9/9/9/9/9/9/9/3R5/4K4 w", PositionErrorKinds::OPPONENT_IN_CHECK),
    ] {
        assert_eq!(rule_error(fen).kinds(), kind, "{fen}");
        Position::from_setup(setup(fen), kind).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let other = PositionErrorKinds::WAIVABLE.without(kind);
        let err = Position::from_setup(setup(fen), other).unwrap_err();
        assert_eq!(err.kinds(), kind, "{fen}: accepting the others");
        // Fen::into_position is the same door.
        fen.parse::<Fen>().unwrap().into_position(kind).unwrap();
    }
}

#[test]
fn non_waivable_kinds_are_never_accepted() {
    for (fen, kind) in [
        ("9/9/9/9/9/9/9/9/9/4K4 w", PositionErrorKinds::MISSING_GENERAL),
        ("3kk4/9/9/9/9/9/9/9/9/4K4 w", PositionErrorKinds::TOO_MANY_GENERALS),
        ("3k5/9/9/9/9/9/9/9/RRR6/4K4 w", PositionErrorKinds::TOO_MANY_PIECES),
        ("3k5/9/9/9/9/9/9/9/9/K8 w", PositionErrorKinds::GENERAL_OUTSIDE_PALACE),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", PositionErrorKinds::GENERALS_FACING),
    ] {
        assert!(!PositionErrorKinds::WAIVABLE.contains(kind));
        for accept in [kind, every_kind(), PositionErrorKinds::WAIVABLE] {
            let err = Position::from_setup(setup(fen), accept).expect_err(&format!("{fen} accepted with {accept:?}"));
            assert_eq!(err.kinds(), kind, "{fen}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// FEN syntax that is accepted

const START_BOARD: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

#[test]
fn fen_accepts_horse_and_elephant_letters() {
    let pos = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w").unwrap();
    assert_eq!(pos, Position::default());
    // Written back with the common letters.
    assert!(pos.fen().starts_with(START_BOARD));
}

#[test]
fn fen_side_letters() {
    for (side, turn) in [
        ("w", Color::Red),
        ("r", Color::Red),
        ("W", Color::Red),
        ("R", Color::Red),
        ("b", Color::Black),
        ("B", Color::Black),
    ] {
        let pos = Position::from_fen(&format!("{START_BOARD} {side} - - 0 1")).unwrap();
        assert_eq!(pos.turn(), turn, "{side}");
        let expected = format!("{START_BOARD} {} - - 0 1", turn.fen_char());
        assert_eq!(pos.fen(), expected);
    }
}

#[test]
fn fen_optional_fields() {
    let check = |fen: String, turn: Color, halfmoves: u32, fullmoves: u32| {
        let pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!((pos.turn(), pos.halfmoves(), pos.fullmoves()), (turn, halfmoves, fullmoves), "{fen}");
        assert_eq!(pos.fen(), format!("{START_BOARD} {} - - {halfmoves} {fullmoves}", turn.fen_char()));
    };
    let b = START_BOARD;
    check(b.to_owned(), Color::Red, 0, 1);
    check(format!("{b} b"), Color::Black, 0, 1);
    check(format!("{b} b -"), Color::Black, 0, 1);
    check(format!("{b} b - -"), Color::Black, 0, 1);
    check(format!("{b} b - - 7"), Color::Black, 7, 1);
    check(format!("{b} b - - 7 12"), Color::Black, 7, 12);
    // Without the placeholders, or with one of them.
    check(format!("{b} b 7 12"), Color::Black, 7, 12);
    check(format!("{b} b - 7 12"), Color::Black, 7, 12);
    check(format!("{b} w 3"), Color::Red, 3, 1);
    // Any ASCII whitespace between fields, and around them.
    check(format!("  {b}\tb\t-  -\n5 9  "), Color::Black, 5, 9);
}

// ---------------------------------------------------------------------------------------------
// FEN syntax errors: field and byte offset

fn expect_parse_error(fen: &str, field: FenField, offset: usize, token: &str) {
    let err = parse_error(fen);
    assert_eq!((err.field, err.offset, err.token.as_str()), (field, offset, token), "{fen:?}: {err}");
}

#[test]
fn fen_unknown_letter() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1X/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    // "rnbakabnr/9/1c5c1/" is 18 bytes, then "p1p1p1p1" is 8 more.
    assert_eq!(fen.find('X'), Some(26));
    expect_parse_error(fen, FenField::Board, 26, "X");
    // A multi-byte character: the offset is its first byte.
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB帥R w";
    expect_parse_error(fen, FenField::Board, fen.find('帥').unwrap(), "帥");
    // 0 is no run of empty points.
    expect_parse_error("rnbakabnr/09/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", FenField::Board, 10, "0");
}

#[test]
fn fen_rank_too_long() {
    expect_parse_error("rnbakabnr1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", FenField::Board, 9, "1");
    expect_parse_error("rnbakabnr/9p/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", FenField::Board, 11, "p");
    expect_parse_error("rnbakabnr/46/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", FenField::Board, 11, "6");
}

#[test]
fn fen_rank_too_short() {
    expect_parse_error("rnbakabn/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", FenField::Board, 0, "rnbakabn");
    expect_parse_error("rnbakabnr/9/1c5c/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", FenField::Board, 12, "1c5c");
    // The last rank, and an empty rank.
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1 w";
    expect_parse_error(fen, FenField::Board, fen.find("RNBAKAB1").unwrap(), "RNBAKAB1");
    expect_parse_error("rnbakabnr//1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", FenField::Board, 10, "");
}

#[test]
fn fen_wrong_rank_count() {
    let nine = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    expect_parse_error(&format!("{nine} w"), FenField::Board, 0, nine);
    expect_parse_error(&format!("   {nine} w"), FenField::Board, 3, nine);
    let eleven = format!("{START_BOARD}/9");
    expect_parse_error(&format!("{eleven} w"), FenField::Board, 0, &eleven);
    // Nothing at all.
    expect_parse_error("", FenField::Board, 0, "");
    expect_parse_error("  \t ", FenField::Board, 4, "");
}

#[test]
fn fen_bad_side() {
    let at = START_BOARD.len() + 1;
    for side in ["x", "wb", "-", "0", "é"] {
        expect_parse_error(&format!("{START_BOARD} {side} - - 0 1"), FenField::Turn, at, side);
    }
}

#[test]
fn fen_bad_numbers() {
    let b = START_BOARD;
    let at = b.len() + " w - - ".len();
    for bad in ["x", "-1", "3.5", "4294967296", "1e3"] {
        expect_parse_error(&format!("{b} w - - {bad} 1"), FenField::Halfmoves, at, bad);
        expect_parse_error(&format!("{b} w - - 0 {bad}"), FenField::Fullmoves, at + 2, bad);
    }
    // Without placeholders the numbers sit right after the side.
    expect_parse_error(&format!("{b} w x"), FenField::Halfmoves, b.len() + 3, "x");
}

#[test]
fn fen_trailing_junk() {
    let b = START_BOARD;
    let fen = format!("{b} w - - 0 1 junk");
    expect_parse_error(&fen, FenField::Trailing, fen.find("junk").unwrap(), "junk");
    let fen = format!("{b} w - - 0 1 2");
    expect_parse_error(&fen, FenField::Trailing, fen.len() - 1, "2");
    let fen = format!("{b} w 0 1 -");
    expect_parse_error(&fen, FenField::Trailing, fen.len() - 1, "-");
}
