//! Runs the PGN fuzz target's checks over a corpus outside the fuzzer (a release build) and prints the
//! time per input: total, median, slowest, and the slowest inputs by name.
//!
//! `cargo run --release --manifest-path fuzz/Cargo.toml --example record_times -- DIR...`

use std::time::Instant;

fn main() {
    let mut inputs = Vec::new();
    for dir in std::env::args().skip(1) {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}")).flatten() {
            match std::fs::read(entry.path()) {
                Ok(bytes) => inputs.push((entry.path().display().to_string(), bytes)),
                Err(err) => eprintln!("{}: not read: {err}", entry.path().display()),
            }
        }
    }
    let mut times: Vec<(f64, usize, String)> = inputs
        .iter()
        .map(|(name, bytes)| {
            let started = Instant::now();
            xiangqi_fuzz::records::check_pgn(bytes);
            (started.elapsed().as_secs_f64() * 1e6, bytes.len(), name.clone())
        })
        .collect();
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total: f64 = times.iter().map(|t| t.0).sum();
    let bytes: usize = times.iter().map(|t| t.1).sum();
    let Some(median) = times.get(times.len() / 2) else { return };
    println!(
        "{} inputs, {bytes} bytes, {:.1} ms in all ({:.0} µs each, median {:.0} µs)",
        times.len(),
        total / 1e3,
        total / times.len() as f64,
        median.0
    );
    for (micros, len, name) in times.iter().rev().take(8) {
        println!("{micros:>10.0} µs {len:>7} bytes {name}");
    }
}
