//! Where the ChessBridge tests find their files: the bundled set in `tests/data/chessbridge` always, and the
//! library that is not bundled (`1956年全国象棋锦标赛93局.CBL`) in the shared fixtures when `../shared` is
//! present.

use std::path::{Path, PathBuf};

/// The bundled files' directory.
pub fn bundled_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/chessbridge")
}

/// A bundled file's bytes.
pub fn bundled(name: &str) -> Vec<u8> {
    let path = bundled_dir().join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// The bundled library (38 records).
pub const BUNDLED_LIBRARY: &str = "1989年龙化杯象棋名师邀请赛35局.CBL";

/// The library read from the shared fixtures only (93 records).
pub const SHARED_LIBRARY: &str = "1956年全国象棋锦标赛93局.CBL";

/// A file of the shared fixtures (`games/fixtures/cchess-tests`), or `None` (with a line saying so) when
/// `../shared` is absent.
pub fn shared(test: &str, name: &str) -> Option<Vec<u8>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/games/fixtures/cchess-tests").join(name);
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(_) => {
            println!("{test}: skipped: {} not found (../shared absent)", path.display());
            None
        }
    }
}

/// A library's index: for each used entry, its offset in the file, the record's offset, the record length
/// and the title, read here independently of the reader.
pub fn library_index(bytes: &[u8]) -> Vec<(usize, usize, usize, String)> {
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes")) as usize;
    let capacity = u32_at(60);
    let mut offset = 66_624 + 276 * capacity;
    let mut entries = Vec::new();
    for k in 0..capacity {
        let at = 66_624 + 276 * k;
        let blocks = u32_at(at + 8);
        if blocks == 0 {
            break;
        }
        let units: Vec<u16> = bytes[at + 100..at + 228]
            .chunks_exact(2)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
            .take_while(|&u| u != 0)
            .collect();
        entries.push((at, offset, u32_at(at + 12), String::from_utf16(&units).expect("UTF-16").trim().to_owned()));
        offset += 4096 * blocks;
    }
    entries
}
