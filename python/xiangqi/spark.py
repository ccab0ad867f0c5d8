"""The bulk analysis of :func:`xiangqi.analyse` as Spark DataFrames, for corpora larger than one machine.

The inputs are cut into pieces (:func:`xiangqi._pieces.plan`): one per source, and ranges of at most
``partition_size`` bytes of records within a large source; small sources are gathered so that partitions hold
about ``partition_size`` bytes each. Each partition is one Spark task, in which ``mapInArrow`` runs the Rust
engine with the GIL released. The rows of all partitions are exactly the rows of one ``xiangqi.analyse``
call over the same inputs (the same ``game_id``, ``source``, ``index`` and values), in source order.

>>> import xiangqi.spark
>>> games = xiangqi.spark.analyse(spark, "examples/data/ccpd")                  # doctest: +SKIP
>>> games.groupBy("verdict").count().show()                                     # doctest: +SKIP
>>> games, plies = xiangqi.spark.analyse(spark, "examples/data/ccpd", plies=True)  # doctest: +SKIP

The record files are listed on the driver and read by the executors under the same names, so on a cluster
they must be on a file system that every machine mounts at the same path. Files that only Spark can reach
(HDFS, object stores) go through :func:`analyse_binary` with ``spark.read.format("binaryFile")``. The
executors need the ``xiangqi`` package and pyarrow (and PySpark's ``mapInArrow`` wants pandas on the
driver); one core per task is enough, the engine keeps it busy.

Spark has no unsigned integers and no dictionary-encoded columns, so the types of ``docs/schema.md`` become:

============================== =========================================================================
Arrow (``xiangqi.analyse``)    Spark
============================== =========================================================================
UInt64 (``game_id``, ...)      ``LongType`` holding the same 64 bits: a ``game_id`` of 2**63 or more is
                               negative (``id & 0xFFFFFFFFFFFFFFFF`` in Python gives the unsigned value back,
                               see :func:`unsigned_game_id`); byte offsets and line numbers are far below
                               2**63 and keep their value
UInt32 (``index``, ``plies``)  ``LongType``
Int32 (``red_elo``, ...)       ``IntegerType``
Boolean                        ``BooleanType``
Utf8, dictionary Utf8          ``StringType`` (dictionaries decoded)
Date32 (``date_parsed``)       ``DateType``
List, Struct, Map<Utf8, Utf8>  ``ArrayType``, ``StructType``, ``MapType(StringType, StringType)``
============================== =========================================================================

Nullability follows the Arrow schema; the schema metadata (``xiangqi.schema_version``) is not carried over.
:func:`games_schema` and :func:`plies_schema` give the Spark schemas.
"""

from __future__ import annotations

import decimal
import functools
import weakref
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple, Union

from ._pieces import DEFAULT_PARTITION_SIZE, PathLike, Piece, analyse_piece, analysis_options, group, plan
from ._pieces import schemas as engine_schemas

__all__ = [
    "analyse",
    "analyse_binary",
    "games_schema",
    "plies_schema",
    "unsigned_game_id",
    "signed_game_id",
    "unsigned_game_id_column",
    "release",
    "DEFAULT_PARTITION_SIZE",
]

_UINT64_MASK = 0xFFFFFFFFFFFFFFFF

#: The columns of the planned pieces, one row each, ``partition`` telling which task analyses it.
_PIECES_DDL = (
    "partition long, piece long, source string, path string, start long, stop long, error string, size long"
)

#: With plies: one row per analysed piece or file, its two tables as compressed Arrow IPC streams.
_BOTH_DDL = "games binary, plies binary"

#: The DataFrames returned with ``plies=True`` and the persisted DataFrame they are read from.
_shared_by_frame: "weakref.WeakKeyDictionary[Any, Any]" = weakref.WeakKeyDictionary()


def unsigned_game_id(value: int) -> int:
    """The unsigned ``game_id`` (as in :func:`xiangqi.analyse`) of a ``game_id`` read from Spark."""
    return value & _UINT64_MASK


def signed_game_id(value: int) -> int:
    """The Spark ``game_id`` (a signed 64-bit value) of a ``game_id`` of :func:`xiangqi.analyse`, to filter or
    join on in Spark."""
    return value - (1 << 64) if value >= 1 << 63 else value


def unsigned_game_id_column(column: Any = "game_id") -> Any:
    """A Spark column of the unsigned ``game_id`` as ``decimal(20,0)``, from a column name or a Column."""
    from pyspark.sql import functions as F

    signed = F.col(column) if isinstance(column, str) else column
    as_decimal = signed.cast("decimal(20,0)")
    wrapped = (as_decimal + F.lit(decimal.Decimal(1 << 64))).cast("decimal(20,0)")
    return F.when(signed < 0, wrapped).otherwise(as_decimal)


# The engine's Arrow schemas, and the Arrow and Spark schemas of what Spark holds.


def _spark_side_type(arrow_type: Any) -> Any:
    """The Arrow type Spark reads for a column of the engine's type: see the table in the module docstring.
    Nested fields are named as Spark names them (``element``, ``key``, ``value``)."""
    import pyarrow as pa

    if pa.types.is_dictionary(arrow_type):
        return _spark_side_type(arrow_type.value_type)
    if pa.types.is_unsigned_integer(arrow_type):
        return pa.int64()
    if pa.types.is_map(arrow_type):
        key = pa.field("key", _spark_side_type(arrow_type.key_type), nullable=False)
        item = arrow_type.item_field
        return pa.map_(key, pa.field("value", _spark_side_type(item.type), item.nullable))
    if pa.types.is_list(arrow_type):
        element = arrow_type.value_field
        return pa.list_(pa.field("element", _spark_side_type(element.type), element.nullable))
    if pa.types.is_struct(arrow_type):
        return pa.struct([pa.field(f.name, _spark_side_type(f.type), f.nullable) for f in arrow_type])
    if arrow_type in (pa.bool_(), pa.int32(), pa.int64(), pa.string(), pa.date32()):
        return arrow_type
    raise TypeError(f"no Spark type for the Arrow type {arrow_type}")


def _spark_side_schema(schema: Any) -> Any:
    import pyarrow as pa

    return pa.schema([pa.field(f.name, _spark_side_type(f.type), f.nullable) for f in schema])


@functools.lru_cache(maxsize=None)
def _spark_side_schemas() -> Tuple[Any, Any]:
    games, plies = engine_schemas()
    return _spark_side_schema(games), _spark_side_schema(plies)


def _spark_type(arrow_type: Any) -> Any:
    """The Spark type of an Arrow type of :func:`_spark_side_type`."""
    import pyarrow as pa
    from pyspark.sql import types as T

    if pa.types.is_map(arrow_type):
        item = arrow_type.item_field
        return T.MapType(_spark_type(arrow_type.key_type), _spark_type(item.type), item.nullable)
    if pa.types.is_list(arrow_type):
        element = arrow_type.value_field
        return T.ArrayType(_spark_type(element.type), element.nullable)
    if pa.types.is_struct(arrow_type):
        return T.StructType([T.StructField(f.name, _spark_type(f.type), f.nullable) for f in arrow_type])
    leaves = {
        pa.bool_(): T.BooleanType(),
        pa.int32(): T.IntegerType(),
        pa.int64(): T.LongType(),
        pa.string(): T.StringType(),
        pa.date32(): T.DateType(),
    }
    return leaves[arrow_type]


def _spark_schema(arrow_schema: Any) -> Any:
    from pyspark.sql import types as T

    return T.StructType([T.StructField(f.name, _spark_type(f.type), f.nullable) for f in arrow_schema])


def games_schema() -> Any:
    """The Spark schema (``StructType``) of the games DataFrame: the games table of ``docs/schema.md`` with
    the types of the module docstring's table."""
    return _spark_schema(_spark_side_schemas()[0])


def plies_schema() -> Any:
    """The Spark schema (``StructType``) of the plies DataFrame."""
    return _spark_schema(_spark_side_schemas()[1])


def _to_spark_side(table: Any, schema: Any) -> Any:
    """An engine table in the Arrow types Spark reads (``schema``, of :func:`_spark_side_schema`)."""
    import pyarrow as pa

    columns = []
    for field, column in zip(schema, table.columns):
        if column.type == pa.uint64():
            # A cast would refuse ids of 2**63 and more; the same bits are wanted.
            column = pa.chunked_array([chunk.view(pa.int64()) for chunk in column.chunks], pa.int64())
        else:
            column = column.cast(field.type)
        columns.append(column)
    return pa.Table.from_arrays(columns, schema=schema)


# What runs in the tasks (module functions, so that Spark pickles them by name).


def _ipc_bytes(table: Any) -> bytes:
    import pyarrow as pa

    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema, options=pa.ipc.IpcWriteOptions(compression="zstd")) as writer:
        writer.write_table(table)
    return bytes(sink.getvalue().to_pybytes())


def _output(games: Any, plies: Optional[Any], both: bool) -> Iterator[Any]:
    """The record batches a task yields for the tables of one piece or file."""
    import pyarrow as pa

    games_side, plies_side = _spark_side_schemas()
    if not both:
        yield from _to_spark_side(games, games_side).to_batches()
        return
    yield pa.RecordBatch.from_arrays(
        [
            pa.array([_ipc_bytes(_to_spark_side(games, games_side))], pa.binary()),
            pa.array([_ipc_bytes(_to_spark_side(plies, plies_side))], pa.binary()),
        ],
        names=["games", "plies"],
    )


def _analyse_piece_rows(batches: Iterator[Any], options: Dict[str, Any], both: bool) -> Iterator[Any]:
    for batch in batches:
        for row in batch.to_pylist():
            piece = Piece(
                source=row["source"],
                path=row["path"],
                start=row["start"],
                stop=row["stop"],
                error=row["error"],
                size=row["size"],
            )
            games, plies = analyse_piece(piece, plies=both, **options)
            yield from _output(games, plies, both)


def _analyse_file_rows(batches: Iterator[Any], options: Dict[str, Any], both: bool) -> Iterator[Any]:
    for batch in batches:
        for name, content in zip(batch.column("path"), batch.column("content")):
            whole = Piece(source=name.as_py(), path=None, data=content.as_py())
            games, plies = analyse_piece(whole, plies=both, **options)
            yield from _output(games, plies, both)


def _decode_tables(batches: Iterator[Any]) -> Iterator[Any]:
    import pyarrow as pa

    for batch in batches:
        for stream in batch.column(0):
            yield from pa.ipc.open_stream(stream.as_buffer())


# The DataFrames.


def _frames(
    inputs: Any, task: Callable[..., Iterator[Any]], options: Dict[str, Any], both: bool
) -> Any:
    if not both:
        return inputs.mapInArrow(functools.partial(task, options=options, both=False), games_schema())
    from pyspark import StorageLevel

    shared = inputs.mapInArrow(functools.partial(task, options=options, both=True), _BOTH_DDL)
    shared = shared.persist(StorageLevel.MEMORY_AND_DISK)
    games = shared.select("games").mapInArrow(_decode_tables, games_schema())
    plies = shared.select("plies").mapInArrow(_decode_tables, plies_schema())
    _shared_by_frame[games] = shared
    _shared_by_frame[plies] = shared
    return games, plies


def _pieces_frame(spark: Any, partitions: List[List[Piece]]) -> Any:
    """One row per piece, the pieces of ``partitions[i]`` alone in partition ``i``: a range with one number
    per partition, joined to the (broadcast) pieces, which keeps the range's partitioning."""
    from pyspark.sql import functions as F

    rows: List[Tuple[Any, ...]] = []
    for number, part in enumerate(partitions):
        for piece in part:
            fields = (piece.source, piece.path, piece.start, piece.stop, piece.error, piece.size)
            rows.append((number, len(rows), *fields))
    pieces = spark.createDataFrame(rows, _PIECES_DDL)
    numbers = spark.range(0, len(partitions), 1, numPartitions=max(len(partitions), 1))
    joined = numbers.withColumnRenamed("id", "partition").join(F.broadcast(pieces), "partition")
    return joined.sortWithinPartitions("piece")


def _count_item(function: Callable[..., int], item: Tuple[Any, ...]) -> int:
    return function(*item)


def _counter(spark: Any) -> Callable[[Callable[..., int], List[Any]], List[int]]:
    """Counts the games of the sources to cut in Spark tasks, one per source, on the executors."""

    def count(function: Callable[..., int], items: List[Any]) -> List[int]:
        tasks = spark.sparkContext.parallelize(items, len(items))
        return list(tasks.map(functools.partial(_count_item, function)).collect())

    return count


def analyse(
    spark: Any,
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    plies: bool = False,
    classify: bool = False,
    fen: bool = False,
    variations: bool = False,
    rules: str = "cxa",
    partition_size: int = DEFAULT_PARTITION_SIZE,
) -> Any:
    """The games of ``paths`` (record files, directories read recursively, glob patterns) as a Spark
    DataFrame with one row per game (schema :func:`games_schema`), or ``(games, plies)`` with ``plies=True``
    or ``classify=True`` (``classify``, ``fen``, ``variations`` and ``rules`` as for :func:`xiangqi.analyse`).

    The sources are listed now, on the driver; a source of more than ``partition_size`` bytes has its games
    counted in a Spark job (where each game ends is read, not the moves) and is cut into ranges of games.
    The analysis runs in the tasks when the DataFrames are computed, one task per partition of about
    ``partition_size`` bytes of records. Every source gives at least one row, as with
    :func:`xiangqi.analyse`: a missing file or a glob that matches nothing is an error row, not a failed job.

    With ``plies=True`` every piece is analysed once: one ``mapInArrow`` writes the games and plies of each
    piece as a row of two compressed Arrow streams, that DataFrame is persisted (``MEMORY_AND_DISK``), and
    the two returned DataFrames decode it. The first action on either fills the cache with both tables;
    :func:`release` (or ``spark.catalog.clearCache()``) frees it once both have been used.
    """
    partitions = group(plan(paths, partition_size=partition_size, count=_counter(spark)), partition_size)
    options = analysis_options(classify, fen, variations, rules)
    return _frames(_pieces_frame(spark, partitions), _analyse_piece_rows, options, plies or classify)


def analyse_binary(
    files: Any,
    *,
    plies: bool = False,
    classify: bool = False,
    fen: bool = False,
    variations: bool = False,
    rules: str = "cxa",
) -> Any:
    """:func:`analyse` over a DataFrame of whole files, with the columns ``path`` and ``content`` of
    ``spark.read.format("binaryFile").load(...)``: each file is analysed in memory with its ``path`` value
    (``file:/...``, ``hdfs://...``) as the source name, so its rows are those of
    ``xiangqi.analyse(source={path: content})``. For files on any file system Spark reads.

    A file is analysed whole in one task, where it sits in ``files``'s partitions; give the reader a
    ``pathGlobFilter`` such as ``"*.{pgn,PGN,xqf,XQF}"`` to skip other files (every file read is a source,
    and a file that is no record gives an error row), and ``repartition`` ``files`` to spread many large
    files. ``plies=True`` analyses each file once, as in :func:`analyse`.
    """
    options = analysis_options(classify, fen, variations, rules)
    return _frames(files.select("path", "content"), _analyse_file_rows, options, plies or classify)


def release(*frames: Any) -> None:
    """Frees the cached analysis behind DataFrames returned by :func:`analyse` or :func:`analyse_binary`
    with ``plies=True`` (either of the two is enough); others are left alone."""
    for frame in frames:
        shared = _shared_by_frame.pop(frame, None)
        if shared is not None:
            shared.unpersist()
