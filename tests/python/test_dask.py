"""xiangqi.dask against the single-process analysis, on a real Dask cluster: a scheduler and two worker
processes on loopback TCP, started here, one of them killed in the middle of a computation."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any, Iterator, List

import pytest

pa = pytest.importorskip("pyarrow")
pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")

import xiangqi  # noqa: E402
import xiangqi.dask  # noqa: E402
from xiangqi._pieces import analyse_pieces, group, plain, plan  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "records"
XQF = ROOT / "tests" / "data" / "xqf"
WUKONG = ROOT / "examples" / "data" / "wukong"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
    )
    with distributed.Client(cluster) as connected:
        yield connected
    cluster.close()


def mixed_inputs(tmp_path: Path) -> List[str]:
    garbage = tmp_path / "garbage.pgn"
    garbage.write_bytes(bytes(range(256)) * 40)
    (tmp_path / "empty.pgn").write_bytes(b"")
    return [
        str(RECORDS / "ccpd-selected.pgn"),
        str(XQF),
        str(tmp_path),
        str(tmp_path / "missing.pgn"),
        str(tmp_path / "nothing-*.xqf"),
        str(RECORDS / "SAMPLE.PGN"),
    ]


def sorted_table(table: Any, keys: List[str]) -> Any:
    return table.sort_by([(k, "ascending") for k in keys])


def as_arrow(frame: Any, schema: Any) -> Any:
    return pa.Table.from_pandas(frame, preserve_index=False).cast(schema)


def test_the_pieces_of_a_plan_cover_every_game_once() -> None:
    inputs = [str(RECORDS / "ccpd-selected.pgn"), str(XQF), str(RECORDS / "bulk_games_uci.pgn")]
    pieces = plan(inputs, partition_size=3000)
    whole = xiangqi.analyse(inputs)
    cut = [p for p in pieces if p.source.endswith("bulk_games_uci.pgn")]
    # 10,842 bytes in ranges of about 3,000: four ranges of its 15 games, end to end, the last to the end.
    assert [(p.start, p.stop) for p in cut] == [(0, 3), (3, 7), (7, 11), (11, None)]
    assert all((p.start, p.stop) == (0, None) for p in pieces if p not in cut)
    assert [p.source for p in pieces if p not in cut] + [cut[0].source] == list(
        dict.fromkeys(whole.column("source").to_pylist())
    )
    groups = group(pieces, 3000)
    assert [p for g in groups for p in g] == pieces
    assert all(sum(p.bytes for p in g) <= 3000 or len(g) == 1 for g in groups)
    assert len(groups) < len(pieces)


def test_games_added_after_planning_are_not_lost(tmp_path: Path) -> None:
    record = (RECORDS / "bulk_games_uci.pgn").read_bytes()
    growing = tmp_path / "growing.pgn"
    growing.write_bytes(record)
    pieces = plan([str(growing)], partition_size=3000)
    assert len(pieces) > 1
    growing.write_bytes(record + b"\n" + (RECORDS / "SAMPLE.PGN").read_bytes())
    import pyarrow as pa

    rows = pa.concat_tables([analyse_pieces([piece])[0] for piece in pieces])
    assert rows.column("index").to_pylist() == list(range(16))


def test_games_and_plies_equal_one_process(client: Any, tmp_path: Path) -> None:
    import dask

    inputs = mixed_inputs(tmp_path)
    games, plies = xiangqi.dask.analyse(inputs, plies=True, partition_size=1000)
    assert games.npartitions > 5
    games_frame, plies_frame = dask.compute(games, plies)
    expected_games, expected_plies = xiangqi.analyse(inputs, plies=True)
    expected_games, expected_plies = plain(expected_games), plain(expected_plies)
    got_games = as_arrow(games_frame, expected_games.schema)
    got_plies = as_arrow(plies_frame, expected_plies.schema)
    assert got_games.num_rows == expected_games.num_rows > 20
    assert got_plies.num_rows == expected_plies.num_rows > 500
    assert sorted_table(got_games, ["game_id"]).equals(sorted_table(expected_games, ["game_id"]))
    ply_keys = ["game_id", "line", "ply"]
    assert sorted_table(got_plies, ply_keys).equals(sorted_table(expected_plies, ply_keys))
    assert set(got_games.column("status").to_pylist()) >= {"complete", "error"}


def test_to_parquet_writes_the_tables_of_one_process(client: Any, tmp_path: Path) -> None:
    import dask
    import dask.dataframe as dd
    import pandas as pd
    import pyarrow.parquet as pq

    games, plies = xiangqi.dask.analyse([str(RECORDS)], plies=True, partition_size=8000)
    written = dask.compute(
        xiangqi.dask.to_parquet(games, str(tmp_path / "games"), compute=False),
        xiangqi.dask.to_parquet(plies, str(tmp_path / "plies"), compute=False),
    )
    expected_games, expected_plies = (plain(t) for t in xiangqi.analyse([str(RECORDS)], plies=True))
    assert written == (expected_games.num_rows, expected_plies.num_rows)
    for name, expected, keys in (
        ("games", expected_games, ["game_id"]),
        ("plies", expected_plies, ["game_id", "line", "ply"]),
    ):
        table = pq.read_table(str(tmp_path / name))
        assert table.schema.metadata[b"xiangqi.schema_version"] == xiangqi.SCHEMA_VERSION.encode()
        got = table.replace_schema_metadata(None)
        assert sorted_table(got, keys).equals(sorted_table(expected.replace_schema_metadata(None), keys))
        # pandas and Dask read the files back, with the unsigned ids intact.
        frame = pd.read_parquet(str(tmp_path / name))
        assert len(frame) == expected.num_rows and str(frame["game_id"].dtype) == "uint64[pyarrow]"
        assert len(dd.read_parquet(str(tmp_path / name), dtype_backend="pyarrow").compute()) == expected.num_rows
    # A frame derived from analyse()'s goes through pandas, with the same types.
    played = games[games["plies"] > 0]
    assert xiangqi.dask.to_parquet(played, str(tmp_path / "played")) == sum(
        1 for n in expected_games.column("plies").to_pylist() if n > 0
    )
    derived = pq.read_table(str(tmp_path / "played")).replace_schema_metadata(None)
    assert derived.schema == expected_games.schema.remove_metadata()
    assert sorted(derived.column("game_id").to_pylist()) == sorted(
        g for g, n in zip(expected_games.column("game_id").to_pylist(), expected_games.column("plies").to_pylist())
        if n > 0
    )
    # A frame with a column of its own keeps it, with the Arrow types of the others.
    counted = games.assign(twice=games["plies"] * 2)
    xiangqi.dask.to_parquet(counted, str(tmp_path / "counted"))
    extended = pq.read_table(str(tmp_path / "counted"))
    assert extended.schema.field("game_id").type == pa.uint64() and "twice" in extended.schema.names
    assert len(pd.read_parquet(str(tmp_path / "counted"))) == expected_games.num_rows
    # A frame's own to_parquet writes the same rows (its pandas metadata needs ignore_metadata to read back).
    games.to_parquet(str(tmp_path / "direct"))
    direct = pq.read_table(str(tmp_path / "direct")).to_pandas(ignore_metadata=True)
    assert sorted(direct["game_id"]) == sorted(expected_games.column("game_id").to_pylist())


def test_a_bad_file_in_a_partition_is_its_error_row(client: Any, tmp_path: Path) -> None:
    (tmp_path / "good.pgn").write_bytes((RECORDS / "SAMPLE.PGN").read_bytes())
    (tmp_path / "bad.xqf").write_bytes(b"XQ" + bytes(range(200)))
    (tmp_path / "cut.pgn").write_bytes((RECORDS / "SAMPLE.PGN").read_bytes()[:300])
    games = xiangqi.dask.analyse([str(tmp_path)], partition_size=1 << 20)
    assert games.npartitions == 1
    frame = games.compute()
    rows = {Path(s).name: (status, error) for s, status, error in zip(frame["source"], frame["status"], frame["error"])}
    assert set(rows) == {"good.pgn", "bad.xqf", "cut.pgn"}
    assert rows["good.pgn"][0] == "complete"
    for broken in ("bad.xqf", "cut.pgn"):
        status, error = rows[broken]
        assert status in ("error", "truncated") and isinstance(error, str) and error


def test_a_worker_killed_mid_computation_loses_no_game(client: Any) -> None:
    games = xiangqi.dask.analyse([str(WUKONG)], partition_size=30_000)
    parts = games.to_delayed()
    assert len(parts) > 40
    futures = client.compute(parts)
    deadline = time.monotonic() + 60
    victim = None
    while victim is None and time.monotonic() < deadline:
        busy = {worker: keys for worker, keys in client.processing().items() if keys}
        done = sum(f.done() for f in futures)
        if busy and 0 < done < len(futures) - 10:
            victim = next(iter(busy))
        else:
            time.sleep(0.01)
    assert victim is not None, "no worker was seen busy"
    pids = client.run(os.getpid)
    os.kill(pids[victim], signal.SIGKILL)
    frames = client.gather(futures)
    assert pids[victim] not in client.run(os.getpid).values()
    import pandas as pd

    got = pd.concat(frames)
    expected = xiangqi.analyse([str(WUKONG)])
    assert len(got) == expected.num_rows
    assert got["game_id"].is_unique
    assert sorted(got["game_id"].tolist()) == sorted(expected.column("game_id").to_pylist())
