//! The classification on the worked examples of the ECCO description, on transpositions, short games and
//! bad input, and the embedded table's own consistency.

use super::procedure::{self, Atom, Line, NO_MOVE};
use super::table::{CODES, MOVES, RULES, SCANS};
use super::*;
use crate::{chinese, notation, Position};

/// Plays `text` (moves in any notation the core reads, separated by spaces) from the start.
fn moves(text: &str) -> Vec<Move> {
    let mut pos = Position::default();
    text.split_whitespace()
        .map(|t| {
            let m = notation::parse(&pos, t).unwrap_or_else(|e| panic!("{t}: {e}"));
            pos.play_unchecked(m);
            m
        })
        .collect()
}

fn code_of(text: &str) -> &'static str {
    classify(&Position::default(), moves(text)).unwrap_or_else(|e| panic!("{text}: {e}")).code
}

#[test]
fn example_1_the_chinese_line_and_its_codes() {
    let chinese_line =
        "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9 车二平三 炮9退1 \
                        马八进七 士4进5 炮八平九";
    let line = moves(chinese_line);
    assert_eq!(
        opening_line(&Position::default(), &line).unwrap(),
        "C2.5 N8+7 N2+3 R9.8 R1.2 P7+1 R2+6 N2+3 P7+1 C8.9 R2.3 C9-1 N8+7 A4+5 C8.9"
    );
    let c45 = classify(&Position::default(), &line).unwrap();
    assert_eq!(c45.code, "C45");
    assert_eq!(c45.variation.map(|v| v.simplified), Some("红左边炮对黑退边炮上右士"));
    // Black playing 车1平2 at move 8 leaves C45 (the code asks that black does not).
    let mut with_rook = line.clone();
    let mut pos = Position::default();
    for &m in &line {
        pos.play_unchecked(m);
    }
    with_rook.push(chinese::parse(&pos, "车1平2").unwrap());
    assert_ne!(classify(&Position::default(), &with_rook).unwrap().code, "C45");
}

#[test]
fn example_2_a_transposed_move_order_inside_the_unordered_set() {
    assert_eq!(code_of("C2.5 N8+7 N2+3 R9.8 R1.2 P7+1 R2+6 N2+3 N8+7 P3+1"), "C20");
    assert_eq!(code_of("C2.5 N8+7 N2+3 N2+3 R1.2 R9.8 N8+7 P7+1 R2+6 P3+1"), "C20");
}

#[test]
fn example_3_and_4_mirrored_openings() {
    // 炮八平五 马2进3 马八进七 is read as 炮二平五 马8进7 马二进三.
    let left = moves("炮八平五 马2进3 马八进七");
    assert_eq!(opening_line(&Position::default(), &left).unwrap(), "C2.5 N8+7 N2+3");
    let right = moves("炮二平五 马8进7 马二进三");
    assert_eq!(classify(&Position::default(), &left), classify(&Position::default(), &right));
    // 兵九进一 马2进3 is read as 兵一进一 马8进7.
    assert_eq!(code_of("兵九进一 马2进3"), "A08");
    assert_eq!(code_of("兵一进一 马8进7"), "A08");
    // 相七进五 is 相三进五: both are 飞相局.
    assert_eq!(code_of("相七进五 马2进3"), code_of("相三进五 马8进7"));
}

#[test]
fn example_5_the_cannon_under_the_soldier() {
    assert_eq!(code_of("P3+1 C8.7 C8.5 B7+5 N8+7 P7+1 N2+1 P7+1"), "E31");
}

#[test]
fn the_first_move_decides_the_family() {
    assert_eq!(code_of("B3+5"), "A10");
    assert_eq!(code_of("B3+5 C8.5"), "A27");
    assert_eq!(code_of("N2+3"), "A40");
    assert_eq!(code_of("C2.4"), "A50");
    assert_eq!(code_of("C2.6"), "A60");
    assert_eq!(code_of("A4+5"), "A01");
    assert_eq!(code_of("N2+1"), "A02");
    assert_eq!(code_of("C2.1"), "A03");
    assert_eq!(code_of("C2+2"), "A04");
    assert_eq!(code_of("C2+4"), "A05");
    assert_eq!(code_of("C2.3"), "A06");
    assert_eq!(code_of("C2.7"), "A07");
    assert_eq!(code_of("R1+1"), "A00");
    assert_eq!(code_of("C2.5 C8.5"), "D00");
    assert_eq!(code_of("C2.5 C2.5"), "D50");
    assert_eq!(code_of("C2.5 P3+1"), "B00");
    assert_eq!(code_of("P3+1 P3+1").chars().next(), Some('E'));
}

#[test]
fn games_shorter_than_20_plies_read_empty_plies_as_no_move() {
    // One ply: black's missing reply is in no set, so 炮二平五 alone is 中炮对非常见开局.
    assert_eq!(code_of("C2.5"), "B00");
    // The scans of black's moves 2..10 meet only empty plies after 马8进7.
    let short = code_of("C2.5 N8+7");
    assert_eq!(&short[..1], "B");
    // The 20th ply still counts, the 21st does not.
    let twenty = "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9 车二平三 炮9退1 \
                  马八进七 士4进5 炮八平九 车1平2 车九平八 炮2进4 兵五进一 炮2平3";
    let line = moves(twenty);
    let longer: Vec<Move> = {
        let mut pos = Position::default();
        line.iter().for_each(|&m| pos.play_unchecked(m));
        let extra = pos.legal_moves();
        line.iter().copied().chain(extra.first().copied()).collect()
    };
    assert_eq!(longer.len(), 21);
    assert_eq!(classify(&Position::default(), &line), classify(&Position::default(), &longer));
}

#[test]
fn bad_input_gives_no_code_with_the_reason() {
    let start = Position::default();
    assert_eq!(classify(&start, Vec::<Move>::new()), Err(EccoError::NoMoves));
    let composed = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w").unwrap();
    assert_eq!(classify(&composed, moves("C2.5")), Err(EccoError::SetUpStart));
    // The start position with black to move is a set-up position too.
    let black_first = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b").unwrap();
    assert_eq!(classify(&black_first, Vec::<Move>::new()), Err(EccoError::SetUpStart));
    let illegal: Move = "h2h9".parse().unwrap();
    let err = classify(&start, [moves("C2.5")[0], "h9g7".parse().unwrap(), illegal]).unwrap_err();
    assert_eq!(err, EccoError::IllegalMove { ply: 3, mv: illegal });
    assert_eq!(err.to_string(), "ply 3: h2h9 is not a legal move");
    // A move of the wrong side.
    assert!(matches!(classify(&start, ["h9g7".parse::<Move>().unwrap()]), Err(EccoError::IllegalMove { ply: 1, .. })));
}

#[test]
fn a_game_and_a_record_classify_their_moves() {
    let mut game = Game::default();
    for m in moves("C2.5 N8+7 N2+3 R9.8") {
        game.push(m).unwrap();
    }
    assert_eq!(game.ecco().unwrap(), classify(&Position::default(), game.moves()).unwrap());
    assert_eq!(Game::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w").unwrap().ecco(), Err(EccoError::SetUpStart));
}

#[test]
fn names_and_lookups() {
    assert_eq!(Ecco::all().len(), 260);
    assert!(Ecco::all().zip(Ecco::all().skip(1)).all(|(a, b)| a.code < b.code), "sorted, for from_code");
    for e in Ecco::all() {
        assert_eq!(Ecco::from_code(e.code), Some(e));
        assert_eq!(&e.code[..2], e.group);
        assert_eq!(e.opening.simplified.chars().count(), e.opening.traditional.chars().count());
    }
    let counts: Vec<usize> = "ABCDE".chars().map(|f| Ecco::all().filter(|e| e.family() == f).count()).collect();
    assert_eq!(counts, [53, 39, 85, 39, 44]);
    assert_eq!(Ecco::from_code("A09"), None);
    assert_eq!(Ecco::from_code(""), None);
    let a29 = Ecco::from_code("A29").unwrap();
    assert_eq!((a29.opening.simplified, a29.opening.traditional), ("飞相对右中炮", "飛相對右中炮"));
}

#[test]
fn every_rule_and_scan_refers_to_what_exists() {
    fn check(atom: &Atom, own_scan: Option<u16>) {
        match *atom {
            Atom::Scan { scan, .. } => assert!(usize::from(scan) < SCANS.len()),
            Atom::Flag { scan, flag, .. } => {
                assert!(usize::from(flag) < SCANS[usize::from(scan)].flags.len());
                assert!(own_scan.is_none_or(|own| own == scan), "a guard reads its own scan's flags only");
            }
            Atom::Rel { scan, .. } => assert_eq!(own_scan, Some(scan), "positions are read during their scan"),
            Atom::Not(a) => check(a, own_scan),
            Atom::All(atoms) | Atom::Any(atoms) => atoms.iter().for_each(|a| check(a, own_scan)),
            Atom::Multiset { red, red_moves, black, black_moves } => {
                assert!(red <= 10 && black <= 10);
                assert_eq!((red_moves.0.count_ones(), black_moves.0.count_ones()), (red.into(), black.into()));
            }
            _ => {}
        }
    }
    for rule in RULES.iter() {
        assert!(usize::from(rule.code) < CODES.len());
        rule.when.iter().for_each(|a| check(a, None));
    }
    for (index, scan) in SCANS.iter().enumerate() {
        assert!(scan.flags.len() <= procedure::MAX_FLAGS);
        for entry in scan.entries {
            entry.guard.into_iter().for_each(|g| check(g, Some(index as u16)));
            assert!(entry.set.iter().all(|&(flag, _)| usize::from(flag) < scan.flags.len()));
        }
    }
    assert!(MOVES.windows(2).all(|w| w[0] < w[1]), "sorted, for the id lookup");
    // Every code is reachable by some rule.
    for (index, _) in CODES.iter().enumerate() {
        assert!(RULES.iter().any(|r| usize::from(r.code) == index), "{}", CODES[index].code);
    }
}

/// Lines for the differential tests: random plies, most drawn from the moves real openings play (so
/// that the deep rules are reached), some from every move the rules mention, some empty.
fn random_lines(count: usize) -> Vec<Line> {
    const COMMON: &[&[u8; 4]] = &[
        b"C2.5", b"N8+7", b"N2+3", b"R9.8", b"R1.2", b"P7+1", b"P3+1", b"R2+6", b"C8.9", b"R2.3", b"C9-1", b"A4+5",
        b"B3+5", b"C8.6", b"C8.7", b"N8+9", b"C8+2", b"C8.5", b"R9+1", b"R1+1", b"N7+6", b"N7+8", b"B7+5",
    ];
    let id = |code: &[u8; 4]| MOVES.binary_search(code).map(|i| i as u8).unwrap_or(NO_MOVE);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|_| {
            let mut line = Line([NO_MOVE; 20]);
            let length = if next() % 4 == 0 { (next() % 21) as usize } else { 20 };
            for slot in line.0.iter_mut().take(length) {
                *slot = match next() % 100 {
                    0..=79 => id(COMMON[(next() % COMMON.len() as u64) as usize]),
                    80..=97 => (next() % MOVES.len() as u64) as u8,
                    _ => NO_MOVE,
                };
            }
            line
        })
        .collect()
}

/// `per_line` variants of each line: two plies of one side exchanged, a ply replaced by a random move
/// of the rules, or the line cut short.
fn mutations(lines: &[Line], per_line: usize) -> Vec<Line> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut out = Vec::new();
    for line in lines {
        for _ in 0..per_line {
            let mut copy = *line;
            match next(3) {
                0 => {
                    let (a, b) = (next(10) * 2 + next(2), 0);
                    let b = (b + next(10) * 2) + a % 2;
                    copy.0.swap(a, b);
                }
                1 => copy.0[next(20)] = next(MOVES.len()) as u8,
                _ => copy.0[next(20)..].fill(NO_MOVE),
            }
            out.push(copy);
        }
    }
    out
}

/// Classifies every line both ways and returns how many different rules gave the codes.
fn compare_with_rule_by_rule(lines: impl IntoIterator<Item = Line>) -> usize {
    let mut rules_reached = std::collections::HashSet::new();
    for line in lines {
        let (code, rule) = procedure::classify(&line);
        assert_ne!(rule, 0, "no rule holds for {line:?}");
        let (expected, expected_rule) = procedure::classify_rule_by_rule(&line);
        assert_eq!((code.code, rule), (expected.code, expected_rule), "{line:?}");
        rules_reached.insert(rule);
    }
    rules_reached.len()
}

#[test]
fn the_shortcuts_change_no_result_on_random_lines() {
    let examples =
        ["C2.5 N8+7 N2+3 R9.8 R1.2 P7+1 R2+6 N2+3 P7+1 C8.9 R2.3 C9-1 N8+7 A4+5 C8.9", "P3+1 C8.7 C8.5 B7+5"];
    let lines: Vec<Line> = examples
        .iter()
        .map(|text| line::line(&opening_codes(&Position::default(), moves(text), Legality::Check).unwrap()))
        .collect();
    let reached = compare_with_rule_by_rule(mutations(&lines, 2_000).into_iter().chain(random_lines(10_000)));
    assert!(reached > 80, "only {reached} rules reached");
}

#[cfg(feature = "records")]
#[test]
fn the_shortcuts_change_no_result_on_real_games_and_their_variants() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/ecco/ccpd-tagged-sample.pgn");
    let games = crate::record::read_file(&path).unwrap().flatten();
    let real: Vec<Line> =
        games.map(|r| line::line(&opening_codes(r.start(), r.main_line(), Legality::Known).unwrap())).collect();
    assert!(real.len() > 250);
    let mutated = mutations(&real, 60);
    let reached = compare_with_rule_by_rule(real.into_iter().chain(mutated));
    assert!(reached > 250, "only {reached} rules reached");
}
