//! Legal games chosen by the fuzz bytes, repetitions forced (see `xiangqi_fuzz::games`): every ply is
//! classified and the game judged after it, within a time bound per ply.
#![no_main]

use std::time::{Duration, Instant};

use libfuzzer_sys::fuzz_target;
use xiangqi_core::Game;

/// The bound per ply (classification and verdict) under the fuzzer's instrumented build, in
/// milliseconds: `XQ_FUZZ_PLY_MS`, 5,000 by default. It catches a search that runs away: the
/// instrumented build runs the searches about fifteen times slower than a release build, where the
/// slowest ply known takes about 70 ms (`fuzz/slow/arbiter/`), so 1,000 was within the reach of
/// searches that end inside their node budgets. The release build's figures, held to 50 ms, come from
/// `examples/arbiter_ply_times.rs`.
fn ply_bound() -> Duration {
    static BOUND: std::sync::OnceLock<Duration> = std::sync::OnceLock::new();
    *BOUND.get_or_init(|| {
        let ms = std::env::var("XQ_FUZZ_PLY_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(5000);
        Duration::from_millis(ms)
    })
}

fuzz_target!(|data: &[u8]| {
    let (start, moves) = xiangqi_fuzz::games::decode(data);
    let mut game = Game::new(start);
    for (index, &m) in moves.iter().enumerate() {
        game.push(m).expect("the decoder plays legal moves");
        let began = Instant::now();
        let classified = game.try_classify(index).expect("a move that was played");
        let verdict = game.verdict_at(index + 1);
        let spent = began.elapsed();
        assert!(spent <= ply_bound(), "ply {} ({m}) took {spent:?}: {:?}", index + 1, game.moves());
        if let Ok(c) = classified {
            assert!(!format!("{c:?}").is_empty());
        }
        assert!(!verdict.summary().is_empty());
        assert!(!verdict.explanation().is_empty());
    }
});
