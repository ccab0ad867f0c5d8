//! Bulk analysis through the workspace's one engine (`xiangqi-corpus`), with the GIL released: the tables
//! of `docs/schema.md`, as Arrow IPC bytes for pyarrow or as dicts of Python lists.

use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use arrow_array::cast::AsArray;
use arrow_array::types::{Date32Type, Int32Type, UInt32Type, UInt64Type};
use arrow_array::{Array, RecordBatch};
use arrow_schema::{DataType, SchemaRef};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use xiangqi_core::arbiter::ArbiterConfig;
use xiangqi_corpus::{games_schema, plies_schema, Analysis, Input, Options};

use crate::board::rule_set;
use crate::errors::XiangqiError;

/// How often the calling thread reports progress and looks for Ctrl-C.
const REPORT_EVERY: Duration = Duration::from_millis(100);

/// Analyses every game of `paths` (files, directories, globs) and `sources` (`(name, bytes)` pairs).
/// Returns `(games, plies)`: Arrow IPC stream bytes, or with `columns=True` dicts of equal-length lists;
/// `plies` is `None` unless asked for. `progress(games_done, bytes_read, bytes_total)` is called about ten
/// times a second from the calling thread.
#[pyfunction]
#[pyo3(signature = (paths, sources, *, threads = 1, rules = "cxa", plies = false, classify = false, fen = false,
                    variations = false, games = None, progress = None, columns = false, unreadable = Vec::new()))]
#[allow(clippy::too_many_arguments)]
pub fn analyse_files<'py>(
    py: Python<'py>,
    paths: Vec<PathBuf>,
    sources: Vec<(String, Vec<u8>)>,
    threads: i64,
    rules: &str,
    plies: bool,
    classify: bool,
    fen: bool,
    variations: bool,
    games: Option<(usize, Option<usize>)>,
    progress: Option<Py<PyAny>>,
    columns: bool,
    unreadable: Vec<(String, String)>,
) -> PyResult<(Bound<'py, PyAny>, Option<Bound<'py, PyAny>>)> {
    if threads < 1 {
        return Err(XiangqiError::new_err(format!("threads must be at least 1, not {threads}")));
    }
    if let Some((start, Some(end))) = games {
        if end < start {
            return Err(XiangqiError::new_err(format!("games: the range {start}..{end} is empty the wrong way round")));
        }
    }
    let options = Options {
        analysis: Analysis {
            config: ArbiterConfig::with_rules(rule_set(rules)?),
            plies: plies || classify,
            classify,
            fen,
            variations,
        },
        threads: usize::try_from(threads).unwrap_or(usize::MAX).min(1024),
        games: games.map(|(start, end)| start..end.unwrap_or(usize::MAX)),
        ..Options::default()
    };
    let mut inputs = path_inputs(paths);
    inputs.extend(sources.into_iter().map(|(name, bytes)| Input::bytes(name, bytes)));
    inputs.extend(unreadable.into_iter().map(|(name, message)| Input::Unreadable { name, message }));
    let mut game_batches = Vec::new();
    let mut ply_batches = Vec::new();
    let mut interrupted: Option<PyErr> = None;
    let mut last = Instant::now();
    let cancel = options.cancel.clone();
    let outcome = py.detach(|| {
        xiangqi_corpus::run(
            &inputs,
            &options,
            &mut |batch| {
                game_batches.push(batch.games);
                ply_batches.extend(batch.plies);
                Ok(())
            },
            &mut |state| {
                if last.elapsed() < REPORT_EVERY && state.bytes_read < state.bytes_total {
                    return;
                }
                last = Instant::now();
                Python::attach(|py| {
                    if interrupted.is_some() {
                        return;
                    }
                    let failed = py.check_signals().err().or_else(|| {
                        let callback = progress.as_ref()?;
                        callback.bind(py).call1((state.games, state.bytes_read, state.bytes_total)).err()
                    });
                    if let Some(err) = failed {
                        interrupted = Some(err);
                        cancel.store(true, Ordering::Relaxed);
                    }
                });
            },
        )
    });
    if let Some(err) = interrupted {
        return Err(err);
    }
    outcome.map_err(|e| XiangqiError::new_err(e.to_string()))?;
    let games_table = table(py, games_schema(), &game_batches, columns)?;
    let plies_table =
        if options.analysis.plies { Some(table(py, plies_schema(), &ply_batches, columns)?) } else { None };
    Ok((games_table, plies_table))
}

/// Paths as the command reads its arguments: a glob pattern when it has `*`, `?` or `[` and names no
/// existing path.
fn path_inputs(paths: Vec<PathBuf>) -> Vec<Input> {
    paths
        .into_iter()
        .map(|path| match path.to_str() {
            Some(text) => Input::from_arg(text),
            None => Input::Path(path),
        })
        .collect()
}

/// The sources of `paths` and `sources` in the order a run reads them, without analysing a game: a list
/// of `(name, path, games, bytes, error)`, `path` `None` for bytes and for a source that cannot be read
/// (whose one row has `error`). With `count=False` the sources are only listed: `games` is `None` except
/// for the unreadable ones (1, their error row).
#[pyfunction]
#[pyo3(signature = (paths, sources, *, count = true))]
#[allow(clippy::type_complexity)]
pub fn survey(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    sources: Vec<(String, Vec<u8>)>,
    count: bool,
) -> Vec<(String, Option<PathBuf>, Option<u64>, u64, Option<String>)> {
    let mut inputs = path_inputs(paths);
    inputs.extend(sources.into_iter().map(|(name, bytes)| Input::bytes(name, bytes)));
    let found =
        py.detach(|| if count { xiangqi_corpus::survey(&inputs) } else { xiangqi_corpus::list_sources(&inputs) });
    found.into_iter().map(|s| (s.name, s.path, s.games, s.bytes, s.error)).collect()
}

fn arrow_error(err: impl std::fmt::Display) -> PyErr {
    XiangqiError::new_err(format!("building the table failed: {err}"))
}

/// The batches as one table: IPC stream bytes, or a dict of lists.
fn table<'py>(
    py: Python<'py>,
    schema: SchemaRef,
    batches: &[RecordBatch],
    columns: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let whole = xiangqi_corpus::concat_batches(&schema, batches).map_err(arrow_error)?;
    if columns {
        let dict = PyDict::new(py);
        for (field, column) in schema.fields().iter().zip(whole.columns()) {
            dict.set_item(field.name(), PyList::new(py, values(py, column.as_ref())?)?)?;
        }
        return Ok(dict.into_any());
    }
    let mut bytes = Vec::new();
    {
        let mut writer = arrow_ipc::writer::StreamWriter::try_new(&mut bytes, &schema).map_err(arrow_error)?;
        // An empty table is the schema alone: pyarrow reads the empty offset buffers arrow-rs writes for an
        // empty batch, but some of its functions (`nbytes`, hence pandas' `memory_usage`) then crash.
        if whole.num_rows() > 0 {
            writer.write(&whole).map_err(arrow_error)?;
        }
        writer.finish().map_err(arrow_error)?;
    }
    Ok(PyBytes::new(py, &bytes).into_any())
}

/// Every value of an array as a Python object (None for null), for the types of the fixed schemas.
fn values<'py>(py: Python<'py>, array: &dyn Array) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let none = || py.None().into_bound(py);
    let mut out = Vec::with_capacity(array.len());
    macro_rules! each {
        ($typed:expr, $convert:expr) => {{
            let typed = $typed;
            for i in 0..array.len() {
                out.push(if array.is_null(i) { none() } else { $convert(&typed, i)? });
            }
        }};
    }
    match array.data_type() {
        DataType::UInt64 => each!(array.as_primitive::<UInt64Type>(), |a: &_, i| into_any(
            py,
            arrow_array::PrimitiveArray::<UInt64Type>::value(a, i)
        )),
        DataType::UInt32 => each!(array.as_primitive::<UInt32Type>(), |a: &_, i| into_any(
            py,
            arrow_array::PrimitiveArray::<UInt32Type>::value(a, i)
        )),
        DataType::Int32 => each!(array.as_primitive::<Int32Type>(), |a: &_, i| into_any(
            py,
            arrow_array::PrimitiveArray::<Int32Type>::value(a, i)
        )),
        DataType::Boolean => each!(array.as_boolean(), |a: &arrow_array::BooleanArray, i| into_any(py, a.value(i))),
        DataType::Utf8 => each!(array.as_string::<i32>(), |a: &arrow_array::StringArray, i| into_any(py, a.value(i))),
        DataType::Date32 => {
            let date = py.import("datetime")?.getattr("date")?;
            // Days since 1970-01-01 to the proleptic Gregorian ordinal of Python's `date.fromordinal`.
            each!(array.as_primitive::<Date32Type>(), |a: &arrow_array::PrimitiveArray<Date32Type>, i| date
                .call_method1("fromordinal", (i64::from(a.value(i)) + 719_163,)))
        }
        DataType::Dictionary(..) => {
            let text = arrow_cast::cast(array, &DataType::Utf8).map_err(arrow_error)?;
            return values(py, text.as_ref());
        }
        DataType::List(_) => {
            let list = array.as_list::<i32>();
            for i in 0..array.len() {
                out.push(if list.is_null(i) {
                    none()
                } else {
                    PyList::new(py, values(py, list.value(i).as_ref())?)?.into_any()
                });
            }
        }
        DataType::Struct(fields) => {
            let record = array.as_struct();
            let columns: Vec<Vec<Bound<'py, PyAny>>> =
                record.columns().iter().map(|c| values(py, c.as_ref())).collect::<PyResult<_>>()?;
            for i in 0..array.len() {
                let dict = PyDict::new(py);
                for (field, column) in fields.iter().zip(&columns) {
                    dict.set_item(field.name(), &column[i])?;
                }
                out.push(dict.into_any());
            }
        }
        DataType::Map(..) => {
            let map = array.as_map();
            for i in 0..array.len() {
                let entries = map.value(i);
                let keys = values(py, entries.column(0).as_ref())?;
                let items = values(py, entries.column(1).as_ref())?;
                let dict = PyDict::new(py);
                for (key, item) in keys.iter().zip(&items) {
                    dict.set_item(key, item)?;
                }
                out.push(dict.into_any());
            }
        }
        other => return Err(XiangqiError::new_err(format!("no Python conversion for the Arrow type {other}"))),
    }
    Ok(out)
}

fn into_any<'py, T: IntoPyObject<'py>>(py: Python<'py>, value: T) -> PyResult<Bound<'py, PyAny>> {
    pyo3::IntoPyObjectExt::into_bound_py_any(value, py)
}
