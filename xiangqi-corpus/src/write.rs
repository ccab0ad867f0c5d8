//! Writing a table: Parquet (Snappy), CSV (nested columns as text) or JSON lines, one batch at a time.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::Arc;

use arrow_array::{Array, ArrayRef, RecordBatch, StringArray};
use arrow_cast::display::{ArrayFormatter, FormatOptions};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, Encoding};
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::schema::types::ColumnPath;

use crate::RunError;

/// A table file format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OutputFormat {
    /// Apache Parquet, Snappy-compressed, with the Arrow schema (dictionaries included) stored in it.
    Parquet,
    /// CSV with a header line; list and map columns are written as text (`[{message: ..., ...}]`).
    Csv,
    /// One JSON object per line.
    JsonLines,
}

impl OutputFormat {
    /// The format a file name's extension names: `.parquet`, `.csv`, `.jsonl`/`.ndjson`/`.json`.
    pub fn from_path(path: &Path) -> Option<OutputFormat> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "parquet" | "pq" => Some(OutputFormat::Parquet),
            "csv" => Some(OutputFormat::Csv),
            "jsonl" | "ndjson" | "json" => Some(OutputFormat::JsonLines),
            _ => None,
        }
    }

    /// The usual extension: `parquet`, `csv`, `jsonl`.
    pub fn extension(self) -> &'static str {
        match self {
            OutputFormat::Parquet => "parquet",
            OutputFormat::Csv => "csv",
            OutputFormat::JsonLines => "jsonl",
        }
    }
}

enum Inner {
    Parquet(Box<ArrowWriter<BufWriter<File>>>),
    Csv(Box<arrow_csv::Writer<Box<dyn Write + Send>>>),
    Json(arrow_json::LineDelimitedWriter<Box<dyn Write + Send>>),
}

/// One table being written.
pub struct TableWriter {
    inner: Inner,
    rows: u64,
}

impl TableWriter {
    /// Creates `path` for a table of `schema`.
    ///
    /// # Errors
    ///
    /// The file cannot be created.
    pub fn create(path: &Path, format: OutputFormat, schema: SchemaRef) -> Result<TableWriter, RunError> {
        let file = File::create(path).map_err(|e| RunError::Output(format!("{}: {e}", path.display())))?;
        let inner = match format {
            OutputFormat::Parquet => {
                // Statistics per column chunk, not per page: page indexes are held in memory until the file
                // is closed, so they would grow with the output. None for the texts of moves and positions:
                // their minimum and maximum select nothing, and they cost 2 % of a run with ply rows.
                let mut props = WriterProperties::builder()
                    .set_compression(Compression::SNAPPY)
                    .set_statistics_enabled(EnabledStatistics::Chunk)
                    .set_statistics_truncate_length(Some(64));
                for column in ["iccs", "wxf", "chinese", "fen"] {
                    props = props.set_column_statistics_enabled(ColumnPath::from(column), EnabledStatistics::None);
                }
                for column in ["index", "line", "ply", "move_number"] {
                    props = props
                        .set_column_dictionary_enabled(ColumnPath::from(column), false)
                        .set_column_encoding(ColumnPath::from(column), Encoding::DELTA_BINARY_PACKED);
                }
                let props = props.build();
                Inner::Parquet(Box::new(ArrowWriter::try_new(BufWriter::new(file), schema, Some(props))?))
            }
            _ => return TableWriter::to_stream(Box::new(BufWriter::new(file)), format),
        };
        Ok(TableWriter { inner, rows: 0 })
    }

    /// A CSV or JSON-lines table written to a stream (standard output).
    ///
    /// # Errors
    ///
    /// Parquet asked for: it needs a file.
    pub fn to_stream(out: Box<dyn Write + Send>, format: OutputFormat) -> Result<TableWriter, RunError> {
        let inner = match format {
            OutputFormat::Parquet => return Err(RunError::Output("Parquet needs an output file (-o)".to_owned())),
            OutputFormat::Csv => Inner::Csv(Box::new(arrow_csv::WriterBuilder::new().with_header(true).build(out))),
            OutputFormat::JsonLines => Inner::Json(arrow_json::LineDelimitedWriter::new(out)),
        };
        Ok(TableWriter { inner, rows: 0 })
    }

    /// Appends a batch.
    ///
    /// # Errors
    ///
    /// Writing fails.
    pub fn write(&mut self, batch: &RecordBatch) -> Result<(), RunError> {
        self.rows += batch.num_rows() as u64;
        match &mut self.inner {
            Inner::Parquet(writer) => {
                writer.write(batch)?;
                // A row group is held in memory (pages and dictionaries) until it is closed: one per batch
                // keeps memory flat whatever the corpus size (the writer's own bound is a million rows).
                writer.flush()?;
            }
            Inner::Csv(writer) => writer.write(&as_text_columns(batch)?)?,
            Inner::Json(writer) => writer.write(batch)?,
        }
        Ok(())
    }

    /// The rows written so far.
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// Finishes the file (Parquet's footer; a flush for the others).
    ///
    /// # Errors
    ///
    /// Writing fails.
    pub fn finish(self) -> Result<(), RunError> {
        match self.inner {
            Inner::Parquet(writer) => {
                writer.close()?;
            }
            Inner::Csv(writer) => writer.into_inner().flush().map_err(|e| RunError::Output(e.to_string()))?,
            Inner::Json(mut writer) => {
                writer.finish()?;
                writer.into_inner().flush().map_err(|e| RunError::Output(e.to_string()))?;
            }
        }
        Ok(())
    }
}

/// The batch with every dictionary, list and map column as text, for CSV.
fn as_text_columns(batch: &RecordBatch) -> Result<RecordBatch, ArrowError> {
    let schema = batch.schema();
    let mut fields = Vec::with_capacity(schema.fields().len());
    let mut columns: Vec<ArrayRef> = Vec::with_capacity(schema.fields().len());
    let options = FormatOptions::default();
    for (field, column) in schema.fields().iter().zip(batch.columns()) {
        if matches!(field.data_type(), DataType::Dictionary(..) | DataType::List(_) | DataType::Map(..)) {
            let formatter = ArrayFormatter::try_new(column.as_ref(), &options)?;
            let text: StringArray =
                (0..column.len()).map(|i| column.is_valid(i).then(|| formatter.value(i).to_string())).collect();
            fields.push(Field::new(field.name(), DataType::Utf8, true));
            columns.push(Arc::new(text));
        } else {
            fields.push(field.as_ref().clone());
            columns.push(Arc::clone(column));
        }
    }
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns)
}
