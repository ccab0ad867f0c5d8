"""Bulk analysis: tables from bundled files, the same with one and two threads, bad games kept as rows."""

from __future__ import annotations

from pathlib import Path

import pytest

import xiangqi

from conftest import DATA

pa = pytest.importorskip("pyarrow")

FILES = [
    DATA / "records" / "ccpd-selected.pgn",
    DATA / "records" / "bulk_games_uci.pgn",
    DATA / "records" / "SAMPLE.PGN",
    DATA / "xqf" / "SAMPLE.XQF",
    DATA / "xqf" / "BadMoveTest3.xqf",
    DATA / "dhtmlxq" / "44.html",
]


def test_one_and_two_threads_give_the_same_tables() -> None:
    one, plies_one = xiangqi.analyse(FILES, threads=1, plies=True, progress=False)
    two, plies_two = xiangqi.analyse(FILES, threads=2, plies=True, progress=False)
    assert one.equals(two) and plies_one.equals(plies_two)
    games = sum(1 for f in FILES for _ in xiangqi.read_games(f))
    assert one.num_rows == games
    assert sum(one.column("plies").to_pylist()) == plies_one.num_rows


def test_rows_match_the_board_api() -> None:
    table = xiangqi.analyse(FILES, progress=False)
    rows = table.to_pylist()
    by_file = {}
    for row in rows:
        by_file.setdefault(row["source"], []).append(row)
    for path in FILES:
        for game, row in zip(xiangqi.read_games(path), by_file[str(path)]):
            board = game.board()
            outcome = board.outcome()
            assert row["plies"] == game.plies
            assert row["verdict_summary"] == (outcome.summary if outcome else "continue")
            assert row["termination"] == (outcome.termination.value if outcome else None)
            assert (row["error"] is None) == (game.error is None) == (row["status"] == "complete")
            # A game whose start could not be read has no record, so no recorded result.
            assert row["recorded_result"] == (game.result if row["start_fen"] is not None else None)
    bad = [r for r in rows if r["source"].endswith("BadMoveTest3.xqf")]
    assert bad and bad[0]["error"] is not None and bad[0]["status"] == "error"
    assert (bad[0]["error_byte"], bad[0]["error_ply"]) == (1106, 10)


def test_repetition_columns(tmp_path: Path) -> None:
    moves = ["f0e0", "e8f8", "e0f0", "f8e8"] * 2
    record = '[FEN "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"]\n' + " ".join(moves) + " *\n"
    path = tmp_path / "perpetual.pgn"
    path.write_text('[Event "no repetition"]\n1. h2e2 h9g7 *\n\n' + record, encoding="utf-8")
    games, plies = xiangqi.analyse(path, plies=True, progress=False)
    quiet, perpetual = games.to_pylist()
    assert quiet["repetitions"] == [] and quiet["event"] == "no repetition"
    first = perpetual["repetitions"][0]
    assert first == {"ply": 8, "verdict": "loss", "termination": "perpetual_check", "article": "24.1, 26.1", "side": "red"}
    assert perpetual["verdict_summary"] == "red loses" and perpetual["verdict"] == "loss"
    classes = [r["class"] for r in plies.to_pylist() if r["index"] == 1]
    assert classes[0] == "check" and None not in classes
    assert [r["class"] for r in plies.to_pylist() if r["index"] == 0] == [None, None]
    all_classes = xiangqi.analyse(path, classify=True, progress=False)[1]
    assert None not in all_classes.column("class").to_pylist()


def test_missing_files_and_directories(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty.pgn").write_bytes(b"")
    paths = [tmp_path / "missing.pgn", tmp_path / "empty", tmp_path / "empty.pgn", DATA / "xqf"]
    table = xiangqi.analyse(paths, progress=False)
    rows = table.to_pylist()
    assert rows[0]["source"].endswith("missing.pgn") and "cannot open" in rows[0]["error"]
    assert "no record file" in rows[1]["error"] and "no game" in rows[2]["error"]
    assert [r["status"] for r in rows[:3]] == ["error"] * 3
    assert table.num_rows == 3 + len(list((DATA / "xqf").glob("*.[xX][qQ][fF]")))
    for threads in (0, -1):
        with pytest.raises(ValueError):
            xiangqi.analyse(FILES, threads=threads)


def test_the_schema_is_fixed_and_shared_with_analyse_columns() -> None:
    tables = [xiangqi.analyse(path, progress=False) for path in FILES]
    assert all(t.schema == tables[0].schema for t in tables)
    assert tables[0].schema.metadata[b"xiangqi.schema_version"] == xiangqi.SCHEMA_VERSION.encode()
    columns, _ = xiangqi.analyse_columns(FILES[:3], progress=False)
    table = xiangqi.analyse(FILES[:3], progress=False)
    assert list(columns) == table.column_names
    assert columns["game_id"] == table.column("game_id").to_pylist()
    assert columns["other_tags"] == [dict(m) for m in table.column("other_tags").to_pylist()]


def test_bytes_sources_game_ranges_and_parquet(tmp_path: Path) -> None:
    text = (DATA / "records" / "bulk_games_uci.pgn").read_bytes()
    whole = xiangqi.analyse(source={"a.pgn": text}, progress=False)
    some = xiangqi.analyse(source={"a.pgn": text}, games=range(2, 5), progress=False)
    assert some.column("index").to_pylist() == [2, 3, 4]
    assert some.column("game_id").to_pylist() == whole.column("game_id").to_pylist()[2:5]
    cut = xiangqi.analyse(source=text[: len(text) // 2], progress=False).to_pylist()
    assert cut[-1]["status"] == "truncated" and cut[-1]["error_byte"] == len(text) // 2
    path = tmp_path / "games.parquet"
    xiangqi.to_parquet(whole, path)
    pq = pytest.importorskip("pyarrow.parquet")
    assert pq.read_table(path).equals(whole)


def test_progress_callback_and_pandas() -> None:
    calls = []

    class Recorder(xiangqi._progress.ProgressBar):
        def __call__(self, games: int, bytes_read: int, bytes_total: int) -> None:
            calls.append((games, bytes_read, bytes_total))

    table = xiangqi.analyse(FILES, progress=Recorder(), threads=2)
    assert calls and calls[-1][0] == table.num_rows and calls[-1][1] == calls[-1][2]
    pd = pytest.importorskip("pandas")
    frame = table.to_pandas()
    assert isinstance(frame, pd.DataFrame) and len(frame) == table.num_rows


def test_the_package_namespace_is_clean() -> None:
    assert not {"os", "IO", "Optional", "Union", "Iterator"} & set(dir(xiangqi))


def test_glob_patterns_are_read_as_the_command_reads_them() -> None:
    pattern = str(DATA / "records" / "*.PGN")
    games = xiangqi.analyse(pattern, progress=False)
    assert games.column("source").to_pylist() == [str(DATA / "records" / "SAMPLE.PGN")]
    nothing = xiangqi.analyse(str(DATA / "records" / "nothing-*.pgn"), progress=False).to_pylist()
    assert len(nothing) == 1 and nothing[0]["error"].endswith("no file matches the pattern")


def test_an_empty_plies_table_is_safe_for_pandas() -> None:
    pd = pytest.importorskip("pandas")
    games, plies = xiangqi.analyse(source={"empty.pgn": b""}, plies=True, progress=False)
    assert (games.num_rows, plies.num_rows) == (1, 0)
    assert plies.nbytes >= 0
    frame = plies.to_pandas(types_mapper=pd.ArrowDtype)
    assert int(frame.memory_usage(deep=True).sum()) >= 0


def test_tables_of_many_batches_convert_to_pandas() -> None:
    pytest.importorskip("pandas")
    # Over 1,024 games: several batches, each with its own dictionaries, in one table.
    wukong = Path(__file__).resolve().parents[2] / "examples" / "data" / "wukong"
    games = xiangqi.analyse(wukong, progress=False)
    assert games.num_rows > 1024
    for name in ("source", "status", "verdict", "verdict_summary"):
        values = games.column(name).combine_chunks().dictionary.to_pylist()
        assert len(values) == len(set(values)), name
    frame = games.to_pandas()
    categories = frame["source"].cat.categories
    assert categories.is_unique and set(categories) == set(frame["source"].astype(str)) and len(categories) == 2
