//! Times the classification of every move of real games (the bundled wukong PGN files by default), as the
//! bulk analysis with classes does: `cargo run --release -p xiangqi-core --example classify_games [--cache N]
//! [FILES...]`. Prints the moves per second, the median and the slowest moves. With `--cache N`, moves are
//! classified through a cache of N entries kept across games, as the bulk engine does (`--cache 0`: none,
//! the default), and its hits are counted.

use std::path::PathBuf;
use std::time::Instant;

use xiangqi_core::arbiter::ClassificationCache;
use xiangqi_core::record::read_file;
use xiangqi_core::Game;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut cache = match args.iter().position(|a| a == "--cache") {
        Some(at) => {
            let entries = args.get(at + 1).and_then(|n| n.parse::<usize>().ok()).unwrap_or_else(|| {
                eprintln!("classify_games: --cache needs a number of entries");
                std::process::exit(2);
            });
            args.drain(at..at + 2);
            (entries > 0).then(|| ClassificationCache::with_entries(entries))
        }
        None => None,
    };
    let mut files: Vec<PathBuf> = args.into_iter().map(PathBuf::from).collect();
    if files.is_empty() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/data/wukong");
        files = match std::fs::read_dir(&root) {
            Ok(dir) => dir.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "pgn")).collect(),
            Err(e) => {
                eprintln!("classify_games: {}: {e}", root.display());
                std::process::exit(2);
            }
        };
        files.sort();
    }
    let mut times = Vec::new();
    let mut skipped = 0;
    let started = Instant::now();
    for file in &files {
        let records = match read_file(file) {
            Ok(records) => records,
            Err(e) => {
                eprintln!("classify_games: {}: {e}", file.display());
                std::process::exit(2);
            }
        };
        for read in records {
            let record = match read {
                Ok(record) => record,
                Err(e) => {
                    eprintln!("classify_games: {}: {e} (skipped)", file.display());
                    skipped += 1;
                    continue;
                }
            };
            let mut game = Game::new(record.start().clone());
            for m in record.main_line() {
                game.push(m).expect("a record's moves are legal");
                let start = Instant::now();
                match cache.as_mut() {
                    Some(cache) => std::hint::black_box(game.classify_cached(game.len() - 1, cache)).map(|_| ()),
                    None => std::hint::black_box(game.classify(game.len() - 1)).map(|_| ()),
                };
                times.push(start.elapsed().as_secs_f64() * 1e6);
            }
        }
    }
    let total = started.elapsed().as_secs_f64();
    if times.is_empty() {
        eprintln!("classify_games: no moves");
        std::process::exit(1);
    }
    let spent: f64 = times.iter().sum();
    times.sort_by(f64::total_cmp);
    let n = times.len();
    println!(
        "{n} moves classified: {:.0} moves/s of classification ({:.0} with reading and playing), median {:.1} µs, \
         90th percentile {:.1} µs, 99th {:.1} µs, slowest {:.0} µs",
        n as f64 / (spent / 1e6),
        n as f64 / total,
        times[n / 2],
        times[n * 9 / 10],
        times[n * 99 / 100],
        times[n - 1]
    );
    let share = |from: usize| times[from..].iter().sum::<f64>() / spent * 100.0;
    println!(
        "time spent on the slowest 1 % of the moves: {:.0} %, on the slowest 10 %: {:.0} %",
        share(n * 99 / 100),
        share(n * 9 / 10)
    );
    if let Some(cache) = &cache {
        println!(
            "cache: {} hits, {} misses ({:.1} % of the moves answered from it)",
            cache.hits(),
            cache.misses(),
            cache.hits() as f64 / n as f64 * 100.0
        );
    }
    if skipped > 0 {
        println!("{skipped} records could not be read");
    }
}
