//! # xiangqi-corpus
//!
//! Whole game databases through the xiangqi arbiter: every game of many record files (PGN, XQF, DhtmlXQ, ChessBridge),
//! replayed in parallel and turned into two Arrow tables of a fixed, versioned schema (`docs/schema.md`):
//! one row per game ([`games_schema`]) and, when asked for, one row per ply ([`plies_schema`]). Rows come
//! in source order whatever the thread count, as a stream of record batches, so memory stays bounded;
//! [`TableWriter`] writes them as Parquet, CSV or JSON lines.
//!
//! Nothing is lost silently: every source gives at least one row, a game cut short has status
//! `truncated`, one that cannot be read whole `error`, each with the error, its byte offset, line and
//! ply, and the reader's warnings.
//!
//! ```
//! use xiangqi_corpus::{run, Input, Options};
//!
//! let pgn = "[Event \"demo\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n";
//! let inputs = [Input::bytes("demo.pgn", pgn.as_bytes()), Input::bytes("empty.pgn", &b""[..])];
//! let mut batches = Vec::new();
//! let mut keep = |batch| {
//!     batches.push(batch);
//!     Ok(())
//! };
//! let summary = run(&inputs, &Options::default(), &mut keep, &mut |_| {})?;
//! assert_eq!((summary.games, summary.complete, summary.errors), (2, 1, 1));
//! assert_eq!(batches[0].games.schema(), xiangqi_corpus::games_schema());
//! # Ok::<(), xiangqi_corpus::RunError>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod analyse;
mod batch;
mod engine;
mod input;
mod move_text;
mod schema;
mod survey;
mod tags;
mod write;

pub use analyse::{game_id, Analysis, GameRow, PlyRow, Repetition, Status, Warning};
pub use batch::{concat_batches, games_batch, plies_batch};
pub use engine::{run, run_into, run_rows, Batch, Options, Progress, RowSink, Summary};
pub use input::{Input, RECORD_EXTENSIONS};
pub use move_text::MoveText;
pub use schema::{games_schema, plies_schema, SCHEMA_VERSION, SCHEMA_VERSION_KEY};
pub use survey::{list_sources, survey, SurveyedSource};
pub use tags::{parse_date, FixedTags};
pub use write::{OutputFormat, TableWriter};

/// Why a run stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// Building or writing a batch failed in Arrow.
    #[error("arrow: {0}")]
    Arrow(#[from] arrow_schema::ArrowError),
    /// Writing Parquet failed.
    #[error("parquet: {0}")]
    Parquet(#[from] parquet::errors::ParquetError),
    /// An output file could not be created or written.
    #[error("output: {0}")]
    Output(String),
}
