//! Any bytes into the ChessBridge reader: alone (a CBR, CBL or CBF file, told by its start), as the move
//! records of a CBR behind a layout-2 header with the standard board, and as that record inside a one-game
//! CBL library: no panic; errors inside the input with short messages; every node of a game (and of a partial
//! game) replays; what was read writes out as XQF (which keeps variations) and reads back to the same tree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::chessbridge;
use xiangqi_fuzz::records::check_binary_read;

/// Where a CBR's move records start.
const MOVES: usize = 2214;
/// The index and the first record of a library of one slot.
const INDEX: usize = 66_624;
const FIRST_RECORD: usize = INDEX + 276;

/// A CBR header: the magic, layout 2, the standard board, Red to move first, move 1.
fn cbr_header() -> Vec<u8> {
    let mut bytes = vec![0; MOVES];
    bytes[..16].copy_from_slice(b"CCBridge Record\0");
    bytes[19] = 2;
    bytes[2112] = 1;
    bytes[2116] = 1;
    let black = [0x21, 0x22, 0x23, 0x24, 0x25, 0x24, 0x23, 0x22, 0x21];
    let board = &mut bytes[2120..2210];
    board[..9].copy_from_slice(&black);
    board[81..].copy_from_slice(&black.map(|b| b - 0x10));
    for (i, code) in [(19, 0x26), (25, 0x26), (64, 0x16), (70, 0x16)] {
        board[i] = code;
    }
    for i in (27..36).step_by(2) {
        board[i] = 0x27;
        board[i + 27] = 0x17;
    }
    bytes[2210..2214].copy_from_slice(&[0xFF; 4]);
    bytes
}

fn check(bytes: &[u8], games: Vec<Result<xiangqi_core::record::GameRecord, chessbridge::ChessBridgeError>>) {
    for game in games {
        check_binary_read(bytes, game.map_err(Into::into));
    }
}

fuzz_target!(|data: &[u8]| {
    check(data, chessbridge::read(data));

    let mut record = cbr_header();
    record.extend_from_slice(data);
    check(&record, vec![chessbridge::read_cbr(&record)]);

    // The same record in a library whose one index entry gives it the length of its bytes, in as many
    // 4,096-byte blocks as it needs.
    let mut library = vec![0; FIRST_RECORD];
    library[..16].copy_from_slice(b"CCBridgeLibrary\0");
    library[16] = 3;
    library[60] = 1;
    let blocks = record.len().div_ceil(4096) as u32;
    library[INDEX..INDEX + 4].copy_from_slice(&7u32.to_le_bytes());
    library[INDEX + 8..INDEX + 12].copy_from_slice(&blocks.to_le_bytes());
    library[INDEX + 12..INDEX + 16].copy_from_slice(&(record.len() as u32).to_le_bytes());
    library.extend_from_slice(&record);
    check(&library, chessbridge::read_cbl(&library));
});
