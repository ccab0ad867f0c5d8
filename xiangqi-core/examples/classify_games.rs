//! Times the classification of every move of real games (the bundled wukong PGN files by default), as the
//! bulk analysis with classes does: `cargo run --release -p xiangqi-core --example classify_games [FILES...]`.
//! Prints the moves per second, the median and the slowest moves.

use std::path::PathBuf;
use std::time::Instant;

use xiangqi_core::record::read_file;
use xiangqi_core::Game;

fn main() {
    let mut files: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
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
                std::hint::black_box(game.classify(game.len() - 1));
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
    if skipped > 0 {
        println!("{skipped} records could not be read");
    }
}
