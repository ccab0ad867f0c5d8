//! Legal games chosen by the fuzz bytes, repetitions forced (see `xiangqi_fuzz::games`): every ply is
//! classified and the game judged after it, within a bound on the CPU time of each ply.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use xiangqi_core::Game;
use xiangqi_fuzz::clock::thread_cpu_time;

/// The bound per ply (classification and verdict), in CPU time of the thread and milliseconds:
/// `XQ_FUZZ_PLY_MS`, 5,000 by default. It catches a search that runs away. Wall time would also count
/// the time the fuzzer waits for a processor: two fuzzers run at a low priority beside builds measured
/// plies of 40 ms (release build) at over 6 s. The instrumented build without compare tracing (as
/// `make fuzz` builds this target) takes about 1.3 times a release build's time (0.41 s against 0.31 s
/// for the game of `fuzz/slow/arbiter/42fa4b67…`), whose slowest ply known takes about 85 ms; with
/// compare tracing (the smoke run of `make test`) about twice that. The release build's figures, held
/// to 50 ms, come from `examples/arbiter_ply_times.rs`.
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
        let began = thread_cpu_time();
        let classified = game.try_classify(index).expect("a move that was played");
        let verdict = game.verdict_at(index + 1);
        let spent = thread_cpu_time() - began;
        assert!(spent <= ply_bound(), "ply {} ({m}) took {spent:?}: {:?}", index + 1, game.moves());
        if let Ok(c) = classified {
            assert!(!format!("{c:?}").is_empty());
        }
        assert!(!verdict.summary().is_empty());
        assert!(!verdict.explanation().is_empty());
    }
});
