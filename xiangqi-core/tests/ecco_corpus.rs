//! The ECCO classification against the `[ECCO]` tags of real games: the bundled sample
//! (`tests/data/ecco/`) always, and every tagged game of `../shared/data/games/` when it is present. Prints
//! the agreement per source folder and the most frequent disagreements (tag, computed code, count).
//!
//! The disagreements are the tags' own: read with only the first 15 plies (and C85/C86 exchanged), the
//! same procedure reproduces nearly every tag, which the last test checks (docs/ecco.md).

#![cfg(feature = "records")]

mod records_support;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use records_support::{files_with, shared_games};
use xiangqi_core::ecco;
use xiangqi_core::record::{read_file, GameRecord};

/// The agreement the bundled sample and the shared corpus must reach (the target is 97.5%).
const FLOOR: f64 = 0.975;

#[derive(Default)]
struct Tally {
    /// Plies read from each game (`None`: all of them, so the classification reads its 20).
    plies: Option<usize>,
    tagged: usize,
    agree: usize,
    /// Tagged games without a code (a set-up start, no moves), by reason.
    no_code: BTreeMap<String, usize>,
    /// (tag, computed) → count, with one example line.
    disagreements: HashMap<(String, String), (usize, String)>,
}

impl Tally {
    fn add(&mut self, record: &GameRecord) {
        let Some(tag) = record.tags.get("ECCO").map(str::trim).filter(|t| !t.is_empty()) else {
            return;
        };
        self.tagged += 1;
        let computed = ecco::classify(record.start(), record.main_line().take(self.plies.unwrap_or(usize::MAX)));
        match computed {
            Ok(code) if code.code == tag => self.agree += 1,
            Ok(code) => {
                let line = ecco::opening_line(record.start(), record.main_line()).unwrap_or_default();
                let entry = self.disagreements.entry((tag.to_owned(), code.code.to_owned())).or_insert((0, line));
                entry.0 += 1;
            }
            Err(err) => *self.no_code.entry(err.to_string()).or_default() += 1,
        }
    }

    fn merge(&mut self, other: &Tally) {
        self.tagged += other.tagged;
        self.agree += other.agree;
        for (reason, n) in &other.no_code {
            *self.no_code.entry(reason.clone()).or_default() += n;
        }
        for (key, (n, line)) in &other.disagreements {
            self.disagreements.entry(key.clone()).or_insert((0, line.clone())).0 += n;
        }
    }

    fn rate(&self) -> f64 {
        self.agree as f64 / self.tagged.max(1) as f64
    }

    fn report(&self, what: &str) {
        println!("{what}: {} of {} tagged games agree ({:.2}%)", self.agree, self.tagged, 100.0 * self.rate());
        for (reason, n) in &self.no_code {
            println!("  no code ({n}): {reason}");
        }
        let mut worst: Vec<_> = self.disagreements.iter().collect();
        worst.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(b.0)));
        for ((tag, computed), (n, line)) in worst.into_iter().take(10) {
            println!("  tag {tag} computed {computed}: {n} games, e.g. {line}");
        }
    }
}

/// Every game of every PGN file under `dir`, tallied per folder (relative to `dir`'s parent).
fn tally_folder(dir: &Path, plies: Option<usize>) -> BTreeMap<String, Tally> {
    let mut per_folder: BTreeMap<String, Tally> = BTreeMap::new();
    for path in files_with(dir, &["pgn"]) {
        let folder = path
            .parent()
            .and_then(|p| p.strip_prefix(dir).ok())
            .map(|p| p.components().next().map_or(String::from("."), |c| c.as_os_str().to_string_lossy().into()))
            .unwrap_or_default();
        let tally = per_folder.entry(folder).or_insert_with(|| Tally { plies, ..Tally::default() });
        let records = read_file(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        // Records that do not read are the record tests' business; only readable ones are tagged games.
        for record in records.flatten() {
            tally.add(&record);
        }
    }
    per_folder
}

fn total(per_folder: &BTreeMap<String, Tally>) -> Tally {
    let mut all = Tally::default();
    per_folder.values().for_each(|t| all.merge(t));
    all
}

fn bundled() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/ecco")
}

#[test]
fn the_bundled_tagged_games() {
    let all = total(&tally_folder(&bundled(), None));
    all.report("tests/data/ecco");
    assert!(all.tagged >= 250, "the bundled sample holds {} tagged games", all.tagged);
    assert!(all.rate() >= FLOOR, "agreement {:.2}% is under {:.1}%", 100.0 * all.rate(), 100.0 * FLOOR);
}

#[test]
fn every_tagged_game_of_the_shared_corpus() {
    let Some(dir) = shared_games() else {
        println!("SKIPPED: ../shared/data/games is not present; only the bundled sample was measured");
        return;
    };
    let per_folder = tally_folder(&dir, None);
    for (folder, tally) in &per_folder {
        if tally.tagged > 0 {
            tally.report(folder);
        }
    }
    let all = total(&per_folder);
    all.report("../shared/data/games, all folders");
    assert!(all.tagged > 25_000, "only {} tagged games found", all.tagged);
    assert!(all.rate() >= FLOOR, "agreement {:.2}% is under {:.1}%", 100.0 * all.rate(), 100.0 * FLOOR);
}

#[test]
fn the_tags_read_only_15_plies() {
    let Some(dir) = shared_games() else {
        println!("SKIPPED: ../shared/data/games is not present");
        return;
    };
    let all = total(&tally_folder(&dir, Some(15)));
    all.report("../shared/data/games, the first 15 plies only");
    // What is left are the C85/C86 games, whose tags exchange the two codes.
    let exchanged: usize = all
        .disagreements
        .iter()
        .filter(|((tag, computed), _)| {
            [tag.as_str(), computed.as_str()] == ["C85", "C86"] || [tag.as_str(), computed.as_str()] == ["C86", "C85"]
        })
        .map(|(_, (n, _))| n)
        .sum();
    assert!(all.rate() >= 0.995, "agreement {:.2}%", 100.0 * all.rate());
    assert!(
        all.tagged - all.agree - exchanged <= 5,
        "{} disagreements besides C85/C86",
        all.tagged - all.agree - exchanged
    );
}
