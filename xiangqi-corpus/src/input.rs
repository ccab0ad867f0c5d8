//! What a run reads: files, directories (recursively), glob patterns and bytes held in memory, expanded
//! into an ordered list of sources. A path that cannot be used becomes a source of its own that yields one
//! error row, so that nothing asked for disappears from the tables.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The file name extensions taken from a directory (any case): record files.
pub const RECORD_EXTENSIONS: [&str; 7] = ["pgn", "xqf", "html", "htm", "cbr", "cbl", "cbf"];

/// One input of a run.
#[derive(Clone, Debug)]
pub enum Input {
    /// A file, or a directory whose record files (by [`RECORD_EXTENSIONS`]) are read recursively in name order.
    Path(PathBuf),
    /// A glob pattern (`data/**/*.pgn`), its matches in name order.
    Glob(String),
    /// A record held in memory, with the name it goes by in the `source` column.
    Bytes {
        /// The source name.
        name: String,
        /// The record's bytes.
        bytes: Arc<[u8]>,
    },
    /// A source already known to give one error row with this message, as a
    /// [`survey`](crate::survey) reports it: a run split over several machines gives that row again,
    /// word for word, without looking for the source a second time.
    Unreadable {
        /// The source name.
        name: String,
        /// Why it cannot be read (the row's `error`).
        message: String,
    },
}

impl Input {
    /// A command-line argument: a glob if it has `*`, `?` or `[` and names no existing path, else a path.
    pub fn from_arg(arg: &str) -> Input {
        if arg.contains(['*', '?', '[']) && !Path::new(arg).exists() {
            Input::Glob(arg.to_owned())
        } else {
            Input::Path(PathBuf::from(arg))
        }
    }

    /// Bytes with a name.
    pub fn bytes(name: impl Into<String>, bytes: impl Into<Arc<[u8]>>) -> Input {
        Input::Bytes { name: name.into(), bytes: bytes.into() }
    }
}

/// Where a source's bytes are.
#[derive(Clone, Debug)]
pub(crate) enum Origin {
    File(PathBuf),
    Bytes(Arc<[u8]>),
    /// Nothing to read: the input could not be used (the message says why).
    Unusable(String),
}

/// One source of games, with its name in the `source` column.
#[derive(Clone, Debug)]
pub(crate) struct Source {
    pub name: Arc<str>,
    pub origin: Origin,
}

/// The message of a file that cannot be opened (its row's error, whether found when listing or reading).
pub(crate) fn cannot_open(err: &std::io::Error) -> String {
    format!("cannot open: {err}")
}

fn is_record_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| RECORD_EXTENSIONS.iter().any(|r| r.eq_ignore_ascii_case(e)))
}

fn display(path: &Path) -> Arc<str> {
    Arc::from(path.to_string_lossy().as_ref())
}

/// The sources of the inputs, in order.
pub(crate) fn expand(inputs: &[Input]) -> Vec<Source> {
    let mut sources = Vec::new();
    for input in inputs {
        match input {
            Input::Path(path) => expand_path(path, &mut sources),
            Input::Glob(pattern) => match glob::glob(pattern) {
                Ok(paths) => {
                    let before = sources.len();
                    let mut matched: Vec<PathBuf> = Vec::new();
                    for entry in paths {
                        match entry {
                            Ok(path) => matched.push(path),
                            Err(err) => sources.push(Source {
                                name: display(err.path()),
                                origin: Origin::Unusable(format!("cannot read: {}", err.error())),
                            }),
                        }
                    }
                    matched.sort();
                    for path in matched {
                        expand_path(&path, &mut sources);
                    }
                    if sources.len() == before {
                        let origin = Origin::Unusable("no file matches the pattern".to_owned());
                        sources.push(Source { name: Arc::from(pattern.as_str()), origin });
                    }
                }
                Err(err) => sources.push(Source {
                    name: Arc::from(pattern.as_str()),
                    origin: Origin::Unusable(format!("not a glob pattern: {err}")),
                }),
            },
            Input::Bytes { name, bytes } => {
                sources.push(Source { name: Arc::from(name.as_str()), origin: Origin::Bytes(Arc::clone(bytes)) })
            }
            Input::Unreadable { name, message } => {
                sources.push(Source { name: Arc::from(name.as_str()), origin: Origin::Unusable(message.clone()) })
            }
        }
    }
    sources
}

fn expand_path(path: &Path, sources: &mut Vec<Source>) {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            let before = sources.len();
            let mut seen = HashSet::new();
            walk(path, &mut seen, sources);
            if sources.len() == before {
                let origin = Origin::Unusable("the directory holds no record file (.pgn, .xqf, .html)".to_owned());
                sources.push(Source { name: display(path), origin });
            }
        }
        Ok(_) => sources.push(Source { name: display(path), origin: Origin::File(path.to_path_buf()) }),
        Err(err) => sources.push(Source { name: display(path), origin: Origin::Unusable(cannot_open(&err)) }),
    }
}

/// The record files under a directory, in name order; a directory already seen (a symbolic link loop) is
/// entered once.
fn walk(dir: &Path, seen: &mut HashSet<PathBuf>, sources: &mut Vec<Source>) {
    let canonical = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    if !seen.insert(canonical) {
        return;
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) => {
            sources.push(Source { name: display(dir), origin: Origin::Unusable(format!("cannot list: {err}")) });
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        match std::fs::metadata(&path) {
            Ok(meta) if meta.is_dir() => walk(&path, seen, sources),
            Ok(_) if is_record_file(&path) => {
                sources.push(Source { name: display(&path), origin: Origin::File(path) });
            }
            Ok(_) => {}
            // A dangling link or an entry that vanished: said, if it looks like a record.
            Err(err) if is_record_file(&path) => {
                sources.push(Source { name: display(&path), origin: Origin::Unusable(cannot_open(&err)) })
            }
            Err(_) => {}
        }
    }
}
