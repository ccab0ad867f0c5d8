//! The two tables' Arrow schemas. They never depend on the data: every column is there in every batch,
//! with the same type, whatever the input and the options (a column not asked for is null).

use std::sync::{Arc, OnceLock};

use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef};

/// The version of the schemas below, stored in each schema's metadata under `xiangqi.schema_version`.
/// It changes whenever a column is added, removed, renamed or retyped (`docs/schema.md`).
pub const SCHEMA_VERSION: &str = "1";

/// The metadata key of [`SCHEMA_VERSION`].
pub const SCHEMA_VERSION_KEY: &str = "xiangqi.schema_version";

fn dictionary() -> DataType {
    DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8))
}

fn utf8(name: &str) -> Field {
    Field::new(name, DataType::Utf8, true)
}

/// The fields of one warning: `message`, `byte_offset`, `line`, `ply`.
pub(crate) fn warning_fields() -> Fields {
    Fields::from(vec![
        Field::new("message", DataType::Utf8, false),
        Field::new("byte_offset", DataType::UInt64, true),
        Field::new("line", DataType::UInt64, true),
        Field::new("ply", DataType::UInt32, true),
    ])
}

/// The fields of one repetition ruling: `ply`, `verdict`, `termination`, `article`, `side`.
pub(crate) fn repetition_fields() -> Fields {
    Fields::from(vec![
        Field::new("ply", DataType::UInt32, false),
        Field::new("verdict", DataType::Utf8, false),
        Field::new("termination", DataType::Utf8, false),
        Field::new("article", DataType::Utf8, false),
        Field::new("side", DataType::Utf8, true),
    ])
}

/// The entries of the `other_tags` map.
pub(crate) fn tag_entries() -> Arc<Field> {
    let fields =
        Fields::from(vec![Field::new("key", DataType::Utf8, false), Field::new("value", DataType::Utf8, true)]);
    Arc::new(Field::new("entries", DataType::Struct(fields), false))
}

pub(crate) fn list_item(fields: Fields) -> Arc<Field> {
    Arc::new(Field::new("item", DataType::Struct(fields), false))
}

fn with_version(fields: Vec<Field>) -> SchemaRef {
    let metadata = [(SCHEMA_VERSION_KEY.to_owned(), SCHEMA_VERSION.to_owned())].into_iter().collect();
    Arc::new(Schema::new_with_metadata(fields, metadata))
}

/// The games table: one row per game, and one for every source that yields none.
pub fn games_schema() -> SchemaRef {
    static SCHEMA: OnceLock<SchemaRef> = OnceLock::new();
    SCHEMA
        .get_or_init(|| {
            with_version(vec![
                Field::new("game_id", DataType::UInt64, false),
                Field::new("source", dictionary(), false),
                Field::new("index", DataType::UInt32, false),
                Field::new("format", dictionary(), true),
                Field::new("status", dictionary(), false),
                utf8("error"),
                Field::new("error_byte", DataType::UInt64, true),
                Field::new("error_line", DataType::UInt64, true),
                Field::new("error_ply", DataType::UInt32, true),
                Field::new("warnings", DataType::List(list_item(warning_fields())), false),
                utf8("event"),
                utf8("site"),
                utf8("date"),
                Field::new("date_parsed", DataType::Date32, true),
                utf8("round"),
                utf8("red"),
                utf8("black"),
                Field::new("red_elo", DataType::Int32, true),
                Field::new("black_elo", DataType::Int32, true),
                utf8("result_tag"),
                utf8("opening"),
                utf8("ecco_tag"),
                utf8("ecco"),
                utf8("ecco_opening"),
                utf8("ecco_variation"),
                Field::new("other_tags", DataType::Map(tag_entries(), false), false),
                utf8("recorded_result"),
                utf8("start_fen"),
                Field::new("plies", DataType::UInt32, false),
                Field::new("verdict", dictionary(), false),
                Field::new("verdict_summary", dictionary(), false),
                Field::new("termination", dictionary(), true),
                Field::new("verdict_side", dictionary(), true),
                Field::new("repetitions", DataType::List(list_item(repetition_fields())), false),
                Field::new("variation_lines", DataType::UInt32, false),
                Field::new("variation_moves", DataType::UInt32, false),
            ])
        })
        .clone()
}

/// The plies table: one row per move (of the main line; of every line with variations).
pub fn plies_schema() -> SchemaRef {
    static SCHEMA: OnceLock<SchemaRef> = OnceLock::new();
    SCHEMA
        .get_or_init(|| {
            with_version(vec![
                Field::new("game_id", DataType::UInt64, false),
                Field::new("source", dictionary(), false),
                Field::new("index", DataType::UInt32, false),
                Field::new("line", DataType::UInt32, false),
                Field::new("ply", DataType::UInt32, false),
                Field::new("move_number", DataType::UInt32, false),
                Field::new("side", dictionary(), false),
                Field::new("iccs", DataType::Utf8, false),
                Field::new("wxf", DataType::Utf8, false),
                Field::new("chinese", DataType::Utf8, false),
                utf8("fen"),
                Field::new("check", DataType::Boolean, false),
                Field::new("capture", DataType::Boolean, false),
                Field::new("class", dictionary(), true),
                Field::new("targets", DataType::List(Arc::new(Field::new("item", DataType::Utf8, false))), true),
            ])
        })
        .clone()
}
