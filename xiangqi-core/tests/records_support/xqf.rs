//! Where the XQF tests find their files: the shared corpus (`../shared`, next to the repository) when it is
//! present, and the small bundled set in `tests/data/xqf` always.

use std::path::{Path, PathBuf};

/// The shared data directory, if present.
pub fn shared_data() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    dir.is_dir().then_some(dir)
}

/// The directories of the shared corpus that hold XQF files.
pub const CORPUS_DIRS: [&str; 3] = ["xqf", "games/fixtures/cchess-tests", "games/xqbase/xqftools"];

/// The bundled files' directory.
pub fn bundled_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/xqf")
}

/// Every `.xqf` / `.XQF` file under `dir`, sorted.
pub fn xqf_files(dir: &Path) -> Vec<PathBuf> {
    super::files_with(dir, &["xqf"])
}

/// The shared corpus, or `None` (with a line saying so) when `../shared` is absent.
pub fn corpus(test: &str) -> Option<Vec<PathBuf>> {
    let Some(data) = shared_data() else {
        println!("{test}: skipped: ../shared not found");
        return None;
    };
    Some(CORPUS_DIRS.iter().flat_map(|dir| xqf_files(&data.join(dir))).collect())
}

/// The shared corpus when present, else the bundled files.
pub fn corpus_or_bundled(test: &str) -> Vec<PathBuf> {
    match shared_data() {
        Some(data) => CORPUS_DIRS.iter().flat_map(|dir| xqf_files(&data.join(dir))).collect(),
        None => {
            println!("{test}: ../shared not found: using the bundled files only");
            xqf_files(&bundled_dir())
        }
    }
}

/// A bundled file's bytes.
pub fn bundled(name: &str) -> Vec<u8> {
    let path = bundled_dir().join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}
