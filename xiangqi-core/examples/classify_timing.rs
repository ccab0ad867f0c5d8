//! Times the classification of every move of the bundled repetition cases, one position at a time, and
//! prints the median, the 90th percentile and the slowest positions:
//! `cargo run --release -p xiangqi-core --example classify_timing [CASES.jsonl]`.

use std::path::PathBuf;
use std::time::Instant;

use xiangqi_core::arbiter::{classify_move, ArbiterConfig};
use xiangqi_core::{Move, Position};

fn main() {
    let path = std::env::args().nth(1).map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/rules/repetition-cases.jsonl")
    });
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("classify_timing: {}: {e}", path.display());
            std::process::exit(2);
        }
    };
    let config = ArbiterConfig::default();
    let mut times = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let Ok(case) = serde_json::from_str::<serde_json::Value>(line) else { continue };
        let Some(Ok(mut pos)) = case["fen"].as_str().map(Position::from_fen) else { continue };
        let mut previous = None;
        for (ply, m) in case["moves"].as_array().into_iter().flatten().enumerate() {
            let Some(Ok(m)) = m.as_str().map(str::parse::<Move>) else { break };
            // The best of five runs: the cost of the work, not of the machine's noise.
            let mut best = f64::MAX;
            for _ in 0..5 {
                let start = Instant::now();
                let Ok(c) = classify_move(&pos, m, previous, &config) else { break };
                std::hint::black_box(c);
                best = best.min(start.elapsed().as_secs_f64() * 1e6);
            }
            times.push((best, format!("{} ply {}", case["id"], ply + 1)));
            let Ok(next) = pos.play(m) else { break };
            pos = next;
            previous = Some(m);
        }
    }
    if times.is_empty() {
        eprintln!("classify_timing: no positions");
        std::process::exit(1);
    }
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = times.len();
    println!(
        "{n} classifications: median {:.1} µs, 90th percentile {:.1} µs, mean {:.1} µs",
        times[n / 2].0,
        times[n * 9 / 10].0,
        times.iter().map(|t| t.0).sum::<f64>() / n as f64
    );
    for (us, what) in times.iter().rev().take(5) {
        println!("  {us:>9.1} µs  {what}");
    }
}
