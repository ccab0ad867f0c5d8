//! Whole game databases through the bulk engine of `xiangqi-corpus`: the tables of docs/schema.md written to
//! Parquet, CSV or JSON lines, or handed to the caller batch by batch through the Arrow C data interface.
//! The engine is the one the `xiangqi` command and the Python package run.

use std::ffi::{c_char, c_int, c_void};
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::Ordering;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::{Array, RecordBatch, StructArray};
use xiangqi_core::arbiter::ArbiterConfig;
use xiangqi_corpus::{
    games_schema, plies_schema, Analysis, Batch, Input, Options, OutputFormat, Progress, RunError, Summary, TableWriter,
};

use crate::args::{bytes, text, Out};
use crate::enums::rule_set;
use crate::error::{guard, Error, Result};
use crate::status::XqStatus;

/// The Arrow C data interface's `struct ArrowArray` (defined in the header, as the Arrow specification
/// gives it).
pub type ArrowArray = FFI_ArrowArray;

/// The Arrow C data interface's `struct ArrowSchema`.
pub type ArrowSchema = FFI_ArrowSchema;

/// One input of a corpus run: a path (a file, a directory read recursively, or a glob pattern), or a
/// record held in memory with the name it goes by in the `source` column.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqCorpusInput {
    /// The path or pattern, or for bytes the source name: `name_len` bytes of UTF-8.
    pub name: *const c_char,
    /// Its length in bytes.
    pub name_len: usize,
    /// The record's bytes (copied during the call), or NULL for a path.
    pub bytes: *const u8,
    /// Their length.
    pub bytes_len: usize,
}

/// How far a run is, as given to an XqCorpusProgressCallback.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct XqCorpusProgress {
    /// Game rows delivered.
    pub games: u64,
    /// Plies replayed.
    pub plies: u64,
    /// Rows with status `error` or `truncated`.
    pub errors: u64,
    /// Bytes of the sources read.
    pub bytes_read: u64,
    /// Bytes of all the sources.
    pub bytes_total: u64,
}

/// Called about ten times a second from the calling thread; a non-zero return stops the run (the rows
/// analysed so far are still delivered, in order, and the summary says `cancelled`).
pub type XqCorpusProgressCallback =
    Option<unsafe extern "C" fn(progress: *const XqCorpusProgress, user: *mut c_void) -> c_int>;

/// Called on the calling thread with each batch, in source order: the games batch and, when plies are
/// asked for, the batch of their plies (else both plies pointers are NULL), as Arrow C data interface
/// structs (each batch is a struct array whose schema is the table's). The callback may move any of the
/// four structs out (copy it and set the original's `release` to NULL); what it leaves is released when it
/// returns. A non-zero return stops the run.
pub type XqCorpusBatchCallback = Option<
    unsafe extern "C" fn(
        games: *mut ArrowArray,
        games_schema: *mut ArrowSchema,
        plies: *mut ArrowArray,
        plies_schema: *mut ArrowSchema,
        user: *mut c_void,
    ) -> c_int,
>;

/// What a corpus run computes and how. Fill it with xq_corpus_options_default() and change what you need,
/// so that a later version's new fields keep their defaults.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XqCorpusOptions {
    /// The repetition rules (an XqRules value).
    pub rules: u32,
    /// Worker threads; 0 for one per core.
    pub threads: u32,
    /// One row per ply (the plies table).
    pub plies: bool,
    /// Classify every move of the main line (slow; implies `plies`).
    pub classify: bool,
    /// Fill the plies table's `fen` column.
    pub fen: bool,
    /// Add the moves of every variation line to the plies table.
    pub variations: bool,
    /// Only the games whose index in their source is in `[games_start, games_end)`; the default is every
    /// game (0 and UINT64_MAX).
    pub games_start: u64,
    /// See `games_start`.
    pub games_end: u64,
    /// Progress and cancellation, or NULL.
    pub progress: XqCorpusProgressCallback,
    /// Given to the callbacks.
    pub user: *mut c_void,
}

/// What a corpus run did.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct XqCorpusSummary {
    /// Sources read (files, and records in memory).
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
    /// A callback stopped the run: the rows delivered are a prefix of the full result.
    pub cancelled: bool,
    /// Wall time in seconds.
    pub seconds: f64,
}

impl From<&Summary> for XqCorpusSummary {
    fn from(s: &Summary) -> XqCorpusSummary {
        XqCorpusSummary {
            sources: s.sources,
            games: s.games,
            plies: s.plies,
            complete: s.complete,
            truncated: s.truncated,
            errors: s.errors,
            warnings: s.warnings,
            cancelled: s.cancelled,
            seconds: s.elapsed.as_secs_f64(),
        }
    }
}

/// The version of the tables' schema (docs/schema.md), also in each table's metadata under
/// `xiangqi.schema_version`. Static: never free it.
#[no_mangle]
pub extern "C" fn xq_corpus_schema_version() -> *const c_char {
    static VERSION: std::sync::OnceLock<std::ffi::CString> = std::sync::OnceLock::new();
    VERSION.get_or_init(|| std::ffi::CString::new(xiangqi_corpus::SCHEMA_VERSION).unwrap_or_default()).as_ptr()
}

/// Fills `options` with the defaults: CXA rules, one thread per core, game rows only, every game.
#[no_mangle]
pub unsafe extern "C" fn xq_corpus_options_default(options: *mut XqCorpusOptions) -> XqStatus {
    guard(|| {
        let out = Out::new(options, "options")?;
        let defaults = XqCorpusOptions {
            rules: 0,
            threads: 0,
            plies: false,
            classify: false,
            fen: false,
            variations: false,
            games_start: 0,
            games_end: u64::MAX,
            progress: None,
            user: std::ptr::null_mut(),
        };
        // SAFETY: checked out-parameter, writable by the caller's contract.
        unsafe { out.set(defaults) };
        Ok(())
    })
}

/// The engine's inputs from the caller's array.
///
/// # Safety
/// `inputs` must point to `count` readable XqCorpusInput values whose pointers follow their own contracts.
unsafe fn read_inputs(inputs: *const XqCorpusInput, count: usize) -> Result<Vec<Input>> {
    // SAFETY: the caller's contract.
    let list = unsafe { crate::args::array(inputs, count, "inputs") }?;
    let mut out = Vec::with_capacity(list.len());
    for (i, input) in list.iter().enumerate() {
        // SAFETY: the caller's contract for each input.
        let name = unsafe { text(input.name, input.name_len, &format!("inputs[{i}].name")) }?;
        if input.bytes.is_null() {
            if input.bytes_len != 0 {
                return Err(Error::null(&format!("inputs[{i}].bytes")));
            }
            out.push(Input::from_arg(name));
        } else {
            // SAFETY: the caller's contract.
            let data = unsafe { bytes(input.bytes, input.bytes_len, &format!("inputs[{i}].bytes")) }?;
            out.push(Input::bytes(name, data.to_vec()));
        }
    }
    Ok(out)
}

/// The engine's options from the caller's.
fn engine_options(options: &XqCorpusOptions) -> Result<Options> {
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n as usize,
    };
    if options.games_start > options.games_end {
        return Err(Error::invalid(format!(
            "options: games_start {} is after games_end {}",
            options.games_start, options.games_end
        )));
    }
    let games = (options.games_start, options.games_end) != (0, u64::MAX);
    let clamp = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    let range: Option<Range<usize>> = games.then(|| clamp(options.games_start)..clamp(options.games_end));
    Ok(Options {
        analysis: Analysis {
            config: ArbiterConfig::with_rules(rule_set(options.rules)?),
            plies: options.plies || options.classify,
            classify: options.classify,
            fen: options.fen,
            variations: options.variations,
        },
        threads,
        games: range,
        ..Options::default()
    })
}

/// Runs the engine, calling the progress callback and stopping the run when it asks.
fn run_with_progress(
    options: &XqCorpusOptions,
    engine: &Options,
    run: impl FnOnce(&mut dyn FnMut(&Progress)) -> std::result::Result<Summary, RunError>,
) -> Result<Summary> {
    let cancel = &engine.cancel;
    let mut progress = |p: &Progress| {
        if let Some(callback) = options.progress {
            let state = XqCorpusProgress {
                games: p.games,
                plies: p.plies,
                errors: p.errors,
                bytes_read: p.bytes_read,
                bytes_total: p.bytes_total,
            };
            // SAFETY: the caller's callback, given a pointer valid for the call.
            if unsafe { callback(&state, options.user) } != 0 {
                cancel.store(true, Ordering::Relaxed);
            }
        }
    };
    run(&mut progress).map_err(run_error)
}

fn run_error(e: RunError) -> Error {
    Error::new(XqStatus::IoError, e.to_string())
}

/// An output path and its format, told by its extension (`.parquet`, `.csv`, `.jsonl`/`.ndjson`).
///
/// # Safety
/// As [`text`].
unsafe fn output(path: *const c_char, len: usize, name: &str) -> Result<(String, OutputFormat)> {
    // SAFETY: forwarded contract.
    let path = unsafe { text(path, len, name) }?;
    let format = OutputFormat::from_path(Path::new(path))
        .ok_or_else(|| Error::invalid(format!("{name}: {path:?} does not end in .parquet, .csv, .jsonl or .ndjson")))?;
    Ok((path.to_owned(), format))
}

/// Analyses `count` inputs and writes the games table to `games_path` and, when `options->plies` or
/// `options->classify` is set, the plies table to `plies_path` (both UTF-8, the format told by the
/// extension: `.parquet`, `.csv`, `.jsonl`). `options` may be NULL for the defaults; `summary` (optional)
/// receives what the run did. An input that cannot be read, or holds no game, is a row with status `error`,
/// not a failure: the call fails only for bad arguments (XQ_STATUS_INVALID_ARGUMENT, ...) or an output that
/// cannot be written (XQ_STATUS_IO_ERROR).
#[no_mangle]
pub unsafe extern "C" fn xq_corpus_analyse(
    inputs: *const XqCorpusInput,
    count: usize,
    options: *const XqCorpusOptions,
    games_path: *const c_char,
    games_path_len: usize,
    plies_path: *const c_char,
    plies_path_len: usize,
    summary: *mut XqCorpusSummary,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let options = unsafe { options_or_default(options) }?;
        // SAFETY: the caller's contract.
        let inputs = unsafe { read_inputs(inputs, count) }?;
        let engine = engine_options(&options)?;
        // SAFETY: the caller's contract.
        let (games_path, games_format) = unsafe { output(games_path, games_path_len, "games_path") }?;
        let plies_out = match engine.analysis.plies {
            // SAFETY: the caller's contract.
            true => Some(unsafe { output(plies_path, plies_path_len, "plies_path") }?),
            false => None,
        };
        let games = TableWriter::create(Path::new(&games_path), games_format, games_schema()).map_err(run_error)?;
        let plies = match plies_out {
            Some((path, format)) => {
                Some(TableWriter::create(Path::new(&path), format, plies_schema()).map_err(run_error)?)
            }
            None => None,
        };
        let done = run_with_progress(&options, &engine, |progress| {
            xiangqi_corpus::run_into(&inputs, &engine, games, plies, progress)
        })?;
        // SAFETY: optional out-parameter.
        unsafe { crate::args::set_optional(summary, XqCorpusSummary::from(&done)) };
        Ok(())
    })
}

/// A batch as Arrow C data interface structs.
fn export(batch: &RecordBatch) -> Result<(FFI_ArrowArray, FFI_ArrowSchema)> {
    let data = StructArray::from(batch.clone()).into_data();
    arrow_array::ffi::to_ffi(&data).map_err(|e| Error::new(XqStatus::IoError, format!("arrow export: {e}")))
}

/// Analyses `count` inputs and hands each batch of rows to `callback` (see XqCorpusBatchCallback), on the
/// calling thread, in source order. `options` may be NULL for the defaults; `summary` (optional) receives
/// what the run did. The batches are the tables of docs/schema.md, the same as xq_corpus_analyse() writes.
#[no_mangle]
pub unsafe extern "C" fn xq_corpus_batches(
    inputs: *const XqCorpusInput,
    count: usize,
    options: *const XqCorpusOptions,
    callback: XqCorpusBatchCallback,
    summary: *mut XqCorpusSummary,
) -> XqStatus {
    guard(|| {
        let callback = callback.ok_or_else(|| Error::null("callback"))?;
        // SAFETY: the caller's contract.
        let options = unsafe { options_or_default(options) }?;
        // SAFETY: the caller's contract.
        let inputs = unsafe { read_inputs(inputs, count) }?;
        let engine = engine_options(&options)?;
        let cancel = std::sync::Arc::clone(&engine.cancel);
        let mut export_failure = None;
        let mut deliver = |batch: Batch| {
            let games = export(&batch.games);
            let plies = batch.plies.as_ref().map(export).transpose();
            let (mut games, mut plies) = match (games, plies) {
                (Ok(games), Ok(plies)) => (games, plies),
                (Err(e), _) | (_, Err(e)) => {
                    export_failure = Some(e);
                    cancel.store(true, Ordering::Relaxed);
                    return Ok(());
                }
            };
            let (plies_array, plies_schema) = match plies.as_mut() {
                Some((array, schema)) => (array as *mut FFI_ArrowArray, schema as *mut FFI_ArrowSchema),
                None => (std::ptr::null_mut(), std::ptr::null_mut()),
            };
            // SAFETY: the caller's callback, given structs valid for the call (what it does not move out is
            // released when they drop below).
            let stop = unsafe { callback(&mut games.0, &mut games.1, plies_array, plies_schema, options.user) };
            if stop != 0 {
                cancel.store(true, Ordering::Relaxed);
            }
            Ok(())
        };
        let done = run_with_progress(&options, &engine, |progress| {
            xiangqi_corpus::run(&inputs, &engine, &mut deliver, progress)
        })?;
        if let Some(e) = export_failure {
            return Err(e);
        }
        // SAFETY: optional out-parameter.
        unsafe { crate::args::set_optional(summary, XqCorpusSummary::from(&done)) };
        Ok(())
    })
}

/// The caller's options, or the defaults for NULL.
///
/// # Safety
/// A non-NULL `options` must point to a readable XqCorpusOptions.
unsafe fn options_or_default(options: *const XqCorpusOptions) -> Result<XqCorpusOptions> {
    if options.is_null() {
        let mut defaults = std::mem::MaybeUninit::<XqCorpusOptions>::uninit();
        // SAFETY: a valid out-pointer.
        let status = unsafe { xq_corpus_options_default(defaults.as_mut_ptr()) };
        debug_assert_eq!(status, XqStatus::Ok);
        // SAFETY: initialised by the call above.
        Ok(unsafe { defaults.assume_init() })
    } else {
        // SAFETY: the caller's contract.
        Ok(unsafe { *options })
    }
}
