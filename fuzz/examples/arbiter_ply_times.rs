//! The arbiter's cost per ply over saved arbiter fuzz inputs (release build): each input is decoded into
//! the game the `arbiter` fuzz target plays, and every ply is classified and the game judged after it,
//! as the target does. Prints the median, 90th and 99th percentiles and the worst ply, for the whole ply
//! and for its classification and its verdict apart, and the slowest plies with their inputs; `--save DIR`
//! copies the inputs of the slowest plies there,
//! each with `<input>.game.txt`: the start FEN and the moves in ICCS. Times are the thread's CPU time (the best of `--runs`
//! fresh games, 3 by default), so that other work on the machine counts for little.
//!
//! `cargo run --release --manifest-path fuzz/Cargo.toml --example arbiter_ply_times -- fuzz/corpus/arbiter
//! [--save DIR] [--runs N]`

use std::path::{Path, PathBuf};

use xiangqi_core::Game;

struct Ply {
    micros: f64,
    classify: f64,
    verdict: f64,
    input: PathBuf,
    ply: usize,
    /// A search behind the classification reached its node budget.
    undecided: bool,
}

/// The CPU time this thread has used, in microseconds.
fn thread_micros() -> f64 {
    xiangqi_fuzz::clock::thread_cpu_time().as_secs_f64() * 1e6
}

fn quantiles(mut values: Vec<f64>) -> String {
    values.sort_by(f64::total_cmp);
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    format!(
        "median {:.1} µs, 90th percentile {:.1} µs, 99th {:.1} µs, mean {:.1} µs, worst {:.1} µs",
        at(0.5),
        at(0.9),
        at(0.99),
        mean,
        at(1.0)
    )
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
            // A saved game's `.game.txt` (its moves in ICCS, for people) is not a fuzz input.
            Ok(entries) => inputs.extend(
                entries
                    .filter_map(|e| e.ok())
                    .map(|e| e.path())
                    .filter(|p| p.is_file() && !p.to_string_lossy().ends_with(".game.txt")),
            ),
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
        plies.extend(time_input(&data, runs).into_iter().enumerate().map(|(i, (classify, verdict, undecided))| Ply {
            micros: classify + verdict,
            classify,
            verdict,
            input: input.clone(),
            ply: i + 1,
            undecided,
        }));
    }
    if plies.is_empty() {
        eprintln!("arbiter_ply_times: no plies in {} inputs", inputs.len());
        std::process::exit(1);
    }
    plies.sort_by(|a, b| a.micros.total_cmp(&b.micros));
    println!("{} inputs, {} plies (CPU time, best of {runs} runs each)", inputs.len(), plies.len());
    println!("  ply (classification and verdict): {}", quantiles(plies.iter().map(|p| p.micros).collect()));
    println!("  classification:                   {}", quantiles(plies.iter().map(|p| p.classify).collect()));
    println!("  verdict:                          {}", quantiles(plies.iter().map(|p| p.verdict).collect()));
    let undecided = plies.iter().filter(|p| p.undecided).count();
    println!("  plies whose classification reached the node budget (undecided): {undecided}");
    println!("slowest plies:");
    let mut saved = Vec::new();
    for p in plies.iter().rev().take(10) {
        println!(
            "  {:>10.1} µs (classification {:.1}, verdict {:.1})  ply {:>3} of {}{}",
            p.micros,
            p.classify,
            p.verdict,
            p.ply,
            p.input.display(),
            if p.undecided { " (undecided)" } else { "" }
        );
        if !saved.contains(&p.input) {
            saved.push(p.input.clone());
        }
    }
    if let Some(dir) = save {
        std::fs::create_dir_all(&dir).expect("a directory to save into");
        for input in &saved {
            let name = input.file_name().expect("a file");
            std::fs::copy(input, dir.join(name)).expect("copied");
            // The game itself, for use without the decoder: the start FEN, then the moves in ICCS.
            let (start, moves) = xiangqi_fuzz::games::decode(&std::fs::read(input).expect("readable input"));
            let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
            let text = format!("{}\n{}\n", start.fen(), moves.join(" "));
            let mut game_file = dir.join(name).into_os_string();
            game_file.push(".game.txt");
            std::fs::write(game_file, text).expect("written");
        }
        println!("saved {} inputs to {}", saved.len(), Path::new(&dir).display());
    }
}

/// The CPU time of each ply's classification and verdict, in microseconds, the best of `runs` fresh
/// games, and whether the classification was undecided.
fn time_input(data: &[u8], runs: usize) -> Vec<(f64, f64, bool)> {
    let (start, moves) = xiangqi_fuzz::games::decode(data);
    let mut best = vec![(f64::MAX, f64::MAX, false); moves.len()];
    for _ in 0..runs.max(1) {
        let mut game = Game::new(start.clone());
        for (index, &m) in moves.iter().enumerate() {
            game.push(m).expect("the decoder plays legal moves");
            let began = thread_micros();
            let classified = game.try_classify(index).map(|c| c.as_ref().is_ok_and(|c| c.undecided));
            let classified_at = thread_micros();
            let verdict = game.verdict_at(index + 1);
            let judged_at = thread_micros();
            std::hint::black_box((classified, verdict));
            let (classify, judge, undecided) = &mut best[index];
            *classify = classify.min(classified_at - began);
            *judge = judge.min(judged_at - classified_at);
            *undecided = classified == Some(true);
        }
    }
    best
}
