//! Any bytes into the PGN reader: the checks of [`xiangqi_fuzz::records::check_pgn`].
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| xiangqi_fuzz::records::check_pgn(data));
