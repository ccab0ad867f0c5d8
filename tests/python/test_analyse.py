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
        by_file.setdefault(row["file"], []).append(row)
    for path in FILES:
        for game, row in zip(xiangqi.read_games(path), by_file[str(path)]):
            board = game.board()
            outcome = board.outcome()
            assert row["plies"] == game.plies
            assert row["verdict"] == (outcome.summary if outcome else "continue")
            assert row["termination"] == (outcome.termination.value if outcome else None)
            assert (row["error"] is None) == (game.error is None)
            assert row["result"] == game.result
    bad = [r for r in rows if r["file"].endswith("BadMoveTest3.xqf")]
    assert bad and bad[0]["error"] is not None


def test_repetition_columns(tmp_path: Path) -> None:
    moves = ["f0e0", "e8f8", "e0f0", "f8e8"] * 2
    record = '[FEN "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"]\n' + " ".join(moves) + " *\n"
    path = tmp_path / "perpetual.pgn"
    path.write_text('[Event "no repetition"]\n1. h2e2 h9g7 *\n\n' + record, encoding="utf-8")
    games, plies = xiangqi.analyse(path, plies=True, progress=False)
    quiet, perpetual = games.to_pylist()
    assert quiet["repetition_ply"] is None and quiet["repetitions"] == 0 and quiet["Event"] == "no repetition"
    assert perpetual["repetition_ply"] == 8 and perpetual["repetition_verdict"] == "loss"
    assert perpetual["repetition_termination"] == "perpetual_check" and perpetual["repetition_side"] == "red"
    assert perpetual["repetition_article"] == "24.1, 26.1" and perpetual["verdict"] == "red loses"
    classes = [r["move_class"] for r in plies.to_pylist() if r["index"] == 1]
    assert classes[0] == "check" and None not in classes
    assert [r["move_class"] for r in plies.to_pylist() if r["index"] == 0] == [None, None]
    all_classes = xiangqi.analyse(path, classify=True, progress=False)[1]
    assert None not in all_classes.column("move_class").to_pylist()


def test_missing_files_and_directories(tmp_path: Path) -> None:
    table = xiangqi.analyse([tmp_path / "missing.pgn", DATA / "xqf"], progress=False)
    first = table.to_pylist()[0]
    assert first["error"] and "missing.pgn" in first["error"]
    assert table.num_rows == 1 + len(list((DATA / "xqf").glob("*.[xX][qQ][fF]")))
    with pytest.raises(ValueError):
        xiangqi.analyse(FILES, threads=0)


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
