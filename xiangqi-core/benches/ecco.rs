//! ECCO classification throughput over the 252 tagged games of `tests/data/ecco/`: a record's code
//! (`GameRecord::ecco`, moves known to be legal), the same from a move list (`ecco::classify`, each of the
//! 20 plies checked for legality), and that legality check alone for comparison. Run with
//! `cargo bench -p xiangqi-core --bench ecco`; criterion reports games per second (elements/s). The target
//! is at most 2 µs per game for a record.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use xiangqi_core::ecco;
use xiangqi_core::record::{read_file, GameRecord};

fn records() -> Vec<GameRecord> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/ecco/ccpd-tagged-sample.pgn");
    let records = read_file(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    records.flatten().collect()
}

fn classify(c: &mut Criterion) {
    let records = records();
    let games: Vec<_> = records.iter().map(|r| (r.start().clone(), r.main_line().collect::<Vec<_>>())).collect();
    let mut group = c.benchmark_group("ecco");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("record", |b| {
        b.iter(|| {
            for record in &records {
                black_box(record.ecco().ok());
            }
        })
    });
    group.bench_function("move-list-checked", |b| {
        b.iter(|| {
            for (start, moves) in &games {
                black_box(ecco::classify(start, moves).ok());
            }
        })
    });
    group.bench_function("legality-check-of-20-plies", |b| {
        b.iter(|| {
            for (start, moves) in &games {
                let mut pos = start.clone();
                for &m in moves.iter().take(20) {
                    black_box(pos.is_legal(m));
                    pos.play_unchecked(m);
                }
                black_box(pos);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, classify);
criterion_main!(benches);
