//! Rows to Arrow record batches of the fixed schemas.

use std::collections::HashMap;
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, Date32Builder, Int32Builder, StringBuilder, UInt32Builder, UInt64Builder};
use arrow_array::cast::AsArray;
use arrow_array::types::Int32Type;
use arrow_array::{
    ArrayRef, DictionaryArray, ListArray, MapArray, RecordBatch, StringArray, StructArray, UInt32Array, UInt64Array,
};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{ArrowError, SchemaRef};

use crate::analyse::{GameRow, PlyRow};
use crate::schema::{self, games_schema, plies_schema};

/// A dictionary column, values numbered in order of first appearance. Values come in runs or from a
/// handful (a game's source on each of its plies, a side, a class), so the last value and the first few
/// are tried before a hash lookup.
fn dictionary_of<'a>(values: impl Iterator<Item = Option<&'a str>>) -> ArrayRef {
    const SCANNED: usize = 8;
    let same = |a: &str, b: &str| std::ptr::eq(a, b) || a == b;
    let mut distinct: Vec<&str> = Vec::new();
    let mut index: HashMap<&str, i32> = HashMap::new();
    let mut keys = Int32Builder::new();
    let mut last: Option<(&str, i32)> = None;
    for value in values {
        let Some(value) = value else {
            keys.append_null();
            continue;
        };
        let key = match last {
            Some((text, key)) if same(text, value) => key,
            _ => match distinct.iter().take(SCANNED).position(|text| same(text, value)) {
                Some(key) => key as i32,
                None => *index.entry(value).or_insert_with(|| {
                    distinct.push(value);
                    distinct.len() as i32 - 1
                }),
            },
        };
        last = Some((value, key));
        keys.append_value(key);
    }
    let values: ArrayRef = Arc::new(StringArray::from(distinct));
    Arc::new(DictionaryArray::<Int32Type>::new(keys.finish(), values))
}

/// Batches of one schema as one batch, each dictionary column's values held once (in order of first
/// appearance): concatenated end to end, the batches' dictionaries would repeat the values they share, which
/// some readers refuse (pandas takes a dictionary's values as categories, which must be unique).
///
/// # Errors
///
/// A batch of another schema.
pub fn concat_batches(schema: &SchemaRef, batches: &[RecordBatch]) -> Result<RecordBatch, ArrowError> {
    let whole = arrow_select::concat::concat_batches(schema, batches)?;
    let columns = whole
        .columns()
        .iter()
        .map(|column| {
            let dictionary = column.as_dictionary_opt::<Int32Type>();
            match dictionary.and_then(|d| Some((d, d.values().as_string_opt::<i32>()?))) {
                Some((dictionary, values)) => {
                    dictionary_of(dictionary.keys().iter().map(|key| key.map(|key| values.value(key as usize))))
                }
                None => Arc::clone(column),
            }
        })
        .collect();
    RecordBatch::try_new(whole.schema(), columns)
}

fn strings<'a>(values: impl Iterator<Item = Option<&'a str>>) -> ArrayRef {
    let mut builder = StringBuilder::new();
    for value in values {
        builder.append_option(value);
    }
    Arc::new(builder.finish())
}

fn u32s(values: impl Iterator<Item = Option<u32>>) -> ArrayRef {
    let mut builder = UInt32Builder::new();
    for value in values {
        builder.append_option(value);
    }
    Arc::new(builder.finish())
}

fn u64s(values: impl Iterator<Item = Option<u64>>) -> ArrayRef {
    let mut builder = UInt64Builder::new();
    for value in values {
        builder.append_option(value);
    }
    Arc::new(builder.finish())
}

fn i32s(values: impl Iterator<Item = Option<i32>>) -> ArrayRef {
    let mut builder = Int32Builder::new();
    for value in values {
        builder.append_option(value);
    }
    Arc::new(builder.finish())
}

fn offsets(lengths: impl Iterator<Item = usize>) -> OffsetBuffer<i32> {
    OffsetBuffer::from_lengths(lengths)
}

fn warnings(rows: &[GameRow]) -> Result<ArrayRef, ArrowError> {
    let all = || rows.iter().flat_map(|r| r.warnings.iter());
    let values = StructArray::try_new(
        schema::warning_fields(),
        vec![
            strings(all().map(|w| Some(w.message.as_str()))),
            u64s(all().map(|w| w.byte_offset)),
            u64s(all().map(|w| w.line)),
            u32s(all().map(|w| w.ply)),
        ],
        None,
    )?;
    let lengths = offsets(rows.iter().map(|r| r.warnings.len()));
    Ok(Arc::new(ListArray::try_new(schema::list_item(schema::warning_fields()), lengths, Arc::new(values), None)?))
}

fn repetitions(rows: &[GameRow]) -> Result<ArrayRef, ArrowError> {
    let all = || rows.iter().flat_map(|r| r.repetitions.iter());
    let values = StructArray::try_new(
        schema::repetition_fields(),
        vec![
            u32s(all().map(|r| Some(r.ply))),
            strings(all().map(|r| Some(r.verdict))),
            strings(all().map(|r| Some(r.termination.as_str()))),
            strings(all().map(|r| Some(r.article))),
            strings(all().map(|r| r.side)),
        ],
        None,
    )?;
    let lengths = offsets(rows.iter().map(|r| r.repetitions.len()));
    Ok(Arc::new(ListArray::try_new(schema::list_item(schema::repetition_fields()), lengths, Arc::new(values), None)?))
}

fn other_tags(rows: &[GameRow]) -> Result<ArrayRef, ArrowError> {
    let all = || rows.iter().flat_map(|r| r.tags.other.iter());
    let entries = schema::tag_entries();
    let arrow_schema::DataType::Struct(fields) = entries.data_type().clone() else {
        unreachable!("the entries are a struct")
    };
    let values = StructArray::try_new(
        fields,
        vec![strings(all().map(|(k, _)| Some(k.as_str()))), strings(all().map(|(_, v)| Some(v.as_str())))],
        None,
    )?;
    let lengths = offsets(rows.iter().map(|r| r.tags.other.len()));
    Ok(Arc::new(MapArray::try_new(entries, lengths, values, None, false)?))
}

/// The games table's batch of `rows`; `sources` names the rows' `source` indices.
pub fn games_batch(rows: &[GameRow], sources: &[Arc<str>]) -> Result<RecordBatch, ArrowError> {
    let tag = |f: fn(&GameRow) -> Option<&str>| strings(rows.iter().map(f));
    let mut dates = Date32Builder::new();
    for row in rows {
        dates.append_option(row.tags.date_days);
    }
    let columns: Vec<ArrayRef> = vec![
        u64s(rows.iter().map(|r| Some(r.game_id))),
        dictionary_of(rows.iter().map(|r| Some(&*sources[r.source as usize]))),
        u32s(rows.iter().map(|r| Some(r.index))),
        dictionary_of(rows.iter().map(|r| r.format)),
        dictionary_of(rows.iter().map(|r| Some(r.status.name()))),
        strings(rows.iter().map(|r| r.error.as_deref())),
        u64s(rows.iter().map(|r| r.error_byte)),
        u64s(rows.iter().map(|r| r.error_line)),
        u32s(rows.iter().map(|r| r.error_ply)),
        warnings(rows)?,
        tag(|r| r.tags.event.as_deref()),
        tag(|r| r.tags.site.as_deref()),
        tag(|r| r.tags.date.as_deref()),
        Arc::new(dates.finish()),
        tag(|r| r.tags.round.as_deref()),
        tag(|r| r.tags.red.as_deref()),
        tag(|r| r.tags.black.as_deref()),
        i32s(rows.iter().map(|r| r.tags.red_elo)),
        i32s(rows.iter().map(|r| r.tags.black_elo)),
        tag(|r| r.tags.result.as_deref()),
        tag(|r| r.tags.opening.as_deref()),
        tag(|r| r.tags.ecco.as_deref()),
        strings(rows.iter().map(|r| r.ecco.map(|e| e.code))),
        strings(rows.iter().map(|r| r.ecco.map(|e| e.opening.simplified))),
        strings(rows.iter().map(|r| r.ecco.and_then(|e| e.variation).map(|v| v.simplified))),
        other_tags(rows)?,
        strings(rows.iter().map(|r| r.recorded_result)),
        strings(rows.iter().map(|r| r.start_fen.as_deref())),
        u32s(rows.iter().map(|r| Some(r.plies))),
        dictionary_of(rows.iter().map(|r| Some(r.verdict))),
        dictionary_of(rows.iter().map(|r| Some(r.verdict_summary))),
        dictionary_of(rows.iter().map(|r| r.termination.as_deref())),
        dictionary_of(rows.iter().map(|r| r.verdict_side)),
        repetitions(rows)?,
        u32s(rows.iter().map(|r| Some(r.variation_lines))),
        u32s(rows.iter().map(|r| Some(r.variation_moves))),
    ];
    RecordBatch::try_new(games_schema(), columns)
}

/// The plies table's batch of the games' ply rows, in order.
pub fn plies_batch(games: &[(GameRow, Vec<PlyRow>)], sources: &[Arc<str>]) -> Result<RecordBatch, ArrowError> {
    let all = || games.iter().flat_map(|(g, plies)| plies.iter().map(move |p| (g, p)));
    let rows: usize = games.iter().map(|(_, plies)| plies.len()).sum();
    let mut check = BooleanBuilder::with_capacity(rows);
    let mut capture = BooleanBuilder::with_capacity(rows);
    for (_, p) in all() {
        check.append_value(p.check);
        capture.append_value(p.capture);
    }
    let targets_all = || all().filter_map(|(_, p)| p.targets.as_ref()).flatten();
    let target_values = strings(targets_all().map(|t| Some(t.as_str())));
    let lengths = offsets(all().map(|(_, p)| p.targets.as_ref().map_or(0, Vec::len)));
    let validity: arrow_buffer::NullBuffer = all().map(|(_, p)| p.targets.is_some()).collect();
    let item = Arc::new(arrow_schema::Field::new("item", arrow_schema::DataType::Utf8, false));
    let targets = ListArray::try_new(item, lengths, target_values, Some(validity))?;
    let texts = |text: fn(&PlyRow) -> &str| {
        let bytes = all().map(|(_, p)| text(p).len()).sum();
        let mut builder = StringBuilder::with_capacity(rows, bytes);
        for (_, p) in all() {
            builder.append_value(text(p));
        }
        Arc::new(builder.finish()) as ArrayRef
    };
    let columns: Vec<ArrayRef> = vec![
        Arc::new(UInt64Array::from(all().map(|(g, _)| g.game_id).collect::<Vec<_>>())),
        dictionary_of(all().map(|(g, _)| Some(&*sources[g.source as usize]))),
        u32_values(rows, all().map(|(g, _)| g.index)),
        u32_values(rows, all().map(|(_, p)| p.line)),
        u32_values(rows, all().map(|(_, p)| p.ply)),
        u32_values(rows, all().map(|(_, p)| p.move_number)),
        dictionary_of(all().map(|(_, p)| Some(p.side))),
        texts(|p| p.iccs.as_str()),
        texts(|p| p.wxf.as_str()),
        texts(|p| p.chinese.as_str()),
        strings(all().map(|(_, p)| p.fen.as_deref())),
        Arc::new(check.finish()),
        Arc::new(capture.finish()),
        dictionary_of(all().map(|(_, p)| p.class)),
        Arc::new(targets),
    ];
    RecordBatch::try_new(plies_schema(), columns)
}

/// A column of `rows` numbers without nulls, gathered at once.
fn u32_values(rows: usize, values: impl Iterator<Item = u32>) -> ArrayRef {
    let mut gathered = Vec::with_capacity(rows);
    gathered.extend(values);
    Arc::new(UInt32Array::from(gathered))
}
