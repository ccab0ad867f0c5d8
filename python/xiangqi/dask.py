"""The bulk analysis of :func:`xiangqi.analyse` as Dask DataFrames, for corpora larger than one machine.

The inputs are cut into partitions of about ``partition_size`` bytes of records (:func:`xiangqi._pieces.plan`):
several small sources together, or a range of games of a larger source. Each partition is analysed by the
Rust engine with the GIL released in whichever worker takes it; the partitions together hold exactly the rows of one
``xiangqi.analyse`` call over the same inputs (the same ``game_id``, ``source``, ``index`` and values), in
source order. Nothing is shuffled: a partition reads its records and writes its rows.

Columns keep the Arrow types of ``docs/schema.md`` through pandas' ``ArrowDtype`` (``game_id`` stays an
unsigned 64-bit integer, lists, structs and maps stay themselves), except that the dictionary-encoded text
columns (``source``, ``status``, ``verdict``, ...) are plain text, since each partition would otherwise have a
dictionary of its own. :func:`to_parquet` writes the frames with the Arrow types of one process's tables
and metadata that pandas reads back (a frame's own ``to_parquet`` writes the same data, but pandas cannot read
the nested columns' type names it stores: read such files with ``pyarrow.parquet.read_table(path)`` and
``to_pandas(ignore_metadata=True)``).

>>> import xiangqi.dask
>>> games = xiangqi.dask.analyse("examples/data/ccpd", partition_size=1 << 20)  # doctest: +SKIP
>>> games.groupby("verdict").size().compute()                               # doctest: +SKIP

With a cluster, make a ``distributed.Client`` first (``Client("tcp://scheduler:8786")``): the computation
runs there. The workers need the ``xiangqi`` package and the record files at the same paths (a shared file
system), since a partition names its file rather than carrying its bytes. Give workers one thread each
(``--nthreads 1``) and as many worker processes as cores: the engine keeps a core busy per partition.
"""

from __future__ import annotations

import weakref
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, Union

from ._pieces import (
    DEFAULT_PARTITION_SIZE,
    PathLike,
    Piece,
    analyse_pieces,
    analysis_options,
    group,
    plain,
    plain_schema,
    plan,
)
from ._pieces import schemas as engine_schemas

__all__ = ["analyse", "to_parquet", "schemas", "games_meta", "plies_meta", "DEFAULT_PARTITION_SIZE"]


def schemas() -> Tuple[Any, Any]:
    """The Arrow schemas of the partitions (games, plies): those of ``docs/schema.md`` with plain text in
    place of dictionaries."""
    games, plies = engine_schemas()
    return plain_schema(games), plain_schema(plies)


def _frame(table: Any) -> Any:
    import pandas as pd

    return table.to_pandas(types_mapper=pd.ArrowDtype)


def games_meta() -> Any:
    """An empty pandas DataFrame with the columns and types of a games partition."""
    return _frame(schemas()[0].empty_table())


def plies_meta() -> Any:
    """An empty pandas DataFrame with the columns and types of a plies partition."""
    return _frame(schemas()[1].empty_table())


def _analyse_arrow(pieces: List[Piece], options: Mapping[str, Any], both: bool) -> Tuple[Any, Optional[Any]]:
    """A partition's games table and, when ``both``, its plies table, dictionaries as plain text."""
    games, plies = analyse_pieces(pieces, plies=both, **options)
    return plain(games), None if plies is None else plain(plies)


def _frame_of(tables: Tuple[Any, Optional[Any]], which: int) -> Any:
    return _frame(tables[which])


#: For each frame made by :func:`analyse`, its partitions' delayed analyses and which of their two tables it
#: holds, so that :func:`to_parquet` writes the engine's Arrow tables without pandas in between. Keyed by
#: the frame's id (a frame's ``==`` compares its values), forgotten when the frame goes.
_origins: Dict[int, Tuple[List[Any], int]] = {}


def _remember(frame: Any, analysed: List[Any], which: int) -> None:
    key = id(frame)
    _origins[key] = (analysed, which)
    weakref.finalize(frame, _origins.pop, key, None)


def _count_with_dask(function: Any, items: List[Any]) -> List[int]:
    """Counts the games of the sources to cut where the computation runs: on the cluster when a
    ``distributed.Client`` is active, else on local threads (the GIL is released while the engine reads)."""
    from dask.base import compute
    from dask.delayed import delayed

    return list(compute(*[delayed(function, pure=True)(*item) for item in items]))  # type: ignore[no-untyped-call]


def analyse(
    paths: Union[None, PathLike, Iterable[PathLike]] = None,
    *,
    source: Optional[Mapping[str, bytes]] = None,
    plies: bool = False,
    classify: bool = False,
    fen: bool = False,
    variations: bool = False,
    rules: str = "cxa",
    partition_size: int = DEFAULT_PARTITION_SIZE,
) -> Any:
    """The games of ``paths`` (record files, directories read recursively, glob patterns) and of ``source``
    (a dict of name to bytes) as a ``dask.dataframe.DataFrame`` with one row per game, or ``(games, plies)``
    with ``plies=True`` (``classify``, ``fen`` and ``variations`` as for :func:`xiangqi.analyse`).

    A partition holds about ``partition_size`` bytes of records: several small sources together, or a range
    of games of a larger source. The sources are listed now; a source to cut has its games counted now too
    (where each game ends is read, not the moves), on the cluster's workers when a ``distributed.Client`` is
    active. The analysis runs when the frames are computed: one task per partition makes both tables, so
    computing both frames in one call (``dask.compute(games, plies)``, or :func:`to_parquet` with
    ``compute=False`` for each and one ``dask.compute``) analyses every piece once; computing them one after
    the other analyses it twice.

    A range of a large file first reads past the games before it (finding where they end, about a tenth of
    the cost of analysing them), so a file cut into ``k`` ranges costs about ``k / 20`` more than whole.
    """
    import dask.dataframe as dd
    from dask.delayed import delayed

    pieces = plan(paths, source=source, partition_size=partition_size, count=_count_with_dask)
    options = analysis_options(classify, fen, variations, rules)
    both = plies or classify
    analysed = [delayed(_analyse_arrow, pure=True)(part, options, both) for part in group(pieces, partition_size)]
    frames = []
    for which, schema in enumerate(schemas()[: 2 if both else 1]):
        parts = [delayed(_frame_of, pure=True)(tables, which) for tables in analysed]
        frame = dd.from_delayed(parts, meta=_frame(schema.empty_table()), verify_meta=False)
        _remember(frame, analysed, which)
        frames.append(frame)
    return (frames[0], frames[1]) if both else frames[0]


def _readable(pandas_metadata: bytes) -> bytes:
    """``pandas`` metadata with its nested Arrow columns described as ``object``: pandas cannot parse back the
    type name it writes for them (``list<item: struct<...>>[pyarrow]``)."""
    import json

    metadata = json.loads(pandas_metadata)
    for column in metadata["columns"]:
        if "<" in str(column.get("numpy_type", "")):
            column["numpy_type"] = "object"
    return json.dumps(metadata).encode()


def _readable_pandas_metadata(schema: Any) -> bytes:
    """The readable ``pandas`` metadata of a frame of ``schema`` (see :func:`_readable`)."""
    import pyarrow as pa

    return _readable(pa.Table.from_pandas(_frame(schema.empty_table())).schema.metadata[b"pandas"])


def _write_partition(frame: Any, path: str, schema: Optional[Any], version: Mapping[bytes, bytes], options: Any) -> int:
    """Writes a pandas partition: with the schema of the engine's table when it has that table's columns,
    else with the Arrow types its columns hold."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pandas(frame, schema=schema, preserve_index=False)
    metadata = dict(table.schema.metadata or {})
    metadata.update(version)
    metadata[b"pandas"] = _readable(metadata[b"pandas"])
    table = table.replace_schema_metadata(metadata)
    pq.write_table(table, path, **options)
    return int(table.num_rows)


def _write_analysed(
    tables: Tuple[Any, Optional[Any]], which: int, path: str, metadata: Mapping[bytes, bytes], options: Any
) -> int:
    import pyarrow.parquet as pq

    chosen = tables[which]
    if chosen is None:
        raise ValueError("the partition was analysed without plies")
    table = chosen.replace_schema_metadata(metadata)
    pq.write_table(table, path, **options)
    return int(table.num_rows)


def to_parquet(frame: Any, path: str, *, compute: bool = True, **options: Any) -> Any:
    """Writes a frame of :func:`analyse` to the directory ``path``, one Parquet file per partition
    (``part.0.parquet``, ...), with the Arrow schema of the engine's table (dictionaries as plain text), its
    ``xiangqi.schema_version``, and metadata that ``pandas.read_parquet`` and
    ``dask.dataframe.read_parquet`` read back (nested columns as Python objects, or as Arrow types with
    ``dtype_backend="pyarrow"``). Returns the number of rows written; with ``compute=False``, the delayed
    write instead, so that both frames are written in one pass over the records::

        games, plies = xiangqi.dask.analyse(paths, plies=True)
        dask.compute(xiangqi.dask.to_parquet(games, "games", compute=False),
                     xiangqi.dask.to_parquet(plies, "plies", compute=False))

    A frame as :func:`analyse` returned it is written straight from the engine's Arrow tables (no pandas in
    between); any other frame (filtered, with new columns) through pandas, with the same types.
    ``options`` go to ``pyarrow.parquet.write_table`` (``compression``, ...). The directory must be one that
    every worker can write to."""
    import os

    from dask.delayed import delayed

    games, plies = schemas()
    schema = next((s for s in (games, plies) if list(frame.columns) == s.names), None)
    version = dict(games.metadata or {})
    os.makedirs(path, exist_ok=True)
    origin = _origins.get(id(frame))
    if origin is not None:
        # A frame of analyse() as it was made: each partition goes from the engine's Arrow tables to its file,
        # with no pandas in between; the analysis tasks are shared with the other frame's to_parquet.
        analysed, which = origin
        metadata = dict(version)
        metadata[b"pandas"] = _readable_pandas_metadata((games, plies)[which])
        write = delayed(_write_analysed, pure=False)
        parts = [
            write(tables, which, os.path.join(path, f"part.{number}.parquet"), metadata, options)
            for number, tables in enumerate(analysed)
        ]
    else:
        write = delayed(_write_partition, pure=False)
        parts = [
            write(part, os.path.join(path, f"part.{number}.parquet"), schema, version, options)
            for number, part in enumerate(frame.to_delayed())
        ]
    total = delayed(sum)(parts)
    return total.compute() if compute else total
