//! PGN reading throughput, every move checked for legality, from bytes in memory:
//! - ICCS: the two bundled wukong databases (2,516 games, 221,678 plies, UTF-8);
//! - Chinese: CCPD's game collection (Big5, traditional characters) from `../shared` when present, else
//!   the bundled CCPD collection; and the 弈天 export (GBK, CR CR LF) when present;
//! - the 200 one-game ICCS files `../shared/bench/bench_cchess.py` reads with cchess, when present;
//! - writing: the wukong games written back in each notation.
//!
//! Run with `cargo bench -p xiangqi-core --bench pgn`; criterion reports plies per second (elements/s).

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use xiangqi_core::pgn::{self, WriteOptions};
use xiangqi_core::Notation;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn load(paths: &[PathBuf]) -> Vec<u8> {
    let mut bytes = Vec::new();
    for path in paths {
        bytes.extend(std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display())));
        bytes.push(b'\n');
    }
    bytes
}

/// Reads every game and returns the plies of the games that read.
fn read_all(bytes: &[u8]) -> u64 {
    pgn::Reader::new(bytes).filter_map(Result::ok).map(|game| game.tree.move_count() as u64).sum()
}

fn bench_pgn(c: &mut Criterion) {
    let shared = root().join("../shared/data/games");
    let wukong = ["Hu_Ronghua_1391_UCI_games.pgn", "Liu_Dahua_1125_UCI_games.pgn"]
        .map(|name| root().join("examples/data/wukong").join(name));
    let mut inputs = vec![("iccs-utf8-wukong", load(&wukong))];
    if shared.is_dir() {
        inputs.push(("chinese-big5-ccpd", load(&[shared.join("ccpd/ccpd-對局.pgn")])));
        inputs.push(("chinese-gbk-yitian", load(&[shared.join("yitian/yitian-sample.pgn")])));
    } else {
        println!("../shared not found: Chinese notation measured on the bundled CCPD collection only");
        inputs
            .push(("chinese-big5-ccpd-bundled", load(&[root().join("tests/data/records/ccpd-殺局_殺法_練習題.pgn")])));
    }

    let mut group = c.benchmark_group("pgn-read");
    group.sample_size(10).measurement_time(Duration::from_secs(8)).warm_up_time(Duration::from_secs(1));
    for (name, bytes) in &inputs {
        let plies = read_all(bytes);
        group.throughput(Throughput::Elements(plies));
        group.bench_with_input(BenchmarkId::from_parameter(name), bytes, |b, bytes| {
            b.iter(|| black_box(read_all(black_box(bytes))))
        });
    }
    group.finish();

    // The 200 one-game ICCS files that `../shared/bench/bench_cchess.py` times cchess on (`read_pgn`).
    let peer_dir = root().join("../shared/bench/data/pgn_iccs");
    if peer_dir.is_dir() {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&peer_dir)
            .expect("readable directory")
            .map(|entry| entry.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
            .collect();
        paths.sort();
        let files: Vec<Vec<u8>> = paths.iter().map(|p| std::fs::read(p).expect("readable file")).collect();
        let plies: u64 = files.iter().map(|f| read_all(f)).sum();
        let mut group = c.benchmark_group("pgn-read-files");
        group.sample_size(20).measurement_time(Duration::from_secs(4)).warm_up_time(Duration::from_secs(1));
        group.throughput(Throughput::Elements(plies));
        group.bench_function(BenchmarkId::from_parameter(format!("bench-pgn-iccs-{}", files.len())), |b| {
            b.iter(|| files.iter().map(|f| read_all(black_box(f))).sum::<u64>())
        });
        group.finish();
    }

    let games: Vec<_> = pgn::Reader::new(&inputs[0].1[..]).filter_map(Result::ok).collect();
    let plies: u64 = games.iter().map(|g| g.tree.move_count() as u64).sum();
    let mut group = c.benchmark_group("pgn-write");
    group.sample_size(10).measurement_time(Duration::from_secs(5)).warm_up_time(Duration::from_secs(1));
    group.throughput(Throughput::Elements(plies));
    for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
        let options = WriteOptions::new(notation);
        group.bench_function(BenchmarkId::from_parameter(notation), |b| {
            b.iter(|| games.iter().map(|g| pgn::write(g, &options).len()).sum::<usize>())
        });
    }
    group.finish();
}

criterion_group!(benches, bench_pgn);
criterion_main!(benches);
