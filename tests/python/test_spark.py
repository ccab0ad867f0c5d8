"""xiangqi.spark on a local Spark session: the same rows as xiangqi.analyse over the same inputs, from paths
(cut into pieces) and from binaryFile contents, with bad inputs as error rows."""

from __future__ import annotations

import os
import random
import shutil
import sys
from pathlib import Path
from typing import Any, Dict, Iterator, List, Sequence, Tuple

import pytest

import xiangqi

from conftest import DATA

pytest.importorskip("pyarrow")
pytest.importorskip("pyspark", reason="pyspark is not installed: pip install -r tests/python/requirements-spark.txt")
if shutil.which("java") is None:
    pytest.skip("Spark needs a Java runtime (java is not on PATH)", allow_module_level=True)

from pyspark.sql import SparkSession  # noqa: E402

from xiangqi import _pieces, spark as xspark  # noqa: E402

pytestmark = [
    pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning"),
    pytest.mark.filterwarnings("ignore:distutils Version classes are deprecated:DeprecationWarning"),
]

# A directory, a PGN of 15 games (10,842 bytes) cut into three ranges, one more PGN, a missing file, a glob
# matching nothing.
PARTITION_SIZE = 4000
CUT_PGN = DATA / "records" / "bulk_games_uci.pgn"


def mixed_inputs(tmp: Path) -> List[str]:
    return [
        str(DATA / "xqf"),
        str(CUT_PGN),
        str(DATA / "records" / "SAMPLE.PGN"),
        str(tmp / "missing.pgn"),
        str(tmp / "nothing-*.pgn"),
    ]


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    previous = os.environ.get("PYSPARK_PYTHON")
    # The Python workers must import this interpreter's xiangqi and pyarrow.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("xiangqi-test-spark")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.memory", "1g")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    try:
        yield session
    finally:
        session.stop()
        if previous is None:
            os.environ.pop("PYSPARK_PYTHON", None)
        else:
            os.environ["PYSPARK_PYTHON"] = previous


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory with a PGN of random bytes, an empty PGN and a good game."""
    folder = tmp_path_factory.mktemp("bad")
    (folder / "random.pgn").write_bytes(random.Random(7).randbytes(3000))
    (folder / "empty.pgn").write_bytes(b"")
    (folder / "good.pgn").write_text('[Event "good"]\n1. h2e2 h9g7 2. h0g2 *\n', encoding="utf-8")
    return folder


def spark_rows(frame: Any) -> List[Dict[str, Any]]:
    """Collected rows as plain Python values, ``game_id`` back to the unsigned value of xiangqi.analyse."""
    rows = []
    for row in frame.collect():
        values = row.asDict(recursive=True)
        values["game_id"] = xspark.unsigned_game_id(values["game_id"])
        rows.append(values)
    return rows


def arrow_rows(table: Any) -> List[Dict[str, Any]]:
    """A table of xiangqi.analyse as the same Python values (a duplicate map key would raise)."""
    rows: List[Dict[str, Any]] = table.to_pylist(maps_as_pydicts="strict")
    return rows


def assert_same_rows(frame: Any, table: Any, key: Sequence[str]) -> None:
    assert frame.columns == table.schema.names
    ours = sorted(spark_rows(frame), key=lambda r: tuple(r[k] for k in key))
    theirs = sorted(arrow_rows(table), key=lambda r: tuple(r[k] for k in key))
    assert theirs and len(ours) == len(theirs)
    for mine, reference in zip(ours, theirs):
        assert mine == reference


def both_tables(paths: Any = None, **options: Any) -> Tuple[Any, Any]:
    games, plies = xiangqi.analyse(paths, plies=True, progress=False, **options)
    return games, plies


def test_schemas_map_unsigned_and_dictionary_columns() -> None:
    from pyspark.sql import types as T

    games, plies = xspark.games_schema(), xspark.plies_schema()
    reference_games, reference_plies = both_tables(source={"x.pgn": b""})
    assert games.names == reference_games.schema.names and plies.names == reference_plies.schema.names
    assert games["game_id"].dataType == T.LongType() and not games["game_id"].nullable
    assert games["index"].dataType == T.LongType() and games["source"].dataType == T.StringType()
    assert games["date_parsed"].dataType == T.DateType() and games["red_elo"].dataType == T.IntegerType()
    assert games["other_tags"].dataType == T.MapType(T.StringType(), T.StringType(), True)
    assert games["warnings"].dataType.elementType["byte_offset"].dataType == T.LongType()
    assert plies["targets"].dataType == T.ArrayType(T.StringType(), False)
    assert plies["check"].dataType == T.BooleanType()


def test_game_id_helpers(spark: Any) -> None:
    from decimal import Decimal

    for unsigned in (0, 5, (1 << 63) - 1, 1 << 63, (1 << 64) - 1):
        signed = xspark.signed_game_id(unsigned)
        assert -(1 << 63) <= signed < 1 << 63 and xspark.unsigned_game_id(signed) == unsigned
    frame = spark.createDataFrame([(-1,), (5,), (-(1 << 63),)], "game_id long")
    values = [r[0] for r in frame.select(xspark.unsigned_game_id_column()).collect()]
    assert values == [Decimal((1 << 64) - 1), Decimal(5), Decimal(1 << 63)]


def test_one_group_of_pieces_per_partition(spark: Any, tmp_path: Path) -> None:
    groups = _pieces.group(_pieces.plan(mixed_inputs(tmp_path), partition_size=PARTITION_SIZE), PARTITION_SIZE)
    assert any(len(g) > 1 for g in groups) and len(groups) > 1
    frame = xspark._pieces_frame(spark, groups)
    partitions = frame.rdd.glom().collect()
    assert [[(r.source, r.start, r.stop) for r in part] for part in partitions] == [
        [(p.source, p.start, p.stop) for p in g] for g in groups
    ]


def test_games_and_plies_equal_analyse(spark: Any, tmp_path: Path) -> None:
    paths = mixed_inputs(tmp_path)
    assert sum(1 for p in _pieces.plan(paths, partition_size=PARTITION_SIZE) if p.source == str(CUT_PGN)) == 3
    reference_games, reference_plies = both_tables(paths)
    statuses = set(reference_games.column("status").to_pylist())
    assert {"complete", "error"} <= statuses

    games_only = xspark.analyse(spark, paths, partition_size=PARTITION_SIZE)
    assert games_only.schema == xspark.games_schema()
    # Partitions are in source order and each is in source order: the rows come as xiangqi.analyse's.
    assert [xspark.unsigned_game_id(r.game_id) for r in games_only.select("game_id").collect()] == (
        reference_games.column("game_id").to_pylist()
    )

    games, plies = xspark.analyse(spark, paths, plies=True, partition_size=PARTITION_SIZE)
    shared = xspark._shared_by_frame[games]
    try:
        assert plies.schema == xspark.plies_schema() and shared.is_cached
        assert_same_rows(games, reference_games, ["game_id"])
        assert_same_rows(plies, reference_plies, ["game_id", "line", "ply"])
    finally:
        xspark.release(games)
    assert not shared.is_cached


def test_binary_files_equal_analyse_of_their_bytes(spark: Any, bad_files: Path) -> None:
    files = spark.read.format("binaryFile").load([str(DATA / "xqf"), str(bad_files)])
    contents = {row.path: bytes(row.content) for row in files.select("path", "content").collect()}
    assert len(contents) > 10 and all(name.startswith("file:") for name in contents)
    reference_games, reference_plies = both_tables(source=contents, fen=True)

    games, plies = xspark.analyse_binary(files, plies=True, fen=True)
    try:
        assert_same_rows(games, reference_games, ["game_id"])
        assert_same_rows(plies, reference_plies, ["game_id", "line", "ply"])
    finally:
        xspark.release(plies)


def test_bad_files_are_error_rows(spark: Any, bad_files: Path) -> None:
    reference = xiangqi.analyse(bad_files, progress=False)
    games = xspark.analyse(spark, bad_files)
    assert_same_rows(games, reference, ["game_id"])
    by_file = {Path(r["source"]).name: r for r in spark_rows(games)}
    assert by_file["good.pgn"]["status"] == "complete" and by_file["good.pgn"]["plies"] == 3
    for name in ("random.pgn", "empty.pgn"):
        assert by_file[name]["status"] == "error" and by_file[name]["error"]
    assert "no game" in by_file["empty.pgn"]["error"]


def test_no_inputs_give_no_rows(spark: Any) -> None:
    games = xspark.analyse(spark, [])
    assert games.count() == 0 and games.schema == xspark.games_schema()
