//! The arbiter's cost per ply over saved arbiter fuzz inputs (release build): each input is decoded into
//! the game the `arbiter` fuzz target plays, and every ply is classified and the game judged after it,
//! as the target does. Prints the median, 90th and 99th percentiles and the worst ply, and the slowest
//! plies with their inputs; `--save DIR` copies the inputs of the slowest plies there.
//!
//! `cargo run --release --manifest-path fuzz/Cargo.toml --example arbiter_ply_times -- fuzz/corpus/arbiter
//! [--save DIR] [--runs N]`

use std::path::{Path, PathBuf};
use std::time::Instant;

use xiangqi_core::Game;

struct Ply {
    micros: f64,
    input: PathBuf,
    ply: usize,
}

fn main() {
    let mut dirs = Vec::new();
    let mut save = None;
    let mut runs = 3;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--save" => save = args.next().map(PathBuf::from),
            "--runs" => runs = args.next().and_then(|n| n.parse().ok()).unwrap_or(runs),
            _ => dirs.push(PathBuf::from(arg)),
        }
    }
    let mut inputs: Vec<PathBuf> = Vec::new();
    for dir in &dirs {
        match std::fs::read_dir(dir) {
            Ok(entries) => inputs.extend(entries.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_file())),
            Err(_) if dir.is_file() => inputs.push(dir.clone()),
            Err(e) => {
                eprintln!("arbiter_ply_times: {}: {e}", dir.display());
                std::process::exit(2);
            }
        }
    }
    inputs.sort();
    let mut plies = Vec::new();
    for input in &inputs {
        let data = std::fs::read(input).expect("readable input");
        plies.extend(time_input(&data, runs).into_iter().enumerate().map(|(i, micros)| Ply {
            micros,
            input: input.clone(),
            ply: i + 1,
        }));
    }
    if plies.is_empty() {
        eprintln!("arbiter_ply_times: no plies in {} inputs", inputs.len());
        std::process::exit(1);
    }
    plies.sort_by(|a, b| a.micros.total_cmp(&b.micros));
    let at = |q: f64| plies[((plies.len() - 1) as f64 * q).round() as usize].micros;
    let mean = plies.iter().map(|p| p.micros).sum::<f64>() / plies.len() as f64;
    println!(
        "{} inputs, {} plies (best of {runs} runs each): median {:.1} µs, 90th percentile {:.1} µs, 99th {:.1} µs, \
         mean {:.1} µs, worst {:.1} µs",
        inputs.len(),
        plies.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        mean,
        at(1.0)
    );
    println!("slowest plies:");
    let mut saved = Vec::new();
    for p in plies.iter().rev().take(10) {
        println!("  {:>10.1} µs  ply {:>3} of {}", p.micros, p.ply, p.input.display());
        if !saved.contains(&p.input) {
            saved.push(p.input.clone());
        }
    }
    if let Some(dir) = save {
        std::fs::create_dir_all(&dir).expect("a directory to save into");
        for input in &saved {
            let name = input.file_name().expect("a file");
            std::fs::copy(input, dir.join(name)).expect("copied");
        }
        println!("saved {} inputs to {}", saved.len(), Path::new(&dir).display());
    }
}

/// The time of each ply's classification and verdict, in microseconds, the best of `runs` fresh games.
fn time_input(data: &[u8], runs: usize) -> Vec<f64> {
    let (start, moves) = xiangqi_fuzz::games::decode(data);
    let mut best = vec![f64::MAX; moves.len()];
    for _ in 0..runs.max(1) {
        let mut game = Game::new(start.clone());
        for (index, &m) in moves.iter().enumerate() {
            game.push(m).expect("the decoder plays legal moves");
            let began = Instant::now();
            let classified = game.try_classify(index).map(|c| c.is_ok());
            let verdict = game.verdict_at(index + 1);
            let micros = began.elapsed().as_secs_f64() * 1e6;
            std::hint::black_box((classified, verdict));
            best[index] = best[index].min(micros);
        }
    }
    best
}
