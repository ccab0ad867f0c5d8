//! Metamorphic properties of the arbiter on repetition cycles generated from real games
//! (`support/cycles.rs`): mirroring the board, turning it with the colours exchanged, entering the cycle at
//! another ply, and adding a piece that no piece of the cycle can reach leave the classes and the verdict as
//! they were. The sample size is `XQ_CYCLES` (default 10,000).

#[path = "support/cycles.rs"]
mod cycles;
#[path = "support/transform.rs"]
mod transform;

use cycles::{generate, sample_size, Cycle};
use transform::{mirror_fen, mirror_move, swap_colours_fen, swap_colours_move, swap_verdict};
use xiangqi_core::arbiter::ArbiterConfig;
use xiangqi_core::{Color, Game, Piece, Position, Role, Square, SquareSet};

struct Judged {
    classes: Vec<&'static str>,
    verdict: String,
    undecided: bool,
}

fn judge(fen: &str, moves: &[String]) -> Judged {
    let mut game = Game::with_config(Position::from_fen(fen).expect("legal"), ArbiterConfig::default());
    for m in moves {
        game.push(m.parse().expect("ICCS")).unwrap_or_else(|e| panic!("{m} after {fen}: {e}"));
    }
    let classes = (0..game.len()).map(|i| game.classify(i).expect("ply").class.name()).collect();
    let undecided = (0..game.len()).any(|i| game.classify(i).expect("ply").undecided);
    Judged { classes, verdict: game.verdict().summary().to_string(), undecided }
}

/// Squares that a piece of the cycle could touch: every square on the rank or file of a chariot, cannon or
/// general, every square a horse, elephant, advisor or soldier reaches or is blocked on, in any position of
/// the cycle, and the squares around both generals.
fn touched(fen: &str, moves: &[String]) -> SquareSet {
    let mut pos = Position::from_fen(fen).expect("legal");
    let mut set = SquareSet::EMPTY;
    let mut positions = vec![pos.clone()];
    for m in moves {
        pos = pos.play(m.parse().expect("ICCS")).expect("legal");
        positions.push(pos.clone());
    }
    for p in &positions {
        for (sq, piece) in p.pieces() {
            for other in Square::all() {
                let near = (i32::from(other.file()) - i32::from(sq.file()))
                    .abs()
                    .max((i32::from(other.rank()) - i32::from(sq.rank())).abs());
                let line = other.file() == sq.file() || other.rank() == sq.rank();
                let hit = match piece.role {
                    Role::Chariot | Role::Cannon => line,
                    Role::General => line || near <= 3,
                    _ => near <= 2,
                };
                if hit {
                    set |= SquareSet::from_square(other);
                }
            }
        }
    }
    set
}

/// The cycle with an uncrossed soldier added on a square nothing of the cycle can touch, if there is one.
fn with_unreachable_soldier(cycle: &Cycle) -> Option<String> {
    let pos = Position::from_fen(&cycle.fen).expect("legal");
    let touched = touched(&cycle.fen, &cycle.moves);
    for sq in Square::all() {
        if touched.contains(sq) || pos.piece_at(sq).is_some() {
            continue;
        }
        for color in [Color::Red, Color::Black] {
            if !sq.is_on_side_of(color) {
                continue;
            }
            let mut setup = pos.to_setup();
            setup.board[sq.index()] = Some(Piece::new(color, Role::Soldier));
            if let Ok(p) = Position::from_setup(setup, xiangqi_core::PositionErrorKinds::EMPTY) {
                return Some(p.fen());
            }
        }
    }
    None
}

#[test]
fn generated_cycles_are_judged_alike_under_every_transformation() {
    let cycles = generate(sample_size(10_000), 0x5eed_c4c1e);
    assert!(cycles.len() >= sample_size(10_000) * 9 / 10, "only {} cycles generated", cycles.len());
    let mut failures = Vec::new();
    let (mut attacks, mut undecided, mut undecided_pairs, mut extra_pieces) = (0, 0, 0, 0);
    for cycle in &cycles {
        let base = judge(&cycle.fen, &cycle.moves);
        attacks += base.classes.iter().filter(|c| **c != "idle").count();
        undecided += usize::from(base.undecided);
        let mut skipped = 0;
        let mut compare = |name: &str, got: Judged, swapped: bool| {
            // An undecided judgement (a search stopped at its node budget) decides nothing to compare.
            if got.undecided || base.undecided {
                skipped += 1;
                return;
            }
            let verdict = if swapped { swap_verdict(&got.verdict) } else { got.verdict.clone() };
            if got.classes != base.classes || verdict != base.verdict {
                failures.push(format!(
                    "{name} {} {} {:?}: {:?} {verdict:?}, untransformed {:?} {:?}",
                    cycle.origin, cycle.fen, cycle.moves, got.classes, base.classes, base.verdict
                ));
            }
        };
        let mirrored: Vec<String> = cycle.moves.iter().map(|m| mirror_move(m)).collect();
        compare("mirror", judge(&mirror_fen(&cycle.fen), &mirrored), false);
        let swapped: Vec<String> = cycle.moves.iter().map(|m| swap_colours_move(m)).collect();
        compare("swap", judge(&swap_colours_fen(&cycle.fen), &swapped), true);
        if let Some(fen) = with_unreachable_soldier(cycle) {
            extra_pieces += 1;
            compare("extra piece", judge(&fen, &cycle.moves), false);
        }
        // Entering one ply later: the same cycle, its classes rotated by one.
        let mut pos = Position::from_fen(&cycle.fen).expect("legal");
        pos = pos.play(cycle.moves[0].parse().expect("ICCS")).expect("legal");
        let shifted: Vec<String> = (0..8).map(|i| cycle.moves[(i + 1) % 4].clone()).collect();
        let later = judge(&pos.fen(), &shifted);
        let rotated: Vec<&str> = base.classes[1..].iter().copied().chain([base.classes[4]]).collect();
        undecided_pairs += skipped;
        if !later.undecided && !base.undecided && (later.classes != rotated || later.verdict != base.verdict) {
            failures.push(format!(
                "later entry {} {} {:?}: {:?} {:?}, untransformed {:?} {:?}",
                cycle.origin, cycle.fen, cycle.moves, later.classes, later.verdict, base.classes, base.verdict
            ));
        }
    }
    println!(
        "generated cycles: {}, attacking moves {attacks} of {}, undecided cycles {undecided}, comparisons skipped \
         as undecided {undecided_pairs}, cycles with an unreachable extra piece {extra_pieces}, changes {}",
        cycles.len(),
        cycles.len() * 8,
        failures.len()
    );
    // Every property is exercised, not only named (a square no piece of a cycle can touch is rare on a full
    // board, so the extra piece is tried on a few per cent of the cycles).
    assert!(attacks > cycles.len() / 2, "too few attacking moves: {attacks}");
    assert!(extra_pieces * 100 >= cycles.len(), "too few cycles with an extra piece: {extra_pieces}");
    assert!(
        failures.is_empty(),
        "{} changes, the first:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

/// The repetitions that occur in the bundled real games (wukong and CCPD): each one is judged, and how often
/// a node budget leaves one undecided is counted (it must stay rare).
#[test]
fn real_game_repetitions_are_decided() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/data");
    let mut files: Vec<std::path::PathBuf> = cycles::game_files();
    for entry in std::fs::read_dir(root.join("ccpd")).expect("ccpd folder") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|x| x == "pgn") {
            files.push(path);
        }
    }
    let (mut games, mut unreadable, mut repetitions, mut undecided) = (0, 0, 0, 0);
    for file in files {
        for read in xiangqi_core::record::read_file(&file).expect("bundled file") {
            // A record broken at the source is counted, not judged.
            let Ok(record) = read else {
                unreadable += 1;
                continue;
            };
            games += 1;
            let mut game = Game::new(record.start().clone());
            for m in record.main_line() {
                game.push(m).expect("a record's moves are legal");
                if game.occurrences(game.len()).len() == 3 {
                    repetitions += 1;
                    undecided += usize::from(matches!(game.verdict(), xiangqi_core::arbiter::Verdict::Undecided(_)));
                }
            }
        }
    }
    println!(
        "real games: {games} (and {unreadable} records broken at the source), third occurrences judged \
         {repetitions}, undecided {undecided}"
    );
    assert!(unreadable * 100 <= games, "{unreadable} unreadable records");
    assert!(repetitions > 0, "the bundled games hold repetitions");
    assert!(undecided * 100 <= repetitions, "{undecided} of {repetitions} repetitions undecided");
}
