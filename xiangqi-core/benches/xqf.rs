//! XQF reading throughput: every XQF file of the shared corpus (`../shared`, when present; else the bundled
//! files), held in memory, read with every move checked for legality. Run with
//! `cargo bench -p xiangqi-core --bench xqf`; criterion reports files per second, and nodes per second in
//! the second group.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use xiangqi_core::xqf;

fn xqf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            xqf_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext.eq_ignore_ascii_case("xqf")) {
            out.push(path);
        }
    }
}

/// The files' bytes, and where they came from.
fn corpus() -> (Vec<Vec<u8>>, &'static str) {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = manifest.join("../../shared/data");
    let mut paths = Vec::new();
    let source = if shared.is_dir() {
        for dir in ["xqf", "games/fixtures/cchess-tests", "games/xqbase/xqftools"] {
            xqf_files(&shared.join(dir), &mut paths);
        }
        "../shared"
    } else {
        xqf_files(&manifest.join("../tests/data/xqf"), &mut paths);
        "tests/data/xqf"
    };
    paths.sort();
    (paths.iter().map(|p| std::fs::read(p).expect("readable file")).collect(), source)
}

fn bench_xqf(c: &mut Criterion) {
    let (files, source) = corpus();
    let nodes: usize = files.iter().filter_map(|bytes| xqf::read(bytes).ok()).map(|r| r.tree.move_count()).sum();
    let bytes: usize = files.iter().map(Vec::len).sum();
    println!("xqf corpus ({source}): {} files, {bytes} bytes, {nodes} nodes", files.len());
    let read_all = || {
        for bytes in &files {
            let _ = black_box(xqf::read(black_box(bytes)));
        }
    };
    for (unit, count) in [("files", files.len()), ("nodes", nodes)] {
        let mut group = c.benchmark_group(format!("xqf-{unit}"));
        group.throughput(Throughput::Elements(count as u64));
        group.sample_size(20).measurement_time(Duration::from_secs(8)).warm_up_time(Duration::from_secs(1));
        group.bench_function("read", |b| b.iter(read_all));
        group.finish();
    }
}

criterion_group!(benches, bench_xqf);
criterion_main!(benches);
