//! Times `Position::legal_moves()` called directly in Rust, and the exported `xq_position_legal_moves`
//! called from Rust, on the same positions as the C benchmark: `bench_legal_moves POSITIONS.txt CALLS ROUNDS`
//! prints "NAME RUST_NS FFI_FROM_RUST_NS" (best round) per position. Part of `make bench-ffi`.

use std::hint::black_box;
use std::time::Instant;

use xiangqi::{xq_position_free, xq_position_legal_moves, XqMove, XqPosition, XqStatus, XQ_MAX_LEGAL_MOVES};
use xiangqi_core::Position;

fn best_ns(calls: u64, rounds: u64, mut call: impl FnMut() -> usize) -> f64 {
    let mut best = f64::INFINITY;
    let mut sink = 0;
    for round in 0..=rounds {
        let start = Instant::now();
        for _ in 0..calls {
            sink += call();
        }
        let per_call = start.elapsed().as_nanos() as f64 / calls as f64;
        if round > 0 {
            best = best.min(per_call);
        }
    }
    black_box(sink);
    best
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, path, calls, rounds] = args.as_slice() else {
        eprintln!("usage: bench_legal_moves POSITIONS.txt CALLS ROUNDS");
        std::process::exit(2);
    };
    let calls: u64 = calls.parse().expect("CALLS is a number");
    let rounds: u64 = rounds.parse().expect("ROUNDS is a number");
    let text = std::fs::read_to_string(path).expect("positions file");
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (name, fen) = line.split_once(' ').expect("NAME FEN");
        let pos = Position::from_fen(fen).expect("legal FEN");
        let rust = best_ns(calls, rounds, || {
            let moves = black_box(&pos).legal_moves();
            moves.len() + usize::from(moves[moves.len() - 1].to.index() as u8)
        });
        let mut handle: *mut XqPosition = std::ptr::null_mut();
        // SAFETY: valid text and out-pointer; the handle is freed below.
        let status = unsafe { xiangqi::xq_position_from_fen(fen.as_ptr().cast(), fen.len(), &mut handle) };
        assert_eq!(status, XqStatus::Ok);
        let mut moves = [XqMove { from: 0, to: 0 }; XQ_MAX_LEGAL_MOVES];
        let ffi = best_ns(calls, rounds, || {
            let mut count = 0;
            // SAFETY: a live handle, an array of XQ_MAX_LEGAL_MOVES moves and a valid count pointer.
            let status =
                unsafe { xq_position_legal_moves(black_box(handle), moves.as_mut_ptr(), moves.len(), &mut count) };
            assert_eq!(status, XqStatus::Ok);
            count + usize::from(moves[count - 1].to)
        });
        // SAFETY: made above, freed once.
        unsafe { xq_position_free(handle) };
        println!("{name} {rust:.1} {ffi:.1}");
    }
}
