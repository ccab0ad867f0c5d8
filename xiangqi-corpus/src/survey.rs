//! What a run would read, source by source, without analysing a game: the names, the paths and the number
//! of game rows of each source. A run split over several machines plans its pieces from it: every source,
//! and every range of games within a large one, can then be analysed anywhere and give exactly the rows of
//! one run over everything.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::engine::open_source;
use crate::input::{expand, Input, Origin};

/// One source of a run, as [`survey`] found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SurveyedSource {
    /// The name in the `source` column (it enters the `game_id`).
    pub name: String,
    /// The file, for a source read from a file; `None` for bytes in memory and for a source that cannot
    /// be read.
    pub path: Option<PathBuf>,
    /// The game rows the source gives (at least 1: a source without a game, or one that cannot be read,
    /// gives one error row). A game range `a..b` of this source gives the rows of indices `a..b`.
    pub games: u64,
    /// The source's size in bytes (0 when it cannot be read).
    pub bytes: u64,
    /// Why the source cannot be read, when it cannot: its one row has this error.
    pub error: Option<String>,
}

impl SurveyedSource {
    /// The input that gives this source's rows again: its file, or its error row. `None` for bytes in
    /// memory, which the caller holds (give them again with [`Input::bytes`] and the same name).
    pub fn input(&self) -> Option<Input> {
        match (&self.error, &self.path) {
            (Some(message), _) => Some(Input::Unreadable { name: self.name.clone(), message: message.clone() }),
            (None, Some(path)) => Some(Input::Path(path.clone())),
            (None, None) => None,
        }
    }
}

/// The sources of `inputs` in the order a run reads them, each with its number of game rows. Finding
/// where each game ends is read, not the moves: a small part of the cost of analysing.
///
/// ```
/// use xiangqi_corpus::{survey, Input};
///
/// let pgn = "[Event \"1\"]\n1. h2e2 *\n\n[Event \"2\"]\n1. h2e2 h9g7 *\n";
/// let found = survey(&[Input::bytes("two.pgn", pgn.as_bytes()), Input::Path("missing.pgn".into())]);
/// assert_eq!((found[0].name.as_str(), found[0].games), ("two.pgn", 2));
/// assert_eq!(found[1].games, 1); // its error row
/// assert!(found[1].error.as_deref().unwrap().starts_with("cannot open"));
/// ```
pub fn survey(inputs: &[Input]) -> Vec<SurveyedSource> {
    expand(inputs)
        .into_iter()
        .map(|source| {
            let path = match &source.origin {
                Origin::File(path) => Some(path.clone()),
                _ => None,
            };
            let name = source.name.to_string();
            let read = Arc::new(AtomicU64::new(0));
            match open_source(&source, &read) {
                Ok(mut records) => {
                    let mut games = 0u64;
                    while records.next_deferred().is_some() {
                        games += 1;
                    }
                    SurveyedSource { name, path, games, bytes: read.load(Ordering::Relaxed), error: None }
                }
                Err(message) => SurveyedSource { name, path: None, games: 1, bytes: 0, error: Some(message) },
            }
        })
        .collect()
}
