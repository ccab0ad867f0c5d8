//! What a run would read, source by source, without analysing a game: the names, the paths and the number
//! of game rows of each source. A run split over several machines plans its pieces from it: every source,
//! and every range of games within a large one, can then be analysed anywhere and give exactly the rows of
//! one run over everything.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::engine::open_source;
use crate::input::{cannot_open, expand, Input, Origin};

/// One source of a run, as [`survey`] found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SurveyedSource {
    /// The name in the `source` column (it enters the `game_id`).
    pub name: String,
    /// The file, for a source read from a file; `None` for bytes in memory and for a source that cannot
    /// be read.
    pub path: Option<PathBuf>,
    /// The game rows the source gives (at least 1: a source without a game, or one that cannot be read,
    /// gives one error row). A game range `a..b` of this source gives the rows of indices `a..b`. `None`
    /// when not counted ([`list_sources`]).
    pub games: Option<u64>,
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

/// The sources of `inputs` in the order a run reads them, with their sizes, without reading them: a
/// source that cannot be used is known by now (`games` is then `Some(1)`, its error row), the others are
/// not counted (`None`). [`survey`] lists and counts.
///
/// ```
/// use xiangqi_corpus::{list_sources, Input};
///
/// let listed = list_sources(&[Input::bytes("one.pgn", &b"1. h2e2 *\n"[..]), Input::Glob("/nowhere/*.pgn".into())]);
/// assert_eq!((listed[0].bytes, listed[0].games), (10, None));
/// assert_eq!((listed[1].games, listed[1].error.as_deref()), (Some(1), Some("no file matches the pattern")));
/// ```
pub fn list_sources(inputs: &[Input]) -> Vec<SurveyedSource> {
    expand(inputs)
        .into_iter()
        .map(|source| {
            let name = source.name.to_string();
            match source.origin {
                Origin::File(path) => match std::fs::metadata(&path) {
                    Ok(meta) => SurveyedSource { name, path: Some(path), games: None, bytes: meta.len(), error: None },
                    Err(err) => unusable(name, cannot_open(&err)),
                },
                Origin::Bytes(bytes) => {
                    SurveyedSource { name, path: None, games: None, bytes: bytes.len() as u64, error: None }
                }
                Origin::Unusable(message) => unusable(name, message),
            }
        })
        .collect()
}

fn unusable(name: String, message: String) -> SurveyedSource {
    SurveyedSource { name, path: None, games: Some(1), bytes: 0, error: Some(message) }
}

/// The sources of `inputs` in the order a run reads them, each with its number of game rows (see
/// [`list_sources`] for the listing alone).
///
/// ```
/// use xiangqi_corpus::{survey, Input};
///
/// let pgn = "[Event \"1\"]\n1. h2e2 *\n\n[Event \"2\"]\n1. h2e2 h9g7 *\n";
/// let found = survey(&[Input::bytes("two.pgn", pgn.as_bytes()), Input::Path("missing.pgn".into())]);
/// assert_eq!((found[0].name.as_str(), found[0].games), ("two.pgn", Some(2)));
/// assert_eq!(found[1].games, Some(1)); // its error row
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
                    SurveyedSource { name, path, games: Some(games), bytes: read.load(Ordering::Relaxed), error: None }
                }
                Err(message) => unusable(name, message),
            }
        })
        .collect()
}
