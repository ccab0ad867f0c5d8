//! Arbiter benchmarks: classifying every move of the bundled repetition cases, and judging a repetition at the
//! end of a short and of a long game. Run with `cargo bench -p xiangqi-core --bench arbiter`; the per-position
//! median is printed by `cargo run --release -p xiangqi-core --example classify_timing`.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use xiangqi_core::arbiter::{classify_move, ArbiterConfig};
use xiangqi_core::{Game, Move, Position};

/// Every ply of the bundled cases: the position, the move and the opponent's move before it.
fn case_plies() -> Vec<(Position, Move, Option<Move>)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/rules/repetition-cases.jsonl");
    let text = std::fs::read_to_string(path).expect("bundled repetition cases");
    let mut plies = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let mut pos = Position::from_fen(case["fen"].as_str().expect("fen")).expect("legal");
        let mut previous = None;
        for m in case["moves"].as_array().expect("moves") {
            let m: Move = m.as_str().expect("text").parse().expect("ICCS");
            plies.push((pos.clone(), m, previous));
            pos = pos.play(m).expect("legal");
            previous = Some(m);
        }
    }
    plies
}

fn bench_classify(c: &mut Criterion) {
    let plies = case_plies();
    let config = ArbiterConfig::default();
    let mut group = c.benchmark_group("classify");
    group.throughput(Throughput::Elements(plies.len() as u64));
    group.bench_function("case-plies", |b| {
        b.iter(|| {
            for (pos, m, previous) in &plies {
                black_box(classify_move(pos, *m, *previous, &config).expect("legal"));
            }
        })
    });
    group.finish();
}

/// A game of `plies` deterministic reversible moves from the start (no captures, no soldier advances),
/// followed by a horse shuffle played until its position occurs for the third time.
fn game_with_repetition(plies: usize) -> Game {
    let mut game = Game::default();
    let mut seed = 12345u64;
    while game.len() < plies {
        let pos = game.position();
        let quiet: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                !pos.is_capture(m)
                    && pos.piece_at(m.from).is_some_and(|p| p.role != xiangqi_core::Role::Soldier)
                    && !pos.clone().play(m).expect("legal").is_check()
            })
            .collect();
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let m = quiet[(seed >> 33) as usize % quiet.len()];
        game.push(m).expect("legal");
        if game.occurrences(game.len()).len() >= 2 {
            game.pop();
        }
    }
    // Both sides shuffle a piece back and forth.
    let start = game.position().clone();
    let quiet = |pos: &Position| -> Vec<Move> {
        pos.legal_moves()
            .into_iter()
            .filter(|&m| {
                !pos.is_capture(m) && pos.piece_at(m.from).is_some_and(|p| p.role != xiangqi_core::Role::Soldier)
            })
            .collect()
    };
    let back = |m: Move| Move::new(m.to, m.from);
    let cycle = quiet(&start)
        .into_iter()
        .find_map(|a| {
            let p1 = start.clone().play(a).ok()?;
            quiet(&p1).into_iter().find_map(|b| {
                let p4 = p1.clone().play(b).ok()?.play(back(a)).ok()?.play(back(b)).ok()?;
                (p4.zobrist_hash() == start.zobrist_hash()).then_some([a, b, back(a), back(b)])
            })
        })
        .expect("a reversible pair of moves");
    for _ in 0..2 {
        for m in cycle {
            game.push(m).expect("legal");
        }
    }
    game
}

fn bench_verdict(c: &mut Criterion) {
    let mut group = c.benchmark_group("verdict");
    // The same repetition judged at the end of a 200-ply game and of a game that starts where that one was
    // before its cycle: the cost depends on the window, not on the history.
    let long = game_with_repetition(200);
    let before_cycle = long.position_at(long.len() - 8).expect("in range").clone();
    let mut short = Game::new(before_cycle);
    for &m in &long.moves()[long.len() - 8..] {
        short.push(m).expect("legal");
    }
    for (name, game) in [("short-history", short), ("200-ply-history", long)] {
        assert_eq!(game.occurrences(game.len()).len(), 3);
        group.bench_with_input(BenchmarkId::new("repetition", name), &game, |b, game| {
            b.iter_batched(
                || {
                    let mut game = game.clone();
                    game.set_config(ArbiterConfig::default()); // forget the cached classifications
                    game
                },
                |game| black_box(game.verdict()),
                criterion::BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, bench_classify, bench_verdict);
criterion_main!(benches);
