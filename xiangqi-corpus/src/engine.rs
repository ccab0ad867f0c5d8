//! The run: sources read in order under one lock a batch of games at a time (only finding where each game
//! ends: its moves are read on the worker that takes it), analysed on every thread,
//! and handed back in source order as record batches, so that memory stays bounded by a few batches
//! whatever the size of the corpus.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use arrow_array::RecordBatch;
use xiangqi_core::arbiter::ClassificationCache;
use xiangqi_core::record::{DeferredGame, RecordError, Records};

use crate::analyse::{analyse, Analysis, GameRow, PlyRow, ReadGame, Status};
use crate::batch::{games_batch, plies_batch};
use crate::input::{cannot_open, expand, Input, Origin, Source};
use crate::write::TableWriter;
use crate::RunError;

/// Games taken from the feed at a time.
const CHUNK: usize = 16;
/// Chunks a worker may be ahead of delivery. A chunk whose games take long (a repetition whose moves need
/// deep searches) holds up delivery in order; meanwhile the other workers go on with the chunks after it.
/// With two per thread they soon ran out and waited: two threads kept 1.77 cores busy, with eight 1.90.
const CHUNKS_AHEAD: usize = 8;

/// How a run goes.
#[derive(Clone, Debug)]
pub struct Options {
    /// What to compute.
    pub analysis: Analysis,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Only the games whose index in their source is in this range (all when `None`).
    pub games: Option<Range<usize>>,
    /// Game rows per record batch at most (the plies batch holds those games' plies).
    pub batch_games: usize,
    /// Ply rows per plies batch, roughly: a batch closes after the game that reaches this many, so that
    /// memory stays flat however long the games are.
    pub batch_plies: usize,
    /// Set from anywhere to stop the run: the rows analysed so far are still delivered, in order.
    pub cancel: Arc<AtomicBool>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            analysis: Analysis::default(),
            threads: 1,
            games: None,
            batch_games: 1024,
            batch_plies: 65_536,
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }
}

/// One delivery of rows: a batch of the games table and, with `plies`, the batch of their plies.
#[derive(Clone, Debug)]
pub struct Batch {
    /// Game rows.
    pub games: RecordBatch,
    /// Their ply rows, when plies are asked for.
    pub plies: Option<RecordBatch>,
}

/// How far a run is.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Game rows delivered.
    pub games: u64,
    /// Plies replayed.
    pub plies: u64,
    /// Rows with status `error` or `truncated`.
    pub errors: u64,
    /// Bytes of the sources read.
    pub bytes_read: u64,
    /// Bytes of all the sources (files as listed at the start, and bytes in memory).
    pub bytes_total: u64,
}

/// What a run did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Sources read.
    pub sources: u64,
    /// Game rows.
    pub games: u64,
    /// Plies replayed (main lines).
    pub plies: u64,
    /// Rows with status `complete`.
    pub complete: u64,
    /// Rows with status `truncated`.
    pub truncated: u64,
    /// Rows with status `error`.
    pub errors: u64,
    /// Warnings of all rows.
    pub warnings: u64,
    /// The run was cancelled: the rows delivered are a prefix of the full result, in order.
    pub cancelled: bool,
    /// Wall time.
    pub elapsed: Duration,
}

/// Counts the bytes read through it.
struct Counted<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A game found in a source under the feed's lock, its moves read later on a worker.
struct FoundGame {
    source: u32,
    source_name: Arc<str>,
    index: u32,
    format: Option<&'static str>,
    found: DeferredGame,
}

impl FoundGame {
    fn read(self) -> ReadGame {
        let FoundGame { source, source_name, index, format, found } = self;
        ReadGame { source, source_name, index, format, read: found.finish() }
    }
}

/// The sources, opened one after the other, and the games found so far.
struct Feed {
    sources: Vec<Source>,
    next_source: usize,
    current: Option<(u32, Records, u32)>,
    games: Option<Range<usize>>,
    bytes_read: Arc<AtomicU64>,
    next_chunk: u64,
}

impl Feed {
    /// The next games, numbered; empty when every source is read.
    fn next_chunk(&mut self) -> (u64, Vec<FoundGame>) {
        let mut out = Vec::with_capacity(CHUNK);
        while out.len() < CHUNK {
            if self.current.is_none() {
                let Some(source) = self.sources.get(self.next_source) else { break };
                let id = self.next_source as u32;
                self.next_source += 1;
                match self.open(source) {
                    Ok(records) => self.current = Some((id, records, 0)),
                    Err(message) => {
                        let found = DeferredGame::Read(Box::new(Err(RecordError::Io(message))));
                        out.push(FoundGame {
                            source: id,
                            source_name: Arc::clone(&source.name),
                            index: 0,
                            format: None,
                            found,
                        });
                    }
                }
                continue;
            }
            let Some((id, records, index)) = &mut self.current else { break };
            let Some(found) = records.next_deferred() else {
                self.current = None;
                continue;
            };
            let game_index = *index;
            *index += 1;
            let wanted = self.games.as_ref().is_none_or(|r| r.contains(&(game_index as usize)));
            // A source without any game still gives its one row, whatever the range.
            let no_game =
                matches!(&found, DeferredGame::Read(read) if matches!(**read, Err(RecordError::NoGame { .. })));
            if wanted || no_game {
                let format = Some(records.format().name());
                let source_name = Arc::clone(&self.sources[*id as usize].name);
                out.push(FoundGame { source: *id, source_name, index: game_index, format, found });
            }
            if self.games.as_ref().is_some_and(|r| game_index as usize + 1 >= r.end) {
                self.current = None;
            }
        }
        let number = self.next_chunk;
        self.next_chunk += 1;
        (number, out)
    }

    fn open(&self, source: &Source) -> Result<Records, String> {
        open_source(source, &self.bytes_read)
    }
}

/// The records of a source; `count` adds up the bytes read from it. The message says why it cannot be read.
pub(crate) fn open_source(source: &Source, count: &Arc<AtomicU64>) -> Result<Records, String> {
    let count = Arc::clone(count);
    match &source.origin {
        Origin::Unusable(message) => Err(message.clone()),
        Origin::File(path) => {
            let file = File::open(path).map_err(|e| cannot_open(&e))?;
            let extension = path.extension().and_then(|e| e.to_str());
            Records::from_reader(Counted { inner: file, count }, None, extension, None)
                .map_err(|e| format!("cannot read: {e}"))
        }
        Origin::Bytes(bytes) => {
            let reader = Counted { inner: io::Cursor::new(Arc::clone(bytes)), count };
            let extension = std::path::Path::new(&*source.name).extension().and_then(|e| e.to_str());
            Records::from_reader(reader, None, extension, None).map_err(|e| format!("cannot read: {e}"))
        }
    }
}

type Analysed = Vec<(GameRow, Vec<PlyRow>)>;

/// Chunks taken from the feed and not yet delivered, at most `limit`: a worker waits for a permit before
/// taking one, and the collector gives one back as it delivers a chunk in order. Chunks finished ahead of a
/// slow one then wait in bounded number, so memory does not grow with the corpus.
struct Permits {
    free: Mutex<usize>,
    returned: Condvar,
}

impl Permits {
    fn new(limit: usize) -> Permits {
        Permits { free: Mutex::new(limit), returned: Condvar::new() }
    }

    /// Waits for a permit; `false` when `stop` is set meanwhile.
    fn take(&self, stop: &dyn Fn() -> bool) -> bool {
        let Ok(mut free) = self.free.lock() else { return false };
        loop {
            if stop() {
                return false;
            }
            if *free > 0 {
                *free -= 1;
                return true;
            }
            match self.returned.wait_timeout(free, Duration::from_millis(50)) {
                Ok((guard, _)) => free = guard,
                Err(_) => return false,
            }
        }
    }

    fn give_back(&self) {
        if let Ok(mut free) = self.free.lock() {
            *free += 1;
            self.returned.notify_one();
        }
    }
}

/// What [`run_rows`] hands its rows to: a batch of game rows with their ply rows, and the source names.
pub type RowSink<'a> = dyn FnMut(Vec<(GameRow, Vec<PlyRow>)>, &[Arc<str>]) -> Result<(), RunError> + 'a;

/// Reads a game's moves and analyses it (classifying through `cache` when there is one); a panic in either
/// becomes an error row.
fn analyse_guarded(
    game: FoundGame,
    analysis: &Analysis,
    mut cache: Option<&mut ClassificationCache>,
) -> (GameRow, Vec<PlyRow>) {
    let (source, source_name, index, format) = (game.source, Arc::clone(&game.source_name), game.index, game.format);
    let analysed =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| analyse(game.read(), analysis, cache.as_deref_mut())));
    match analysed {
        Ok(rows) => rows,
        Err(_) => {
            if let Some(cache) = cache {
                cache.clear();
            }
            let read = Err(RecordError::Io("internal error while analysing this game".to_owned()));
            let (mut row, _) = analyse(ReadGame { source, source_name, index, format, read }, analysis, None);
            row.status = Status::Error;
            (row, Vec::new())
        }
    }
}

/// Runs the analysis of `inputs`: `deliver` gets the batches in source order, `progress` is called about
/// ten times a second from the calling thread. A source that cannot be read, or holds no game, gives one
/// row with status `error`; a game cut short, one with status `truncated`.
///
/// # Errors
///
/// `deliver`'s error (the run stops), or an Arrow error building a batch.
pub fn run(
    inputs: &[Input],
    options: &Options,
    deliver: &mut dyn FnMut(Batch) -> Result<(), RunError>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Summary, RunError> {
    let plies = options.analysis.plies;
    run_rows(
        inputs,
        options,
        &mut |rows, names| {
            let games: Vec<GameRow> = rows.iter().map(|(g, _)| g.clone()).collect();
            let games = games_batch(&games, names)?;
            let plies = if plies { Some(plies_batch(&rows, names)?) } else { None };
            deliver(Batch { games, plies })
        },
        progress,
    )
}

/// As [`run`], writing the games table to `games` and, when plies are asked for, the plies table to `plies`.
/// The tables are encoded and written on a thread of their own (one batch queued at most), so the analysis
/// goes on while a batch is written. Both writers are finished at the end, after a cancelled run too, so
/// that what was written is a whole file.
///
/// # Errors
///
/// A write error (the run stops, and that error is returned), or an Arrow error building a batch.
pub fn run_into(
    inputs: &[Input],
    options: &Options,
    mut games: TableWriter,
    mut plies: Option<TableWriter>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Summary, RunError> {
    let (summary, written) = std::thread::scope(|scope| {
        let (sender, receiver) = sync_channel::<Batch>(1);
        let writer = scope.spawn(move || -> Result<(), RunError> {
            for batch in receiver {
                games.write(&batch.games)?;
                if let (Some(out), Some(rows)) = (plies.as_mut(), batch.plies.as_ref()) {
                    out.write(rows)?;
                }
            }
            games.finish()?;
            plies.map_or(Ok(()), TableWriter::finish)
        });
        let summary = run(
            inputs,
            options,
            &mut |batch| sender.send(batch).map_err(|_| RunError::Output("the table writer stopped".to_owned())),
            progress,
        );
        drop(sender);
        let written = writer.join().unwrap_or_else(|_| Err(RunError::Output("the table writer failed".to_owned())));
        (summary, written)
    });
    // The writer's own error says more than the run's "stopped".
    written?;
    summary
}

/// As [`run`], with the rows as Rust values: `deliver` gets each batch's game rows with their ply rows,
/// and the run's source names (a row's `source` indexes them).
///
/// # Errors
///
/// `deliver`'s error: the run stops.
pub fn run_rows(
    inputs: &[Input],
    options: &Options,
    deliver: &mut RowSink<'_>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Summary, RunError> {
    let started = Instant::now();
    let sources = expand(inputs);
    let names: Vec<Arc<str>> = sources.iter().map(|s| Arc::clone(&s.name)).collect();
    let bytes_total = sources
        .iter()
        .map(|s| match &s.origin {
            Origin::File(path) => std::fs::metadata(path).map_or(0, |m| m.len()),
            Origin::Bytes(bytes) => bytes.len() as u64,
            Origin::Unusable(_) => 0,
        })
        .sum();
    let bytes_read = Arc::new(AtomicU64::new(0));
    let feed = Mutex::new(Feed {
        sources,
        next_source: 0,
        current: None,
        games: options.games.clone(),
        bytes_read: Arc::clone(&bytes_read),
        next_chunk: 0,
    });
    let threads = options.threads.max(1);
    let cancel = &options.cancel;
    let failed = AtomicBool::new(false);
    let (sender, receiver) = sync_channel::<(u64, Analysed)>(threads * CHUNKS_AHEAD);
    let permits = Permits::new(threads * CHUNKS_AHEAD + 2);
    let mut summary = Summary { sources: names.len() as u64, ..Summary::default() };
    let mut state = Progress { bytes_total, ..Progress::default() };
    let result = std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (feed, failed, permits) = (&feed, &failed, &permits);
            scope.spawn(move || {
                // Games of a corpus share their openings: their moves' classifications are kept across games.
                let mut cache = options.analysis.classify.then(ClassificationCache::new);
                loop {
                    let stop = || cancel.load(Ordering::Relaxed) || failed.load(Ordering::Relaxed);
                    if !permits.take(&stop) {
                        break;
                    }
                    let (number, chunk) = match feed.lock() {
                        Ok(mut feed) => feed.next_chunk(),
                        Err(_) => break,
                    };
                    if chunk.is_empty() {
                        permits.give_back();
                        break;
                    }
                    let rows = chunk
                        .into_iter()
                        .map(|game| analyse_guarded(game, &options.analysis, cache.as_mut()))
                        .collect();
                    if sender.send((number, rows)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let result =
            collect(receiver, options, &names, &mut summary, &mut state, &bytes_read, &permits, deliver, progress);
        if result.is_err() {
            failed.store(true, Ordering::Relaxed);
        }
        result
    });
    result?;
    summary.cancelled = cancel.load(Ordering::Relaxed);
    summary.elapsed = started.elapsed();
    state.bytes_read = bytes_read.load(Ordering::Relaxed);
    progress(&state);
    Ok(summary)
}

/// Puts the chunks back in order and delivers them a batch at a time.
#[allow(clippy::too_many_arguments)]
fn collect(
    receiver: Receiver<(u64, Analysed)>,
    options: &Options,
    names: &[Arc<str>],
    summary: &mut Summary,
    state: &mut Progress,
    bytes_read: &AtomicU64,
    permits: &Permits,
    deliver: &mut RowSink<'_>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<(), RunError> {
    let mut waiting: BTreeMap<u64, Analysed> = BTreeMap::new();
    let mut next = 0u64;
    let mut pending: Analysed = Vec::new();
    let mut last_report = Instant::now();
    let batch_games = options.batch_games.max(1);
    let batch_plies = options.batch_plies.max(1);
    let mut pending_plies = 0usize;
    let mut flush = |pending: &mut Analysed| -> Result<(), RunError> {
        if pending.is_empty() {
            return Ok(());
        }
        deliver(std::mem::take(pending), names)
    };
    for (number, rows) in receiver {
        waiting.insert(number, rows);
        while let Some(rows) = waiting.remove(&next) {
            next += 1;
            permits.give_back();
            for (game, plies) in rows {
                summary.games += 1;
                summary.plies += u64::from(game.plies);
                summary.warnings += game.warnings.len() as u64;
                match game.status {
                    Status::Complete => summary.complete += 1,
                    Status::Truncated => summary.truncated += 1,
                    Status::Error => summary.errors += 1,
                }
                pending_plies += plies.len();
                pending.push((game, plies));
                if pending.len() >= batch_games || pending_plies >= batch_plies {
                    flush(&mut pending)?;
                    pending_plies = 0;
                }
            }
        }
        if last_report.elapsed() >= Duration::from_millis(100) {
            last_report = Instant::now();
            *state = Progress {
                games: summary.games,
                plies: summary.plies,
                errors: summary.errors + summary.truncated,
                bytes_read: bytes_read.load(Ordering::Relaxed),
                bytes_total: state.bytes_total,
            };
            progress(state);
        }
    }
    flush(&mut pending)?;
    state.games = summary.games;
    state.plies = summary.plies;
    state.errors = summary.errors + summary.truncated;
    Ok(())
}
