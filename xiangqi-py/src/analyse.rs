//! Bulk analysis: every game of a list of record files replayed through the arbiter, with the GIL released.
//! Threads share one feed of games (reading and parsing happen under its lock, a batch at a time) and
//! analyse their batches in parallel; rows come back ordered by file and game, whatever the thread count.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use xiangqi_core::arbiter::{ArbiterConfig, Verdict};
use xiangqi_core::chinese;
use xiangqi_core::record::{GameRecord, RecordError};
use xiangqi_core::{Game, Move};

use crate::board::rule_set;
use crate::errors::XiangqiError;
use crate::outcome::{verdict_kind, Termination};
use crate::source::{open_games, Counted, GameStream};

/// Games taken from the feed at a time.
const BATCH: usize = 32;
/// How often the calling thread reports progress and looks for Ctrl-C.
const REPORT_EVERY: Duration = Duration::from_millis(100);

/// What to compute.
#[derive(Clone)]
struct Options {
    config: ArbiterConfig,
    plies: bool,
    classify_all: bool,
}

/// The first repetition ruling of a game.
struct Repetition {
    ply: usize,
    kind: &'static str,
    summary: &'static str,
    termination: &'static str,
    article: &'static str,
    side: Option<&'static str>,
}

struct PlyRow {
    mv: Move,
    chinese: String,
    class: Option<&'static str>,
    check: bool,
    capture: bool,
}

struct GameRow {
    file: usize,
    index: usize,
    tags: Vec<(String, String)>,
    result: &'static str,
    start_fen: String,
    plies: usize,
    verdict: &'static str,
    termination: Option<&'static str>,
    repetition: Option<Repetition>,
    repetitions: usize,
    error: Option<String>,
    error_ply: Option<usize>,
    error_offset: Option<u64>,
    error_line: Option<u64>,
    ply_rows: Vec<PlyRow>,
}

/// The files, opened one after the other, and the games read so far.
struct Feed {
    paths: Vec<PathBuf>,
    next_file: usize,
    current: Option<(usize, GameStream, usize)>,
    bytes_read: Arc<AtomicU64>,
}

type Item = (usize, usize, Result<GameRecord, RecordError>);

impl Feed {
    fn next_batch(&mut self, out: &mut Vec<Item>) {
        while out.len() < BATCH {
            if self.current.is_none() {
                let Some(path) = self.paths.get(self.next_file) else { return };
                let file = self.next_file;
                self.next_file += 1;
                let extension = path.extension().and_then(|e| e.to_str()).map(str::to_owned);
                let opened = std::fs::File::open(path).and_then(|f| {
                    open_games(Counted::new(f, Arc::clone(&self.bytes_read)), extension.as_deref(), None)
                });
                match opened {
                    Ok((_, games)) => self.current = Some((file, games, 0)),
                    Err(e) => {
                        out.push((file, 0, Err(RecordError::Io(format!("{}: {e}", path.display())))));
                        continue;
                    }
                }
            }
            let Some((file, games, index)) = &mut self.current else { return };
            match games.next() {
                Some(game) => {
                    out.push((*file, *index, game));
                    *index += 1;
                }
                None => self.current = None,
            }
        }
    }
}

fn analyse_record(file: usize, index: usize, read: Result<GameRecord, RecordError>, options: &Options) -> GameRow {
    let (record, error) = match read {
        Ok(record) => (Some(record), None),
        Err(err) => (err.partial().cloned(), Some(err)),
    };
    let location = error.as_ref().and_then(|e| e.location().cloned());
    let mut row = GameRow {
        file,
        index,
        tags: Vec::new(),
        result: "*",
        start_fen: String::new(),
        plies: 0,
        verdict: "continue",
        termination: None,
        repetition: None,
        repetitions: 0,
        error: error.as_ref().map(ToString::to_string),
        error_ply: location.as_ref().and_then(|l| l.ply),
        error_offset: location.as_ref().map(|l| l.byte_offset),
        error_line: location.as_ref().and_then(|l| l.line),
        ply_rows: Vec::new(),
    };
    let Some(record) = record else { return row };
    row.tags = record.tags.iter().map(|(k, v)| (k.to_owned(), v.to_owned())).collect();
    row.result = record.result.as_pgn();
    row.start_fen = record.start().fen();
    let mut game = Game::with_config(record.start().clone(), options.config.clone());
    let mut classes: Vec<Option<&'static str>> = Vec::new();
    for m in record.main_line() {
        let before = game.position();
        let capture = before.is_capture(m);
        let chinese = if options.plies { chinese::write(before, m) } else { String::new() };
        if game.push(m).is_err() {
            // Record trees hold legal moves only; stop rather than guess if one ever is not.
            row.error.get_or_insert_with(|| format!("illegal move {m} at ply {}", game.len() + 1));
            break;
        }
        let ply = game.len();
        // Continue unless the position occurs for the third time (or more) since the last irreversible move.
        let verdict = game.repetition_verdict_at(ply);
        if let Some(ruling) = verdict.ruling() {
            row.repetitions += 1;
            if options.plies {
                classes.resize(ply, None);
                for (i, c) in &ruling.moves {
                    classes[*i] = Some(c.class.name());
                }
            }
            row.repetition.get_or_insert(Repetition {
                ply,
                kind: verdict_kind(&verdict).unwrap_or("continue"),
                summary: verdict.summary(),
                termination: Termination::from_reason(ruling.reason).snake_name(),
                article: ruling.reason.article(),
                side: ruling.side.map(|c| c.name()),
            });
        }
        if options.plies {
            row.ply_rows.push(PlyRow { mv: m, chinese, class: None, check: game.position().is_check(), capture });
        }
    }
    row.plies = game.len();
    let verdict = game.verdict();
    row.verdict = verdict.summary();
    row.termination = verdict.ruling().map(|r| Termination::from_reason(r.reason).snake_name());
    if let Verdict::Loss(r) | Verdict::Draw(r) | Verdict::MustChange(r) = &verdict {
        if options.plies {
            classes.resize(game.len(), None);
            for (i, c) in &r.moves {
                classes[*i] = Some(c.class.name());
            }
        }
    }
    if options.plies {
        for (i, ply_row) in row.ply_rows.iter_mut().enumerate() {
            ply_row.class = if options.classify_all {
                game.classify(i).map(|c| c.class.name())
            } else {
                classes.get(i).copied().flatten()
            };
        }
    }
    row
}

/// Shared state of one run.
struct Run<'a> {
    feed: &'a Mutex<Feed>,
    options: &'a Options,
    games_done: &'a AtomicUsize,
    stop: &'a AtomicBool,
}

impl Run<'_> {
    /// Takes batches until the feed is empty; `report` is called between batches.
    fn work(&self, mut report: impl FnMut() -> bool) -> Vec<GameRow> {
        let mut rows = Vec::new();
        let mut batch = Vec::with_capacity(BATCH);
        while !self.stop.load(Ordering::Relaxed) {
            match self.feed.lock() {
                Ok(mut feed) => feed.next_batch(&mut batch),
                Err(_) => break,
            }
            if batch.is_empty() {
                break;
            }
            for (file, index, read) in batch.drain(..) {
                rows.push(analyse_record(file, index, read, self.options));
                self.games_done.fetch_add(1, Ordering::Relaxed);
            }
            if !report() {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        rows
    }
}

/// Analyses every game of `paths`. Returns `(games, plies)` as dicts of equal-length lists; `plies` is
/// `None` unless asked for. `progress(games_done, bytes_read, bytes_total)` is called about ten times a
/// second from the calling thread.
#[pyfunction]
#[pyo3(signature = (paths, *, threads = 1, rules = "cxa", plies = false, classify = false, progress = None))]
pub fn analyse_files<'py>(
    py: Python<'py>,
    paths: Vec<PathBuf>,
    threads: usize,
    rules: &str,
    plies: bool,
    classify: bool,
    progress: Option<Py<PyAny>>,
) -> PyResult<(Bound<'py, PyDict>, Option<Bound<'py, PyDict>>)> {
    if threads == 0 {
        return Err(XiangqiError::new_err("threads must be at least 1"));
    }
    let options = Options {
        config: ArbiterConfig::with_rules(rule_set(rules)?),
        plies: plies || classify,
        classify_all: classify,
    };
    let bytes_total: u64 = paths.iter().filter_map(|p| std::fs::metadata(p).ok()).map(|m| m.len()).sum();
    let bytes_read = Arc::new(AtomicU64::new(0));
    let feed =
        Mutex::new(Feed { paths: paths.clone(), next_file: 0, current: None, bytes_read: Arc::clone(&bytes_read) });
    let games_done = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let run = Run { feed: &feed, options: &options, games_done: &games_done, stop: &stop };
    let mut interrupted: Option<PyErr> = None;
    let mut rows = py.detach(|| {
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(|| run.work(|| true))).collect();
            let mut last = Instant::now();
            let mut rows = run.work(|| {
                if last.elapsed() < REPORT_EVERY {
                    return true;
                }
                last = Instant::now();
                Python::attach(|py| {
                    if let Err(e) = py.check_signals() {
                        interrupted = Some(e);
                        return false;
                    }
                    if let Some(callback) = &progress {
                        let done = games_done.load(Ordering::Relaxed);
                        if let Err(e) = callback.bind(py).call1((done, bytes_read.load(Ordering::Relaxed), bytes_total))
                        {
                            interrupted = Some(e);
                            return false;
                        }
                    }
                    true
                })
            });
            for helper in helpers {
                match helper.join() {
                    Ok(more) => rows.extend(more),
                    Err(_) => stop.store(true, Ordering::Relaxed),
                }
            }
            rows
        })
    });
    if let Some(err) = interrupted {
        return Err(err);
    }
    if stop.load(Ordering::Relaxed) {
        return Err(XiangqiError::new_err("the analysis stopped: a worker thread failed"));
    }
    if let Some(callback) = &progress {
        callback.bind(py).call1((
            games_done.load(Ordering::Relaxed),
            bytes_read.load(Ordering::Relaxed),
            bytes_total,
        ))?;
    }
    rows.sort_by_key(|r| (r.file, r.index));
    let names: Vec<Bound<'py, PyString>> = paths.iter().map(|p| PyString::new(py, &p.to_string_lossy())).collect();
    let games = game_columns(py, &rows, &names)?;
    let ply_table = if options.plies { Some(ply_columns(py, &rows, &names)?) } else { None };
    Ok((games, ply_table))
}

fn column<'py, T, I>(py: Python<'py>, values: I) -> PyResult<Bound<'py, PyList>>
where
    T: IntoPyObject<'py>,
    I: IntoIterator<Item = T>,
    I::IntoIter: ExactSizeIterator,
{
    PyList::new(py, values)
}

fn game_columns<'py>(
    py: Python<'py>,
    rows: &[GameRow],
    names: &[Bound<'py, PyString>],
) -> PyResult<Bound<'py, PyDict>> {
    let table = PyDict::new(py);
    table.set_item("file", column(py, rows.iter().map(|r| &names[r.file]))?)?;
    table.set_item("index", column(py, rows.iter().map(|r| r.index))?)?;
    let mut tag_names: Vec<&str> = Vec::new();
    for row in rows {
        for (name, _) in &row.tags {
            if !tag_names.contains(&name.as_str()) {
                tag_names.push(name);
            }
        }
    }
    for name in &tag_names {
        let values = rows.iter().map(|r| r.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()));
        table.set_item(*name, column(py, values)?)?;
    }
    table.set_item("result", column(py, rows.iter().map(|r| r.result))?)?;
    table.set_item("start_fen", column(py, rows.iter().map(|r| r.start_fen.as_str()))?)?;
    table.set_item("plies", column(py, rows.iter().map(|r| r.plies))?)?;
    table.set_item("verdict", column(py, rows.iter().map(|r| r.verdict))?)?;
    table.set_item("termination", column(py, rows.iter().map(|r| r.termination))?)?;
    let rep = |f: fn(&Repetition) -> Option<&'static str>| rows.iter().map(move |r| r.repetition.as_ref().and_then(f));
    table.set_item("repetition_ply", column(py, rows.iter().map(|r| r.repetition.as_ref().map(|x| x.ply)))?)?;
    table.set_item("repetition_verdict", column(py, rep(|x| Some(x.kind)))?)?;
    table.set_item("repetition_summary", column(py, rep(|x| Some(x.summary)))?)?;
    table.set_item("repetition_termination", column(py, rep(|x| Some(x.termination)))?)?;
    table.set_item("repetition_article", column(py, rep(|x| Some(x.article)))?)?;
    table.set_item("repetition_side", column(py, rep(|x| x.side))?)?;
    table.set_item("repetitions", column(py, rows.iter().map(|r| r.repetitions))?)?;
    table.set_item("error", column(py, rows.iter().map(|r| r.error.as_deref()))?)?;
    table.set_item("error_ply", column(py, rows.iter().map(|r| r.error_ply))?)?;
    table.set_item("error_offset", column(py, rows.iter().map(|r| r.error_offset))?)?;
    table.set_item("error_line", column(py, rows.iter().map(|r| r.error_line))?)?;
    Ok(table)
}

/// Makes one column's value from a game row, the move's index and its ply row.
type PlyCell<'a, 'py> = &'a dyn Fn(&GameRow, usize, &PlyRow) -> PyResult<Bound<'py, PyAny>>;

fn ply_columns<'py>(py: Python<'py>, rows: &[GameRow], names: &[Bound<'py, PyString>]) -> PyResult<Bound<'py, PyDict>> {
    let all = || rows.iter().flat_map(|r| r.ply_rows.iter().enumerate().map(move |(i, p)| (r, i, p)));
    let count = rows.iter().map(|r| r.ply_rows.len()).sum::<usize>();
    let table = PyDict::new(py);
    let collect = |f: PlyCell<'_, 'py>| -> PyResult<Bound<'py, PyList>> {
        let mut values = Vec::with_capacity(count);
        for (r, i, p) in all() {
            values.push(f(r, i, p)?);
        }
        PyList::new(py, values)
    };
    table.set_item("file", collect(&|r, _, _| Ok(names[r.file].clone().into_any()))?)?;
    table.set_item("index", collect(&|r, _, _| Ok(r.index.into_pyobject(py)?.into_any()))?)?;
    table.set_item("ply", collect(&|_, i, _| Ok((i + 1).into_pyobject(py)?.into_any()))?)?;
    table.set_item("iccs", collect(&|_, _, p| Ok(PyString::new(py, &p.mv.to_string()).into_any()))?)?;
    table.set_item("chinese", collect(&|_, _, p| Ok(PyString::new(py, &p.chinese).into_any()))?)?;
    table.set_item("move_class", collect(&|_, _, p| Ok(p.class.into_pyobject(py)?.into_any()))?)?;
    table.set_item("check", collect(&|_, _, p| Ok(pyo3::types::PyBool::new(py, p.check).to_owned().into_any()))?)?;
    table
        .set_item("capture", collect(&|_, _, p| Ok(pyo3::types::PyBool::new(py, p.capture).to_owned().into_any()))?)?;
    Ok(table)
}
