//! The bulk engine on the bundled records and on bad input built here: a fixed schema, a row for every
//! source, truncation and errors with their place, the same rows in the same order on any thread count.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use arrow_array::cast::AsArray;
use arrow_array::types::{Int32Type, UInt32Type, UInt64Type};
use arrow_array::{Array, RecordBatch};
use xiangqi_core::record::GameRecord;
use xiangqi_core::xqf::{self, XqfVersion};
use xiangqi_core::Position;
use xiangqi_corpus::{
    games_schema, plies_schema, run, Analysis, Batch, Input, Options, OutputFormat, Summary, TableWriter,
};

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data").join(path)
}

fn analyse(inputs: &[Input], options: &Options) -> (Vec<Batch>, Summary) {
    let mut batches = Vec::new();
    let mut keep = |batch| {
        batches.push(batch);
        Ok(())
    };
    let summary = run(inputs, options, &mut keep, &mut |_| {}).expect("runs");
    (batches, summary)
}

fn with_plies() -> Options {
    Options { analysis: Analysis { plies: true, ..Analysis::default() }, ..Options::default() }
}

/// Batches of one schema, end to end.
fn concat(batches: &[RecordBatch]) -> RecordBatch {
    assert!(!batches.is_empty());
    let schema = batches[0].schema();
    let columns = (0..schema.fields().len())
        .map(|i| {
            let arrays: Vec<&dyn Array> = batches.iter().map(|b| b.column(i).as_ref()).collect();
            arrow_select::concat::concat(&arrays).expect("same types")
        })
        .collect();
    RecordBatch::try_new(schema, columns).expect("batch")
}

fn strings(batch: &RecordBatch, name: &str) -> Vec<Option<String>> {
    let column = batch.column_by_name(name).expect("column");
    let column = arrow_cast::cast(column, &arrow_schema::DataType::Utf8).expect("cast");
    column.as_string::<i32>().iter().map(|v| v.map(str::to_owned)).collect()
}

fn game_ids(batch: &RecordBatch) -> Vec<u64> {
    batch.column_by_name("game_id").expect("game_id").as_primitive::<UInt64Type>().values().to_vec()
}

#[test]
fn the_schema_does_not_depend_on_the_input() {
    let inputs = [
        vec![Input::Path(data("records/SAMPLE.PGN"))],
        vec![Input::Path(data("xqf/SAMPLE.XQF"))],
        vec![Input::bytes("nothing.pgn", &b""[..])],
        vec![Input::Path(data("xqf/BadMoveTest3.xqf")), Input::Path(data("records/ccpd-selected.pgn"))],
    ];
    for input in &inputs {
        let (batches, _) = analyse(input, &with_plies());
        for batch in &batches {
            assert_eq!(batch.games.schema(), games_schema());
            assert_eq!(batch.plies.as_ref().expect("plies").schema(), plies_schema());
        }
    }
    assert_eq!(games_schema().metadata()["xiangqi.schema_version"], xiangqi_corpus::SCHEMA_VERSION);
}

#[test]
fn every_source_gives_a_row() {
    let dir = std::env::temp_dir().join(format!("xiangqi-corpus-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let inputs = [
        Input::bytes("empty.pgn", &b""[..]),
        Input::Path(PathBuf::from("/nonexistent/x.pgn")),
        Input::Path(dir.clone()),
        Input::Glob("/nonexistent/*.xqf".into()),
        Input::bytes("garbage.xqf", &b"XQ\x0a not really"[..]),
        Input::bytes("one.pgn", &b"1. h2e2 h9g7 *\n"[..]),
    ];
    let (batches, summary) = analyse(&inputs, &Options::default());
    std::fs::remove_dir_all(&dir).expect("cleanup");
    let games = concat(&batches.iter().map(|b| b.games.clone()).collect::<Vec<_>>());
    assert_eq!(games.num_rows(), 6);
    assert_eq!((summary.games, summary.errors, summary.complete), (6, 4, 1));
    let status = strings(&games, "status");
    let errors = strings(&games, "error");
    assert_eq!(
        status.iter().flatten().collect::<Vec<_>>(),
        ["error", "error", "error", "error", "truncated", "complete"]
    );
    assert!(errors[0].as_deref().is_some_and(|e| e.contains("no game")), "{errors:?}");
    assert!(errors[1].as_deref().is_some_and(|e| e.contains("cannot open")), "{errors:?}");
    assert!(errors[2].as_deref().is_some_and(|e| e.contains("no record file")), "{errors:?}");
    assert!(errors[3].as_deref().is_some_and(|e| e.contains("no file matches")), "{errors:?}");
    assert_eq!(errors[5], None);
    let sources = strings(&games, "source");
    assert_eq!(sources[0].as_deref(), Some("empty.pgn"));
}

#[test]
fn a_cut_xqf_file_is_truncated_with_its_offset_and_its_moves() {
    let game = GameRecord::from_moves(Position::default(), ["h2e2", "h9g7", "h0g2"].map(|m| m.parse().expect("ICCS")))
        .expect("legal");
    let whole = xqf::write(&game, XqfVersion::V10);
    let cut = &whole[..whole.len() - 3];
    let (batches, summary) = analyse(&[Input::bytes("cut.xqf", cut.to_vec())], &with_plies());
    assert_eq!(summary.truncated, 1);
    let games = &batches[0].games;
    assert_eq!(strings(games, "status")[0].as_deref(), Some("truncated"));
    let byte = games.column_by_name("error_byte").expect("column").as_primitive::<UInt64Type>().value(0);
    assert_eq!(byte, whole.len() as u64 - 8);
    assert_eq!(games.column_by_name("plies").expect("plies").as_primitive::<UInt32Type>().value(0), 2);
    assert_eq!(batches[0].plies.as_ref().expect("plies").num_rows(), 2);
}

#[test]
fn rows_are_in_source_order_on_any_thread_count() {
    let inputs = [Input::Path(data("records")), Input::Path(data("xqf"))];
    let one = analyse(&inputs, &Options { batch_games: 7, ..with_plies() });
    let two = analyse(&inputs, &Options { threads: 2, batch_games: 5, ..with_plies() });
    let ids = |batches: &[Batch]| batches.iter().flat_map(|b| game_ids(&b.games)).collect::<Vec<_>>();
    assert_eq!(ids(&one.0), ids(&two.0));
    assert!(ids(&one.0).len() > 100);
    assert_eq!(one.1.plies, two.1.plies);
    let plies =
        |batches: &[Batch]| batches.iter().map(|b| b.plies.as_ref().map_or(0, RecordBatch::num_rows)).sum::<usize>();
    assert_eq!(plies(&one.0), plies(&two.0));
    assert_eq!(plies(&one.0) as u64, one.1.plies);
    // Sources are dictionary-encoded, each batch with its own small dictionary.
    let source = one.0[0].games.column_by_name("source").expect("source");
    assert!(source.as_dictionary::<Int32Type>().values().len() <= 7);
}

#[test]
fn a_game_range_selects_by_index() {
    let options = Options { games: Some(2..5), ..Options::default() };
    let (batches, summary) = analyse(&[Input::Path(data("records/bulk_games_uci.pgn"))], &options);
    assert_eq!(summary.games, 3);
    let index = batches[0].games.column_by_name("index").expect("index").as_primitive::<UInt32Type>();
    assert_eq!(index.values().to_vec(), [2, 3, 4]);
}

#[test]
fn variations_are_counted_and_optionally_analysed() {
    let input = [Input::Path(data("xqf/test_5_variations.xqf"))];
    let (main_only, _) = analyse(&input, &with_plies());
    let lines = main_only[0].games.column_by_name("variation_lines").expect("column").as_primitive::<UInt32Type>();
    assert!(lines.value(0) >= 4, "{lines:?}");
    let record =
        xiangqi_core::xqf::read(&std::fs::read(data("xqf/test_5_variations.xqf")).expect("file")).expect("reads");
    let options =
        Options { analysis: Analysis { plies: true, variations: true, ..Analysis::default() }, ..Options::default() };
    let (all, _) = analyse(&input, &options);
    let plies = all[0].plies.as_ref().expect("plies");
    assert_eq!(plies.num_rows(), record.tree.move_count());
    let line = plies.column_by_name("line").expect("line").as_primitive::<UInt32Type>();
    assert_eq!(line.values().iter().max().copied(), Some(record.tree.lines().len() as u32 - 1));
}

#[test]
fn a_cancelled_run_delivers_a_prefix() {
    let options = Options::default();
    options.cancel.store(true, Ordering::Relaxed);
    let (batches, summary) = analyse(&[Input::Path(data("records"))], &options);
    assert!(summary.cancelled);
    assert_eq!(batches.iter().map(|b| b.games.num_rows() as u64).sum::<u64>(), summary.games);
}

#[test]
fn parquet_round_trip_keeps_the_schema() {
    let path = std::env::temp_dir().join(format!("xiangqi-corpus-{}.parquet", std::process::id()));
    let (batches, summary) = analyse(&[Input::Path(data("records/ccpd-selected.pgn"))], &Options::default());
    let mut writer = TableWriter::create(&path, OutputFormat::Parquet, games_schema()).expect("creates");
    for batch in &batches {
        writer.write(&batch.games).expect("writes");
    }
    writer.finish().expect("closes");
    let file = std::fs::File::open(&path).expect("written");
    let reader = parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(file)
        .expect("parquet")
        .build()
        .expect("reader");
    let back: Vec<RecordBatch> = reader.map(|b| b.expect("batch")).collect();
    std::fs::remove_file(&path).expect("cleanup");
    assert_eq!(back.iter().map(RecordBatch::num_rows).sum::<usize>() as u64, summary.games);
    assert_eq!(back[0].schema().fields(), games_schema().fields());
    let red_elo = back[0].column_by_name("red_elo").expect("red_elo");
    assert_eq!(red_elo.data_type(), &arrow_schema::DataType::Int32);
}

#[test]
fn concatenated_batches_hold_each_dictionary_value_once() {
    let options = Options { batch_games: 3, ..with_plies() };
    let (batches, _) = analyse(&[Input::Path(data("records")), Input::Path(data("xqf"))], &options);
    let plies: Vec<RecordBatch> = batches.iter().filter_map(|b| b.plies.clone()).collect();
    assert!(plies.len() > 2);
    let whole = xiangqi_corpus::concat_batches(&plies_schema(), &plies).expect("one schema");
    let ends_to_end = concat(&plies);
    for name in ["source", "side", "class"] {
        let dictionary = whole.column_by_name(name).expect("column").as_dictionary::<Int32Type>();
        let values: Vec<&str> = dictionary.values().as_string::<i32>().iter().flatten().collect();
        let distinct: std::collections::HashSet<&str> = values.iter().copied().collect();
        assert_eq!(values.len(), distinct.len(), "{name}: {values:?}");
        assert_eq!(strings(&whole, name), strings(&ends_to_end, name), "{name}");
    }
    assert_eq!(whole.num_rows(), ends_to_end.num_rows());
}

/// A stream that takes `room` bytes, then fails.
struct Full {
    room: usize,
}

impl std::io::Write for Full {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.room < buf.len() {
            return Err(std::io::Error::other("the disk is full"));
        }
        self.room -= buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn run_into_writes_the_tables_of_run_and_reports_a_write_error() {
    let inputs = [Input::Path(data("records")), Input::Path(data("xqf"))];
    let options = Options { threads: 2, batch_games: 64, ..with_plies() };
    let (batches, summary) = analyse(&inputs, &options);
    let dir = std::env::temp_dir().join(format!("xiangqi-corpus-into-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("creates");
    let (games_path, plies_path) = (dir.join("g.jsonl"), dir.join("p.jsonl"));
    let games = TableWriter::create(&games_path, OutputFormat::JsonLines, games_schema()).expect("creates");
    let plies = TableWriter::create(&plies_path, OutputFormat::JsonLines, plies_schema()).expect("creates");
    let written = xiangqi_corpus::run_into(&inputs, &options, games, Some(plies), &mut |_| {}).expect("runs");
    assert_eq!((written.games, written.plies), (summary.games, summary.plies));
    let as_json = |tables: Vec<RecordBatch>, schema| {
        let path = dir.join("expected.jsonl");
        let mut out = TableWriter::create(&path, OutputFormat::JsonLines, schema).expect("creates");
        for table in &tables {
            out.write(table).expect("writes");
        }
        out.finish().expect("closes");
        std::fs::read(&path).expect("written")
    };
    let expected_games = as_json(batches.iter().map(|b| b.games.clone()).collect(), games_schema());
    assert_eq!(std::fs::read(&games_path).expect("written"), expected_games);
    let expected_plies = as_json(batches.iter().filter_map(|b| b.plies.clone()).collect(), plies_schema());
    assert_eq!(std::fs::read(&plies_path).expect("written"), expected_plies);
    assert!(expected_plies.len() > 100_000, "the plies table is written");

    // A writer that fails stops the run with its own error, and nothing hangs.
    let games = TableWriter::to_stream(Box::new(Full { room: 4096 }), OutputFormat::JsonLines).expect("stream");
    let failed = xiangqi_corpus::run_into(&inputs, &options, games, None, &mut |_| {}).expect_err("fails");
    assert!(failed.to_string().contains("the disk is full"), "{failed}");
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

/// The ECCO code computed from the moves sits beside the record's own tag: on the bundled tagged sample they
/// agree for nearly every game, and a game from a set-up position has no code.
#[test]
fn ecco_codes_are_computed_beside_the_tag() {
    let (batches, _) = analyse(&[Input::Path(data("ecco/ccpd-tagged-sample.pgn"))], &Options::default());
    let games = concat(&batches.iter().map(|b| b.games.clone()).collect::<Vec<_>>());
    let (computed, tags) = (strings(&games, "ecco"), strings(&games, "ecco_tag"));
    let openings = strings(&games, "ecco_opening");
    assert!(games.num_rows() > 200);
    assert!(computed.iter().all(Option::is_some) && openings.iter().all(Option::is_some));
    let agree = computed.iter().zip(&tags).filter(|(c, t)| c == t).count();
    assert!(agree * 100 >= games.num_rows() * 95, "{agree} of {} agree with the tag", games.num_rows());
    let composed = b"[FEN \"4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1\"]\n\n1. i0i5 *\n";
    let (batches, _) = analyse(&[Input::bytes("composed.pgn", &composed[..])], &Options::default());
    let games = concat(&batches.iter().map(|b| b.games.clone()).collect::<Vec<_>>());
    assert_eq!(strings(&games, "ecco"), vec![None]);
}

#[test]
fn a_plies_batch_closes_after_the_game_that_reaches_its_bound() {
    let inputs = [Input::Path(data("records"))];
    let (batches, summary) = analyse(&inputs, &Options { batch_plies: 300, ..with_plies() });
    let sizes: Vec<usize> = batches.iter().map(|b| b.plies.as_ref().expect("plies").num_rows()).collect();
    assert!(sizes.len() > 3, "{sizes:?}");
    assert_eq!(sizes.iter().sum::<usize>() as u64, summary.plies);
    for batch in &batches[..batches.len() - 1] {
        let rows = batch.plies.as_ref().expect("plies").num_rows();
        let games = batch.games.column_by_name("plies").expect("plies").as_primitive::<UInt32Type>();
        let last = games.value(games.len() - 1) as usize;
        // Reached with its last game, not before it.
        assert!(rows >= 300 && rows - last < 300, "{rows} rows, the last game {last}");
    }
}

/// The rows of a run, one line of text each, keyed by the game id (as a distributed run would be compared).
fn rows_by_id(batches: &[Batch]) -> Vec<(u64, String)> {
    let games = concat(&batches.iter().map(|b| b.games.clone()).collect::<Vec<_>>());
    let text: Vec<String> = (0..games.num_rows())
        .map(|i| {
            games
                .columns()
                .iter()
                .map(|c| arrow_cast::display::array_value_to_string(c, i).expect("printable"))
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect();
    let mut rows: Vec<(u64, String)> = game_ids(&games).into_iter().zip(text).collect();
    rows.sort();
    rows
}

#[test]
fn surveyed_pieces_give_the_rows_of_one_run() {
    let dir = std::env::temp_dir().join(format!("xiangqi-corpus-survey-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let inputs = [
        Input::Path(data("records/ccpd-selected.pgn")),
        Input::Path(data("xqf")),
        Input::Path(dir.clone()),
        Input::Glob("/nonexistent/*.xqf".into()),
        Input::Path(PathBuf::from("/nonexistent/x.pgn")),
        Input::bytes("empty.pgn", &b""[..]),
    ];
    let whole = analyse(&inputs, &Options::default()).0;
    let surveyed = xiangqi_corpus::survey(&inputs);
    assert_eq!(surveyed.iter().map(|s| s.games.expect("counted")).sum::<u64>() as usize, rows_by_id(&whole).len());
    assert!(surveyed[0].games > Some(3) && surveyed[0].bytes > 0 && surveyed[0].error.is_none());
    // Listing alone names the same sources, with the same sizes and errors.
    let listed = xiangqi_corpus::list_sources(&inputs);
    assert_eq!(listed.len(), surveyed.len());
    for (l, s) in listed.iter().zip(&surveyed) {
        assert_eq!((&l.name, &l.path, l.bytes, &l.error), (&s.name, &s.path, s.bytes, &s.error));
        assert_eq!(l.games.is_some(), l.error.is_some());
    }
    // Every source on its own, a large one in ranges of three games.
    let mut pieces = Vec::new();
    for source in &surveyed {
        let input = source.input().unwrap_or_else(|| Input::bytes(source.name.clone(), &b""[..]));
        let games = source.games.expect("counted");
        let mut start = 0;
        while start < games {
            let end = (start + 3).min(games);
            let options = Options { games: Some(start as usize..end as usize), ..Options::default() };
            pieces.extend(analyse(std::slice::from_ref(&input), &options).0);
            start = end;
        }
    }
    std::fs::remove_dir_all(&dir).expect("cleanup");
    assert_eq!(rows_by_id(&pieces), rows_by_id(&whole));
}
