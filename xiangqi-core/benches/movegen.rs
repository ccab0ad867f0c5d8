//! Move generation benchmarks: perft from the start position and from `cpw-2`, and single calls of the
//! legal move generator. Run with `make bench` (or `cargo bench -p xiangqi-core`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use xiangqi_core::perft::perft;
use xiangqi_core::Position;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const CPW_2: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
const MIDDLEGAME: &str = "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1";
const ENDGAME: &str = "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1";

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10).measurement_time(Duration::from_secs(12)).warm_up_time(Duration::from_secs(2));
    for (name, fen, leaves4, leaves5) in
        [("start", START, 3_290_240u64, 133_312_995u64), ("cpw-2", CPW_2, 1_339_047, 53_112_976)]
    {
        let pos = Position::from_fen(fen).expect("benchmark FEN is legal");
        for (depth, leaves) in [(4, leaves4), (5, leaves5)] {
            group.throughput(Throughput::Elements(leaves));
            group.bench_with_input(BenchmarkId::new(name, depth), &pos, |b, pos| {
                b.iter(|| assert_eq!(perft(black_box(pos), depth), leaves))
            });
        }
    }
    group.finish();
}

fn bench_legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for (name, fen) in [("start", START), ("cpw-2", CPW_2), ("middlegame", MIDDLEGAME), ("endgame", ENDGAME)] {
        let pos = Position::from_fen(fen).expect("benchmark FEN is legal");
        group.bench_with_input(BenchmarkId::new("collect", name), &pos, |b, pos| {
            b.iter(|| black_box(pos).legal_moves())
        });
        group.bench_with_input(BenchmarkId::new("count", name), &pos, |b, pos| {
            b.iter(|| black_box(pos).count_legal_moves())
        });
    }
    let start = Position::default();
    let m = "h2e2".parse().expect("valid ICCS");
    group.bench_function("play/start-h2e2", |b| b.iter(|| black_box(&start).clone().play(black_box(m))));
    group.bench_function("is_check/start", |b| b.iter(|| black_box(&start).is_check()));
    group.finish();
}

criterion_group!(benches, bench_perft, bench_legal_moves);
criterion_main!(benches);
